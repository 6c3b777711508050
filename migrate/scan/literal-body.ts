// The request body a Python or JavaScript/TypeScript call sends as a literal, read from tokens:
// `requests.post(url, json={...})`, `fetch(url, {body: JSON.stringify({...})})`,
// `axios.patch(url, {...})`. Literal values are kept; anything else (a variable, a call, an
// f-string field) becomes a named placeholder, the string `<source text>`. Returned as JSON text,
// the form shell bodies take too, so both go through the same migration.

import { NotALiteral } from "../errors.js";
import { type BodyAnchor, childPointer, literalString, newShape, opaque, type Reading, shown } from "./body-anchor.js";
import { lineAt } from "./candidate.js";
import { bodyEnd, type Definition, definitionOf } from "./definition.js";
import { callArgs, type EvalContext, matchClose, matchOpen, openersAround, WALK_LIMIT } from "./evaluate.js";
import { curlSendsNoBody, psStatement } from "./method.js";
import { literalText, type Token } from "./lex/tokens.js";

export type { BodyAnchor } from "./body-anchor.js";

const METHOD_WITH_DATA = /^(?:post|put|patch)$/i;

/** The first enclosing call of the expression starting at token `exprStart` (`name(…)`, `name<T>(…)`): its open parenthesis. */
function enclosingCall(tokens: readonly Token[], exprStart: number): number | undefined {
  for (const j of openersAround(tokens, exprStart)) return tokens[j]?.text === "(" && calleeOf(tokens, j) !== undefined ? j : undefined;
  return undefined;
}

/** JSON text of the literal at tokens [a, b], or undefined when it is not an object literal; with `anchor`, also its sentinel reading (`anchor.v1`). */
function literalJson(tokens: readonly Token[], a: number, b: number, python: boolean, anchor?: BodyAnchor): string | undefined {
  if (tokens[a]?.text !== "{" || matchClose(tokens, a) !== b) return undefined;
  let json: string;
  try {
    json = JSON.stringify(literalValue(tokens, a, b, python, { placeholder: shown(python ? " " : ""), strict: false }));
  } catch {
    return undefined;
  }
  if (anchor) {
    try {
      const shape = newShape();
      anchor.v1 = literalValue(tokens, a, b, python, { placeholder: opaque(anchor), strict: true, shape });
      anchor.shape = shape;
    } catch {
      // Left unread: the fix says so.
    }
  }
  return json;
}

/** The value of the literal at tokens [a, b]; throws when it is not one. */
function literalValue(tokens: readonly Token[], a: number, b: number, python: boolean, { placeholder, strict, shape }: Reading): unknown {
  for (let j = a; shape && j <= b; j++) shape.tokens.push([(tokens[j] as Token).start, (tokens[j] as Token).end]);
  let i = a;
  const value = (pointer: string): unknown => {
    const t = tokens[i] as Token | undefined;
    if (t === undefined) throw new NotALiteral("the tokens end inside a value");
    if (t.text === "{" || t.text === "[") {
      const close = matchClose(tokens, i);
      if (close < 0 || close > b) throw new NotALiteral("a bracket is not closed within the call");
      const object = t.text === "{";
      shape?.containers.push({ pointer, open: t.start, close: (tokens[close] as Token).end, list: !object });
      const out: Record<string, unknown> | unknown[] = object ? {} : [];
      i++;
      while (i < close) {
        if (tokens[i]?.text === ",") {
          i++;
          continue;
        }
        if (object) {
          const k = tokens[i] as Token;
          const key =
            k.kind === "str"
              ? (k.parts ?? []).map((part) => ("text" in part ? part.text : `<${part.hole}>`)).join("")
              : k.kind === "ident" && !python
                ? k.text
                : undefined;
          if (key === undefined) throw new NotALiteral("a key that is neither a string nor a name");
          const next = tokens[i + 1]?.text;
          if (!python && k.kind === "ident" && (next === "," || i + 1 === close)) {
            // A shorthand property (`{ name }`): the variable's value, a placeholder.
            (out as Record<string, unknown>)[key] = placeholder([k]);
            shape?.members.push({ pointer: childPointer(pointer, key), parent: pointer, key: k.start, end: k.end });
            i++;
            continue;
          }
          if (next !== ":") throw new NotALiteral("a key not followed by a colon");
          i += 2;
          (out as Record<string, unknown>)[key] = value(childPointer(pointer, key));
          shape?.members.push({ pointer: childPointer(pointer, key), parent: pointer, key: k.start, end: (tokens[i - 1] as Token).end });
        } else (out as unknown[]).push(value(childPointer(pointer, (out as unknown[]).length)));
      }
      i = close + 1;
      return out;
    }
    // One value up to the next `,` or the closing bracket at this level.
    const start = i;
    let depth = 0;
    while (i <= b) {
      const x = (tokens[i] as Token).text;
      if (depth === 0 && (x === "," || x === "}" || x === "]")) break;
      if (x === "(" || x === "[" || x === "{") depth++;
      else if (x === ")" || x === "]" || x === "}") depth--;
      i++;
    }
    const run = tokens.slice(start, i);
    const only = run.length === 1 ? run[0] : undefined;
    if (only?.kind === "str" && (only.parts ?? []).every((part) => "text" in part)) return literalString(only.parts ?? [], strict);
    if (only?.kind === "num" && Number.isFinite(Number(only.text))) return Number(only.text);
    if (only?.kind === "ident") {
      const word = only.text;
      if (word === (python ? "True" : "true")) return true;
      if (word === (python ? "False" : "false")) return false;
      if (word === (python ? "None" : "null")) return null;
    }
    if (run.length === 2 && run[0]?.text === "-" && run[1]?.kind === "num") return -Number(run[1].text);
    // Not a literal: a placeholder.
    return placeholder(run);
  };
  return value("");
}

/**
 * What a call sends as its body: JSON text of a literal (and where it is written), or the source
 * of an expression built elsewhere; `unsure`, why a body v2kit can see is built here cannot be
 * known to be the one sent (a variable built from a literal and then changed), so no fix may
 * move the call's URL without it.
 */
export type SentBody = { literal: string; anchor?: BodyAnchor } | { elsewhere: string; literalArgument?: true; unsure?: string; parameter?: true };

const newAnchor = (tokens: readonly Token[], a: number, b: number, syntax: BodyAnchor["syntax"]): BodyAnchor => ({
  start: (tokens[a] as Token).start,
  end: (tokens[b] as Token).end,
  syntax,
  holes: {},
});

/** The object literal at tokens [a, b] as a sent body, with its anchor. */
function objectLiteral(tokens: readonly Token[], a: number, b: number, python: boolean): SentBody | undefined {
  if (a > b || tokens[a]?.text !== "{") return undefined;
  const anchor = newAnchor(tokens, a, b, python ? "python" : "js");
  const literal = literalJson(tokens, a, b, python, anchor);
  return literal === undefined ? undefined : { literal, anchor };
}

