// Exactly one of several fields is set (spec: exactly one of `gpu` or `cpu`, create rule 1).

import { Code, code, join } from "../codegen.js";
import { getAt, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import { isPresent } from "../../engine/values.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { every, present } from "../json-schema.js";
import { fieldList, pointers, presentAt } from "./shared.js";

type ExactlyOne = RuleSpec & { fields: Pointer[] };

const setFields = (rule: ExactlyOne, body: unknown) => rule.fields.filter((field) => isPresent(getAt(body, parsePointer(field))));

export const exactlyOne: RuleKind<ExactlyOne> = {
  kind: "exactlyOne",
  params: { properties: { fields: { ...pointers, minItems: 2 } }, required: ["fields"] },
  targets: (rule) => rule.fields,
  check(rule, subject) {
    const set = setFields(rule, subject.resolved);
    if (set.length === 1) return [];
    return [{ path: set[1] ?? "", detail: set.length === 0 ? "none is set" : `${fieldList(set)} are all set` }];
  },
  emit(rule) {
    // Straight-line flags; the list of names is built only when the rule fails.
    const flags = rule.fields.map((_, i) => new Code(`set${i}`));
    return code`{
  ${join(
    rule.fields.map((field, i) => code`const ${flags[i]} = ${presentAt(field)};`),
    "\n  ",
  )}
  const count = ${join(
    flags.map((flag) => code`(${flag} ? 1 : 0)`),
    " + ",
  )};
  if (count === 0) out.push({ path: "", detail: "none is set" });
  else if (count > 1) {
    // The set fields' names joined as they come, and the second one (the path): no array.
    let names = "";
    let second = "";
    let n = 0;
    ${join(
      rule.fields.map(
        (field, i) => code`if (${flags[i]}) {
      if (n === 1) second = ${field};
      names = n === 0 ? ${field} : names + "\`, \`" + ${field};
      n++;
    }`,
      ),
      "\n    ",
    )}
    out.push({ path: second, detail: "\`" + names + "\` are all set" });
  }
}`;
  },
  satisfy(rule, body) {
    const set = setFields(rule, body);
    if (set.length === 0) return undefined;
    return set.slice(1).reduce((b, trimmed) => removeAt(b, parsePointer(trimmed)), body);
  },
  violate(rule, body) {
    // Neither set: removing the one that is set touches no other field.
    const set = setFields(rule, body);
    return set.length === 0 ? undefined : set.reduce((b, trimmed) => removeAt(b, parsePointer(trimmed)), body);
  },
  edgeCases(rule, body, env) {
    const set = setFields(rule, body);
    const only = set[0];
    if (set.length !== 1 || only === undefined) return [];
    return [
      { name: `only ${only} set`, body, expect: "pass" },
      { name: "none set", body: removeAt(body, parsePointer(only)), expect: "fail" },
      ...rule.fields
        .filter((field) => field !== only)
        .map((field) => ({ name: `${only} and ${field} both set`, body: setAt(body, parsePointer(field), env.sample(field)), expect: "fail" as const })),
    ];
  },
  jsonSchema(rule) {
    const each = every(rule.fields.map(present));
    return each && { schema: { oneOf: each }, reads: rule.fields.map((pointer) => ({ pointer, presence: true })), facts: [] };
  },
  explain: (rule) => `exactly one of ${fieldList(rule.fields)} is set`,
};
