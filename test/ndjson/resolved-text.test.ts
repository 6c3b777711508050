// `lint --ndjson` prints a verdict's `resolved` from the line's own text when it can vouch for the
// bytes (engine/verdict.ts `resolvedText`). It must print exactly what JSON.stringify
// prints: on texts spelled every way JSON allows (whitespace, escapes, exponents, duplicate and
// index keys, lone surrogates), and on generated bodies of every operation, defaults pending or
// not. And the fast path must be taken where it applies, or the speed it exists for is gone
// unnoticed.

import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { verdictLine } from "../../cli/format/json.js";
import { resolvedText } from "../../engine/verdict.js";
import data from "../../output/tests/model.json" with { type: "json" };
import type { CheckResult } from "../../engine/types.js";
import type { TestModel } from "../../testing/index.js";
import { lintSource, loadValidators } from "../../lint/lint.js";
import { bodyVariants } from "../engine/body-variants.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261126);
const operations = Object.keys(model.requests).sort();

/** A verdict whose `resolved` is the parsed body itself (no defaults pending). */
const plain = (body: unknown): CheckResult => ({ ok: true, status: null, problem: null, violations: [], warnings: [], resolved: body });

/** resolvedText of a text as JSON.parse reads it: undefined, or exactly JSON.stringify's text. */
function checked(text: string): string | undefined {
  const body: unknown = JSON.parse(text);
  const got = resolvedText(plain(body), text, body);
  if (got !== undefined) expect(got).toBe(JSON.stringify(body));
  return got;
}

// ------------------------------------------------------------------------- texts of any spelling

/** A JSON value printed token by token, each token spelled one of the ways JSON allows. */
type Spelled = { text: string; canonical: boolean };

const space = fc.constantFrom("", "", "", " ", "\n", "\t", "  ");
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("0", "12", "1a", "__proto__", "toJSON", "a/b", 'q"', "\u00e9", "\ud83d\ude00"));

/** A string's spellings: as JSON.stringify writes it, or with some characters as \u escapes or `\/`. */
function spellString(value: string): fc.Arbitrary<Spelled> {
  const canonical = JSON.stringify(value);
  return fc.oneof(
    fc.constant({ text: canonical, canonical: true }),
    fc.nat({ max: Math.max(0, value.length - 1) }).map((at) => {
      if (value.length === 0) return { text: canonical, canonical: true };
      const code = value.charCodeAt(at);
      const escaped = `\\u${code.toString(16).padStart(4, "0")}`;
      return { text: JSON.stringify(value.slice(0, at)).slice(0, -1) + escaped + JSON.stringify(value.slice(at + 1)).slice(1), canonical: false };
    }),
    fc.constant({ text: canonical.replaceAll("/", "\\/"), canonical: !value.includes("/") }),
  );
}

/** A number's spellings: JavaScript's own, with an exponent, with a fraction, a negative zero. */
function spellNumber(value: number): fc.Arbitrary<Spelled> {
  const canonical = JSON.stringify(value);
  const [mantissa, exponent] = canonical.split("e") as [string, string | undefined];
  const longer = `${mantissa}${mantissa.includes(".") ? "0" : ".0"}${exponent === undefined ? "" : `e${exponent}`}`;
  const others = [value.toExponential(), value.toExponential().toUpperCase(), longer];
  if (value === 0) others.push("-0", "0e5", "-0.0");
  if (Number.isSafeInteger(value) && value % 100 === 0 && value !== 0) others.push(`${value / 100}e2`, `${value / 1000}E3`);
  return fc.oneof(
    fc.constant({ text: canonical, canonical: true }),
    fc.constantFrom(...others).map((text) => ({ text, canonical: text === canonical })),
  );
}

const spelled: fc.Arbitrary<Spelled> = fc.letrec<{ value: Spelled }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom<Spelled>({ text: "null", canonical: true }, { text: "true", canonical: true }, { text: "false", canonical: true }),
    fc
      .oneof(
        fc.integer(),
        fc.integer({ min: 0, max: 100 }).map((hundreds) => hundreds * 100),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(1e15, 2 ** 53 + 2, 1e21, 0.1),
      )
      .chain(spellNumber),
    fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: "binary", maxLength: 8 }), fc.constantFrom("\ud800", "a\udc00b", "x\ny", "1e2")).chain(spellString),
    fc.array(fc.tuple(space, tie("value")), { maxLength: 4 }).map((items) => ({
      text: `[${items.map(([spacing, element]) => spacing + element.text).join(",")}]`,
      canonical: items.every(([spacing, element]) => spacing === "" && element.canonical),
    })),
    fc
      .array(
        fc.tuple(
          key.chain((k) => spellString(k)),
          space,
          tie("value"),
        ),
        { maxLength: 4 },
      )
      .map((members) => ({
        text: `{${members.map(([k, spacing, memberValue]) => `${k.text}${spacing}:${memberValue.text}`).join(",")}}`,
        canonical: members.every(([k, spacing, memberValue]) => k.canonical && spacing === "" && memberValue.canonical),
      })),
  ),
})).value;

