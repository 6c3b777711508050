// Property: a body lint accepts never gives a finding, whichever of its members the code fills at
// run time (any placeholder the reader hands over for them). Bodies: every request example of the
// bundled document that `check()` accepts, and updateEndpoint / createEndpoint bodies generated
// from their fields, kept only when `check()` accepts them. Fixed seed.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCalls } from "../../code/check.js";
import { bundledCodeDocument } from "../../code/document.js";
import { catalog, check } from "../../lint/index.js";
import type { V2Call } from "../../migrate/scan/v2-call.js";
import { writeBody } from "./helpers.js";

const SEED = 20261128;
const document = bundledCodeDocument();

/** The method and path of an operation of the bundled document. */
function routeOf(operation: string): { method: string; path: string } {
  const model = document.operations.get(operation);
  if (model === undefined) throw new Error(`no operation ${operation}`);
  return { method: model.method as string, path: model.path as string };
}

/** The JSON pointers of every member and item of `value` (not the root). */
function pointers(value: unknown, at = ""): string[] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const pointer = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    return [pointer, ...pointers(child, pointer)];
  });
}

/** The findings of one call sending `body` to `operation`, with `runtime` members filled at run time. */
function findingsOf(operation: string, body: unknown, runtime: readonly string[]) {
  const { method, path } = routeOf(operation);
  const written = writeBody("payload = ", body, runtime);
  const call: V2Call = {
    at: { line: 1, column: 1, offset: 0 },
    end: 7,
    method: { value: method, certain: true },
    path,
    query: [],
    body: written.body,
    reads: [],
  };
  return checkCalls([call], "app.py");
}

/** Runtime pointers: a subset of the body's pointers, none below another (a member filled at run time has no literal inside). */
const runtimeOf = (body: unknown) =>
  fc.subarray(pointers(body)).map((chosen) => chosen.filter((pointer) => !chosen.some((other) => other !== pointer && pointer.startsWith(`${other}/`))));

const accepted: [operation: string, body: unknown][] = [...document.operations.values()].flatMap((operation) =>
  Object.values(operation.request?.examples ?? {})
    .filter((example) => check(operation.id, example).ok)
    .map((example): [string, unknown] => [operation.id, example]),
);

const pools = [...new Set(catalog.gpus.map((gpu) => gpu.pool).filter((pool): pool is string => typeof pool === "string"))];
const cuda = ["11.8", "12.0", "12.4", "12.6", "12.8"];
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });
const gpuConfig = optional({
  pools: fc.subarray(pools, { minLength: 1, maxLength: 3 }),
  count: fc.integer({ min: 1, max: 8 }),
  minCudaVersion: fc.constantFrom(...cuda),
  allowedCudaVersions: fc.subarray(cuda),
});
const scaling = fc.oneof(
  fc.record({ type: fc.constant("QUEUE_DELAY"), queueDelay: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ type: fc.constant("REQUEST_COUNT"), requestCount: fc.integer({ min: 1, max: 100 }) }),
);
const endpointFields = {
  name: fc.string({ minLength: 1, maxLength: 12 }),
  templateId: fc.constantFrom("tpl-1", "tpl-2"),
  gpu: gpuConfig,
  workers: optional({ min: fc.integer({ min: 0, max: 3 }), max: fc.integer({ min: 3, max: 10 }), idleTimeout: fc.integer({ min: 1, max: 3600 }) }),
  scaling,
  timeout: fc.integer({ min: 1000, max: 600_000 }),
  flashboot: fc.constantFrom("FLASHBOOT", "OFF"),
  dataCenterIds: fc.subarray(["EU-RO-1", "US-TX-3", "CA-MTL-1"]),
  env: fc.dictionary(fc.constantFrom("HF_TOKEN", "MODEL", "PORT"), fc.string({ maxLength: 8 })),
};
const updateEndpoint = optional(endpointFields);
const createEndpoint = fc.record({ ...endpointFields, type: fc.constant("QUEUE") }, { requiredKeys: ["name", "templateId", "gpu", "scaling", "type"] });

describe("a body lint accepts gives no finding", () => {
  it("has request examples to start from", () => {
    expect(accepted.map(([operation]) => operation)).toEqual(expect.arrayContaining(["createEndpoint", "updateEndpoint", "createPod", "podAction"]));
  });

  it("every accepted example, with any members filled at run time", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...accepted).chain(([operation, body]) => fc.tuple(fc.constant(operation), fc.constant(body), runtimeOf(body))),
        ([operation, body, runtime]) => {
          expect(findingsOf(operation, body, runtime)).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it.each([
    ["updateEndpoint", updateEndpoint],
    ["createEndpoint", createEndpoint],
  ] as const)("generated %s bodies, with any members filled at run time", (operation, bodies) => {
    fc.assert(
      fc.property(
        bodies.chain((body) => fc.tuple(fc.constant(body), runtimeOf(body))),
        ([body, runtime]) => {
          fc.pre(check(operation, body).ok);
          expect(findingsOf(operation, body, runtime)).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
