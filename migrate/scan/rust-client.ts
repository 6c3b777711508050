// `migrate scan --fix` for Rust clients whose v1 base lives in another file of the crate (issue 41,
// item 1). A crate keeps its base as a default (`fn default_base_url() -> String {
// "https://rest.runpod.io/v1".to_string() }`, `const BASE_URL: &str = "…";`), stores it in a
// config field (`#[builder(default = "Self::default_base_url()")] base_url: String`, `base_url:
// default_base_url()`), reads it through an accessor (`fn base_url(&self) -> &str { &self.base_url }`)
// and joins it to a path in request methods (`fn get(&self, path: &str) { format!("{}{}",
// self.config.base_url(), path) … }`) that the service modules call with relative paths
// (`self.get(&format!("/pods/{}", id))`). This follows the base from its default to those methods
// across the crate's files and makes one client unit (client-base.ts) of the default and every
// call through it. Every other read of the base must send nothing (a log macro, a `Debug`
// field, a test's assertion): any other use leaves the unit blocked, with where. Pure.

import type { ClientBase, ClientUnit, SentElsewhere } from "./client-base.js";
import { lineAt } from "./candidate.js";
import { matchClose, openersAround } from "./evaluate.js";
import { LEXERS } from "./lex/languages.js";
import { literalText, type Token } from "./lex/tokens.js";
import type { Finding } from "./resolve.js";

const V1_BASE = /^https:\/\/rest\.runpod\.io\/v1\/?$/i;
const V1_BASE_TEXT = "https://rest.runpod.io/v1";
/** Conversions of a string literal that keep its value (`"…".to_string()`). */
const CONVERSIONS = new Set(["to_string", "to_owned", "into", "clone", "as_str", "as_ref"]);
/** Methods whose argument is the value taken when another is missing (`env::var("X").unwrap_or_else(|_| default_base_url())`). */
const FALLBACKS = new Set(["unwrap_or", "unwrap_or_else", "or", "or_else", "Some", "from"]);
/** Macros that print or log what they are given: a base read there sends nothing. */
const LOG_MACROS = new Set(["debug", "info", "warn", "error", "trace", "event", "println", "eprintln", "print", "eprint", "write", "writeln"]);
/** Assertion macros: a test that reads the base there checks its value. */
const ASSERTS = new Set(["assert_eq", "assert_ne", "assert", "debug_assert_eq", "debug_assert_ne", "debug_assert"]);
/** How far a walk over one expression goes (tokens). */
const EXPRESSION_WALK = 200;

interface RustFn {
  name: string;
  /** The body's `{` and `}`. */
  open: number;
  close: number;
  /** The parameter names, the receiver (`&self`) left out. */
  params: string[];
}

interface Impl {
  /** The type the block implements methods for (`RunpodClient` of `impl<V> Trait for RunpodClient<V>`). */
  type: string;
  open: number;
  close: number;
}

interface RustFile {
  path: string;
  text: string;
  tokens: Token[];
  fns: RustFn[];
  impls: Impl[];
  /** Token ranges of test code: items under `#[cfg(test)]`, `#[test]`, `#[tokio::test]`. */
  tests: [number, number][];
}

/** One name the base reaches: a function that returns it, a field that holds it, a local that holds it in one function, a constant. */
interface Reach {
  kind: "fn" | "field" | "local" | "const";
  name: string;
  /** `local`: the file and the function's body. */
  file?: string;
  range?: [number, number];
}

/** A request method: the function that joins the base to its path parameter. */
interface RequestFn {
  name: string;
  type: string | undefined;
  /** The index of the path among the arguments a call passes (the receiver not counted). */
  pathIndex: number;
  /** How many arguments a call passes. */
  params: number;
}

const within = (ranges: readonly [number, number][], k: number) => ranges.some(([a, b]) => k > a && k < b);
const dirOf = (path: string) => (/[\\/]/.test(path) ? path.replace(/[\\/][^\\/]*$/, "") : ".");
/** The crate a file belongs to: the folder above its (last) `src/`, `examples/`, `tests/` or `benches/`, else its own folder. */
export const crateOf = (path: string) => {
  const match = /^(.*)(?:^|[\\/])(?:src|examples|tests|benches)[\\/]/.exec(path);
  return match ? match[1] || "." : dirOf(path);
};

