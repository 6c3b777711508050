// A query string built at run time (issue 41, item 2): `const queryParams = new URLSearchParams()`,
// `queryParams.append("includeWorkers", …)`, then `/endpoints${queryString}` with `queryString`
// = `?${queryParams.toString()}`. Followed to its builder, the call's query NAMES are known when
// every name is a literal and the builder goes nowhere else; its values may stay run-time ones.
// `migrate scan` then judges those names as it judges a literal query, and `--fix` renames a name
// in its literal or stops one being sent with `queryParams.delete("name")` written just before
// the statement that reads the builder: the builder, its appends and every variable stay used, so
// the code compiles as before (an unused variable would break `tsc --noUnusedLocals`).

import { literalText, type Token } from "./lex/tokens.js";
import { matchClose } from "./evaluate.js";

/** One name the builder may send: where its literal is written (content only, quotes excluded). */
export interface QueryName {
  name: string;
  /** The value when it is a literal; undefined when it is set at run time. */
  value?: string;
  start: number;
  end: number;
  /** Written as a shorthand property (`new URLSearchParams({ endpointId })`): a rename writes `to: name`. */
  shorthand?: true;
  /** The text whose removal stops the name being sent (a Python dict entry and its comma: python-params.ts). */
  drop?: { start: number; end: number };
}

export interface RuntimeQuery {
  /** The builder's name as written (`queryParams`). */
  builder: string;
  /** 1-based line of its declaration. */
  line: number;
  /** The names it may send, in the order they are added (a name set twice appears twice). */
  names: QueryName[];
  /**
   * Where a statement that stops a name being sent goes: the start of the line of the statement
   * that reads the builder, at the builder's own block level, with that line's indentation and
   * the file's statement end. Absent when v2kit cannot place one safely.
   */
  insert?: { at: number; indent: string; semicolon: boolean };
  /** `params`: a Python call's `params=` dict (python-params.ts), whose names requests/httpx add to the URL's query. */
  kind?: "params";
  /** The names are not known (a `params=` value v2kit does not read exactly): the query is one built at run time. */
  opaque?: true;
}

/** A hole that reads a builder: `queryParams`, `queryParams.toString()`. */
const READS_BUILDER = /^\s*([A-Za-z_$][\w$]*)(?:\.toString\(\s*\))?\s*$/;
/** URLSearchParams methods that only read it. */
const READERS = new Set(["toString", "get", "getAll", "has", "keys", "values", "entries", "forEach", "size", "sort"]);
const DECLARE = new Set(["const", "let", "var"]);
/** Keywords that start a statement a declaration cannot be the start of (a walk back that meets one went too far). */
const STATEMENT = new Set(["if", "for", "while", "return", "switch", "else", "do", "case", "throw"]);
const lineOf = (text: string, token: Token) => text.slice(0, token.start).split("\n").length;
/** How far the reader looks back for a builder, and across a block. */
const BUILDER_LIMIT = 4000;

