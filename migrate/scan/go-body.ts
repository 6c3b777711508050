// `migrate scan --fix`: the body a Go client's call hands its request function (issue 41, item 2).
// Go clients send every request through one function (`c.doRequest(ctx, "POST", "/pods", input)`)
// that marshals its body parameter (`json.Marshal(body)`) and sends the bytes as the request body.
// This proves that of the function's definition, then reads what a call passes there: `nil` (no
// body: a per-action route's `{"action": …}` can go in its place), a struct (named with its json
// field names, never rewritten), or something else. Token-level and pure; client-base.ts calls it.

import { matchClose } from "./evaluate.js";
import type { Token } from "./lex/tokens.js";
import { listItems, parametersOf } from "./chains.js";

export interface GoFile {
  path: string;
  text: string;
  tokens: Token[];
  dialect: string;
}

/** A field of a Go struct type and the JSON name its tag gives it. */
export interface GoJsonField {
  field: string;
  json: string;
}

/**
 * What a call passes as the body its request function marshals: `nil` at [start, end) of the
 * file; a struct type (`&PodCreateInput{…}`, or a parameter or local of that type) with where it
 * is declared and its json fields (undefined when v2kit cannot read them all: an embedded struct, a
 * tag it does not parse); or something else, as written.
 */
export type GoSentBody =
  | { kind: "nil"; start: number; end: number }
  | { kind: "struct"; type: string; declared?: string; fields?: GoJsonField[] }
  | { kind: "map"; entries: GoMapEntry[]; literal: GoMapLiteral }
  | { kind: "other"; written: string; parameter?: true };

/**
 * A member of a map literal body (`map[string]interface{}{"workersMin": 1}`): its key, the span of
 * the key's text inside its quotes, and its value when it is a plain literal (a number, a string
 * without escapes, true/false), else undefined (an expression, kept as written).
 */
export interface GoMapEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  /** Where the `:` ends and the value's text starts and ends (gofmt aligns values in a column). */
  colonEnd: number;
  valueStart: number;
  valueEnd: number;
  value?: unknown;
  /** A slice literal value (`[]string{…}`): its items, each a literal or an expression. */
  items?: GoListItem[];
}

/**
 * Where a map literal body is and how it is typed: its whole span (`map` to `}`), the type as
 * written (`map[string]any`, `map[string]interface{}`), the value type (`any`, `interface{}`,
 * `string`), and its braces.
 */
export interface GoMapLiteral {
  start: number;
  end: number;
  type: string;
  valueType: string;
  open: number;
  close: number;
  /** The text between the literal's tokens holds a comment. */
  commented: boolean;
}

/** An item of a list literal value (`[]string{gpuType, "A"}`): its span, and its value when it is a plain literal. */
export interface GoListItem {
  start: number;
  end: number;
  value?: unknown;
}

/** How many request functions deep a body parameter is followed (`Post` → `doRequest`). */
const BODY_DEPTH = 3;

const READERS = new Set(["NewBuffer", "NewReader", "NewBufferString"]);

/** The body `{` and its `}` of the one definition of `fn` in the package's files, with its file and parameters. */
function definition(files: readonly GoFile[], fn: string): { file: GoFile; open: number; close: number; params: string[] } | undefined {
  let found: { file: GoFile; open: number; close: number; params: string[] } | undefined;
  for (const file of files) {
    const { tokens } = file;
    for (let k = 1; k + 1 < tokens.length; k++) {
      const t = tokens[k] as Token;
      if (t.kind !== "ident" || t.text !== fn || tokens[k + 1]?.text !== "(") continue;
      const prev = tokens[k - 1]?.text;
      if (prev !== "func" && !(prev === ")" && tokens[matchOpenParen(tokens, k - 1) - 1]?.text === "func")) continue;
      if (found) return undefined;
      const params = parametersOf(file, fn);
      if (!params) return undefined;
      let at = matchClose(tokens, k + 1, 40_000) + 1;
      // Results: `(*http.Response, error)` or one type.
      if (tokens[at]?.text === "(") at = matchClose(tokens, at, 4000) + 1;
      while (at < tokens.length && tokens[at]?.text !== "{" && at - k < 64) at++;
      if (tokens[at]?.text !== "{") return undefined;
      const close = matchClose(tokens, at, 400_000);
      if (close < 0) return undefined;
      found = { file, open: at, close, params };
    }
  }
  return found;
}

