// The compiled engine (output/rules.mts: one function per operation, findings pushed straight
// into the verdict, defaults deferred until `resolved` is read) against the reference
// interpreter (rules/interpreter.ts), on generated bodies of every operation with rules: valid
// ones, ones that break each rule, ones with fields dropped (defaults pending) or junk added,
// under context variations (catalog, no catalog, no templates, a current resource for PATCH).
// Equal means the same JSON text: same keys in the same order, `resolved` included.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { engine } from "../../output/index.mjs"; // the output's entry: every operation's validators attached
import data from "../../output/tests/model.json" with { type: "json" };
import { type Engine, evaluate } from "../../engine/evaluate.js";
import { removeAt } from "../../engine/pointer.js";
import type { CheckContext, CheckResult } from "../../engine/types.js";
import { contextFor, type TestModel, validBodies, violate } from "../../testing/index.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261123);
const operations = Object.keys(model.requests).sort();
const patchOperations = new Set(model.rules.stages.filter((stage) => stage.kind === "patchMerge").flatMap((stage) => stage.operations));

let interpreted: Engine;
beforeAll(async () => {
  interpreted = await loadEngine({});
});

/** Bodies: valid, breaking one rule, with one top-level field dropped, or with a junk field added. */
function bodies(op: string): fc.Arbitrary<unknown> {
  const rules = model.rules.rules.filter((rule) => rule.operations.includes(op));
  return validBodies(model, op).chain((body) => {
    const keys = body !== null && typeof body === "object" ? Object.keys(body) : [];
    const variants = [body, ...rules.map((rule) => violate(model, rule, op, body)).filter((b) => b !== undefined)];
    return fc.oneof(
      fc.constantFrom(...variants),
      keys.length === 0 ? fc.constant(body) : fc.constantFrom(...keys).map((k) => removeAt(body, [k])),
      fc.tuple(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })).map(([k, value]) => ({ ...(body as object), [k]: value })),
    );
  });
}

/** Context variations: as the model gives it, without a catalog, without templates, and (PATCH) with a current resource. */
function contexts(op: string): fc.Arbitrary<CheckContext> {
  const base = contextFor(model, op);
  const { templates: _templates, ...noTemplates } = base;
  const fixed = [base, { ...base, catalog: {} }, noTemplates];
  if (!patchOperations.has(op)) return fc.constantFrom(...fixed);
  return fc.oneof(
    fc.constantFrom(...fixed),
    validBodies(model, op).map((current) => ({ ...base, current })),
  );
}

const text = (result: CheckResult) => JSON.stringify(result);

describe.each(operations)("%s: compiled engine and interpreter", (op) => {
  it("give the same verdict (status, violations, warnings, resolved) on generated bodies and contexts", () => {
    let failing = 0;
    let pending = 0;
    let written = 0;
    fc.assert(
      fc.property(bodies(op), contexts(op), (body, context) => {
        const compiled = evaluate(engine, op, body, context);
        const reference = evaluate(interpreted, op, body, context);
        if (!compiled.ok) failing++;
        if (Object.getOwnPropertyDescriptor(compiled, "resolved")?.get !== undefined) pending++;
        expect(text(compiled)).toBe(text(reference));
        expect(compiled).toEqual(reference);
        // As lint() calls it: vouching that the body is plain JSON data (the generated ones are).
        const vouched = engine.operations.get(op)?.check?.(body, context, true);
        expect(vouched === undefined ? undefined : text(vouched)).toBe(text(reference));
        // As lint() calls it since: the body its own parse, so the defaults are written into it.
        const own = JSON.parse(JSON.stringify(body)) as unknown;
        const owned = engine.operations.get(op)?.check?.(own, context, true, true);
        expect(owned === undefined ? undefined : text(owned)).toBe(text(reference));
        // Written in place unless a stage (template merge, PATCH merge) replaced the body: then lazily, from copies.
        if (owned !== undefined && owned.resolved === own) written++;
      }),
      { seed: SEED, numRuns: 150 },
    );
    // The runs must exercise both verdicts; lazy `resolved` where the operation has defaults.
    expect(failing).toBeGreaterThan(0);
    expect(failing).toBeLessThan(150);
    const hasDefaults = model.rules.stages.some((stage) => stage.kind === "defaults" && stage.operations.includes(op));
    if (hasDefaults) expect(pending).toBeGreaterThan(0);
    if (hasDefaults) expect(written).toBeGreaterThan(0);
  });
});