const plainString = (t: Token | undefined): t is Token => t?.kind === "str" && !(t.parts ?? []).some((part) => "hole" in part) && /^["'`]/.test(t.text);

/** The query the names stand for, as migrateQuery reads one: `?name=value&…` (a run-time value as `…`), or "". */
export function queryOfNames(names: readonly QueryName[]): string {
  if (names.length === 0) return "";
  return `?${names.map(({ name, value }) => `${encodeURIComponent(name)}=${value === undefined ? "…" : encodeURIComponent(value)}`).join("&")}`;
}

/** The index of the `{` of the block that encloses token `at` (-1: the file's top level), within the limit. */
function enclosingBlock(tokens: readonly Token[], at: number): number | undefined {
  let depth = 0;
  for (let j = at - 1; j >= 0; j--) {
    if (at - j > BUILDER_LIMIT) return undefined;
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[" || t.text === "{") {
      if (depth > 0) depth--;
      else return t.text === "{" ? j : undefined;
    }
  }
  return -1;
}

/**
 * The query a JavaScript/TypeScript call's URL expression (tokens `exprStart`…`exprEnd`) builds
 * at run time: a builder read in the URL (`\`/pods?${params}\``), or a `const` read there whose
 * value is a conditional with a `?${params.toString()}` branch (`/pods${queryString}`). The
 * variable is followed to its own declaration before the call, never to a same-named one in
 * another function. Undefined when the URL has no such query, the builder is not `new
 * URLSearchParams()` / `new URLSearchParams({…})` declared in a block around the call, or it
 * takes a name v2kit cannot read (a variable, a spread, another URLSearchParams, a function it is
 * passed to).
 */
export function runtimeQueryOf(tokens: readonly Token[], text: string, exprStart: number, exprEnd: number): RuntimeQuery | undefined {
  for (let k = exprStart; k <= exprEnd; k++) {
    const parts = (tokens[k] as Token).kind === "str" ? ((tokens[k] as Token).parts ?? []) : [];
    for (const [i, part] of parts.entries()) {
      if (!("hole" in part)) continue;
      const name = READS_BUILDER.exec(part.hole)?.[1];
      if (name === undefined) continue;
      const before = parts[i - 1];
      if (before !== undefined && "text" in before && before.text.endsWith("?")) return builderQuery(tokens, text, name, exprEnd);
      if (i !== parts.length - 1 || part.hole.trim() !== name) continue;
      const via = queryStringDeclaration(tokens, name, exprStart);
      if (via !== undefined) return builderQuery(tokens, text, via.builder, exprEnd, via.at);
    }
  }
  return undefined;
}

/**
 * `const queryString = q.toString() ? \`?${q.toString()}\` : ""`, the last declaration of `name`
 * before token `before`: the index of its `const` and the builder its `?` branch reads.
 */
function queryStringDeclaration(tokens: readonly Token[], name: string, before: number): { at: number; builder: string } | undefined {
  for (let k = before - 1; k > 0 && before - k < BUILDER_LIMIT; k--) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== name || tokens[k + 1]?.text !== "=" || tokens[k - 1]?.text === ".") continue;
    if (tokens[k - 1]?.text !== "const") return undefined;
    let depth = 0;
    for (let j = k + 2; j < before && j - k < 60; j++) {
      const x = tokens[j] as Token;
      if (x.text === "(" || x.text === "[" || x.text === "{") depth++;
      else if (x.text === ")" || x.text === "]" || x.text === "}") {
        if (--depth < 0) return undefined;
      } else if (depth === 0 && (x.text === ";" || (x.kind === "ident" && (DECLARE.has(x.text) || STATEMENT.has(x.text))))) return undefined;
      const first = x.parts?.[0];
      const hole = x.parts?.[1];
      if (
        x.kind !== "str" ||
        first === undefined ||
        !("text" in first) ||
        first.text !== "?" ||
        hole === undefined ||
        !("hole" in hole) ||
        x.parts?.length !== 2
      )
        continue;
      const builder = READS_BUILDER.exec(hole.hole)?.[1];
      return builder === undefined ? undefined : { at: k - 1, builder };
    }
    return undefined;
  }
  return undefined;
}