function matchOpenParen(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let j = close; j >= 0 && close - j < 4000; j--) {
    const x = tokens[j]?.text;
    if (x === ")") depth++;
    else if (x === "(" && --depth === 0) return j;
  }
  return -1;
}

/** Whether tokens [a, b] are `bytes.NewBuffer(name)`, `bytes.NewReader(name)` or `strings.NewReader(string(name))`. */
function readerOf(tokens: readonly Token[], a: number, b: number, name: string): boolean {
  const text = tokens
    .slice(a, b + 1)
    .map((t) => t.text)
    .join("");
  const [pkg, rest] = [tokens[a]?.text, tokens[a + 2]?.text];
  if (tokens[a + 1]?.text !== "." || !READERS.has(rest ?? "")) return false;
  return (pkg === "bytes" && text === `bytes.${rest}(${name})`) || (pkg === "strings" && text === `strings.${rest}(string(${name}))`);
}

/**
 * Whether the function whose body is tokens (open, close) sends its parameter `param` as the JSON
 * request body: `data, err := json.Marshal(param)`, those bytes (in a reader, directly or through
 * one variable) the body argument of `http.NewRequest`/`http.NewRequestWithContext`, and `param`
 * never assigned. Or it hands `param`, whole, to another request function of the package that does.
 */
function sendsAsJson(files: readonly GoFile[], file: GoFile, open: number, close: number, param: string, depth: number): boolean {
  const { tokens } = file;
  let marshaled: string | undefined;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "ident" || t.text !== param || tokens[j - 1]?.text === ".") continue;
    const next = tokens[j + 1]?.text;
    if (next === "=" || next === ":=" || (next === "," && /^:?=$/.test(tokens[j + 3]?.text ?? ""))) return false;
    if (tokens[j - 1]?.text === "(" && next === ")" && tokens[j - 2]?.text === "Marshal" && tokens[j - 3]?.text === "." && tokens[j - 4]?.text === "json") {
      const assign = tokens[j - 5]?.text;
      const name = tokens[j - 8];
      if ((assign === ":=" || assign === "=") && tokens[j - 7]?.text === "," && name?.kind === "ident") marshaled = name.text;
    }
  }
  if (marshaled !== undefined) {
    const bytes = marshaled;
    // Variables holding a reader of the bytes: `reqBody = bytes.NewBuffer(jsonData)`.
    const readers = new Set<string>();
    for (let j = open + 1; j < close; j++) {
      const t = tokens[j] as Token;
      if (t.kind !== "ident" || !/^:?=$/.test(tokens[j + 1]?.text ?? "") || tokens[j - 1]?.text === ".") continue;
      const end = tokens[j + 5]?.text === "(" ? matchClose(tokens, j + 5, 64) : -1;
      if (end > 0 && readerOf(tokens, j + 2, end, bytes)) readers.add(t.text);
    }
    for (let j = open + 1; j < close; j++) {
      if (
        tokens[j]?.text !== "http" ||
        tokens[j + 1]?.text !== "." ||
        !/^NewRequest(?:WithContext)?$/.test(tokens[j + 2]?.text ?? "") ||
        tokens[j + 3]?.text !== "("
      )
        continue;
      const items = listItems(tokens, j + 3);
      const last = items[items.length - 1];
      if (!last) continue;
      const [a, b] = last;
      if ((a === b && readers.has(tokens[a]?.text ?? "")) || readerOf(tokens, a, b, bytes)) return true;
    }
    return false;
  }
  if (depth >= BODY_DEPTH) return false;
  // Passed on whole: `return c.doRequest(ctx, "POST", path, body)`.
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "ident" || t.text !== param || tokens[j - 1]?.text === ".") continue;
    const before = tokens[j - 1]?.text;
    const after = tokens[j + 1]?.text;
    if ((before !== "(" && before !== ",") || (after !== ")" && after !== ",")) continue;
    let depthHere = 0;
    let openAt = -1;
    for (let k = j - 1; k > open; k--) {
      const x = tokens[k]?.text;
      if (x === ")" || x === "}" || x === "]") depthHere++;
      else if (x === "(" || x === "{" || x === "[") {
        if (depthHere === 0) {
          openAt = x === "(" ? k : -1;
          break;
        }
        depthHere--;
      }
    }
    const callee = tokens[openAt - 1];
    if (openAt < 0 || callee?.kind !== "ident") continue;
    const index = listItems(tokens, openAt).findIndex(([a, b]) => a === j && b === j);
    const inner = index < 0 ? undefined : definition(files, callee.text);
    if (inner && inner.params[index] !== undefined && sendsAsJson(files, inner.file, inner.open, inner.close, inner.params[index] as string, depth + 1))
      return true;
  }
  return false;
}