function sent(tokens: readonly Token[], a: number, b: number, python: boolean, text: string): SentBody | undefined {
  const literal = objectLiteral(tokens, a, b, python);
  if (literal) return literal;
  if (a > b) return undefined;
  // One name: the literal it holds, when it is assigned once in the function and sent as it was built.
  if (a === b && tokens[a]?.kind === "ident") {
    const held = variableBody(tokens, a, python, text);
    if (held !== undefined) return held;
  }
  return {
    elsewhere: tokens
      .slice(a, b + 1)
      .map((token) => token.text)
      .join(""),
  };
}

/** Python keywords before `(` and JavaScript statements whose block is not a function's body. */
const NOT_FUNCTION_BLOCK = new Set(["if", "for", "while", "switch", "catch", "with"]);

/** Lines of the last text split (a file's candidates are read one after another). */
let splitText: { text: string; lines: string[]; starts: number[] } | undefined;

function linesOf(text: string): { lines: string[]; starts: number[] } {
  if (splitText?.text !== text) {
    const lines = text.split("\n");
    const starts: number[] = [];
    let offset = 0;
    for (const line of lines) {
      starts.push(offset);
      offset += line.length + 1;
    }
    splitText = { text, lines, starts };
  }
  return splitText;
}

/** The index of the first token starting at or after `offset` (tokens.length when none does). */
function tokenAtOrAfter(tokens: readonly Token[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((tokens[mid] as Token).start < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The token range of the Python function whose body holds token `use` (by indentation: from its
 * `def` line to the first later line that starts a statement no deeper than the `def`); the whole
 * file outside any function.
 */
export function pythonScope(tokens: readonly Token[], use: number, text: string): [number, number] {
  const whole: [number, number] = [0, tokens.length - 1];
  const { lines, starts } = linesOf(text);
  const indent = (line: string) => /^[ \t]*/.exec(line)?.[0].length ?? 0;
  const startsStatement = (lineIndex: number) => {
    const line = lines[lineIndex] as string;
    if (line.trim() === "" || line.trim().startsWith("#")) return false;
    // A line inside a triple-quoted string starts no token.
    const at = (starts[lineIndex] as number) + indent(line);
    return tokens[tokenAtOrAfter(tokens, at)]?.start === at;
  };
  const useLine = lineAt(text, (tokens[use] as Token).start).line - 1;
  let bound = indent(lines[useLine] ?? "");
  let defLine: number | undefined;
  for (let lineIndex = useLine - 1; lineIndex >= 0; lineIndex--) {
    const line = lines[lineIndex] as string;
    if (!startsStatement(lineIndex) || /^[)\]}]/.test(line.trim())) continue;
    const depth = indent(line);
    if (depth >= bound) continue;
    if (/^\s*(?:async\s+)?def\s/.test(line)) {
      defLine = lineIndex;
      break;
    }
    bound = depth;
    if (depth === 0) return whole;
  }
  if (defLine === undefined) return whole;
  const defIndent = indent(lines[defLine] as string);
  let endLine = lines.length;
  for (let lineIndex = useLine + 1; lineIndex < lines.length; lineIndex++) {
    if (startsStatement(lineIndex) && indent(lines[lineIndex] as string) <= defIndent) {
      endLine = lineIndex;
      break;
    }
  }
  const from = tokenAtOrAfter(tokens, starts[defLine] as number);
  const to = endLine < lines.length ? tokenAtOrAfter(tokens, starts[endLine] as number) - 1 : tokens.length - 1;
  return [from, to];
}

/**
 * The token range of the JavaScript function whose body holds token `use`: the nearest enclosing
 * block opened after a parameter list (`function f(…) {`, `m(…) {`) or an arrow (`=> {`); the
 * whole file when none is found within the walk.
 */
export function jsScope(tokens: readonly Token[], use: number): [number, number] {
  for (const open of openersAround(tokens, use)) {
    if (tokens[open]?.text !== "{") continue;
    // TypeScript: `f(input: T): Promise<Pod> {` — the return type stands between the parameters and the body.
    const returned = returnTypeStart(tokens, open);
    const before = tokens[returned - 1];
    let body = before?.text === "=>";
    if (before?.text === ")") {
      const params = matchOpen(tokens, returned - 1);
      const keyword = tokens[params - 1];
      body = params > 0 && !(keyword?.kind === "ident" && NOT_FUNCTION_BLOCK.has(keyword.text));
    }
    if (!body) continue;
    const close = matchClose(tokens, open);
    return close < 0 ? [0, tokens.length - 1] : [open, close];
  }
  return [0, tokens.length - 1];
}

/** Tokens a TypeScript return type is written with (`: Promise<Record<string, Pod[]>>`, `: A | undefined`). */
const TYPE_TOKEN = /^(?:[<>,.[\]|&?]|>>|>>>)$/;

/**
 * The index of the `:` that starts a TypeScript return type ending just before the block at
 * `open` (`): Promise<Pod> {`), else `open`: the token before the returned index is then the
 * parameter list's `)` (or `=>`) whenever the block is a function's body.
 */
function returnTypeStart(tokens: readonly Token[], open: number): number {
  for (let k = open - 1; k > 0 && k > open - 40; k--) {
    const t = tokens[k] as Token;
    if (t.text === ":" && tokens[k - 1]?.text === ")") return k;
    if (!(t.kind === "ident" || t.kind === "nl" || TYPE_TOKEN.test(t.text))) return open;
  }
  return open;
}

/** A statement at name token `j` that sets one key of the object the name holds: `name["key"] = …`, `name.key = …`. */
interface MemberSet {
  key: string;
  /** The key's token: a string (`["key"]`) or a name (`.key`). */
  keyToken: number;
  /** The first token of the value assigned. */
  value: number;
}

function memberSet(tokens: readonly Token[], j: number): MemberSet | undefined {
  const at = (offset: number) => tokens[j + offset];
  if (at(1)?.text === "." && at(2)?.kind === "ident" && at(3)?.text === "=") return { key: (at(2) as Token).text, keyToken: j + 2, value: j + 4 };
  const key = at(2);
  if (at(1)?.text === "[" && key?.kind === "str" && (key.parts ?? []).every((part) => "text" in part) && at(3)?.text === "]" && at(4)?.text === "=")
    return { key: literalText(key.parts ?? []), keyToken: j + 2, value: j + 5 };
  return undefined;
}

/** The first token of the value in `name: T = value` at name token `j`, when the annotation ends on its line. */
function annotatedValue(tokens: readonly Token[], j: number, text: string): number | undefined {
  let depth = 0;
  for (let k = j + 2; k < tokens.length && k < j + 24; k++) {
    const t = tokens[k] as Token;
    if (text.slice((tokens[k - 1] as Token).end, t.start).includes("\n") && depth === 0) return undefined;
    if (t.text === "[" || t.text === "(") depth++;
    else if (t.text === "]" || t.text === ")") depth--;
    else if (depth === 0 && t.text === "=") return k + 1;
  }
  return undefined;
}

/** Calls that only show a value (print it, log it, or serialise it for that): a body named there is read, not changed or sent. */
const SHOWS = /^(?:print|pprint)$/;
const LOGS = /^(?:debug|info|warning|warn|error|exception|critical|log|trace)$/;
const SERIALISES = /^(?:dumps|stringify)$/;