function readFile(path: string, text: string): RustFile {
  const tokens = LEXERS.rust(text);
  const fns: RustFn[] = [];
  const impls: Impl[] = [];
  const tests: [number, number][] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind === "ident" && t.text === "fn" && tokens[k + 1]?.kind === "ident") {
      const fn = fnAt(tokens, k);
      if (fn) fns.push(fn);
    } else if (t.kind === "ident" && t.text === "impl" && tokens[k - 1]?.text !== "->" && tokens[k - 1]?.text !== ":" && tokens[k - 1]?.text !== "<") {
      const impl = implAt(tokens, k);
      if (impl) impls.push(impl);
    } else if (t.text === "#" && tokens[k + 1]?.text === "[") {
      const close = matchClose(tokens, k + 1, 400);
      if (close < 0) continue;
      const words = tokens.slice(k + 2, close).map((word) => word.text);
      const isTest = words.includes("test") && !words.includes("not") && (words[0] === "cfg" || words[words.length - 1] === "test");
      if (!isTest) continue;
      const item = itemBody(tokens, close + 1);
      if (item) tests.push(item);
    }
  }
  return { path, text, tokens, fns, impls, tests };
}

/** The `{`…`}` of the item that starts at token `from` (after its attributes), or undefined when it ends with `;` first. */
function itemBody(tokens: readonly Token[], from: number): [number, number] | undefined {
  let depth = 0;
  for (let j = from; j < tokens.length && j - from < 400; j++) {
    const t = tokens[j] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "<") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === ">") depth--;
    else if (depth === 0 && t.text === ";") return undefined;
    else if (depth === 0 && t.text === "{") {
      const close = matchClose(tokens, j, 200_000);
      return close < 0 ? undefined : [j, close];
    }
  }
  return undefined;
}

/** Past a `<…>` generic list opened at `at` (its `<`), or `at` when there is none. */
function pastGenerics(tokens: readonly Token[], at: number): number {
  if (tokens[at]?.text !== "<") return at;
  let depth = 0;
  for (let j = at; j < tokens.length && j - at < 200; j++) {
    if (tokens[j]?.text === "<") depth++;
    else if (tokens[j]?.text === ">" && --depth === 0) return j + 1;
  }
  return at;
}

function fnAt(tokens: readonly Token[], k: number): RustFn | undefined {
  const name = (tokens[k + 1] as Token).text;
  const paren = pastGenerics(tokens, k + 2);
  if (tokens[paren]?.text !== "(") return undefined;
  const parenClose = matchClose(tokens, paren, 4000);
  if (parenClose < 0) return undefined;
  const params: string[] = [];
  let from = paren + 1;
  let depth = 0;
  const addParam = (a: number, b: number) => {
    let at = a;
    while (at < b && (tokens[at]?.text === "&" || tokens[at]?.text === "mut" || tokens[at]?.text.startsWith("'"))) at++;
    const param = tokens[at];
    if (at >= b || param === undefined) return;
    if (param.text === "self" || param.text === "Self") return;
    params.push(param.kind === "ident" ? param.text : "");
  };
  for (let j = paren + 1; j < parenClose; j++) {
    const t = tokens[j] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "{" || t.text === "<") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}" || t.text === ">") depth--;
    else if (depth === 0 && t.text === ",") {
      addParam(from, j);
      from = j + 1;
    }
  }
  addParam(from, parenClose);
  // The body: the first `{` after the signature (return type and `where` clause hold none), unless `;` ends a declaration first.
  for (let j = parenClose + 1; j < tokens.length && j - parenClose < 400; j++) {
    const t = tokens[j] as Token;
    if (t.text === ";") return undefined;
    if (t.text === "{") {
      const close = matchClose(tokens, j, 200_000);
      return close < 0 ? undefined : { name, open: j, close, params };
    }
  }
  return undefined;
}

function implAt(tokens: readonly Token[], k: number): Impl | undefined {
  let j = pastGenerics(tokens, k + 1);
  let type: string | undefined;
  for (; j < tokens.length && j - k < 200; j++) {
    const t = tokens[j] as Token;
    if (t.text === "{") break;
    if (t.text === ";") return undefined;
    if (t.text === "for") type = undefined;
    else if (t.text === "<") j = pastGenerics(tokens, j) - 1;
    else if (t.kind === "ident" && t.text !== "where" && tokens[j + 1]?.text !== "::" && type === undefined) type = t.text;
    else if (t.text === "where") break;
  }
  const open = tokens.findIndex((t, at) => at >= j && t.text === "{");
  if (open < 0 || type === undefined) return undefined;
  const close = matchClose(tokens, open, 400_000);
  return close < 0 ? undefined : { type, open, close };
}

