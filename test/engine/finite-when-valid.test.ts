// An operation marked `finiteWhenValid` (generators/normalize/finite-numbers.ts) lets lint skip its scan
// for overflowing number literals when the verdict is ok. That is only right if its validator
// refuses ±Infinity wherever a body can hold it: at every number it holds, and as the value of
// any property added to any object in it. Checked on generated valid bodies of every such
// operation, and through lint on text.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engine } from "../../output/index.mjs";
import data from "../../output/tests/model.json" with { type: "json" };
import { type TestModel, validBodies } from "../../testing/index.js";
import { lint } from "../../lint/lint.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261126);
const marked = [...engine.operations].filter(([, entry]) => entry.finiteWhenValid === true).map(([op]) => op);

type Node = Record<string, unknown> | unknown[];

/** Every body made from `body` by putting Infinity at one number, or as a new property of one object. */
function withInfinity(body: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, rebuild: (value: unknown) => unknown) => {
    if (typeof node === "number") out.push(rebuild(Number.POSITIVE_INFINITY));
    if (node === null || typeof node !== "object") return;
    const entries = Object.entries(node as Node);
    if (!Array.isArray(node)) out.push(rebuild({ ...node, v2kitExtra: Number.NEGATIVE_INFINITY }));
    for (const [key, child] of entries) {
      visit(child, (value) => rebuild(Array.isArray(node) ? node.map((x, i) => (String(i) === key ? value : x)) : { ...node, [key]: value }));
    }
  };
  visit(body, (value) => value);
  return out;
}

describe("finiteWhenValid", () => {
  it("marks the endpoint operations, whose bodies are closed objects", () => {
    expect(marked).toEqual(expect.arrayContaining(["createEndpoint", "updateEndpoint"]));
    // A pod body's `env` and the like are open: no mark.
    expect(marked).not.toContain("createPod");
  });

  it.each(marked.filter((op) => model.requests[op] !== undefined))("%s: its validator refuses Infinity wherever a valid body can hold it", (op) => {
    const validate = engine.operations.get(op)?.request;
    if (validate === undefined) throw new Error(`${op} has no request validator`);
    let tried = 0;
    fc.assert(
      fc.property(validBodies(model, op), (body) => {
        for (const variant of withInfinity(body)) {
          tried++;
          expect(
            validate(variant),
            JSON.stringify(variant, (_k, value) => (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY ? "∞" : value)),
          ).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect(tried).toBeGreaterThan(0);
  });

  it("lint still answers 400 for an overflowing literal in a marked operation's body, valid or not otherwise", () => {
    const body = '{"name":"e","type":"QUEUE","image":"i:1","scaling":{"type":"QUEUE_DELAY","queueDelay":1e999},"gpu":{"pools":["ADA_24"]}}';
    for (const text of [body, body.replace('"name":"e",', "")]) {
      const result = lint(text, { operation: "createEndpoint" });
      expect(result.status).toBe(400);
      expect(result.violations).toEqual([
        { rule: "json/number", status: 400, path: "/scaling/queueDelay", message: "must be a finite number: the literal overflows a 64-bit float" },
      ]);
    }
  });
});
