// The definition of a function in the same file, read from tokens: its parameters (with their
// one-token defaults) and where its body starts. Used to follow a request function's parameters:
// a literal argument to where it is sent (literal-body.ts), a method left to its default
// (method.ts).

import { matchClose } from "./evaluate.js";
import type { Token } from "./lex/tokens.js";

export interface Definition {
  /** Each parameter's name, in order (`self` included). */
  params: string[];
  /** Each parameter's default when it is one token (`method="GET"`, `method: string = "GET"`). */
  defaults: (Token | undefined)[];
  /** The token after the parameter list. */
  body: number;
}

/**
 * The definition of `name` in this file (`def name(…)`, `function name(…)`, `name(…) {`; with
 * `generic`, also `function name<T>(…)`).
 */
export function definitionOf(tokens: readonly Token[], name: string, python: boolean, generic = false): Definition | undefined {
  // Asked once per call of a file (whose request function is this?): remembered per token list, so a file of
  // many calls is read in linear time.
  let known = found.get(tokens);
  if (known === undefined) {
    known = new Map();
    found.set(tokens, known);
  }
  const key = `${python ? "py" : "js"}${generic ? "<>" : ""} ${name}`;
  if (known.has(key)) return known.get(key);
  const definition = findDefinition(tokens, name, python, generic);
  known.set(key, definition);
  return definition;
}

/** Definitions already looked up, by token list (a file's analysis) and name. */
const found = new WeakMap<readonly Token[], Map<string, Definition | undefined>>();

function findDefinition(tokens: readonly Token[], name: string, python: boolean, generic: boolean): Definition | undefined {
  for (let at = 1; at < tokens.length; at++) {
    const token = tokens[at] as Token;
    if (token.text !== name) continue;
    // `name<T, U>(`: the type parameters between the name and the parameter list.
    let i = at;
    if (generic && !python && tokens[at + 1]?.text === "<") {
      let close = at + 1;
      while (close < tokens.length && close - at < 24 && tokens[close]?.text !== ">") close++;
      if (tokens[close]?.text === ">" && tokens[close + 1]?.text === "(") i = close;
    }
    if (tokens[i + 1]?.text !== "(") continue;
    const before = tokens[at - 1]?.text;
    const defines = python ? before === "def" : before === "function" || before === "async" || before === "{" || before === "}" || before === ";";
    if (!defines) continue;
    const close = matchClose(tokens, i + 1);
    if (close < 0) continue;
    if (!python) {
      let brace = close + 1;
      while (brace < tokens.length && tokens[brace]?.text !== "{" && brace - close < 8) brace++;
      if (tokens[brace]?.text !== "{") continue;
      if (before !== "function" && before !== "async" && tokens[brace - 1]?.text !== ")" && tokens[brace - 1]?.kind !== "ident") continue;
    }
    const params: string[] = [];
    const defaults: (Token | undefined)[] = [];
    let depth = 0;
    let expectName = true;
    for (let j = i + 2; j < close; j++) {
      const part = tokens[j] as Token;
      if (part.text === "(" || part.text === "[" || part.text === "{") depth++;
      else if (part.text === ")" || part.text === "]" || part.text === "}") depth--;
      else if (depth === 0 && part.text === ",") expectName = true;
      else if (depth === 0 && expectName && part.kind === "ident") {
        params.push(part.text);
        defaults.push(undefined);
        expectName = false;
      } else if (depth === 0 && part.text === "=" && params.length > 0 && (tokens[j + 2]?.text === "," || j + 2 === close)) {
        defaults[params.length - 1] = tokens[j + 1];
      }
    }
    return { params, defaults, body: close + 1 };
  }
  return undefined;
}

/**
 * Where the body of `def` ends, exclusive: for Python the next `def` or `class` (nested ones
 * included, which is the conservative reading), for JavaScript the function's closing brace (a
 * return type may stand between `)` and `{`); a Python body is read at most `limit` tokens far.
 */
export function bodyEnd(tokens: readonly Token[], def: Definition, python: boolean, limit: number): number {
  const end = Math.min(tokens.length, def.body + limit);
  if (python) {
    for (let j = def.body + 1; j < end; j++) if (tokens[j]?.kind === "ident" && (tokens[j]?.text === "def" || tokens[j]?.text === "class")) return j;
    return end;
  }
  let brace = def.body;
  while (brace < end && tokens[brace]?.text !== "{") brace++;
  const close = matchClose(tokens, brace);
  return close > 0 ? close : end;
}