const fnAround = (file: RustFile, k: number) =>
  file.fns
    .filter((fn) => k > fn.open && k < fn.close)
    .reduce<RustFn | undefined>((inner, fn) => (inner === undefined || fn.open > inner.open ? fn : inner), undefined);
const implAround = (file: RustFile, k: number) =>
  file.impls
    .filter((impl) => k > impl.open && k < impl.close)
    .reduce<Impl | undefined>((inner, impl) => (inner === undefined || impl.open > inner.open ? impl : inner), undefined);

/** The macro whose `(`…`)` (or `[`, `{`) holds token `k`, innermost first: its name and opener. */
function* macrosAround(tokens: readonly Token[], k: number): Generator<{ name: string; open: number }> {
  for (const open of openersAround(tokens, k))
    if (tokens[open - 1]?.text === "!" && tokens[open - 2]?.kind === "ident") yield { name: (tokens[open - 2] as Token).text, open };
}

/** The `#[` of the attribute holding token `k`, if any. */
function attributeAround(tokens: readonly Token[], k: number): number | undefined {
  for (const open of openersAround(tokens, k))
    if (tokens[open]?.text === "[" && (tokens[open - 1]?.text === "#" || tokens[open - 2]?.text === "#")) return open;
  return undefined;
}

/** What one read of the base does. */
type Use =
  | { kind: "harmless"; moves?: number[] }
  | { kind: "reach"; reach: Reach }
  | { kind: "join"; fn: RustFn; type: string | undefined; pathIndex: number }
  | { kind: "other" };

/**
 * What the base read at token `k` (of `readName`, one the base reaches; `last` is the last token of the read:
 * `base_url()`'s `)`, `BASE`, `"Self::default_base_url()"`) does.
 */
function useAt(file: RustFile, k: number, last: number, literalUse: boolean, readName: string): Use {
  const { tokens } = file;
  if (within(file.tests, k)) {
    for (const macro of macrosAround(tokens, k)) {
      if (!ASSERTS.has(macro.name)) continue;
      const close = matchClose(tokens, macro.open, 4000);
      const moves: number[] = [];
      for (let j = macro.open + 1; j < close; j++) {
        const t = tokens[j] as Token;
        if (t.kind === "str" && V1_BASE.test(literalText(t.parts ?? []))) moves.push(j);
      }
      return { kind: "harmless", moves };
    }
    return { kind: "other" };
  }
  // `#[builder(default = "Self::default_base_url()")] base_url: String`: the field holds the base.
  const attribute = attributeAround(tokens, k);
  if (attribute !== undefined) {
    if (!literalUse) return { kind: "harmless" };
    let j = matchClose(tokens, attribute, 400) + 1;
    while (j > 0 && j < tokens.length) {
      if (tokens[j]?.text === "#" && tokens[j + 1]?.text === "[") j = matchClose(tokens, j + 1, 400) + 1;
      else if (tokens[j]?.text === "pub") j = tokens[j + 1]?.text === "(" ? matchClose(tokens, j + 1, 40) + 1 : j + 1;
      else break;
    }
    const field = tokens[j];
    return field?.kind === "ident" && tokens[j + 1]?.text === ":" ? { kind: "reach", reach: { kind: "field", name: field.text } } : { kind: "other" };
  }
  for (const macro of macrosAround(tokens, k)) {
    if (LOG_MACROS.has(macro.name)) return { kind: "harmless" };
    if (macro.name === "format") return joinAt(file, k, last, macro.open, readName);
    break;
  }
  // `.field("base_url", &self.base_url)` of a `Debug` implementation.
  for (const open of openersAround(tokens, k)) {
    if (tokens[open]?.text === "(" && tokens[open - 1]?.text === "field" && tokens[open - 2]?.text === ".") return { kind: "harmless" };
    break;
  }
  // The expression the read is in: walk back to its start, out of fallbacks (`.unwrap_or_else(|_| …)`).
  let start = k;
  let end = last;
  while (tokens[end + 1]?.text === "." && CONVERSIONS.has(tokens[end + 2]?.text ?? "") && tokens[end + 3]?.text === "(" && tokens[end + 4]?.text === ")")
    end += 4;
  for (let j = k - 1; j >= 0 && k - j < EXPRESSION_WALK; j--) {
    const t = tokens[j] as Token;
    if (t.text === ")" || t.text === "]") {
      j = matchOpenFrom(tokens, j);
      if (j < 0) return { kind: "other" };
      start = j;
      continue;
    }
    if (t.text === "(") {
      // Out of `unwrap_or_else(|_| …)` / `Some(…)`: the call's value is the base or another.
      const name = tokens[j - 1]?.text ?? "";
      if (!FALLBACKS.has(name) || matchClose(tokens, j, 4000) < end) return { kind: "other" };
      end = matchClose(tokens, j, 4000);
      start = j - 1;
      j -= 1;
      continue;
    }
    if (t.kind === "ident" || t.text === "." || t.text === "::" || t.text === "&" || t.text === "|" || t.text === "_" || t.kind === "str") {
      if (t.kind === "ident" && (t.text === "let" || t.text === "return" || t.text === "mut")) break;
      start = j;
      continue;
    }
    break;
  }
  const before = tokens[start - 1];
  const after = tokens[end + 1];
  // `base_url: default_base_url()` (a struct literal's field).
  if (before?.text === ":" && tokens[start - 2]?.kind === "ident" && (after?.text === "," || after?.text === "}"))
    return { kind: "reach", reach: { kind: "field", name: (tokens[start - 2] as Token).text } };
  if (before?.text === "=" && (after?.text === ";" || after?.text === ",")) {
    const name = tokens[start - 2];
    if (name?.kind !== "ident") return { kind: "other" };
    // `self.base_url = …`.
    if (tokens[start - 3]?.text === ".") return { kind: "reach", reach: { kind: "field", name: name.text } };
    // `let base = …;`: the local, in its function.
    const letAt = tokens[start - 3]?.text === "mut" ? start - 4 : start - 3;
    const fn = fnAround(file, k);
    if (tokens[letAt]?.text === "let" && fn) return { kind: "reach", reach: { kind: "local", name: name.text, file: file.path, range: [start, fn.close] } };
    return { kind: "other" };
  }
  // `fn base_url(&self) -> &str { &self.base_url }`: the function returns it.
  const fn = fnAround(file, k);
  if (fn && (before?.text === "{" || before?.text === "return") && (start - 1 === fn.open || before?.text === "return")) {
    const next = after?.text === ";" ? tokens[end + 2] : after;
    if (next === tokens[fn.close] || (before?.text === "return" && after?.text === ";")) return { kind: "reach", reach: { kind: "fn", name: fn.name } };
  }
  return { kind: "other" };
}

