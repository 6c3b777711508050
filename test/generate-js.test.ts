// `generate --js` (issue 27): the output runs under plain `node` with no TypeScript anywhere, and
// its declarations (.d.mts) say what the TypeScript output (.mts) says: checked with tsc, type
// for type, against the committed output/ generated from the same inputs.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lint } from "../lint/index.js";

const repo = path.resolve(import.meta.dirname, "..");
const cli = path.join(repo, "dist/cli/v2kit.js");
const tsc = path.join(repo, "node_modules/.bin/tsc");
/** The package's engine, which generate copies into a consumer's runtime/. */
const engine = path.join(repo, "engine");

let work: string;
let js: string;

const run = (cmd: string, args: string[], cwd = work) => spawnSync(cmd, args, { cwd, encoding: "utf8" });

/** Every file under `dir`, relative, sorted. */
function walk(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)]))
    .sort();
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "v2kit-js-"));
  js = path.join(work, "js");
  const result = run(process.execPath, [cli, "generate", "--js", "--quiet", "--out", js]);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  writeFileSync(path.join(work, "package.json"), JSON.stringify({ type: "module", private: true }));
  // The generated property tests import vitest, fast-check and v2kit/testing (development only).
  symlinkSync(path.join(repo, "node_modules"), path.join(work, "node_modules"));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("generate --js", () => {
  it("writes .mjs with .d.mts beside each, no .mts, and the same modules as the TypeScript output", () => {
    const files = walk(js);
    expect(files.filter((file) => file.endsWith(".mts") && !file.endsWith(".d.mts"))).toEqual([]);
    // This package's own output imports the engine instead of a runtime/ copy: the engine's modules stand for it.
    const modules = [...walk(path.join(repo, "output")), ...walk(engine).map((file) => `runtime/${file}`)]
      .filter((file) => file.endsWith(".mts") || (file.startsWith("runtime/") && file.endsWith(".ts")))
      .map((file) => file.replace(/\.m?ts$/, ""));
    for (const moduleName of modules) {
      expect(files).toContain(`${moduleName}.mjs`);
      expect(files).toContain(`${moduleName}.d.mts`);
    }
  });

  it("runs under plain node: every module loads; check() and a one-operation check() give the verdicts", () => {
    const body = readFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), "utf8");
    const modules = walk(js).filter((file) => file.endsWith(".mjs") && !file.startsWith("tests/"));
    writeFileSync(
      path.join(work, "main.mjs"),
      [
        `for (const m of ${JSON.stringify(modules)}) await import("./js/" + m);`,
        'const { check, checkResponse, operationIds, routes } = await import("./js/index.mjs");',
        'const one = await import("./js/operations/createEndpoint.mjs");',
        `const body = ${body};`,
        // Both gpu and cpu: schema-valid, refused by the rule gpu-cpu-exactly-one (400).
        "const bad = { ...body, cpu: [{ flavor: 'cpu3c', count: 1 }] };",
        "console.log(JSON.stringify([operationIds.includes('createEndpoint'), routes.length > 0, check('createEndpoint', body).ok, check('createEndpoint', bad).problem?.status, one.check(bad).problem?.status, checkResponse('createEndpoint', '201', {}).ok]));",
      ].join("\n"),
    );
    const result = run(process.execPath, ["main.mjs"]);
    expect(result.stderr).toBe("");
    const bad = { ...(JSON.parse(body) as object), cpu: [{ flavor: "cpu3c", count: 1 }] };
    const want = lint(bad, { operation: "createEndpoint" }).problem?.status;
    expect(want).toBeDefined();
    expect(JSON.parse(result.stdout)).toEqual([true, true, true, want, want, false]);
  });

  it("its declarations match the TypeScript output: identical types for the laid-out modules, the same exports everywhere", () => {
    const ts = path.join(repo, "output");
    const lines = ["type Eq<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;"];
    const modules = walk(js)
      .filter((file) => file.endsWith(".d.mts") && file !== "types.d.mts")
      .map((file) => file.slice(0, -6));
    modules.forEach((moduleName, i) => {
      // The runtime/ copy's modules against the engine they are copied from (this package's output has none).
      const typed = moduleName.startsWith("runtime/") ? path.join(engine, `${moduleName.slice("runtime/".length)}.js`) : `${ts}/${moduleName}.mjs`;
      lines.push(`import type * as T${i} from ${JSON.stringify(typed)};`, `import type * as J${i} from "./js/${moduleName}.mjs";`);
      lines.push(`export const names${i}: Eq<keyof typeof T${i}, keyof typeof J${i}> = true; // ${moduleName}`);
      if (moduleName.startsWith("validators/")) {
        // Ajv's own exports are typed by their code in the .mts; declared as what they are used as.
        lines.push(`export const validators${i}: Record<string, J${i}.ValidateFunction | Record<string, J${i}.ValidateFunction>> = {} as typeof T${i};`);
        lines.push(
          `export const exported${i}: Eq<Pick<typeof T${i}, keyof typeof T${i} & ("request" | "responses")>, Pick<typeof J${i}, keyof typeof J${i} & ("request" | "responses")>> = true;`,
        );
      } else if (!moduleName.startsWith("runtime/")) {
        // The runtime's declarations are tsc's own, compiled from the same source (dist/engine).
        lines.push(`export const types${i}: Eq<typeof T${i}, typeof J${i}> = true;`);
      }
    });
    // types.d.mts is types.mts, byte for byte.
    expect(readFileSync(path.join(js, "types.d.mts"), "utf8")).toBe(readFileSync(path.join(ts, "types.mts"), "utf8"));
    writeFileSync(path.join(work, "eq.mts"), `${lines.join("\n")}\n`);
    writeFileSync(
      path.join(work, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ["eq.mts"],
      }),
    );
    const result = run(tsc, ["-p", "."]);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(0);
  }, 120_000);

  it("types a JavaScript consumer in the editor (tsc --checkJs): a right call passes, a wrong one is an error", () => {
    writeFileSync(
      path.join(work, "use.mjs"),
      [
        'import { check } from "./js/index.mjs";',
        "/** @type {import('./js/index.mjs').CreateEndpointRequest} */",
        `const body = ${readFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), "utf8")};`,
        'export const ok = check("createEndpoint", body).ok;',
      ].join("\n"),
    );
    writeFileSync(path.join(work, "wrong.mjs"), ['import { check } from "./js/index.mjs";', "export const ok = check(1, {}).ok;"].join("\n"));
    const config = (file: string) =>
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          allowJs: true,
          checkJs: true,
          noEmit: true,
          strict: true,
          skipLibCheck: true,
          types: [],
        },
        files: [file],
      });
    writeFileSync(path.join(work, "tsconfig.json"), config("use.mjs"));
    expect(run(tsc, ["-p", "."]).stdout).toBe("");
    writeFileSync(path.join(work, "tsconfig.json"), config("wrong.mjs"));
    expect(run(tsc, ["-p", "."]).stdout).toMatch(
      /wrong\.mjs\(2,\d+\): error TS2345: Argument of type 'number' is not assignable to parameter of type 'string'/,
    );
  }, 120_000);

  it("is byte-identical run to run, and --check --js accepts it", () => {
    const again = path.join(work, "again");
    expect(run(process.execPath, [cli, "generate", "--js", "--quiet", "--out", again]).status).toBe(0);
    for (const file of walk(js)) expect(readFileSync(path.join(again, file), "utf8"), file).toBe(readFileSync(path.join(js, file), "utf8"));
    const check = run(process.execPath, [cli, "generate", "--js", "--check", "--out", js]);
    expect(check.stdout).toMatch(/is current/);
    expect(check.status).toBe(0);
    // The TypeScript layout is not the JavaScript one: --check without --js says the folder differs.
    expect(run(process.execPath, [cli, "generate", "--check", "--out", js]).status).toBe(1);
  }, 120_000);
});
