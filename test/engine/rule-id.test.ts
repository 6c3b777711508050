// A verdict's rule ids are typed: `check` from the package entry (and from any generated output)
// returns Verdict = CheckResult<RuleId | BuiltinRuleId>, RuleId being the rules file's ids as a
// union of literals. `tsc -p test` (in npm test) compiles this file: a misspelt id must not
// compile (@ts-expect-error fails the type-check when the error goes away).

import { describe, expect, test } from "vitest";
import { check, type RuleId, type Verdict } from "../../lint/index.js";
import type { RuleId as OutputRuleId } from "../../output/index.mjs";
import { ruleIdUnion } from "../../generators/emit/emit-rules.js";
import { parseRules } from "../../rules/load.js";
import { readFileSync } from "node:fs";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "../..");

describe("a violation's rule id", () => {
  test("narrows to the rules file's ids: a catalog rule's violation is told apart by id", () => {
    const verdict: Verdict = check("createEndpoint", { name: "x", image: "img", gpu: { pools: ["NOPE_1"] } });
    const ids = verdict.violations.map((violation) => violation.rule);
    expect(ids).toContain("gpu-pools-known");
    const first = verdict.violations.find((violation) => violation.rule === "gpu-pools-known");
    expect(first?.status).toBe(400);
    // @ts-expect-error: "gpu-pool-known" is no rule id of the bundled rules file.
    expect(verdict.violations.some((violation) => violation.rule === "gpu-pool-known")).toBe(false);
  });

  test("schema failures carry schema/<keyword>, a BuiltinRuleId", () => {
    const verdict = check("createEndpoint", { name: 5 });
    const schema = verdict.violations.filter((violation) => violation.rule.startsWith("schema/"));
    expect(schema.length).toBeGreaterThan(0);
    const rule: RuleId | `schema/${string}` | `json/${string}` | `graphql/${string}` | `hint/${string}` | `catalog/${string}` = schema[0]!.rule;
    expect(rule).toMatch(/^schema\//);
  });

  test("the union is every rule and stage id of the rules file, sorted, as generated into output/rules.mts", () => {
    const rules = parseRules(readFileSync(path.join(repo, "rules/v2.rules.yaml"), "utf8"), "rules/v2.rules.yaml");
    const union = ruleIdUnion(rules);
    const ids = [...rules.rules.map((rule) => rule.id), ...rules.stages.map((stage) => stage.id)];
    for (const id of ids) expect(union).toContain(JSON.stringify(id));
    expect(readFileSync(path.join(repo, "output/rules.mts"), "utf8")).toContain(`export type RuleId = ${union};`);
    const sample: OutputRuleId = "cuda-set-or-floor";
    expect(ids).toContain(sample);
  });

  test("a rules file with no rules gives never, and ids are escaped as string literals", () => {
    const empty = { rules: [], stages: [], hints: [] } as unknown as Parameters<typeof ruleIdUnion>[0];
    expect(ruleIdUnion(empty)).toBe("never");
    const odd = { rules: [{ id: 'a"b' }, { id: "a\\b" }], stages: [], hints: [] } as unknown as Parameters<typeof ruleIdUnion>[0];
    expect(ruleIdUnion(odd)).toBe(`"a\\"b" | "a\\\\b"`);
  });
});
