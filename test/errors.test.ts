// One error identity: every error v2kit throws is a V2kitError with a `name`, a stable `code` and
// a brand that `instanceof` reads (engine/errors.ts), so a program branches on what it caught
// whichever copy of v2kit threw it: the package entry, `v2kit/serve`, or the copy of the engine a
// consumer's generated output carries. Exercised as a consumer meets it: `import "v2kit"` in a
// node process (the built package, dist/).

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

/** Run an ES module in a node process from the repository (so `v2kit` resolves to this package) and parse what it prints. */
function runModule(source: string): unknown {
  const run = spawnSync(process.execPath, ["--input-type=module", "--eval", source], { cwd: repo, encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

/** What a caught error says of itself, as the script below prints it. */
const DESCRIBE = `
const describe = (error, classes) => ({
  name: error.name,
  code: error.code,
  is: Object.entries(classes).filter(([, type]) => error instanceof type).map(([name]) => name).sort(),
});
const caught = (call) => { try { call(); } catch (error) { return error; } throw new Error("nothing thrown"); };
const caughtAsync = async (call) => { try { await call(); } catch (error) { return error; } throw new Error("nothing thrown"); };
`;

describe("errors through the package entry", () => {
  it("check, checkResponse and lint of an unknown operation: UnknownOperationError, an EngineError, a V2kitError, code unknown-operation", () => {
    const result = runModule(`
import * as api from "v2kit";
${DESCRIBE}
const classes = { V2kitError: api.V2kitError, EngineError: api.EngineError, UnknownOperationError: api.UnknownOperationError, CelBudgetError: api.CelBudgetError, LintError: api.LintError, InputError: api.InputError, GenerateError: api.GenerateError, RulesError: api.RulesError };
console.log(JSON.stringify([
  caught(() => api.check("nope", {})),
  caught(() => api.checkResponse("nope", "200", {})),
  caught(() => api.lint("{}", { operation: "nope" })),
].map((error) => ({ ...describe(error, classes), operation: error.operation }))));
`);
    const expected = {
      name: "UnknownOperationError",
      code: "unknown-operation",
      is: ["EngineError", "UnknownOperationError", "V2kitError"],
      operation: "nope",
    };
    expect(result).toEqual([expected, expected, expected]);
  });

  it("serve's options: each unusable one is its own class and code, a V2kitError of the entry", { timeout: 120_000 }, () => {
    const dir = scratch("serve-errors");
    try {
      const notState = path.join(dir, "not-state.json");
      writeFileSync(notState, "{ not json");
      const rules = path.join(dir, "bad.rules.yaml");
      writeFileSync(rules, "version: 1\nrules: nope\n");
      const folder = path.join(dir, "a-folder");
      mkdirSync(folder);
      const lockedState = path.join(dir, "locked.json");
      const result = runModule(`
import * as api from "v2kit";
import * as serve from "v2kit/serve";
${DESCRIBE}
const classes = { V2kitError: api.V2kitError, EngineError: api.EngineError, InputError: api.InputError, GenerateError: api.GenerateError, SpecError: api.SpecError, RulesError: api.RulesError, RulesFileError: api.RulesFileError, ServeError: serve.ServeError, SnapshotError: serve.SnapshotError, StateLockedError: serve.StateLockedError, RateLimitSyntaxError: serve.RateLimitSyntaxError };
const first = await serve.createServer({ stateFile: ${JSON.stringify(lockedState)} });
const out = {
  stateFile: describe(await caughtAsync(() => serve.createServer({ stateFile: ${JSON.stringify(notState)} })), classes),
  stateFolder: describe(await caughtAsync(() => serve.createServer({ stateFile: ${JSON.stringify(folder)} })), classes),
  locked: describe(await caughtAsync(() => serve.createServer({ stateFile: ${JSON.stringify(lockedState)} })), classes),
  spec: describe(await caughtAsync(() => serve.createServer({ spec: ${JSON.stringify(path.join(dir, "missing.yaml"))} })), classes),
  rules: describe(await caughtAsync(() => serve.createServer({ rules: ${JSON.stringify(rules)} })), classes),
  rateLimit: describe(caught(() => serve.parseRateLimit("sixty a minute")), classes),
  url: describe(caught(() => first.url()), classes),
};
first.close();
console.log(JSON.stringify(out));
`);
      expect(result).toEqual({
        stateFile: { name: "SnapshotError", code: "invalid-state-file", is: ["ServeError", "SnapshotError", "V2kitError"] },
        stateFolder: { name: "InputError", code: "not-regular", is: ["InputError", "V2kitError"] },
        locked: { name: "StateLockedError", code: "state-locked", is: ["ServeError", "StateLockedError", "V2kitError"] },
        spec: { name: "SpecError", code: "spec-unreadable", is: ["GenerateError", "SpecError", "V2kitError"] },
        rules: { name: "RulesFileError", code: "invalid-rules-file", is: ["RulesError", "RulesFileError", "V2kitError"] },
        rateLimit: { name: "RateLimitSyntaxError", code: "invalid-rate-limit", is: ["RateLimitSyntaxError", "ServeError", "V2kitError"] },
        url: { name: "ServeError", code: "not-listening", is: ["ServeError", "V2kitError"] },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a consumer's subclass of V2kitError keeps its own name and prototype instanceof", () => {
    const result = runModule(`
import { V2kitError, EngineError } from "v2kit";
class QuotaError extends V2kitError { code = "quota"; }
const error = new QuotaError("over quota");
console.log(JSON.stringify([error.name, error.code, error instanceof QuotaError, error instanceof V2kitError, error instanceof EngineError, {} instanceof QuotaError]));
`);
    expect(result).toEqual(["QuotaError", "quota", true, true, false, false]);
  });
});

describe("a consumer's generated output: its own copy of the engine, the same brand", () => {
  const project = scratch("errors-consumer");
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("what the copy throws is instanceof the package's classes, and the other way round", { timeout: 120_000 }, () => {
    // Plain JavaScript (--js) so node runs it as it is; the copy's packages (ajv …) from this repository's node_modules.
    symlinkSync(path.join(repo, "node_modules"), path.join(project, "node_modules"), "dir");
    const generated = spawnSync(process.execPath, [cli, "generate", "--js", "--quiet", "--out", "generated"], { cwd: project, encoding: "utf8" });
    expect(generated.stderr).toBe("");
    expect(generated.status).toBe(0);
    const output = (name: string) => JSON.stringify(pathToFileURL(path.join(project, "generated", name)).href);
    const result = runModule(`
import * as api from "v2kit";
${DESCRIBE}
const copy = await import(${output("index.mjs")});
const runtime = await import(${output("runtime/index.mjs")});
const fromCopy = caught(() => copy.check("nope", {}));
const fromPackage = caught(() => api.check("nope", {}));
console.log(JSON.stringify({
  copyIsItsOwn: fromCopy.constructor === runtime.UnknownOperationError && runtime.UnknownOperationError !== api.UnknownOperationError,
  copy: describe(fromCopy, { V2kitError: api.V2kitError, EngineError: api.EngineError, UnknownOperationError: api.UnknownOperationError, LintError: api.LintError }),
  package: describe(fromPackage, { V2kitError: runtime.V2kitError, EngineError: runtime.EngineError, UnknownOperationError: runtime.UnknownOperationError, CelBudgetError: runtime.CelBudgetError }),
}));
`);
    expect(result).toEqual({
      copyIsItsOwn: true,
      copy: { name: "UnknownOperationError", code: "unknown-operation", is: ["EngineError", "UnknownOperationError", "V2kitError"] },
      package: { name: "UnknownOperationError", code: "unknown-operation", is: ["EngineError", "UnknownOperationError", "V2kitError"] },
    });
  });
});

describe("every error class of the source", () => {
  const FOLDERS = ["engine", "input", "rules", "lint", "schema-model", "migrate", "code", "serve", "live", "client", "testing", "generators", "cli"];

  /** Each class with an `extends` clause: its base, and the errorName it declares (a static string property). */
  const classes = FOLDERS.flatMap((folder) =>
    readdirSync(path.join(repo, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
      .flatMap((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
        const found: { file: string; name: string; base: string; errorName: string | undefined }[] = [];
        const visit = (node: ts.Node) => {
          if (ts.isClassDeclaration(node) && node.name !== undefined) {
            const base = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression.getText(source);
            const declared = node.members.find(
              (member): member is ts.PropertyDeclaration =>
                ts.isPropertyDeclaration(member) &&
                member.name.getText(source) === "errorName" &&
                (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0,
            );
            const errorName = declared?.initializer !== undefined && ts.isStringLiteral(declared.initializer) ? declared.initializer.text : undefined;
            if (base !== undefined) found.push({ file: path.relative(repo, file), name: node.name.text, base, errorName });
          }
          ts.forEachChild(node, visit);
        };
        visit(source);
        return found;
      }),
  );
  const byName = new Map(classes.map((errorClass) => [errorClass.name, errorClass]));
  const errors = classes.filter((errorClass) => {
    for (let type: string | undefined = errorClass.name; type !== undefined; type = byName.get(type)?.base)
      if (type === "Error" || type === "V2kitError") return true;
    return false;
  });

  it("only V2kitError extends Error; every other error class extends a layer's base below it", () => {
    expect(errors.length).toBeGreaterThan(15);
    expect(errors.filter((errorClass) => errorClass.base === "Error").map((errorClass) => `${errorClass.file}: ${errorClass.name}`)).toEqual([
      "engine/errors.ts: V2kitError",
    ]);
  });

  it("one base per layer, directly below V2kitError; every other error extends its own layer's base", () => {
    const layerOf = (file: string) => file.split(path.sep)[0] as string;
    const bases = errors.filter((errorClass) => errorClass.base === "V2kitError");
    expect(Object.fromEntries(bases.map((errorClass) => [layerOf(errorClass.file), errorClass.name]))).toEqual({
      engine: "EngineError",
      input: "InputError",
      rules: "RulesError",
      // Reading a document into the model and generating from it: with the model, so the package
      // entry exports them without loading generators/ (whose errors extend them).
      "schema-model": "GenerateError",
      lint: "LintError",
      migrate: "MigrateError",
      serve: "ServeError",
      live: "LiveError",
      client: "ContractError",
      cli: "CliError",
    });
    expect(bases).toHaveLength(10);
    const baseOf = new Map(bases.map((errorClass) => [layerOf(errorClass.file), errorClass.name]));
    baseOf.set("generators", "GenerateError");
    const strays = errors
      .filter((errorClass) => errorClass.base !== "Error" && errorClass.base !== "V2kitError")
      .filter((errorClass) => {
        let type: string | undefined = errorClass.base;
        while (type !== undefined && type !== baseOf.get(layerOf(errorClass.file))) type = byName.get(type)?.base;
        return type === undefined;
      });
    expect(strays.map((errorClass) => `${errorClass.file}: ${errorClass.name} extends ${errorClass.base}`)).toEqual([]);
  });

  it("each declares its own errorName, its class's name (the name and the brand a bundler's renaming cannot change)", () => {
    expect(
      errors
        .filter((errorClass) => errorClass.errorName !== errorClass.name)
        .map((errorClass) => `${errorClass.file}: ${errorClass.name} declares ${String(errorClass.errorName)}`),
    ).toEqual([]);
  });
});
