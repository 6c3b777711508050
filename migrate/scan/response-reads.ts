// What the code reads back from a v1 call (issue 41, item 3), in Python and TypeScript/
// JavaScript: the value of the call's `.json()` (`requests.get(u).json()["x"]`, `r = fetch(u)`
// then `data = await r.json()`), through at most one assignment each, up to the next function
// definition. Each read is recorded in its written form (`["x"]`, `.get("x")`, `.x`), and each
// use of the value as a list (`for p in data`, `data.map(…)`, `len(data)`, `data[0]`) with the
// reads on its items, and each test of it for a list (`Array.isArray(data)`, `isinstance(data, list)`). resolve.ts turns them into `v1-response-field` findings through
// migrate/tables/response-fields.ts. Every walk is bounded.

import { bodyEnd, definitionOf } from "./definition.js";
import { lineAt } from "./candidate.js";
import { chainStart, type EvalContext, matchClose, matchOpen, openersAround, WALK_LIMIT } from "./evaluate.js";
import { literalText, type Token } from "./lex/tokens.js";
import { enclosing } from "./python-scope.js";

/**
 * One read of the response, in its written form; `at`/`end` locate it in the source. `typed`: the
 * value has a type written for it (`restRequest<Pod[]>(…)`), which a rewritten read would no
 * longer match, so the read is reported and not rewritten.
 */
export type ResponseRead = { at: number; end: number; item: boolean; typed?: true } & (
  | { form: "subscript"; field: string; quote: string; span: [number, number] }
  | { form: "get"; field: string; quote: string; span: [number, number] }
  | { form: "dot"; field: string; span: [number, number]; optional: boolean }
  | { form: "list"; insertAt: number; python: boolean; jq?: "index" | "pipe" }
  /** A field named without an accessor (jq's object shorthand `{id, desiredStatus}`): no edit, since the name is also the output's key. */
  | { form: "named"; field: string }
  | { form: "value"; python: boolean }
);

/** A read with its place for the finding: 1-based line and UTF-16 column, and the text read. */
export type LocatedRead = ResponseRead & { line: number; column: number; match: string };

const WINDOW = 1500;
const LIST_METHODS = /^(?:map|forEach|filter|find|findIndex|some|every|reduce|slice|length|flatMap|sort|at)$/;
const ENDS_SCOPE = new Set(["def", "function", "class"]);

const isField = (text: string) => /^[A-Za-z_]\w*$/.test(text);

/** `.json()` right after token `end`: the index of its `)`. */
function jsonAfter(tokens: readonly Token[], end: number): number | undefined {
  return tokens[end + 1]?.text === "." && tokens[end + 2]?.text === "json" && tokens[end + 3]?.text === "(" && tokens[end + 4]?.text === ")"
    ? end + 4
    : undefined;
}

/** `.data` right after token `end` (an axios response): the index of `data`. */
function dataAfter(tokens: readonly Token[], end: number): number | undefined {
  return (tokens[end + 1]?.text === "." || tokens[end + 1]?.text === "?.") && tokens[end + 2]?.text === "data" && tokens[end + 3]?.text !== "("
    ? end + 2
    : undefined;
}

/**
 * The name an axios response's `data` is destructured into by the statement whose value starts at
 * token `valueStart`: `const { data } = await axios.get(…)` → `data`, `{ data: pods }` → `pods`.
 */
function dataOfPattern(tokens: readonly Token[], valueStart: number): string | undefined {
  let k = valueStart;
  if (tokens[k - 1]?.text === "await") k--;
  if (tokens[k - 1]?.text !== "=" || tokens[k - 2]?.text !== "}") return undefined;
  let open = k - 2;
  while (open > 0 && k - open < 40 && tokens[open]?.text !== "{") open--;
  if (tokens[open]?.text !== "{" || !/^(?:const|let|var)$/.test(tokens[open - 1]?.text ?? "")) return undefined;
  for (let j = open + 1; j < k - 2; j++) {
    if (tokens[j]?.text !== "data" || (tokens[j - 1]?.text !== "{" && tokens[j - 1]?.text !== ",")) continue;
    const after = tokens[j + 1]?.text;
    if (after === "," || after === "}") return "data";
    if (after === ":" && tokens[j + 2]?.kind === "ident" && (tokens[j + 3]?.text === "," || tokens[j + 3]?.text === "}")) return tokens[j + 2]?.text;
    return undefined;
  }
  return undefined;
}

