// OpenAPI 3.0 and 3.1 semantics: for each keyword, valid and invalid values of a request body,
// judged by two paths that must agree: the engine compiled at run time (`loadEngine`, what
// `lint --spec` uses) and the generated standalone output, type-checked, compiled and imported.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { generate } from "../../generators/pipeline.js";
import { type Engine, evaluate, evaluateResponse } from "../../engine/evaluate.js";
import type { CheckResult } from "../../engine/types.js";
import { compileOutput, fixtures, scratch, writeFiles } from "../fixtures/conformance/support.js";

interface Case {
  op: string;
  valid: unknown[];
  invalid: unknown[];
}

const cat = { petType: "cat", lives: 3 };
const dog = { petType: "dog", bark: false };

/** Cases both versions share; `suffix` is the operationId suffix ("30", "31"). */
const common = (suffix: string): Case[] => [
  ...["discriminatorMapping", "discriminatorNoMapping"].map((name) => ({
    op: name + suffix,
    valid: [cat, dog],
    invalid: [{ petType: "cat", bark: true }, { petType: "bird" }, {}, { petType: "dog", lives: 3 }, []],
  })),
  {
    op: `formats${suffix}`,
    valid: [
      { i32: 2147483647, i64: 9007199254740991, f: 1.5, d: -2.25, at: "2024-02-29T23:59:59Z", link: "https://x.example/a?b=c", custom: "42 EU" },
      { at: "2024-01-01T00:00:00.5+05:45", link: "urn:isbn:0451450523" },
    ],
    invalid: [{ at: "yesterday" }, { at: "2024-13-01T00:00:00Z" }, { link: "not a uri" }, { i32: 1.5 }, { i64: "1" }, { f: "1.5" }],
  },
  {
    op: `recursive${suffix}`,
    valid: [{ value: 1 }, { value: 1, children: [{ value: 2, children: [{ value: 3, children: [] }] }] }],
    invalid: [{}, { value: 1, children: [{ value: "2" }] }, { value: 1, children: [{ value: 2, children: [{ value: 3, extra: true }] }] }],
  },
];

const cases30: Case[] = [
  {
    op: "nullable30",
    valid: [{ name: null, color: null, plain: "x", pet: null }, { name: "a", color: "red", pet: cat }, {}],
    invalid: [{ plain: null }, { color: "blue" }, { name: 1 }, { pet: dog }, { pet: {} }, { other: 1 }],
  },
  {
    op: "exclusive30",
    valid: [{ above: 0.001, below: 9.999, inclusive: 1 }, { inclusive: 5 }],
    invalid: [{ above: 0 }, { above: -1 }, { below: 10 }, { inclusive: 0 }, { inclusive: 6 }],
  },
  {
    op: "combinators30",
    valid: [
      { id: "1", email: "e" },
      { id: "1", phone: "p", size: 4 },
      { id: "1", email: "e", size: 3 },
    ],
    invalid: [{ email: "e" }, { id: "1" }, { id: "1", email: "e", size: 6 }, { id: "1", email: "e", size: 5 }, { id: 1, email: "e" }],
  },
  ...common("30"),
];

const cases31: Case[] = [
  {
    op: "typeArrays31",
    valid: [{ name: null, count: null, pet: null }, { name: "a", count: 1, pet: cat }, {}],
    invalid: [{ count: 0 }, { name: 1 }, { pet: dog }, { other: 1 }, { count: "1" }],
  },
  {
    op: "exclusive31",
    valid: [{ above: 0.001, below: 9.999 }, {}],
    invalid: [{ above: 0 }, { above: -5 }, { below: 10 }, { below: 11 }],
  },
  {
    op: "combinators31",
    valid: [
      { id: "1", email: "e" },
      { id: "1", phone: "p", size: 2 },
    ],
    // unevaluatedProperties sees through allOf/$ref: `id` is evaluated, `other` is not.
    invalid: [{ id: "1", email: "e", other: 1 }, { id: "1" }, { email: "e" }, { id: "1", phone: "p", size: 12 }],
  },
  {
    op: "ifThenElse31",
    valid: [
      { type: "LOAD_BALANCER", scaler: "REQUEST_COUNT", image: "i" },
      { type: "QUEUE", scaler: "QUEUE_DELAY", image: "i" },
      { type: "QUEUE", templateId: "t" },
    ],
    invalid: [
      { type: "LOAD_BALANCER", scaler: "QUEUE_DELAY", image: "i" },
      { type: "QUEUE", scaler: "OTHER", image: "i" },
      { type: "QUEUE" },
      { type: "QUEUE", image: "i", bogus: 1 },
      { type: "BATCH", image: "i" },
    ],
  },
  {
    op: "dependentRequired31",
    valid: [{}, { billingAddress: "x" }, { creditCard: "4111", billingAddress: "1 Main St" }, { version: 2 }],
    invalid: [{ creditCard: "4111" }, { version: 3 }, { version: "2" }],
  },
  ...common("31"),
];

