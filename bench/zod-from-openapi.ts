// The "generated zod schema" anchor: an OpenAPI component schema turned into zod at run time,
// keyword for keyword the way typical generators (openapi-zod-client, orval's zod output) do.
// Like them it maps type/properties/required/items/enum/const/allOf (→ .and)/oneOf and anyOf
// (→ z.union)/additionalProperties (false → strict, a schema → catchall, else passthrough)/
// the string, number and array bounds/pattern/nullable, and silently drops what they drop:
// if/then/else, not, unevaluatedProperties, dependentRequired, dependentSchemas, uniqueItems,
// contains, propertyNames, patternProperties. The dropped keywords are counted, for the report.

import { z } from "zod";

type Schema = Record<string, unknown> | boolean;

/** Keywords a typical OpenAPI → zod generator ignores; listed so that dropping them is deliberate. */
export const DROPPED_KEYWORDS = [
  "if",
  "then",
  "else",
  "not",
  "unevaluatedProperties",
  "unevaluatedItems",
  "dependentRequired",
  "dependentSchemas",
  "uniqueItems",
  "contains",
  "propertyNames",
  "patternProperties",
] as const;

export interface ZodConversion {
  schema: z.ZodType;
  /** How many times each dropped keyword occurred in the reachable schemas. */
  dropped: Record<string, number>;
}

/** Convert `#/components/schemas/{name}` of `doc`; local `$ref`s are followed (lazily: cycles are fine). */
export function zodFromComponent(doc: Record<string, unknown>, name: string): ZodConversion {
  return zodFromSchema(doc, { $ref: `#/components/schemas/${escapePointer(name)}` });
}

