// A number that must lie in the range its catalog record allows (spec: `cpu[].vcpuCount` must
// be valid for the flavor; CPU flavors carry `vcpu.min` and `vcpu.max`).

import { type Code, code } from "../codegen.js";
import { type Collection, numberAt, records } from "../../engine/catalog.js";
import { getAt, matchAll, parsePointer, setAt } from "../../engine/pointer.js";
import type { Finding } from "../../engine/types.js";
import type { Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, type FieldsFrom, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, eachMatch, pointer } from "./shared.js";

type InCatalogRange = RuleSpec &
  FieldsFrom & {
    each: Pointer;
    recordId: Pointer;
    value: Pointer;
    collection: Collection;
    key: string;
    min: Pointer;
    max: Pointer;
  };

function items(rule: InCatalogRange, body: unknown, list: Record<string, unknown>[]) {
  return matchAll(body, parsePointer(rule.each)).map((match) => {
    const id = getAt(match.value, parsePointer(rule.recordId));
    const record = list.find((entry) => entry[rule.key] === id);
    return {
      path: match.path + rule.value,
      value: getAt(match.value, parsePointer(rule.value)),
      min: numberAt(record, rule.min),
      max: numberAt(record, rule.max),
      id,
    };
  });
}

export const inCatalogRange: RuleKind<InCatalogRange> = {
  kind: "inCatalogRange",
  params: {
    properties: {
      each: pointer,
      recordId: pointer,
      value: pointer,
      collection: { enum: ["gpus", "cpus"] },
      key: { type: "string" },
      min: pointer,
      max: pointer,
      fieldsFrom,
    },
    required: ["each", "recordId", "value", "collection", "key", "min", "max"],
  },
  targets: (rule) => [rule.each + rule.recordId, rule.each + rule.value],
  check(rule, subject) {
    const list = records(subject.context, rule.collection);
    if (list === undefined) {
      return matchAll(fieldsBody(rule, subject), parsePointer(rule.each)).length > 0
        ? [{ path: rule.each.replace(/\/\*.*$/, ""), warning: true, detail: `cannot check offline: no ${rule.collection} catalog was given` }]
        : [];
    }
    const out: Finding[] = [];
    for (const it of items(rule, fieldsBody(rule, subject), list)) {
      if (typeof it.value !== "number") continue;
      if ((it.min !== undefined && it.value < it.min) || (it.max !== undefined && it.value > it.max)) {
        out.push({ path: it.path, detail: `${it.value} is outside ${JSON.stringify(it.id)}'s range ${it.min ?? "-"}..${it.max ?? "-"}` });
      }
    }
    return out;
  },
  emit(rule) {
    // One walk over the matches; the record is found through an index built once per catalog.
    const check = (item: Code, path: Code) => code`if (list === undefined) seen = true;
else {
  const value = ${at(rule.value, item)};
  if (typeof value === "number") {
    const id = ${at(rule.recordId, item)};
    const record = rt.recordWith(list, ${rule.key}, id);
    const low = ${at(rule.min, code`record`)};
    const high = ${at(rule.max, code`record`)};
    const min = typeof low === "number" ? low : undefined;
    const max = typeof high === "number" ? high : undefined;
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
      out.push({ path: ${path} + ${rule.value}, detail: value + " is outside " + JSON.stringify(id) + "'s range " + (min ?? "-") + ".." + (max ?? "-") });
    }
  }
}`;
    return code`{
  const list = rt.records(subject.context, ${rule.collection});
  let seen = false;
  ${eachMatch(rule.each, fieldsCode(rule), check)}
  if (seen) out.push({ path: ${rule.each.replace(/\/\*.*$/, "")}, warning: true, detail: ${`cannot check offline: no ${rule.collection} catalog was given`} });
}`;
  },
  satisfy(rule, body, env) {
    const list = records(env.context, rule.collection);
    if (list === undefined) return body;
    let out = body;
    for (const it of items(rule, body, list)) {
      if (typeof it.value !== "number") continue;
      const lo = it.min ?? it.value;
      const hi = it.max ?? it.value;
      if (it.value >= lo && it.value <= hi) continue;
      let power = 1;
      while (power < lo) power *= 2;
      if (power > hi) return undefined;
      out = setAt(out, parsePointer(it.path), power);
    }
    return out;
  },
  violate(rule, body, env) {
    const list = records(env.context, rule.collection);
    const first = list === undefined ? undefined : items(rule, body, list).find((it) => it.max !== undefined);
    if (first?.max === undefined) return undefined;
    let power = 2;
    while (power <= first.max) power *= 2;
    return setAt(body, parsePointer(first.path), power);
  },
  edgeCases(rule, body, env) {
    const list = records(env.context, rule.collection);
    const it = list === undefined ? undefined : items(rule, body, list).find((x) => x.min !== undefined && x.max !== undefined);
    if (it?.min === undefined || it.max === undefined) return [];
    const fieldPath = parsePointer(it.path);
    return [
      { name: `the flavor's minimum ${it.min}`, body: setAt(body, fieldPath, it.min), expect: "pass" },
      { name: `the flavor's maximum ${it.max}`, body: setAt(body, fieldPath, it.max), expect: "pass" },
      { name: `above the maximum (${it.max * 2})`, body: setAt(body, fieldPath, it.max * 2), expect: "fail" },
      ...(it.min > 1
        ? [{ name: `below the minimum (${Math.floor(it.min / 2)})`, body: setAt(body, fieldPath, Math.floor(it.min / 2)), expect: "fail" as const }]
        : []),
      { name: "no catalog: a warning, not a failure", body: setAt(body, fieldPath, it.max * 2), expect: "pass", context: { ...env.context, catalog: {} } },
    ];
  },
  explain: (rule) =>
    `every \`${rule.each + rule.value}\` lies within \`${rule.min.slice(1)}\`..\`${rule.max.slice(1)}\` of the ${rule.collection} record named by \`${rule.each + rule.recordId}\`${fieldsNote(rule)}`,
};