/**
 * The index of the parameter of request function `fn` (defined once in the package's `files`)
 * that it sends as the JSON request body, when its definition proves it does (sendsAsJson).
 */
export function goBodyParameter(files: readonly GoFile[], fn: string): number | undefined {
  const def = definition(files, fn);
  if (!def) return undefined;
  for (const [index, param] of def.params.entries()) if (param !== "" && sendsAsJson(files, def.file, def.open, def.close, param, 0)) return index;
  return undefined;
}

/** A struct type's name as written after `&` (`PodCreateInput`, `api.PodCreateInput`): its last part. */
function typeNameAt(tokens: readonly Token[], at: number): { name: string; next: number } | undefined {
  let k = at;
  if (tokens[k]?.kind !== "ident") return undefined;
  while (tokens[k + 1]?.text === "." && tokens[k + 2]?.kind === "ident") k += 2;
  const name = tokens[k] as Token;
  return /^[A-Za-z_]\w*$/.test(name.text) && name.text !== "map" ? { name: name.text, next: k + 1 } : undefined;
}

/** The `func` token of the Go function whose body holds token `open`, or -1. */
function funcBefore(tokens: readonly Token[], open: number): number {
  let func = open - 1;
  while (func >= 0 && tokens[func]?.text !== "func") func--;
  return func;
}

/** Whether `name` is a parameter of the Go function whose body holds token `open` (`func (c *Client) CreatePod(ctx context.Context, body map[string]any)`). */
function isParameter(tokens: readonly Token[], open: number, name: string): boolean {
  let depth = 0;
  for (let k = funcBefore(tokens, open) + 1; k > 0 && k < open; k++) {
    const t = tokens[k] as Token;
    if (t.text === "(") depth++;
    else if (t.text === ")") depth--;
    else if (t.text === "{" && depth === 0) return false;
    else if (depth === 1 && t.text === name && (tokens[k - 1]?.text === "(" || tokens[k - 1]?.text === ",") && tokens[k + 1]?.text !== ")") return true;
  }
  return false;
}

/** The struct type `name` is declared with in the function before the call at `open`: a parameter `name *T` or `name := &T{`. */
function typeOfName(tokens: readonly Token[], open: number, name: string): string | undefined {
  const func = funcBefore(tokens, open);
  if (func < 0) return undefined;
  for (let k = func; k < open; k++) {
    if (tokens[k]?.text !== name || tokens[k - 1]?.text === ".") continue;
    const prev = tokens[k - 1]?.text;
    if (prev === "(" || prev === ",") {
      // A parameter: `input *PodCreateInput`.
      const at = tokens[k + 1]?.text === "*" ? k + 2 : k + 1;
      const type = typeNameAt(tokens, at);
      const end = type ? tokens[type.next]?.text : undefined;
      if (type && (end === "," || end === ")")) return type.name;
    }
    if (tokens[k + 1]?.text === ":=") {
      const at = tokens[k + 2]?.text === "&" ? k + 3 : k + 2;
      const type = typeNameAt(tokens, at);
      if (type && tokens[type.next]?.text === "{") return type.name;
    }
  }
  return undefined;
}

