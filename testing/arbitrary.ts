// JSON Schema 2020-12 → fast-check arbitrary of values that satisfy it (the subset request
// bodies use: objects, arrays, strings with patterns and formats, numbers with bounds, enums,
// unions, allOf, $ref). Callers still filter through the real validator as a safety net.

import fc from "fast-check";

type Schema = Record<string, unknown> | boolean;
type Defs = Record<string, Schema>;
const isObj = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function deref(schema: Schema, defs: Defs): Schema {
  let resolved = schema;
  for (let i = 0; i < 20 && isObj(resolved) && typeof resolved.$ref === "string"; i++) {
    const name = resolved.$ref.split("#/$defs/")[1];
    const target = name === undefined ? undefined : defs[decodeURIComponent(name)];
    if (target === undefined) return {};
    const { $ref: _ref, ...rest } = resolved;
    resolved = Object.keys(rest).length > 0 && isObj(target) ? { ...target, ...rest } : target;
  }
  return resolved;
}

/** allOf members merged into one object schema (properties and required united). */
function flatten(schema: Schema, defs: Defs): Schema {
  const resolved = deref(schema, defs);
  if (!isObj(resolved) || !Array.isArray(resolved.allOf)) return resolved;
  const { allOf, ...rest } = resolved;
  let merged: Record<string, unknown> = { ...rest };
  for (const part of allOf as Schema[]) {
    const flatPart = flatten(part, defs);
    if (!isObj(flatPart)) continue;
    merged = {
      ...flatPart,
      ...merged,
      properties: { ...(flatPart.properties as object), ...(merged.properties as object) },
      required: [...new Set([...((flatPart.required as string[]) ?? []), ...((merged.required as string[]) ?? [])])],
    };
  }
  return merged;
}

function stringArb(schema: Record<string, unknown>): fc.Arbitrary<string> {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Math.max(min, 12);
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern, "u")).filter((x) => x.length >= min && x.length <= Math.max(max, min) + 40);
  }
  switch (schema.format) {
    case "uri":
    case "url":
      return fc.webUrl();
    case "date-time":
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((date) => date.toISOString());
    case "email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
  }
  return fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: "grapheme-ascii" }).filter((x) => x.length >= min);
}

function numberArb(schema: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  const lo =
    typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + (integer ? 1 : 0.001) : typeof schema.minimum === "number" ? schema.minimum : -1000;
  const hi =
    typeof schema.exclusiveMaximum === "number"
      ? schema.exclusiveMaximum - (integer ? 1 : 0.001)
      : typeof schema.maximum === "number"
        ? schema.maximum
        : lo + 1_000_000;
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

export function arbitraryFor(schema: Schema, defs: Defs, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false || depth > 8) return fc.constant(null);
  const flattened = flatten(schema, defs);
  if (!isObj(flattened)) return arbitraryFor(flattened, defs, depth + 1);
  if (flattened.const !== undefined) return fc.constant(flattened.const);
  if (Array.isArray(flattened.enum)) return fc.constantFrom(...(flattened.enum as unknown[]));
  for (const key of ["oneOf", "anyOf"]) {
    if (Array.isArray(flattened[key])) {
      const { [key]: branches, ...rest } = flattened;
      return fc.oneof(...(branches as Schema[]).map((b) => arbitraryFor(isObj(b) ? { ...rest, ...flattenTo(b, defs) } : b, defs, depth + 1)));
    }
  }
  const types = Array.isArray(flattened.type)
    ? (flattened.type as string[])
    : typeof flattened.type === "string"
      ? [flattened.type]
      : flattened.properties
        ? ["object"]
        : ["string"];
  return fc.oneof(...types.map((t) => typed(t, flattened, defs, depth)));
}

const flattenTo = (b: Schema, defs: Defs) => {
  const flattened = flatten(b, defs);
  return isObj(flattened) ? flattened : {};
};

function typed(type: string, schema: Record<string, unknown>, defs: Defs, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArb(schema, true);
    case "number":
      return numberArb(schema, false);
    case "string":
      return stringArb(schema);
    case "array": {
      const item = isObj(schema.items) || typeof schema.items === "boolean" ? arbitraryFor(schema.items as Schema, defs, depth + 1) : fc.string();
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      const maxLength = typeof schema.maxItems === "number" ? schema.maxItems : minLength + 3;
      return schema.uniqueItems === true
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (element) => JSON.stringify(element) })
        : fc.array(item, { minLength, maxLength });
    }
    default: {
      const properties = isObj(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of Object.keys(properties).sort()) record[name] = arbitraryFor(properties[name] as Schema, defs, depth + 1);
      const base = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      if (isObj(schema.additionalProperties) && Object.keys(properties).length === 0) {
        return fc.dictionary(fc.stringMatching(/^[A-Z][A-Z0-9_]{0,8}$/), arbitraryFor(schema.additionalProperties, defs, depth + 1), { maxKeys: 4 });
      }
      return base;
    }
  }
}
