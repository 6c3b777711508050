// The rewrite for Ajv's strict mode (generators/emit/export-strict.ts, issue 43) changes no
// verdict: for every body of the bundled and the published document, Ajv 2020 gives the schema
// before the rewrite (compiled without strict mode) and the one `v2kit schema` writes (compiled
// with `strict: true`, which must say nothing) the same answer on arbitrary JSON values and on
// mutations of valid bodies: the document's examples, the repository's examples/ and bodies
// generated from the model (testing/).

import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type Options } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { exportAll, exportSchema, type ExportedSchema } from "../../../generators/emit/export-schema.js";
import { loadModel, loadRules } from "../../../generators/pipeline.js";
import type { RulesFile } from "../../../rules/types.js";
import type { ApiModel } from "../../../schema-model/model.js";
import data from "../../../output/tests/model.json" with { type: "json" };
import { type TestModel, validBodies } from "../../../testing/index.js";
import { haveShared, reportSharedAbsent, upstreamV2 } from "../../fixtures/conformance/support.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const testModel = data as unknown as TestModel;
const repo = path.resolve(import.meta.dirname, "../../..");
const readExample = (name: string) => JSON.parse(readFileSync(path.join(repo, "examples", name), "utf8")) as unknown;

/** The repository's example bodies, by the body they are of. */
function repositoryExamples(): Map<string, unknown[]> {
  const ndjson = readFileSync(path.join(repo, "examples", "bodies.ndjson"), "utf8")
    .split("\n")
    // One line is malformed on purpose (lint's NDJSON example): bodies are the lines that parse.
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });
  return new Map<string, unknown[]>([
    [
      "createEndpoint.request",
      [readExample("create-endpoint-gpu.json"), readExample("create-endpoint-cpu.json"), readExample("create-endpoint-invalid.json"), ...ndjson],
    ],
    ["updateEndpoint.request", [readExample("update-endpoint.json")]],
    ["podAction.request", [readExample("pod-action-reset.json")]],
    ["getEndpoint.response.200", [readExample("current-endpoint.json")]],
  ]);
}

/** Ajv 2020 with ajv-formats, one instance for many schemas; what its logger says is collected. */
function ajvWith(options: Options) {
  const notes: string[] = [];
  const note = (...parts: unknown[]) => notes.push(parts.map(String).join(" "));
  const ajv = new Ajv2020({ ...options, logger: { log: () => {}, warn: note, error: note } });
  addFormats(ajv);
  return { ajv, notes };
}

type Path = (string | number)[];

/** Every place in `value` (the root included). */
function places(value: unknown, at: Path = []): Path[] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => places(item, [...at, index]))
    : value !== null && typeof value === "object"
      ? Object.entries(value).flatMap(([key, sub]) => places(sub, [...at, key]))
      : [];
  return [at, ...inner];
}

type Edit = "replace" | "delete" | "add" | "null" | "wrap";

/** `value` with one edit at `at`: the value there replaced, removed, given a member, nulled or put in an array. */
function edited(value: unknown, at: Path, edit: Edit, other: unknown, key: string): unknown {
  if (at.length === 0) {
    if (edit === "replace") return other;
    if (edit === "null") return null;
    if (edit === "wrap") return [value];
    if (edit === "add" && value !== null && typeof value === "object" && !Array.isArray(value)) return { ...value, [key]: other };
    return value;
  }
  const [step, ...rest] = at as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && edit === "delete") copy.splice(step as number, 1);
    else copy[step as number] = edited(copy[step as number], rest, edit, other, key);
    return copy;
  }
  const object = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && edit === "delete") delete object[step as string];
  else object[step as string] = edited(object[step as string], rest, edit, other, key);
  return object;
}

/** Arbitrary JSON, and valid bodies with up to three edits each. */
function bodies(seeds: readonly unknown[], generated: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<unknown> {
  const sources = [...(seeds.length > 0 ? [fc.constantFrom(...seeds)] : []), ...(generated !== undefined ? [generated] : [])];
  if (sources.length === 0) return fc.jsonValue();
  const edit = fc.tuple(
    fc.nat(),
    fc.constantFrom<Edit>("replace", "delete", "add", "null", "wrap"),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 8 }),
  );
  const mutated = fc.tuple(fc.oneof(...sources), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([start, edits]) =>
    edits.reduce<unknown>((body, [pick, kind, other, key]) => {
      const all = places(body);
      return edited(body, all[pick % all.length] as Path, kind, other, key);
    }, start),
  );
  return fc.oneof({ arbitrary: fc.jsonValue(), weight: 1 }, { arbitrary: mutated, weight: 3 });
}

