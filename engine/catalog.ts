// Catalog look-ups shared by the catalog rule kinds (GPU types and pools, CPU flavors).

import { getAt, parsePointer } from "./pointer.js";
import type { CheckContext } from "./types.js";
import { isObject } from "./values.js";

export type Collection = "gpus" | "cpus";

/**
 * A WeakMap with its last two look-ups answered by identity first: a body reads the same one or
 * two catalog lists (GPUs, CPUs) several times, and a hash look-up in a WeakMap costs more than
 * the rest of a passing catalog rule. The two entries hold their keys strongly until replaced.
 */
class Memo<K extends object, V> {
  private readonly map = new WeakMap<K, V>();
  private k0: K | undefined;
  private v0: V | undefined;
  private k1: K | undefined;
  private v1: V | undefined;

  get(key: K): V | undefined {
    if (key === this.k0) return this.v0;
    if (key === this.k1) return this.v1;
    const value = this.map.get(key);
    if (value !== undefined) this.remember(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.set(key, value);
    this.remember(key, value);
  }

  private remember(key: K, value: V): void {
    this.k1 = this.k0;
    this.v1 = this.v0;
    this.k0 = key;
    this.v0 = value;
  }
}

// Catalogs are read on every body and rarely change: the record lists and key sets derived from
// one catalog array are kept beside it (weakly, so a new catalog is never served stale data).
const recordCache = new Memo<readonly unknown[], Record<string, unknown>[]>();
const keyCache = new Memo<readonly Record<string, unknown>[], Map<string, Set<string>>>();

export function records(context: CheckContext, collection: Collection): Record<string, unknown>[] | undefined {
  const catalog = context.catalog;
  if (catalog === undefined || catalog === null) return undefined;
  // Named loads: a load keyed by a variable name costs more where V8 does not inline this.
  const list = collection === "gpus" ? catalog.gpus : catalog.cpus;
  if (!Array.isArray(list)) return undefined;
  let out = recordCache.get(list);
  if (out === undefined) {
    out = list.filter(isObject);
    recordCache.set(list, out);
  }
  return out;
}

/** String values at a match: a string, or each string of an array, with their pointers. */
export function stringsAt(value: unknown, path: string): { path: string; value: string }[] {
  if (typeof value === "string") return [{ path, value }];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => (typeof item === "string" ? [{ path: `${path}/${i}`, value: item }] : []));
}

/** The values of `key` over a catalog's records, as strings (cached per catalog list). */
export function keysOf(list: readonly Record<string, unknown>[], key: string): Set<string> {
  let byKey = keyCache.get(list);
  if (byKey === undefined) {
    byKey = new Map();
    keyCache.set(list, byKey);
  }
  let out = byKey.get(key);
  if (out === undefined) {
    out = keysIn(list, key);
    byKey.set(key, out);
  }
  return out;
}

/** The values of `key` over a list built for one body (not cached). */
export function keysIn(list: readonly Record<string, unknown>[], key: string): Set<string> {
  const out = new Set<string>();
  for (const record of list) if (typeof record[key] === "string") out.add(record[key] as string);
  return out;
}

/** Records restricted to those whose `key` is among the strings at `pointer` of `body`. */
export function recordsWithin(list: readonly Record<string, unknown>[], body: unknown, pointer: string, key: string) {
  const allowed = new Set(stringsAt(getAt(body, parsePointer(pointer)), "").map((found) => found.value));
  return list.filter((record) => typeof record[key] === "string" && allowed.has(record[key] as string));
}

const groupCache = new Memo<readonly Record<string, unknown>[], Map<string, Map<string, { keys: string[]; records: number }>>>();

/** Records grouped by `groupKey`, with their `key` values: built once per catalog list. */
function groupIndex(list: readonly Record<string, unknown>[], groupKey: string, key: string) {
  let byKeys = groupCache.get(list);
  if (byKeys === undefined) {
    byKeys = new Map();
    groupCache.set(list, byKeys);
  }
  const id = `${groupKey}\u0000${key}`;
  let index = byKeys.get(id);
  if (index === undefined) {
    index = new Map();
    for (const record of list) {
      const group = record[groupKey];
      if (typeof group !== "string") continue;
      const entry = index.get(group) ?? { keys: [], records: 0 };
      entry.records++;
      if (typeof record[key] === "string") entry.keys.push(record[key] as string);
      index.set(group, entry);
    }
    byKeys.set(id, index);
  }
  return index;
}

