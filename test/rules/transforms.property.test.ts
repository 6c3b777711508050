// Algebraic properties of the transforms, over random valid bodies and the sample templates:
// body beats template, env merges key by key, CUDA seeding only under its conditions, and
// resolving is idempotent.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check } from "../../output/index.mjs";
import data from "../../output/tests/model.json" with { type: "json" };
import { getAt, isObject, isPresent } from "../../engine/index.js";
import { contextFor, type TestModel, validBodies } from "../../testing/index.js";

const model = data as unknown as TestModel;
const op = "createEndpoint";
const context = contextFor(model, op);
const templates = (context.templates ?? []).filter((t) => t.serverless === true);
const FIELDS = ["image", "args", "cmd", "entrypoint", "disk", "ports", "registry"];
const SEED = Number(process.env.V2KIT_SEED ?? 20261122);

const withTemplate = fc.tuple(
  validBodies(model, op, (b) => check(op, b, context).violations.every((violation) => !violation.rule.startsWith("schema/"))),
  fc.constantFrom(...templates),
  fc.dictionary(fc.constantFrom("A", "B", "MAX_MODEL_LEN"), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
);

const resolve = (body: unknown) => check(op, body, context).resolved as Record<string, unknown>;

describe("template merge and seeding", () => {
  it("body fields beat the template's; absent ones come from it; env merges key by key, body winning", () => {
    fc.assert(
      fc.property(withTemplate, ([body, template, env]) => {
        const sent: Record<string, unknown> = { ...(body as Record<string, unknown>), templateId: template.id, env };
        const resolved = resolve(sent);
        for (const field of FIELDS) {
          if (isPresent(sent[field])) expect(resolved[field], field).toEqual(sent[field]);
          else if (isPresent(template[field])) expect(resolved[field], field).toEqual(template[field]);
        }
        expect(resolved.env).toEqual({ ...(isObject(template.env) ? template.env : {}), ...env });
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("the template's allowedCudaVersions seeds gpu.allowedCudaVersions only on a GPU body that sets neither CUDA field", () => {
    fc.assert(
      fc.property(withTemplate, ([body, template]) => {
        const sent: Record<string, unknown> = { ...(body as Record<string, unknown>), templateId: template.id };
        const resolved = resolve(sent);
        const gpu = sent.gpu as Record<string, unknown> | undefined;
        const seeds = gpu !== undefined && !isPresent(gpu.allowedCudaVersions) && !isPresent(gpu.minCudaVersion);
        if (seeds) expect(getAt(resolved, ["gpu", "allowedCudaVersions"])).toEqual(template.allowedCudaVersions);
        else if (gpu === undefined) expect(resolved.gpu).toBeUndefined();
        else expect(getAt(resolved, ["gpu", "allowedCudaVersions"])).toEqual(gpu.allowedCudaVersions);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("is idempotent: the resolved body (without templateId) resolves to itself", () => {
    fc.assert(
      fc.property(withTemplate, ([body, template, env]) => {
        const once = resolve({ ...(body as Record<string, unknown>), templateId: template.id, env });
        const { templateId: _t, ...again } = once;
        expect(resolve(again)).toEqual(again);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

describe("PATCH", () => {
  it("sending pools replaces the selection: exclusions not restated are gone; omitting pools keeps both", () => {
    const gpus = context.catalog?.gpus ?? [];
    const pools = [...new Set(gpus.map((gpu) => gpu.pool).filter((pool): pool is string => typeof pool === "string"))];
    fc.assert(
      fc.property(fc.subarray(pools, { minLength: 1 }), fc.subarray(pools, { minLength: 1 }), fc.integer({ min: 1, max: 8 }), (before, after, count) => {
        const excluded = gpus
          .filter((gpu) => gpu.pool === before[0])
          .map((gpu) => gpu.id)
          .slice(0, 1);
        const current = { id: "ep", type: "QUEUE", gpu: { pools: before, excludedTypes: excluded, count: 1, allowedCudaVersions: [], minCudaVersion: null } };
        const repooled = check("updateEndpoint", { gpu: { pools: after } }, { ...context, current }).resolved as { gpu: Record<string, unknown> };
        expect(repooled.gpu.pools).toEqual(after);
        expect(repooled.gpu.excludedTypes).toBeUndefined();
        const counted = check("updateEndpoint", { gpu: { count } }, { ...context, current }).resolved as { gpu: Record<string, unknown> };
        expect(counted.gpu).toMatchObject({ pools: before, excludedTypes: excluded, count });
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
