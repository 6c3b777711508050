// Type aliases may refer to themselves only through an object or array type: `type A = B;
// type B = A;` and `type C = string | C` do not compile (TS2456). This finds, for every
// component, the components it reaches through `$ref`/`allOf`/`oneOf`/`anyOf` alone, so the
// emitter can write `unknown` for the refs that would close such a cycle.

import type { JsonSchema } from "../../../schema-model/model.js";
import { isSchemaObject, parseRef } from "./refs.js";

function directRefs(schema: JsonSchema, schemas: Record<string, JsonSchema>, out: Set<string>): void {
  if (!isSchemaObject(schema)) return;
  if (typeof schema.$ref === "string") {
    const target = parseRef(schema.$ref, schemas);
    if (target !== undefined) out.add(target.name);
  }
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    const members = schema[key];
    if (Array.isArray(members)) for (const subschema of members) directRefs(subschema as JsonSchema, schemas, out);
  }
}

/** Component name → components reachable from it through direct references. */
export function directReach(schemas: Record<string, JsonSchema>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const name of Object.keys(schemas)) {
    const out = new Set<string>();
    directRefs(schemas[name] ?? true, schemas, out);
    edges.set(name, out);
  }
  const reach = new Map<string, Set<string>>();
  for (const name of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(name) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
    reach.set(name, seen);
  }
  return reach;
}
