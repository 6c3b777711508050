// Emitter: output/tests/, fast-check property tests for every rule of the rules file, run
// against the generated engine: satisfying bodies pass, and each rule's `violate` makes the
// engine fail with exactly that rule and its status. Seeds are fixed (V2KIT_SEED overrides).
// The test is JavaScript (.test.mjs) so that a consumer's tsc, which compiles the generated
// .mts files, never picks it up; vitest runs it in place.

import type { RulesFile } from "../../rules/types.js";
import { literal } from "../../rules/codegen.js";
import { ruleKind } from "../../rules/kinds/index.js";
import { canonicalJson } from "../header.js";
import type { ApiModel } from "../../schema-model/model.js";
import { pointerExists } from "../normalize/targets.js";
import { render } from "./templates.js";

export function emitTests(model: ApiModel, rules: RulesFile, skip: ReadonlySet<string>, context: unknown, header: string): { test: string; data: string } {
  const operations = model.operations.filter((op) => op.request && rules.rules.some((rule) => rule.operations.includes(op.id)));
  const requests: Record<string, unknown> = {};
  for (const op of operations) requests[op.id] = op.request?.schema;
  const kept = {
    ...rules,
    rules: rules.rules
      .map((rule) => ({ ...rule, operations: rule.operations.filter((opId) => operations.some((op) => op.id === opId) && !skip.has(`${rule.id}@${opId}`)) }))
      .filter((rule) => rule.operations.length > 0),
  };
  // A rule whose fields a request cannot send (an endpoint's `type` on PATCH, read from the
  // current resource) cannot be violated by a request body: test/rules/coverage.test.ts judges
  // those pairs with a current resource; here they only take part in the satisfying bodies.
  const sendable = (rule: RulesFile["rules"][number], opId: string) => {
    const schema = operations.find((op) => op.id === opId)?.request?.schema;
    return (
      schema !== undefined &&
      ruleKind(rule.kind)
        .targets(rule)
        .every((t) => pointerExists(schema, t, model.schemas))
    );
  };
  const data = `${canonicalJson({ rules: kept, defs: relativeDefs(model.schemas), requests: relativeDefs(requests), context })}\n`;
  const test = render("property.test.mjs", {
    header,
    operations: literal(operations.map((op) => op.id)).text,
    cases: literal(kept.rules.flatMap((rule) => rule.operations.filter((op) => sendable(rule, op)).map((op) => [rule.id, rule.status, op]))).text,
  });
  return { test, data };
}

/** `$ref`s re-rooted at `#/$defs/` (the test model keeps the component schemas under `defs`). */
export function relativeDefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? {}).replace(/"https:\/\/v2kit\.local\/schemas#\/\$defs\//g, '"#/$defs/'));
}
