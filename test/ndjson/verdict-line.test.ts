// Issue 14, bulk: the --format json / --ndjson line is built field by field (cli/format/json.ts)
// and escaped per chunk of encoded bytes (Utf8Sink), not by printableJson on a wrapper object.
// It must print the very same bytes: checked against printableJson on property-generated
// verdicts (fixed seed), and lintBatch (decode once per ASCII batch) against the per-line
// lintSource + printableJson loop on real lines of every kind.

import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { lintBatch, Utf8Sink } from "../../cli/lint/ndjson/batch.js";
import { jsonLine, mayNeedEscapes, printableText, verdictLine } from "../../cli/format/json.js";
import type { LintResult } from "../../lint/lint.js";
import { lintSource, loadValidators } from "../../lint/lint.js";
import { printableJson } from "../../lint/printable.js";
import { invalidBody, largeBody, validBody } from "../../bench/bodies.js";

const SEED = 1414;

/** What --format json printed before: printableJson of the whole object, then LF. */
function reference(file: string, result: LintResult): string {
  const { ok, status, problem, violations, warnings, resolved } = result;
  return `${printableJson({ file, ok, status, problem, violations, warnings, resolved: resolved ?? null })}\n`;
}

/** Text with the characters printableJson escapes (DEL, C1, U+2028/9, bidi) mixed into any Unicode. */
const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc
    .array(fc.constantFrom("a", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029", "\u202e", "\u2067", "é", "—", "\n", '"', "\\", "\ud800"), { maxLength: 8 })
    .map((chars) => chars.join("")),
);

const violation = fc.record(
  { rule: text, status: fc.constantFrom(400, 409, 422), path: text, message: text, hint: text },
  { requiredKeys: ["rule", "status", "path", "message"] },
);
const warning = fc.record({ rule: text, path: text, message: text });

/** JSON-ish data as a resolved body can hold, plus what JSON.stringify treats specially. */
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    text,
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(text, tie("value"), { maxKeys: 4 }),
  ),
})).value;

const verdict: fc.Arbitrary<LintResult> = fc.oneof(
  // Valid: the constant-text path.
  fc.record({
    ok: fc.constant(true),
    status: fc.constant(null),
    problem: fc.constant(null),
    violations: fc.constant<LintResult["violations"]>([]),
    warnings: fc.array(warning, { maxLength: 2 }),
    resolved: data,
  }),
  // Invalid, or anything else a caller may hand in.
  fc.record({
    ok: fc.boolean(),
    status: fc.oneof(fc.constant(null), fc.integer({ min: 100, max: 599 }), fc.double()),
    problem: fc.oneof(
      fc.constant(null),
      fc.record({ title: text, status: fc.integer({ min: 400, max: 499 }), detail: text, errors: fc.array(text, { maxLength: 3 }) }),
    ),
    violations: fc.array(violation, { maxLength: 3 }),
    warnings: fc.array(warning, { maxLength: 2 }),
    resolved: data,
  }) as fc.Arbitrary<LintResult>,
);

describe("verdictLine prints what printableJson prints", () => {
  test("generated verdicts and file names: the same line (fixed seed)", () => {
    fc.assert(
      fc.property(text, verdict, (file, result) => {
        expect(jsonLine({ file, result })).toBe(reference(file, result));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  test("through the UTF-8 sink, chunk by chunk: the same bytes", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, verdict), { minLength: 1, maxLength: 6 }), (lines) => {
        const sink = new Utf8Sink(Buffer.alloc(8));
        for (const [file, result] of lines) sink.emit(verdictLine(JSON.stringify(file), result));
        const want = lines.map(([file, result]) => reference(file, result)).join("");
        expect(sink.bytes.toString("utf8")).toBe(want);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  test("a member JSON.stringify leaves out is left out; a toJSON gets its key", () => {
    const odd = { toJSON: (key: string) => `as ${key}` };
    const cases: LintResult[] = [
      { ok: true, status: null, problem: null, violations: [], warnings: [], resolved: () => 1 },
      // Not a verdict lint makes (ok false without a problem): the line writer copes anyway.
      { ok: false, status: undefined, problem: odd, violations: [], warnings: [], resolved: odd } as unknown as LintResult,
      { ok: true, status: null, problem: null, violations: [], warnings: [], resolved: { toJSON: () => undefined } },
      { ok: true, status: Number.NaN, problem: null, violations: [], warnings: [], resolved: -0 } as unknown as LintResult,
    ];
    for (const result of cases) expect(jsonLine({ file: "f", result })).toBe(reference("f", result));
  });

  test("the byte scan never misses a character printableText escapes", () => {
    for (const char of ["\u007f", "\u0080", "\u009f", "\u2028", "\u2029", "\u202a", "\u202e", "\u2066", "\u2069"]) {
      const bytes = Buffer.from(`{"a":"x${char}y"}`);
      expect(printableText(`x${char}`), char).not.toBe(`x${char}`);
      expect(mayNeedEscapes(bytes, 0, bytes.length), `U+${char.charCodeAt(0).toString(16)}`).toBe(true);
    }
    const ascii = Buffer.from('{"plain":"ascii text, \\u0007 escaped by JSON"}');
    expect(mayNeedEscapes(ascii, 0, ascii.length)).toBe(false);
  });
});

describe("lintBatch prints what linting each line alone prints", () => {
  beforeAll(async () => {
    await loadValidators("createEndpoint");
  });

  /** The old loop: each line as bytes to lintSource, then printableJson. */
  function perLine(lines: Buffer[], name: string): string {
    return lines
      .map((bytes, i) => {
        const line = bytes.at(-1) === 0x0d ? bytes.subarray(0, -1) : bytes;
        if (/^[ \t\r]*$/.test(bytes.toString("latin1"))) return "";
        return reference(`${name}:${i + 1}`, lintSource(line, { operation: "createEndpoint" }).result);
      })
      .join("");
  }

  const gpu = JSON.parse(validBody()) as Record<string, unknown>;
  const kinds: Buffer[] = [
    Buffer.from(validBody()),
    Buffer.from(invalidBody()),
    Buffer.from(largeBody()),
    Buffer.from(`${validBody()}\r`),
    Buffer.from(" \t"),
    Buffer.from('{"name": "truncated"'),
    Buffer.from(JSON.stringify({ ...gpu, name: "caf\u00e9 \u2028 \u009b \u202e" })),
    Buffer.from(JSON.stringify({ ...gpu, workers: "\u007f" })),
    Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
    Buffer.from(`\uFEFF${validBody()}`),
    Buffer.from(JSON.stringify({ ...gpu, env: { "\u0085": "x" } })),
    Buffer.from("[1, 2"),
  ];

  test("generated files of every kind of line, ASCII batches and others: the same bytes (fixed seed)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(kinds.length - 1), { minLength: 1, maxLength: 30 }), fc.constantFrom("bodies.ndjson", "wéird\u2028name"), (picks, name) => {
        const lines = picks.map((i) => kinds[i] as Buffer);
        const bytes = Buffer.concat(lines.flatMap((line) => [line, Buffer.from("\n")]));
        const sink = new Utf8Sink(Buffer.alloc(64));
        const verdicts = lintBatch(bytes, bytes.length, 1, name, { operation: "createEndpoint" }, 1 << 20, sink.emit);
        expect(sink.bytes.toString("utf8")).toBe(perLine(lines, name));
        expect(verdicts.invalid).toBe(perLine(lines, name).includes('"ok":false'));
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
