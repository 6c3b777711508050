// The transforms' primitives: PATCH merge, template merge, defaults. Pure: inputs are never mutated.

import { getAt, parsePointer, removeAt } from "./pointer.js";
import { clone, isObject, isPresent, setOwn } from "./values.js";

/** Response bodies say "unset" with null; as a merge base, null means absent. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (value[key] !== null) setOwn(out, key, withoutNulls(value[key]));
  return out;
}

/**
 * PATCH semantics (spec, Update a serverless endpoint): objects merge field by field, every
 * other value is replaced; fields of one `replaceTogether` group are one selection, so a patch
 * that sets any of them drops the others it does not restate. A `clears` field sent empty
 * (`""` or `[]`, Update rule 5) is removed from the result. Without a current resource
 * (`current` undefined) the patch alone is the base.
 */
export function patchMerge(current: unknown, patch: unknown, replaceTogether: readonly (readonly string[])[], clears: readonly string[] = []): unknown {
  let merged = current === undefined ? patch : mergeObjects(withoutNulls(current), patch);
  for (const group of replaceTogether) {
    const paths = group.map(parsePointer);
    if (!paths.some((path) => getAt(patch, path) !== undefined)) continue;
    for (const path of paths) if (getAt(patch, path) === undefined) merged = removeAt(merged, path);
  }
  for (const pointer of clears) {
    const path = parsePointer(pointer);
    const sent = getAt(patch, path);
    if (sent === "" || (Array.isArray(sent) && sent.length === 0)) merged = removeAt(merged, path);
  }
  return merged;
}

function mergeObjects(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return clone(patch === undefined ? base : patch);
  const out = clone(base) as Record<string, unknown>;
  for (const key of Object.keys(patch)) setOwn(out, key, mergeObjects(base[key], patch[key]));
  return out;
}

/** Template env may come as an object or as GraphQL-style [{key, value}] pairs. */
function envObject(value: unknown): Record<string, unknown> | undefined {
  if (isObject(value)) return value;
  if (!Array.isArray(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const pair of value) if (isObject(pair) && typeof pair["key"] === "string") setOwn(out, pair["key"], pair["value"]);
  return out;
}

/**
 * Template merge (spec, Create rule 3): each listed field comes from the body when present,
 * else from the template; `mergeByKey` fields are merged key by key, the body winning.
 */
export function templateMerge(body: unknown, template: Record<string, unknown> | undefined, fields: readonly string[], mergeByKey: readonly string[]): unknown {
  if (template === undefined || !isObject(body)) return body;
  const out = clone(body);
  for (const field of fields) {
    const fromTemplate = template[field];
    if (!Object.hasOwn(template, field) || !isPresent(fromTemplate)) continue;
    if (mergeByKey.includes(field)) {
      const merged = { ...envObject(fromTemplate) };
      const own = envObject(body[field]);
      if (own) for (const key of Object.keys(own)) setOwn(merged, key, own[key]);
      setOwn(out, field, merged);
    } else if (!isPresent(body[field])) {
      setOwn(out, field, clone(fromTemplate));
    }
  }
  return out;
}

/**
 * Set `value` at `pointer` when nothing is there, as the compiled defaults stage does (a copy, the
 * body untouched): absent parents are created, and a parent that is there but not an object (an
 * array, a string, null) leaves the default unset.
 */
export function withDefault(body: unknown, pointer: string, value: unknown): unknown {
  const defaulter = new Defaulter(body);
  defaulter.set(parsePointer(pointer), value);
  return defaulter.body;
}

/**
 * Defaults applied in place on one copy-on-write copy of the body: each object on a written path
 * is copied once, however many defaults land in it (the compiled `defaults` stage). With
 * `inPlace`, the body is the caller's own (`Subject.owned`): its objects are written as they are.
 */
export class Defaulter {
  body: unknown;
  /** The objects this Defaulter made (its own to write), created on the first write. */
  private copies: Set<object> | undefined;
  private readonly inPlace: boolean;

  constructor(body: unknown, inPlace = false) {
    this.body = body;
    this.inPlace = inPlace;
  }

  set(path: readonly string[], value: unknown): void {
    if (path.length === 0 || getAt(this.body, path) !== undefined) return;
    this.put(path, value);
  }

  /** `set` for a path the caller has just found empty (the compiled stage tests it inline first). */
  put(path: readonly string[], value: unknown): void {
    if (path.length === 0) return;
    const node = this.parent(path.slice(0, -1));
    if (node !== undefined) setOwn(node, path[path.length - 1] as string, clone(value));
  }

  /**
   * The object at `path` (the root for `[]`) as this Defaulter's own copy, made on the first
   * write and created where absent, or undefined when a non-object is in the way (nothing can be
   * set inside it). The compiled stage stores its default into it by name: one store site per
   * default, not one keyed store shared by all of them.
   */
  parent(path: readonly string[]): Record<string, unknown> | undefined {
    this.body = this.own(this.body);
    let node = this.body as Record<string, unknown>;
    for (const key of path) {
      const child = Object.hasOwn(node, key) ? node[key] : undefined;
      if (child !== undefined && !isObject(child)) return undefined;
      const next = this.own(child ?? {});
      if (next !== child) setOwn(node, key, next);
      node = next;
    }
    return node;
  }

  private own(value: unknown): Record<string, unknown> {
    if (isObject(value) && (this.inPlace || this.copies?.has(value))) return value;
    // Key by key, not `{ ...value }`: V8 gives a spread copy a map that adding a property to
    // costs microseconds (the defaults add properties right after). setOwn only for `__proto__`.
    const copy: Record<string, unknown> = {};
    if (isObject(value)) {
      for (const key of Object.keys(value)) {
        if (key === "__proto__") setOwn(copy, key, value[key]);
        else copy[key] = value[key];
      }
    }
    (this.copies ??= new Set()).add(copy);
    return copy;
  }
}

/** A live Defaulter keeps its hidden class alive across full collections (see pinnedShapes in verdict.ts). */
export const pinnedDefaulter = new Defaulter(null);