function matchOpenFrom(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let j = close; j >= 0 && close - j < 4000; j--) {
    const text = tokens[j]?.text;
    if (text === ")" || text === "]" || text === "}") depth++;
    else if ((text === "(" || text === "[" || text === "{") && --depth === 0) return j;
  }
  return -1;
}

/**
 * A read of the base inside `format!(…)` (opened at `open`): a join when the format string starts
 * with the base and the path follows it at once (`"{}{}"`, `"{base}{path}"`), the path being a
 * parameter of the function the join is in.
 */
function joinAt(file: RustFile, k: number, last: number, open: number, name: string): Use {
  const { tokens } = file;
  const fn = fnAround(file, k);
  const format = tokens[open + 1];
  if (!fn || format?.kind !== "str") return { kind: "other" };
  const close = matchClose(tokens, open, 4000);
  const args: [number, number][] = [];
  let from = open + 1;
  let depth = 0;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    else if (depth === 0 && t.text === ",") {
      args.push([from, j - 1]);
      from = j + 1;
    }
  }
  if (from < close) args.push([from, close - 1]);
  // The format string's first two pieces must be holes (`{}`, `{name}`): the base, then the path.
  const pieces = [...literalText(format.parts ?? []).matchAll(/\{([^{}]*)\}|[^{}]+/g)].slice(0, 2);
  const holes = pieces.map((piece) => (piece[0].startsWith("{") && /^(?:[A-Za-z_]\w*)?$/.test(piece[1] ?? "-") ? { name: piece[1] ?? "" } : undefined));
  const first = holes[0];
  const second = holes[1];
  if (first === undefined || second === undefined) return { kind: "other" };
  const argOf = (hole: { name: string }, index: number): { name: string } | { from: number; to: number } | undefined => {
    if (hole.name !== "") return { name: hole.name };
    const arg = args[index];
    return arg ? { from: arg[0], to: arg[1] } : undefined;
  };
  const baseArg = argOf(first, 1);
  const pathArg = argOf(second, first.name === "" ? 2 : 1);
  // The argument is the read itself (`self.config.base_url()`, `&self.base_url`), not a value made from it (`f(self.base_url)`).
  const readOnly = (argFrom: number, argTo: number) =>
    argTo === last && tokens.slice(argFrom, k).every((t) => t.kind === "ident" || t.text === "." || t.text === "::" || t.text === "&" || t.text === "*");
  const baseHere =
    baseArg && "from" in baseArg ? k >= baseArg.from && k <= baseArg.to && readOnly(baseArg.from, baseArg.to) : k === open + 1 && baseArg?.name === name;
  if (!baseHere || !pathArg) return { kind: "other" };
  let pathName: string | undefined;
  if ("name" in pathArg) pathName = pathArg.name;
  else {
    const argument = tokens.slice(pathArg.from, pathArg.to + 1).filter((t) => t.text !== "&");
    pathName = argument.length === 1 && argument[0]?.kind === "ident" ? argument[0].text : undefined;
  }
  const pathIndex = pathName === undefined ? -1 : fn.params.indexOf(pathName);
  if (pathIndex < 0) return { kind: "other" };
  return { kind: "join", fn, type: implAround(file, fn.open)?.type, pathIndex };
}

