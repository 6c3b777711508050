// Stage 2a: one OpenAPI schema object → JSON Schema 2020-12 that Ajv and the type emitter read.
// OpenAPI 3.0 forms become 3.1 ones; OpenAPI-only keywords go; references are re-rooted under
// SCHEMAS_ID; the Ajv `if`/`then` + `unevaluatedProperties` trap is avoided (see below).

import { canonicalJson } from "../header.js";
import { type Diagnostic, type JsonSchema, SCHEMAS_ID } from "../../schema-model/model.js";
import { reconcileFormat } from "./normalize-format.js";
import { checkPattern } from "./safe-regex.js";

/** Keywords whose value maps names to subschemas, holds a list of them, or is one (2020-12). */
export const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]);
export const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
export const SCHEMA_SINGLE = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "items",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
]);
const DROPPED = new Set(["xml", "externalDocs", "example", "nullable"]);
export const KNOWN_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "uri",
  "uri-reference",
  "uri-template",
  "url",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "regex",
  "uuid",
  "json-pointer",
  "relative-json-pointer",
  "byte",
  "int32",
  "int64",
  "float",
  "double",
  "password",
  "binary",
]);

export interface SchemaContext {
  openapi30: boolean;
  /** Resolves an internal `#/...` reference that is not a component schema. */
  resolve(ref: string): unknown;
  diagnostics: Diagnostic[];
  unknownFormats: Set<string>;
}

const escapeKey = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

export function normalizeSchema(schema: unknown, ctx: SchemaContext, pointer: string, inlining: string[] = []): JsonSchema {
  if (typeof schema === "boolean") return schema;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    ctx.diagnostics.push({ level: "warning", code: "schema-not-object", message: "a schema must be an object or a boolean; treated as {}", pointer });
    return {};
  }
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const ref = src.$ref;
  if (typeof ref === "string") {
    const component = /^#\/components\/schemas\/(.+)$/.exec(ref);
    if (component) out.$ref = `${SCHEMAS_ID}#/$defs/${component[1]}`;
    else if (inlining.includes(ref)) {
      ctx.diagnostics.push({ level: "warning", code: "ref-cycle", message: `cyclic reference ${ref} outside components/schemas is left open ({})`, pointer });
    } else if (ref.startsWith("#")) {
      return normalizeSchema(ctx.resolve(ref), ctx, pointer, [...inlining, ref]);
    } else {
      ctx.diagnostics.push({ level: "error", code: "external-ref", message: `unresolved external reference ${ref}`, pointer });
    }
    // OpenAPI 3.0 ignores siblings of $ref; 3.1 (2020-12) keeps them.
    if (ctx.openapi30) return out;
  }
  for (const key of Object.keys(src).sort()) {
    const value = src[key];
    const at = `${pointer}/${escapeKey(key)}`;
    if (key === "$ref" || DROPPED.has(key) || key.startsWith("x-")) continue;
    if (key === "discriminator") {
      // Kept as Ajv reads it (`propertyName` only; its `mapping` names the branches `oneOf` has),
      // where checkDiscriminators finds it usable: the chosen branch alone is validated, so a
      // body is told what is wrong with the variant it chose, not with the others.
      const name = value !== null && typeof value === "object" ? (value as { propertyName?: unknown }).propertyName : undefined;
      if (typeof name === "string") out.discriminator = { propertyName: name };
      continue;
    }
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value).sort()) {
        if (key === "patternProperties") {
          const { keep, diagnostic } = checkPattern(name, `${at}/${escapeKey(name)}`);
          if (diagnostic) ctx.diagnostics.push(diagnostic);
          if (!keep) continue;
        }
        Object.defineProperty(map, name, {
          value: normalizeSchema((value as Record<string, unknown>)[name], ctx, `${at}/${escapeKey(name)}`, inlining),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      out[key === "definitions" ? "$defs" : key] = map;
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((subschema, i) => normalizeSchema(subschema, ctx, `${at}/${i}`, inlining));
    } else if (key === "items" && Array.isArray(value)) {
      out.prefixItems = value.map((subschema, i) => normalizeSchema(subschema, ctx, `${at}/${i}`, inlining));
    } else if (SCHEMA_SINGLE.has(key)) {
      out[key] = normalizeSchema(value, ctx, at, inlining);
    } else if (key === "format" && typeof value === "string") {
      if (!KNOWN_FORMATS.has(value) && !ctx.unknownFormats.has(value)) {
        ctx.unknownFormats.add(value);
        ctx.diagnostics.push({ level: "warning", code: "unknown-format", message: `unknown format ${JSON.stringify(value)} is not checked`, pointer: at });
      }
      const kept = reconcileFormat(value, src, at, ctx.diagnostics);
      if (kept !== undefined) out.format = kept;
    } else if (key === "pattern" && typeof value === "string") {
      const { keep, diagnostic } = checkPattern(value, at);
      if (diagnostic) ctx.diagnostics.push(diagnostic);
      if (keep) out.pattern = value;
    } else if (key !== "examples" || Array.isArray(value)) {
      // (an OpenAPI examples map is not a JSON Schema keyword: dropped). Values (enum, const,
      // default, examples) get sorted keys, so input key order never reaches the output; a key
      // such as "__proto__" is defined, never assigned.
      const plain = value !== null && typeof value === "object" ? JSON.parse(canonicalJson(value)) : value;
      Object.defineProperty(out, key, { value: plain, enumerable: true, writable: true, configurable: true });
    }
  }
  if (ctx.openapi30) convert30(src, out);
  hoistConditional(out);
  return out;
}

