// The table interpreter: every v1 field is looked up in its body kind's table, so a field the
// table does not know is reported instead of silently carried into v2.

import { getAt, parsePointer, setAt } from "../engine/pointer.js";
import { isObject } from "../engine/values.js";
import type { BodyKind, BodyMode, FieldMapping, MigrationContext, Note, Transform, TransformOutput } from "./types.js";

export interface BodyMigration {
  body: Record<string, unknown>;
  notes: Note[];
  /** Every top-level v1 field and where it is in `body` (code-point order): the change list says what was written. */
  changes: BodyChange[];
}

export function applyTable(kind: BodyKind, v1: unknown, mode: BodyMode, context: MigrationContext): BodyMigration {
  if (!isObject(v1)) {
    return { body: {}, notes: [{ level: "error", message: `must send a JSON object as the ${kind.name} body` }], changes: [] };
  }
  const input = { body: v1, mode, context };
  let body: Record<string, unknown> = {};
  const notes: Note[] = [];
  const placed = new Map<string, string | null>();
  const absorb = (out: TransformOutput): void => {
    for (const [pointer, value] of out.set ?? []) body = setAt(body, parsePointer(pointer), value) as Record<string, unknown>;
    notes.push(...(out.notes ?? []));
    for (const [field, to] of Object.entries(out.to ?? {})) placed.set(field, to);
  };
  const ran = new Set<Transform>();
  // Code-point order, so the output never depends on the key order of the input file.
  for (const field of Object.keys(v1).sort()) {
    const mapping = Object.hasOwn(kind.table, field) ? kind.table[field] : undefined;
    const value = v1[field];
    if (!mapping) {
      notes.push({ level: "error", field, message: `is not a field of a v1 ${kind.name} body; remove it or map it by hand` });
      continue;
    }
    if (mapping.how === "custom") {
      if (mapping.transform && !ran.has(mapping.transform)) {
        ran.add(mapping.transform);
        absorb(mapping.transform(input));
      }
      continue;
    }
    if (mapping.how === "drop" || mapping.to === null) {
      notes.push({ level: mapping.level ?? "warning", field, message: `dropped: ${mapping.note}` });
      continue;
    }
    if (value === null) {
      // v1 accepted null for "use the default"; v2 omits the field for that.
      notes.push({ level: "info", field, message: `was null; left out so v2 applies its default` });
      continue;
    }
    absorb({ set: [[mapping.to, value]] });
  }
  if (kind.finish) absorb(kind.finish(input, body));
  return { body, notes, changes: changesOf(kind, v1, body, placed) };
}

/** What happens to one v1 field: where it goes in v2 (a JSON pointer, or null) and why. */
export interface BodyChange {
  field: string;
  to: string | null;
  how: FieldMapping["how"] | "unknown";
  reason: string;
}

/**
 * Every top-level field of a v1 body and where the migration put it in `written`: the place a
 * transform reported, else the table's `to` when the written body has a value there, else null
 * (left out). One source: the change list never names a place the body does not have.
 */
function changesOf(kind: BodyKind, v1: Record<string, unknown>, written: Record<string, unknown>, placed: ReadonlyMap<string, string | null>): BodyChange[] {
  return Object.keys(v1)
    .sort()
    .map((field) => {
      const mapping = Object.hasOwn(kind.table, field) ? kind.table[field] : undefined;
      if (!mapping) return { field, to: null, how: "unknown" as const, reason: `not a field of a v1 ${kind.name} body` };
      let to = placed.has(field) ? (placed.get(field) as string | null) : mapping.how === "drop" ? null : mapping.to;
      if (to !== null && getAt(written, parsePointer(to)) === undefined) to = null;
      return { field, to, how: mapping.how, reason: mapping.note };
    });
}

/** Keys sorted at every depth: same input, same bytes. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    Object.defineProperty(out, key, { value: sortKeys(value[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