/** The reads of a name the base reaches, in one file: each read's first and last token, and whether it is a string naming a function (`"Self::default_base_url()"`). */
function readsOf(file: RustFile, reach: Reach, skip: readonly [number, number][]): { at: number; last: number; literal: boolean }[] {
  const { tokens } = file;
  const out: { at: number; last: number; literal: boolean }[] = [];
  if (reach.kind === "local" && reach.file !== file.path) return out;
  for (let k = 0; k < tokens.length; k++) {
    if (skip.some(([a, b]) => k >= a && k <= b)) continue;
    const t = tokens[k] as Token;
    if (reach.kind === "local" && reach.range && (k <= reach.range[0] || k >= reach.range[1])) continue;
    if (t.kind === "str") {
      const text = literalText(t.parts ?? []);
      if (reach.kind === "fn" && new RegExp(`^(?:\\w+::)*${reach.name}\\(\\)$`).test(text)) out.push({ at: k, last: k, literal: true });
      // `format!("{base}{path}")` reads a local or a constant by name.
      if ((reach.kind === "local" || reach.kind === "const") && text.includes(`{${reach.name}}`)) out.push({ at: k, last: k, literal: false });
      continue;
    }
    if (t.kind !== "ident" || t.text !== reach.name) continue;
    const prev = tokens[k - 1]?.text;
    const next = tokens[k + 1]?.text;
    if (prev === "fn" || prev === "const" || prev === "static" || prev === "let" || prev === "mut") continue;
    if (reach.kind === "fn") {
      // `unwrap_or_else(default_base_url)`: the function passed as the fallback.
      if (next === ")" && prev === "(" && FALLBACKS.has(tokens[k - 2]?.text ?? "")) {
        out.push({ at: k, last: k, literal: false });
        continue;
      }
      // A call with arguments is another function of that name (a builder's setter): the base's function takes none.
      if (next !== "(" || tokens[k + 2]?.text !== ")") continue;
      out.push({ at: k, last: matchClose(tokens, k + 1, 4000), literal: false });
    } else if (reach.kind === "field") {
      if (prev !== ".") continue;
      // `self.base_url = …` sets it, `.base_url(…)` with arguments is a setter: neither reads it.
      if (next === "=" || (next === "(" && tokens[k + 2]?.text !== ")")) continue;
      out.push({ at: k, last: next === "(" ? k + 2 : k, literal: false });
    } else {
      if (prev === "." || next === ":" || next === "(") continue;
      // `base = …` assigns the local again.
      if (next === "=") continue;
      out.push({ at: k, last: k, literal: false });
    }
  }
  return out;
}

