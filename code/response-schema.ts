// Whether an operation's success response has a field the code reads (`["pods", "*", "status"]`):
// the schema is followed through `$ref`, `allOf`, `oneOf`/`anyOf`, array `items` (`*`, or an
// index) and `additionalProperties`; an object that does not close its properties (no
// `additionalProperties: false`, no `unevaluatedProperties: false`) accepts any field, as does
// a schema that says nothing of its shape. Unknown keywords never produce a finding: only a
// schema that names its fields and closes them can say a field is not there.

import { componentIn, type JsonSchema, type OperationModel } from "../schema-model/model.js";

type Schemas = Readonly<Record<string, JsonSchema>>;

/** The schema of the operation's first 2xx response with a body, if any. */
export function successSchema(operation: OperationModel): JsonSchema | undefined {
  const success = operation.responses
    .filter((response) => /^2\d\d$/.test(response.status) && response.schema !== undefined)
    .sort((a, b) => a.status.localeCompare(b.status))[0];
  return success?.schema;
}

/** Where a read leaves the schema: the index of the first segment the schema does not have, or undefined when it has them all. */
export function missingAt(schema: JsonSchema, path: readonly string[], schemas: Schemas): number | undefined {
  let current: JsonSchema[] = [schema];
  for (let i = 0; i < path.length; i++) {
    const next: JsonSchema[] = [];
    for (const candidate of current) {
      const child = childOf(candidate, path[i] as string, schemas, 0);
      if (child === "any") return undefined;
      next.push(...child);
    }
    if (next.length === 0) return i;
    current = next;
  }
  return undefined;
}

/** The most nested `$ref`/`allOf` chain followed for one step: far beyond any real document, well within the stack. */
const MAX_DEPTH = 64;

/**
 * The schemas of `segment` below `schema`: "any" when the schema accepts any field there (free
 * form, or it cannot tell), an empty list when it has no such field.
 */
function childOf(schema: JsonSchema, segment: string, schemas: Schemas, depth: number): JsonSchema[] | "any" {
  if (typeof schema === "boolean") return schema ? "any" : [];
  if (depth > MAX_DEPTH) return "any";
  const ref = schema.$ref;
  if (ref !== undefined) {
    const name = componentIn(ref, schemas);
    if (name === undefined) return "any";
    return childOf(schemas[name] as JsonSchema, segment, schemas, depth + 1);
  }
  const out: JsonSchema[] = [];
  let named = false;
  for (const keyword of ["allOf", "oneOf", "anyOf"] as const) {
    const members = schema[keyword];
    if (!Array.isArray(members)) continue;
    named = true;
    for (const member of members as JsonSchema[]) {
      const child = childOf(member, segment, schemas, depth + 1);
      if (child === "any") return "any";
      out.push(...child);
    }
  }
  const type = schema.type;
  const types = Array.isArray(type) ? (type as unknown[]) : type === undefined ? [] : [type];
  const items = schema.items;
  if (segment === "*" || /^(0|[1-9]\d*)$/.test(segment)) {
    if (items !== undefined && items !== false) {
      named = true;
      out.push(items as JsonSchema);
    } else if (types.includes("array")) return "any";
  }
  const properties = schema.properties;
  if (typeof properties === "object" && properties !== null) {
    named = true;
    if (Object.hasOwn(properties, segment)) out.push((properties as Record<string, JsonSchema>)[segment] as JsonSchema);
  }
  if (schema.patternProperties !== undefined) return "any";
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) {
    if (additional === true) return "any";
    named = true;
    if (segment !== "*") out.push(additional as JsonSchema);
  }
  if (out.length > 0) return out;
  // Named fields (or items, or members) and none of them is this one: it is not there.
  if (named) return [];
  // A schema that says nothing of its fields accepts any, unless it is a scalar's.
  return types.length === 0 || types.includes("object") ? "any" : [];
}
