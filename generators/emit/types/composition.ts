// What an object schema's composition brings: the properties that its `allOf`/`anyOf`/`oneOf`
// members (and the components they `$ref`) declare. JSON Schema 2020-12 §11.3: an
// `unevaluatedProperties: false` object admits exactly these (plus its own `properties`);
// §10.3.2.3: `additionalProperties: false` sees only the object's own `properties`.

import type { JsonSchema } from "../../../schema-model/model.js";
import { compareCodePoints } from "./names.js";
import { isSchemaObject, parseRef, type SchemaObject, walk } from "./refs.js";

export interface Composed {
  /** Property names declared by the composition, own `properties` excluded. */
  names: string[];
  /** A member admits properties beyond named ones (`additionalProperties`, `patternProperties`, …). */
  open: boolean;
}

const MEMBER_KEYS = ["allOf", "anyOf", "oneOf"] as const;
const BRANCH_KEYS = ["if", "then", "else"] as const;

/** Properties evaluated by the members of `schema`, following `$ref`s (each component once). */
export function composedProperties(schema: SchemaObject, schemas: Record<string, JsonSchema>): Composed {
  const names = new Set<string>();
  const state = { open: false, seen: new Set<string>() };
  for (const member of members(schema, schemas, state.seen)) collect(member, schemas, names, state);
  const own = isSchemaObject(schema.properties) ? new Set(Object.keys(schema.properties)) : new Set<string>();
  return { names: [...names].filter((name) => !own.has(name)).sort(compareCodePoints), open: state.open };
}

function collect(schema: JsonSchema, schemas: Record<string, JsonSchema>, names: Set<string>, state: { open: boolean; seen: Set<string> }): void {
  if (schema === true) {
    state.open = true;
    return;
  }
  if (schema === false) return;
  if (isSchemaObject(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  const additional = schema.additionalProperties;
  const unevaluated = schema.unevaluatedProperties;
  if ((additional !== undefined && additional !== false) || (unevaluated !== undefined && unevaluated !== false)) state.open = true;
  if (isSchemaObject(schema.patternProperties) && Object.keys(schema.patternProperties).length > 0) state.open = true;
  for (const member of members(schema, schemas, state.seen)) collect(member, schemas, names, state);
}

/** The subschemas whose evaluated properties count for `schema`: `$ref`, composition, `if`/`then`/`else`. */
function members(schema: SchemaObject, schemas: Record<string, JsonSchema>, seen: Set<string>): JsonSchema[] {
  const out: JsonSchema[] = [];
  if (typeof schema.$ref === "string" && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const target = parseRef(schema.$ref, schemas);
    const root = target === undefined ? undefined : schemas[target.name];
    const inner = target === undefined || root === undefined ? undefined : walk(root, target.rest);
    if (inner !== undefined) out.push(inner);
  }
  for (const key of MEMBER_KEYS) {
    const list = schema[key];
    if (Array.isArray(list)) out.push(...list.filter(isSchema));
  }
  for (const key of BRANCH_KEYS) if (isSchema(schema[key])) out.push(schema[key]);
  return out;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || isSchemaObject(value);
}

/**
 * The object an `allOf` chain amounts to, for reading its fields: own and composed
 * `properties` merged (a name declared twice gets `allOf` of its declarations), and `required`
 * merged. Only `$ref` and `allOf` are followed: `anyOf`/`oneOf` members are alternatives.
 * Undefined when the chain has a boolean `false` member or no properties at all.
 */
export function flattenAllOf(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>): SchemaObject | undefined {
  if (!isSchemaObject(schema)) return undefined;
  const properties = new Map<string, JsonSchema[]>();
  const required = new Set<string>();
  const seen = new Set<string>();
  let impossible = false;
  const visit = (node: JsonSchema): void => {
    if (node === true) return;
    if (node === false) {
      impossible = true;
      return;
    }
    if (isSchemaObject(node.properties)) {
      for (const [name, subschema] of Object.entries(node.properties))
        if (isSchema(subschema)) properties.set(name, [...(properties.get(name) ?? []), subschema]);
    }
    if (Array.isArray(node.required)) for (const requiredName of node.required) if (typeof requiredName === "string") required.add(requiredName);
    if (typeof node.$ref === "string" && !seen.has(node.$ref)) {
      seen.add(node.$ref);
      const target = parseRef(node.$ref, schemas);
      const root = target === undefined ? undefined : schemas[target.name];
      const inner = target === undefined || root === undefined ? undefined : walk(root, target.rest);
      if (inner !== undefined) visit(inner);
    }
    if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isSchema(part)) visit(part);
  };
  visit(schema);
  if (impossible || properties.size === 0) return undefined;
  const merged: Record<string, JsonSchema> = {};
  for (const name of [...properties.keys()].sort(compareCodePoints)) {
    const declared = properties.get(name) ?? [];
    merged[name] = declared.length === 1 ? (declared[0] as JsonSchema) : { allOf: declared };
  }
  return { type: "object", properties: merged, required: [...required].sort(compareCodePoints) };
}

/** A doc line when `additionalProperties: false` rules out properties the composition declares. */
export function closureNote(schema: JsonSchema, schemas: Record<string, JsonSchema>): string | undefined {
  if (!isSchemaObject(schema) || schema.additionalProperties !== false || isSchemaObject(schema.patternProperties)) return undefined;
  const { names } = composedProperties(schema, schemas);
  if (names.length === 0) return undefined;
  const list = names.map((name) => `\`${name}\``).join(", ");
  return `Note: \`additionalProperties: false\` sees only this object's own \`properties\` (JSON Schema 2020-12 §10.3.2.3), so ${list} from its composition cannot be sent; \`unevaluatedProperties: false\` admits them.`;
}
