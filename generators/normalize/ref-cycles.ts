// A `$ref` cycle that never moves to a child of the instance (C: allOf [D], D: allOf [C]) makes
// every validator recurse forever: Ajv's code overflows the stack on any body. Such a cycle
// constrains nothing (JSON Schema 2020-12 §7.7.1 leaves it undefined), so the `$ref` closing it
// is removed and reported. Cycles through properties or items (trees, linked lists) are fine.

import { componentOf, type Diagnostic, type JsonSchema, SCHEMAS_ID } from "../../schema-model/model.js";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);
const PREFIX = `${SCHEMAS_ID}#/$defs/`;
/** Keywords whose subschemas apply to the same instance location. */
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_SINGLE = ["not", "if", "then", "else"];

/** Nodes with a component `$ref` reachable from `schema` without leaving the instance location. */
function inPlaceRefs(schema: unknown, out: Obj[] = []): Obj[] {
  if (!isObj(schema)) return out;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith(PREFIX)) out.push(schema);
  for (const key of IN_PLACE_LISTS) if (Array.isArray(schema[key])) for (const subschema of schema[key] as unknown[]) inPlaceRefs(subschema, out);
  for (const key of IN_PLACE_SINGLE) inPlaceRefs(schema[key], out);
  if (isObj(schema.dependentSchemas)) for (const subschema of Object.values(schema.dependentSchemas)) inPlaceRefs(subschema, out);
  return out;
}

/** Remove the `$ref`s that close in-place cycles among component schemas (in name order). */
export function breakInPlaceCycles(schemas: Record<string, JsonSchema>, diagnostics: Diagnostic[]): void {
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string): void => {
    state.set(name, "visiting");
    for (const node of inPlaceRefs(schemas[name])) {
      const target = componentOf(node.$ref);
      if (target === undefined || !Object.hasOwn(schemas, target)) continue;
      if (state.get(target) === "visiting") {
        delete node.$ref;
        diagnostics.push({
          level: "warning",
          code: "ref-cycle-in-place",
          message: `$ref to ${JSON.stringify(target)} closes a cycle that never reaches a property or item (it would recurse forever); the $ref is ignored`,
          pointer: `/components/schemas/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
        });
      } else if (state.get(target) === undefined) visit(target);
    }
    state.set(name, "done");
  };
  for (const name of Object.keys(schemas).sort()) if (state.get(name) === undefined) visit(name);
}
