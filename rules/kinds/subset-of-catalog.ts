// Values that must name catalog records (spec: `gpu.excludedTypes` are GPU types of the selected
// `gpu.pools`, trimmed, with at least one type left, create rule 12 and GPU config).

import { type Code, code } from "../codegen.js";
import { type Collection, keysIn, keysOf, records, recordsWithin, stringsAt } from "../../engine/catalog.js";
import { getAt, matchAll, parsePointer, setAt } from "../../engine/pointer.js";
import type { Finding } from "../../engine/types.js";
import type { EdgeCase, Pointer, RuleKind, RuleSpec } from "../types.js";
import { at, type FieldsFrom, fieldsBody, fieldsCode, fieldsFrom, fieldsNote, eachMatch, itemPath, matches, pointer } from "./shared.js";

type SubsetOfCatalog = RuleSpec &
  FieldsFrom & {
    field: Pointer;
    collection: Collection;
    key: string;
    within?: { field: Pointer; key: string };
    trim?: boolean;
    keepOne?: boolean;
    suggest?: { key: string };
  };

function scope(rule: SubsetOfCatalog, list: Record<string, unknown>[], body: unknown) {
  return rule.within ? recordsWithin(list, body, rule.within.field, rule.within.key) : list;
}

/** What a value that is not found is not: "is not the `id` of a gpus record in `/gpu/pools`". */
const notFound = (rule: SubsetOfCatalog) =>
  `is not the \`${rule.key}\` of a ${rule.collection} catalog record${rule.within ? ` of the selected \`${rule.within.field}\`` : ""}`;

const noCatalog = (rule: SubsetOfCatalog): Finding => ({
  path: rule.field.replace(/\/\*.*$/, ""),
  warning: true,
  detail: `cannot check offline: no ${rule.collection} catalog was given`,
});

export const subsetOfCatalog: RuleKind<SubsetOfCatalog> = {
  kind: "subsetOfCatalog",
  params: {
    properties: {
      field: pointer,
      collection: { enum: ["gpus", "cpus"] },
      key: { type: "string" },
      within: { type: "object", required: ["field", "key"], properties: { field: pointer, key: { type: "string" } }, additionalProperties: false },
      trim: { type: "boolean" },
      keepOne: { type: "boolean" },
      suggest: { type: "object", required: ["key"], properties: { key: { type: "string" } }, additionalProperties: false },
      fieldsFrom,
    },
    required: ["field", "collection", "key"],
  },
  targets: (rule) => [rule.field, ...(rule.within ? [rule.within.field] : [])],
  check(rule, subject) {
    const body = fieldsBody(rule, subject);
    const values = matchAll(body, parsePointer(rule.field)).flatMap((match) => stringsAt(match.value, match.path));
    if (values.length === 0) return [];
    if (rule.within && getAt(body, parsePointer(rule.within.field)) === undefined) return [];
    const list = records(subject.context, rule.collection);
    if (list === undefined) return [noCatalog(rule)];
    const inScope = scope(rule, list, body);
    const known = rule.within ? keysIn(inScope, rule.key) : keysOf(inScope, rule.key);
    const out: Finding[] = [];
    const chosen = new Set<string>();
    for (const found of values) {
      const value = rule.trim ? found.value.trim() : found.value;
      chosen.add(value);
      if (known.has(value)) continue;
      const other = rule.suggest ? list.find((entry) => entry[rule.suggest?.key ?? ""] === value) : undefined;
      out.push({
        path: found.path,
        detail: `${JSON.stringify(value)} ${notFound(rule)}`,
        ...(other && typeof other[rule.key] === "string"
          ? {
              hint: `${JSON.stringify(value)} is the \`${rule.suggest?.key}\` of a ${rule.collection} record, not a \`${rule.key}\`: use ${JSON.stringify(other[rule.key])}`,
            }
          : {}),
      });
    }
    if (rule.keepOne && out.length === 0 && inScope.length > 0 && [...known].every((k) => chosen.has(k))) {
      out.push({ path: rule.field, detail: "every one is excluded; at least one must remain" });
    }
    return out;
  },
  emit(rule) {
    // One walk over the strings the field holds; the key sets come from indexes built once per
    // catalog (and per selection of `within` groups); nothing is allocated while values pass.
    const body = fieldsCode(rule);
    const suggest = rule.suggest?.key;
    const known = rule.within ? code`scoped.keys` : code`(known as Set<string>)`;
    const visit = (item: Code, path: Code) => code`seen = true;
if (list !== undefined) {
  const value = ${item}${rule.trim ? code`.trim()` : code``};
  ${rule.within ? code`scoped ??= rt.keysWithinValue(list, selected, ${rule.within.key}, ${rule.key});` : code``}
  ${rule.keepOne ? code`chosen++;` : code``}
  if (!${known}.has(value)) {
    ${rule.keepOne ? code`failed = true;` : code``}
    const finding: rt.Finding = { path: ${path}, detail: rt.quote(value) + ${` ${notFound(rule)}`} };
    ${
      suggest === undefined
        ? code``
        : code`const other = rt.recordWith(list, ${suggest}, value);
    if (other !== undefined && typeof other[${rule.key}] === "string") finding.hint = rt.quote(value) + ${` is the \`${suggest}\` of a ${rule.collection} record, not a \`${rule.key}\`: use `} + rt.quote(other[${rule.key}]);`
    }
    out.push(finding);
  }
}`;
    const strings = (value: Code, path: Code) => code`if (typeof ${value} === "string") {
${visit(value, path)}
} else if (Array.isArray(${value})) for (let k = 0; k < ${value}.length; k++) {
  const item: unknown = ${value}[k];
  if (typeof item === "string") {
${visit(code`item`, itemPath(path, code`k`))}
  }
}`;
    const walk = eachMatch(rule.field, body, strings);
    const inScope = rule.within ? code`scoped.records` : code`list.length`;
    const ready = rule.within ? code`scoped !== undefined` : code`list !== undefined`;
    return code`{
  const list = rt.records(subject.context, ${rule.collection});
  let seen = false;
  ${rule.keepOne ? code`let failed = false;` : code``}
  ${rule.keepOne ? code`let chosen = 0;` : code``}
  ${
    rule.within
      ? code`const selected = ${at(rule.within.field, body)};
  let scoped: { keys: Set<string>; records: number } | undefined;
  if (selected !== undefined) ${walk}`
      : code`const known = list === undefined ? undefined : rt.keysOf(list, ${rule.key});
  ${walk}`
  }
  if (seen && list === undefined) out.push({ path: ${rule.field.replace(/\/\*.*$/, "")}, warning: true, detail: ${`cannot check offline: no ${rule.collection} catalog was given`} });
  ${
    rule.keepOne
      ? code`if (!failed && ${ready} && ${inScope} > 0 && chosen >= ${known}.size) {
    // As many values as keys in scope (a count, so a passing body keeps no list): read them
    // again, as the walk found them, to see whether every key is among them.
    const picked = new Set<string>();
    for (const m of ${matches(rule.field, body)}) for (const x of rt.stringsAt(m.value, "")) picked.add(x.value${rule.trim ? code`.trim()` : code``});
    let every = true;
    for (const k of ${known}) if (!picked.has(k)) every = false;
    if (every) out.push({ path: ${rule.field}, detail: "every one is excluded; at least one must remain" });
  }`
      : code``
  }
}`;
  },
  satisfy(rule, body, env) {
    const list = records(env.context, rule.collection);
    if (list === undefined || (rule.field.includes("*") && rule.within)) return body;
    let out = body;
    for (const match of matchAll(body, parsePointer(rule.field))) {
      const known = [...keysIn(scope(rule, list, out), rule.key)].sort();
      if (known.length === 0) return undefined;
      const pick = (unknownValue: string) => known[unknownValue.length % known.length] as string;
      if (typeof match.value === "string") {
        if (!known.includes(rule.trim ? match.value.trim() : match.value)) out = setAt(out, parsePointer(match.path), pick(match.value));
      } else if (Array.isArray(match.value)) {
        let items = match.value.filter((x) => typeof x === "string" && known.includes(rule.trim ? x.trim() : x));
        if (rule.keepOne && known.every((k) => items.some((x) => (rule.trim ? String(x).trim() : x) === k))) items = items.slice(1);
        if (!rule.keepOne && items.length === 0 && match.value.length > 0) items = [pick(String(match.value[0]))];
        out = setAt(out, parsePointer(match.path), items);
      }
    }
    return out;
  },
  violate(rule, body, env) {
    const list = records(env.context, rule.collection);
    const first = matchAll(body, parsePointer(rule.field))[0];
    if (rule.within && getAt(body, parsePointer(rule.within.field)) === undefined) return undefined;
    if (list === undefined || first === undefined) {
      // An absent array field (`excludedTypes`) can still be added, when its parent exists.
      if (list === undefined || rule.field.includes("*") || getAt(body, parsePointer(rule.field).slice(0, -1)) === undefined) return undefined;
    }
    const known = keysIn(scope(rule, list, body), rule.key);
    const unknownKey = (key: string) => list.map((entry) => entry[key]).find((k) => typeof k === "string" && !known.has(k)) as string | undefined;
    let outside = unknownKey(rule.key) ?? (rule.suggest ? unknownKey(rule.suggest.key) : undefined);
    if (outside === undefined && !rule.within) for (outside = "not-in-catalog"; known.has(outside); outside += "-x");
    if (outside === undefined) return undefined;
    const target = first ?? { path: rule.field, value: [] };
    if (typeof target.value === "string") return setAt(body, parsePointer(target.path), outside);
    return Array.isArray(target.value) ? setAt(body, parsePointer(target.path), [...target.value, outside]) : undefined;
  },
  edgeCases(rule, body, env) {
    const list = records(env.context, rule.collection);
    if (list === undefined) return [];
    const out: EdgeCase[] = [];
    const bad = this.violate(rule, body, env);
    if (bad !== undefined) {
      out.push({ name: "a value outside the catalog", body: bad, expect: "fail" });
      out.push({ name: "no catalog: a warning, not a failure", body: bad, expect: "pass", context: { ...env.context, catalog: {} } });
    }
    const within = rule.within;
    if (within && getAt(body, parsePointer(within.field)) !== undefined && !rule.field.includes("*")) {
      const known = [...keysIn(scope(rule, list, body), rule.key)].sort();
      const first = known[0];
      if (first !== undefined && rule.trim)
        out.push({ name: "a value padded with spaces", body: setAt(body, parsePointer(rule.field), known.length > 1 ? [` ${first} `] : []), expect: "pass" });
      if (rule.keepOne && known.length > 0) out.push({ name: "every one excluded", body: setAt(body, parsePointer(rule.field), known), expect: "fail" });
    }
    return out;
  },
  explain: (rule) =>
    `every \`${rule.field}\` value${rule.trim ? " (trimmed)" : ""} is the \`${rule.key}\` of a ${rule.collection} catalog record` +
    (rule.within ? ` whose \`${rule.within.key}\` is in \`${rule.within.field}\`` : "") +
    (rule.keepOne ? "; at least one record stays unexcluded" : "") +
    fieldsNote(rule),
};