/** Whether the name at token `j` is an argument of a call that only shows it: `print(json.dumps(body, indent=2))`, `logger.info("%s", body)`, `console.log(body)`. */
function onlyShown(tokens: readonly Token[], j: number): boolean {
  let at = j;
  for (let depth = 0; depth < 2; depth++) {
    const open = openersAround(tokens, at).next().value;
    if (open === undefined || tokens[open]?.text !== "(") return false;
    const called = calleeOf(tokens, open);
    if (!called) return false;
    if ((!called.viaObject && SHOWS.test(called.callee)) || (called.viaObject && LOGS.test(called.callee))) return true;
    if (!called.viaObject || !SERIALISES.test(called.callee)) return false;
    at = open;
  }
  return false;
}

/** The source of a set's value, to its line's end: what a finding shows for it. */
function valueSource(text: string, tokens: readonly Token[], value: number): string {
  const start = (tokens[value] as Token | undefined)?.start ?? text.length;
  const end = text.indexOf("\n", start);
  return text
    .slice(start, end < 0 ? text.length : end)
    .trim()
    .replace(/;$/, "");
}

/**
 * The body a variable holds (issue 41): `payload = {...}` then `json=payload`,
 * `data=json.dumps(payload)`, `body: JSON.stringify(body)`, `axios.post(url, body)`. Followed
 * when, in the function around the use (the whole file outside one), the name is assigned exactly
 * once, from an object literal, before the use, and named nowhere else. When some assignment
 * there is a literal but the name is also changed, reassigned or used elsewhere, the body is
 * `unsure`: which body is sent depends on code v2kit does not run. Undefined when no assignment
 * there is a literal (a parameter, a call's result): a body built elsewhere, as before.
 */
function variableBody(tokens: readonly Token[], use: number, python: boolean, text: string): SentBody | undefined {
  const name = (tokens[use] as Token).text;
  const [from, to] = python ? pythonScope(tokens, use, text) : jsScope(tokens, use);
  const literals: number[] = [];
  const sets: MemberSet[] = [];
  let assignments = 0;
  let other: { at: number; why: string } | undefined;
  const lineOf = (j: number) => lineAt(text, (tokens[j] as Token).start).line;
  for (let j = from; j <= to; j++) {
    const token = tokens[j] as Token;
    if (j === use) continue;
    if (token.kind === "str") {
      const named = (token.parts ?? []).some((part) => "hole" in part && part.hole.match(/(?<![\w.$])[A-Za-z_$][\w$]*/g)?.includes(name) === true);
      if (named) other ??= { at: j, why: `\`${name}\` is also used at line ${lineOf(j)}` };
      continue;
    }
    if (token.kind !== "ident" || token.text !== name) continue;
    const previous = tokens[j - 1]?.text;
    const next = tokens[j + 1]?.text;
    // `self.payload`, `options.body`: another object's member; `{ body: … }`: an object key.
    if (previous === "." || previous === "?.") continue;
    if (!python && next === ":" && (previous === "{" || previous === ",")) continue;
    const keyword = python && (previous === "(" || previous === ",");
    if (next === "=" && !keyword) {
      assignments++;
      if (tokens[j + 2]?.text === "{") literals.push(j + 2);
      continue;
    }
    // Python's annotated assignment, `body: Dict[str, Any] = {…}` (a statement of its own); TypeScript's `const body: Record<string, unknown> = {…}`.
    const annotated =
      (python && next === ":" && !keyword && previous !== "{" && previous !== "," && previous !== "[") ||
      (!python && next === ":" && /^(?:const|let|var)$/.test(previous ?? ""))
        ? annotatedValue(tokens, j, text)
        : undefined;
    if (annotated !== undefined) {
      assignments++;
      if (tokens[annotated]?.text === "{") literals.push(annotated);
      continue;
    }
    const set = memberSet(tokens, j);
    if (set) {
      sets.push(set);
      continue;
    }
    // Shown whole (`print(body)`), the body is read as it is sent; a key of it (`print(body["imageName"])`, `body.cloudType`) may
    // be one the migration renames, and would then raise or read undefined: such a read keeps the body unsure.
    if (onlyShown(tokens, j) && next !== "[" && next !== "." && next !== "?.") continue;
    other ??= { at: j, why: `\`${name}\` is also used at line ${lineOf(j)}` };
  }
  const [assigned] = literals;
  if (assigned === undefined) return undefined;
  const unsure = (why: string): SentBody => ({ elsewhere: name, unsure: why });
  if (assignments > 1) return unsure(`\`${name}\` is assigned more than once`);
  if (other) return unsure(other.why);
  if (assigned > use) return unsure(`\`${name}\` is assigned after the call, at line ${lineOf(assigned)}`);
  // Keys set after the literal (`payload["name"] = name` under an `if`): between the literal and the call, each a key of its own.
  const outside = sets.find((set) => set.keyToken < assigned || set.keyToken > use);
  if (outside) return unsure(`\`${name}\` is changed outside its literal and the call (its key \`${outside.key}\` is set at line ${lineOf(outside.keyToken)})`);
  const twice = sets.find((set, k) => sets.findIndex((earlier) => earlier.key === set.key) !== k);
  if (twice) return unsure(`\`${name}\`'s key \`${twice.key}\` is set more than once (line ${lineOf(twice.keyToken)})`);
  const close = matchClose(tokens, assigned);
  const read = close < 0 ? undefined : objectLiteral(tokens, assigned, close, python);
  if (!read || !("literal" in read)) return unsure(`\`${name}\` is not a literal v2kit reads`);
  if (sets.length === 0) return read;
  const shownBody = JSON.parse(read.literal) as Record<string, unknown>;
  const inLiteral = sets.find((set) => Object.hasOwn(shownBody, set.key));
  if (inLiteral) return unsure(`\`${name}\`'s key \`${inLiteral.key}\` is written in the literal and set again at line ${lineOf(inLiteral.keyToken)}`);
  for (const set of sets) shownBody[set.key] = `<${valueSource(text, tokens, set.value)}>`;
  const anchor = read.anchor;
  if (anchor)
    anchor.sets = sets.map((set) => {
      const key = tokens[set.keyToken] as Token;
      return { key: set.key, start: key.start, end: key.end, form: key.kind === "str" ? ("string" as const) : ("name" as const), line: lineOf(set.keyToken) };
    });
  return { literal: JSON.stringify(shownBody), ...(anchor ? { anchor } : {}) };
}

/**
 * Whether the Python call with arguments `args` declares `Content-Type: application/json` in its
 * `headers=`: a dict literal there, or a name assigned one in this file (`HEADERS = {…}`).
 */