/** The name assigned by the statement whose value starts at token `valueStart` (`data = …`, `const data = await …`). */
function assignedTo(tokens: readonly Token[], valueStart: number, text: string): string | undefined {
  let k = valueStart;
  if (tokens[k - 1]?.text === "await") k--;
  const name = tokens[k - 2];
  // `const pod: Pod = …`: the name before `=` is a type, and the value is typed; not followed.
  const colon = tokens[k - 3];
  if (tokens[k - 1]?.text !== "=" || name?.kind !== "ident" || colon?.text === "." || colon?.text === "?.") return undefined;
  // (A `:` that ends the line before is a Python block's, `def f():` then `data = …`.)
  if (colon?.text === ":" && !text.slice(colon.end, name.start).includes("\n")) return undefined;
  return name.text;
}

/** The read written right after token `end` (the value's last token), if one is. */
function readAt(tokens: readonly Token[], end: number, python: boolean, item: boolean): ResponseRead | undefined {
  const a = tokens[end + 1];
  const b = tokens[end + 2];
  const third = tokens[end + 3];
  if (!a || !b) return undefined;
  if (a.text === "[" && b.kind === "str" && third?.text === "]" && !b.parts?.some((part) => "hole" in part)) {
    const field = literalText(b.parts ?? []);
    return isField(field) ? { form: "subscript", field, quote: b.text[0] as string, span: [a.start, third.end], at: a.start, end: third.end, item } : undefined;
  }
  if (python && a.text === "." && b.text === "get" && third?.text === "(" && tokens[end + 4]?.kind === "str") {
    const fieldLiteral = tokens[end + 4] as Token;
    const field = literalText(fieldLiteral.parts ?? []);
    const after = tokens[end + 5]?.text;
    if (!isField(field) || fieldLiteral.parts?.some((part) => "hole" in part) || (after !== ")" && after !== ",")) return undefined;
    return {
      form: "get",
      field,
      quote: fieldLiteral.text[0] as string,
      span: [fieldLiteral.start, fieldLiteral.end],
      at: a.start,
      end: (tokens[matchClose(tokens, end + 3)] ?? fieldLiteral).end,
      item,
    };
  }
  if (!python && (a.text === "." || a.text === "?.") && b.kind === "ident" && third?.text !== "(" && !LIST_METHODS.test(b.text) && b.text !== "json") {
    return { form: "dot", field: b.text, span: [b.start, b.end], optional: a.text === "?.", at: a.start, end: b.end, item };
  }
  return undefined;
}

/**
 * Where the scope of reads that starts at token `from` ends: the next function or class
 * definition, the `}` that closes the block the call is in (JavaScript), a line indented no
 * deeper than the `def` the call is in (Python: the function's end), or the window's end.
 */
function scopeEnd(tokens: readonly Token[], from: number, python: boolean, text: string, callAt: number): number {
  const indentAt = (offset: number) => {
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    return { first: text.slice(lineStart, offset).trim() === "", width: /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0 };
  };
  let own = -1;
  for (let k = callAt; python && k >= 0 && callAt - k < 4 * WINDOW; k--) {
    if ((tokens[k] as Token).text === "def") {
      own = indentAt((tokens[k] as Token).start).width;
      break;
    }
  }
  let depth = 0;
  for (let k = from; k < tokens.length && k - from < WINDOW; k++) {
    const t = tokens[k] as Token;
    if (ENDS_SCOPE.has(t.text)) return k;
    if (python) {
      const at = indentAt(t.start);
      if (at.first && at.width <= own && depth === 0) return k;
    }
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") {
      if (--depth < 0) return k;
    }
  }
  return Math.min(tokens.length, from + WINDOW);
}

