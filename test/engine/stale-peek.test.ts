// Catalog staleness reads rejected values without computing a lazy `resolved`
// (engine/verdict.ts `stringAt`): it must answer exactly what a read of `resolved`
// answers, on generated bodies of every operation and on hand-picked paths where the deferred
// defaults are the only source of the value.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engine } from "../../output/index.mjs";
import { stringAt } from "../../engine/verdict.js";
import data from "../../output/tests/model.json" with { type: "json" };
import { evaluate } from "../../engine/evaluate.js";
import type { CheckResult, CpuRecord, GpuRecord } from "../../engine/types.js";
import { contextFor, type TestModel } from "../../testing/index.js";
import { staleSnapshotWarnings } from "../../engine/catalog-staleness.js";
import { bodyVariants } from "./body-variants.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261123);
const operations = Object.keys(model.requests).sort();

const isLazy = (result: CheckResult) => Object.getOwnPropertyDescriptor(result, "resolved")?.get !== undefined;

/** What a read of `resolved` gives: the reference `stringAt` answers against. */
function forcedStringAt(result: CheckResult, path: readonly string[]): string | undefined {
  let node = result.resolved;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "string" ? node : undefined;
}

describe("stringAt on a verdict whose defaults are pending", () => {
  const op = "createEndpoint";
  const context = contextFor(model, op);
  // No workers, flashboot, timeout or gpu.count: every default of createEndpoint is pending.
  const body = { name: "x", type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, image: "a:b", gpu: { pools: ["NEW_POOL"] }, env: { K: "v" } };
  const cases: { path: string[]; want: string | undefined; why: string }[] = [
    { path: ["gpu", "pools", "0"], want: "NEW_POOL", why: "a string the body holds" },
    { path: ["flashboot"], want: "OFF", why: "a string only the deferred defaults set" },
    { path: ["workers", "min"], want: undefined, why: "a number a default sets" },
    { path: ["image", "length"], want: undefined, why: "a walk into a string ends" },
    { path: ["gpu", "pools"], want: undefined, why: "an array" },
    { path: ["missing", "deeper"], want: undefined, why: "nothing there, before or after the defaults" },
    { path: ["constructor", "name"], want: undefined, why: "an inherited member (a function) ends the walk" },
  ];
  it.each(cases)("$path: $why", ({ path, want }) => {
    const result = evaluate(engine, op, body, context);
    expect(isLazy(result)).toBe(true);
    expect(stringAt(result, path)).toBe(want);
    expect(forcedStringAt(result, path)).toBe(want);
  });
});

describe.each(operations)("%s: staleness warnings without forcing resolved", (op) => {
  it("are the ones a read of resolved gives, on generated bodies", () => {
    const context = contextFor(model, op);
    // A one-record snapshot: most catalog values of the generated bodies are unknown to it.
    const gpus = (context.catalog?.gpus ?? []).slice(0, 1) as GpuRecord[];
    const cpus = (context.catalog?.cpus ?? []).slice(0, 1) as CpuRecord[];
    const bodies = bodyVariants(model, op);
    let warned = 0;
    fc.assert(
      fc.property(bodies, (body) => {
        const result = evaluate(engine, op, body, context);
        const lazy = isLazy(result);
        const peeked = staleSnapshotWarnings(result, { date: "2026-01-01", gpus, cpus }, stringAt); // first: before anything reads resolved
        const forced = staleSnapshotWarnings(result, { date: "2026-01-01", gpus, cpus });
        expect(peeked).toEqual(forced);
        if (lazy && peeked.length > 0) warned++;
      }),
      { seed: SEED, numRuns: 120 },
    );
    // createEndpoint has catalog rules and defaults: some runs must warn with `resolved` still lazy.
    if (op === "createEndpoint") expect(warned).toBeGreaterThan(0);
  });
});
