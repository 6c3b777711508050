// A field restricted to some values when a condition holds (spec: LOAD_BALANCER endpoints
// scale on REQUEST_COUNT and QUEUE_DELAY is for queue-based endpoints, create rules 8 and 9).

import { type Code, code, join } from "../codegen.js";
import { conditionPointers, describeCondition, emitCondition, holds, makeCondition } from "../condition.js";
import { getAt, parsePointer, setAt } from "../../engine/pointer.js";
import { deepEqual, isPresent, show } from "../../engine/values.js";
import type { Condition, Pointer, RuleKind, RuleSpec } from "../types.js";
import { conditionFacts, conditionReads, conditionSchema, oneOfWherePresent } from "../json-schema.js";
import { at, condition, pointer } from "./shared.js";

type EnumWhen = RuleSpec & { field: Pointer; allowed: unknown[]; when: Condition };

const allowedText = (rule: EnumWhen) => rule.allowed.map((option) => show(option)).join(", ");

export const enumWhen: RuleKind<EnumWhen> = {
  kind: "enumWhen",
  params: {
    properties: {
      field: pointer,
      allowed: { type: "array", minItems: 1 },
      when: condition,
    },
    required: ["field", "allowed", "when"],
  },
  targets: (rule) => [rule.field, ...conditionPointers(rule.when)],
  check(rule, subject) {
    const value = getAt(subject.resolved, parsePointer(rule.field));
    if (!holds(rule.when, subject.resolved) || !isPresent(value) || rule.allowed.some((option) => deepEqual(option, value))) return [];
    return [{ path: rule.field, detail: `${show(value)} is not one of ${allowedText(rule)}` }];
  },
  emit(rule) {
    return code`{
  const value = ${at(rule.field)};
  if (${emitCondition(rule.when, code`subject.resolved`)} && rt.isPresent(value) && !${allowedTest(rule.allowed)}) {
    out.push({ path: ${rule.field}, detail: rt.show(value) + ${` is not one of ${allowedText(rule)}`} });
  }
}`;
  },
  satisfy(rule, body) {
    const value = getAt(body, parsePointer(rule.field));
    if (!holds(rule.when, body) || !isPresent(value) || rule.allowed.some((option) => deepEqual(option, value))) return body;
    return undefined; // the right value usually needs sibling fields: let the generator try another body
  },
  violate(rule, body, env) {
    // Keep a disallowed field value (its siblings depend on it) and make the condition hold.
    const value = getAt(body, parsePointer(rule.field));
    if (!isPresent(value) || rule.allowed.some((option) => deepEqual(option, value))) return undefined;
    return makeCondition(rule.when, body, true, env);
  },
  edgeCases(rule, body, env) {
    const cond = makeCondition(rule.when, body, true, env);
    if (cond === undefined) return [];
    const fieldPath = parsePointer(rule.field);
    const value = getAt(cond, fieldPath);
    return [
      ...rule.allowed.map((option) => ({ name: `${rule.field} = ${show(option)}`, body: setAt(cond, fieldPath, option), expect: "pass" as const })),
      ...(isPresent(value) && !rule.allowed.some((option) => deepEqual(option, value))
        ? [{ name: `${rule.field} = ${show(value)}`, body: cond, expect: "fail" as const }]
        : []),
    ];
  },
  jsonSchema(rule) {
    const when = conditionSchema(rule.when);
    const then = oneOfWherePresent(rule.field, rule.allowed);
    if (when === undefined || then === undefined) return undefined;
    return {
      schema: { if: when, then },
      reads: [...conditionReads(rule.when), { pointer: rule.field, presence: false }],
      facts: [...conditionFacts(rule.when), { present: rule.field }],
    };
  },
  explain: (rule) => `\`${rule.field}\` is one of ${allowedText(rule)} when ${describeCondition(rule.when)}`,
};

/** Emitted: whether `value` is one of `allowed`; strings, booleans, null and finite numbers compare with `===`, as deepEqual does. */
function allowedTest(allowed: unknown[]): Code {
  const scalar = (candidate: unknown) =>
    candidate === null || typeof candidate === "string" || typeof candidate === "boolean" || (typeof candidate === "number" && Number.isFinite(candidate));
  if (allowed.length === 0 || !allowed.every(scalar)) return code`${allowed}.some((v: unknown) => rt.deepEqual(v, value))`;
  return code`(${join(
    allowed.map((option) => code`value === ${option}`),
    " || ",
  )})`;
}
