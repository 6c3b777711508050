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

const setFields = (rule: ForbiddenTogether, body: unknown) => rule.fields.filter((f) => isNonEmpty(getAt(body, parsePointer(f))));
const parentOf = (p: Pointer) => parsePointer(p).slice(0, -1);

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
      rule.fields.map((f) => code`rt.isNonEmpty(${at(f, fieldsCode(rule))})`),
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
    if (!rule.fields.every((f) => parentOf(f).length === 0 || isPresent(getAt(body, parentOf(f))))) return undefined;
    return rule.fields.reduce((b, f) => (isNonEmpty(getAt(b, parsePointer(f))) ? b : setAt(b, parsePointer(f), env.sample(f))), body);
  },
  edgeCases(rule, body, env) {
    const all = this.violate(rule, body, env);
    if (all === undefined) return [];
    const empty = (v: unknown) => (Array.isArray(v) ? [] : typeof v === "string" ? "" : undefined);
    return [
      { name: "all set", body: all, expect: "fail" },
      ...rule.fields.flatMap((f) => {
        const blank = empty(getAt(all, parsePointer(f)));
        return blank === undefined ? [] : [{ name: `${f} empty beside the others`, body: setAt(all, parsePointer(f), blank), expect: "pass" as const }];
      }),
      // A PATCH judged on what it sends: one field sent, the others only in the current resource.
      ...(rule.fieldsFrom === "request"
        ? rule.fields.map((f) => ({
            name: `only ${f} sent, the others in the current resource`,
            body: rule.fields.filter((g) => g !== f).reduce<unknown>((b, g) => removeAt(b, parsePointer(g)), all),
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
