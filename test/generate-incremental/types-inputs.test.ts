// The types artifact is hashed from the model and narrowingRules(rules) only (docs/generate-speed.md):
// that is sound only if the types emitted from the whole rules file and from the projection are
// the same, and if no member the projection drops changes them. Checked on the bundled schema
// and rules, and on the upstream v2 document when ../shared is there.

import { describe, expect, it } from "vitest";
import { emitTypes } from "../../generators/emit/emit-types.js";
import { loadModel, loadRules } from "../../generators/pipeline.js";
import { narrowingRules } from "../../generators/emit/types/narrowing.js";
import type { RulesFile, RuleSpec } from "../../rules/types.js";
import { haveShared, reportSharedAbsent, upstreamV2 } from "../fixtures/conformance/support.js";

reportSharedAbsent("the upstream half of types-inputs");

const documents = [{ name: "bundled schema", spec: undefined }, ...(haveShared ? [{ name: "upstream v2", spec: upstreamV2 }] : [])];

describe.each(documents)("types from the narrowing rules alone ($name)", ({ spec }) => {
  it("the projection gives the same types as the whole rules file, and keeps every rule it narrows by", async () => {
    const model = await loadModel(spec === undefined ? {} : { spec });
    const rules = loadRules();
    const projected: RulesFile = { version: rules.version, stages: [], hints: [], rules: narrowingRules(rules.rules) };
    expect(projected.rules.map((rule) => rule.id)).toEqual(
      rules.rules.filter((rule) => ["exactlyOne", "enumWhen", "requires"].includes(rule.kind)).map((rule) => rule.id),
    );
    expect(projected.rules.length).toBeGreaterThan(0);
    expect(emitTypes(model, projected, "// h")).toBe(emitTypes(model, rules, "// h"));
  });

  it("a change to any member the projection drops (message, status, spec, …), stages or hints leaves the types as they are", async () => {
    const model = await loadModel(spec === undefined ? {} : { spec });
    const rules = loadRules();
    const want = emitTypes(model, rules, "// h");
    const kept = new Set(Object.keys(narrowingRules(rules.rules)[0] ?? {}).concat(["fields", "field", "allowed", "when"]));
    const mutate = (rule: RuleSpec): RuleSpec =>
      Object.fromEntries(
        Object.entries(rule).map(([k, value]) => [
          k,
          kept.has(k) ? value : typeof value === "string" ? `${value} (edited)` : typeof value === "number" ? value + 1 : value,
        ]),
      ) as RuleSpec;
    const edited: RulesFile = { ...rules, stages: [], hints: [], rules: rules.rules.map(mutate) };
    expect(edited.rules.some((rule, i) => JSON.stringify(rule) !== JSON.stringify(rules.rules[i]))).toBe(true);
    expect(emitTypes(model, edited, "// h")).toBe(want);
  });
});