/** OpenAPI 3.0: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`. */
function convert30(src: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const [flag, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof src[flag] === "boolean") {
      if (src[flag] === true && typeof src[bound] === "number") {
        out[flag] = src[bound];
        delete out[bound];
      } else delete out[flag];
    }
  }
  if (src.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.enum === undefined) {
      const inner = { ...out };
      for (const k of Object.keys(out)) delete out[k];
      out.anyOf = [inner, { type: "null" }];
    }
  }
}

/**
 * Ajv 8 evaluates a top-level `if`/`then` beside `allOf` and `unevaluatedProperties: false`
 * wrongly: when the `if` fails, every property counts as unevaluated. Moving the conditional into
 * the `allOf` is equivalent in 2020-12 and avoids it (regression test: test/normalize.test.ts).
 */
function hoistConditional(out: Record<string, unknown>): void {
  if (out.if === undefined || out.unevaluatedProperties === undefined) return;
  const conditional: Record<string, unknown> = { if: out.if };
  for (const k of ["then", "else"] as const) {
    if (out[k] !== undefined) conditional[k] = out[k];
    delete out[k];
  }
  delete out.if;
  out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), conditional];
}

/**
 * Keep a `discriminator` only where Ajv's `discriminator` option can use it: on a `oneOf` whose
 * every branch (a component `$ref` followed) is an object schema that declares the tag property
 * with string `const` or `enum` values, unique across branches, and requires it. Others are dropped (the plain `oneOf`
 * still validates). Runs over the normalized component schemas and any schema reached from them.
 */
export function checkDiscriminators(schemas: Record<string, JsonSchema>, extra: readonly JsonSchema[] = []): void {
  const prefix = `${SCHEMAS_ID}#/$defs/`;
  const resolve = (start: unknown): Record<string, unknown> | undefined => {
    let node = start as Record<string, unknown> | undefined;
    for (let hops = 0; node && typeof node.$ref === "string" && node.properties === undefined && hops < 16; hops++) {
      const ref = node.$ref as string;
      node = ref.startsWith(prefix) ? (schemas[decodeURIComponent(ref.slice(prefix.length))] as Record<string, unknown> | undefined) : undefined;
    }
    return node && typeof node === "object" ? node : undefined;
  };
  const usable = (node: Record<string, unknown>): boolean => {
    const tag = (node.discriminator as { propertyName?: unknown }).propertyName;
    if (typeof tag !== "string" || !Array.isArray(node.oneOf) || node.oneOf.length === 0) return false;
    const topRequired = Array.isArray(node.required) && node.required.includes(tag);
    const seen = new Set<string>();
    for (const branch of node.oneOf) {
      const b = resolve(branch);
      const property = (b?.properties as Record<string, unknown> | undefined)?.[tag] as Record<string, unknown> | undefined;
      if (!b || !property || typeof property !== "object") return false;
      // Every branch an object: Ajv's discriminator checks objects only, and the validators add
      // `type: object` beside it (validators.ts), which must not change what the oneOf accepts.
      if (b.type !== "object" && !(Array.isArray(b.type) && b.type.length === 1 && b.type[0] === "object")) return false;
      if (!topRequired && !(Array.isArray(b.required) && b.required.includes(tag))) return false;
      const values = "const" in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
      if (values === undefined || values.length === 0) return false;
      for (const tagValue of values) {
        if (typeof tagValue !== "string" || seen.has(tagValue)) return false;
        seen.add(tagValue);
      }
    }
    return true;
  };
  const visited = new Set<unknown>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== "object" || visited.has(node)) return;
    visited.add(node);
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const obj = node as Record<string, unknown>;
    if (obj.discriminator !== undefined && !usable(obj)) delete obj.discriminator;
    for (const [key, value] of Object.entries(obj)) {
      if (SCHEMA_MAPS.has(key) && value && typeof value === "object") for (const sub of Object.values(value)) visit(sub);
      else if (SCHEMA_LISTS.has(key) || SCHEMA_SINGLE.has(key)) visit(value);
    }
  };
  for (const schema of Object.values(schemas)) visit(schema);
  for (const schema of extra) visit(schema);
}
