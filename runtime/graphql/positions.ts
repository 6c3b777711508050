// Positions inside the query string. GraphQL reports offsets into the decoded query; the file
// holds it as a JSON string with escapes, so an offset is mapped by walking the raw string
// token and counting decoded UTF-16 units (what graphql-js counts) until it is reached.

import { locate, type Position, positionAt } from "../json-source.js";

/** 1-based line and column of a query offset, counted in the query itself (GraphQL's own). */
export function queryPosition(query: string, offset: number): Position {
  return positionAt(query, offset);
}

/** Line and column in `text` (the JSON body) of an offset in the string at `pointer`. */
export function filePosition(text: string, pointer: string, offset: number): Position {
  const start = offsetOf(text, locate(text, pointer));
  if (text[start] !== '"') return positionAt(text, start);
  let raw = start + 1;
  let decoded = 0;
  while (decoded < offset && raw < text.length && text[raw] !== '"') {
    if (text[raw] === "\\") raw += text[raw + 1] === "u" ? 6 : 2;
    else raw += 1;
    decoded += 1;
  }
  return positionAt(text, raw);
}

/** The character offset of a 1-based line and column. */
function offsetOf(text: string, position: Position): number {
  let offset = 0;
  for (let line = 1; line < position.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return offset + position.column - 1;
}
