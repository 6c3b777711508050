// Fields that must not be set when a condition holds (spec: `workers.idleTimeout` on a
// queue-based endpoint scaling on REQUEST_COUNT, create rule 10; CUDA on a CPU create, rule 11).
// With `fieldsFrom: request` the condition is judged on the resolved resource and the fields on
// the request: a PATCH that switches the scaler does not inherit the current `idleTimeout`
// (Update rule 6: the scaler can be switched).

import { code, join } from "../codegen.js";
import { conditionPointers, describeCondition, emitCondition, holds } from "../condition.js";
import { matchAll, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import { isPresent } from "../../engine/values.js";
import type { Condition, Pointer, RuleKind, RuleSpec } from "../types.js";
import { absent, conditionFacts, conditionReads, conditionSchema, every } from "../json-schema.js";
import { condition, type FieldsFrom, fieldList, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, eachMatch, pointers } from "./shared.js";

type ForbiddenWhen = RuleSpec & FieldsFrom & { fields: Pointer[]; when: Condition };

export const forbiddenWhen: RuleKind<ForbiddenWhen> = {
  kind: "forbiddenWhen",
  params: { properties: { fields: pointers, when: condition, fieldsFrom }, required: ["fields", "when"] },
  // The forbidden fields need not exist in the schema (they may be forbidden there too).
  targets: (rule) => conditionPointers(rule.when),
  check(rule, subject) {
    if (!holds(rule.when, subject.resolved)) return [];
    return rule.fields.flatMap((field) =>
      matchAll(fieldsBody(rule, subject), parsePointer(field))
        .filter((match) => isPresent(match.value))
        .map((match) => ({ path: match.path })),
    );
  },
  emit(rule) {
    const loops = join(
      rule.fields.map((field) =>
        eachMatch(field, fieldsCode(rule), (value, path) => code`if (rt.isPresent(${value})) out.push({ path: ${path} });`, { presence: true }),
      ),
    );
    return code`if (${emitCondition(rule.when, code`subject.resolved`)}) {
${loops}
}`;
  },
  satisfy(rule, body) {
    if (!holds(rule.when, body)) return body;
    const found = rule.fields.flatMap((field) => matchAll(body, parsePointer(field)).map((match) => match.path));
    return found.reduce((b, trimmed) => removeAt(b, parsePointer(trimmed)), body);
  },
  violate(rule, body, env) {
    // Only on bodies where the condition already holds: forcing it would break sibling fields.
    const field = rule.fields.find((candidate) => !candidate.includes("*"));
    if (!holds(rule.when, body) || field === undefined) return undefined;
    const out = setAt(body, parsePointer(field), env.sample(field));
    return holds(rule.when, out) ? out : undefined;
  },
  edgeCases(rule, body, env) {
    const field = rule.fields.find((candidate) => !candidate.includes("*"));
    if (field === undefined) return [];
    const withField = setAt(body, parsePointer(field), env.sample(field));
    if (holds(rule.when, body)) {
      const without = removeAt(body, parsePointer(field));
      return [
        { name: `${field} set while the condition holds`, body: withField, expect: "fail" },
        { name: `${field} left out`, body: without, expect: "pass" },
        // A PATCH judged on what it sends: the field only in the current resource is not sent.
        ...(rule.fieldsFrom === "request"
          ? [{ name: `${field} only in the current resource`, body: without, expect: "pass" as const, context: { ...env.context, current: withField } }]
          : []),
      ];
    }
    return holds(rule.when, withField) ? [] : [{ name: `${field} set while the condition does not hold`, body: withField, expect: "pass" }];
  },
  jsonSchema(rule) {
    const when = conditionSchema(rule.when);
    const none = every(rule.fields.map(absent));
    if (when === undefined || none === undefined) return undefined;
    return {
      schema: { if: when, then: { allOf: none } },
      reads: [...conditionReads(rule.when), ...(rule.fieldsFrom === "request" ? [] : rule.fields.map((pointer) => ({ pointer, presence: true })))],
      facts: conditionFacts(rule.when),
    };
  },
  explain: (rule) => `${fieldList(rule.fields)} not set when ${describeCondition(rule.when)}${fieldsNote(rule)}`,
};
