// JSON Schema 2020-12 → TypeScript type nodes (nodes.ts), so names and literal values are
// escaped when a node is made, never pasted into code. Validation-only keywords
// (`if`/`then`/`else`, `not`, bounds) leave the type as it is; they appear in doc comments.

import type { JsonSchema } from "../../../schema-model/model.js";
import { composedProperties } from "./composition.js";
import { schemaDocLines, withDoc } from "./docs.js";
import { intersection, jsonLiteralType, keyword, literalUnion, neverType, nullType, union, unknownType } from "./literals.js";
import { compareCodePoints } from "./names.js";
import {
  arrayType as arrayOf,
  indexSignature as index,
  isKeyword,
  type Member,
  property,
  type TupleElement,
  tupleType,
  type TypeNode,
  typeLiteral,
  typeReference,
} from "./nodes.js";
import { printType } from "./print.js";
import { isSchemaObject, parseRef, type SchemaObject, walk } from "./refs.js";

export interface TypeContext {
  schemas: Record<string, JsonSchema>;
  /** Component schema name → emitted type name. */
  typeNames: ReadonlyMap<string, string>;
  /** Deep refs being expanded inline, to stop recursion through them. */
  expanding: Set<string>;
  /** Components reachable through direct references (see cycles.ts). */
  directReach: ReadonlyMap<string, ReadonlySet<string>>;
  /** The component whose alias is being written, if any. */
  current?: string;
}

/**
 * `direct` is true while no object or array type encloses the node: a ref there that leads
 * back to the alias being written would be a circular alias, so it becomes `unknown`.
 */
export interface Position {
  omit?: ReadonlySet<string>;
  direct?: boolean;
}

/** Order in which `type` array members are emitted, whatever order the document uses. */
const TYPE_ORDER = ["string", "number", "integer", "boolean", "object", "array", "null"];

export function schemaToType(schema: JsonSchema, ctx: TypeContext, position: Position = {}): TypeNode {
  if (schema === true) return unknownType();
  if (schema === false) return neverType();
  const direct = { direct: position.direct === true };
  const parts: TypeNode[] = [];
  if (typeof schema.$ref === "string") parts.push(refType(schema.$ref, ctx, direct.direct));
  const base = baseType(schema, ctx, position.omit);
  if (base !== undefined) parts.push(base);
  if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.filter(isSchema).map((subschema) => schemaToType(subschema, ctx, direct)));
  for (const key of ["oneOf", "anyOf"] as const) {
    const members = schema[key];
    if (Array.isArray(members)) parts.push(union(members.filter(isSchema).map((subschema) => schemaToType(subschema, ctx, direct))));
  }
  // `unknown` and an object literal with no members add nothing to an intersection with other
  // parts (an `if`/`then` member of `allOf`, say, or an object that only closes its composition).
  const meaningful = parts.length > 1 ? parts.filter((part) => !isKeyword(part, "unknown") && !(part.kind === "object" && part.members.length === 0)) : parts;
  return intersection(meaningful.length === 0 ? parts.slice(0, 1) : meaningful);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || isSchemaObject(value);
}

/** The type from `const`/`enum`/`type` (or the shape keywords when `type` is absent). */
function baseType(schema: SchemaObject, ctx: TypeContext, omit?: ReadonlySet<string>): TypeNode | undefined {
  if (Object.hasOwn(schema, "const")) return jsonLiteralType(schema.const);
  if (Array.isArray(schema.enum)) return literalUnion(schema.enum);
  const types = declaredTypes(schema);
  if (types.length === 0) return undefined;
  const nodes = types
    .filter((t) => t !== "integer" || !types.includes("number"))
    .map((t) => {
      switch (t) {
        case "string":
          return keyword("string");
        case "number":
        case "integer":
          return keyword("number");
        case "boolean":
          return keyword("boolean");
        case "null":
          return nullType();
        case "array":
          return arrayType(schema, ctx);
        default:
          return withMinProperties(objectType(schema, ctx, omit), schema, ctx, omit);
      }
    });
  return union(nodes);
}

function declaredTypes(schema: SchemaObject): string[] {
  const raw = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  const known = TYPE_ORDER.filter((t) => raw.includes(t));
  if (known.length > 0 || raw.length > 0) return known;
  const objectKeys = ["properties", "required", "additionalProperties", "patternProperties", "unevaluatedProperties"];
  if (objectKeys.some((k) => Object.hasOwn(schema, k))) return ["object"];
  if (Object.hasOwn(schema, "items") || Object.hasOwn(schema, "prefixItems")) return ["array"];
  return [];
}

function refType(ref: string, ctx: TypeContext, direct: boolean): TypeNode {
  const target = parseRef(ref, ctx.schemas);
  if (target === undefined) return unknownType();
  const current = ctx.current;
  if (direct && current !== undefined && (target.name === current || ctx.directReach.get(target.name)?.has(current))) {
    return unknownType();
  }
  const name = ctx.typeNames.get(target.name);
  const root = ctx.schemas[target.name];
  if (name === undefined || root === undefined) return unknownType();
  if (target.rest.length === 0) return typeReference(name);
  // A pointer into a component: expanded inline, unless it leads back into itself.
  const key = JSON.stringify([target.name, ...target.rest]);
  const inner = walk(root, target.rest);
  if (inner === undefined || ctx.expanding.has(key)) return unknownType();
  ctx.expanding.add(key);
  try {
    return schemaToType(inner, ctx, { direct });
  } finally {
    ctx.expanding.delete(key);
  }
}

