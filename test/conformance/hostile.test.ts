// Hostile input is data, never code. A spec whose names, descriptions, enums, patterns, examples
// and operationIds hold comment closers, quotes, backticks, `${`, line separators, `__proto__`,
// reserved words, colliding and very long names: the output type-checks, compiles, and running
// it (import, check(), every validator) never calls the canary the spec tries to call.
// Plus a fast-check property over random names (fixed seed, few runs).

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { generate } from "../../generators/pipeline.js";
import { evaluate } from "../../engine/evaluate.js";
import { compileOutput, fixtures, scratch, writeFiles } from "../fixtures/conformance/support.js";

const CANARY = "globalThis.__v2kitCanary()";
const HOSTILE = [
  `"; ${CANARY}; "`,
  `'; ${CANARY}; '`,
  `*/ ${CANARY} /*`,
  `\${${CANARY}}`,
  `\`; ${CANARY}; \``,
  `\u2028${CANARY}`,
  `\n${CANARY}; //`,
  `\\"); ${CANARY}; //`,
  "__proto__",
  "constructor",
  "toString",
  "class",
];

/** Runs in a child Node process: set the canary, import the compiled output, exercise it. */
const DRIVER = `
const fired = [];
globalThis.__v2kitCanary = () => fired.push(new Error("canary").stack);
const index = await import(process.argv[2]);
const validators = [];
for (const file of JSON.parse(process.argv[3])) {
  const module = await import(file);
  validators.push(...(module.request ? [module.request] : []), ...Object.values(module.responses ?? {}));
}
const bodies = [{}, null, "x", 1, [], { "__proto__": { "polluted": true } }, { "a-b": "a-b", "constructor": {}, "toString": "x" }, JSON.parse(process.argv[4])];
let checks = 0, valid = 0;
for (const op of index.operationIds) {
  for (const body of bodies) { if (index.check(op, body).ok) valid++; checks++; }
  for (const status of ["200", "500"]) for (const body of bodies) { index.checkResponse(op, status, body); checks++; }
}
for (const validate of validators) for (const body of bodies) { validate(body); checks++; }
process.stdout.write(JSON.stringify({ fired, checks, valid, operations: index.operationIds.length, polluted: ({}).polluted ?? null }));
`;

describe("a hostile spec", () => {
  it("generates output that type-checks and compiles, and running it never executes spec text", async () => {
    const spec = path.join(fixtures, "hostile.openapi.json");
    const { files, diagnostics } = await generate({ spec });
    // Two patterns are not regular expressions at all: dropped with a warning, not a crash.
    expect(diagnostics.filter((diagnostic) => diagnostic.code === "pattern-invalid")).toHaveLength(2);
    const dir = scratch("hostile");
    writeFiles(dir, files);
    const index = compileOutput(dir); // type-checks under --strict as it compiles
    const driver = path.join(dir, "driver.mjs");
    writeFileSync(driver, DRIVER);
    const valid = JSON.stringify({ "a b": "a b" });
    const child = spawnSync(
      process.execPath,
      [
        driver,
        pathToFileURL(index).href,
        JSON.stringify(readdirSync(path.join(dir, "js/validators")).map((fileName) => pathToFileURL(path.join(dir, "js/validators", fileName)).href)),
        valid,
      ],
      {
        encoding: "utf8",
      },
    );
    expect(child.stderr).toBe("");
    const result = JSON.parse(child.stdout) as { fired: string[]; checks: number; valid: number; operations: number; polluted: unknown };
    expect(result.fired).toEqual([]);
    expect(result.polluted).toBeNull();
    expect(result.operations).toBe(11);
    expect(result.checks).toBeGreaterThan(150);
    // Bodies did pass (the validators ran, not just threw): `{}` and the valid body, per operation.
    expect(result.valid).toBeGreaterThanOrEqual(11);
    // Spec text appears in comments only with `*/` broken.
    for (const [name, content] of files) {
      if (!/\.(ts|js)$/.test(name)) continue;
      for (const comment of content.match(/\/\*[\s\S]*?\*\//g) ?? []) expect(comment.includes(CANARY) && /\*\/\s*globalThis/.test(comment), name).toBe(false);
    }
  });

  it("treats properties named like Object.prototype members as absent until set", async () => {
    const engine = await loadEngine({ spec: path.join(fixtures, "hostile.openapi.json") });
    // `constructor` and `toString` are declared properties (Hostile: strings; the `constructor`
    // schema, used by operation "a_b": an object); {} must not see Object.prototype's members.
    expect(evaluate(engine, "a-b", {}, {}).violations).toEqual([]);
    expect(evaluate(engine, "a_b", {}, {}).violations).toEqual([]);
    expect(evaluate(engine, "a_b", { constructor: { "a b": "a b" } }, {}).violations).toEqual([]);
    expect(evaluate(engine, "a_b", { constructor: "x" }, {}).ok).toBe(false);
    expect(evaluate(engine, "a-b", { toString: 1 }, {}).ok).toBe(false);
  });
});

describe("random names (fast-check)", () => {
  const name = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: "binary", minLength: 1, maxLength: 24 }));
  const schemaName = fc.oneof(fc.constantFrom("__proto__", "constructor", "class", "A-B", "A_B", "a.b"), fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/));

  it("every generated file parses, and the validators accept the enum value and reject others", async () => {
    const dir = scratch("property");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(schemaName, { minLength: 1, maxLength: 3 }),
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
        name,
        async (schemas, properties, enumValues, operationId) => {
          const prop = properties[0] as string;
          const components = Object.fromEntries(
            schemas.map((schema) => [
              schema,
              {
                type: "object",
                description: operationId,
                properties: Object.fromEntries(properties.map((property) => [property, { type: "string", enum: enumValues, description: property }])),
              },
            ]),
          );
          const first = schemas[0] as string;
          const doc = {
            openapi: "3.1.0",
            info: { title: operationId, version: "1" },
            paths: {
              "/x": {
                post: {
                  operationId,
                  summary: prop,
                  requestBody: { content: { "application/json": { schema: { $ref: `#/components/schemas/${first}` } } } },
                  responses: { "204": { description: operationId } },
                },
              },
            },
            components: { schemas: components },
          };
          const file = path.join(dir, String(run++), "random.json");
          mkdirSync(path.dirname(file));
          writeFileSync(file, JSON.stringify(doc));
          const { files } = await generate({ spec: file });
          for (const [fileName, content] of files) {
            if (!/\.(ts|js)$/.test(fileName)) continue;
            const out = ts.transpileModule(content, {
              reportDiagnostics: true,
              fileName: `${fileName.replace(/\./g, "_")}.ts`,
              compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
            });
            expect(
              out.diagnostics?.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")),
              fileName,
            ).toEqual([]);
          }
          const engine = await loadEngine({ spec: file });
          const id = [...engine.operations.keys()][0] as string;
          const good = Object.defineProperty({}, prop, { value: enumValues[0], enumerable: true });
          const bad = Object.defineProperty({}, prop, { value: `${enumValues[0]}\u0000not-in-enum`, enumerable: true });
          expect(evaluate(engine, id, good, {}).violations).toEqual([]);
          expect(evaluate(engine, id, bad, {}).ok).toBe(false);
        },
      ),
      { seed: 20261122, numRuns: Number(process.env.V2KIT_RUNS ?? 6) },
    );
  });
});
