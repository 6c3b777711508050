// Where a request body carries a value the service keeps but never returns: the JSON pointers
// of the properties its schema marks `writeOnly` (registry passwords, secret values). Read by
// the engine (lint leaves them out of `resolved`) and by `serve` (stored, never answered).
// The published document says it in words ("write-only, not returned in responses") instead of
// the keyword: a property whose description calls it write-only counts too.

import { propertiesOf } from "./schema-walk.js";
import type { ApiModel, JsonSchema } from "./model.js";

const MAX_DEPTH = 8;

/** The pointers (`/password`, `/auth/token`) of the `writeOnly` properties of a body schema, sorted. */
export function writeOnlyPointers(model: Pick<ApiModel, "schemas">, schema: JsonSchema | undefined): string[] {
  const found = new Set<string>();
  const visit = (node: JsonSchema | undefined, prefix: string, depth: number) => {
    if (node === undefined || depth > MAX_DEPTH) return;
    for (const [name, property] of propertiesOf(model, node)) {
      const pointer = `${prefix}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (isWriteOnly(property)) found.add(pointer);
      else visit(property, pointer, depth + 1);
    }
  };
  visit(schema, "", 0);
  return [...found].sort();
}

function isWriteOnly(property: JsonSchema): boolean {
  if (typeof property !== "object" || property === null) return false;
  const { writeOnly, description } = property as { writeOnly?: unknown; description?: unknown };
  return writeOnly === true || (typeof description === "string" && /\bwrite-only\b/i.test(description));
}
