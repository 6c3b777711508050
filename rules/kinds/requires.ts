// A field that must be set when a condition holds (spec: `image` unless `templateId`, create rule 2).
// `fieldsFrom: request`: the condition on the resolved body, the required field on the request.

import { code } from "../codegen.js";
import { conditionPointers, describeCondition, emitCondition, holds, makeCondition } from "../condition.js";
import { getAt, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import { isPresent } from "../../engine/values.js";
import type { Condition, Pointer, RuleKind, RuleSpec } from "../types.js";
import { conditionFacts, conditionReads, conditionSchema, present } from "../json-schema.js";
import { at, condition, type FieldsFrom, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, pointer } from "./shared.js";

type Requires = RuleSpec & FieldsFrom & { field: Pointer; when: Condition };

export const requires: RuleKind<Requires> = {
  kind: "requires",
  params: { properties: { field: pointer, when: condition, fieldsFrom }, required: ["field", "when"] },
  targets: (rule) => [rule.field, ...conditionPointers(rule.when)],
  check(rule, subject) {
    return holds(rule.when, subject.resolved) && !isPresent(getAt(fieldsBody(rule, subject), parsePointer(rule.field))) ? [{ path: rule.field }] : [];
  },
  emit(rule) {
    return code`if (${emitCondition(rule.when, code`subject.resolved`)} && !rt.isPresent(${at(rule.field, fieldsCode(rule))})) out.push({ path: ${rule.field} });`;
  },
  satisfy(rule, body, env) {
    if (!holds(rule.when, body) || isPresent(getAt(body, parsePointer(rule.field)))) return body;
    return setAt(body, parsePointer(rule.field), env.sample(rule.field));
  },
  violate(rule, body, env) {
    const cond = makeCondition(rule.when, body, true, env);
    return cond === undefined ? undefined : removeAt(cond, parsePointer(rule.field));
  },
  edgeCases(rule, body, env) {
    const cond = makeCondition(rule.when, body, true, env);
    if (cond === undefined) return [];
    const withField = isPresent(getAt(cond, parsePointer(rule.field))) ? cond : setAt(cond, parsePointer(rule.field), env.sample(rule.field));
    return [
      { name: `${rule.field} set`, body: withField, expect: "pass" },
      { name: `${rule.field} missing`, body: removeAt(cond, parsePointer(rule.field)), expect: "fail" },
    ];
  },
  jsonSchema(rule) {
    const when = conditionSchema(rule.when);
    const then = present(rule.field);
    if (when === undefined || then === undefined) return undefined;
    const resolved = rule.fieldsFrom !== "request";
    return {
      schema: { if: when, then },
      reads: [...conditionReads(rule.when), ...(resolved ? [{ pointer: rule.field, presence: true }] : [])],
      facts: [...conditionFacts(rule.when), ...(resolved ? [{ absent: rule.field }] : [])],
    };
  },
  explain: (rule) => `\`${rule.field}\` is set when ${describeCondition(rule.when)}${fieldsNote(rule)}`,
};
