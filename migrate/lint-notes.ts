// A lint violation of the migrated body, told in v1 terms: the v1 field whose table entry
// leads to the violation's pointer, so a reader knows which v1 value to change.

import { parsePointer } from "../engine/pointer.js";
import type { Violation } from "../engine/types.js";
import type { MappingTable, Note } from "./types.js";

/** The v1 field whose `to` shares the longest prefix with `pointer` (`*` matches an index). */
export function v1FieldFor(table: MappingTable, pointer: string): string | undefined {
  const path = parsePointer(pointer);
  if (path.length === 0) return undefined;
  let best: { field: string; score: number } | undefined;
  for (const field of Object.keys(table).sort()) {
    const to = table[field]?.to;
    if (!to) continue;
    const target = parsePointer(to);
    let score = 0;
    while (score < target.length && score < path.length && (target[score] === "*" || target[score] === path[score])) score++;
    // The shorter of the two must be matched entirely: /gpu/pools is not /gpu/count.
    if (score < Math.min(target.length, path.length)) continue;
    if (!best || score > best.score) best = { field, score };
  }
  return best?.field;
}

/** One error note per violation whose v1 field has no error note yet. */
export function lintNotes(table: MappingTable, violations: readonly Violation[], notes: readonly Note[]): Note[] {
  const named = new Set(notes.filter((note) => note.level === "error" && note.field !== undefined).map((note) => note.field));
  const out: Note[] = [];
  for (const violation of violations) {
    const field = v1FieldFor(table, violation.path);
    if (field === undefined || named.has(field)) continue;
    named.add(field);
    out.push({ level: "error", field, message: `the v2 body fails lint at ${violation.path}: ${violation.message} [${violation.rule}]` });
  }
  return out;
}