/** Where a base is defined: a function whose body is the literal, or a constant. */
function definitionAt(file: RustFile, i: number): Reach | undefined {
  const { tokens } = file;
  let a = i - 1;
  let b = i + 1;
  if (
    tokens[a]?.text === "(" &&
    tokens[a - 1]?.text === "from" &&
    tokens[a - 2]?.text === "::" &&
    tokens[a - 3]?.text === "String" &&
    tokens[b]?.text === ")"
  ) {
    a -= 4;
    b++;
  }
  while (tokens[b]?.text === "." && CONVERSIONS.has(tokens[b + 1]?.text ?? "") && tokens[b + 2]?.text === "(" && tokens[b + 3]?.text === ")") b += 4;
  const fn = fnAround(file, i);
  if (fn && tokens[a]?.text === "{" && a === fn.open && b === fn.close) return { kind: "fn", name: fn.name };
  // `const BASE_URL: &str = "…";`
  if (tokens[i - 1]?.text === "=" && tokens[i + 1]?.text === ";") {
    for (let j = i - 2; j >= 0 && i - j < 12; j--) {
      const t = tokens[j] as Token;
      if ((t.text === "const" || t.text === "static") && tokens[j + 1]?.kind === "ident" && tokens[j + 2]?.text === ":")
        return { kind: "const", name: (tokens[j + 1] as Token).text };
      if (t.text === ";" || t.text === "{" || t.text === "}") break;
    }
  }
  return undefined;
}

/**
 * The Rust client units of a tree: `sources` its code files (path → text), `files` the findings of
 * each file (with fix sites); `claimed`, findings another unit holds. A unit is made only when
 * some relative call reaches the base through a request method.
 */
export function rustClientUnits(
  sources: ReadonlyMap<string, string>,
  files: readonly { path: string; findings: readonly Finding[] }[],
  claimed: ReadonlySet<Finding>,
  shown: (path: string) => string = (path) => path,
): ClientUnit[] {
  const rust = new Map<string, RustFile>();
  const read = (path: string) => {
    let file = rust.get(path);
    if (!file) {
      file = readFile(path, sources.get(path) as string);
      rust.set(path, file);
    }
    return file;
  };
  const rustPaths = [...sources.keys()].filter((path) => path.endsWith(".rs"));
  const units: ClientUnit[] = [];
  for (const path of rustPaths) {
    const text = sources.get(path) as string;
    if (!text.includes("rest.runpod.io/v1")) continue;
    const file = read(path);
    for (const [i, t] of file.tokens.entries()) {
      if (t.kind !== "str" || !V1_BASE.test(literalText(t.parts ?? [])) || within(file.tests, i)) continue;
      const definition = definitionAt(file, i);
      if (!definition) continue;
      const crate = crateOf(path);
      const crateFiles = rustPaths.filter((candidate) => crateOf(candidate) === crate).map(read);
      const unit = unitOf(file, i, definition, crateFiles, files, claimed, shown);
      if (unit) units.push(unit);
    }
  }
  return units;
}

function baseAt(file: RustFile, token: Token): ClientBase | undefined {
  const at = file.text.indexOf(V1_BASE_TEXT, token.start);
  if (at < 0 || at + V1_BASE_TEXT.length > token.end) return undefined;
  return { file: file.path, start: at, end: at + V1_BASE_TEXT.length, line: lineAt(file.text, at).line };
}

