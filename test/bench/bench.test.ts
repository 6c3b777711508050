// The benchmark suite's own logic, fast and without timing: the statistics helpers, the zod
// converter used as an anchor, and the detection corpus (each body breaks exactly the rule it
// names, its base is valid, and every createEndpoint rule of the rules file has a body).

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { baseBody, bundledTemplates, loadCorpus, v2kitDetects } from "../../bench/detection.js";
import { interleaved, median, quantile, ratio } from "../../bench/stats.js";
import { zodFromComponent, zodFromSchema } from "../../bench/zod-from-openapi.js";
import { lint } from "../../lint/index.js";

describe("stats", () => {
  test.each([
    [[], Number.NaN],
    [[7], 7],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[10, 1, 1, 1, 50], 1],
  ])("median(%j) = %d", (samples, want) => {
    expect(median(samples)).toBe(want);
  });

  test("median does not reorder its input", () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  test("quantile interpolates between ranks", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5], 0.9)).toBeCloseTo(4.6);
    expect(quantile([1, 2, 3, 4, 5], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4, 5], 1)).toBe(5);
  });

  test("ratio rounds to 3 decimals and refuses missing or zero denominators", () => {
    expect(ratio(2, 3)).toBe(0.667);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(null, 1)).toBeNull();
    expect(ratio(1, Number.NaN)).toBeNull();
  });

  test("interleaved runs contenders in ABBA order and keeps each one's samples", async () => {
    const order: string[] = [];
    const samples = await interleaved({ a: () => (order.push("a"), 1), b: () => (order.push("b"), 2) }, 4);
    expect(order.join("")).toBe("abbaabba");
    expect(samples).toEqual({ a: [1, 1, 1, 1], b: [2, 2, 2, 2] });
  });
});

describe("zod-from-openapi", () => {
  const doc = {
    components: {
      schemas: {
        Pet: {
          allOf: [
            { $ref: "#/components/schemas/Named" },
            { type: "object", required: ["kind"], properties: { kind: { enum: ["cat", "dog"] }, age: { type: "integer", minimum: 0 } } },
          ],
          // Dropped, as typical generators drop them:
          if: { properties: { kind: { const: "dog" } } },
          then: { required: ["age"] },
          unevaluatedProperties: false,
        },
        Named: {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string", minLength: 1, pattern: "^[a-z]+$" }, friend: { $ref: "#/components/schemas/Named" } },
        },
        Strict: {
          type: "object",
          additionalProperties: false,
          properties: { tags: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true }, note: { type: ["string", "null"] } },
        },
      },
    },
  };

  test("converts types, bounds, enums, allOf and recursive $refs", () => {
    const { schema } = zodFromComponent(doc, "Pet");
    expect(schema.safeParse({ name: "rex", kind: "dog", age: 3 }).success).toBe(true);
    expect(schema.safeParse({ name: "rex", kind: "dog", friend: { name: "tom", friend: { name: "al" } } }).success).toBe(true);
    expect(schema.safeParse({ name: "Rex", kind: "dog" }).success).toBe(false); // pattern
    expect(schema.safeParse({ name: "", kind: "dog" }).success).toBe(false); // minLength
    expect(schema.safeParse({ name: "rex", kind: "cow" }).success).toBe(false); // enum
    expect(schema.safeParse({ name: "rex", kind: "cat", age: -1 }).success).toBe(false); // minimum
    expect(schema.safeParse({ name: "rex", kind: "cat", age: 1.5 }).success).toBe(false); // integer
    expect(schema.safeParse({ name: "rex", kind: "cat", friend: { name: 1 } }).success).toBe(false); // nested $ref
  });

  test("drops if/then/else and unevaluatedProperties, and counts what it dropped", () => {
    const { schema, dropped } = zodFromComponent(doc, "Pet");
    expect(schema.safeParse({ name: "rex", kind: "dog" }).success).toBe(true); // then: required age, dropped
    expect(schema.safeParse({ name: "rex", kind: "cat", extra: 1 }).success).toBe(true); // unevaluatedProperties, dropped
    expect(dropped).toMatchObject({ if: 1, then: 1, unevaluatedProperties: 1 });
  });

  test("additionalProperties false is strict; uniqueItems is dropped; type arrays are unions", () => {
    const { schema, dropped } = zodFromSchema(doc, { $ref: "#/components/schemas/Strict" });
    expect(schema.safeParse({ tags: ["a"], note: null }).success).toBe(true);
    expect(schema.safeParse({ tags: ["a"], other: 1 }).success).toBe(false);
    expect(schema.safeParse({ tags: [] }).success).toBe(false);
    expect(schema.safeParse({ tags: ["a", "a"] }).success).toBe(true);
    expect(dropped).toMatchObject({ uniqueItems: 1 });
  });
});

describe("detection corpus", () => {
  const corpus = loadCorpus();
  const templates = bundledTemplates();

  test("has one body per rule of the rules file that applies to createEndpoint", () => {
    const rulesFile = parseYaml(readFileSync(new URL("../../rules/v2.rules.yaml", import.meta.url), "utf8")) as {
      rules: { id: string; operations: string[] }[];
    };
    const createRules = rulesFile.rules
      .filter((rule) => rule.operations.includes("createEndpoint"))
      .map((rule) => rule.id)
      .sort();
    const covered = [...new Set(corpus.filter((testCase) => testCase.kind === "rule").map((testCase) => testCase.rule))].sort();
    expect(covered).toEqual(createRules);
    expect(corpus.filter((testCase) => testCase.kind === "schema").length).toBeGreaterThan(0);
  });

  test.each(loadCorpus().map((testCase) => [testCase.id, testCase] as const))("%s breaks exactly the rule it names", (_id, testCase) => {
    expect(lint(JSON.stringify(baseBody(testCase)), { operation: "createEndpoint", templates }).violations).toEqual([]);
    const verdict = lint(JSON.stringify(testCase.body), { operation: "createEndpoint", templates });
    expect(verdict.ok).toBe(false);
    expect(verdict.status).toBe(testCase.status);
    expect(verdict.violations.map((violation) => violation.rule)).toContain(testCase.rule);
    // One break: every violation lies at or below the broken field (a oneOf reports each branch).
    for (const violation of verdict.violations) expect(violation.path.startsWith(testCase.path), `${violation.rule} at ${violation.path}`).toBe(true);
    if (testCase.kind === "rule")
      expect(verdict.violations.filter((violation) => !violation.rule.startsWith("schema/")).map((violation) => violation.rule)).toEqual([testCase.rule]);
    else expect(verdict.violations.every((violation) => violation.rule.startsWith("schema/"))).toBe(true);
    expect(v2kitDetects(testCase, templates)).toBe(true);
  });
});
