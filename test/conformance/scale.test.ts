// Cyclic $refs and a 10,000-schema document: handled, with time and memory reported, not crashed.

import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { generate } from "../../generators/pipeline.js";
import { evaluate, evaluateResponse } from "../../engine/evaluate.js";
import type { CheckResult } from "../../engine/types.js";
import { compileOutput, fixtures, scratch, writeFiles } from "../fixtures/conformance/support.js";

/** A tree of any depth: A → b → B → a → A … */
function deep(depth: number): unknown {
  let body: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) body = i % 2 === 0 ? { self: body } : { b: { a: body } };
  return body;
}

describe("cyclic $refs", () => {
  const spec = path.join(fixtures, "cyclic-refs.yaml");

  it("generate reports the cycles it cannot keep, and the output type-checks", async () => {
    const { files, diagnostics } = await generate({ spec });
    expect(diagnostics.filter((diagnostic) => diagnostic.code === "ref-cycle-in-place").map((diagnostic) => diagnostic.pointer)).toEqual([
      "/components/schemas/D",
    ]);
    expect(diagnostics.some((diagnostic) => diagnostic.code === "ref-cycle")).toBe(true);
    const dir = scratch("cycles");
    writeFiles(dir, files);
    const output = (await import(pathToFileURL(compileOutput(dir)).href)) as { check(op: string, body: unknown): CheckResult };
    expect(output.check("mutual", deep(200)).ok).toBe(true);
    expect(output.check("inPlaceCycle", { c: 1 }).ok).toBe(true);
    expect(output.check("inPlaceCycle", {}).ok).toBe(false);
  });

  it("validators recurse through properties and never forever in place", async () => {
    const engine = await loadEngine({ spec });
    expect(evaluate(engine, "mutual", deep(500), {}).ok).toBe(true);
    expect(evaluate(engine, "mutual", { b: { a: { self: { b: null } } } }, {}).ok).toBe(true);
    expect(evaluate(engine, "mutual", { b: { a: { self: { extra: 1 } } } }, {}).ok).toBe(false);
    expect(evaluateResponse(engine, "mutual", "200", null).ok).toBe(true);
    expect(evaluate(engine, "inPlaceCycle", { c: 1 }, {}).ok).toBe(true);
    expect(evaluate(engine, "inPlaceCycle", {}, {}).ok).toBe(false);
    expect(evaluate(engine, "nonComponentCycle", { child: { child: { anything: 1 } } }, {}).ok).toBe(true);
  });
});

describe("a document with 10,000 schemas", () => {
  it("generates, and its validators work, within the time budget", async () => {
    const count = 10_000;
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      schemas[`S${i}`] = {
        type: "object",
        required: ["id"],
        additionalProperties: false,
        properties: {
          id: { type: "string", maxLength: 64 },
          n: { type: "integer", minimum: 0 },
          parent: { $ref: `#/components/schemas/S${Math.floor(i / 2)}` },
        },
      };
    }
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < count; i += 100) {
      const schema = { $ref: `#/components/schemas/S${i}` };
      paths[`/s${i}`] = {
        post: {
          operationId: `op${i}`,
          requestBody: { content: { "application/json": { schema } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
        },
      };
    }
    const file = path.join(scratch("scale"), "big.json");
    writeFileSync(file, JSON.stringify({ openapi: "3.1.0", info: { title: "big", version: "1" }, paths, components: { schemas } }));

    const rss = process.memoryUsage().rss;
    let start = performance.now();
    const { files } = await generate({ spec: file });
    const generateMs = performance.now() - start;
    expect(files.get("types.mts")).toContain("export type S9999 =");
    start = performance.now();
    const engine = await loadEngine({ spec: file });
    const engineMs = performance.now() - start;
    expect(evaluate(engine, "op9900", { id: "x", parent: { id: "y", parent: { id: "z" } } }, {}).ok).toBe(true);
    expect(evaluate(engine, "op9900", { id: "x", parent: { id: "y", n: -1 } }, {}).ok).toBe(false);
    const mb = (process.memoryUsage().rss - rss) / 2 ** 20;
    console.log(
      `10,000 schemas (${(JSON.stringify(schemas).length / 2 ** 20).toFixed(1)} MB of schemas): generate ${generateMs.toFixed(0)} ms, run-time engine ${engineMs.toFixed(0)} ms, RSS +${mb.toFixed(0)} MB`,
    );
  });
});