function unitOf(
  home: RustFile,
  literal: number,
  definition: Reach,
  crateFiles: readonly RustFile[],
  files: readonly { path: string; findings: readonly Finding[] }[],
  claimed: ReadonlySet<Finding>,
  shown: (path: string) => string,
): ClientUnit | undefined {
  const where = (file: RustFile, k: number) => `${shown(file.path)}:${lineAt(file.text, (file.tokens[k] as Token).start).line}`;
  const first = baseAt(home, home.tokens[literal] as Token);
  if (!first) return undefined;
  const bases: ClientBase[] = [first];
  const reaches: Reach[] = [definition];
  const seen = new Set([`${definition.kind}:${definition.name}`]);
  const requestFns = new Map<string, RequestFn>();
  let blocked: string | undefined;
  for (let index = 0; index < reaches.length && index < 32; index++) {
    const reach = reaches[index] as Reach;
    for (const file of crateFiles) {
      if (!file.text.includes(reach.name)) continue;
      // A function's own body, a constant's own statement: not reads.
      const skip: [number, number][] = [];
      if (reach.kind === "fn") for (const fn of file.fns) if (fn.name === reach.name) skip.push([fn.open, fn.close]);
      for (const found of readsOf(file, reach, skip)) {
        const use = useAt(file, found.at, found.last, found.literal, reach.name);
        if (use.kind === "harmless") {
          for (const move of use.moves ?? []) {
            const moved = baseAt(file, file.tokens[move] as Token);
            if (moved && !bases.some((b) => b.file === moved.file && b.start === moved.start)) bases.push(moved);
          }
        } else if (use.kind === "reach") {
          const key = `${use.reach.kind}:${use.reach.name}:${use.reach.range?.[0] ?? ""}`;
          if (!seen.has(key)) {
            seen.add(key);
            reaches.push(use.reach);
          }
        } else if (use.kind === "join") {
          requestFns.set(`${use.type ?? ""}\u0000${use.fn.name}`, {
            name: use.fn.name,
            type: use.type,
            pathIndex: use.pathIndex,
            params: use.fn.params.length,
          });
        } else {
          const held = reach.name === definition.name ? "" : `, held in \`${reach.name}\`,`;
          blocked ??= `\`${definition.name}\`${held} is also read at ${where(file, found.at)}, where it is not joined to a request's path`;
        }
      }
    }
  }
  if (requestFns.size === 0) return undefined;
  // Tests that expect full v1 URLs (`assert_eq!(url, "https://rest.runpod.io/v1/pods")`) would fail once the base moves: the base stays.
  for (const file of crateFiles) {
    const at = file.tokens.findIndex((t, k) => t.kind === "str" && within(file.tests, k) && /rest\.runpod\.io\/v1\/\w/i.test(literalText(t.parts ?? [])));
    if (at >= 0)
      blocked ??= `\`${definition.name}\` is also written as a full v1 URL in a test at ${where(file, at)}: moving the base would leave the test expecting a URL the client no longer sends; migrate that test with the base by hand`;
  }
  // The calls: relative findings passed to a request method as `self.get("/pods")` or through `let path = format!(…); self.get(&path)`.
  const members: ClientUnit["members"] = [];
  const sentAt = new Set<string>();
  const crateByPath = new Map(crateFiles.map((file) => [file.path, file]));
  for (const { path, findings } of files) {
    const file = crateByPath.get(path);
    if (!file) continue;
    for (const finding of findings) {
      const site = finding.fixInput?.site;
      if (!site || claimed.has(finding) || finding.ruleId === "v1-mention" || finding.ruleId === "v1-response-field") continue;
      if (/\/v1\/?$/.test(site.url.text.slice(0, site.url.resourceAt))) continue;
      const at = file.tokens.findIndex((t) => t.end > site.span[0]);
      if (at < 0) continue;
      const call = requestCallOf(file, at, requestFns);
      if (!call) continue;
      sentAt.add(`${path}\u0000${call.open}`);
      const body = bodyAfter(file, call.open);
      // A method that takes only the path returns a request builder: the call sends its own body (`.json(&input)`), never one through the method.
      members.push({ finding, fn: call.fn.name, ...(call.fn.params === 1 ? { direct: true as const } : {}), ...(body ? { body } : {}) });
    }
  }
  if (members.length === 0) return undefined;
  // Every call of a request method (`self.get(…)` in an implementation of its type) must be one of them.
  for (const file of crateFiles) {
    if (blocked) break;
    for (const [k, t] of file.tokens.entries()) {
      if (t.kind !== "ident" || file.tokens[k - 1]?.text !== "." || file.tokens[k - 2]?.text !== "self" || file.tokens[k + 1]?.text !== "(") continue;
      const fn = requestFns.get(`${implAround(file, k)?.type ?? ""}\u0000${t.text}`);
      if (!fn || sentAt.has(`${file.path}\u0000${k + 1}`)) continue;
      blocked = `\`${fn.name}\`, which sends requests to \`${definition.name}\`, is also called at ${where(file, k)} with a path that is not a v1 call v2kit reads`;
      break;
    }
  }
  return {
    name: definition.name,
    bases,
    functions: [...new Set([...requestFns.values()].map((fn) => fn.name))].sort(),
    members,
    ...(blocked ? { blocked } : {}),
  };
}

/**
 * The request-method call a path at token `at` is sent through: `self.get("/pods")`, or `let path
 * = format!("/pods/{}", id);` then `self.get(&path)` in the same function. The path must be the
 * argument the method joins to the base.
 */
