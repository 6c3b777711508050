// v2kit schema (issue 23, item 3), as a user runs it: every body's schema of the bundled and the
// published v2 document compiles under Ajv 2020 in strict mode and is self-contained; the
// command writes byte-identical files and an index, prints one schema, and refuses bad names
// with a suggestion. (Long: each run of the command reads the document with swagger-parser.)

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { beforeAll, describe, expect, test } from "vitest";
import { exportAll, exportSchema } from "../generators/emit/export-schema.js";
import type { ApiModel } from "../schema-model/model.js";
import { loadModel, loadRules } from "../generators/pipeline.js";
import type { RulesFile } from "../rules/types.js";
import { cli, haveShared, reportSharedAbsent, upstreamV2 } from "./fixtures/conformance/support.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Ajv 2020 as a user constructs it (strict by default); strictTypes notes are collected, not printed. */
function compile(schema: unknown) {
  const ajv = new Ajv2020({ allErrors: true, logger: { log: () => {}, warn: () => {}, error: () => {} } });
  addFormats(ajv);
  return ajv.compile(schema as object);
}

const schemaCli = (...args: string[]) => spawnSync(process.execPath, [cli, "schema", ...args], { encoding: "utf8" });

let model: ApiModel;
let rules: RulesFile;
beforeAll(async () => {
  model = await loadModel({});
  rules = loadRules();
});

describe("the bundled document", () => {
  test("every request and response schema compiles under Ajv 2020 (strict mode), self-contained", () => {
    const all = exportAll(model, rules);
    expect(all.length).toBeGreaterThan(model.operations.length);
    for (const exported of all) {
      const text = JSON.stringify(exported.schema);
      expect(text, exported.file).not.toContain("v2kit.local");
      expect(exported.schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(() => compile(exported.schema), exported.file).not.toThrow();
    }
  });
});

describe("the command", () => {
  test("--out writes one file per body and an index, byte-identical run to run", () => {
    const a = mkdtempSync(path.join(tmpdir(), "v2kit-schema-a-"));
    const b = mkdtempSync(path.join(tmpdir(), "v2kit-schema-b-"));
    expect(schemaCli("--out", a).status).toBe(0);
    expect(schemaCli("--out", b).status).toBe(0);
    const files = readdirSync(a).sort();
    expect(readdirSync(b).sort()).toEqual(files);
    for (const file of files) expect(readFileSync(path.join(b, file), "utf8"), file).toBe(readFileSync(path.join(a, file), "utf8"));
    const index = JSON.parse(readFileSync(path.join(a, "index.json"), "utf8")) as {
      schemas: { operation: string; file: string; method?: string; target: string }[];
    };
    expect(index.schemas.map((entry) => entry.file).sort()).toEqual(files.filter((file) => file !== "index.json"));
    expect(index.schemas).toContainEqual({
      operation: "createEndpoint",
      method: "POST",
      path: "/v2/serverless",
      target: "request",
      file: "createEndpoint.request.schema.json",
    });
  });

  test("prints one schema for --operation, and the response's with --response", () => {
    const result = schemaCli("--operation", "createEndpoint");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(exportSchema(model, rules, "createEndpoint", "request").schema);
    const response = schemaCli("--operation", "getEndpoint", "--response", "200");
    expect(JSON.parse(response.stdout)["title"]).toBe("getEndpoint response body, status 200");
  });

  // Issue 45, item 18.
  test("--operation graphql:NAME for every GraphQL operation; its schema takes the wire body lint takes", () => {
    const graphql = model.operations.filter((operation) => operation.kind === "graphql");
    expect(graphql.length).toBe(4);
    for (const op of graphql) {
      const name = op.id.replace(/^graphql:/, "");
      const result = schemaCli("--operation", `graphql:${name}`);
      expect(result.status, `${name}: ${result.stderr}`).toBe(0);
      const schema = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(schema).toEqual(exportSchema(model, rules, op.id, "request").schema);
      expect(compile(schema)({ query: `mutation { ${name} { __typename } }` }), name).toBe(true);
    }
    expect(schemaCli("--operation", "graphql:saveTemplat").stderr).toContain('unknown operation "graphql:saveTemplat"; did you mean graphql:saveTemplate?');
  });

  test("an unknown operation, status or flag is exit 2 with a suggestion", () => {
    const op = schemaCli("--operation", "createEndpont");
    expect(op.status).toBe(2);
    expect(op.stderr).toContain('unknown operation "createEndpont"; did you mean createEndpoint?');
    const status = schemaCli("--operation", "getEndpoint", "--response", "299");
    expect(status.status).toBe(2);
    expect(status.stderr).toContain('getEndpoint has no response body for status "299"; it has 200');
    const flag = schemaCli("--operaton", "x");
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("did you mean --operation?");
    expect(schemaCli().status).toBe(2);
  });
});

// Issue 43: docs/editors.md says Ajv in strict mode compiles what `v2kit schema` prints. As a
// user's CI would: `new Ajv2020({ strict: true })` with ajv-formats, and Ajv's defaults, on the
// command's stdout, with Ajv's logger captured: nothing thrown, nothing said.
function strictNotes(text: string): string[] {
  const notes: string[] = [];
  const note = (...parts: unknown[]) => notes.push(parts.map(String).join(" "));
  for (const options of [{ strict: true }, {}]) {
    const ajv = new Ajv2020({ ...options, logger: { log: () => {}, warn: note, error: note } });
    addFormats(ajv);
    try {
      ajv.compile(JSON.parse(text) as object);
    } catch (error) {
      notes.push(`${JSON.stringify(options)}: ${(error as Error).message}`);
    }
  }
  return notes;
}

/** Every request body's schema file the command writes with --out, and the printed schemas of `operations`. */
function expectStrictSilence(specArgs: string[], operations: string[]): void {
  const out = mkdtempSync(path.join(tmpdir(), "v2kit-schema-strict-"));
  const written = schemaCli("--out", out, ...specArgs);
  expect(written.status, written.stderr).toBe(0);
  const requests = readdirSync(out).filter((file) => file.endsWith(".request.schema.json"));
  expect(requests.length).toBeGreaterThan(10);
  for (const file of requests) expect(strictNotes(readFileSync(path.join(out, file), "utf8")), file).toEqual([]);
  for (const op of operations) {
    const printed = schemaCli("--operation", op, ...specArgs);
    expect(printed.status, printed.stderr).toBe(0);
    expect(strictNotes(printed.stdout), op).toEqual([]);
  }
}

describe("strict mode (Ajv 2020, strict: true, and its defaults)", () => {
  test("the bundled document: every request body's schema compiles without an error or a warning", () => {
    expectStrictSilence([], ["createEndpoint", "createTemplate", "graphql:saveTemplate", "graphql:deleteTemplate"]);
  });

  test.skipIf(!haveShared)("the published document (--spec): every request body's schema compiles without an error or a warning", () => {
    expectStrictSilence(["--spec", upstreamV2], ["createEndpoint", "createPod"]);
  });
});

reportSharedAbsent("v2kit schema on the published v2 document");
describe.skipIf(!haveShared)("the published v2 document (--spec)", () => {
  test("every body's schema compiles under Ajv 2020 (strict mode)", async () => {
    const upstream = await loadModel({ spec: upstreamV2 });
    const all = exportAll(upstream, rules);
    expect(all.length).toBeGreaterThan(20);
    for (const exported of all) expect(() => compile(exported.schema), exported.file).not.toThrow();
  });
});
