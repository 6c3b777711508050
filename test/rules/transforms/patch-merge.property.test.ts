// PATCH semantics as properties over (current, patch) pairs (docs/patch-semantics.md): a rule
// with `fieldsFrom: request` never fails because of what the current resource already holds;
// it fails when the patch itself sends the forbidden combination on the resolved resource; and
// the compiled engine agrees with the reference interpreter on every pair.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../../generators/engine-on-the-fly.js";
import { engine } from "../../../output/index.mjs"; // the output's entry: every operation's validators attached
import data from "../../../output/tests/model.json" with { type: "json" };
import { holds } from "../../../rules/condition.js";
import { type Engine, evaluate } from "../../../engine/evaluate.js";
import { getAt, parsePointer, removeAt } from "../../../engine/pointer.js";
import { isNonEmpty, isPresent } from "../../../engine/values.js";
import { contextFor, ruleIds, type TestModel, validBodies, violate } from "../../../testing/index.js";
import type { Condition, Pointer, RuleSpec } from "../../../rules/types.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261123);
const patchOperations = [...new Set(model.rules.stages.filter((stage) => stage.kind === "patchMerge").flatMap((stage) => stage.operations))].sort();

/** The pointers whose values a rule judges (its forbidden, required or catalog-named fields). */
function judgedFields(rule: RuleSpec): Pointer[] {
  if (Array.isArray(rule.fields)) return rule.fields as Pointer[];
  if (typeof rule.each === "string") return [rule.each];
  return typeof rule.field === "string" ? [rule.field] : [];
}

/** A pointer with wildcards removed from a body: `/cpu/*\/id` drops the whole `/cpu` array. */
const withoutField = (body: unknown, field: Pointer) => removeAt(body, parsePointer(field.replace(/\/\*.*$/, "")));

const sends = (body: unknown, field: Pointer) => isPresent(getAt(body, parsePointer(field.replace(/\/\*.*$/, ""))));

let interpreted: Engine;
beforeAll(async () => {
  interpreted = await loadEngine({});
});

for (const op of patchOperations) {
  const rules = model.rules.rules.filter((rule) => rule.operations.includes(op));
  const base = contextFor(model, op);
  const bodies = validBodies(model, op);
  // Current resources: valid bodies and bodies that break each rule (a stored state the rules
  // would not accept today, e.g. a pool the catalog no longer lists, must not fail a patch).
  const currents = bodies.chain((b) => fc.constantFrom(b, ...rules.map((rule) => violate(model, rule, op, b)).filter((x) => x !== undefined)));

  describe(`${op}: (current, patch) pairs`, () => {
    const fromRequest = rules.filter((rule) => rule.fieldsFrom === "request");

    it.each(fromRequest.map((rule) => [rule.id, rule] as const))("%s: a patch that does not send the rule's fields never fails it", (_id, rule) => {
      let inherited = 0;
      fc.assert(
        fc.property(currents, bodies, (current, sent) => {
          const patch = judgedFields(rule).reduce(withoutField, sent);
          const result = evaluate(engine, op, patch, { ...base, current });
          expect(ruleIds(result)).not.toContain(rule.id);
          // The pairs that matter: the resolved resource still holds the fields (inherited).
          if (judgedFields(rule).some((field) => sends(result.resolved, field))) inherited++;
        }),
        { seed: SEED, numRuns: 80 },
      );
      expect(inherited, "pairs whose resolved resource inherits the rule's fields").toBeGreaterThan(5);
    });

    // Rules a patch can break on its own; one whose condition reads a field only the stored
    // resource has (an endpoint's `type`, which PATCH cannot send) is judged with a given current
    // resource in test/rules/coverage.test.ts and the cases below.
    const violable = (rule: RuleSpec) => fc.sample(bodies, { seed: SEED, numRuns: 50 }).some((b) => violate(model, rule, op, b) !== undefined);
    const combos = fromRequest.filter((rule) => (rule.kind === "forbiddenWhen" || rule.kind === "forbiddenTogether") && violable(rule));
    it.each(combos.map((rule) => [rule.id, rule] as const))(
      "%s: a patch that sends the fields fails exactly when the resolved resource meets the condition",
      (_id, rule) => {
        const patches = bodies.map((b) => violate(model, rule, op, b)).filter((b) => b !== undefined);
        fc.assert(
          fc.property(currents, patches, (current, patch) => {
            const result = evaluate(engine, op, patch, { ...base, current });
            const fields = judgedFields(rule);
            const want =
              rule.kind === "forbiddenTogether"
                ? fields.every((field) => isNonEmpty(getAt(patch, parsePointer(field))))
                : holds(rule.when as Condition, result.resolved) && fields.some((field) => sends(patch, field));
            expect(ruleIds(result).includes(rule.id)).toBe(want);
          }),
          { seed: SEED, numRuns: 80 },
        );
      },
    );

    const fromResolved = rules.filter(
      (rule) => rule.fieldsFrom !== "request" && ["forbiddenTogether", "enumWhen", "requires", "forbiddenWhen", "exactlyOne"].includes(rule.kind),
    );
    it.each(fromResolved.map((rule) => [rule.id, rule] as const))("%s: judged on the resolved resource, as if it were sent whole", (_id, rule) => {
      const patches = bodies.chain((b) => fc.constantFrom(b, violate(model, rule, op, b) ?? b));
      fc.assert(
        fc.property(currents, patches, (current, patch) => {
          const paired = evaluate(engine, op, patch, { ...base, current });
          const whole = evaluate(engine, op, paired.resolved, base);
          expect(ruleIds(paired).includes(rule.id)).toBe(ruleIds(whole).includes(rule.id));
        }),
        { seed: SEED, numRuns: 80 },
      );
    });

    it("compiled engine and interpreter agree on every pair", () => {
      const patches = bodies.chain((b) => fc.constantFrom(b, ...rules.map((rule) => violate(model, rule, op, b)).filter((x) => x !== undefined)));
      fc.assert(
        fc.property(currents, patches, (current, patch) => {
          const context = { ...base, current };
          expect(evaluate(engine, op, patch, context)).toEqual(evaluate(interpreted, op, patch, context));
        }),
        { seed: SEED, numRuns: 120 },
      );
    });
  });
}

