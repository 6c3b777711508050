// The hashes in every generated header and in the stamp are made faster (docs/generate-speed.md)
// but must not change: a header that hashed differently would make every user's next run rebuild
// everything and fail `generate --check`. canonicalJson is JSON.stringify with sorted keys, and
// an artifact's header hash is partsHash of its parts whichever parts came before it.

import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Artifacts, partsHash } from "../../generators/artifacts.js";
import { canonicalJson, header } from "../../generators/header.js";

/** What canonicalJson was: JSON.stringify, each object replaced by a copy with sorted keys. */
const reference = (value: unknown): string =>
  JSON.stringify(value, (_key, node: unknown) => {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(node).sort()) Object.defineProperty(sorted, k, { value: (node as Record<string, unknown>)[k], enumerable: true });
    return sorted;
  });

/** JSON values, and what a parsed document may also hold: undefined members, a toJSON, -0, index-like keys. */
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(undefined, -0, Number.NaN, Number.POSITIVE_INFINITY, "\u2028\ud800", { toJSON: (key: string) => `at ${key}` }),
    fc.array(tie("node"), { maxLength: 4 }),
    // Keys JavaScript enumerates first (array indexes) and look-alikes it does not.
    fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("0", "2", "10", "4294967294", "4294967295", "01", "-1", "1.5")), tie("node"), {
      maxKeys: 6,
    }),
  ),
})).node;

describe("canonicalJson", () => {
  test("is JSON.stringify with object keys sorted", () => {
    fc.assert(
      fc.property(value, (generated) => {
        expect(canonicalJson(generated)).toBe(reference(generated));
      }),
      { numRuns: 2000 },
    );
  });

  test("refuses a circular value as JSON.stringify does", () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = { a };
    expect(() => canonicalJson(a)).toThrow(TypeError);
  });
});

describe("an artifact's header hash", () => {
  test("is partsHash of its own parts, whatever the artifacts declared before it share", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.constantFrom("", "a", "model text", "b\u0000c", "é"), { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
        async (declared) => {
          const artifacts = new Artifacts(["spec.yaml"], undefined);
          declared.forEach((parts, i) => void artifacts.add(`a${i}`, parts, () => new Map()));
          const { artifacts: records } = await artifacts.files();
          expect(records.map((record) => record.identity)).toEqual(declared.map((parts) => header(["spec.yaml"], partsHash(parts))));
        },
      ),
    );
  });
});
