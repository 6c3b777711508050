// What a shell script reads back from a v1 call (issue 41, item 3): the jq filters its answer goes
// through, piped at the call (`curl … "$B/pods" | jq -r '.[] | .id'`, `_api GET "/pods/$ID" | jq
// .desiredStatus`) or later from the variable that captured it (`info=$(_api GET "/pods/$ID")`, then
// `echo "$info" | jq -r '.publicIp'` or `jq -r .desiredStatus <<< "$info"`, until the variable is
// assigned again). Each path a filter starts (`.desiredStatus`, the `portMappings` of
// `.portMappings["22"]`) is a read of the answer, and a filter that starts by iterating it (`.[]`,
// `.[0]`, or a list builtin: `length`, `map(…)`) reads it as a list, its later paths then reads of the
// items. resolve.ts turns them into `v1-response-field` findings; a list read's edit writes jq 1.6's
// form (`.pods[]`, `.pods | length`). Filters v2kit
// cannot read as written (a shell variable in them, escapes in a double-quoted word, `--arg`
// names) are left alone. Token-level, bounded, pure.

import { literalText, type Token } from "./lex/tokens.js";
import type { ResponseRead } from "./response-reads.js";

const ENDS_COMMAND = new Set([";", "&&", "||", "&"]);
/** jq options that take one value, or two (`--arg name value`). */
const ONE_VALUE = new Set(["--indent", "-L"]);
const TWO_VALUES = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);
/** How far after a capture its variable's uses are looked for (tokens). */
const CAPTURE_WALK = 3000;

const wordText = (t: Token | undefined) => (t?.kind === "str" && t.parts && !t.parts.some((part) => "hole" in part) ? literalText(t.parts) : undefined);
/** `"$NAME"` or `$NAME`: a word that is one variable, its name. */
const soleVariable = (t: Token | undefined) => {
  const parts = t?.kind === "str" ? (t.parts ?? []) : [];
  const only = parts.length === 1 ? parts[0] : undefined;
  return only !== undefined && "hole" in only && /^\{?[A-Za-z_]\w*\}?$/.test(only.hole) ? only.hole.replace(/[{}]/g, "") : undefined;
};

/** The reads of the answer of the call whose URL word is token `urlAt`. */
export function shellReads(tokens: readonly Token[], text: string, urlAt: number): ResponseRead[] {
  const reads: ResponseRead[] = [];
  // Piped at the call: `… | jq FILTER`, within the command (or the `$(…)` it is in).
  const end = commandEnd(tokens, urlAt);
  for (let k = urlAt + 1; k < end; k++) if (tokens[k]?.text === "|" && wordText(tokens[k + 1]) === "jq") reads.push(...filterReads(tokens, text, k + 1, end));
  // Captured: `NAME=$(…call…)`, the `(` right after `NAME=`.
  const open = captureOpen(tokens, urlAt);
  if (open === undefined) return reads;
  const name = (tokens[open - 2] as Token).text;
  const close = matchParen(tokens, open);
  if (close < 0) return reads;
  for (let k = close + 1; k < tokens.length && k - close < CAPTURE_WALK; k++) {
    const t = tokens[k] as Token;
    // Assigned again, or a new function: later uses read something else.
    if (t.kind === "ident" && t.text === name && tokens[k + 1]?.text === "=") break;
    if (t.kind === "str" && tokens[k + 1]?.text === "(" && tokens[k + 2]?.text === ")" && (k === 0 || tokens[k - 1]?.kind === "nl")) break;
    if (soleVariable(t) !== name) continue;
    const stop = commandEnd(tokens, k);
    // `echo "$NAME" | jq …`, `printf '%s' "$NAME" | jq …`.
    const command = commandStartOf(tokens, k);
    if ((wordText(tokens[command]) === "echo" || wordText(tokens[command]) === "printf") && tokens[k + 1]?.text === "|" && wordText(tokens[k + 2]) === "jq")
      reads.push(...filterReads(tokens, text, k + 2, stop));
    // `jq … <<< "$NAME"`.
    else if (tokens[k - 1]?.text === "<" && tokens[k - 2]?.text === "<" && tokens[k - 3]?.text === "<" && wordText(tokens[command]) === "jq")
      reads.push(...filterReads(tokens, text, command, k - 3));
  }
  return reads;
}

/** The token after the last of the command that token `k` is in: a line end, `;`, `&&`, `||`, `&`, or the `)` closing the group it is in. */
function commandEnd(tokens: readonly Token[], k: number): number {
  let depth = 0;
  for (let j = k; j < tokens.length && j - k < 400; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" && tokens[j - 1]?.text !== "\\") return j;
    if (t.text === "(") depth++;
    else if (t.text === ")") {
      if (depth === 0) return j;
      depth--;
    } else if (depth === 0 && ENDS_COMMAND.has(t.text)) return j;
  }
  return Math.min(tokens.length, k + 400);
}

