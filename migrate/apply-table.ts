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

/** A v1 object whose members were carried into one v2 object whole (a renamed `env`), and the rank of the v1 field it came from. */
interface OrderSource {
  field: number;
  value: Record<string, unknown>;
}

/**
 * The migrated body with its keys in the order of the v1 body they came from (issue 41, item 2:
 * `migrate scan --fix` writes a body back into its source, where the author's order is kept): a v2
 * key stands where the first v1 field it was made from stood (`workers` where `workersMax` or
 * `workersMin` came first, `min`/`max` inside it in their fields' order); members of an object
 * carried whole keep their own order; a key no v1 field made (one the migration adds) goes last,
 * in code-point order. `changes` are applyTable's. The values are not changed.
 */
export function inSourceOrder(v1: unknown, body: Record<string, unknown>, changes: readonly BodyChange[]): Record<string, unknown> {
  if (!isObject(v1)) return body;
  const fieldRank = new Map(Object.keys(v1).map((field, index) => [field, index]));
  const placed = changes.flatMap((change) =>
    change.to === null || !fieldRank.has(change.field)
      ? []
      : [{ to: parsePointer(change.to), rank: fieldRank.get(change.field) as number, field: change.field }],
  );
  const startsWith = (to: readonly string[], path: readonly string[]) => path.length <= to.length && path.every((segment, k) => to[k] === segment);
  const ordered = (value: unknown, path: readonly string[], sources: readonly OrderSource[]): unknown => {
    if (Array.isArray(value))
      return value.map((item, index) =>
        ordered(
          item,
          [...path, String(index)],
          sources.flatMap((source) => {
            const inner = Array.isArray(source.value) ? (source.value as unknown[])[index] : undefined;
            return isObject(inner) || Array.isArray(inner) ? [{ field: source.field, value: inner as Record<string, unknown> }] : [];
          }),
        ),
      );
    if (!isObject(value)) return value;
    const ranked = Object.keys(value).map((key) => {
      const childPath = [...path, key];
      // [v1 field rank, rank inside a carried object (-1: the field itself)]
      let rank: [number, number] = [Number.POSITIVE_INFINITY, 0];
      const better = (candidate: [number, number]) => {
        if (candidate[0] < rank[0] || (candidate[0] === rank[0] && candidate[1] < rank[1])) rank = candidate;
      };
      const childSources: OrderSource[] = [];
      for (const change of placed) {
        if (!startsWith(change.to, childPath)) continue;
        better([change.rank, -1]);
        const carried = v1[change.field];
        if (change.to.length === childPath.length && (isObject(carried) || Array.isArray(carried)))
          childSources.push({ field: change.rank, value: carried as Record<string, unknown> });
      }
      for (const source of sources) {
        if (Array.isArray(source.value) || !Object.hasOwn(source.value, key)) continue;
        better([source.field, Object.keys(source.value).indexOf(key)]);
        const carried = source.value[key];
        if (isObject(carried) || Array.isArray(carried)) childSources.push({ field: source.field, value: carried as Record<string, unknown> });
      }
      return { key, rank, child: ordered(value[key], childPath, childSources) };
    });
    ranked.sort((left, right) => left.rank[0] - right.rank[0] || left.rank[1] - right.rank[1] || (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
    const out: Record<string, unknown> = {};
    for (const { key, child } of ranked) Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
    return out;
  };
  return ordered(body, [], []) as Record<string, unknown>;
}
