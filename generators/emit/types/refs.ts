// `$ref` resolution. Component schemas are `${SCHEMAS_ID}#/$defs/<Name>` (or `#/$defs/<Name>`);
// deeper pointers (`#/$defs/Name/properties/x`) are walked inside the named schema.

import { type JsonSchema, SCHEMAS_ID } from "../../../schema-model/model.js";

export type SchemaObject = { [keyword: string]: unknown };

export interface RefTarget {
  name: string;
  /** Pointer segments below `$defs/<Name>`; empty for a whole component schema. */
  rest: string[];
}

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const unescapePointer = (segment: string): string => segment.replace(/~1/g, "/").replace(/~0/g, "~");

function percentDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The component a ref points to. The fragment is read as written first, then
 * percent-decoded (URI fragments may encode characters of the name).
 */
export function parseRef(ref: string, schemas: Record<string, JsonSchema>): RefTarget | undefined {
  const fragment = ref.startsWith(`${SCHEMAS_ID}#`) ? ref.slice(SCHEMAS_ID.length + 1) : ref.startsWith("#") ? ref.slice(1) : undefined;
  if (fragment === undefined || !fragment.startsWith("/$defs/")) return undefined;
  const raw = fragment.slice("/$defs/".length).split("/");
  for (const decode of [unescapePointer, (text: string) => unescapePointer(percentDecode(text))]) {
    const [name, ...rest] = raw.map(decode);
    if (name !== undefined && Object.hasOwn(schemas, name)) return { name, rest };
  }
  return undefined;
}

/** The schema at `rest` inside `schema`, own properties only; undefined when absent. */
export function walk(schema: JsonSchema, rest: readonly string[]): JsonSchema | undefined {
  let node: unknown = schema;
  for (const segment of rest) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(segment)) node = node[Number(segment)];
    else if (isSchemaObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return typeof node === "boolean" || isSchemaObject(node) ? node : undefined;
}

/** Follows a chain of plain `$ref`s to the schema they name (at most 32 hops). */
export function followRefs(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (let hops = 0; hops < 32; hops++) {
    if (!isSchemaObject(node) || typeof node.$ref !== "string") return node;
    const target = parseRef(node.$ref, schemas);
    const root = target && Object.hasOwn(schemas, target.name) ? schemas[target.name] : undefined;
    node = root === undefined || target === undefined ? undefined : walk(root, target.rest);
  }
  return undefined;
}
