// The CEL escape hatch: expression rules carry pass/fail examples that are checked on load, and
// the compiled engine (generated, type-checked, imported) agrees with the interpreter.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../generators/engine-on-the-fly.js";
import { generate } from "../generators/pipeline.js";
import { parseRules, RulesFileError } from "../rules/load.js";
import { evaluate, type Engine } from "../rules/runtime/evaluate.js";

const fixture = path.resolve(import.meta.dirname, "fixtures/rules/expression.rules.yaml");
const text = readFileSync(fixture, "utf8");
const repo = path.resolve(import.meta.dirname, "..");

describe("expression rules", () => {
  it("reject a rules file whose example does not behave, naming the example's line", () => {
    const broken = text.replace("workers: { min: 5, max: 2 }", "workers: { min: 1, max: 2 }");
    expect(() => parseRules(broken, "x.yaml")).toThrow(RulesFileError);
    expect(() => parseRules(broken, "x.yaml")).toThrow(/x\.yaml:2\d:\d+: \/rules\/0\/examples\/fail\/0 .*must make the expression false/);
  });

  it("reject an expression that does not parse", () => {
    expect(() => parseRules(text.replace("body.workers.min <= body.workers.max", "body.workers.min <=< 2"), "x.yaml")).toThrow(/is not a CEL expression/);
  });

  it("compile to the same verdicts as the interpreter, in generated and type-checked output", async () => {
    const interpreted = await loadEngine({ rules: fixture });
    const out = mkdtempSync(path.join(tmpdir(), "v2kit-cel-"));
    const { files } = await generate({ rules: fixture });
    for (const [file, content] of files) {
      const target = path.join(out, file);
      execFileSync("mkdir", ["-p", path.dirname(target)]);
      writeFileSync(target, content);
    }
    writeFileSync(
      path.join(out, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          skipLibCheck: true,
          allowJs: true,
          outDir: "js",
          types: ["node"],
          typeRoots: [path.join(repo, "node_modules/@types")],
        },
        include: ["*.ts", "runtime/*.ts", "validators.js", "response-validators.js"],
      }),
    );
    writeFileSync(path.join(out, "package.json"), JSON.stringify({ type: "module" }));
    execFileSync("ln", ["-s", path.join(repo, "node_modules"), path.join(out, "node_modules")]);
    execFileSync(path.join(repo, "node_modules/.bin/tsc"), ["-p", path.join(out, "tsconfig.json")], { stdio: "pipe" });
    const compiled = (await import(pathToFileURL(path.join(out, "js/rules.js")).href)) as { engine: Engine };
    const bodies = [
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: 1, max: 1 } },
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: 3, max: 2 } },
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: "3", max: 2 } },
    ];
    const verdicts = bodies.map((b) => evaluate(compiled.engine, "createEndpoint", b, {}));
    expect(verdicts.map((v) => v.violations.map((x) => x.rule))).toEqual([[], ["workers-min-not-above-max"], ["schema/type"]]);
    expect(verdicts[2]?.warnings.map((w) => w.rule)).toEqual(["workers-min-not-above-max"]);
    for (const b of bodies) expect(evaluate(compiled.engine, "createEndpoint", b, {})).toEqual(evaluate(interpreted, "createEndpoint", b, {}));
  }, 120_000);
});