describe("updateEndpoint: the cases of the issue (given current and patch, want)", () => {
  const queue = {
    type: "QUEUE",
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    workers: { min: 0, max: 3, idleTimeout: 10 },
    gpu: { pools: ["ADA_24"], count: 1, excludedTypes: [], allowedCudaVersions: ["12.8"], minCudaVersion: null },
  };
  const floor = { ...queue, gpu: { ...queue.gpu, allowedCudaVersions: [], minCudaVersion: "12.4" } };
  const cases: { name: string; current: unknown; patch: unknown; want: string[]; gpu?: unknown }[] = [
    { name: "switch to REQUEST_COUNT, idleTimeout inherited", current: queue, patch: { scaling: { type: "REQUEST_COUNT", requestCount: 2 } }, want: [] },
    {
      name: "switch to REQUEST_COUNT sending idleTimeout",
      current: queue,
      patch: { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 5 } },
      want: ["idle-timeout-queue-request-count"],
    },
    {
      name: "idleTimeout sent to a queue endpoint already on REQUEST_COUNT",
      current: { ...queue, scaling: { type: "REQUEST_COUNT", requestCount: 1 }, workers: { min: 0, max: 3 } },
      patch: { workers: { idleTimeout: 5 } },
      want: ["idle-timeout-queue-request-count"],
    },
    {
      // Setting one does not clear the other (published document, UpdateEndpointGpuConfig).
      name: "a floor onto a stored set, the set kept",
      current: queue,
      patch: { gpu: { minCudaVersion: "12.4" } },
      want: ["cuda-set-or-floor"],
    },
    {
      name: "a floor with the stored set cleared in the same patch",
      current: queue,
      patch: { gpu: { minCudaVersion: "12.4", allowedCudaVersions: [] } },
      want: [],
      gpu: { ...queue.gpu, allowedCudaVersions: undefined, minCudaVersion: "12.4" },
    },
    {
      name: "a set and a floor in one patch",
      current: queue,
      patch: { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
      want: ["cuda-set-or-floor"],
    },
    {
      name: "an empty floor clears it",
      current: floor,
      patch: { gpu: { minCudaVersion: "" } },
      want: [],
      gpu: { ...floor.gpu, minCudaVersion: undefined },
    },
    {
      name: "an empty set clears it",
      current: queue,
      patch: { gpu: { allowedCudaVersions: [] } },
      want: [],
      gpu: { ...queue.gpu, allowedCudaVersions: undefined, minCudaVersion: undefined },
    },
    {
      name: "QUEUE_DELAY onto a LOAD_BALANCER endpoint",
      current: { ...queue, type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { min: 0, max: 3 } },
      patch: { scaling: { type: "QUEUE_DELAY", queueDelay: 2 } },
      want: ["lb-requires-request-count"],
    },
    {
      name: "a pool the catalog does not list, inherited",
      current: { ...queue, gpu: { ...queue.gpu, pools: ["RETIRED_POOL"] } },
      patch: { name: "renamed" },
      want: [],
    },
    { name: "a pool the catalog does not list, sent", current: queue, patch: { gpu: { pools: ["RETIRED_POOL"] } }, want: ["gpu-pools-known"] },
  ];
  it.each(cases)("$name", ({ current, patch, want, gpu }) => {
    const context = { ...contextFor(model, "updateEndpoint"), current };
    const result = evaluate(engine, "updateEndpoint", patch, context);
    expect(result.violations.filter((violation) => violation.rule.startsWith("schema/"))).toEqual([]);
    expect(ruleIds(result)).toEqual(want);
    if (gpu !== undefined) expect((result.resolved as { gpu: unknown }).gpu).toEqual(JSON.parse(JSON.stringify(gpu)));
    expect(evaluate(interpreted, "updateEndpoint", patch, context)).toEqual(result);
  });
});
