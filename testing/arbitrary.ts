// JSON Schema 2020-12 → fast-check arbitrary of values that satisfy it (the subset request
// bodies use: objects, arrays, strings with patterns and formats, numbers with bounds, enums,
// unions, allOf, $ref). Callers still filter through the real validator as a safety net.

import fc from "fast-check";

type Schema = Record<string, unknown> | boolean;
type Defs = Record<string, Schema>;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function deref(schema: Schema, defs: Defs): Schema {
  let s = schema;
  for (let i = 0; i < 20 && isObj(s) && typeof s.$ref === "string"; i++) {
    const name = s.$ref.split("#/$defs/")[1];
    const target = name === undefined ? undefined : defs[decodeURIComponent(name)];
    if (target === undefined) return {};
    const { $ref: _ref, ...rest } = s;
    s = Object.keys(rest).length > 0 && isObj(target) ? { ...target, ...rest } : target;
  }
  return s;
}

/** allOf members merged into one object schema (properties and required united). */
function flatten(schema: Schema, defs: Defs): Schema {
  const s = deref(schema, defs);
  if (!isObj(s) || !Array.isArray(s.allOf)) return s;
  const { allOf, ...rest } = s;
  let merged: Record<string, unknown> = { ...rest };
  for (const part of allOf as Schema[]) {
    const p = flatten(part, defs);
    if (!isObj(p)) continue;
    merged = {
      ...p,
      ...merged,
      properties: { ...(p.properties as object), ...(merged.properties as object) },
      required: [...new Set([...((p.required as string[]) ?? []), ...((merged.required as string[]) ?? [])])],
    };
  }
  return merged;
}

function stringArb(s: Record<string, unknown>): fc.Arbitrary<string> {
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Math.max(min, 12);
  if (typeof s.pattern === "string") {
    return fc.stringMatching(new RegExp(s.pattern, "u")).filter((x) => x.length >= min && x.length <= Math.max(max, min) + 40);
  }
  switch (s.format) {
    case "uri":
    case "url":
      return fc.webUrl();
    case "date-time":
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString());
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
  }
  return fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: "grapheme-ascii" }).filter((x) => x.length >= min);
}

function numberArb(s: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + (integer ? 1 : 0.001) : typeof s.minimum === "number" ? s.minimum : -1000;
  const hi = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - (integer ? 1 : 0.001) : typeof s.maximum === "number" ? s.maximum : lo + 1_000_000;
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

export function arbitraryFor(schema: Schema, defs: Defs, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false || depth > 8) return fc.constant(null);
  const s = flatten(schema, defs);
  if (!isObj(s)) return arbitraryFor(s, defs, depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ["oneOf", "anyOf"]) {
    if (Array.isArray(s[key])) {
      const { [key]: branches, ...rest } = s;
      return fc.oneof(...(branches as Schema[]).map((b) => arbitraryFor(isObj(b) ? { ...rest, ...flattenTo(b, defs) } : b, defs, depth + 1)));
    }
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : s.properties ? ["object"] : ["string"];
  return fc.oneof(...types.map((t) => typed(t, s, defs, depth)));
}

const flattenTo = (b: Schema, defs: Defs) => {
  const f = flatten(b, defs);
  return isObj(f) ? f : {};
};

function typed(type: string, s: Record<string, unknown>, defs: Defs, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "string":
      return stringArb(s);
    case "array": {
      const item = isObj(s.items) || typeof s.items === "boolean" ? arbitraryFor(s.items as Schema, defs, depth + 1) : fc.string();
      const minLength = typeof s.minItems === "number" ? s.minItems : 0;
      const maxLength = typeof s.maxItems === "number" ? s.maxItems : minLength + 3;
      return s.uniqueItems === true
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(item, { minLength, maxLength });
    }
    default: {
      const properties = isObj(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of Object.keys(properties).sort()) record[name] = arbitraryFor(properties[name] as Schema, defs, depth + 1);
      const base = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      if (isObj(s.additionalProperties) && Object.keys(properties).length === 0) {
        return fc.dictionary(fc.stringMatching(/^[A-Z][A-Z0-9_]{0,8}$/), arbitraryFor(s.additionalProperties, defs, depth + 1), { maxKeys: 4 });
      }
      return base;
    }
  }
}