function requestCallOf(file: RustFile, at: number, requestFns: ReadonlyMap<string, RequestFn>): { fn: RequestFn; open: number } | undefined {
  const { tokens } = file;
  // A site is the string, or the whole `format!(…)` that makes the path.
  const isFormat = tokens[at]?.text === "format" && tokens[at + 1]?.text === "!" && tokens[at + 2]?.text === "(";
  const opener = openersAround(tokens, at).next();
  if (opener.done) return undefined;
  const direct = methodCall(file, opener.value, requestFns);
  if (direct) return argumentIndex(tokens, opener.value, at) === direct.pathIndex ? { fn: direct, open: opener.value } : undefined;
  const open = isFormat ? at + 2 : opener.value;
  // `let path = format!("/pods/{}", id);`
  if (tokens[open - 1]?.text !== "!" || tokens[open - 2]?.text !== "format" || tokens[open - 3]?.text !== "=") return undefined;
  const name = tokens[open - 4];
  const letAt = tokens[open - 5]?.text === "mut" ? open - 6 : open - 5;
  if (name?.kind !== "ident" || tokens[letAt]?.text !== "let") return undefined;
  const fn = fnAround(file, at);
  const close = matchClose(tokens, open, 4000);
  if (!fn || close < 0) return undefined;
  for (let j = close + 1; j < fn.close; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "ident" || t.text !== name.text || tokens[j - 1]?.text === ".") continue;
    // `path = …` or `let path = …` again: a different value.
    if (tokens[j + 1]?.text === "=" || tokens[j - 1]?.text === "let") return undefined;
    const argStart = tokens[j - 1]?.text === "&" ? j - 1 : j;
    const callOpen = tokens[argStart - 1]?.text === "(" ? argStart - 1 : undefined;
    const tail = tokens[j + 1]?.text;
    const viaFn = callOpen === undefined ? undefined : methodCall(file, callOpen, requestFns);
    if (viaFn && callOpen !== undefined && (tail === ")" || tail === ",") && argumentIndex(tokens, callOpen, j) === viaFn.pathIndex)
      return { fn: viaFn, open: callOpen };
    return undefined;
  }
  return undefined;
}

/** The request method called at `(` `open` as `self.name(…)` in an implementation of its type. */
function methodCall(file: RustFile, open: number, requestFns: ReadonlyMap<string, RequestFn>): RequestFn | undefined {
  const { tokens } = file;
  const name = tokens[open - 1];
  if (name?.kind !== "ident" || tokens[open - 2]?.text !== "." || tokens[open - 3]?.text !== "self") return undefined;
  return requestFns.get(`${implAround(file, open)?.type ?? ""}\u0000${name.text}`);
}

/** Which argument (0-based) of the call opened at `open` holds token `at`. */
function argumentIndex(tokens: readonly Token[], open: number, at: number): number {
  let index = 0;
  let depth = 0;
  for (let j = open + 1; j < at; j++) {
    const text = tokens[j]?.text;
    if (text === "(" || text === "[" || text === "{") depth++;
    else if (text === ")" || text === "]" || text === "}") depth--;
    else if (depth === 0 && text === ",") index++;
  }
  return index;
}

/** Request-builder methods that set a body, and why v2kit cannot read the ones other than `.json(&value)` as a JSON body. */
const BODY_METHODS: Record<string, string | undefined> = {
  json: undefined,
  body: "it is sent with `.body(…)`, not as a JSON value v2kit reads",
  form: "it is sent as a form (`.form(…)`), which v2 does not take",
  multipart: "it is sent as multipart (`.multipart(…)`), which v2 does not take",
};

/**
 * The body the request builder returned by the call opened at `open` is given before it is sent
 * (`self.post(&path).json(&input).send()`): what it sends, and why v2kit cannot read it as a JSON body.
 */
function bodyAfter(file: RustFile, open: number): SentElsewhere | undefined {
  const { tokens, text } = file;
  let j = matchClose(tokens, open, 4000) + 1;
  while (j > 0 && j < tokens.length) {
    if (tokens[j]?.text === "?") {
      j++;
      continue;
    }
    if (tokens[j]?.text !== "." || tokens[j + 1]?.kind !== "ident") return undefined;
    const method = (tokens[j + 1] as Token).text;
    // `.send()`: what follows reads the response (`.json()` parses it).
    if (method === "send" || method === "await" || tokens[j + 2]?.text !== "(") {
      if (method === "await") {
        j += 2;
        continue;
      }
      return undefined;
    }
    const close = matchClose(tokens, j + 2, 4000);
    if (close < 0) return undefined;
    if (method in BODY_METHODS) {
      let from = j + 3;
      while (tokens[from]?.text === "&") from++;
      const argument = text.slice((tokens[from] as Token).start, (tokens[close - 1] as Token).end);
      const unsure =
        BODY_METHODS[method] ??
        (tokens[from]?.text === "json" && tokens[from + 1]?.text === "!" ? "it is written with `json!`, which v2kit does not rewrite in Rust" : undefined);
      return { elsewhere: argument, ...(unsure === undefined ? {} : { unsure }) };
    }
    j = close + 1;
  }
  return undefined;
}