type Check = (op: string, body: unknown) => CheckResult;

function expectVerdicts(check: Check, cases: Case[]): number {
  let checked = 0;
  for (const { op, valid, invalid } of cases) {
    for (const body of valid) {
      const verdict = check(op, body);
      expect(verdict.violations, `${op} must accept ${JSON.stringify(body)}`).toEqual([]);
      checked++;
    }
    for (const body of invalid) {
      const verdict = check(op, body);
      expect(verdict.ok, `${op} must reject ${JSON.stringify(body)}`).toBe(false);
      expect(verdict.status).toBe(422);
      expect(verdict.violations.every((violation) => violation.rule.startsWith("schema/"))).toBe(true);
      checked++;
    }
  }
  return checked;
}

interface Output {
  check: Check;
  checkResponse(op: string, status: string, body: unknown): CheckResult;
}

for (const [version, file, cases] of [
  ["3.0", "openapi-3.0.yaml", cases30],
  ["3.1", "openapi-3.1.yaml", cases31],
] as const) {
  describe(`OpenAPI ${version} semantics`, () => {
    const spec = path.join(fixtures, file);
    let engine: Engine;
    let output: Output;
    let diagnostics: { code: string; message: string; pointer?: string }[];

    beforeAll(async () => {
      engine = await loadEngine({ spec });
      const result = await generate({ spec });
      diagnostics = result.diagnostics;
      const dir = scratch(`semantics-${version}`);
      writeFiles(dir, result.files);
      output = (await import(pathToFileURL(compileOutput(dir)).href)) as Output;
    });

    it("covers every operation of the fixture", async () => {
      const ops = [...engine.operations.keys()].sort();
      expect(ops).toEqual([...new Set(cases.map((testCase) => testCase.op))].sort());
    });

    it("the on-the-fly engine gives the expected verdicts", () => {
      expect(expectVerdicts((op, body) => evaluate(engine, op, body, {}), cases)).toBeGreaterThan(40);
    });

    it("the generated, compiled output gives the same verdicts", () => {
      expectVerdicts((op, body) => output.check(op, body), cases);
    });

    it("tolerates an unknown format with one warning naming it and its pointer", () => {
      const unknown = diagnostics.filter((diagnostic) => diagnostic.code === "unknown-format");
      expect(unknown).toHaveLength(1);
      expect(unknown[0]?.message).toContain('"x-shoe-size"');
      expect(unknown[0]?.pointer).toBe("/paths/~1formats/post/requestBody/content/application~1json/schema/properties/custom/format");
    });
  });
}

describe("examples and OpenAPI-only keywords", () => {
  it("a usable discriminator reports only the chosen branch's errors, and names an unknown tag at the tag", async () => {
    const engine = await loadEngine({ spec: path.join(fixtures, "openapi-3.1.yaml") });
    const catVerdict = evaluate(engine, "discriminatorMapping31", { petType: "cat", lives: 12 });
    expect(catVerdict.violations.map((violation) => [violation.path, violation.rule])).toEqual([["/lives", "schema/maximum"]]);
    const unknown = evaluate(engine, "discriminatorMapping31", { petType: "cow" });
    expect(unknown.violations.map((violation) => [violation.path, violation.rule])).toEqual([["/petType", "schema/discriminator"]]);
    expect(evaluate(engine, "discriminatorMapping31", []).ok).toBe(false);
    expect(evaluate(engine, "discriminatorMapping31", { petType: "dog", bark: true }).ok).toBe(true);
  });

  it("validates media examples (3.0 `example`, 3.1 `examples`) with their operation's validator", async () => {
    const e30 = await loadEngine({ spec: path.join(fixtures, "openapi-3.0.yaml") });
    expect(evaluateResponse(e30, "recursive30", "200", { value: 1, children: [{ value: 2, children: [] }] }).ok).toBe(true);
    const { files } = await generate({ spec: path.join(fixtures, "openapi-3.1.yaml") });
    // The schema-level `examples` array stays (a 2020-12 annotation); `nullable` goes, and an OpenAPI
    // `discriminator` stays only as Ajv reads it (`propertyName`, no `mapping`), where it is usable.
    const validators = [...files]
      .filter(([name]) => name.startsWith("validators/"))
      .map(([, text]) => text)
      .join("");
    expect(validators.includes('"examples":[{"billingAddress":"1 Main St","creditCard":"4111","version":2}]')).toBe(true);
    expect(validators.includes('"mapping":{')).toBe(false);
  });
});
