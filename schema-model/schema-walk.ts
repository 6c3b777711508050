// Reading the normalized schemas of the model: `$ref`s to `#/$defs/<Name>` and `allOf` parts,
// enough to know the properties of a response body (its list key, whether it has `createdAt`).

import type { ApiModel, JsonSchema } from "./model.js";

type Obj = { [keyword: string]: unknown };

function deref(model: Pick<ApiModel, "schemas">, schema: JsonSchema | undefined, depth = 0): Obj | undefined {
  if (typeof schema !== "object" || schema === null || depth > 32) return undefined;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1));
    return deref(model, model.schemas[name], depth + 1);
  }
  return schema;
}

/** The properties a schema declares itself and through `allOf`/`$ref`, by name. */
export function propertiesOf(model: Pick<ApiModel, "schemas">, schema: JsonSchema | undefined, depth = 0): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  const resolved = deref(model, schema);
  if (!resolved || depth > 32) return out;
  for (const part of Array.isArray(resolved.allOf) ? (resolved.allOf as JsonSchema[]) : []) {
    for (const [name, property] of propertiesOf(model, part, depth + 1)) out.set(name, property);
  }
  if (typeof resolved.properties === "object" && resolved.properties !== null) {
    for (const [name, property] of Object.entries(resolved.properties as Record<string, JsonSchema>)) out.set(name, property);
  }
  return out;
}

/** True when the schema (after `$ref`/`allOf`) is an array schema. */
export function isArraySchema(model: Pick<ApiModel, "schemas">, schema: JsonSchema | undefined): boolean {
  const resolved = deref(model, schema);
  if (!resolved) return false;
  return (
    resolved.type === "array" ||
    (Array.isArray(resolved.type) && resolved.type.includes("array")) ||
    (Array.isArray(resolved.allOf) && (resolved.allOf as JsonSchema[]).some((part) => isArraySchema(model, part)))
  );
}
