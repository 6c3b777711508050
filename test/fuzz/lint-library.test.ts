// Fuzz (fast-check, fixed seed): the library `lint()` never throws and always gives a well-formed
// verdict, whatever it is handed: arbitrary JSON values, arbitrary strings and bytes, objects
// with getters (throwing or not), Proxies whose traps throw, and JSON text with hostile numbers.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded

const SEED = 1313;
const OPERATIONS = ["createEndpoint", "updateEndpoint", "createPod", "podAction", "createNetworkVolume"];

function expectVerdict(input: unknown, operation: string): void {
  let result: ReturnType<typeof lint>;
  try {
    result = lint(input, { operation });
  } catch (error) {
    throw new Error(`lint threw for ${String(operation)}: ${(error as Error)?.stack ?? String(error)}`, { cause: error });
  }
  expect(typeof result.ok).toBe("boolean");
  expect(result.ok ? result.status === null : [400, 422].includes(result.status as number)).toBe(true);
  expect(result.ok).toBe(result.violations.length === 0);
  expect(() => JSON.stringify(result)).not.toThrow();
}

/** An object whose properties may be getters that throw, wrapped or not in a Proxy whose traps may throw. */
const hostileObject = fc
  .record({
    base: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
    getters: fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.boolean()), { maxLength: 3 }),
    trap: fc.constantFrom(undefined, "get", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "has"),
  })
  // A factory: fast-check itself probes generated values (`in`), which a throwing trap would break.
  .map(({ base, getters, trap }) => () => {
    const target: Record<string, unknown> = { ...base };
    for (const [key, throws] of getters) {
      Object.defineProperty(target, key, {
        enumerable: true,
        configurable: true,
        get: () => {
          if (throws) throw new Error("getter");
          return key;
        },
      });
    }
    if (trap === undefined) return target;
    return new Proxy(target, {
      [trap]: () => {
        throw new Error(`trap ${trap}`);
      },
    });
  });

const hostileNumberText = fc
  .tuple(fc.constantFrom("1e999", "-1e999", "1e300", "9007199254740993", "-0", "0.0000001", `1${"0".repeat(320)}`), fc.jsonValue({ maxDepth: 2 }))
  .map(([literal, value]) => `{"name":"x","workers":{"max":${literal}},"extra":${JSON.stringify(value) ?? "null"}}`);

describe("lint() never throws (fuzz, seed 1313)", () => {
  const operation = fc.constantFrom(...OPERATIONS);

  it("arbitrary JSON values, as values and as text", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), operation, (value, op) => {
        expectVerdict(value, op);
        expectVerdict(JSON.stringify(value) ?? "null", op);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("arbitrary strings and bytes", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 100 })),
        fc.uint8Array({ maxLength: 200 }),
        operation,
        (text, bytes, op) => {
          expectVerdict(text, op);
          expectVerdict(bytes, op);
          expectVerdict(Buffer.from(bytes), op);
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });

  it("objects with getters and Proxies, and non-JSON values", () => {
    const strange = fc.constantFrom<unknown>(
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      10n,
      Symbol("s"),
      () => 1,
      new Date(0),
      new Map(),
      Object.create(null),
    );
    fc.assert(
      fc.property(hostileObject, strange, operation, (make, odd, op) => {
        const object = make();
        expectVerdict(object, op);
        expectVerdict({ name: "x", odd }, op);
        expectVerdict([object], op);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("JSON text with numbers at the edges of the float and integer ranges", () => {
    fc.assert(
      fc.property(hostileNumberText, operation, (text, op) => expectVerdict(text, op)),
      { seed: SEED, numRuns: 100 },
    );
  });
});