const bodyKey = (exported: ExportedSchema) => `${exported.operation}.${exported.target}${exported.status !== undefined ? `.${exported.status}` : ""}`;

let rules: RulesFile;
let bundled: ApiModel;
const examples = repositoryExamples();
beforeAll(async () => {
  rules = loadRules();
  bundled = await loadModel({});
});

/**
 * Every body of `model`: strict Ajv compiles what `v2kit schema` writes and says nothing; where
 * the rewrite changed the schema (every request body is checked anyway), both give the same verdicts.
 */
function holdsVerdicts(model: ApiModel): void {
  const all = exportAll(model, rules);
  expect(all.filter((exported) => exported.target === "request").length).toBeGreaterThan(10);
  const strict = ajvWith({ strict: true });
  const loose = ajvWith({ strict: false });
  let compared = 0;
  for (const exported of all) {
    const validate = strict.ajv.compile(exported.schema);
    expect(strict.notes, bodyKey(exported)).toEqual([]);
    const target = exported.target === "request" ? "request" : { response: exported.status as string };
    const before = exportSchema(model, rules, exported.operation, target, { strictMode: false }).schema;
    if (exported.target !== "request" && JSON.stringify(before) === JSON.stringify(exported.schema)) continue;
    const validateBefore = loose.ajv.compile(before);
    const op = model.operations.find((candidate) => candidate.id === exported.operation);
    const documentExamples =
      exported.target === "request"
        ? Object.values(op?.request?.examples ?? {})
        : Object.values(op?.responses.find((response) => response.status === exported.status)?.examples ?? {});
    const seeds = [...documentExamples, ...(examples.get(bodyKey(exported)) ?? [])];
    const generated =
      exported.target === "request" && Object.hasOwn(testModel.requests, exported.operation) ? validBodies(testModel, exported.operation) : undefined;
    fc.assert(
      fc.property(bodies(seeds, generated), (body) => validate(body) === validateBefore(body)),
      { numRuns: exported.target === "request" ? 200 : 40, seed: 20261128 },
    );
    compared++;
  }
  expect(compared).toBeGreaterThan(10);
}

describe("the bundled document", () => {
  test("every body: strict Ajv compiles the schema silently, with the verdicts of the schema before the rewrite", () => {
    holdsVerdicts(bundled);
  });

  test("the edits reach the places the rewrite changed (a wrong type there would be seen)", () => {
    // createEndpoint's cuda-on-cpu-create rule now says `cpu` is an array of objects: an edit that
    // makes `cpu` an object must still get the old verdict (rejected by the body's own schema).
    const exported = exportSchema(bundled, rules, "createEndpoint", "request");
    const strict = ajvWith({ strict: true }).ajv.compile(exported.schema);
    const loose = ajvWith({ strict: false }).ajv.compile(exportSchema(bundled, rules, "createEndpoint", "request", { strictMode: false }).schema);
    const cpuBody = readExample("create-endpoint-cpu.json") as Record<string, unknown>;
    for (const cpu of [{ allowedCudaVersions: ["12.1"] }, "cpu5c", null, [{ id: "cpu5c", vcpuCount: 4, minCudaVersion: "12.1" }]]) {
      const body = { ...cpuBody, cpu };
      expect(strict(body), JSON.stringify(cpu)).toBe(loose(body));
    }
    const wrong = structuredClone(exported.schema) as { allOf: { then?: { allOf?: Record<string, unknown>[] } }[] };
    const cpuRule = wrong.allOf.find((rule) => rule.then?.allOf?.length === 4)?.then?.allOf?.[2] as { properties: { cpu: Record<string, unknown> } };
    expect(cpuRule.properties.cpu["type"]).toBe("array");
    // A rewrite that said `object` there would refuse every CPU body: the property finds it.
    cpuRule.properties.cpu["type"] = "object";
    const broken = ajvWith({ strict: false }).ajv.compile(wrong);
    expect(() =>
      fc.assert(
        fc.property(bodies([cpuBody], undefined), (body) => broken(body) === loose(body)),
        { numRuns: 200, seed: 20261128 },
      ),
    ).toThrow();
  });
});

reportSharedAbsent("the strict-mode rewrite on the published v2 document");
describe.skipIf(!haveShared)("the published v2 document", () => {
  test("every body: strict Ajv compiles the schema silently, with the verdicts of the schema before the rewrite", async () => {
    holdsVerdicts(await loadModel({ spec: upstreamV2 }));
  });
});