/**
 * The `key` values of the records whose `groupKey` is among the strings at `pointer` of `body`,
 * and how many records that is: `keysIn(recordsWithin(…))` from a cached index.
 */
export function keysWithin(list: readonly Record<string, unknown>[], body: unknown, pointer: string, groupKey: string, key: string) {
  const index = groupIndex(list, groupKey, key);
  const keys = new Set<string>();
  const groups = new Set<string>();
  let recordCount = 0;
  for (const found of stringsAt(getAt(body, parsePointer(pointer)), "")) {
    if (groups.has(found.value)) continue;
    groups.add(found.value);
    const entry = index.get(found.value);
    if (entry === undefined) continue;
    recordCount += entry.records;
    for (const k of entry.keys) keys.add(k);
  }
  return { keys, records: recordCount };
}

interface Scoped {
  keys: Set<string>;
  records: number;
}

/** Selections met so far, as a trie over their strings: a look-up builds no key. */
interface SelectionNode {
  next?: Map<string, SelectionNode>;
  scoped?: Scoped;
}

const selections = new Memo<readonly Record<string, unknown>[], Map<string, Map<string, { root: SelectionNode; size: number }>>>();

/**
 * `keysWithin` for the value found at the pointer (a string or an array of strings, the
 * selected groups), answered from a cache per catalog list and selection: bodies repeat the
 * same few selections, so the sets are built once, not per body. Callers must not mutate them.
 */
export function keysWithinValue(list: readonly Record<string, unknown>[], selected: unknown, groupKey: string, key: string): Scoped {
  let byGroup = selections.get(list);
  if (byGroup === undefined) {
    byGroup = new Map();
    selections.set(list, byGroup);
  }
  let byKey = byGroup.get(groupKey);
  if (byKey === undefined) {
    byKey = new Map();
    byGroup.set(groupKey, byKey);
  }
  let trie = byKey.get(key);
  if (trie === undefined || trie.size > 4096) {
    // bounded: a stream of ever-new selections starts the cache over instead of growing it
    trie = { root: {}, size: 0 };
    byKey.set(key, trie);
  }
  let node = trie.root;
  // The strings stringsAt() finds, in order: a string and a one-string array select alike.
  if (typeof selected === "string") node = childOf(trie, node, selected);
  else if (Array.isArray(selected)) for (const item of selected) if (typeof item === "string") node = childOf(trie, node, item);
  node.scoped ??= keysWithin(list, selected, "", groupKey, key);
  return node.scoped;
}

function childOf(trie: { size: number }, node: SelectionNode, value: string): SelectionNode {
  node.next ??= new Map();
  let child = node.next.get(value);
  if (child === undefined) {
    child = {};
    node.next.set(value, child);
    trie.size++;
  }
  return child;
}

const recordIndex = new Memo<readonly Record<string, unknown>[], Map<string, Map<unknown, Record<string, unknown>>>>();

/** `list.find((r) => r[key] === value)`, through an index built once per catalog list and key. */
export function recordWith(list: readonly Record<string, unknown>[], key: string, value: unknown): Record<string, unknown> | undefined {
  if (value !== value) return undefined; // NaN: a Map would find NaN keys, `===` never does
  let byKey = recordIndex.get(list);
  if (byKey === undefined) {
    byKey = new Map();
    recordIndex.set(list, byKey);
  }
  let index = byKey.get(key);
  if (index === undefined) {
    index = new Map();
    for (const record of list) if (!index.has(record[key])) index.set(record[key], record); // the first, as find() answers
    byKey.set(key, index);
  }
  return index.get(value);
}

/** A number at a pointer of a record, or undefined. */
export function numberAt(record: Record<string, unknown> | undefined, pointer: string): number | undefined {
  const value = getAt(record, parsePointer(pointer));
  return typeof value === "number" ? value : undefined;
}