/** Reads of variable `name` in tokens [from, to); a list use also yields its item's reads. */
function readsOf(
  tokens: readonly Token[],
  name: string,
  from: number,
  to: number,
  python: boolean,
  text: string,
  item: boolean,
  unknownUses = false,
): ResponseRead[] {
  const reads: ResponseRead[] = [];
  for (let k = from; k < to; k++) {
    const t = tokens[k] as Token;
    if (!python && t.kind === "str" && t.text.startsWith("`")) reads.push(...templateReads(t, name, item, unknownUses));
    if (python && t.kind === "str" && /^[rR]?[fF][rR]?["']/.test(t.text)) reads.push(...fStringReads(t, name, item));
    if (t.kind !== "ident" || t.text !== name || tokens[k - 1]?.text === "." || tokens[k - 1]?.text === "?.") continue;
    // A new value for the name: what follows reads something else.
    if (tokens[k + 1]?.text === "=" && tokens[k + 2]?.text !== "=") break;
    const read = readAt(tokens, k, python, item);
    if (read) {
      reads.push(read);
      continue;
    }
    if (item) continue;
    // `Array.isArray(data) ? data : []`, `isinstance(data, list)`: a test that v2's wrapper fails, silently
    // (piper-train-runpod-script showed no pods). Reported; not rewritten, since the value is used again after the test.
    if (listTest(tokens, k, python)) {
      reads.push({ form: "value", python, at: t.start, end: t.end, item: false });
      continue;
    }
    const list = listUse(tokens, k, k, python, text);
    if (list) {
      reads.push({ form: "list", insertAt: t.end, python, at: t.start, end: t.end, item: false });
      if (list.itemName !== undefined) reads.push(...readsOf(tokens, list.itemName, list.from, list.to, python, text, true));
    } else if (unknownUses) reads.push({ form: "value", python, at: t.start, end: t.end, item: false });
  }
  return reads;
}

/**
 * The reads of `name` in the holes of a Python f-string: `{p['id']}`, `{p.get('desiredStatus','?')}`,
 * a format spec or conversion after it kept (`{p.get('name','?'):30s}`). A hole's place is found in
 * the literal's source, as for a template literal.
 */
function fStringReads(t: Token, name: string, item: boolean): ResponseRead[] {
  const reads: ResponseRead[] = [];
  let cursor = 0;
  const escaped = name.replace(/[$]/g, "\\$");
  const tail = "(\\s*(?:![rsa])?(?::[^{}'\"]*)?)$";
  const subscript = new RegExp(`^(\\s*${escaped})\\[(['"])([A-Za-z_]\\w*)\\2\\]${tail}`);
  const get = new RegExp(`^(\\s*${escaped}\\.get\\()(['"])([A-Za-z_]\\w*)\\2(\\s*,[^()]*)?\\)${tail}`);
  for (const part of t.parts ?? []) {
    if (!("hole" in part)) continue;
    const at = t.text.indexOf(`{${part.hole}`, cursor);
    if (at < 0) break;
    cursor = at + part.hole.length + 1;
    const bySubscript = subscript.exec(part.hole);
    const byGet = bySubscript ? undefined : get.exec(part.hole);
    const found = bySubscript ?? byGet;
    if (!found) continue;
    const field = found[3] as string;
    const quote = found[2] as string;
    const start = t.start + at + 1 + (found[1] as string).length;
    if (bySubscript) {
      const end = start + field.length + 4;
      reads.push({ form: "subscript", field, quote, span: [start, end], at: start, end, item });
    } else {
      const end = start + field.length + 2;
      reads.push({ form: "get", field, quote, span: [start, end], at: start, end, item });
    }
  }
  return reads;
}

/**
 * The reads of `name` in the holes of a template literal: `${pod.desiredStatus}`, `${e?.workersMax}`
 * (a hole that is only that read; the lexer keeps a hole's text, not its place, so the place is
 * found in the literal's source).
 */
function templateReads(t: Token, name: string, item: boolean, unknownUses: boolean): ResponseRead[] {
  const reads: ResponseRead[] = [];
  let cursor = 0;
  const escaped = name.replace(/\$/g, "\\$");
  for (const part of t.parts ?? []) {
    if (!("hole" in part)) continue;
    const at = t.text.indexOf(`\${${part.hole}}`, cursor);
    if (at < 0) break;
    cursor = at + part.hole.length + 3;
    const read = new RegExp(`^(\\s*)${escaped}(\\??\\.)([A-Za-z_$][\\w$]*)\\s*$`).exec(part.hole);
    if (!read || LIST_METHODS.test(read[3] as string)) {
      // Any other use of the value in the hole (`${all.map(…)}`), when uses v2kit does not read count.
      if (!item && unknownUses && new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`).test(part.hole))
        reads.push({ form: "value", python: false, at: t.start + at, end: t.start + at + part.hole.length + 3, item: false });
      continue;
    }
    const start = t.start + at + 2 + (read[1] as string).length;
    const fieldStart = start + name.length + (read[2] as string).length;
    const field = read[3] as string;
    reads.push({
      form: "dot",
      field,
      span: [fieldStart, fieldStart + field.length],
      optional: read[2] === "?.",
      at: start,
      end: fieldStart + field.length,
      item,
    });
  }
  return reads;
}

/** Token `k` (the value) tested for being a list: `Array.isArray(data)`, `isinstance(data, list)`. */
function listTest(tokens: readonly Token[], k: number, python: boolean): boolean {
  if (tokens[k - 1]?.text !== "(") return false;
  if (python) return tokens[k - 2]?.text === "isinstance" && tokens[k + 1]?.text === "," && tokens[k + 2]?.text === "list" && tokens[k + 3]?.text === ")";
  return tokens[k - 2]?.text === "isArray" && tokens[k - 3]?.text === "." && tokens[k - 4]?.text === "Array" && tokens[k + 1]?.text === ")";
}

/**
 * The value in tokens [first, last] (a name, or a call) used as a list: `for p in data:`, `[p for p
 * in data]`, `len(data)`, `data[0]`, `data.map(…)`, `for (const p of data)`; the item's name and
 * scope when it has one.
 */
function listUse(
  tokens: readonly Token[],
  first: number,
  last: number,
  python: boolean,
  text: string,
): { itemName?: string; from: number; to: number } | undefined {
  const next = tokens[last + 1];
  if (next?.text === "[" && tokens[last + 2]?.kind === "num") return { from: last, to: last };
  if (python) {
    if (tokens[first - 1]?.text === "in" && tokens[first - 3]?.text === "for" && tokens[first - 2]?.kind === "ident") {
      const itemName = tokens[first - 2]?.text as string;
      if (next?.text !== ":") {
        // A comprehension (`[v["id"] for v in data]`): the item is read inside its brackets.
        const [open] = openersAround(tokens, first - 3);
        const close = open === undefined ? -1 : matchClose(tokens, open);
        return close < 0 ? undefined : { itemName, from: (open as number) + 1, to: close };
      }
      // The loop body: the lines indented deeper than the `for` line.
      const indent = (offset: number) => {
        const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
        return /^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
      };
      const own = indent((tokens[first - 3] as Token).start);
      let to = last + 2;
      while (to < tokens.length && to - last < WINDOW) {
        const t = tokens[to] as Token;
        const lineStart = text.lastIndexOf("\n", t.start - 1) + 1;
        if (text.slice(lineStart, t.start).trim() === "" && indent(t.start) <= own) break;
        to++;
      }
      return { itemName, from: last + 2, to };
    }
    if (tokens[first - 1]?.text === "(" && tokens[first - 2]?.text === "len" && next?.text === ")") return { from: last, to: last };
    // `if not pods:`, `if pods:`: a test of the list's emptiness (v2's wrapper object is never empty).
    const test = tokens[first - 1]?.text === "not" ? first - 2 : first - 1;
    if ((tokens[test]?.text === "if" || tokens[test]?.text === "elif") && next?.text === ":") return { from: last, to: last };
    return undefined;
  }
  if (
    tokens[first - 1]?.text === "of" &&
    tokens[first - 2]?.kind === "ident" &&
    /^(?:const|let|var)$/.test(tokens[first - 3]?.text ?? "") &&
    tokens[first - 4]?.text === "(" &&
    next?.text === ")"
  ) {
    const body = tokens[last + 2]?.text === "{" ? matchClose(tokens, last + 2) : -1;
    return { itemName: tokens[first - 2]?.text as string, from: last + 2, to: body < 0 ? last + 2 : body };
  }
  if ((next?.text === "." || next?.text === "?.") && LIST_METHODS.test(tokens[last + 2]?.text ?? "")) {
    if (tokens[last + 3]?.text !== "(") return { from: last, to: last };
    const close = matchClose(tokens, last + 3);
    // `data.map((p) => …)`, `data.map(p => …)`, `data.forEach(function (p) {…})`.
    let paramAt = last + 4;
    if (tokens[paramAt]?.text === "function") paramAt++;
    if (tokens[paramAt]?.text === "(") paramAt++;
    const param = tokens[paramAt];
    return param?.kind === "ident" && close > 0 ? { itemName: param.text, from: paramAt + 1, to: close } : { from: last, to: last };
  }
  return undefined;
}

/**
 * The reads of the response of the call whose URL expression starts at token `urlAt` (Python
 * and JavaScript only): on the call's `.json()` value directly, or through the variable it is
 * assigned to (and the one that variable's `.json()` is assigned to).
 */
export function responseReads(ctx: EvalContext, python: boolean, text: string, urlAt: number): ResponseRead[] {
  const { tokens } = ctx;
  let open: number | undefined;
  for (const j of openersAround(tokens, urlAt)) {
    open = j;
    break;
  }
  if (open === undefined || tokens[open]?.text !== "(" || tokens[open - 1]?.kind !== "ident") return [];
  const close = matchClose(tokens, open);
  if (close < 0) return [];
  const callStart = chainStart(tokens, open - 1);
  const reads: ResponseRead[] = [];
  const fromValue = (jsonEnd: number, start: number) => {
    const direct = readAt(tokens, jsonEnd, python, false);
    if (direct) reads.push(direct);
    const name = assignedTo(tokens, start, text);
    if (name !== undefined) reads.push(...readsOf(tokens, name, jsonEnd + 1, scopeEnd(tokens, jsonEnd + 1, python, text, callStart), python, text, false));
    else if (!direct) reads.push({ form: "value", python, at: (tokens[start] as Token).start, end: (tokens[jsonEnd] as Token).end, item: false });
  };
  // axios answers the parsed body as `.data`: `const {data} = await axios.get(…)`, `res.data.x`.
  const axios = !python && tokens[callStart]?.text === "axios";
  const json = axios ? undefined : jsonAfter(tokens, close);
  if (json !== undefined) {
    fromValue(json, callStart);
    return reads;
  }
  if (axios) {
    const destructured = dataOfPattern(tokens, callStart);
    if (destructured !== undefined) {
      reads.push(...readsOf(tokens, destructured, close + 1, scopeEnd(tokens, close + 1, python, text, callStart), python, text, false));
      return reads;
    }
  }
  const response = assignedTo(tokens, callStart, text);
  if (response === undefined) return reads;
  const to = scopeEnd(tokens, close + 1, python, text, callStart);
  for (let k = close + 1; k < to; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== response || tokens[k - 1]?.text === ".") continue;
    const end = axios ? dataAfter(tokens, k) : jsonAfter(tokens, k);
    if (end === undefined) continue;
    fromValue(end, k);
    break;
  }
  return reads;
}

/**
 * The reads of a call whose value is already the parsed body (issue 44): a request function that
 * returns `.json()` (`data = self._request("GET", "/pods")`, `call(…)["id"]`). `callStart` is the
 * call's first token, `close` its `)`.
 */
export function parsedValueReads(
  ctx: Pick<EvalContext, "tokens">,
  python: boolean,
  text: string,
  callStart: number,
  close: number,
  unknownUses = false,
): ResponseRead[] {
  const { tokens } = ctx;
  const reads: ResponseRead[] = [];
  const direct = readAt(tokens, close, python, false);
  if (direct) reads.push(direct);
  // `for v in call(…)`, `call(…).map(…)`: the call's value is the list (not after `await`, which would then apply to `call(…)["key"]`).
  const list = direct || tokens[callStart - 1]?.text === "await" ? undefined : listUse(tokens, callStart, close, python, text);
  if (list) {
    const end = (tokens[close] as Token).end;
    reads.push({ form: "list", insertAt: end, python, at: (tokens[callStart] as Token).start, end, item: false });
    if (list.itemName !== undefined) reads.push(...readsOf(tokens, list.itemName, list.from, list.to, python, text, true));
  }
  const name = assignedTo(tokens, callStart, text);
  if (name !== undefined)
    reads.push(...readsOf(tokens, name, close + 1, scopeEnd(tokens, close + 1, python, text, callStart), python, text, false, unknownUses));
  // `return api("/endpoints")`, `=> api("/endpoints")`: the value leaves the function as it is; where it is read is not
  // known here (caller-reads.ts finds callers in the tree; cli/migrate/scan.ts then drops this one).
  const before = tokens[callStart - 1]?.text === "await" ? callStart - 2 : callStart - 1;
  if (reads.length === 0 && (tokens[before]?.text === "return" || (!python && tokens[before]?.text === "=>")) && endsStatement(tokens, close, text))
    reads.push({ form: "value", python, at: (tokens[callStart] as Token).start, end: (tokens[close] as Token).end, item: false });
  return reads;
}

/** Whether the expression closed at token `close` ends its statement: `;`, `}`, a line end, or the end of the text. */
function endsStatement(tokens: readonly Token[], close: number, text: string): boolean {
  const next = tokens[close + 1];
  return (
    next === undefined || next.text === ";" || next.text === "}" || next.kind === "nl" || text.slice((tokens[close] as Token).end, next.start).includes("\n")
  );
}

/**
 * Whether the function body in tokens [from, to] returns the parsed body: a `return` of
 * `.json()`, `json.loads(…)` (Python) or `JSON.parse(…)` (JavaScript), or of a call to another
 * function of the file that does (`return self._send(…)`, `return await send(…)`), one such step
 * at most. `own` is the function's own name (a recursive call proves nothing).
 */
export function returnsParsed(tokens: readonly Token[], text: string, [from, to]: [number, number], python: boolean, own?: string, depth = 0): boolean {
  for (let k = from; k <= to && k < tokens.length && k - from < 4 * WALK_LIMIT; k++) {
    const t = tokens[k] as Token;
    if (k > from && (t.text === "def" || t.text === "function")) return false;
    if (t.text !== "return") continue;
    // The returned expression: up to a `;`, or the end of its line outside brackets.
    let open = 0;
    for (let j = k + 1; j < tokens.length && j - k < 24 && tokens[j]?.text !== ";"; j++) {
      const here = tokens[j] as Token;
      if (open === 0 && text.slice((tokens[j - 1] as Token).end, here.start).includes("\n")) break;
      if (here.text === "(" || here.text === "[" || here.text === "{") open++;
      else if (here.text === ")" || here.text === "]" || here.text === "}") open--;
      const x = (offset: number) => tokens[j + offset]?.text;
      if (x(0) === "json" && x(-1) === "." && x(1) === "(" && x(2) === ")") return true;
      if (python && x(0) === "loads" && x(-1) === "." && x(-2) === "json" && x(1) === "(") return true;
      if (!python && x(0) === "parse" && x(-1) === "." && x(-2) === "JSON" && x(1) === "(") return true;
    }
    let first = k + 1;
    if (tokens[first]?.text === "await") first++;
    if ((tokens[first]?.text === "self" || tokens[first]?.text === "this") && tokens[first + 1]?.text === ".") first += 2;
    const callee = tokens[first];
    // `return send<T>(…)`: the type arguments between the name and the call.
    let paren = first + 1;
    if (!python && tokens[paren]?.text === "<") {
      while (paren < tokens.length && paren - first < 24 && tokens[paren]?.text !== ">") paren++;
      paren++;
    }
    if (depth > 0 || callee?.kind !== "ident" || callee.text === own || tokens[paren]?.text !== "(") continue;
    const def = definitionOf(tokens, callee.text, python, true);
    if (def && returnsParsed(tokens, text, [def.body, bodyEnd(tokens, def, python, 4 * WALK_LIMIT)], python, callee.text, depth + 1)) return true;
  }
  return false;
}

/**
 * The reads of a v1 call made through a request function of this file that returns the parsed
 * body (issue 41, item 3: "the request function's return"): `pod = self._request("GET", f"/pods/{id}")`
 * then `pod["desiredStatus"]`, or `call(…)["id"]`. `urlAt` is the token where the call's path
 * argument starts. None when the function is not this file's, or does not return the parsed body.
 */
export function requestFunctionReads(ctx: EvalContext, python: boolean, text: string, urlAt: number): ResponseRead[] {
  const { tokens } = ctx;
  const [open] = openersAround(tokens, urlAt);
  if (open === undefined || tokens[open]?.text !== "(") return [];
  let nameAt = open - 1;
  // `send<T>(…)`: the type arguments between the name and the call.
  if (!python && tokens[nameAt]?.text === ">") {
    while (nameAt > 0 && open - nameAt < 24 && tokens[nameAt]?.text !== "<") nameAt--;
    nameAt--;
  }
  const callee = tokens[nameAt];
  const def = callee?.kind === "ident" ? definitionOf(tokens, callee.text, python, true) : undefined;
  if (!callee || !def || !returnsParsed(tokens, text, [def.body, bodyEnd(tokens, def, python, 4 * WALK_LIMIT)], python, callee.text)) return [];
  const close = matchClose(tokens, open);
  if (close < 0) return [];
  // `restRequest<Pod[]>(…)`: the value is typed as v1's answer; `pods.pods` would not type-check, unless the type changes with
  // every use of the value (models.ts), so its other uses count too.
  const typed = nameAt !== open - 1;
  const reads = parsedValueReads(ctx, python, text, chainStart(tokens, nameAt), close, typed);
  return typed ? reads.map((read) => ({ ...read, typed: true as const })) : reads;
}

/**
 * A function of this file that returns a v1 call's parsed body as its own value, so code that
 * calls it reads that body (issue 41, item 3, across modules): `def get_endpoint(id): return
 * call("endpoints/" + id)` read as `api.get_endpoint(x).get("workersMax")` in another module.
 * `owner`: the object literal the function is a member of (`export const pods = { get: (id) =>
 * … }`, called as `pods.get(id)`). `typed`: the value's type is written (a type argument at the
 * call, a declared return type), so a rewritten read would no longer match it.
 */
export interface Returned {
  name: string;
  owner?: string;
  /** A Python method's class (`class Client: def get_pod(self, id): return self._request(…)`), called on an instance of it. */
  cls?: string;
  typed?: true;
}

const CONTROL = new Set(["if", "for", "while", "switch", "catch", "with"]);

/**
 * The function whose return value is the parsed body of the call whose URL expression starts at
 * token `urlAt` (Python and JavaScript): `return call(…)` through a request function of the file
 * that returns the parsed body, `return requests.get(u).json()`, or `r = …` then `return
 * r.json()`; in JavaScript also an arrow whose body is the call. A module-level Python function or
 * a method of a module-level class, and a JavaScript function, `const` arrow or member of a `const`
 * object literal (a JavaScript class's callers hold instances v2kit does not follow).
 */
export function returningFunction(tokens: readonly Token[], python: boolean, text: string, urlAt: number): Returned | undefined {
  const [open] = openersAround(tokens, urlAt);
  if (open === undefined || tokens[open]?.text !== "(") return undefined;
  let nameAt = open - 1;
  if (!python && tokens[nameAt]?.text === ">") {
    while (nameAt > 0 && open - nameAt < 24 && tokens[nameAt]?.text !== "<") nameAt--;
    nameAt--;
  }
  const callee = tokens[nameAt];
  const close = matchClose(tokens, open);
  if (callee?.kind !== "ident" || close < 0) return undefined;
  const callStart = chainStart(tokens, nameAt);
  // The `return` (or a JavaScript arrow's `=>`) right before token `k`, `await` between them allowed.
  const returnBefore = (k: number) => {
    const j = tokens[k - 1]?.text === "await" ? k - 2 : k - 1;
    return tokens[j]?.text === "return" || (!python && tokens[j]?.text === "=>") ? j : undefined;
  };
  let returnAt: number | undefined;
  let valueEnd = close;
  const def = definitionOf(tokens, callee.text, python, true);
  if (def && returnsParsed(tokens, text, [def.body, bodyEnd(tokens, def, python, 4 * WALK_LIMIT)], python, callee.text)) returnAt = returnBefore(callStart);
  else if (python && jsonAfter(tokens, close) !== undefined) {
    valueEnd = jsonAfter(tokens, close) as number;
    returnAt = returnBefore(callStart);
  } else {
    // `r = requests.get(…)` or `const r = await fetch(…)`, then `return r.json()`.
    const response = assignedTo(tokens, callStart, text);
    if (response === undefined) return undefined;
    const to = scopeEnd(tokens, close + 1, python, text, callStart);
    for (let k = close + 1; k < to; k++) {
      const t = tokens[k] as Token;
      if (t.kind !== "ident" || t.text !== response || tokens[k - 1]?.text === "." || tokens[k - 1]?.text === "?.") continue;
      if (tokens[k + 1]?.text === "=" && tokens[k + 2]?.text !== "=") return undefined;
      const json = jsonAfter(tokens, k);
      if (json === undefined) continue;
      returnAt = returnBefore(k);
      valueEnd = json;
      break;
    }
  }
  if (returnAt === undefined) return undefined;
  // The value is the whole returned expression (not `return call(…) or {}`).
  const after = tokens[valueEnd + 1];
  const last = tokens[valueEnd] as Token;
  const ends =
    after === undefined ||
    after.text === ";" ||
    after.text === "}" ||
    (!python && tokens[returnAt]?.text === "=>" && (after.text === "," || after.text === ")")) ||
    text.slice(last.end, after.start).includes("\n");
  if (!ends) return undefined;
  const typed = nameAt !== open - 1;
  const found = python ? pythonFunctionOf(tokens, text, returnAt) : jsFunctionOf(tokens, returnAt);
  if (found === undefined) return undefined;
  return { ...found, ...(typed || found.typed ? { typed: true as const } : {}) };
}

/**
 * The module-level function a Python `return` at token `at` belongs to. A return annotation of a
 * sequence (`-> List[Dict[str, Any]]`) types the value as v1's bare list: a type checker would
 * refuse `value["pods"]`, so its reads are typed.
 */
function pythonFunctionOf(tokens: readonly Token[], text: string, at: number): Returned | undefined {
  const headers = enclosing({ path: "", text, tokens: tokens as Token[] }, lineAt(text, (tokens[at] as Token).start).line);
  const header = headers[0];
  const cls = headers.length === 2 && headers[1]?.kind === "class" ? headers[1].name : undefined;
  if ((headers.length !== 1 && cls === undefined) || header?.kind !== "function") return undefined;
  let def = at;
  while (def > 0 && !(tokens[def]?.text === "def" && tokens[def + 1]?.text === header.name)) def--;
  const close = tokens[def + 2]?.text === "(" ? matchClose(tokens, def + 2) : -1;
  let annotation = "";
  if (close > 0 && tokens[close + 1]?.text === "-" && tokens[close + 2]?.text === ">")
    for (let j = close + 3; j < at && tokens[j]?.text !== ":"; j++) annotation += ` ${(tokens[j] as Token).text}`;
  if (close > 0 && tokens[close + 1]?.text === "->")
    for (let j = close + 2; j < at && tokens[j]?.text !== ":"; j++) annotation += ` ${(tokens[j] as Token).text}`;
  return {
    name: header.name,
    ...(cls === undefined ? {} : { cls }),
    ...(/\b(?:list|List|Sequence|Iterable|tuple|Tuple)\b/.test(annotation) ? { typed: true as const } : {}),
  };
}

/**
 * The JavaScript function a `return` or arrow `=>` at token `at` belongs to: `function name(…)`,
 * `const name = (…) =>`, a member `name: (…) =>` or `name(…) {` of `const owner = {…}`; a declared
 * return type (`): Promise<Pod> =>`) makes it typed.
 */
function jsFunctionOf(tokens: readonly Token[], at: number): (Returned & { typed?: true }) | undefined {
  let arrow = tokens[at]?.text === "=>" ? at : undefined;
  let block: number | undefined;
  if (arrow === undefined) {
    // The function body the `return` is in, through `if`/`for`/`try` blocks.
    for (const open of openersAround(tokens, at)) {
      if (tokens[open]?.text !== "{") return undefined;
      const before = tokens[open - 1];
      if (before?.text === "else" || before?.text === "try" || before?.text === "finally" || before?.text === "do") continue;
      if (before?.text === ")") {
        const head = tokens[matchOpen(tokens, open - 1) - 1];
        if (head?.kind === "ident" && CONTROL.has(head.text)) continue;
      }
      if (before?.text === "=>") arrow = open - 1;
      else block = open;
      break;
    }
  }
  const headEnd = arrow ?? block;
  if (headEnd === undefined) return undefined;
  // The parameter list's `)`, and a return type between it and the body.
  let paramsClose = -1;
  let typed = false;
  for (let j = headEnd - 1; j >= 0 && headEnd - j < 30; j--) {
    if (tokens[j]?.text !== ")") continue;
    if (j === headEnd - 1) paramsClose = j;
    else if (tokens[j + 1]?.text === ":") {
      paramsClose = j;
      typed = true;
    }
    break;
  }
  let start: number;
  if (paramsClose >= 0) start = matchOpen(tokens, paramsClose);
  else if (arrow !== undefined && tokens[arrow - 1]?.kind === "ident") start = arrow - 1;
  else return undefined;
  if (start < 0) return undefined;
  const result = (found: Returned | undefined) => (found && typed ? { ...found, typed: true as const } : found);
  if (arrow !== undefined) {
    let k = start;
    if (tokens[k - 1]?.text === "async") k--;
    const name = tokens[k - 2];
    if (name?.kind !== "ident") return undefined;
    if (tokens[k - 1]?.text === "=" && /^(?:const|let|var)$/.test(tokens[k - 3]?.text ?? "")) return result({ name: name.text });
    if (tokens[k - 1]?.text === ":") return result(memberOf(tokens, k - 2));
    return undefined;
  }
  const name = tokens[start - 1];
  if (name?.kind !== "ident") return undefined;
  if (tokens[start - 2]?.text === "function") return result({ name: name.text });
  return result(memberOf(tokens, start - 1));
}

/** The member at name token `k` of `const owner = {…}`: the function `owner.name`. */
function memberOf(tokens: readonly Token[], k: number): Returned | undefined {
  const name = tokens[k] as Token;
  if (tokens[k - 1]?.text !== "{" && tokens[k - 1]?.text !== "," && tokens[k - 1]?.text !== "async") return undefined;
  const [open] = openersAround(tokens, k);
  if (open === undefined || tokens[open]?.text !== "{" || tokens[open - 1]?.text !== "=") return undefined;
  const owner = tokens[open - 2];
  if (owner?.kind !== "ident" || !/^(?:const|let|var)$/.test(tokens[open - 3]?.text ?? "")) return undefined;
  return { name: name.text, owner: owner.text };
}

/**
 * The type argument of the call whose URL expression starts at token `urlAt`, when it is one
 * type name of the file's own, or a list of it (`restRequest<Pod>(…)`, `send<Endpoint[]>(…)`):
 * the model a migration may change with the call's reads (TypeScript). `span`: its source text.
 */
export interface TypeArgument {
  name: string;
  list: boolean;
  span: [number, number];
}

export function typeArgumentAt(tokens: readonly Token[], urlAt: number): TypeArgument | undefined {
  const [open] = openersAround(tokens, urlAt);
  if (open === undefined || tokens[open]?.text !== "(" || tokens[open - 1]?.text !== ">") return undefined;
  const name = tokens[open - 2]?.text === "]" ? tokens[open - 4] : tokens[open - 2];
  const list = tokens[open - 2]?.text === "]" && tokens[open - 3]?.text === "[";
  const lt = list ? open - 5 : open - 3;
  if (name?.kind !== "ident" || tokens[lt]?.text !== "<" || tokens[lt - 1]?.kind !== "ident") return undefined;
  return { name: name.text, list, span: [name.start, (tokens[open - 2] as Token).end] };
}
