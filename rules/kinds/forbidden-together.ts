// Fields that must not all be set at once (spec: a non-empty `allowedCudaVersions` with
// `minCudaVersion`, GPU config rule 1). An empty array or string counts as not set (rule 2).
// `fieldsFrom: request` judges only what the request sends together (see shared.ts).

import { code, join } from "../codegen.js";
import { getAt, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import { isNonEmpty, isPresent } from "../../engine/values.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { every, nonEmpty } from "../json-schema.js";
import { at, type FieldsFrom, fieldList, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, pointers } from "./shared.js";

type ForbiddenTogether = RuleSpec & FieldsFrom & { fields: Pointer[] };

const setFields = (rule: ForbiddenTogether, body: unknown) => rule.fields.filter((field) => isNonEmpty(getAt(body, parsePointer(field))));
const parentOf = (pointer: Pointer) => parsePointer(pointer).slice(0, -1);

export const forbiddenTogether: RuleKind<ForbiddenTogether> = {
  kind: "forbiddenTogether",
  params: { properties: { fields: { ...pointers, minItems: 2 }, fieldsFrom }, required: ["fields"] },
  targets: (rule) => rule.fields,
  check(rule, subject) {
    const set = setFields(rule, fieldsBody(rule, subject));
    return set.length === rule.fields.length ? [{ path: set[set.length - 1] ?? "", detail: `${fieldList(set)} are all set` }] : [];
  },
  emit(rule) {
    const all = join(
      rule.fields.map((field) => code`rt.isNonEmpty(${at(field, fieldsCode(rule))})`),
      " && ",
    );
    return code`if (${all}) out.push({ path: ${rule.fields[rule.fields.length - 1]}, detail: ${`${fieldList(rule.fields)} are all set`} });`;
  },
  satisfy(rule, body) {
    const set = setFields(rule, body);
    return set.length === rule.fields.length ? removeAt(body, parsePointer(set[set.length - 1] as string)) : body;
  },
  violate(rule, body, env) {
    // Only where every field's parent object exists: adding `gpu.*` to a CPU body tests another rule.
    if (!rule.fields.every((field) => parentOf(field).length === 0 || isPresent(getAt(body, parentOf(field))))) return undefined;
    return rule.fields.reduce((b, filled) => (isNonEmpty(getAt(b, parsePointer(filled))) ? b : setAt(b, parsePointer(filled), env.sample(filled))), body);
  },
  edgeCases(rule, body, env) {
    const all = this.violate(rule, body, env);
    if (all === undefined) return [];
    const empty = (sample: unknown) => (Array.isArray(sample) ? [] : typeof sample === "string" ? "" : undefined);
    return [
      { name: "all set", body: all, expect: "fail" },
      ...rule.fields.flatMap((field) => {
        const blank = empty(getAt(all, parsePointer(field)));
        return blank === undefined ? [] : [{ name: `${field} empty beside the others`, body: setAt(all, parsePointer(field), blank), expect: "pass" as const }];
      }),
      // A PATCH judged on what it sends: one field sent, the others only in the current resource.
      ...(rule.fieldsFrom === "request"
        ? rule.fields.map((field) => ({
            name: `only ${field} sent, the others in the current resource`,
            body: rule.fields.filter((other) => other !== field).reduce<unknown>((b, trimmed) => removeAt(b, parsePointer(trimmed)), all),
            expect: "pass" as const,
            context: { ...env.context, current: all },
          }))
        : []),
    ];
  },
  jsonSchema(rule) {
    const each = every(rule.fields.map(nonEmpty));
    const resolved = rule.fieldsFrom !== "request";
    return (
      each && {
        schema: { not: { allOf: each } },
        reads: resolved ? rule.fields.map((pointer) => ({ pointer, presence: false })) : [],
        facts: resolved ? rule.fields.map((pointer) => ({ present: pointer })) : [],
      }
    );
  },
  explain: (rule) => `${fieldList(rule.fields)} are not all set (an empty array or string counts as unset)${fieldsNote(rule)}`,
};
