// Success bodies derived from the document in use, by one mechanism for every resource: a field
// the response schema requires and the stored record lacks gets the value the server would hold
// (docs/serve.md, "Derived fields"):
//   - the schema's `const`, else its `default`;
//   - `null` where the type allows it;
//   - the first value of an `enum` (the initial state, where the document lists states in
//     lifecycle order: a new pod is `PROVISIONING`);
//   - an empty array for a collection; an object built from its own required fields;
//   - the zero of a scalar type: `false`, the number's `minimum` (else 0), and for a string a
//     request may set and did not, `""` where nothing constrains it (spec: an empty `args` is
//     "unset");
//   - for a schema that says nothing of its type, `null`.
// A required string with none of these cannot be derived: such fields are reported once at
// start-up (`underivable`), and a response that needs one is answered 500 naming it.

import type { JsonSchema, OperationModel } from "../schema-model/model.js";
import type { ServeModel } from "../schema-model/serve-model.js";
import { clone, isObject } from "../engine/values.js";

type Obj = Record<string, unknown>;

export const NONE: unique symbol = Symbol("underivable");

/** Keywords of a schema, `$ref`s followed and `allOf` parts merged (the first part that has one wins). */
export interface Facets {
  types: string[] | undefined;
  properties: Map<string, JsonSchema>;
  required: Set<string>;
  items: JsonSchema | undefined;
  enum: unknown[] | undefined;
  hasConst: boolean;
  const: unknown;
  hasDefault: boolean;
  default: unknown;
  minimum: number | undefined;
  nullable: boolean;
  /** A string constraint (minLength above 0, pattern, format): "" would not do. */
  constrained: boolean;
}

export function facets(model: ServeModel, schema: JsonSchema | undefined): Facets {
  const schemaFacets: Facets = {
    types: undefined,
    properties: new Map(),
    required: new Set(),
    items: undefined,
    enum: undefined,
    hasConst: false,
    const: undefined,
    hasDefault: false,
    default: undefined,
    minimum: undefined,
    nullable: false,
    constrained: false,
  };
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (!isObject(node) || depth > 32 || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === "string") {
      const name = decodeURIComponent(node.$ref.slice(node.$ref.lastIndexOf("/") + 1));
      visit(model.schemas[name], depth + 1);
    }
    if (schemaFacets.types === undefined && (typeof node.type === "string" || Array.isArray(node.type)))
      schemaFacets.types = ([] as string[]).concat(node.type as string | string[]);
    if (schemaFacets.enum === undefined && Array.isArray(node.enum)) schemaFacets.enum = node.enum;
    if (!schemaFacets.hasConst && Object.hasOwn(node, "const")) [schemaFacets.hasConst, schemaFacets.const] = [true, node.const];
    if (!schemaFacets.hasDefault && Object.hasOwn(node, "default")) [schemaFacets.hasDefault, schemaFacets.default] = [true, node.default];
    if (schemaFacets.minimum === undefined && typeof node.minimum === "number") schemaFacets.minimum = node.minimum;
    if (schemaFacets.items === undefined && isObject(node.items)) schemaFacets.items = node.items as JsonSchema;
    if (node.nullable === true) schemaFacets.nullable = true;
    if ((typeof node.minLength === "number" && node.minLength > 0) || typeof node.pattern === "string" || typeof node.format === "string")
      schemaFacets.constrained = true;
    if (isObject(node.properties))
      for (const [k, property] of Object.entries(node.properties)) if (!schemaFacets.properties.has(k)) schemaFacets.properties.set(k, property as JsonSchema);
    if (Array.isArray(node.required)) for (const field of node.required) if (typeof field === "string") schemaFacets.required.add(field);
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part, depth + 1);
  };
  visit(schema, 0);
  return schemaFacets;
}

