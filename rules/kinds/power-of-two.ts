// Integers that must be powers of two (spec: `cpu[].vcpuCount`, CPU config).

import { code } from "../codegen.js";
import { matchAll, parsePointer, setAt } from "../../engine/pointer.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { type FieldsFrom, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, eachMatch, pointer } from "./shared.js";

type PowerOfTwo = RuleSpec & FieldsFrom & { field: Pointer };

export const isPowerOfTwo = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && (value & (value - 1)) === 0 && value <= 2 ** 30;

export const powerOfTwo: RuleKind<PowerOfTwo> = {
  kind: "powerOfTwo",
  params: { properties: { field: pointer, fieldsFrom }, required: ["field"] },
  targets: (rule) => [rule.field],
  check(rule, subject) {
    return matchAll(fieldsBody(rule, subject), parsePointer(rule.field))
      .filter((match) => typeof match.value === "number" && !isPowerOfTwo(match.value))
      .map((match) => ({ path: match.path, detail: `${match.value} is not a power of two` }));
  },
  emit(rule) {
    return eachMatch(
      rule.field,
      fieldsCode(rule),
      (value, path) => code`{
const v = ${value};
if (typeof v === "number" && !(Number.isInteger(v) && v > 0 && v <= 1073741824 && (v & (v - 1)) === 0)) out.push({ path: ${path}, detail: v + " is not a power of two" });
}`,
    );
  },
  satisfy(rule, body) {
    return matchAll(body, parsePointer(rule.field)).reduce((b, fixed) => {
      if (typeof fixed.value !== "number" || isPowerOfTwo(fixed.value)) return b;
      return setAt(b, parsePointer(fixed.path), 2 ** Math.max(1, Math.floor(Math.log2(Math.max(2, fixed.value)))));
    }, body);
  },
  violate(rule, body) {
    const first = matchAll(body, parsePointer(rule.field)).find((match) => typeof match.value === "number");
    if (first === undefined) return undefined;
    // Three quarters of a power of two (>= 4) lies below it, so a catalog maximum still holds: 32 -> 24.
    const current = first.value as number;
    return setAt(body, parsePointer(first.path), current <= 2 ? 3 : Math.round((current * 3) / 4));
  },
  edgeCases(rule, body) {
    const first = matchAll(body, parsePointer(rule.field)).find((match) => typeof match.value === "number");
    if (first === undefined) return [];
    const at = parsePointer(first.path);
    return [
      { name: "2", body: setAt(body, at, 2), expect: "pass" },
      { name: "8", body: setAt(body, at, 8), expect: "pass" },
      { name: "6", body: setAt(body, at, 6), expect: "fail" },
      { name: "12", body: setAt(body, at, 12), expect: "fail" },
    ];
  },
  explain: (rule) => `every \`${rule.field}\` is a power of two${fieldsNote(rule)}`,
};
