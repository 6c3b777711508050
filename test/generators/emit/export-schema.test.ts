// v2kit schema (issue 23, item 3): self-contained draft 2020-12 schemas of request and response
// bodies. Compiled by Ajv 2020 with its defaults (strict mode) as a user's editor or CI would,
// they agree with lint: a body is valid against the exported schema exactly when lint finds no
// schema failure and no failure of a rule the schema states, on the bundled examples, the
// document's examples, and generated bodies of every operation that break each rule.

import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { exportSchema } from "../../../generators/emit/export-schema.js";
import type { ApiModel } from "../../../schema-model/model.js";
import { loadModel, loadRules } from "../../../generators/pipeline.js";
import { exactRules } from "../../../rules/exact-rules.js";
import type { RulesFile } from "../../../rules/types.js";
import data from "../../../output/tests/model.json" with { type: "json" };
import { type TestModel, validBodies, violate } from "../../../testing/index.js";
import { check } from "../../../lint/index.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const testModel = data as unknown as TestModel;
const repo = path.resolve(import.meta.dirname, "../../..");
const example = (name: string) => JSON.parse(readFileSync(path.join(repo, "examples", name), "utf8")) as unknown;

/** Ajv 2020 as a user constructs it (strict by default); strictTypes notes are collected, not printed. */
function compile(schema: unknown) {
  const notes: string[] = [];
  const ajv = new Ajv2020({ allErrors: true, logger: { log: () => {}, warn: (note: string) => notes.push(note), error: (note: string) => notes.push(note) } });
  addFormats(ajv);
  return ajv.compile(schema as object);
}

let model: ApiModel;
let rules: RulesFile;
beforeAll(async () => {
  model = await loadModel({});
  rules = loadRules();
});

/** What the exported schema of `operation` must say about `body`: lint's schema failures and stated rules. */
function lintSays(operation: string, body: unknown): boolean {
  const stated = new Set(exactRules(rules, operation).flatMap((verdict) => (verdict.schema ? [verdict.rule.id] : [])));
  return check(operation, body).violations.every((violation) => !violation.rule.startsWith("schema/") && !stated.has(violation.rule));
}

describe("the bundled document's bodies", () => {
  test("the bundled examples: valid ones pass, the invalid one fails where lint fails it", () => {
    const validate = compile(exportSchema(model, rules, "createEndpoint", "request").schema);
    for (const name of ["create-endpoint-gpu.json", "create-endpoint-cpu.json"]) expect(validate(example(name)), name).toBe(true);
    const invalid = example("create-endpoint-invalid.json");
    expect(lintSays("createEndpoint", invalid)).toBe(false);
    expect(validate(invalid)).toBe(false);
    const endpoint = compile(exportSchema(model, rules, "getEndpoint", { response: "200" }).schema);
    expect(endpoint(example("current-endpoint.json"))).toBe(true);
    expect(endpoint({ id: 1 })).toBe(false);
  });

  test("the document's own request and response examples get lint's verdict", () => {
    let seen = 0;
    for (const op of model.operations) {
      if (op.request !== undefined && Object.keys(op.request.examples).length > 0) {
        const validate = compile(exportSchema(model, rules, op.id, "request").schema);
        for (const [name, value] of Object.entries(op.request.examples)) {
          expect(validate(value), `${op.id} ${name}`).toBe(lintSays(op.id, value));
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(3);
  });

  test("states the rules JSON Schema can say exactly and names the others", () => {
    const exported = exportSchema(model, rules, "createEndpoint", "request").schema;
    const titles = (exported["allOf"] as { title?: string }[]).map((x) => x.title);
    expect(titles).toEqual(expect.arrayContaining(["gpu-cpu-exactly-one", "cuda-set-or-floor", "image-unless-template", "lb-requires-request-count"]));
    expect(exported["description"]).toContain("gpu-pools-known (must name serverless GPU pools of the GPU catalog in `gpu.pools`; needs the catalog)");
    // PATCH: every rule is judged on the endpoint after the merge, which the request alone does not show.
    const patch = exportSchema(model, rules, "updateEndpoint", "request").schema;
    expect((patch["allOf"] as unknown[] | undefined) ?? []).toEqual([]);
    expect(patch["description"]).toContain("cuda-set-or-floor (must not combine");
  });

  const operations = Object.keys(testModel.requests).sort();
  test.each(operations)("%s: the exported schema and lint agree on generated bodies that break each rule", (op) => {
    const validate = compile(exportSchema(model, rules, op, "request").schema);
    const opRules = testModel.rules.rules.filter((rule) => rule.operations.includes(op));
    const bodies = validBodies(testModel, op).chain((body) =>
      fc.constantFrom(body, ...opRules.map((rule) => violate(testModel, rule, op, body)).filter((b) => b !== undefined)),
    );
    fc.assert(
      fc.property(bodies, (body) => validate(body) === lintSays(op, body)),
      { numRuns: 60, seed: 20261126 },
    );
  });
});