/** The query builder `builder` read up to `callEnd`; `via`: the `const` of the query-string variable that reads it for the call. */
function builderQuery(tokens: readonly Token[], text: string, builder: string, callEnd: number, via?: number): RuntimeQuery | undefined {
  // The declaration: the last `const|let|var <builder> = new URLSearchParams(` before the call.
  let decl = -1;
  for (let k = callEnd; k >= 0 && callEnd - k < BUILDER_LIMIT; k--) {
    const t = tokens[k] as Token;
    if (t.kind === "ident" && t.text === builder && DECLARE.has(tokens[k - 1]?.text ?? "") && tokens[k + 1]?.text === "=") {
      decl = k;
      break;
    }
  }
  if (decl < 0 || tokens[decl + 2]?.text !== "new" || tokens[decl + 3]?.text !== "URLSearchParams" || tokens[decl + 4]?.text !== "(") return undefined;
  const block = enclosingBlock(tokens, decl - 1);
  if (block === undefined) return undefined;
  if (block >= 0 && matchClose(tokens, block, 4 * BUILDER_LIMIT) < callEnd) return undefined;
  const names: QueryName[] = [];
  const argsClose = matchClose(tokens, decl + 4);
  if (argsClose < 0) return undefined;
  if (argsClose > decl + 5) {
    // `new URLSearchParams({ name: value, "other": … })`: literal keys only.
    if (tokens[decl + 5]?.text !== "{" || matchClose(tokens, decl + 5) !== argsClose - 1) return undefined;
    for (let k = decl + 6; k < argsClose - 1;) {
      const key = tokens[k] as Token;
      const after = tokens[k + 1]?.text;
      const nameOf = key.kind === "str" ? (plainString(key) ? literalText(key.parts ?? []) : undefined) : key.kind === "ident" ? key.text : undefined;
      if (nameOf === undefined) return undefined;
      const start = key.kind === "str" ? key.start + 1 : key.start;
      const end = key.kind === "str" ? key.end - 1 : key.end;
      if (after === "," || k + 1 === argsClose - 1) {
        if (key.kind !== "ident") return undefined;
        names.push({ name: nameOf, start, end, shorthand: true });
        k += 2;
        continue;
      }
      if (after !== ":") return undefined;
      // The value: up to the next top-level comma.
      let end2 = k + 2;
      for (let depth = 0; end2 < argsClose - 1; end2++) {
        const t = tokens[end2] as Token;
        if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
        else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
        else if (depth === 0 && t.text === ",") break;
      }
      const single = end2 === k + 3 ? tokens[k + 2] : undefined;
      names.push({ name: nameOf, ...(plainString(single) ? { value: literalText(single.parts ?? []) } : {}), start, end });
      k = end2 + 1;
    }
  }
  // Every use of the builder up to the call: appends and sets with a literal name, deletes, reads.
  let readAt = -1;
  let lastChange = argsClose;
  for (let k = argsClose + 1; k <= callEnd; k++) {
    const t = tokens[k] as Token;
    if (t.kind === "str") {
      for (const part of t.parts ?? []) {
        if (!("hole" in part) || !new RegExp(`(?<![\\w$.])${builder.replace(/\$/g, "\\$")}(?![\\w$])`).test(part.hole)) continue;
        if (READS_BUILDER.exec(part.hole)?.[1] !== builder) return undefined;
        readAt = k;
      }
      continue;
    }
    if (t.kind !== "ident" || t.text !== builder || tokens[k - 1]?.text === "." || tokens[k - 1]?.text === "?.") continue;
    if (tokens[k + 1]?.text !== ".") return undefined;
    const verb = tokens[k + 2]?.text ?? "";
    if (READERS.has(verb)) continue;
    const nameToken = tokens[k + 4];
    if (tokens[k + 3]?.text !== "(" || !plainString(nameToken)) return undefined;
    const name = literalText(nameToken.parts ?? []);
    lastChange = k;
    if (verb === "append" || verb === "set") {
      if (tokens[k + 5]?.text !== ",") return undefined;
      if (verb === "set" && enclosingBlock(tokens, k) === block) for (let i = names.length - 1; i >= 0; i--) if (names[i]?.name === name) names.splice(i, 1);
      const valueToken = tokens[k + 6];
      const value = plainString(valueToken) && tokens[k + 7]?.text === ")" ? literalText(valueToken.parts ?? []) : undefined;
      names.push({ name, ...(value === undefined ? {} : { value }), start: nameToken.start + 1, end: nameToken.end - 1 });
      continue;
    }
    if (verb === "delete") {
      if (tokens[k + 5]?.text !== ")") return undefined;
      // A delete at the builder's own level always runs; one under a condition may not, so the name may still be sent.
      if (enclosingBlock(tokens, k) === block) for (let i = names.length - 1; i >= 0; i--) if (names[i]?.name === name) names.splice(i, 1);
      continue;
    }
    return undefined;
  }
  if (readAt < 0 || (via !== undefined && readAt < via)) return undefined;
  const insert = insertionBefore(tokens, text, readAt, block, tokens[argsClose + 1]?.text === ";");
  // The statement goes after every change to the builder, or it would not stop what they add; and
  // before the query-string variable the call reads, when there is one.
  if (insert && (insert.token <= lastChange || insert.token > readAt || (via !== undefined && insert.token !== via)))
    return { builder, line: lineOf(text, tokens[decl] as Token), names };
  return {
    builder,
    line: lineOf(text, tokens[decl] as Token),
    names,
    ...(insert ? { insert: { at: insert.at, indent: insert.indent, semicolon: insert.semicolon } } : {}),
  };
}

/**
 * The start of the line of the declaration (`const|let …`) that holds token `at`, when that
 * declaration is a statement of the builder's block and nothing precedes it on its line.
 */
function insertionBefore(
  tokens: readonly Token[],
  text: string,
  at: number,
  block: number,
  semicolon: boolean,
): { at: number; indent: string; semicolon: boolean; token: number } | undefined {
  let k = at;
  for (let steps = 0; k > 0 && steps < BUILDER_LIMIT; steps++) {
    const t = tokens[k] as Token;
    if (DECLARE.has(t.text) && t.kind === "ident" && t.text !== "var") break;
    if (t.kind === "ident" && STATEMENT.has(t.text)) return undefined;
    const before = tokens[k - 1] as Token;
    if (before.text === ";" || before.text === "}" || before.text === "{") return undefined;
    if (before.text === ")" || before.text === "]") {
      // Step over a bracketed group that ends just before.
      let depth = 0;
      let j = k - 1;
      for (; j >= 0; j--) {
        const x = tokens[j] as Token;
        if (x.text === ")" || x.text === "]" || x.text === "}") depth++;
        else if ((x.text === "(" || x.text === "[" || x.text === "{") && --depth === 0) break;
      }
      if (j < 0) return undefined;
      k = j;
      continue;
    }
    k--;
  }
  const start = tokens[k] as Token;
  if (!(DECLARE.has(start.text) && start.text !== "var") || enclosingBlock(tokens, k) !== block) return undefined;
  const lineStart = text.lastIndexOf("\n", start.start - 1) + 1;
  const indent = text.slice(lineStart, start.start);
  if (!/^[ \t]*$/.test(indent)) return undefined;
  return { at: lineStart, indent, semicolon, token: k };
}