function declaresJson(ctx: EvalContext, args: readonly [number, number][]): boolean {
  const { tokens } = ctx;
  const JSON_TYPE = /["']content-type["']\s*:\s*["']application\/json/i;
  const source = (a: number, b: number) =>
    tokens
      .slice(a, b + 1)
      .map((token) => token.text)
      .join("");
  for (const [a, b] of args) {
    if (tokens[a]?.text !== "headers" || tokens[a + 1]?.text !== "=") continue;
    if (tokens[a + 2]?.text === "{") return JSON_TYPE.test(source(a + 2, b));
    // `headers=_headers(api_key)`: a function of the file whose body writes the header.
    if (tokens[a + 2]?.kind === "ident" && tokens[a + 3]?.text === "(" && matchClose(tokens, a + 3) === b) {
      const helper = definitionOf(tokens, (tokens[a + 2] as Token).text, true);
      return helper !== undefined && JSON_TYPE.test(source(helper.body, bodyEnd(tokens, helper, true, 4 * WALK_LIMIT) - 1));
    }
    const named = tokens[a + 2];
    if (a + 2 !== b || named?.kind !== "ident") return false;
    for (let j = 0; j + 2 < tokens.length; j++) {
      if (tokens[j]?.text !== named.text || tokens[j + 1]?.text !== "=" || tokens[j + 2]?.text !== "{" || tokens[j - 1]?.text === ".") continue;
      const close = matchClose(tokens, j + 2);
      return close > 0 && JSON_TYPE.test(source(j + 2, close));
    }
    return false;
  }
  return false;
}

/** The `**name` of a Python definition's parameter list (`**` may be one token or two), if it has one. */
function kwargsOf(tokens: readonly Token[], def: Definition): string | undefined {
  let kwargs: string | undefined;
  for (let j = def.body - 2; j > 0 && tokens[j]?.text !== "("; j--) {
    const t = tokens[j] as Token;
    if (t.kind === "ident" && (tokens[j - 1]?.text === "**" || (tokens[j - 1]?.text === "*" && tokens[j - 2]?.text === "*"))) kwargs = t.text;
  }
  return kwargs;
}

/**
 * Whether the Python request function called at `(` token `open` hands its `**kwargs` whole to a
 * call whose headers say JSON (`def _req(method, path, **kw): requests.request(method, url,
 * headers=_headers(key), **kw)`): a `data=json.dumps(body)` given to it is sent as JSON.
 */
function forwardsAsJson(ctx: EvalContext, open: number): boolean {
  const { tokens } = ctx;
  const name = calleeOf(tokens, open)?.callee;
  const def = name === undefined ? undefined : definitionOf(tokens, name, true);
  if (!def) return false;
  const kwargs = kwargsOf(tokens, def);
  if (kwargs === undefined) return false;
  const end = bodyEnd(tokens, def, true, 4 * WALK_LIMIT);
  for (let j = def.body; j < end; j++) {
    const t = tokens[j] as Token;
    if (t.text !== kwargs || !(tokens[j - 1]?.text === "**" || (tokens[j - 1]?.text === "*" && tokens[j - 2]?.text === "*"))) continue;
    const call = enclosingCall(tokens, j);
    const args = call === undefined ? undefined : callArgs(ctx, call)?.args;
    if (args && declaresJson(ctx, args)) return true;
  }
  return false;
}

/**
 * Python `data=json.dumps(X)`: X as the body (a literal, or a variable followed as for `json=`),
 * when the headers say it is JSON; requests sends a string body with no Content-Type otherwise.
 */
function dumpsBody(ctx: EvalContext, args: readonly [number, number][], [a, b]: [number, number], text: string, open: number): SentBody | undefined {
  const { tokens } = ctx;
  const words = ["data", "=", "json", ".", "dumps", "("];
  if (!words.every((word, offset) => tokens[a + offset]?.text === word) || matchClose(tokens, a + 5) !== b) return undefined;
  const first = callArgs(ctx, a + 5)?.args[0];
  if (!first) return undefined;
  const body = sent(tokens, first[0], first[1], true, text);
  if (body === undefined || !("literal" in body) || declaresJson(ctx, args) || forwardsAsJson(ctx, open)) return body;
  return {
    elsewhere: `json.dumps(${tokens
      .slice(first[0], first[1] + 1)
      .map((token) => token.text)
      .join("")})`,
    unsure:
      "the body is sent as `data=` and v2kit does not see `Content-Type: application/json` in the call's headers (requests then sends none, and v2 refuses it): send it as `json=`, or add the header",
  };
}

/** The body of the call around the URL expression starting at token `exprStart`. */
export function callBody(ctx: EvalContext, dialect: "python" | "js", exprStart: number, text: string): SentBody | undefined {
  const { tokens } = ctx;
  const open = enclosingCall(tokens, exprStart);
  if (open === undefined) return undefined;
  const args = callArgs(ctx, open)?.args ?? [];
  const python = dialect === "python";
  for (const [k, [a, b]] of args.entries()) {
    if (python && tokens[a]?.text === "json" && tokens[a + 1]?.text === "=") return sent(tokens, a + 2, b, true, text);
    if (python && tokens[a]?.text === "data") {
      const dumped = dumpsBody(ctx, args, [a, b], text, open);
      if (dumped) return dumped;
    }
    if (python) continue;
    // axios.post(url, {...}) and friends: the data is the second argument.
    if (k === 1 && METHOD_WITH_DATA.test(calleeOf(tokens, open)?.callee ?? "")) {
      if (tokens[a]?.text !== "{") return sent(tokens, a, b, false, text);
      return optionsBody(tokens, a, b, text) ?? sent(tokens, a, b, false, text);
    }
    // fetch(url, {method, body: JSON.stringify({...})})
    if (k === 1 && tokens[a]?.text === "{") return optionsBody(tokens, a, b, text);
  }
  return wrapperBody(ctx, open, args, exprStart, python, text);
}

/**
 * A literal passed to a request function of the file after the URL (`call("PATCH",
 * f"…/v1/endpoints/{ID}", {"workersMax": 0})`, issue 41): the body, when the function's
 * definition in this file sends that parameter as JSON (`json=body`, `json.dumps(body)`,
 * `JSON.stringify(body)`); otherwise a literal v2kit cannot place, which no fix may leave with
 * its v1 keys under a v2 URL.
 */
function wrapperBody(
  ctx: EvalContext,
  open: number,
  args: readonly [number, number][],
  exprStart: number,
  python: boolean,
  text: string,
): SentBody | undefined {
  const { tokens } = ctx;
  const urlArg = args.findIndex(([a, b]) => a <= exprStart && exprStart <= b);
  if (urlArg < 0) return undefined;
  const called = calleeOf(tokens, open);
  const name = called?.callee ?? "";
  const viaObject = called?.viaObject ?? false;
  for (let k = urlArg + 1; k < args.length; k++) {
    const [a, b] = args[k] as [number, number];
    // A name the function sends as its JSON body (`runpodRequest("/pods", "POST", params)`): the
    // literal it holds when assigned once before the call (variableBody), else a body built elsewhere.
    if (a === b && tokens[a]?.kind === "ident" && sendsParameterAsJson(tokens, name, k, viaObject, python)) {
      const held = sent(tokens, a, b, python, text);
      return held === undefined || "literal" in held ? held : { ...held, parameter: true };
    }
    if (tokens[a]?.text !== "{" || matchClose(tokens, a) !== b) continue;
    const written = tokens
      .slice(a, b + 1)
      .map((t) => t.text)
      .join("");
    if (sendsParameterAsJson(tokens, name, k, viaObject, python)) return sent(tokens, a, b, python, text) ?? { elsewhere: written, literalArgument: true };
    return { elsewhere: written, literalArgument: true };
  }
  return undefined;
}

