// Positions inside the query string. GraphQL reports offsets into the decoded query; the file
// holds it as a JSON string with escapes, so an offset is mapped through an index of the raw
// string's escapes (decoded offset → raw offset), built once per text and pointer: every
// finding then costs O(log n), so a verdict stays linear in its input however many findings.

import { locate, offsetAt, type Position, positionAt } from "../json-source.js";

/** 1-based line and column of a query offset, counted in the query itself (GraphQL's own). */
export function queryPosition(query: string, offset: number): Position {
  return positionAt(query, offset);
}

interface EscapeIndex {
  text: string;
  pointer: string;
  /** Raw offset of the string's first character (after the quote), or -1 when the value is not a string. */
  start: number;
  /** Decoded offsets of the escapes, ascending, and the raw characters each adds beyond one. */
  at: number[];
  extra: number[];
}

let cached: EscapeIndex | undefined;

function escapesOf(text: string, pointer: string): EscapeIndex {
  if (cached !== undefined && cached.text === text && cached.pointer === pointer) return cached;
  const quote = offsetAt(text, locate(text, pointer));
  const index: EscapeIndex = { text, pointer, start: text[quote] === '"' ? quote + 1 : -1, at: [], extra: [] };
  if (index.start === -1) {
    index.start = -1 - quote; // not a string: positions are the value's own start
  } else {
    let total = 0;
    let decoded = 0;
    for (let raw = index.start; raw < text.length && text[raw] !== '"'; decoded++) {
      if (text[raw] === "\\") {
        const width = text[raw + 1] === "u" ? 6 : 2;
        total += width - 1;
        index.at.push(decoded);
        index.extra.push(total);
        raw += width;
      } else raw += 1;
    }
  }
  cached = index;
  return index;
}

/** Line and column in `text` (the JSON body) of an offset in the string at `pointer`. */
export function filePosition(text: string, pointer: string, offset: number): Position {
  const index = escapesOf(text, pointer);
  if (index.start < 0) return positionAt(text, -1 - index.start);
  // Extra raw characters of the escapes before `offset` (binary search over the escapes).
  let lo = 0;
  let hi = index.at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((index.at[mid] as number) < offset) lo = mid + 1;
    else hi = mid;
  }
  const extra = lo === 0 ? 0 : (index.extra[lo - 1] as number);
  return positionAt(text, Math.min(index.start + offset + extra, text.length));
}
