// A number that may only grow against the current state (spec: a network volume's size can be
// increased and cannot be decreased).

import { code } from "../codegen.js";
import { getAt, parsePointer, setAt } from "../../engine/pointer.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, pointer } from "./shared.js";

type Monotonic = RuleSpec & { field: Pointer };

const OFFLINE = "cannot check without the current state (--current)";

export const monotonic: RuleKind<Monotonic> = {
  kind: "monotonic",
  params: { properties: { field: pointer }, required: ["field"] },
  targets: (rule) => [rule.field],
  check(rule, s) {
    const next = getAt(s.input, parsePointer(rule.field));
    if (typeof next !== "number") return [];
    if (s.context.current === undefined) return [{ path: rule.field, warning: true, detail: OFFLINE }];
    const now = getAt(s.context.current, parsePointer(rule.field));
    return typeof now === "number" && next < now ? [{ path: rule.field, detail: `${next} is below the current ${now}` }] : [];
  },
  emit(rule) {
    return code`{
  const next = ${at(rule.field, code`s.input`)};
  if (typeof next === "number") {
    if (s.context.current === undefined) out.push({ path: ${rule.field}, warning: true, detail: ${OFFLINE} });
    else {
      const now = ${at(rule.field, code`s.context.current`)};
      if (typeof now === "number" && next < now) out.push({ path: ${rule.field}, detail: next + " is below the current " + now });
    }
  }
}`;
  },
  satisfy(rule, body, env) {
    const next = getAt(body, parsePointer(rule.field));
    const now = getAt(env.context.current, parsePointer(rule.field));
    return typeof next === "number" && typeof now === "number" && next < now ? setAt(body, parsePointer(rule.field), now) : body;
  },
  violate(rule, body, env) {
    const now = getAt(env.context.current, parsePointer(rule.field));
    return typeof now === "number" && now > 1 ? setAt(body, parsePointer(rule.field), now - 1) : undefined;
  },
  edgeCases(rule, body, env) {
    const now = getAt(env.context.current, parsePointer(rule.field));
    if (typeof now !== "number") return [];
    const fieldPath = parsePointer(rule.field);
    return [
      { name: "unchanged", body: setAt(body, fieldPath, now), expect: "pass" },
      { name: "grown", body: setAt(body, fieldPath, now + 1), expect: "pass" },
      { name: "shrunk", body: setAt(body, fieldPath, now - 1), expect: "fail" },
    ];
  },
  explain: (rule) => `\`${rule.field}\` is not below its current value`,
};