/**
 * Whether the request function `name` sends its argument at position `k` as the JSON body: in its
 * own body (`json=param`, `json.dumps(param)`, `JSON.stringify(param)`), or by passing the
 * parameter on, whole, to another function of the file that does (`self._send(method, url, body)`,
 * `send<T>(method, url, body)`), one such step at most.
 */
function sendsParameterAsJson(tokens: readonly Token[], name: string, k: number, viaObject: boolean, python: boolean, depth = 0): boolean {
  const def = definitionOf(tokens, name, python, true);
  if (!def) return false;
  const shift = viaObject && python && (def.params[0] === "self" || def.params[0] === "cls") ? 1 : 0;
  const param = def.params[k + shift];
  if (param === undefined) return false;
  const end = bodyEnd(tokens, def, python, 4 * WALK_LIMIT);
  for (let j = def.body; j < end; j++) {
    const t = tokens[j] as Token;
    if (t.text !== param || tokens[j - 1]?.text === ".") continue;
    const at = (offset: number) => tokens[j + offset]?.text;
    // Python: json=param, json.dumps(param); JavaScript: JSON.stringify(param).
    // `json=payload or {}`: the parameter when one is passed (lee101/stock-prediction's `_rest_post(path, payload=None)`).
    const orEmpty =
      at(1) === "or" && ((at(2) === "{" && at(3) === "}" && (at(4) === ")" || at(4) === ",")) || (at(2) === "None" && (at(3) === ")" || at(3) === ",")));
    if (python && at(-1) === "=" && at(-2) === "json" && (at(1) === ")" || at(1) === "," || orEmpty)) return true;
    if (at(-1) === "(" && at(1) === ")" && ((python && at(-2) === "dumps" && at(-4) === "json") || (!python && at(-2) === "stringify" && at(-4) === "JSON")))
      return true;
    if (depth === 0 && (at(-1) === "(" || at(-1) === ",") && (at(1) === ")" || at(1) === ",")) {
      const passed = passedTo(tokens, j);
      if (passed && passed.callee !== name && sendsParameterAsJson(tokens, passed.callee, passed.index, passed.viaObject, python, depth + 1)) return true;
    }
  }
  return false;
}

/** The function called at `(` token `open`: its name (`send` of `send<T>(…)`, `_send` of `self._send(…)`), and whether it is called on an object. */
function calleeOf(tokens: readonly Token[], open: number): { callee: string; viaObject: boolean } | undefined {
  let nameAt = open - 1;
  if (tokens[nameAt]?.text === ">") {
    while (nameAt > 0 && open - nameAt < 24 && tokens[nameAt]?.text !== "<") nameAt--;
    nameAt--;
  }
  const callee = tokens[nameAt];
  return callee?.kind === "ident" ? { callee: callee.text, viaObject: tokens[nameAt - 1]?.text === "." } : undefined;
}

/** The call a whole argument at token `j` is passed to: the function's name and whether it is called on an object, and the argument's position. */
function passedTo(tokens: readonly Token[], j: number): { callee: string; index: number; viaObject: boolean } | undefined {
  const open = openersAround(tokens, j).next().value;
  if (open === undefined || tokens[open]?.text !== "(") return undefined;
  const called = calleeOf(tokens, open);
  if (called === undefined) return undefined;
  let index = 0;
  let depth = 0;
  for (let x = open + 1; x < j; x++) {
    const text = tokens[x]?.text;
    if (text === "(" || text === "[" || text === "{") depth++;
    else if (text === ")" || text === "]" || text === "}") depth--;
    else if (depth === 0 && text === ",") index++;
  }
  return { ...called, index };
}

/** `{..., body: JSON.stringify({...}), ...}`: the stringified literal, or what is stringified. */
function optionsBody(tokens: readonly Token[], a: number, b: number, text: string): SentBody | undefined {
  for (let j = a + 1; j < b; j++) {
    if (tokens[j]?.text !== "body") continue;
    // `{ method, body }`: a shorthand property, the variable `body`.
    if (tokens[j - 1]?.text !== "." && (tokens[j + 1]?.text === "," || j + 1 === b)) return { elsewhere: "body" };
    if (tokens[j + 1]?.text !== ":") continue;
    if (tokens[j + 2]?.text !== "JSON" || tokens[j + 3]?.text !== "." || tokens[j + 4]?.text !== "stringify" || tokens[j + 5]?.text !== "(") {
      // `body: payload`: the end of this property is the next `,` at this level or the object's end.
      let end = j + 2;
      let depth = 0;
      while (end < b) {
        const x = tokens[end]?.text;
        if (depth === 0 && x === ",") break;
        if (x === "(" || x === "[" || x === "{") depth++;
        else if (x === ")" || x === "]" || x === "}") depth--;
        end++;
      }
      return sent(tokens, j + 2, end - 1, false, text);
    }
    const close = matchClose(tokens, j + 5);
    if (close < 0) return undefined;
    return sent(tokens, j + 6, close - 1, false, text);
  }
  return undefined;
}

/** A PowerShell hashtable `@{ key = value; … }` at token `at` (the `@`), as a JSON value; undefined when it is not one. */
function hashtable(tokens: readonly Token[], at: number, reading: Reading, pointer = ""): { value: unknown; end: number } | undefined {
  const { placeholder, strict, shape } = reading;
  if (tokens[at]?.text !== "@" || (tokens[at + 1]?.text !== "{" && tokens[at + 1]?.text !== "(")) return undefined;
  const close = matchClose(tokens, at + 1);
  if (close < 0) return undefined;
  const object = tokens[at + 1]?.text === "{";
  shape?.containers.push({ pointer, open: (tokens[at] as Token).start, close: (tokens[close] as Token).end, list: !object });
  const out: Record<string, unknown> | unknown[] = object ? {} : [];
  let i = at + 2;
  const separator = (x: Token | undefined) => x === undefined || x.text === ";" || x.text === "," || x.kind === "nl";
  while (i < close) {
    if (separator(tokens[i])) {
      i++;
      continue;
    }
    let key: string | undefined;
    const keyAt = (tokens[i] as Token).start;
    if (object) {
      const k = tokens[i] as Token;
      key = k.kind === "str" ? (k.parts ?? []).map((part) => ("text" in part ? part.text : part.hole)).join("") : k.kind === "ident" ? k.text : undefined;
      if (key === undefined || tokens[i + 1]?.text !== "=") return undefined;
      i += 2;
    }
    const memberPointer = childPointer(pointer, key ?? (out as unknown[]).length);
    let value: unknown;
    const nested = hashtable(tokens, i, reading, memberPointer);
    if (nested) {
      value = nested.value;
      i = nested.end + 1;
    } else {
      const start = i;
      let depth = 0;
      while (i < close && !(depth === 0 && separator(tokens[i]))) {
        const x = (tokens[i] as Token).text;
        if (x === "(" || x === "[" || x === "{") depth++;
        else if (x === ")" || x === "]" || x === "}") depth--;
        i++;
      }
      const run = tokens.slice(start, i);
      const only = run.length === 1 ? run[0] : undefined;
      if (only?.kind === "str" && (only.parts ?? []).every((part) => "text" in part)) value = literalString(only.parts ?? [], strict);
      else if (only?.kind === "num" && Number.isFinite(Number(only.text))) value = Number(only.text);
      else if (only && /^\$(true|false|null)$/i.test(only.text)) value = JSON.parse(only.text.slice(1).toLowerCase());
      else value = placeholder(run);
    }
    if (object) (out as Record<string, unknown>)[key as string] = value;
    else (out as unknown[]).push(value);
    if (object) shape?.members.push({ pointer: memberPointer, parent: pointer, key: keyAt, end: (tokens[i - 1] as Token).end });
  }
  return { value: out, end: close };
}

