// The real upstream documents (v2, OpenAPI 3.1; v1, OpenAPI 3.0.3): generate succeeds, the
// output type-checks under --strict, and every request and response example in the document
// is judged by the generated validator, by the `lint --spec` path, and by the CLI itself.

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import type { ApiModel } from "../../schema-model/model.js";
import { generate, loadModel } from "../../generators/pipeline.js";
import type { Engine } from "../../engine/evaluate.js";
import type { CheckResult } from "../../engine/types.js";
import { lintSource } from "../../lint/lint.js";
import { cli, compileOutput, haveShared, reportSharedAbsent, scratch, typeCheck, upstreamV1, upstreamV2, writeFiles } from "../fixtures/conformance/support.js";

reportSharedAbsent("upstream conformance (test/conformance/upstream.test.ts)");

interface Example {
  op: string;
  /** "request" or a response status. */
  target: string;
  name: string;
  value: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Examples on a body's schema itself (3.0 `example`, 3.1 `examples`), read from the raw document:
 * normalization keeps only media-level examples in the model. Property-level examples are not
 * bodies of an operation and are left out.
 */
function schemaExamples(doc: Obj, model: ApiModel): Example[] {
  const resolve = (node: unknown): unknown => {
    for (let i = 0; i < 20 && isObj(node) && typeof node.$ref === "string"; i++) {
      node = node.$ref
        .slice(2)
        .split("/")
        .reduce<unknown>((parent, k) => (isObj(parent) ? parent[k.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined), doc);
    }
    return node;
  };
  const out: Example[] = [];
  const collect = (op: string, target: string, content: unknown) => {
    if (!isObj(content)) return;
    for (const media of Object.values(content)) {
      const schema = isObj(media) ? resolve(media.schema) : undefined;
      if (!isObj(schema)) continue;
      if (schema.example !== undefined) out.push({ op, target, name: "schema.example", value: schema.example });
      if (Array.isArray(schema.examples)) for (const [i, value] of schema.examples.entries()) out.push({ op, target, name: `schema.examples.${i}`, value });
    }
  };
  for (const op of model.operations) {
    const raw = resolve((doc.paths as Obj)[op.path ?? ""]);
    const operation = isObj(raw) ? raw[(op.method ?? "").toLowerCase()] : undefined;
    if (!isObj(operation)) continue;
    const body = resolve(operation.requestBody);
    if (isObj(body)) collect(op.id, "request", body.content);
    for (const [status, response] of Object.entries(isObj(operation.responses) ? operation.responses : {})) {
      const resolved = resolve(response);
      if (isObj(resolved)) collect(op.id, status, resolved.content);
    }
  }
  return out;
}

function examplesOf(model: ApiModel): Example[] {
  const out: Example[] = [];
  for (const op of model.operations) {
    for (const [name, value] of Object.entries(op.request?.examples ?? {})) out.push({ op: op.id, target: "request", name, value });
    for (const response of op.responses)
      for (const [name, value] of Object.entries(response.examples)) out.push({ op: op.id, target: response.status, name, value });
  }
  return out;
}

/**
 * The upstream v2 document's `QueueBasedRequestUrls` declares `format: uri` for `status`,
 * `stream`, `cancel` and `retry`, whose own examples end in a literal `{job_id}`. Normalization
 * widens a format that the schema's own examples contradict (generators/normalize/normalize-format.ts), so
 * every example, request and response, lints clean; the widening is reported as a warning.
 */
const WIDENED_BY_EXAMPLES = ["cancel", "retry", "status", "stream"].map((k) => `/components/schemas/QueueBasedRequestUrls/properties/${k}/format`);

interface Output {
  check(op: string, body: unknown): CheckResult;
  checkResponse(op: string, status: string, body: unknown): CheckResult;
}

for (const [label, spec, minimum] of [
  ["v2 (OpenAPI 3.1)", upstreamV2, 200],
  ["v1 (OpenAPI 3.0.3)", upstreamV1, 1],
] as const) {
  describe.skipIf(!haveShared)(`upstream ${label}`, () => {
    let model: ApiModel;
    let engine: Engine;
    let output: Output;
    let examples: Example[];

    beforeAll(async () => {
      model = await loadModel({ spec });
      engine = await loadEngine({ spec });
      examples = [...examplesOf(model), ...schemaExamples(JSON.parse(readFileSync(spec, "utf8")) as Obj, model)];
      const { files } = await generate({ spec });
      const dir = scratch("upstream");
      writeFiles(dir, files);
      typeCheck(dir);
      output = (await import(pathToFileURL(compileOutput(dir)).href)) as Output;
    });

    it("widens exactly the formats the document's own examples contradict, with a warning naming each", () => {
      const widened = model.diagnostics.filter((diagnostic) => diagnostic.code === "format-contradicted-by-example").map((diagnostic) => diagnostic.pointer);
      expect(widened.sort()).toEqual(spec === upstreamV2 ? WIDENED_BY_EXAMPLES : []);
    });

    it("generates output that type-checks with tsc --strict and runs", () => {
      // beforeAll type-checked and compiled it; the compiled engine knows every operation.
      expect(model.operations.length).toBeGreaterThan(10);
      expect(output.check).toBeTypeOf("function");
    });

    it("judges every request and response example with the generated validators and the lint --spec path", () => {
      const failures: string[] = [];
      for (const ex of examples) {
        const key = `${ex.op} ${ex.target} ${ex.name}`;
        const generated = ex.target === "request" ? output.check(ex.op, ex.value) : output.checkResponse(ex.op, ex.target, ex.value);
        const linted = lintSource(JSON.stringify(ex.value), { operation: ex.op, engine, ...(ex.target === "request" ? {} : { response: ex.target }) }).result;
        expect(linted.ok, key).toBe(generated.ok);
        expect(linted.violations, key).toEqual(generated.violations);
        if (ex.target !== "request") expect(linted.warnings, `${key}: every example has a declared body`).toEqual([]);
        if (!generated.ok) failures.push(`${key}: ${JSON.stringify(generated.violations)}`);
      }
      expect(failures).toEqual([]);
      console.log(
        `${label}: ${examples.length} examples checked (${examples.filter((example) => example.target === "request").length} request, ${examples.filter((example) => example.target !== "request").length} response), ${examples.length - failures.length} valid`,
      );
      expect(examples.length).toBeGreaterThanOrEqual(minimum);
    });
  });
}

describe.skipIf(!haveShared)("v2kit lint --spec (the CLI) on upstream examples", () => {
  it("lints the createEndpoint request and response examples clean (job URLs are URI templates)", async () => {
    const model = await loadModel({ spec: upstreamV2 });
    const dir = scratch("upstream-lint");
    const requests = examplesOf(model).filter((example) => example.op === "createEndpoint" && example.target === "request");
    expect(requests.length).toBeGreaterThanOrEqual(2);
    const file = path.join(dir, "requests.ndjson");
    writeFileSync(file, `${requests.map((example) => JSON.stringify(example.value)).join("\n")}\n`);
    const out = execFileSync(process.execPath, [cli, "lint", "--spec", upstreamV2, "--operation", "createEndpoint", "--format", "json", "--ndjson", file], {
      encoding: "utf8",
    });
    const lines = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { ok: boolean });
    expect(lines.map((line) => line.ok)).toEqual(requests.map(() => true));

    const created = examplesOf(model).find((example) => example.op === "createEndpoint" && example.target === "201" && example.name === "endpoint");
    const body = path.join(dir, "created.json");
    writeFileSync(body, JSON.stringify(created?.value));
    const verdict = JSON.parse(
      execFileSync(process.execPath, [cli, "lint", "--spec", upstreamV2, "--operation", "createEndpoint", "--response", "201", "--format", "json", body], {
        encoding: "utf8",
      }),
    ) as { ok: boolean };
    expect(verdict.ok).toBe(true);
    // A job URL that is neither a URI nor a URI template is still rejected.
    const broken = structuredClone(created?.value) as { requestUrls: Record<string, string> };
    broken.requestUrls.status = "https://api.example/v2/x/status/{job id}";
    writeFileSync(body, JSON.stringify(broken));
    let status = 0;
    let stdout = "";
    try {
      execFileSync(process.execPath, [cli, "lint", "--spec", upstreamV2, "--operation", "createEndpoint", "--response", "201", "--format", "json", body], {
        encoding: "utf8",
      });
    } catch (error) {
      ({ status, stdout } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    expect(stdout).toContain("/requestUrls/status");
  });
});