describe("resolvedText: the text itself, or nothing", () => {
  test("texts of every spelling: undefined or exactly JSON.stringify's text (fixed seed)", () => {
    let same = 0;
    fc.assert(
      fc.property(spelled, space, (value, around) => {
        const text = `${around}${value.text}`;
        if (checked(text) !== undefined) same++;
      }),
      { seed: SEED, numRuns: 4000 },
    );
    // Some generated texts are JSON.stringify's own: those come back (not all refused).
    expect(same).toBeGreaterThan(100);
  });

  test.each([
    ['{"a": 1e3}', "an exponent where whitespace makes up the length"],
    ['{"a":1e3 }', "the same, the space after"],
    ["[1E2]", "an exponent as long as the digits"],
    ['{"b":1,"1":2}', "an index key, which JSON.parse puts first"],
    ['{"a":1,"a":2}', "a duplicate key"],
    ['{"a":-0}', "a negative zero"],
    ['{"a":"\\u0041"}', "an escape JSON.stringify does not write"],
    ['{"a":"\\/"}', "an escaped slash"],
    ['{"a":1.0}', "a fraction of an integer"],
    ['{"a":12345678901234567890}', "more digits than a double holds"],
    ['{"a":0.30000000000000003}', "a fraction spelled with other digits than JavaScript's"],
    ['{"a":"\ud800"}', "a lone surrogate, which JSON.stringify escapes"],
    ['{"a":"x\\"y"}', "an escape JSON.stringify writes too (refused all the same: the walk counts no escapes)"],
  ])("%s: not the text (%s)", (text) => {
    expect(checked(text)).toBeUndefined();
  });

  test.each([
    ['{"name":"sdxl","env":{"K":"v"},"n":[1,-20,300,4000000000,999999999999999],"t":true,"f":false,"z":null,"e":[],"o":{}}'],
    ['{"__proto__":{"x":1},"toJSON":"not a function","":"empty key","caf\u00e9":"\u2028"}'],
    ['"a string"'],
    ["[]"],
    ["null"],
  ])("%s: the text itself", (text) => {
    expect(checked(text)).toBe(text);
  });
});

// ------------------------------------------------------------- lint's verdicts, defaults pending

describe.each(operations)("%s: verdict lines with resolved from the text", (op) => {
  beforeAll(async () => {
    await loadValidators(op);
  });

  test("generated bodies, with fields removed and rules broken, as NDJSON and pretty: the same bytes (fixed seed)", () => {
    const bodies = bodyVariants(model, op);
    let fromText = 0;
    fc.assert(
      fc.property(bodies, fc.boolean(), (body, pretty) => {
        const text = pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
        const outcome = lintSource(text, { operation: op });
        const line = verdictLine('"f:1"', outcome.result, outcome);
        expect(line).toBe(verdictLine('"f:1"', lintSource(text, { operation: op }).result));
        const again = lintSource(text, { operation: op });
        const direct = resolvedText(again.result, text, again.body);
        if (direct !== undefined) {
          fromText++;
          expect(direct).toBe(JSON.stringify(lintSource(text, { operation: op }).result.resolved));
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    // createEndpoint's bodies as JSON.stringify writes them (half of them here) mostly take the
    // fast path. (Other operations' generated bodies often hold fractions, escapes or a PATCH
    // merge, which it leaves to JSON.stringify.)
    if (op === "createEndpoint") expect(fromText).toBeGreaterThan(5);
  });
});

describe("createEndpoint: defaults added inside the body's own objects", () => {
  beforeAll(async () => {
    await loadValidators("createEndpoint");
  });

  const base = { name: "x", type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, image: "a:b", gpu: { pools: ["ADA_24"] }, env: { K: "v" } };
  test.each<[Record<string, unknown>, string]>([
    [{ ...base }, "every default pending: workers made, gpu.count, flashboot and timeout appended"],
    [{ ...base, workers: {} }, "an empty workers object filled"],
    [{ ...base, workers: { max: 2 }, flashboot: "OFF" }, "workers.min and idleTimeout after max"],
    [{ ...base, gpu: { pools: ["ADA_24"], count: 2 }, workers: { min: 0, max: 1, idleTimeout: 5 }, flashboot: "OFF", timeout: 5 }, "nothing pending"],
  ])("%j: %s", (body) => {
    const text = JSON.stringify(body);
    const outcome = lintSource(text, { operation: "createEndpoint" });
    const want = JSON.stringify(lintSource(text, { operation: "createEndpoint" }).result.resolved);
    expect(resolvedText(outcome.result, text, outcome.body)).toBe(want);
  });
});