/** The hashtable at token `at` as a sent body, its anchor holding the sentinel reading a fix takes. */
function tableBody(tokens: readonly Token[], at: number): { literal: string; anchor: BodyAnchor } | undefined {
  const table = hashtable(tokens, at, { placeholder: shown(" "), strict: false });
  if (!table) return undefined;
  const anchor = newAnchor(tokens, at, table.end, "powershell");
  try {
    const shape = newShape();
    anchor.v1 = hashtable(tokens, at, { placeholder: opaque(anchor), strict: true, shape })?.value;
    for (const t of tokens.slice(at, table.end + 1)) if (t.kind !== "nl") shape.tokens.push([t.start, t.end]);
    anchor.shape = shape;
  } catch {
    // Left unread: the fix says so.
  }
  return { literal: JSON.stringify(table.value), anchor };
}

/**
 * The body of an `Invoke-RestMethod`/`Invoke-WebRequest` statement around token `exprStart`: `-Body`
 * given a hashtable (`(@{…} | ConvertTo-Json)`), a variable assigned one earlier in the same
 * function, or a JSON string.
 */
export function powershellBody(tokens: readonly Token[], exprStart: number): SentBody | undefined {
  const [a, b] = psStatement(tokens, exprStart);
  for (let j = a; j < b; j++) {
    if (!/^-Body$/i.test(tokens[j]?.text ?? "")) continue;
    const valueAt = j + 1;
    const t = tokens[valueAt];
    if (t === undefined) return undefined;
    if (t.text === "(") {
      // `($body | ConvertTo-Json)`: the variable's hashtable.
      if (tokens[valueAt + 1]?.kind === "ident" && tokens[valueAt + 1]?.text.startsWith("$")) return psVariableBody(tokens, j, tokens[valueAt + 1] as Token);
      return (
        tableBody(tokens, valueAt + 1) ?? {
          elsewhere: tokens
            .slice(valueAt, Math.max(valueAt, matchClose(tokens, valueAt)) + 1)
            .map((x) => x.text)
            .join(" "),
        }
      );
    }
    if (t.kind === "str") {
      const text = (t.parts ?? []).map((part) => ("text" in part ? part.text : part.hole)).join("");
      // A single-quoted string holds the JSON as written: a fix can write JSON back into it.
      return t.text.startsWith("'") && t.text.endsWith("'")
        ? { literal: text, anchor: { ...newAnchor(tokens, valueAt, valueAt, "json"), start: t.start + 1, end: t.end - 1, in: "powershell" } }
        : { literal: text };
    }
    if (t.kind === "ident" && t.text.startsWith("$")) return psVariableBody(tokens, j, t);
    return undefined;
  }
  return undefined;
}

/** The hashtable a PowerShell variable was assigned once, earlier in the same function, before token `before`. */
function psVariableBody(tokens: readonly Token[], before: number, variable: Token): SentBody {
  let found: number | undefined;
  for (let k = before - 1; k >= 0 && before - k < 4 * WALK_LIMIT; k--) {
    const x = tokens[k] as Token;
    if (x.kind === "ident" && /^function$/i.test(x.text)) break;
    if (x.text.toLowerCase() !== variable.text.toLowerCase() || tokens[k + 1]?.text !== "=") continue;
    if (found !== undefined) return { elsewhere: variable.text };
    found = k;
  }
  return (found === undefined ? undefined : tableBody(tokens, found + 2)) ?? { elsewhere: variable.text };
}

/** Where `--unsafe-fixes` can add a body to a call that sends none (a per-action pod route's `{"action": …}`). */
export interface BodyInsertion {
  at: number;
  /**
   * `kwarg`: `, json={…}` before a Python call's `)`; `argument`: `, {…}` before an axios call's `)`
   * (PHP: `, [...]` before a Laravel `Http` call's `)`); `parameter`: `, {…}` after the last argument
   * of a call to a request function of the file whose next parameter it sends as its JSON body;
   * `option`: `body: …` after a fetch options `{`; `flag`: curl / PowerShell flags after the command word;
   * `positional`: a shell word after the last argument of a request function that sends that parameter as its body.
   */
  how: "kwarg" | "argument" | "parameter" | "option" | "flag" | "positional";
  dialect: "python" | "js" | "shell" | "powershell" | "php";
  /** `parameter`, `option`: the line break and indent to write before the body, when the call's arguments (the options) are one a line. */
  lineBreak?: string;
  /** `option`: the options object already has `headers` (the Content-Type is then the user's to set); `flag` (shell): the request function's curls name JSON's Content-Type already. */
  hasHeaders?: boolean;
  /**
   * The call's written shape proves it sends no other body, so `{"action": …}` is all it sends and
   * `--fix` may add it (the v1 per-action route's exact v2 form, spec: "The v1 per-action pod routes
   * … become POST /v2/pods/{id}/action"). Not set where arguments could carry a body unseen
   * (`*args`, `**kwargs`, a positional after the URL, `...options`), where the fetch has headers
   * v2kit does not extend, for PowerShell, or for a curl command with a body, config or a
   * whole-variable word (`curlSendsNoBody`).
   */
  exact?: boolean;
}

/** Python keyword arguments that carry a request body (requests, httpx). */
const PYTHON_BODY_KEYWORDS = /^(?:json|data|content|files)$/;

/** The modules whose request functions take `json=` (Python) or a data argument (axios), and the calls that make their client objects. */
const LIBRARY_MODULES: Record<"python" | "js", RegExp> = { python: /^(?:requests|httpx)$/, js: /^axios$/ };
const LIBRARY_FACTORIES: Record<"python" | "js", RegExp> = { python: /^(?:Session|session|Client|AsyncClient)$/, js: /^create$/ };