function arrayType(schema: SchemaObject, ctx: TypeContext): TypeNode {
  const items = isSchema(schema.items) ? schema.items : true;
  const itemType = schemaToType(items, ctx);
  if (!Array.isArray(schema.prefixItems) || schema.prefixItems.length === 0) {
    return items === false ? tupleType([]) : arrayOf(itemType);
  }
  // Elements past minItems may be missing, so they are optional tuple members.
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const elements: TupleElement[] = schema.prefixItems.map((item, i) => ({ type: schemaToType(isSchema(item) ? item : true, ctx), optional: i >= minItems }));
  if (items !== false) elements.push({ type: arrayOf(itemType), rest: true });
  return tupleType(elements);
}

/** Properties of an object schema, required ones included even when not under `properties`. */
export function propertyNames(schema: SchemaObject): string[] {
  const props = isSchemaObject(schema.properties) ? Object.keys(schema.properties) : [];
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  return [...new Set([...props, ...required])].sort(compareCodePoints);
}

export function propertySchema(schema: SchemaObject, name: string): JsonSchema {
  const props = schema.properties;
  const subschema = isSchemaObject(props) && Object.hasOwn(props, name) ? props[name] : true;
  return isSchema(subschema) ? subschema : true;
}

export function isRequired(schema: SchemaObject, name: string): boolean {
  return Array.isArray(schema.required) && schema.required.includes(name);
}

/**
 * An object type. A property with a `default` that is not required stays optional (unlike
 * openapi-typescript). `omit` drops properties that a narrowing re-declares; they still
 * count towards the index signature, which must admit every property's type.
 */
export function objectType(schema: SchemaObject, ctx: TypeContext, omit?: ReadonlySet<string>): TypeNode {
  const names = propertyNames(schema);
  const members: Member[] = [];
  const propertyTypes: TypeNode[] = [];
  for (const name of names) {
    const propSchema = propertySchema(schema, name);
    const optional = !isRequired(schema, name);
    propertyTypes.push(schemaToType(propSchema, ctx));
    if (optional) propertyTypes.push(keyword("undefined"));
    if (omit?.has(name)) continue;
    members.push(withDoc(property(name, schemaToType(propSchema, ctx), optional), schemaDocLines(propSchema)));
  }
  const extra = extraPropertyTypes(schema, ctx);
  const composed = composedProperties(schema, ctx.schemas);
  if (schema.additionalProperties === false && !isSchemaObject(schema.patternProperties)) {
    // §10.3.2.3: `additionalProperties` sees only own `properties`, so a property that a
    // composed member declares cannot be present here (the alias's doc comment says so).
    for (const name of composed.names) members.push(property(name, neverType(), true));
  }
  if (extra.length > 0) {
    const all = extra.some((t) => isKeyword(t, "unknown")) ? [unknownType()] : dedupe([...extra, ...propertyTypes]);
    members.push(indexSignature(union(all)));
  } else if (names.length === 0 && omit === undefined && composed.names.length === 0) {
    // `{ type: object }` alone admits any object; closed by `additionalProperties: false` or an
    // `unevaluatedProperties: false` with nothing composed, only `{}`. With composed properties,
    // no index signature: the intersection with the members' types is then checked for excess
    // properties, which is what `unevaluatedProperties: false` means (§11.3).
    const closed = schema.additionalProperties === false || (schema.unevaluatedProperties === false && !composed.open);
    members.push(indexSignature(closed ? neverType() : unknownType()));
  }
  return typeLiteral(members);
}

/**
 * `minProperties` on an object whose properties are all named and optional: at least one of
 * them is present, `T & ({ a: A } | { b: B })`, so an empty PATCH body does not compile.
 */
function withMinProperties(type: TypeNode, schema: SchemaObject, ctx: TypeContext, omit?: ReadonlySet<string>): TypeNode {
  if (typeof schema.minProperties !== "number" || schema.minProperties < 1 || omit !== undefined) return type;
  const names = propertyNames(schema);
  const closed = (k: string) => !Object.hasOwn(schema, k) || schema[k] === false;
  if (names.length === 0 || names.some((name) => isRequired(schema, name)) || !closed("additionalProperties") || isSchemaObject(schema.patternProperties))
    return type;
  if (!closed("unevaluatedProperties") || composedProperties(schema, ctx.schemas).names.length > 0) return type;
  if (schema.additionalProperties !== false && schema.unevaluatedProperties !== false) return type;
  const oneOf = names.map((name) => typeLiteral([property(name, schemaToType(propertySchema(schema, name), ctx))]));
  return intersection([type, union(oneOf)]);
}

/** Types of properties beyond `properties`: `patternProperties`, `additionalProperties`. */
function extraPropertyTypes(schema: SchemaObject, ctx: TypeContext): TypeNode[] {
  const out: TypeNode[] = [];
  if (isSchemaObject(schema.patternProperties)) {
    const patterns = schema.patternProperties;
    for (const key of Object.keys(patterns).sort(compareCodePoints)) {
      const subschema = patterns[key];
      out.push(schemaToType(isSchema(subschema) ? subschema : true, ctx));
    }
  }
  // Absent `additionalProperties` adds no index signature (as openapi-typescript does), so
  // excess-property checks still catch typos; `unevaluatedProperties` counts the same way.
  const additional = Object.hasOwn(schema, "additionalProperties") ? schema.additionalProperties : schema.unevaluatedProperties;
  if (additional === true || isSchemaObject(additional)) out.push(schemaToType(additional, ctx));
  return out;
}

const indexSignature = (type: TypeNode): Member => index("key", type);

function dedupe(types: readonly TypeNode[]): TypeNode[] {
  const seen = new Set<string>();
  return types.filter((t) => {
    const text = printType(t);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
