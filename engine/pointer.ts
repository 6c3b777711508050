// JSON pointers (RFC 6901) over request bodies, with `*` standing for every array item.

import { isObject, setOwn } from "./values.js";

const parsed = new Map<string, readonly string[]>();

/**
 * The segments of a pointer. Rules use the same few pointers on every body, so results are kept
 * (up to a bound); the arrays are frozen because they are shared. The segments are internalized:
 * a property load keyed by a string split off at run time makes V8 look it up first, each time.
 */
export function parsePointer(pointer: string): readonly string[] {
  const known = parsed.get(pointer);
  if (known !== undefined) return known;
  if (pointer !== "" && !pointer.startsWith("/")) throw new SyntaxError(`JSON pointer must start with "/": ${pointer}`);
  const segments = Object.freeze(
    pointer === ""
      ? []
      : pointer
          .slice(1)
          .split("/")
          .map((segment) => internalized(segment.replace(/~1/g, "/").replace(/~0/g, "~"))),
  );
  if (parsed.size >= 4096) parsed.clear();
  parsed.set(pointer, segments);
  return segments;
}

/** indexPath's strings: by prefix, then suffix, then index (bounded: prefixes are the engine's constants). */
const indexPaths = new Map<string, Map<string, string[]>>();

/** Indexes below this get one string each per prefix and suffix; beyond, a path is concatenated. */
const MAX_INDEX_PATH = 256;

/**
 * `prefix + index + suffix`, as one and the same string each time (for an index below 256): the
 * compiled engine builds the path of a finding inside an array this way (`/gpu/pools/1`). V8
 * hashes or compares a freshly concatenated string only through a slow call (a Map look-up by
 * it ~0.1 µs, measured); a string made once and internalized is compared by identity, so what
 * reads paths afterwards (catalog staleness, pointer parsing, printing) does not pay that per body.
 */
export function indexPath(prefix: string, index: number, suffix = ""): string {
  if (!(index >= 0 && index < MAX_INDEX_PATH)) return prefix + index + suffix;
  let bySuffix = indexPaths.get(prefix);
  if (bySuffix === undefined) {
    if (indexPaths.size >= 4096) indexPaths.clear();
    bySuffix = new Map();
    indexPaths.set(prefix, bySuffix);
  }
  let list = bySuffix.get(suffix);
  if (list === undefined) {
    list = [];
    bySuffix.set(suffix, list);
  }
  return (list[index] ??= internalized(prefix + index + suffix));
}

/** The string as V8 keeps a property name: flat, hashed once, unique by content. */
export function internalized(text: string): string {
  return Object.keys({ [text]: 0 })[0] ?? text;
}

export function formatPointer(segments: readonly (string | number)[]): string {
  let out = "";
  for (const segment of segments) {
    const text = String(segment);
    out += text.includes("~") || text.includes("/") ? `/${text.replace(/~/g, "~0").replace(/\//g, "~1")}` : `/${text}`;
  }
  return out;
}

/** An own property of an object, or undefined (never an inherited member such as `constructor`). */
export function prop(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** One pointer step: an array index or an own property. */
export function step(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
    return value[Number(segment)];
  }
  if (isObject(value) && Object.hasOwn(value, segment)) return value[segment];
  return undefined;
}

/** The value at a pointer without wildcards, or undefined. */
export function getAt(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  // Indexed: the segments are usually parsePointer's frozen arrays, whose iterator V8 does not elide.
  for (let i = 0; i < segments.length; i++) {
    current = step(current, segments[i] as string);
    if (current === undefined) return undefined;
  }
  return current;
}

export interface Match {
  path: string;
  value: unknown;
}

const escapeSegment = (segment: string) => (/[~/]/.test(segment) ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment);

/** Every concrete location a pointer (with `*` wildcards) matches, in document order. */
export function matchAll(value: unknown, segments: readonly string[]): Match[] {
  const out: Match[] = [];
  const walk = (current: unknown, index: number, path: string): void => {
    if (current === undefined) return;
    if (index === segments.length) {
      out.push({ path, value: current });
      return;
    }
    const segment = segments[index] as string;
    if (segment === "*") {
      if (Array.isArray(current)) for (let i = 0; i < current.length; i++) walk(current[i], index + 1, `${path}/${i}`);
      return;
    }
    walk(step(current, segment), index + 1, `${path}/${escapeSegment(segment)}`);
  };
  walk(value, 0, "");
  return out;
}

/** A copy of `root` with the value at `segments` set, creating objects on the way. */
export function setAt(root: unknown, segments: readonly string[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(root) && /^(0|[1-9][0-9]*)$/.test(head)) {
    const copy = root.slice();
    copy[Number(head)] = setAt(root[Number(head)], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isObject(root) ? { ...root } : {};
  setOwn(copy, head, setAt(isObject(root) ? root[head] : undefined, rest, value));
  return copy;
}

/** A copy of `root` without the value at `segments`. */
export function removeAt(root: unknown, segments: readonly string[]): unknown {
  if (segments.length === 0) return undefined;
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(root) && rest.length > 0 && /^(0|[1-9][0-9]*)$/.test(head) && Number(head) < root.length) {
    const copy = root.slice();
    copy[Number(head)] = removeAt(root[Number(head)], rest);
    return copy;
  }
  if (!isObject(root) || !Object.hasOwn(root, head)) return root;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(root)) {
    if (key !== head) setOwn(copy, key, root[key]);
    else if (rest.length > 0) setOwn(copy, key, removeAt(root[key], rest));
  }
  return copy;
}