/** The value a server would hold for a field of this schema that nothing set, or NONE. */
export function initialOf(model: ServeModel, schema: JsonSchema | undefined, depth = 0, unsetString = false): unknown {
  if (depth > 16) return NONE;
  const schemaFacets = facets(model, schema);
  if (schemaFacets.hasConst) return clone(schemaFacets.const);
  if (schemaFacets.hasDefault) return clone(schemaFacets.default);
  const types =
    schemaFacets.types ??
    (schemaFacets.properties.size > 0 || schemaFacets.required.size > 0 ? ["object"] : schemaFacets.items !== undefined ? ["array"] : undefined);
  if (types === undefined && schemaFacets.enum === undefined) return null; // a schema that says nothing of its type
  if (schemaFacets.nullable || types?.includes("null") || schemaFacets.enum?.includes(null)) return null;
  if (schemaFacets.enum !== undefined && schemaFacets.enum.length > 0) return clone(schemaFacets.enum[0]);
  if (types?.includes("array")) return [];
  if (types?.includes("object")) {
    const out: Obj = {};
    for (const name of schemaFacets.required) {
      const value = initialOf(model, schemaFacets.properties.get(name), depth + 1);
      if (value === NONE) return NONE;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (types?.includes("boolean")) return false;
  if (types?.includes("integer") || types?.includes("number")) return schemaFacets.minimum ?? 0;
  // A string a request may set and did not: its unset value, where nothing constrains it.
  if (unsetString && types?.includes("string") && !schemaFacets.constrained) return "";
  return NONE;
}

/**
 * `value` with every required field the schema names and the value lacks filled in (a copy;
 * the stored record is not changed), recursively through present objects and arrays. Fields
 * that cannot be derived are appended to `missing` as pointers.
 */
export function complete(
  model: ServeModel,
  schema: JsonSchema | undefined,
  value: unknown,
  missing: string[],
  writable: ReadonlySet<string> = new Set(),
  pointer = "",
  depth = 0,
): unknown {
  if (schema === undefined || depth > 32) return value;
  const schemaFacets = facets(model, schema);
  if (Array.isArray(value)) {
    return schemaFacets.items === undefined
      ? value
      : value.map((item, i) => complete(model, schemaFacets.items, item, missing, writable, `${pointer}/${i}`, depth + 1));
  }
  if (!isObject(value) || (schemaFacets.properties.size === 0 && schemaFacets.required.size === 0)) return value;
  const out: Obj = { ...value };
  for (const name of schemaFacets.required) {
    if (Object.hasOwn(out, name) && out[name] !== undefined) continue;
    const derived = initialOf(model, schemaFacets.properties.get(name), 0, writable.has(name));
    if (derived === NONE) missing.push(`${pointer}/${escape(name)}`);
    else out[name] = derived;
  }
  for (const [name, property] of schemaFacets.properties) {
    if (Object.hasOwn(out, name) && out[name] !== null && typeof out[name] === "object")
      out[name] = complete(model, property, out[name], missing, writable, `${pointer}/${escape(name)}`, depth + 1);
  }
  return out;
}

const escape = (name: string) => name.replace(/~/g, "~0").replace(/\//g, "~1");

/** Fields the server itself sets on a stored record (shape.ts): never reported as underivable. */
const SERVER_SET = new Set(["id", "createdAt", "requestUrls"]);

/**
 * Required fields of an operation's success response that neither the request bodies writing the
 * same resource nor a derivation can provide: reported once at start-up (operation and pointer).
 */
export function underivable(model: ServeModel, operation: OperationModel, written: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const response of operation.responses) {
    if (!/^2\d\d$/.test(response.status) || response.schema === undefined || !response.contentType?.includes("json")) continue;
    walk(model, response.schema, "", out, written, 0, new Set());
  }
  return [...new Set(out)].sort();
}

function walk(model: ServeModel, schema: JsonSchema, pointer: string, out: string[], written: ReadonlySet<string>, depth: number, seen: Set<unknown>): void {
  if (depth > 8 || seen.has(schema)) return;
  seen.add(schema);
  const schemaFacets = facets(model, schema);
  if (schemaFacets.items !== undefined) walk(model, schemaFacets.items, `${pointer}/*`, out, written, depth + 1, seen);
  for (const name of schemaFacets.required) {
    if (SERVER_SET.has(name) || written.has(name)) continue;
    if (initialOf(model, schemaFacets.properties.get(name)) === NONE) out.push(`${pointer}/${escape(name)}`);
  }
  // Into required arrays nobody writes (a list wrapper's records); a written field's content is
  // the request's, and an optional array may be left out.
  for (const name of schemaFacets.required) {
    const property = schemaFacets.properties.get(name);
    if (property !== undefined && !written.has(name) && facets(model, property).items !== undefined)
      walk(model, property, `${pointer}/${escape(name)}`, out, written, depth + 1, seen);
  }
}

/** Names of the top-level fields request bodies may write (properties of their schemas). */
export function writtenFields(model: ServeModel, schemas: readonly (JsonSchema | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const schema of schemas) for (const name of facets(model, schema).properties.keys()) out.add(name);
  return out;
}