/** The first word of the command token `k` is in (after a line end, `;`, `|`, `&&`, `||`, `(`). */
function commandStartOf(tokens: readonly Token[], k: number): number {
  let j = k;
  while (j > 0 && k - j < 400) {
    const before = tokens[j - 1] as Token;
    if (before.kind === "nl" || before.text === "|" || before.text === "(" || ENDS_COMMAND.has(before.text)) break;
    j--;
  }
  return j;
}

/** The `(` of `NAME=$(…)` around token `k`, when the call is the whole substitution's first command. */
function captureOpen(tokens: readonly Token[], k: number): number | undefined {
  let depth = 0;
  for (let j = k - 1; j >= 0 && k - j < 400; j--) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" && tokens[j - 1]?.text !== "\\") return undefined;
    if (t.text === ")") depth++;
    else if (t.text === "(") {
      if (depth > 0) {
        depth--;
        continue;
      }
      return tokens[j - 1]?.text === "=" && tokens[j - 2]?.kind === "ident" ? j : undefined;
    } else if (depth === 0 && (t.text === "|" || ENDS_COMMAND.has(t.text))) return undefined;
  }
  return undefined;
}

function matchParen(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let j = open; j < tokens.length && j - open < 4000; j++) {
    if (tokens[j]?.text === "(") depth++;
    else if (tokens[j]?.text === ")" && --depth === 0) return j;
  }
  return -1;
}

/**
 * The reads of the filter of the jq command whose word is token `jq` (before token `end`): its first
 * word that is not an option. A filter read from a file, or written with a shell variable or
 * escapes in it, gives none.
 */
function filterReads(tokens: readonly Token[], text: string, jq: number, end: number): ResponseRead[] {
  let k = jq + 1;
  for (; k < end; k++) {
    const word = wordText(tokens[k]);
    if (word === undefined) return [];
    if (word === "-f" || word === "--from-file") return [];
    if (ONE_VALUE.has(word)) {
      k++;
      continue;
    }
    if (TWO_VALUES.has(word)) {
      k += 2;
      continue;
    }
    if (!word.startsWith("-")) break;
  }
  const filter = tokens[k];
  const written = wordText(filter);
  if (filter === undefined || k >= end || written === undefined) return [];
  // Where the filter's text starts in the source: after the quote of a quoted word; a word with escapes is not read.
  const quote = filter.text[0] === "'" || filter.text[0] === '"' ? 1 : 0;
  if (filter.text.slice(quote, filter.text.length - quote) !== written) return [];
  return jqReads(written, filter.start + quote);
}

/** The reads a jq filter `filter` (at source offset `at`) makes of its input. */
export function jqReads(filter: string, at: number): ResponseRead[] {
  const reads: ResponseRead[] = [];
  // `.[]`, `.[0]` where a path starts (the filter's start, `[.[] | …]`, `(.[0])`): the answer read as a list.
  const lead = /(^\s*|[[(|,]\s*)\.\[\s*\d*\s*\]/.exec(filter);
  // `length`, `map(…)`, `first`: a list's builtins applied to the whole answer (`length` of v2's object counts its keys).
  const builtin = lead ? undefined : /^\s*(?:length|first|last|add|any|all|(?:map|sort_by|group_by|unique_by|min_by|max_by)\s*\()/.exec(filter);
  let from = 0;
  let item = false;
  if (lead) {
    // `pods` goes after the dot (jq 1.6 has no `.pods.[]`).
    const dot = at + lead.index + (lead[1] as string).length;
    reads.push({ form: "list", insertAt: dot + 1, python: false, jq: "index", at: dot, end: at + lead.index + lead[0].length, item: false });
    from = lead.index + lead[0].length;
    item = true;
  } else if (builtin) {
    // `.pods | length`: the list first, then the builtin.
    const start = at + (/^\s*/.exec(filter)?.[0].length ?? 0);
    reads.push({ form: "list", insertAt: start, python: false, jq: "pipe", at: start, end: at + builtin[0].length, item: false });
    from = builtin[0].length;
    item = /^\s*(?:map|sort_by|group_by|unique_by|min_by|max_by|any|all)/.test(filter);
  }
  // Each path the filter starts: `.name` not after a name, `]`, `)` or another path (`.a.b` reads `a` only).
  for (const match of filter.slice(from).matchAll(/(^|[^\w\])."$])\.([A-Za-z_]\w*)/g)) {
    const field = match[2] as string;
    const start = at + from + (match.index ?? 0) + (match[1] as string).length + 1;
    reads.push({ form: "dot", field, span: [start, start + field.length], optional: false, at: start - 1, end: start + field.length, item });
  }
  // An object built with a key's shorthand (`{id, desiredStatus}` reads `.desiredStatus` and names the output key after it): reported only.
  for (const match of filter.slice(from).matchAll(/([{,]\s*)([A-Za-z_]\w*)(?=\s*[,}])/g)) {
    const field = match[2] as string;
    const start = at + from + (match.index ?? 0) + (match[1] as string).length;
    reads.push({ form: "named", field, at: start, end: start + field.length, item });
  }
  return reads;
}
