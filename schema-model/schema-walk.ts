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
  const s = deref(model, schema);
  if (!s || depth > 32) return out;
  for (const part of Array.isArray(s.allOf) ? (s.allOf as JsonSchema[]) : []) {
    for (const [k, v] of propertiesOf(model, part, depth + 1)) out.set(k, v);
  }
  if (typeof s.properties === "object" && s.properties !== null) {
    for (const [k, v] of Object.entries(s.properties as Record<string, JsonSchema>)) out.set(k, v);
  }
  return out;
}

/** True when the schema (after `$ref`/`allOf`) is an array schema. */
export function isArraySchema(model: Pick<ApiModel, "schemas">, schema: JsonSchema | undefined): boolean {
  const s = deref(model, schema);
  if (!s) return false;
  return (
    s.type === "array" ||
    (Array.isArray(s.type) && s.type.includes("array")) ||
    (Array.isArray(s.allOf) && (s.allOf as JsonSchema[]).some((p) => isArraySchema(model, p)))
  );
}