describe("the lazy resolved body", () => {
  const op = "createEndpoint";
  const body = { name: "x", type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, image: "a:b", gpu: { pools: ["ADA_24"] } };

  it("is computed once, printed by JSON.stringify and kept by spreads and Object.keys, in its place", () => {
    const result = evaluate(engine, op, body, model.context);
    expect(Object.keys(result)).toEqual(["ok", "status", "problem", "violations", "warnings", "resolved"]);
    const first = result.resolved as Record<string, unknown>;
    expect(result.resolved).toBe(first);
    expect(first).toMatchObject({ workers: { min: 0, max: 3, idleTimeout: 10 }, flashboot: "OFF", timeout: 300000, gpu: { pools: ["ADA_24"], count: 1 } });
    expect({ ...result }.resolved).toBe(first);
    expect(JSON.parse(JSON.stringify(result)).resolved).toEqual(first);
    expect(structuredClone(result).resolved).toEqual(first); // what worker threads post
    expect(body).not.toHaveProperty("workers"); // the request itself is never written
  });

  it("can be replaced, as a plain property can", () => {
    const result = evaluate(engine, op, body, model.context);
    result.resolved = { replaced: true };
    expect(result.resolved).toEqual({ replaced: true });
    expect(JSON.parse(JSON.stringify(result)).resolved).toEqual({ replaced: true });
  });

  it("keeps a `__proto__` key of the body as data when the defaults copy the objects around it", () => {
    const hostile = JSON.parse(
      '{"name":"x","type":"QUEUE","scaling":{"type":"QUEUE_DELAY","queueDelay":4},"image":"a:b","gpu":{"pools":["ADA_24"]},"workers":{"__proto__":{"polluted":true}},"__proto__":{"min":7}}',
    ) as object;
    const result = evaluate(engine, op, hostile, model.context);
    const resolved = result.resolved as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(resolved.workers)).toBe(Object.prototype);
    expect(Object.keys(resolved)).toContain("__proto__");
    expect(resolved.workers).toMatchObject({ min: 0, max: 3, idleTimeout: 10 });
    expect(Object.getOwnPropertyDescriptor(resolved.workers, "__proto__")?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(result)).toBe(JSON.stringify(evaluate(interpreted, op, hostile, model.context)));
  });

  it("is the body itself, defaults written into it on first read, when the caller owns the body (as lint() does)", () => {
    const check = engine.operations.get(op)?.check;
    if (check === undefined) throw new Error("createEndpoint has no compiled check");
    const own = structuredClone(body);
    const result = check(own, model.context, true, true);
    expect(own).not.toHaveProperty("workers"); // nothing written before `resolved` is read
    expect(result.resolved).toBe(own);
    expect(own).toMatchObject({ workers: { min: 0, max: 3, idleTimeout: 10 }, flashboot: "OFF", timeout: 300000, gpu: { pools: ["ADA_24"], count: 1 } });
    expect(JSON.stringify(result)).toBe(JSON.stringify(evaluate(interpreted, op, body, model.context)));
    // Not owned: the body is never written, and `resolved` waits for its first read.
    const kept = structuredClone(body);
    const lazy = check(kept, model.context, true);
    expect(Object.getOwnPropertyDescriptor(lazy, "resolved")?.get).toBeTypeOf("function");
    expect(kept).toEqual(body);
  });

  it("is the body itself, defaults written into it on first read, when the caller owns a body it does not vouch is plain", () => {
    const check = engine.operations.get(op)?.check;
    if (check === undefined) throw new Error("createEndpoint has no compiled check");
    const own = structuredClone(body);
    const result = check(own, model.context, false, true);
    expect(own).not.toHaveProperty("workers"); // nothing written before `resolved` is read
    expect(result.resolved).toBe(own);
    expect(own).toMatchObject({ workers: { min: 0, max: 3, idleTimeout: 10 }, flashboot: "OFF", timeout: 300000, gpu: { pools: ["ADA_24"], count: 1 } });
    expect(JSON.stringify(result)).toBe(JSON.stringify(evaluate(interpreted, op, body, model.context)));
  });

  it("writes the defaults of an owned plain body (named stores) as the interpreter does where a parent is not an object", () => {
    const check = engine.operations.get(op)?.check;
    if (check === undefined) throw new Error("createEndpoint has no compiled check");
    // workers an array, gpu null: nothing can be set inside them; the root fields still get theirs.
    for (const odd of [{ workers: [1], gpu: null }, { workers: "x", gpu: { pools: ["ADA_24"], count: null } }, { workers: null }]) {
      const source = JSON.stringify({ ...body, ...odd });
      const owned = check(JSON.parse(source), model.context, true, true);
      expect(JSON.stringify(owned)).toBe(JSON.stringify(evaluate(interpreted, op, JSON.parse(source), model.context)));
    }
  });

  it("keeps a `__proto__` key of an owned body as data when the defaults are written into it", () => {
    const source =
      '{"name":"x","type":"QUEUE","scaling":{"type":"QUEUE_DELAY","queueDelay":4},"image":"a:b","gpu":{"pools":["ADA_24"]},"workers":{"__proto__":{"polluted":true}},"__proto__":{"min":7}}';
    const result = engine.operations.get(op)?.check?.(JSON.parse(source), model.context, true, true);
    const resolved = result?.resolved as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(resolved.workers)).toBe(Object.prototype);
    expect(resolved.workers).toMatchObject({ min: 0, max: 3, idleTimeout: 10 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(result)).toBe(JSON.stringify(evaluate(interpreted, op, JSON.parse(source), model.context)));
  });

  it("is a plain property when no default is pending", () => {
    const full = { ...body, workers: { min: 0, max: 3, idleTimeout: 5 }, flashboot: "OFF", timeout: 1, gpu: { pools: ["ADA_24"], count: 1 } };
    const result = evaluate(engine, op, full, model.context);
    expect(Object.getOwnPropertyDescriptor(result, "resolved")).toMatchObject({ value: full, enumerable: true });
  });
});
