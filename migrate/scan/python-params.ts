// A Python call's query passed as `params=` (issue 41, item 2): `requests.get(url, params={"endpointId":
// eid})`, httpx alike, or `params=params` where `params = {…}` is a dict literal of the same function
// that nothing else touches before the call. requests and httpx add each key to the URL's query, so
// the call's query NAMES are the dict's literal keys; its values may stay run-time ones. `migrate
// scan` judges them as it judges a literal query (migrate/query-params.ts), and `--fix` renames a
// key in its literal or removes its entry from the dict. A dict whose keys are not all literals
// (`**extra`, a variable key), one changed or read elsewhere before the call, or a URL that also
// carries a query of its own is not read: the call is then reported as sending a query built at
// run time, which stops --fix as a `?${query}` in its URL does.

import { literalText, type Token } from "./lex/tokens.js";
import { matchClose } from "./evaluate.js";
import type { QueryName, RuntimeQuery } from "./query-builder.js";

/** How far back the reader looks for the call's `(` and for the dict's assignment. */
const LIMIT = 4000;

/** A one-quoted string without escapes: its content is what is sent, between its quotes. */
const plainString = (t: Token | undefined): t is Token => t?.kind === "str" && /^(["'])[^"'\\\n]*\1$/.test(t.text);
const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

/** The `(` of the call whose argument list holds token `at`, or undefined. */
function openingParen(tokens: readonly Token[], at: number): number | undefined {
  let depth = 0;
  for (let k = at - 1; k >= 0 && at - k < LIMIT; k--) {
    const t = tokens[k] as Token;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[" || t.text === "{") {
      if (depth === 0) return t.text === "(" && tokens[k - 1]?.kind === "ident" ? k : undefined;
      depth--;
    }
  }
  return undefined;
}

/** The index just after the expression that starts at `from` (the next top-level `,` or the `close`). */
function expressionEnd(tokens: readonly Token[], from: number, close: number): number {
  let k = from;
  for (let depth = 0; k < close; k++) {
    const t = tokens[k] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    else if (depth === 0 && t.text === ",") break;
  }
  return k;
}

/**
 * The names of dict literal `{…}` at token `open` with, for each, the text a fix removes to stop
 * it being sent (its entry and one comma). Undefined when a key is not a plain string literal.
 */
function dictNames(tokens: readonly Token[], text: string, open: number): QueryName[] | undefined {
  const close = matchClose(tokens, open, LIMIT);
  if (close < 0) return undefined;
  const entries: { key: Token; first: number; last: number; comma: number | undefined }[] = [];
  for (let k = open + 1; k < close;) {
    const key = tokens[k];
    if (!plainString(key) || tokens[k + 1]?.text !== ":") return undefined;
    const end = expressionEnd(tokens, k + 2, close);
    if (end === k + 2) return undefined;
    entries.push({ key, first: k, last: end - 1, comma: end < close ? end : undefined });
    k = end + 1;
  }
  return entries.map((entry, i) => {
    const single = entry.last === entry.first + 2 ? tokens[entry.last] : undefined;
    const next = tokens[(entry.comma ?? close) + 1];
    const previous = entries[i - 1];
    // With its comma: up to the next entry (or the `}` after a trailing comma); the last one without: from the comma before it.
    const lineStart = text.lastIndexOf("\n", entry.key.start - 1) + 1;
    const lineEnd = entry.comma === undefined ? -1 : text.indexOf("\n", (tokens[entry.comma] as Token).end);
    const ownLines =
      entry.comma !== undefined &&
      lineEnd >= 0 &&
      /^[ \t]*$/.test(text.slice(lineStart, entry.key.start)) &&
      /^[ \t]*$/.test(text.slice((tokens[entry.comma] as Token).end, lineEnd));
    // An entry on lines of its own (`"grouping": "endpointId",` in a dict written one entry a line) goes with its lines.
    const span = ownLines
      ? { start: lineStart, end: lineEnd + 1 }
      : entry.comma !== undefined
        ? { start: entry.key.start, end: i === entries.length - 1 ? (tokens[entry.comma] as Token).end : (next as Token).start }
        : previous?.comma !== undefined
          ? { start: (tokens[previous.comma] as Token).start, end: (tokens[entry.last] as Token).end }
          : { start: entry.key.start, end: (tokens[entry.last] as Token).end };
    // A comment inside the removed text (the lexer drops comments) would be lost with it: no removal then.
    const removed = text.slice(span.start, span.end);
    const between = removed.slice(0, entry.key.start - span.start) + removed.slice((tokens[entry.last] as Token).end - span.start);
    return {
      name: literalText(entry.key.parts ?? []),
      ...(plainString(single) ? { value: literalText(single.parts ?? []) } : {}),
      start: entry.key.start + 1,
      end: entry.key.end - 1,
      ...(between.includes("#") ? {} : { drop: span }),
    };
  });
}

/** The indentation of the line of `offset`, and whether only it precedes `offset` there. */
function indentAt(text: string, offset: number): { indent: string; first: boolean } {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return { indent: /^[ \t]*/.exec(before)?.[0] ?? "", first: /^[ \t]*$/.test(before) };
}

/**
 * Whether an assignment at `assigned` always runs before the call at `call`: it starts its line,
 * at the indentation of the call's line, and no line between them is indented less (a branch
 * `if …: params = {…}`, an `else:` between them, a loop the call is not in).
 */
function sameBlock(text: string, assigned: number, call: number): boolean {
  const own = indentAt(text, assigned);
  if (!own.first || indentAt(text, call).indent !== own.indent) return false;
  const from = text.indexOf("\n", assigned);
  const lines = text.slice(from + 1, text.lastIndexOf("\n", call - 1) + 1).split("\n");
  return lines.every((line) => /^\s*(?:#.*)?$/.test(line) || line.startsWith(own.indent));
}

/** `name = {` of the same function before token `before`, nothing reading or changing `name` in between. */
function dictAssignment(tokens: readonly Token[], text: string, name: string, before: number, call: number): number | undefined {
  for (let k = before - 1; k > 0 && before - k < LIMIT; k--) {
    const t = tokens[k] as Token;
    if (t.kind === "ident" && t.text === "def") return undefined;
    if (t.kind !== "ident" || t.text !== name || tokens[k - 1]?.text === ".") continue;
    // A keyword argument of that name (`params=params` of another call) is not the variable.
    if (tokens[k + 1]?.text === "=" && (tokens[k - 1]?.text === "(" || tokens[k - 1]?.text === ",")) continue;
    if (tokens[k + 1]?.text === "=" && tokens[k + 2]?.text === "{") return sameBlock(text, t.start, (tokens[call] as Token).start) ? k + 2 : undefined;
    // Any other use between the assignment and the call (`params["x"] = …`, `params.update(…)`, `f(params)`).
    return undefined;
  }
  return undefined;
}

/**
 * The query a Python call sends through its `params=` argument, when the URL expression at
 * tokens `exprStart`…`exprEnd` is an argument of that call: its names when the dict is read
 * exactly, else `opaque` (a query v2kit cannot name). Undefined without `params=` (or `params=None`).
 */
export function pythonParamsOf(tokens: readonly Token[], text: string, exprStart: number, exprEnd: number): RuntimeQuery | undefined {
  const open = openingParen(tokens, exprStart);
  if (open === undefined) return undefined;
  const close = matchClose(tokens, open, LIMIT);
  if (close < exprEnd) return undefined;
  for (let k = open + 1; k < close; k = expressionEnd(tokens, k, close) + 1) {
    if ((tokens[k] as Token).text !== "params" || tokens[k + 1]?.text !== "=") continue;
    const value = tokens[k + 2] as Token;
    const opaque: RuntimeQuery = {
      builder: text.slice(value.start, (tokens[expressionEnd(tokens, k + 2, close) - 1] as Token).end).slice(0, 60),
      line: lineOf(text, value.start),
      names: [],
      kind: "params",
      opaque: true,
    };
    if (value.text === "{") {
      const names = dictNames(tokens, text, k + 2);
      return names ? { builder: "params=", line: lineOf(text, value.start), names, kind: "params" } : opaque;
    }
    if (value.text === "None" && expressionEnd(tokens, k + 2, close) === k + 3) return undefined;
    const dict = value.kind === "ident" && expressionEnd(tokens, k + 2, close) === k + 3 ? dictAssignment(tokens, text, value.text, k, open) : undefined;
    const names = dict === undefined ? undefined : dictNames(tokens, text, dict);
    return names ? { builder: value.text, line: lineOf(text, (tokens[dict as number] as Token).start), names, kind: "params" } : opaque;
  }
  return undefined;
}
