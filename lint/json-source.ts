// Source positions in JSON text, for the slow path only: lint verdicts carry JSON pointers, and
// the formats that show a line and column (pretty, sarif, github) ask for them here, after the
// body was found invalid. Momoa is loaded on first use (its CommonJS build, so that this stays
// synchronous), never on the fast path.

import { createRequire } from "node:module";
import type { DocumentNode, ValueNode } from "@humanwhocodes/momoa";
import { parsePointer } from "../engine/pointer.js";

/** 1-based line and column (UTF-16 code units, as editors count them). */
export interface Position {
  line: number;
  column: number;
}

type Momoa = { parse(text: string, options?: { mode?: "json" }): DocumentNode };
let momoa: Momoa | undefined;

function loadMomoa(): Momoa {
  momoa ??= createRequire(import.meta.url)("@humanwhocodes/momoa") as Momoa;
  return momoa;
}

/** Line and column of a character offset. */
export function positionAt(text: string, offset: number): Position {
  const starts = lineStarts(text);
  const end = Math.min(Math.max(offset, 0), text.length);
  // The last line start at or before `end` (binary search: a text's positions cost O(log n) each).
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((starts[mid] as number) <= end) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: end - (starts[lo] as number) + 1 };
}

/** The character offset of a 1-based line and column (clamped to the text). */
export function offsetAt(text: string, position: Position): number {
  const starts = lineStarts(text);
  const start = starts[Math.min(Math.max(position.line, 1), starts.length) - 1] as number;
  return Math.min(start + Math.max(position.column, 1) - 1, text.length);
}

/** Offsets where each line starts, for the last few texts asked about (a GraphQL finding is placed in the query and in the file). */
const lineCache: { text: string; starts: number[] }[] = [];

function lineStarts(text: string): number[] {
  for (const entry of lineCache) if (entry.text === text) return entry.starts;
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  if (lineCache.length >= 4) lineCache.pop();
  lineCache.unshift({ text, starts });
  return starts;
}

/** Position of the first non-blank character: where the root value starts. */
function rootPosition(text: string): Position {
  const offset = text.search(/\S/);
  return positionAt(text, Math.max(offset, 0));
}

const parsed = { text: "", doc: undefined as DocumentNode | undefined };

/** Momoa's tree of `text` (positions and offsets of every node), cached for the last text (one input's violations share it); undefined when malformed. */
export function documentOf(text: string): DocumentNode | undefined {
  if (parsed.text === text && parsed.doc) return parsed.doc;
  try {
    parsed.doc = loadMomoa().parse(text, { mode: "json" });
    parsed.text = text;
    return parsed.doc;
  } catch {
    return undefined; // malformed, or nested deeper than the stack: the caller falls back
  }
}

/** Where a finding is in the text: its first character and the one after its last. */
export interface Span {
  start: Position;
  end: Position;
}

/**
 * Where the value at `pointer` starts in `text`. With `key`, the member name instead (an
 * unknown property is best shown at its key). A pointer that runs past the document (a
 * missing property) stops at the deepest value that exists, at its key when it is a member.
 */
export function locate(text: string, pointer: string, options: { key?: boolean } = {}): Position {
  return locateSpan(text, pointer, options).start;
}

/** The whole of what `locate` points at (an editor underlines it): the value, or the member name. */
export function locateSpan(text: string, pointer: string, options: { key?: boolean } = {}): Span {
  const doc = pointer === "" ? undefined : documentOf(text);
  if (!doc) {
    const start = rootPosition(text);
    const body = pointer === "" ? documentOf(text)?.body : undefined;
    return { start, end: body ? pick(body.loc.end) : start };
  }
  let segments: readonly string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    const start = rootPosition(text);
    return { start, end: pick(doc.body.loc.end) };
  }
  let node: ValueNode = doc.body;
  let key: { start: Position; end: Position } | undefined;
  for (const segment of segments) {
    let next: ValueNode | undefined;
    let nextKey: typeof key;
    if (node.type === "Object") {
      const member = membersOf(node).get(segment);
      if (member !== undefined) {
        next = member.value;
        nextKey = { start: pick(member.name.loc.start), end: pick(member.name.loc.end) };
      }
    } else if (node.type === "Array" && /^(0|[1-9][0-9]*)$/.test(segment)) {
      next = node.elements[Number(segment)]?.value;
    }
    if (next === undefined) return key ?? { start: pick(node.loc.start), end: pick(node.loc.end) };
    node = next;
    key = nextKey;
  }
  return options.key && key ? key : { start: pick(node.loc.start), end: pick(node.loc.end) };
}

type ObjectNode = Extract<ValueNode, { type: "Object" }>;
type MemberNode = ObjectNode["members"][number];
const memberIndex = new WeakMap<ObjectNode, Map<string, MemberNode>>();

/** An object's members by name, built once per object node (findings at N keys cost O(N), not O(N²)). The last duplicate wins, as in JSON.parse. */
function membersOf(node: ObjectNode): Map<string, MemberNode> {
  let index = memberIndex.get(node);
  if (index === undefined) {
    index = new Map();
    for (const member of node.members) if (member.name.type === "String") index.set(member.name.value, member);
    memberIndex.set(node, index);
  }
  return index;
}

function pick(location: { line: number; column: number }): Position {
  return { line: location.line, column: location.column };
}

export interface ParseFailure {
  /** What is wrong, without V8's echo of the input. */
  reason: string;
  position: Position;
}

/**
 * Explain a JSON.parse failure: V8 gives an offset for most errors ("at position 12"); for the
 * rest momoa finds the location. The input echo V8 adds (`"…" is not valid JSON`) is dropped,
 * since it can be the whole body.
 */
export function describeParseError(text: string, error: Error): ParseFailure {
  const message = error.message;
  const reason =
    message
      .replace(/,\s*(\.\.\.)?"[\s\S]*"(\.\.\.)? is not valid JSON$/, "")
      .replace(/\s*in JSON at position \d+(\s*\(line \d+ column \d+\))?$/, "")
      .trim() || "Unexpected input";
  const at = /at position (\d+)/.exec(message);
  if (at?.[1] !== undefined) return { reason, position: positionAt(text, Number(at[1])) };
  if (/Unexpected end of JSON input/.test(message)) return { reason, position: positionAt(text, text.length) };
  try {
    loadMomoa().parse(text, { mode: "json" });
  } catch (failure) {
    const { line, column } = failure as { line?: unknown; column?: unknown };
    if (typeof line === "number" && typeof column === "number") return { reason, position: { line, column } };
  }
  return { reason, position: rootPosition(text) };
}