/** The declaration of struct type `type` in the package and its json fields (undefined fields: one v2kit cannot read). */
function structFields(files: readonly GoFile[], type: string, shown: (path: string) => string): { declared?: string; fields?: GoJsonField[] } {
  for (const file of files) {
    const { tokens, text } = file;
    for (let k = 1; k + 2 < tokens.length; k++) {
      if (tokens[k]?.text !== type || tokens[k - 1]?.text !== "type" || tokens[k + 1]?.text !== "struct" || tokens[k + 2]?.text !== "{") continue;
      const declared = `${shown(file.path)}:${text.slice(0, (tokens[k] as Token).start).split("\n").length}`;
      const close = matchClose(tokens, k + 2, 40_000);
      if (close < 0) return { declared };
      const fields: GoJsonField[] = [];
      const bodyText = text.slice((tokens[k + 2] as Token).end, (tokens[close] as Token).start);
      for (const line of bodyText.split("\n")) {
        const code = line.replace(/\/\/.*$/, "").trim();
        if (code === "") continue;
        // `Name Type \`json:"name,omitempty"\``: an embedded struct or a field without a json tag is not read.
        const field = /^([A-Za-z_]\w*)\s+[^`]+`([^`]*)`$/.exec(code);
        const tag = field ? /(?:^|\s)json:"([^"]*)"/.exec(field[2] as string) : null;
        if (!field || !tag) return { declared };
        const json = (tag[1] as string).split(",")[0] as string;
        if (json === "-") continue;
        fields.push({ field: field[1] as string, json: json === "" ? (field[1] as string) : json });
      }
      return { declared, fields };
    }
  }
  return {};
}

/** A plain string literal's text (`"x"`, `` `x` ``), undefined for one with escapes or holes. */
function plainString(t: Token | undefined): string | undefined {
  if (t?.kind !== "str" || !/^(["`]).*\1$/s.test(t.text) || t.text.includes("\\")) return undefined;
  return (t.parts ?? []).some((part) => "hole" in part) ? undefined : t.text.slice(1, -1);
}

/** A plain literal's value: a number, true/false, a string without escapes; undefined for anything else. */
function literalOf(t: Token | undefined): unknown {
  const text = t?.text;
  if (t?.kind === "num" && /^-?\d+(?:\.\d+)?$/.test(text ?? "")) return Number(text);
  if (text === "true" || text === "false") return text === "true";
  return plainString(t);
}

/** The items of a slice literal `[]T{…}` at tokens [a, b] (T one name), each one token; undefined for any other value. */
function sliceItems(tokens: readonly Token[], a: number, b: number): GoListItem[] | undefined {
  if (tokens[a]?.text !== "[" || tokens[a + 1]?.text !== "]" || tokens[a + 2]?.kind !== "ident" || tokens[a + 3]?.text !== "{") return undefined;
  if (matchClose(tokens, a + 3, 40_000) !== b) return undefined;
  const items: GoListItem[] = [];
  for (const [from, to] of listItems(tokens, a + 3)) {
    const run = tokens.slice(from, to + 1).filter((t) => t.kind !== "nl");
    const first = run[0] as Token;
    const last = run[run.length - 1] as Token;
    const value = run.length === 1 ? literalOf(first) : undefined;
    items.push({ start: first.start, end: last.end, ...(value === undefined ? {} : { value }) });
  }
  return items;
}

/** The value type of `map[string]T{` at token `a` (`interface{}`, `any`, `int`, …) and the index of the literal's `{`. */
function mapValueType(tokens: readonly Token[], a: number): { valueType: string; open: number } | undefined {
  if (tokens[a + 1]?.text !== "[" || tokens[a + 2]?.text !== "string" || tokens[a + 3]?.text !== "]") return undefined;
  const at = a + 4;
  if (tokens[at]?.text === "interface" && tokens[at + 1]?.text === "{" && tokens[at + 2]?.text === "}") return { valueType: "interface{}", open: at + 3 };
  if (tokens[at]?.kind === "ident") return { valueType: (tokens[at] as Token).text, open: at + 1 };
  return undefined;
}

/**
 * The members of `map[string]T{…}` at tokens [a, b] with string keys, with T and the index of the
 * literal's `{`; undefined when it is not one v2kit reads (a key not a plain string).
 */
function mapEntries(tokens: readonly Token[], a: number, b: number): { entries: GoMapEntry[]; valueType: string; open: number } | undefined {
  const typed = mapValueType(tokens, a);
  if (!typed) return undefined;
  const { open } = typed;
  if (tokens[open]?.text !== "{" || matchClose(tokens, open, 40_000) !== b) return undefined;
  const entries: GoMapEntry[] = [];
  for (const [from, to] of listItems(tokens, open)) {
    const keyToken = tokens[from];
    const key = plainString(keyToken);
    if (key === undefined || tokens[from + 1]?.text !== ":") return undefined;
    const value = from + 2 === to ? literalOf(tokens[to]) : undefined;
    if (from + 2 > to) return undefined;
    const items = sliceItems(tokens, from + 2, to);
    entries.push({
      key,
      keyStart: (keyToken as Token).start + 1,
      keyEnd: (keyToken as Token).end - 1,
      colonEnd: (tokens[from + 1] as Token).end,
      valueStart: (tokens[from + 2] as Token).start,
      valueEnd: (tokens[to] as Token).end,
      ...(value === undefined ? {} : { value }),
      ...(items === undefined ? {} : { items }),
    });
  }
  return { entries, ...typed };
}

/** What the call of a request function opened at token `open` passes at argument `index`, as its body. */
export function goSentBody(files: readonly GoFile[], file: GoFile, open: number, index: number, shown: (path: string) => string): GoSentBody | undefined {
  const { tokens } = file;
  const item = listItems(tokens, open)[index];
  if (!item) return undefined;
  const [a, b] = item;
  const first = tokens[a] as Token;
  const written = file.text.slice(first.start, (tokens[b] as Token).end);
  if (a === b && first.text === "nil") return { kind: "nil", start: first.start, end: first.end };
  if (first.text === "map") {
    const typed = mapEntries(tokens, a, b);
    if (!typed) return { kind: "other", written };
    const opening = tokens[typed.open] as Token;
    const closing = tokens[b] as Token;
    let commented = false;
    for (let j = typed.open; j < b && !commented; j++) commented = /\/[/*]/.test(file.text.slice((tokens[j] as Token).end, (tokens[j + 1] as Token).start));
    const literal: GoMapLiteral = {
      start: first.start,
      end: closing.end,
      type: file.text.slice(first.start, opening.start),
      valueType: typed.valueType,
      open: opening.start,
      close: closing.start,
      commented,
    };
    return { kind: "map", entries: typed.entries, literal };
  }
  let type: string | undefined;
  if (a === b && first.kind === "ident") type = typeOfName(tokens, open, first.text);
  else {
    const at = first.text === "&" ? a + 1 : a;
    const named = typeNameAt(tokens, at);
    if (named && tokens[named.next]?.text === "{" && matchClose(tokens, named.next, 40_000) === b) type = named.name;
  }
  if (type === undefined)
    return { kind: "other", written, ...(a === b && first.kind === "ident" && isParameter(tokens, open, first.text) ? { parameter: true as const } : {}) };
  return { kind: "struct", type, ...structFields(files, type, shown) };
}
