// The strict-mode rewrite (generators/emit/export-strict.ts) on small schemas, given → want: the
// implied type from the value's own schema or an enclosing one (null kept), a keyword of an
// impossible type left out, `required` defined only where no annotation or
// `additionalProperties` can tell; and each rewritten schema accepts what the given one accepts.

import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { strictForAjv } from "../../../generators/emit/export-strict.js";

interface Case {
  name: string;
  given: Record<string, unknown>;
  want: Record<string, unknown>;
  /** Whether `new Ajv2020({ strict: true })` compiles `want` (false: a form the rewrite leaves alone). */
  compiles: boolean;
}

const ruleOnA = (inner: Record<string, unknown>) => ({ properties: { a: inner } });

const CASES: Case[] = [
  {
    name: "a rule branch on a member the body makes an object",
    given: {
      type: "object",
      properties: { a: { type: "object" } },
      allOf: [{ if: { type: "object" }, then: ruleOnA({ properties: { b: { type: "string" } } }) }],
    },
    want: {
      type: "object",
      properties: { a: { type: "object" } },
      allOf: [{ if: { type: "object" }, then: ruleOnA({ type: "object", properties: { b: { type: "string" } } }) }],
    },
    compiles: true,
  },
  {
    name: "a member that may be null: object or null",
    given: {
      $ref: "#/$defs/Body",
      allOf: [{ then: ruleOnA({ required: ["b"], properties: { b: true } }), if: true }],
      $defs: { Body: { type: "object", properties: { a: { type: ["object", "null"] } } } },
    },
    want: {
      $ref: "#/$defs/Body",
      allOf: [{ then: { type: "object", properties: { a: { type: ["object", "null"], required: ["b"], properties: { b: true } } } }, if: true }],
      $defs: { Body: { type: "object", properties: { a: { type: ["object", "null"] } } } },
    },
    compiles: true,
  },
  {
    name: "items where the value can only be a string: asserts nothing, left out",
    given: { type: "object", properties: { a: { type: "string" } }, allOf: [{ type: "object", ...ruleOnA({ items: { const: 1 } }) }] },
    want: { type: "object", properties: { a: { type: "string" } }, allOf: [{ type: "object", properties: { a: {} } }] },
    compiles: true,
  },
  {
    name: "a component whose branches are all objects",
    given: { $ref: "#/$defs/Both", $defs: { Both: { allOf: [{ type: "object", properties: { x: true } }], unevaluatedProperties: false } } },
    want: { $ref: "#/$defs/Both", $defs: { Both: { allOf: [{ type: "object", properties: { x: true } }], type: "object", unevaluatedProperties: false } } },
    compiles: true,
  },
  {
    name: "required without properties, no unevaluatedProperties: defined as true",
    given: { if: { type: "object", required: ["query"] }, then: { type: "object" }, else: { type: "string" } },
    want: { if: { type: "object", required: ["query"], properties: { query: true } }, then: { type: "object" }, else: { type: "string" } },
    compiles: true,
  },
  {
    name: "required seen by unevaluatedProperties that does not evaluate it: left alone",
    given: { type: "object", allOf: [{ type: "object", required: ["a"] }], unevaluatedProperties: false },
    want: { type: "object", allOf: [{ type: "object", required: ["a"] }], unevaluatedProperties: false },
    compiles: false,
  },
  {
    name: "required seen by unevaluatedProperties that evaluates it anyway: defined",
    given: { type: "object", properties: { a: true }, allOf: [{ type: "object", required: ["a"] }], unevaluatedProperties: false },
    want: { type: "object", properties: { a: true }, allOf: [{ type: "object", required: ["a"], properties: { a: true } }], unevaluatedProperties: false },
    compiles: true,
  },
  {
    name: "required beside additionalProperties: left alone",
    given: { type: "object", required: ["a"], additionalProperties: false },
    want: { type: "object", required: ["a"], additionalProperties: false },
    compiles: false,
  },
  {
    name: "a value of several types: no type a strict Ajv takes, left alone",
    given: { anyOf: [{ type: "string" }, { type: "object" }], properties: { a: { type: "string" } } },
    want: { anyOf: [{ type: "string" }, { type: "object" }], properties: { a: { type: "string" } } },
    compiles: false,
  },
];

const compiles = (schema: object) => {
  try {
    new Ajv2020({ strict: true, logger: false }).compile(schema);
    return true;
  } catch {
    return false;
  }
};

/** Values near the cases' shapes: objects with members a, b, x, query holding anything. */
const values = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(
    fc.constantFrom("a", "b", "x", "query"),
    fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.dictionary(fc.constantFrom("a", "b"), fc.jsonValue({ maxDepth: 1 }))),
  ),
);

describe("strictForAjv", () => {
  test.each(CASES)("$name", ({ given, want, compiles: strictTakesIt }) => {
    const rewritten = strictForAjv(given);
    expect(rewritten).toEqual(want);
    expect(compiles(rewritten)).toBe(strictTakesIt);
    const before = new Ajv2020({ strict: false }).compile(given);
    const after = new Ajv2020({ strict: false }).compile(rewritten);
    fc.assert(
      fc.property(values, (value) => before(value) === after(value)),
      { numRuns: 300, seed: 20261128 },
    );
  });
});
