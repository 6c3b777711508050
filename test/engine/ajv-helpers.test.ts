// The standalone validators' runtime helpers (engine/ajv-helpers.ts) agree with what they
// replace: code points as the string iterator counts them, and equality of JSON data (Ajv's own,
// fast-deep-equal, throws on a key named valueOf holding null).

import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { equal, ucs2length } from "../../engine/ajv-helpers.js";

/** JSON text with keys sorted at every level: equal for equal JSON data whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

describe("ucs2length", () => {
  test("counts a surrogate pair once and a lone surrogate once", () => {
    expect(ucs2length("")).toBe(0);
    expect(ucs2length("a😀b")).toBe(3);
    expect(ucs2length("\ud800")).toBe(1);
    expect(ucs2length("\udc00\ud800")).toBe(2); // low then high: no pair
    expect(ucs2length("x\ud83d")).toBe(2); // a high surrogate at the end
  });

  test("equals the number of code points the string iterator yields, for any UTF-16 text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), (units, text) => {
        expect(ucs2length(units)).toBe([...units].length);
        expect(ucs2length(text)).toBe([...text].length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("equal", () => {
  test("is equality of JSON data: key order aside, as the canonical text says (keys such as valueOf or __proto__ included)", () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(equal(a, b)).toBe(canonical(a) === canonical(b));
        expect(equal(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  test("tells arrays from objects and counts keys", () => {
    expect(equal([], {})).toBe(false);
    expect(equal({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(equal([1, [2, { x: null }]], [1, [2, { x: null }]])).toBe(true);
    expect(equal([1, 2], [2, 1])).toBe(false);
  });
});