/**
 * The call opened at `open` is a request method of an HTTP library whose body argument v2kit
 * writes (`requests.post(`, `httpx.patch(`, `axios.post(`), or of an object the file makes with
 * one (`self._http = httpx.Client(…)`, `with requests.Session() as http`, `api = axios.create(…)`),
 * not a function of the user's own that happens to be called `post`.
 */
function libraryCall(tokens: readonly Token[], open: number, dialect: "python" | "js"): boolean {
  if (tokens[open - 1]?.kind !== "ident" || tokens[open - 2]?.text !== ".") return false;
  const receiver = tokens[open - 3];
  if (receiver?.kind !== "ident") return false;
  if (LIBRARY_MODULES[dialect].test(receiver.text) && tokens[open - 4]?.text !== ".") return true;
  const made = (k: number) =>
    LIBRARY_MODULES[dialect].test(tokens[k]?.text ?? "") &&
    tokens[k + 1]?.text === "." &&
    LIBRARY_FACTORIES[dialect].test(tokens[k + 2]?.text ?? "") &&
    tokens[k + 3]?.text === "(";
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]?.text !== receiver.text || k === open - 3) continue;
    // `name = httpx.Client(`, `self.name = requests.Session(`, `const api = axios.create(`
    if (tokens[k + 1]?.text === "=" && made(k + 2)) return true;
    // `with httpx.Client(…) as name:`
    if (dialect === "python" && tokens[k - 1]?.text === "as") {
      const opener = tokens[k - 2]?.text === ")" ? matchOpen(tokens, k - 2) : -1;
      if (opener > 3 && made(opener - 3)) return true;
    }
  }
  return false;
}

/** Where a body could be added to the call around the URL expression at token `exprStart`, if the call's shape is plain. */
export function bodyInsertion(ctx: EvalContext, dialect: BodyInsertion["dialect"], exprStart: number, commandWord?: Token): BodyInsertion | undefined {
  const { tokens } = ctx;
  if (dialect === "shell" || dialect === "powershell") {
    if (!commandWord) return undefined;
    return { at: commandWord.end, how: "flag", dialect, ...(dialect === "shell" && curlSendsNoBody(tokens, exprStart) ? { exact: true } : {}) };
  }
  const open = enclosingCall(tokens, exprStart);
  if (open === undefined) return undefined;
  const call = callArgs(ctx, open);
  if (!call) return undefined;
  const close = (tokens[call.close] as Token).start;
  // A request function of this file whose next parameter is the JSON body it sends: the body goes there (after a trailing comma too).
  const last = call.args[call.args.length - 1];
  const keyword = call.args.some(([a]) => dialect === "python" && tokens[a]?.kind === "ident" && tokens[a + 1]?.text === "=");
  const callee = calleeOf(tokens, open);
  const bodyParameter = callee !== undefined && sendsParameterAsJson(tokens, callee.callee, call.args.length, callee.viaObject, dialect === "python");
  if (last && !keyword && bodyParameter) {
    const at = (tokens[last[1]] as Token).end;
    // Arguments one a line: the body gets a line of its own, indented as the last one.
    const source = ctx.source;
    const lastStart = (tokens[last[0]] as Token).start;
    const lineStart = source === undefined ? -1 : source.lastIndexOf("\n", lastStart - 1) + 1;
    const indent = source === undefined ? "" : source.slice(lineStart, lastStart);
    if (source === undefined || lineStart === 0 || !/^[ \t]+$/.test(indent)) return { at, how: "parameter", dialect, exact: true };
    return { at, how: "parameter", dialect, exact: true, lineBreak: `${source[lineStart - 2] === "\r" ? "\r\n" : "\n"}${indent}` };
  }
  if (dialect === "python") {
    const sendsBody = call.args.some(([a]) => /^(?:json|data)$/.test(tokens[a]?.text ?? "") && tokens[a + 1]?.text === "=");
    if (sendsBody) return undefined;
    // A function of the file's own that takes no `json=` (`_json_request(method, url, *, payload=None)`): a `json=`
    // added to its call would raise TypeError (halbritt/runpod-jobrunner, round eleven), so no body is added.
    const own = callee === undefined ? undefined : definitionOf(tokens, callee.callee, true);
    if (own && !own.params.includes("json") && kwargsOf(tokens, own) === undefined) return undefined;
    // Exact: after the URL's argument only keyword arguments that carry no body, and no `*`/`**` unpacking anywhere.
    const urlArg = call.args.findIndex(([a, b]) => a <= exprStart && exprStart <= b);
    const keywordOnly = (a: number) => tokens[a]?.kind === "ident" && tokens[a + 1]?.text === "=" && !PYTHON_BODY_KEYWORDS.test(tokens[a]?.text ?? "");
    const unpacks = call.args.some(([a]) => tokens[a]?.text === "*" || tokens[a]?.text === "**");
    const exact = urlArg >= 0 && !unpacks && call.args.slice(urlArg + 1).every(([a]) => keywordOnly(a)) && libraryCall(tokens, open, dialect);
    return { at: close, how: "kwarg", dialect, ...(exact ? { exact } : {}) };
  }
  if (call.args.length === 1 && METHOD_WITH_DATA.test(calleeOf(tokens, open)?.callee ?? ""))
    return { at: close, how: "argument", dialect, ...(dialect === "js" && libraryCall(tokens, open, dialect) ? { exact: true } : {}) };
  if (dialect === "php") return undefined;
  const options = call.args[1];
  if (call.args.length === 2 && options && tokens[options[0]]?.text === "{" && matchClose(tokens, options[0]) === options[1]) {
    const keyAt = (name: string) =>
      tokens
        .slice(options[0], options[1])
        .some((t, k) => t.text === name && (tokens[options[0] + k + 1]?.text === ":" || tokens[options[0] + k + 1]?.text === ","));
    if (keyAt("body")) return undefined;
    const spreads = tokens.slice(options[0], options[1]).some((t) => t.text === "...");
    // Only the platform's fetch is known to take `body` and `headers` so.
    const fetches = callee?.callee === "fetch" && (!callee.viaObject || /^(?:window|globalThis|self)$/.test(tokens[open - 3]?.text ?? ""));
    const hasHeaders = keyAt("headers");
    // Options one a line: `body` gets a line of its own, indented as the first option.
    const brace = tokens[options[0]] as Token;
    const first = tokens[options[0] + 1];
    const source = ctx.source;
    const gap = source !== undefined && first !== undefined && options[0] + 1 < options[1] ? source.slice(brace.end, first.start) : "";
    const indent = gap.slice(gap.lastIndexOf("\n") + 1);
    const lineBreak = gap.includes("\n") && /^[ \t]*$/.test(indent) ? `${gap.includes("\r\n") ? "\r\n" : "\n"}${indent}` : undefined;
    return {
      at: brace.end,
      how: "option",
      dialect,
      ...(lineBreak ? { lineBreak } : {}),
      ...(hasHeaders ? { hasHeaders } : {}),
      // An options literal without `body` or a spread sends no body: the action body is the only one (its headers get JSON's Content-Type apart, planJsonHeader).
      ...(!spreads && fetches ? { exact: true } : {}),
    };
  }
  return undefined;
}

