// Emitter: output/tests/, fast-check property tests for every rule of the rules file, run
// against the generated engine: satisfying bodies pass, and each rule's `violate` makes the
// engine fail with exactly that rule and its status. Seeds are fixed (V2KIT_SEED overrides).

import type { RulesFile } from "../rules/types.js";
import { type Code, code } from "./codegen.js";
import { canonicalJson } from "./header.js";
import type { ApiModel } from "./model.js";
import { render } from "./templates.js";

export function emitTests(model: ApiModel, rules: RulesFile, skip: ReadonlySet<string>, context: unknown, header: string): { test: string; data: string } {
  const operations = model.operations.filter((op) => op.request && rules.rules.some((r) => r.operations.includes(op.id)));
  const requests: Record<string, unknown> = {};
  for (const op of operations) requests[op.id] = op.request?.schema;
  const kept = {
    ...rules,
    rules: rules.rules
      .map((r) => ({ ...r, operations: r.operations.filter((o) => operations.some((op) => op.id === o) && !skip.has(`${r.id}@${o}`)) }))
      .filter((r) => r.operations.length > 0),
  };
  const data = `${canonicalJson({ rules: kept, defs: relativeDefs(model.schemas), requests: relativeDefs(requests), context })}\n`;
  const validity: Code[] = operations.map(
    (op) => code`describe(${`${op.id}: bodies satisfying every rule`}, () => {
  it("pass the schema and every rule", () => {
    const context = contextFor(model, ${op.id});
    fc.assert(
      fc.property(validBodies(model, ${op.id}, schemaValid(${op.id}, context)), (body) => {
        const result = check(${op.id}, body, context);
        expect(result.violations).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});`,
  );
  const perRule: Code[] = kept.rules.flatMap((rule) =>
    rule.operations.map(
      (op) => code`describe(${`${rule.id} (${rule.status}) on ${op}`}, () => {
  const rule = ruleById(${rule.id});
  it("violate() fails with exactly this rule and its status", () => {
    const context = contextFor(model, ${op});
    let violated = 0;
    fc.assert(
      fc.property(validBodies(model, ${op}, schemaValid(${op}, context)), (body) => {
        const bad = violate(model, rule, ${op}, body);
        if (bad === undefined) return;
        violated++;
        const result = check(${op}, bad, context);
        expect(ruleIds(result)).toEqual([${rule.id}]);
        expect(result.status).toBe(${rule.status});
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(violated).toBeGreaterThan(0);
  });
  it("fixed edge cases of its kind", () => {
    const context = contextFor(model, ${op});
    let cases = 0;
    for (const body of fc.sample(validBodies(model, ${op}, schemaValid(${op}, context)), { seed: SEED, numRuns: 40 })) {
      for (const edge of edgeCases(model, rule, ${op}, body)) {
        cases++;
        const ids = check(${op}, edge.body, edge.context ?? context).violations.map((v) => v.rule);
        if (edge.expect === "fail") expect(ids, edge.name).toContain(rule.id);
        else expect(ids, edge.name).not.toContain(rule.id);
      }
    }
    expect(cases).toBeGreaterThan(0);
  });
});`,
    ),
  );
  const test = render("property.test.ts", { header, blocks: [...validity, ...perRule].map((c) => c.text) });
  return { test, data };
}

/** `$ref`s re-rooted at `#/$defs/` (the test model keeps the component schemas under `defs`). */
function relativeDefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? {}).replace(/"https:\/\/v2kit\.local\/schemas#\/\$defs\//g, '"#/$defs/'));
}
