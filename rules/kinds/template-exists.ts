// A referenced template must exist and be accessible (spec: create rule 7, unknown → 404).

import { code } from "../codegen.js";
import { findTemplate } from "../../engine/evaluate.js";
import { getAt, parsePointer, removeAt, setAt } from "../../engine/pointer.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, pointer } from "./shared.js";

type TemplateExists = RuleSpec & { field: Pointer };

const OFFLINE = "cannot check templateId offline: no templates were given (lint --templates, or --live)";

export const templateExists: RuleKind<TemplateExists> = {
  kind: "templateExists",
  params: { properties: { field: pointer }, required: ["field"] },
  targets: (rule) => [rule.field],
  check(rule, s) {
    const id = getAt(s.input, parsePointer(rule.field));
    if (typeof id !== "string") return [];
    if (s.context.templates === undefined) return [{ path: rule.field, warning: true, detail: OFFLINE }];
    return findTemplate(s.context, id) ? [] : [{ path: rule.field, detail: `no template ${JSON.stringify(id)} is accessible` }];
  },
  emit(rule) {
    return code`{
  const id = ${at(rule.field, code`s.input`)};
  if (typeof id === "string") {
    if (s.context.templates === undefined) out.push({ path: ${rule.field}, warning: true, detail: ${OFFLINE} });
    else if (!s.context.templates.some((t) => rt.isObject(t) && t.id === id.trim())) out.push({ path: ${rule.field}, detail: "no template " + JSON.stringify(id) + " is accessible" });
  }
}`;
  },
  satisfy(rule, body, env) {
    const id = getAt(body, parsePointer(rule.field));
    return typeof id !== "string" || findTemplate(env.context, id) ? body : removeAt(body, parsePointer(rule.field));
  },
  violate(rule, body, env) {
    if (env.context.templates === undefined) return undefined;
    let id = "missing-template";
    while (findTemplate(env.context, id)) id += "-x";
    return setAt(body, parsePointer(rule.field), id);
  },
  edgeCases(rule, body, env) {
    const first = env.context.templates?.[0];
    if (first === undefined) return [];
    const fieldPath = parsePointer(rule.field);
    return [
      { name: "a known template, padded with spaces", body: setAt(body, fieldPath, ` ${first.id} `), expect: "pass" },
      { name: "an unknown template", body: this.violate(rule, body, env), expect: "fail" },
      {
        name: "no templates given: a warning, not a failure",
        body: this.violate(rule, body, env),
        expect: "pass",
        context: { ...env.context, templates: undefined },
      },
    ];
  },
  explain: (rule) => `\`${rule.field}\` names a template the caller can use (own or public)`,
};