/**
 * What a fixed `fetch(url, {…, body})` needs to send its JSON body as JSON (issue 41): fetch sends
 * a string body as `text/plain;charset=UTF-8` unless told, and the service refuses that. `ok`: the
 * headers literal names Content-Type already (or there are no headers and no body yet); `insert`: text to add
 * at `at` (into the headers literal, or a `headers` option beside `body`), in the layout of the
 * member it goes before; `unknown`: headers v2kit cannot read (a variable, `new Headers(…)`), so
 * the call is reported instead.
 */
export type JsonHeader = { kind: "ok" } | { kind: "insert"; at: number; text: string } | { kind: "unknown"; headers: string };

const CONTENT_TYPE = `"Content-Type": "application/json"`;

/** The top-level members of the object literal at tokens [a, b]: key token index and value range. */
function members(tokens: readonly Token[], a: number, b: number): { key: number; value: [number, number] | undefined }[] {
  const out: { key: number; value: [number, number] | undefined }[] = [];
  let i = a + 1;
  while (i < b) {
    while (i < b && (tokens[i]?.kind === "nl" || tokens[i]?.text === ",")) i++;
    if (i >= b) break;
    const key = i;
    let j = i;
    let depth = 0;
    while (j < b && !(depth === 0 && tokens[j]?.text === ",")) {
      const x = tokens[j]?.text;
      if (x === "(" || x === "[" || x === "{") depth++;
      else if (x === ")" || x === "]" || x === "}") depth--;
      j++;
    }
    let end = j - 1;
    while (end > key && tokens[end]?.kind === "nl") end--;
    out.push({ key, value: tokens[key + 1]?.text === ":" ? [key + 2, end] : undefined });
    i = j + 1;
  }
  return out;
}

const keyName = (t: Token | undefined): string | undefined =>
  t === undefined
    ? undefined
    : t.kind === "ident"
      ? t.text
      : t.kind === "str" && (t.parts ?? []).every((part) => "text" in part)
        ? (t.parts ?? []).map((part) => ("text" in part ? part.text : "")).join("")
        : undefined;

/** Text inserted before the member at token `k`: on its own line when the member starts one. */
function memberInsertedBefore(source: string, tokens: readonly Token[], k: number, member: string): { at: number; text: string } {
  const start = (tokens[k] as Token).start;
  const lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const indent = source.slice(lineStart, start);
  // The new line ends as the member's own line before it does (CRLF in a CRLF file).
  const eol = lineStart >= 2 && source[lineStart - 2] === "\r" ? "\r\n" : "\n";
  return /^[ \t]*$/.test(indent) ? { at: start, text: `${member},${eol}${indent}` } : { at: start, text: `${member}, ` };
}

/** Whether the object literal opened at token `open` names Content-Type as `application/json` among its own members. */
function literalSendsJson(tokens: readonly Token[], open: number): boolean {
  const close = matchClose(tokens, open);
  if (tokens[open]?.text !== "{" || close < 0) return false;
  return members(tokens, open, close).some((member) => {
    const value = member.value && member.value[0] === member.value[1] ? tokens[member.value[0]] : undefined;
    return /^content-type$/i.test(keyName(tokens[member.key]) ?? "") && value?.kind === "str" && /^application\/json\b/i.test(literalText(value.parts ?? []));
  });
}

/**
 * Whether the headers a fetch call names by `name` send JSON's Content-Type: `helper`, a function
 * of this file called with no arguments (`runpodHeaders()`) every `return` of which is an object
 * literal naming it; else a name (`HEADERS`, or the shorthand `headers`) every definition of which
 * in this file (`const NAME = {…}`) is such a literal, and which nothing else assigns.
 */
function namedHeadersSendJson(tokens: readonly Token[], name: string, helper: boolean): boolean {
  if (helper) {
    const def = definitionOf(tokens, name, false);
    if (!def) return false;
    const end = bodyEnd(tokens, def, false, 4 * WALK_LIMIT);
    let returns = 0;
    for (let k = def.body; k < end; k++) {
      if (tokens[k]?.kind !== "ident" || tokens[k]?.text !== "return") continue;
      if (!literalSendsJson(tokens, k + 1)) return false;
      returns++;
    }
    return returns > 0;
  }
  let defined = 0;
  for (let k = 0; k + 2 < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== name || tokens[k - 1]?.text === ".") continue;
    const next = tokens[k + 1]?.text;
    if (next !== "=" && next !== "+=" && next !== "??=" && next !== "||=") continue;
    if (next !== "=" || !/^(?:const|let|var)$/.test(tokens[k - 1]?.text ?? "") || !literalSendsJson(tokens, k + 2)) return false;
    defined++;
  }
  return defined > 0;
}

export function fetchJsonHeader(ctx: EvalContext, exprStart: number): JsonHeader | undefined {
  const { tokens, source } = ctx;
  if (source === undefined) return undefined;
  const open = enclosingCall(tokens, exprStart);
  if (open === undefined || tokens[open - 1]?.text !== "fetch") return undefined;
  const args = callArgs(ctx, open)?.args ?? [];
  const options = args[1];
  if (!options || tokens[options[0]]?.text !== "{" || matchClose(tokens, options[0]) !== options[1]) return undefined;
  const all = members(tokens, options[0], options[1]);
  const body = all.find((member) => keyName(tokens[member.key]) === "body");
  const headers = all.find((member) => keyName(tokens[member.key]) === "headers");
  // No headers and no body: a body a fix adds brings its own headers (fix.ts insertionText).
  if (!headers) return body ? { kind: "insert", ...memberInsertedBefore(source, tokens, body.key, `headers: { ${CONTENT_TYPE} }`) } : { kind: "ok" };
  const text = (range: [number, number]) => source.slice((tokens[range[0]] as Token).start, (tokens[range[1]] as Token).end);
  if (!headers.value) return namedHeadersSendJson(tokens, "headers", false) ? { kind: "ok" } : { kind: "unknown", headers: "headers" };
  const [ha, hb] = headers.value;
  if (tokens[ha]?.text !== "{" || matchClose(tokens, ha) !== hb) {
    // `headers: HEADERS`, `headers: runpodHeaders()`: a constant or a helper of this file whose literal names Content-Type.
    const name = tokens[ha];
    const helper = name?.kind === "ident" && tokens[ha + 1]?.text === "(" && tokens[ha + 2]?.text === ")" && hb === ha + 2;
    if (name?.kind === "ident" && (hb === ha || helper) && namedHeadersSendJson(tokens, name.text, helper)) return { kind: "ok" };
    return { kind: "unknown", headers: text(headers.value) };
  }
  const inner = members(tokens, ha, hb);
  if (inner.some((member) => /^content-type$/i.test(keyName(tokens[member.key]) ?? ""))) return { kind: "ok" };
  const first = inner[0];
  if (!first) return { kind: "insert", at: (tokens[ha] as Token).end, text: ` ${CONTENT_TYPE} ` };
  return { kind: "insert", ...memberInsertedBefore(source, tokens, first.key, CONTENT_TYPE) };
}
