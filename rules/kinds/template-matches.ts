// A referenced template must have the given fields (spec: create rule 7, a template that is
// not a serverless template → 422). `aliases` lists other names a record may use for a field.

import { code } from "../codegen.js";
import { findTemplate } from "../../engine/evaluate.js";
import { getAt, parsePointer, setAt } from "../../engine/pointer.js";
import type { TemplateRecord } from "../../engine/types.js";
import { deepEqual } from "../../engine/values.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, pointer } from "./shared.js";

type TemplateMatches = RuleSpec & { field: Pointer; where: Record<string, unknown>; aliases?: Record<string, string[]> };

function mismatch(rule: TemplateMatches, t: TemplateRecord): string | undefined {
  for (const key of Object.keys(rule.where).sort()) {
    const names = [key, ...(rule.aliases?.[key] ?? [])];
    const name = names.find((candidate) => Object.hasOwn(t, candidate));
    const value = name === undefined ? undefined : t[name];
    if (!deepEqual(value, rule.where[key])) return `template ${JSON.stringify(t.id)} has ${name ?? key} = ${JSON.stringify(value ?? null)}`;
  }
  return undefined;
}

export const templateMatches: RuleKind<TemplateMatches> = {
  kind: "templateMatches",
  params: {
    properties: {
      field: pointer,
      where: { type: "object", minProperties: 1 },
      aliases: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    },
    required: ["field", "where"],
  },
  targets: (rule) => [rule.field],
  check(rule, subject) {
    const t = findTemplate(subject.context, getAt(subject.input, parsePointer(rule.field)));
    const detail = t === undefined ? undefined : mismatch(rule, t);
    return detail === undefined ? [] : [{ path: rule.field, detail }];
  },
  emit(rule) {
    const checks = Object.keys(rule.where)
      .sort()
      .map((key) => {
        const names = [key, ...(rule.aliases?.[key] ?? [])];
        return code`{
    const name = ${names}.find((n: string) => Object.hasOwn(t, n));
    const value = name === undefined ? undefined : t[name];
    if (detail === undefined && !rt.deepEqual(value, ${rule.where[key]})) detail = "template " + JSON.stringify(t.id) + " has " + (name ?? ${key}) + " = " + JSON.stringify(value ?? null);
  }`;
      });
    return code`{
  const t = rt.findTemplate(subject.context, ${at(rule.field, code`subject.input`)});
  let detail: string | undefined;
  if (t !== undefined) {
  ${checks.reduce(
    (a, b) => code`${a}
  ${b}`,
    code``,
  )}
  }
  if (detail !== undefined) out.push({ path: ${rule.field}, detail });
}`;
  },
  satisfy(rule, body, env) {
    const t = findTemplate(env.context, getAt(body, parsePointer(rule.field)));
    if (t === undefined || mismatch(rule, t) === undefined) return body;
    const good = env.context.templates?.find((x) => mismatch(rule, x) === undefined);
    return good ? setAt(body, parsePointer(rule.field), good.id) : undefined;
  },
  violate(rule, body, env) {
    const bad = env.context.templates?.find((x) => mismatch(rule, x) !== undefined);
    return bad ? setAt(body, parsePointer(rule.field), bad.id) : undefined;
  },
  edgeCases(rule, body, env) {
    const fieldPath = parsePointer(rule.field);
    const good = env.context.templates?.find((t) => mismatch(rule, t) === undefined);
    const bad = env.context.templates?.find((t) => mismatch(rule, t) !== undefined);
    return [
      ...(good ? [{ name: `template ${good.id}`, body: setAt(body, fieldPath, good.id), expect: "pass" as const }] : []),
      ...(bad ? [{ name: `template ${bad.id}`, body: setAt(body, fieldPath, bad.id), expect: "fail" as const }] : []),
    ];
  },
  explain: (rule) =>
    `the template named by \`${rule.field}\` has ${Object.entries(rule.where)
      .map(([k, expected]) => `\`${k}\` = ${JSON.stringify(expected)}`)
      .join(", ")}`,
};
