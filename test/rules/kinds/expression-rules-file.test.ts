// The CEL escape hatch: expression rules carry pass/fail examples that are checked on load, and
// the compiled engine (generated, type-checked, imported) agrees with the interpreter.

import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../../generators/engine-on-the-fly.js";
import { generate } from "../../../generators/pipeline.js";
import { parseRules } from "../../../rules/load.js";
import { RulesFileError } from "../../../rules/errors.js";
import { evaluate, type Engine } from "../../../engine/evaluate.js";
import { compileOutput, scratch, writeFiles } from "../../fixtures/conformance/support.js";

const fixture = path.resolve(import.meta.dirname, "../../fixtures/rules/expression.rules.yaml");
const text = readFileSync(fixture, "utf8");

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
    const out = scratch("cel");
    writeFiles(out, (await generate({ rules: fixture })).files);
    const index = compileOutput(out); // type-checks under --strict as it compiles
    const compiled = (await import(pathToFileURL(index).href)) as { engine: Engine };
    const bodies = [
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: 1, max: 1 } },
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: 3, max: 2 } },
      { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] }, workers: { min: "3", max: 2 } },
    ];
    const verdicts = bodies.map((b) => evaluate(compiled.engine, "createEndpoint", b, {}));
    expect(verdicts.map((verdict) => verdict.violations.map((x) => x.rule))).toEqual([[], ["workers-min-not-above-max"], ["schema/type"]]);
    expect(verdicts[2]?.warnings.map((warning) => warning.rule)).toEqual(["workers-min-not-above-max"]);
    for (const b of bodies) expect(evaluate(compiled.engine, "createEndpoint", b, {})).toEqual(evaluate(interpreted, "createEndpoint", b, {}));
  }, 120_000);
});
