// Integers that must be powers of two (spec: `cpu[].vcpuCount`, CPU config).

import { code } from "../codegen.js";
import { matchAll, parsePointer, setAt } from "../runtime/pointer.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { matches, pointer } from "./shared.js";

type PowerOfTwo = RuleSpec & { field: Pointer };

export const isPowerOfTwo = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v > 0 && (v & (v - 1)) === 0 && v <= 2 ** 30;

export const powerOfTwo: RuleKind<PowerOfTwo> = {
  kind: "powerOfTwo",
  params: { properties: { field: pointer }, required: ["field"] },
  targets: (rule) => [rule.field],
  check(rule, s) {
    return matchAll(s.resolved, parsePointer(rule.field))
      .filter((m) => typeof m.value === "number" && !isPowerOfTwo(m.value))
      .map((m) => ({ path: m.path, detail: `${m.value} is not a power of two` }));
  },
  emit(rule) {
    return code`for (const m of ${matches(rule.field)}) {
  const v = m.value;
  if (typeof v === "number" && !(Number.isInteger(v) && v > 0 && v <= 1073741824 && (v & (v - 1)) === 0)) out.push({ path: m.path, detail: v + " is not a power of two" });
}`;
  },
  satisfy(rule, body) {
    return matchAll(body, parsePointer(rule.field)).reduce((b, m) => {
      if (typeof m.value !== "number" || isPowerOfTwo(m.value)) return b;
      return setAt(b, parsePointer(m.path), 2 ** Math.max(1, Math.floor(Math.log2(Math.max(2, m.value)))));
    }, body);
  },
  violate(rule, body) {
    const first = matchAll(body, parsePointer(rule.field)).find((m) => typeof m.value === "number");
    return first === undefined ? undefined : setAt(body, parsePointer(first.path), (first.value as number) + 1 === 3 ? 3 : (first.value as number) * 3);
  },
  edgeCases(rule, body) {
    const first = matchAll(body, parsePointer(rule.field)).find((m) => typeof m.value === "number");
    if (first === undefined) return [];
    const at = parsePointer(first.path);
    return [
      { name: "2", body: setAt(body, at, 2), expect: "pass" },
      { name: "8", body: setAt(body, at, 8), expect: "pass" },
      { name: "6", body: setAt(body, at, 6), expect: "fail" },
      { name: "12", body: setAt(body, at, 12), expect: "fail" },
    ];
  },
  explain: (rule) => `every \`${rule.field}\` is a power of two`,
};