/** Convert one schema whose `$ref`s point into `doc`. */
export function zodFromSchema(doc: Record<string, unknown>, schema: Schema): ZodConversion {
  const dropped: Record<string, number> = {};
  const refs = new Map<string, z.ZodType>();

  const resolve = (ref: string): Schema => {
    if (!ref.startsWith("#/")) throw new Error(`zod-from-openapi: only local $refs are supported, not ${ref}`);
    let node: unknown = doc;
    for (const part of ref.slice(2).split("/")) {
      const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
      node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }
    if (node === undefined) throw new Error(`zod-from-openapi: $ref ${ref} does not resolve`);
    return node as Schema;
  };

  const convert = (node: Schema): z.ZodType => {
    if (node === true) return z.unknown();
    if (node === false) return z.never();
    for (const keyword of DROPPED_KEYWORDS) if (keyword in node) dropped[keyword] = (dropped[keyword] ?? 0) + 1;
    if (typeof node.$ref === "string") return reference(node.$ref);
    let out = base(node);
    if (Array.isArray(node.allOf) && node.allOf.length > 0) {
      // The node's own keywords (if any) and every member, intersected: `A.and(B).and(C)`.
      const hasOwn = node.type !== undefined || node.properties !== undefined;
      const parts = [...(hasOwn ? [out] : []), ...(node.allOf as Schema[]).map(convert)];
      out = parts.slice(1).reduce<z.ZodType>((acc, part) => z.intersection(acc, part), parts[0] as z.ZodType);
    }
    for (const key of ["oneOf", "anyOf"] as const) {
      const options = node[key];
      if (!Array.isArray(options) || options.length === 0) continue;
      const members = (options as Schema[]).map(convert);
      const union = members.length === 1 ? (members[0] as z.ZodType) : z.union(members as [z.ZodType, z.ZodType, ...z.ZodType[]]);
      out = node.type === undefined && node.properties === undefined && node.allOf === undefined ? union : z.intersection(out, union);
    }
    if (node.nullable === true) out = out.nullable();
    return out;
  };

  const reference = (ref: string): z.ZodType => {
    let found = refs.get(ref);
    if (found === undefined) {
      let built: z.ZodType | undefined;
      found = z.lazy(() => {
        built ??= convert(resolve(ref));
        return built;
      });
      refs.set(ref, found);
    }
    return found;
  };

  const base = (node: Record<string, unknown>): z.ZodType => {
    if ("const" in node) return z.literal(node.const as z.core.util.Literal);
    if (Array.isArray(node.enum)) return enumOf(node.enum);
    const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === "string" ? [node.type] : [];
    if (types.length === 0) {
      if (node.properties !== undefined || node.additionalProperties !== undefined) return object(node);
      if (node.items !== undefined) return array(node);
      return z.unknown();
    }
    const members = types.map((type) => typed(type, node));
    return members.length === 1 ? (members[0] as z.ZodType) : z.union(members as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  };

  const typed = (type: string, node: Record<string, unknown>): z.ZodType => {
    switch (type) {
      case "string":
        return string(node);
      case "integer":
        return number(node, z.number().int());
      case "number":
        return number(node, z.number());
      case "boolean":
        return z.boolean();
      case "null":
        return z.null();
      case "array":
        return array(node);
      case "object":
        return object(node);
      default:
        return z.unknown();
    }
  };

  const array = (node: Record<string, unknown>): z.ZodType => {
    let out = z.array(node.items === undefined ? z.unknown() : convert(node.items as Schema));
    if (typeof node.minItems === "number") out = out.min(node.minItems);
    if (typeof node.maxItems === "number") out = out.max(node.maxItems);
    return out;
  };

  const object = (node: Record<string, unknown>): z.ZodType => {
    const properties = (node.properties ?? {}) as Record<string, Schema>;
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const extra = node.additionalProperties;
    if (Object.keys(properties).length === 0 && extra !== undefined && extra !== false && extra !== true) {
      return z.record(z.string(), convert(extra as Schema));
    }
    const shape: Record<string, z.ZodType> = {};
    for (const [key, value] of Object.entries(properties)) shape[key] = required.has(key) ? convert(value) : convert(value).optional();
    // Required names without a property schema still have to be present.
    for (const key of required) if (!(key in shape)) shape[key] = z.unknown().refine((value) => value !== undefined);
    if (extra === false) return z.strictObject(shape);
    if (extra !== undefined && extra !== true) return z.object(shape).catchall(convert(extra as Schema));
    return z.looseObject(shape);
  };

  return { schema: convert(schema), dropped };
}

function string(node: Record<string, unknown>): z.ZodType {
  let out = z.string();
  if (typeof node.minLength === "number") out = out.min(node.minLength);
  if (typeof node.maxLength === "number") out = out.max(node.maxLength);
  if (typeof node.pattern === "string") out = out.regex(new RegExp(node.pattern, "u"));
  switch (node.format) {
    case "email":
      return out.email();
    case "uri":
    case "url":
      return out.url();
    case "uuid":
      return out.uuid();
    case "date-time":
      return out.datetime({ offset: true });
    default:
      return out;
  }
}

function number(node: Record<string, unknown>, start: z.ZodNumber): z.ZodType {
  let out = start;
  if (typeof node.minimum === "number") out = out.gte(node.minimum);
  if (typeof node.maximum === "number") out = out.lte(node.maximum);
  if (typeof node.exclusiveMinimum === "number") out = out.gt(node.exclusiveMinimum);
  if (typeof node.exclusiveMaximum === "number") out = out.lt(node.exclusiveMaximum);
  if (typeof node.multipleOf === "number") out = out.multipleOf(node.multipleOf);
  return out;
}

function enumOf(values: unknown[]): z.ZodType {
  if (values.length > 0 && values.every((value): value is string => typeof value === "string")) return z.enum(values as [string, ...string[]]);
  const literals: z.ZodType[] = values.map((value) => (value === null ? z.null() : z.literal(value as z.core.util.Literal)));
  if (literals.length === 0) return z.never();
  return literals.length === 1 ? (literals[0] as z.ZodType) : z.union(literals as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

function escapePointer(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
