// One file of a language with a lexer: collect its string constants and base URLs, then, for
// each string literal naming a v1 resource, evaluate the expression it is part of, decide
// whether it is v1, v2 or relative to a base, and read the HTTP method of the call it is
// passed to (directly, or through the variable it is assigned to).

import {
  type Bases,
  type Candidate,
  type FileAnalysis,
  type FixSite,
  hostOf,
  isRestV2Base,
  lastAtOrBefore,
  lineAt,
  noteBase,
  RESOURCE,
  RESOURCE_IN,
  type V1Base,
  baseKind,
} from "./candidate.js";
import { V1_SERVER_HOST } from "../route-table.js";
import {
  chainEnd,
  chainStart,
  type EvalContext,
  type Expr,
  expression,
  expressionAround,
  matchClose,
  matchOpen,
  nameKey,
  openersAround,
  stringValue,
  type Value,
  WALK_LIMIT,
} from "./evaluate.js";
import { type BodyInsertion, bodyInsertion, callBody, fetchJsonHeader, jsScope, powershellBody, pythonScope, type SentBody } from "./literal-body.js";
import { phpCallBody } from "./php-body.js";
import { shellWrappers } from "./shell-wrapper.js";
import { envDefaultStart, envReadEnd } from "./env-default.js";
import { shellDefaults } from "./shell-source.js";
import { shellReads } from "./shell-reads.js";
import { goListReads, goTagReads } from "./go-reads.js";
import { sentToOtherServer } from "./foreign-base.js";
import { commandWords, type Dialect, type MethodSource, methodAt, methodInText, psStatement, SHELL_PREFIX, shellBody } from "./method.js";
import { acceptedMethod } from "./resolve.js";
import { requestFunctionReads, responseReads, returningFunction, typeArgumentAt } from "./response-reads.js";
import { isV2Path } from "./v2-routes.js";
import { literalText, type Token } from "./lex/tokens.js";
import { joinedAsPath, startsWithResource, withSlash } from "./slashless.js";
import { runtimeQueryOf } from "./query-builder.js";
import { pythonParamsOf } from "./python-params.js";

const RESOURCE_G = new RegExp(`/${RESOURCE}(?![\\w-])`, "g");
const ASSIGN = new Set(["=", ":=", ":"]);
const USE_LIMIT = 3000;
/** Source text that ends a path (prose around a URL in a docstring, the next argument). */
const PATH_END = new Set([..." \t\r\n\"'`<>(),;]\\"]);

/**
 * A value as text, holes as `{name}` (`${name}` in JavaScript); `literal[i]` says char i is
 * source text, `at[i]` its source offset (-1 when untracked or not from this file's text).
 */
function render(value: Value, dialect: Dialect): { text: string; literal: boolean[]; at: number[]; holes: { at: number; hole: string }[] } {
  let text = "";
  const literal: boolean[] = [];
  const at: number[] = [];
  const holes: { at: number; hole: string }[] = [];
  for (const part of value) {
    if ("hole" in part) holes.push({ at: text.length, hole: part.hole });
    const piece = "text" in part ? part.text : dialect === "js" ? `\${${part.hole}}` : `{${part.hole.replace(/^\$/, "")}}`;
    const shown = "text" in part ? piece : piece.length > 48 ? `{…}` : piece;
    text += shown;
    for (let k = 0; k < shown.length; k++) {
      literal.push("text" in part);
      at.push("text" in part ? (part.at?.[k] ?? -1) : -1);
    }
  }
  return { text, literal, at, holes };
}

/** `restV2Base`, `V1_REST_PATHS`, `baseUrlV2`, `v2Routes` → the version their name states. */
export function versionInName(name: string): "1" | "2" | undefined {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[Vv][12](?![0-9]))/);
  for (const word of words) if (/^v[12]$/i.test(word)) return word.slice(1) as "1" | "2";
  return undefined;
}

/**
 * The version stated by the name of the table or object a literal sits in: `V2_REST_PATHS = {
 * pods: "/pods" }` beside `V1_REST_PATHS = {…}`. Walks out of the enclosing literals only.
 */
function versionOfEnclosingName(tokens: readonly Token[], exprStart: number): "1" | "2" | undefined {
  let depth = 0;
  let exited = 0;
  for (let j = exprStart - 1; j >= 0 && exprStart - j < WALK_LIMIT; j--) {
    const t = tokens[j] as Token;
    if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) depth++;
    else if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) {
      if (depth > 0) depth--;
      else exited++;
    } else if (depth === 0 && t.kind === "punct" && t.text === ";") return undefined;
    else if (depth === 0 && exited > 0 && t.kind === "ident" && ASSIGN.has(tokens[j + 1]?.text ?? "")) {
      const version = versionInName(t.text);
      if (version) return version;
    }
  }
  return undefined;
}

/** `restV2`: a `v2` path after this REST API's v2 base written in the expression (`https://api.runpod.io/v2`), not the queue API's or another host's. */
type Shape = { kind: "v1" | "v2" | "relative"; base?: V1Base; resourceAt: number; text: string; literal: boolean[]; restV2?: true } | undefined;

/**
 * What ties a file's bases to this API by name (issue 45, item 2): the names of constants whose
 * definition mentions it (`base = os.getenv("RUNPOD_API_URL")`, `RUNPOD_PROXY = "http://…"`), and
 * the URLs such constants hold.
 */
interface Ties {
  names: Set<string>;
  urls: string[];
}

const TIED = /runpod/i;
/** Literal characters that end the URL before `/v1` (prose, quotes, an argument list). */
const URL_STOP = /[\s"'`(<>[\],;=|]/;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)$/i;

/**
 * Whose `/v1` the path is, from the URL text before `/v1` (at `v1At`): the v1 server's, a base
 * tied to this API by name, a base the code does not show (nothing before it, or an unresolved
 * name); undefined for another API's (another host, or `/v1` under a path prefix: `/api/v1`).
 */
function v1BaseOf(text: string, literal: readonly boolean[], holes: readonly { at: number; hole: string }[], v1At: number, ties: Ties): V1Base | undefined {
  let start = v1At;
  while (start > 0 && v1At - start < 2048 && !(literal[start - 1] && URL_STOP.test(text[start - 1] as string))) start--;
  const tail = text.slice(start, v1At);
  if (tail === "") return { owner: "unknown", hostShown: false };
  const literalTail = literal.slice(start, v1At).every(Boolean);
  const origin = ORIGIN.exec(tail)?.[1];
  if (origin !== undefined && literalTail && hostOf(origin) === V1_SERVER_HOST) return { owner: "server", hostShown: true };
  // A URL a constant named for this API holds (`RUNPOD_PROXY = "http://localhost:8080/v1"`), whichever its version.
  if (ties.urls.some((url) => tail === url || tail.startsWith(`${url}/`))) return { owner: "named", hostShown: literalTail };
  const names = holes.filter((hole) => hole.at >= start && hole.at < v1At).map((hole) => hole.hole);
  const name = holeName(names[names.length - 1]);
  const byName = (): V1Base => ({
    owner: names.some((holeText) => TIED.test(holeText) || ties.names.has(holeName(holeText)?.toLowerCase() ?? "")) ? "named" : "unknown",
    hostShown: false,
    ...(name === undefined ? {} : { name }),
  });
  // `https://${HOST}/v1`, or nothing but unresolved names before `/v1` (`${API}/v1`): a host the code does not show.
  if (origin !== undefined) return literalTail ? undefined : byName();
  if (literal.slice(start, v1At).every((isLiteral) => !isLiteral)) return byName();
  return undefined;
}

/** Where the v1 resource sits and what precedes it: `/v1`, `/v2`, nothing or an unknown base. */
function shape(value: Value, dialect: Dialect, ties: Ties): Shape {
  const { text, literal, holes } = render(value, dialect);
  // Past a segment of another URL, a later word of the text may still name a v1 route (a
  // docstring's `See https://docs…/pods; this calls POST https://rest.runpod.io/v1/pods`).
  let from = 0;
  for (const match of text.matchAll(RESOURCE_G)) {
    const at = match.index ?? 0;
    if (!literal[at] || at < from) continue;
    const prefix = text.slice(0, at);
    if (/\/v2\/?$/.test(prefix))
      return { kind: "v2", resourceAt: at, text, literal, ...(restV2Before(text, literal, at, ties) ? { restV2: true as const } : {}) };
    const v1At = prefix.search(/\/v1\/?$/);
    if (v1At >= 0) {
      const base = v1BaseOf(text, literal, holes, v1At, ties);
      if (base) return { kind: "v1", base, resourceAt: at, text, literal };
      from = nextWord(text, literal, at);
      continue;
    }
    if (literal.slice(0, at).every((isLiteral) => !isLiteral)) {
      // An unresolved base whose name carries its version: `${restV2Base(env)}/pods`, `{V1_BASE}/pods`.
      const base = holes.filter((hole) => hole.at < at).pop();
      const named = base ? versionInName(base.hole) : undefined;
      if (named === "2") return { kind: "v2", resourceAt: at, text, literal };
      if (named === "1") {
        const name = holeName(base?.hole);
        const tied = TIED.test(base?.hole ?? "") || ties.names.has(name?.toLowerCase() ?? "");
        return {
          kind: "v1",
          base: { owner: tied ? "named" : "unknown", hostShown: false, ...(name === undefined ? {} : { name }) },
          resourceAt: at,
          text,
          literal,
        };
      }
      return { kind: "relative", resourceAt: at, text, literal };
    }
    from = nextWord(text, literal, at);
  }
  return undefined;
}

/**
 * Whether the URL before the resource at `at` is this REST API's v2 base, written as plain text:
 * `https://api.runpod.io/v2`, or `/v2` on a URL a constant named for this API holds
 * (`RUNPOD_PROXY = "http://localhost:8080/proxy/v2"`), as a fix writes it.
 */
function restV2Before(text: string, literal: readonly boolean[], at: number, ties: Ties): boolean {
  let start = at;
  while (start > 0 && at - start < 2048 && !(literal[start - 1] && URL_STOP.test(text[start - 1] as string))) start--;
  const tail = text.slice(start, at);
  if (!literal.slice(start, at).every(Boolean)) return false;
  return isRestV2Base(tail) || ties.urls.some((url) => tail.replace(/\/$/, "") === `${url}/v2`);
}

/** Where the next word starts after the one at `at` (literal white space ends a word); past the text when none does. */
function nextWord(text: string, literal: readonly boolean[], at: number): number {
  for (let k = at; k < text.length; k++) if (literal[k] && /\s/.test(text[k] as string)) return k + 1;
  return text.length + 1;
}

export function collectConstants(ctx: EvalContext, ties?: { ties: Ties; text: string }): void {
  const { tokens } = ctx;
  for (let j = 0; j + 2 < tokens.length; j++) {
    const typed = ctx.rust ? rustTypedName(tokens, j) : undefined;
    const t = typed ?? (tokens[j] as Token);
    const sep = tokens[j + 1] as Token;
    if (sep.kind !== "punct" || !ASSIGN.has(sep.text) || (t.kind !== "ident" && t.kind !== "str")) continue;
    // `name: "…"`, `name: process.env.X ?? "…"` (env-default.ts) in an object: a URL or a path only.
    // A member is no variable in scope: `gpu: { id: "NVIDIA L40S" }` must not become the value of
    // every `${id}` of the file (a migrated pod body holds one).
    if (sep.text === ":" && envReadEnd(tokens, j + 2) === undefined) {
      const member = tokens[j + 2];
      if (member?.kind !== "str" || !literalText(member.parts ?? []).includes("/")) continue;
    }
    const key = t.kind === "str" ? literalText(t.parts ?? []).toLowerCase() : nameKey(t.text);
    if (key === undefined || ctx.constants.has(key)) continue;
    const assigned = expression(ctx, j + 2);
    let value = queryStringValue(ctx, j + 2, ties?.text ?? ctx.source) ?? assigned?.value;
    // `os.getenv("API", "https://…/v1")`, `process.env.API ?? "https://…"`: the URL literal it falls back to.
    // Only within the assignment's own statement: the C-like lexers give no line-end tokens, and a
    // URL on a later line (`pod_id = pod.get("id")` then `return f"https://{pod_id}-…"`) is no
    // value of this name.
    // Not in shell: a word after `NAME=` is the value itself, and a URL inside `NAME=$(curl -s "https://…")`
    // is the command's argument, not what NAME holds (its output); `${NAME:-https://…}` is read by shell-source.ts.
    if ((!value || value.every((part) => !("text" in part))) && ctx.concat) {
      value = undefined;
      const source = ties?.text ?? ctx.source;
      let depth = 0;
      for (let k = j + 2; k < tokens.length && k < j + 26 && tokens[k]?.kind !== "nl" && tokens[k]?.text !== ";"; k++) {
        const literal = tokens[k] as Token;
        const before = tokens[k - 1] as Token;
        if (
          source !== undefined &&
          k > j + 2 &&
          depth === 0 &&
          source.slice(before.end, literal.start).includes("\n") &&
          !CONTINUES.has(before.text) &&
          before.text !== "??"
        )
          break;
        if (literal.text === "(" || literal.text === "[" || literal.text === "{") depth++;
        else if (literal.text === ")" || literal.text === "]" || literal.text === "}") depth--;
        if (depth < 0) break;
        if (literal.kind === "str" && /^[a-z]+:\/\//i.test(literalText(literal.parts ?? []))) {
          value = stringValue(ctx, literal);
          break;
        }
      }
    }
    if (value && value.some((part) => "text" in part)) ctx.constants.set(key, value);
    if (ties && t.kind === "ident" && tiedDefinition(tokens, j, ties.text)) {
      ties.ties.names.add(key);
      const url = value && value.every((part) => "text" in part) ? literalText(value) : undefined;
      if (url !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^/\s]/i.test(url)) ties.ties.urls.push(url.replace(/(?:\/v\d+)?\/*$/, ""));
    }
  }
}

/** Attributes of a JSX element that name a page or a file, not a request. */
const JSX_LINK = new Set(["href", "to", "src", "as"]);

/** Whether the expression starting at token `at` is the value of a JSX link attribute: `href={…}`, `href="…"`, written with no space around `=`. */
function jsxLink(tokens: readonly Token[], at: number, text: string): boolean {
  const brace = tokens[at - 1]?.text === "{" ? 1 : 0;
  const equals = tokens[at - 1 - brace];
  const name = tokens[at - 2 - brace];
  const before = tokens[at - 3 - brace];
  if (equals?.text !== "=" || name?.kind !== "ident" || !JSX_LINK.has(name.text)) return false;
  if (name.end !== equals.start || equals.end !== (tokens[at - brace] as Token).start) return false;
  // Inside an element: after its tag name, another attribute, or an attribute's closing brace; never `const href=`.
  return (
    before !== undefined && before.text !== "const" && before.text !== "let" && before.text !== "var" && /[\w"'}]$/.test(text.slice(before.start, before.end))
  );
}

/**
 * A query string built at run time, or nothing: `cond ? \`?${params}\` : ""` (JavaScript, either
 * order) or `f"?{urlencode(q)}" if q else ""` (Python), the right side of an assignment starting
 * at token `from`. Its value is the branch that starts with `?`, so `/pods${queryString}` reads
 * as `/pods?${params}`: a list route with a query built at run time, not an unknown path.
 */
function queryStringValue(ctx: EvalContext, from: number, text: string | undefined): Value | undefined {
  const { tokens } = ctx;
  if (text === undefined) return undefined;
  const strings: Token[] = [];
  let conditional = false;
  let depth = 0;
  for (let k = from; k < tokens.length && k < from + 40; k++) {
    const t = tokens[k] as Token;
    // A line break ends the statement unless the next line goes on with the conditional (`? …`, `: …`).
    if (k > from && depth === 0 && text.slice((tokens[k - 1] as Token).end, t.start).includes("\n") && t.text !== "?" && t.text !== ":") break;
    if (depth === 0 && (t.text === ";" || t.text === ",")) break;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") {
      if (--depth < 0) break;
    } else if (depth === 0 && t.kind === "str") strings.push(t);
    else if (depth === 0 && (t.text === "?" || t.text === "if")) conditional = true;
  }
  if (!conditional || strings.length !== 2) return undefined;
  const startsQuery = (t: Token) => {
    const first = t.parts?.[0];
    return first !== undefined && "text" in first && first.text.startsWith("?");
  };
  const isEmpty = (t: Token) => (t.parts ?? []).every((part) => "text" in part && part.text === "");
  const query = strings.find(startsQuery);
  const empty = strings.find(isEmpty);
  return query && empty ? stringValue(ctx, query) : undefined;
}

/**
 * Rust `const BASE: &str = "…"`, `let base: String = …`: at the type's last token `j` (before
 * `=`), the name it types; undefined elsewhere (so the type `str` is never taken for a name).
 */
function rustTypedName(tokens: readonly Token[], j: number): Token | undefined {
  if (tokens[j + 1]?.text !== "=") return undefined;
  for (let k = j; k > 0 && j - k < 8; k--) {
    const t = tokens[k] as Token;
    if (t.text === ";" || t.text === "{" || t.text === "}" || t.text === "let" || t.text === "const" || t.text === "static") return undefined;
    if (t.text === ":" && tokens[k - 1]?.kind === "ident") return tokens[k - 1];
  }
  return undefined;
}

/**
 * Whether the definition at token `j` names this API: `NAME = …` to the end of its statement (a
 * line end outside brackets, `;`), its name included (`RUNPOD_URL = …`, `base = os.getenv("RUNPOD_URL")`).
 */
function tiedDefinition(tokens: readonly Token[], j: number, text: string): boolean {
  let depth = 0;
  for (let k = j; k < tokens.length && k < j + 26; k++) {
    const t = tokens[k] as Token;
    if (k > j && depth === 0 && (t.kind === "nl" || t.text === ";" || text.slice((tokens[k - 1] as Token).end, t.start).includes("\n"))) break;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    if (depth < 0) break;
    if (TIED.test(t.kind === "str" ? literalText(t.parts ?? []) : t.text)) return true;
  }
  return false;
}

/**
 * The base URLs the file names: whole string literals, and the constants they are joined into
 * (`'https://' + HOST + '/v1'`); and the names it defines with the v1 server's base URL.
 */
function basesOf(ctx: EvalContext, source: string): Bases {
  const bases: Bases = { v1: false, v2: false };
  const names = new Set<string>();
  for (const [i, t] of ctx.tokens.entries()) {
    if (t.kind !== "str") continue;
    const text = literalText(stringValue(ctx, t));
    noteBase(bases, text);
    const name = baseKind(text) === "v1" ? definedName(ctx.tokens, i, source) : undefined;
    if (name !== undefined) names.add(name);
  }
  // Shell: `BASE="${BASE:-https://…/v1}"` (shell-source.ts).
  if (!ctx.concat) for (const { url } of shellDefaults(source)) noteBase(bases, url);
  for (const [key, value] of ctx.constants) {
    if (!value.every((part) => "text" in part)) continue;
    noteBase(bases, literalText(value));
    if (baseKind(literalText(value)) === "v1") names.add(key);
  }
  return names.size > 0 ? { ...bases, names: [...names].sort() } : bases;
}

const DEFINES = new Set(["function", "def", "func"]);

/**
 * The name a literal at token `i` defines, within its statement: `NAME = …"…"`, `NAME := …`, or
 * the function whose body returns it (`function restV1Base(env) {⏎ return env.URL ?? "…" }`,
 * `def base():⏎ return …`). A line end outside the groups walked out of ends the statement unless
 * the line before ends in an opener or an operator.
 */
function definedName(tokens: readonly Token[], i: number, text: string): string | undefined {
  let inner = 0;
  for (let k = i - 1; k >= 0 && i - k < 40; k--) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1] as Token;
    if (inner === 0 && text.slice(t.end, next.start).includes("\n") && !CONTINUES.has(t.text) && t.text !== ":") return undefined;
    if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) inner++;
    else if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) inner = Math.max(0, inner - 1);
    else if (inner === 0 && t.text === ";") return undefined;
    else if (inner === 0 && t.kind === "ident" && DEFINES.has(t.text)) {
      // Go methods: `func (c *Client) Name(`.
      let nameAt = k + 1;
      if (tokens[nameAt]?.text === "(") nameAt = matchClose(tokens, nameAt) + 1;
      const name = tokens[nameAt];
      return nameAt > k && name?.kind === "ident" ? nameKey(name.text) : undefined;
    } else if (inner === 0 && t.kind === "ident" && (next.text === "=" || next.text === ":=")) return nameKey(t.text);
  }
  return undefined;
}

/** The name a base hole comes from, as written: `API_BASE`, `self.base_url` → `base_url`, `restV1Base(env)` → `restV1Base`. */
function holeName(hole: string | undefined): string | undefined {
  if (hole === undefined) return undefined;
  const written = (/^([$\w.:]+?)\s*\(/.exec(hole)?.[1] ?? hole).trim();
  return nameKey(written) === undefined ? undefined : written.replace(/^.*(?:\.|\?\.|->|:)/, "").replace(/^\$?\{?|\}$/g, "");
}

/** The variable an expression is assigned to: `path := …`, `url = …`, `$uri = …`, `URL=…`. */
export function assignedName(tokens: readonly Token[], start: number): string | undefined {
  const sep = tokens[start - 1];
  const name = tokens[start - 2];
  if (!sep || !name || name.kind !== "ident" || (sep.text !== "=" && sep.text !== ":=")) return undefined;
  return nameKey(name.text);
}

/** The first later use of variable `key`: a name (last in its chain) or an interpolation. */
export function useOf(tokens: readonly Token[], key: string, from: number): number | undefined {
  for (let k = from; k < tokens.length && k - from < USE_LIMIT; k++) {
    const t = tokens[k] as Token;
    if (t.kind === "ident" && nameKey(t.text) === key && tokens[k + 1]?.text !== "." && !ASSIGN.has(tokens[k + 1]?.text ?? "")) return k;
    if (t.kind === "str" && t.parts?.some((part) => "hole" in part && nameKey(part.hole) === key)) return k;
  }
  return undefined;
}

export function analyzeTokens(text: string, tokens: Token[], dialect: Dialect, sites = false): FileAnalysis {
  const ctx: EvalContext = {
    tokens,
    concat: dialect !== "shell",
    python: dialect === "python",
    powershell: dialect === "powershell",
    ...(dialect === "rust" ? { rust: true } : {}),
    constants: new Map(),
  };
  const ties: Ties = { names: new Set(), urls: [] };
  collectConstants(ctx, { ties, text });
  const candidates: Candidate[] = [];
  let covered = -1;
  let tracked: EvalContext | undefined;
  /** Tokens of a URL constant's uses read as calls of their own: not read again as strings. */
  const claimed = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== "str" || i <= covered || claimed.has(i)) continue;
    // A path without its leading slash (`"pods"`), where the code joins it to a base as a path (slashless.ts).
    const slashless = !RESOURCE_IN.test(literalText(t.parts ?? []));
    if (slashless && !((dialect === "python" || dialect === "js") && startsWithResource(t) && joinedAsPath(ctx, i))) continue;
    const expr = expressionAround(ctx, i);
    if (!expr || (slashless && expr.start !== i)) continue;
    covered = Math.max(covered, expr.end);
    let found = shape(slashless ? withSlash(expr.value) : expr.value, dialect, ties);
    // A v2 path is not reported, unless it is a v1 path left on this REST API's v2 base (issue 41).
    // So is a v2 route with a query there (`?…`, a Python `params=`), which may hold v1 names (v2-query.ts).
    const v2Queried = (at: NonNullable<Shape>) => at.kind === "v2" && at.restV2 === true && (pathOf(at).includes("?") || dialect === "python");
    if (!found || (found.kind === "v2" && !(found.restV2 && !isV2Path(pathOf(found))) && !v2Queried(found))) continue;
    if (found.kind === "relative") {
      const named = versionOfEnclosingName(tokens, expr.start) ?? versionInName(tokens[expr.start - 2]?.text ?? "");
      if (named === "2") continue;
      if (named === "1") found = { ...found, kind: "v1", base: { owner: "unknown", hostShown: false } };
      // Sent through a request function whose base is another server's (a front end calling its own back end).
      else if ((dialect === "js" || dialect === "python") && sentToOtherServer(tokens, expr.start, dialect === "python")) continue;
    }
    const path = pathOf(found);
    // A relative path that is no v1 route is never reported: skip the rest of the work.
    // A v2 route read for its query (v2Queried) goes on; any other path that is no v1 route does not
    // (a test fake's `https://api.runpod.io/v2/pods*` is neither).
    if (found.kind !== "v1" && !acceptedMethod(path) && !((v2Queried(found) && isV2Path(path)) || (path.includes("?") && isV2Path(path)))) continue;
    // The string may state the method itself: "POST /v1/pods" (a log line, a docstring's prose, a
    // test name) or a whole command ("curl -X DELETE https://…/v1/pods/{id}" run by a shell).
    // The resource's own URL in the string, not another one before it (a docstring's `See https://docs…`).
    const own = literalText(t.parts ?? []);
    let method: MethodSource | undefined = methodInText(own, found.text === own ? found.resourceAt : undefined) ?? methodAt(ctx, dialect, expr.start);
    // Not passed to a call here: follow the variable it is assigned to (`path := …; c.Post(path)`).
    const variable = method ? undefined : assignedName(tokens, expr.start);
    // A URL constant on a v1 base (`PODS = f"{BASE}/pods"`) that calls use: each use that sends a
    // request is its own call, with its own method, body, route and reads (`requests.post(PODS,
    // json=payload)`, `requests.get(f"{PODS}/{pod_id}")`), reported and fixed as such (issue 41).
    const calls = variable !== undefined && found.kind === "v1" && !slashless ? sendingUses(variable, expr, expr.start - 2) : [];
    if (calls.length > 0) {
      // One call that sends the constant's own URL is reported at it, as before; several calls, or one that adds path, each where it is made.
      const atUse = calls.length > 1 || calls.some((call) => call.extends);
      for (const call of calls) {
        for (let k = call.sent.start; k <= call.sent.end; k++) claimed.add(k);
        emit({
          token: t,
          expr: call.sent,
          found: call.shaped,
          path: pathOf(call.shaped),
          method: { ...call.there, how: `${call.there.how}, via ${tokens[expr.start - 2]?.text}` },
          callAt: call.site,
          mention: false,
          slashless: false,
          binding: { name: variable as string, start: expr.start },
          ...(atUse ? { at: useLocation(call.site, call.use) } : {}),
        });
      }
      continue;
    }
    const use = variable === undefined ? undefined : useOf(tokens, variable, expr.end + 1);
    let callAt = expr.start;
    // A use that goes on with more path (`API_PODS = f"{BASE}/pods"`, then
    // `requests.post(f"{API_PODS}/{pod_id}/stop")`) sends another route than the one this string
    // names: neither its method nor what it reads back is this route's (taking them reported, and
    // fixed, `POST /pods`).
    const useSite = use === undefined ? undefined : tokens[use]?.kind === "ident" ? chainStart(tokens, use) : use;
    const sent =
      use === undefined || useSite === undefined ? undefined : expressionAround(ctx, tokens[use]?.kind === "ident" ? chainEnd(tokens, useSite) : use);
    const sendsOther =
      sent !== undefined &&
      use !== undefined &&
      variable !== undefined &&
      sent.start <= use &&
      use <= sent.end &&
      extendsPath(ctx, variable, sent.start, dialect);
    if (use !== undefined && !sendsOther) {
      const site = useSite as number;
      callAt = site;
      const there = methodAt(ctx, dialect, site);
      if (there) method = { ...there, how: `${there.how}, via ${tokens[expr.start - 2]?.text}` };
      // The use may join the variable to its base: `c.baseURL + path`.
      const useExpr = found.kind === "relative" ? sent : undefined;
      const shaped = useExpr && shape(useExpr.value, dialect, ties);
      if (shaped?.kind === "v2") {
        if (!shaped.restV2 || isV2Path(path)) continue;
        found = { ...found, kind: "v2", restV2: true };
      }
      if (shaped?.kind === "v1") found = { ...found, kind: "v1", ...(shaped.base ? { base: shaped.base } : {}) };
    }
    // A relative path in a JSX link (`<Link href={`/pods/${pod.id}`}>`, `<a href="/pods">`): a page of the app, no API call.
    if (dialect === "js" && found.kind === "relative" && method === undefined && jsxLink(tokens, expr.start, text)) continue;
    const mention = dialect === "python" && isDocstring(text, tokens, i);
    emit({ token: t, expr, found, path, method, callAt, mention, slashless });
  }
  // Go: struct tags of a v1 pod answer's fields (`json:"desiredStatus"`), read as the answer of the file's first pod read call.
  if (dialect === "go") {
    const pod = candidates.find(
      (one) => !one.mention && !one.v2Route && (one.method?.method ?? "GET") === "GET" && /^\/pods(?:\/[^/?]+)?(?:\?.*)?$/.test(one.path),
    );
    const tags = pod ? goTagReads(tokens, !/^\/pods\/[^/?]+/.test(pod.path)) : [];
    if (pod && tags.length > 0)
      pod.reads = [...(pod.reads ?? []), ...tags.map((read) => ({ ...read, ...lineAt(text, read.at), match: text.slice(read.at, read.end) }))];
  }
  return { candidates, bases: basesOf(ctx, text) };

  /**
   * The uses of the URL constant `variable` (named at token `nameAt`, assigned the expression
   * `assigned`) that send a request: a method is stated at the call, and the URL there is on a v1
   * base. A use is followed as far as the assignment reaches (usesInReach); the URL a use sends is
   * evaluated with the name holding this assignment's value.
   */
  function sendingUses(variable: string, assigned: Expr, nameAt: number) {
    const found: { use: number; site: number; sent: Expr; there: MethodSource; shaped: NonNullable<Shape>; extends: boolean }[] = [];
    // The name holds this assignment's value at its uses (the file's constants keep a name's first one: `url` of another function).
    const bound = bind(ctx, variable, assigned.start);
    for (const use of usesInReach(ctx, dialect, text, variable, nameAt) ?? []) {
      if ((use >= nameAt && use <= assigned.end) || tokens[use + 1]?.text === ".") continue;
      const site = tokens[use]?.kind === "ident" ? chainStart(tokens, use) : use;
      const sent = expressionAround(bound, tokens[use]?.kind === "ident" ? chainEnd(tokens, site) : use);
      if (sent === undefined || sent.start > use || use > sent.end) continue;
      const there = methodAt(ctx, dialect, sent.start);
      const shaped = there === undefined ? undefined : shape(sent.value, dialect, ties);
      if (there === undefined || shaped?.kind !== "v1") continue;
      found.push({ use, site, sent, there, shaped, extends: extendsPath(ctx, variable, sent.start, dialect) });
    }
    return found;
  }

  /** Where a use of a URL constant is written: the name (`self.PODS`), or the string it is interpolated in. */
  function useLocation(site: number, use: number): { line: number; column: number; match: string } {
    const start = (tokens[site] as Token).start;
    const written = text.slice(start, Math.min((tokens[use] as Token).end, start + 256));
    return { ...lineAt(text, start), match: written.split(/\r?\n/)[0] as string };
  }

  /** The body the call whose URL expression starts at token `start` sends, read as its language writes one. */
  function bodyAt(start: number): SentBody | undefined {
    const shell = dialect === "shell" ? shellBody(tokens, start, text) : undefined;
    return shell !== undefined
      ? /^(?:@\S+|\$\{?\w+\}?)$/.test(shell.text)
        ? { elsewhere: shell.text }
        : { literal: shell.text, ...(shell.anchor ? { anchor: shell.anchor } : {}) }
      : dialect === "python" || dialect === "js"
        ? callBody(ctx, dialect, start, text)
        : dialect === "powershell"
          ? powershellBody(tokens, start)
          : dialect === "php"
            ? phpCallBody(ctx, start)
            : undefined;
  }

  /**
   * One candidate: the call whose URL expression is `expr` (its string token `token`, located
   * there unless `at` says where the call is written), what it sends and reads back.
   */
  function emit(call: {
    token: Token;
    expr: { start: number; end: number };
    found: NonNullable<Shape>;
    path: string;
    method: MethodSource | undefined;
    callAt: number;
    mention: boolean;
    slashless: boolean;
    at?: { line: number; column: number; match: string };
    /** A use of a URL variable: the name and where the value it holds there is assigned. */
    binding?: { name: string; start: number };
  }): void {
    const { expr, found, path, method, callAt, mention, slashless } = call;
    const sentBody: SentBody | undefined = bodyAt(expr.start);
    candidates.push({
      ...(call.at ?? locate(text, call.token, found, slashless)),
      path,
      explicit: found.kind === "v1",
      ...(found.kind === "v2" ? { onV2Base: true as const } : {}),
      ...((found.kind === "v2" && isV2Path(path)) || (found.kind === "relative" && !acceptedMethod(path)) ? { v2Route: true as const } : {}),
      ...(found.base && found.base.owner !== "server" ? { base: found.base } : {}),
      ...(method ? { method } : {}),
      ...(mention ? { mention } : {}),
      ...(sentBody === undefined
        ? {}
        : "literal" in sentBody
          ? { body: sentBody.literal }
          : {
              bodyElsewhere: sentBody.elsewhere,
              ...(sentBody.literalArgument ? { bodyLiteralArgument: true as const } : {}),
              ...(sentBody.parameter ? { bodyParameter: true as const } : {}),
              ...(sentBody.unsure === undefined ? {} : { bodyUnsure: sentBody.unsure }),
            }),
    });
    // A query built at run time by a URLSearchParams of literal names (query-builder.ts, issue 41).
    const runtimeQuery = dialect === "js" && !mention && /\?\$\{[^{}]*\}$/.test(path) ? runtimeQueryOf(tokens, text, expr.start, expr.end) : undefined;
    if (runtimeQuery) (candidates[candidates.length - 1] as Candidate).runtimeQuery = runtimeQuery;
    // A Python call's `params=` dict (python-params.ts, issue 41): its keys are the query the call sends.
    // A URL with a query of its own gets the dict's keys added to it: read as a query v2kit cannot name.
    const paramsQuery = dialect === "python" && !mention ? pythonParamsOf(tokens, text, expr.start, expr.end) : undefined;
    if (paramsQuery)
      (candidates[candidates.length - 1] as Candidate).runtimeQuery = path.includes("?") ? { ...paramsQuery, names: [], opaque: true } : paramsQuery;
    // What the code reads back from the call (issue 41, item 3).
    // Through a request function of the file that returns the parsed body, its value is that body.
    let reads = !mention && (dialect === "python" || dialect === "js") ? responseReads(ctx, dialect === "python", text, callAt) : [];
    if (!mention && reads.length === 0 && (dialect === "python" || dialect === "js")) reads = requestFunctionReads(ctx, dialect === "python", text, callAt);
    // A shell script's jq filters over the answer, piped at the call or from the variable that captured it.
    if (!mention && dialect === "shell") reads = shellReads(tokens, text, callAt);
    // A Go function that decodes a list call's answer into a slice.
    if (!mention && dialect === "go") reads = goListReads(tokens, callAt);
    // A function of the file that returns the call's parsed body: its callers read that body, in this module or another.
    const returned = !mention && (dialect === "python" || dialect === "js") ? returningFunction(tokens, dialect === "python", text, callAt) : undefined;
    if (returned) (candidates[candidates.length - 1] as Candidate).returnedBy = returned;
    const typeArgument = !mention && dialect === "js" ? typeArgumentAt(tokens, callAt) : undefined;
    if (typeArgument) (candidates[candidates.length - 1] as Candidate).typeArgument = typeArgument;
    if (reads.length > 0)
      (candidates[candidates.length - 1] as Candidate).reads = reads.map((read) => ({
        ...read,
        ...lineAt(text, read.at),
        match: text.slice(read.at, Math.min(read.end, read.at + 256)),
      }));
    if (sites && !mention) {
      tracked ??= trackedContext(ctx, text);
      const site = fixSite(
        call.binding ? bind(tracked, call.binding.name, call.binding.start) : tracked,
        dialect,
        expr.start,
        expr.end,
        found,
        sentBody,
        slashless,
      );
      if (site) (candidates[candidates.length - 1] as Candidate).site = site;
    }
  }
}

/**
 * Whether the expression at token `start` that uses `variable` adds path segments after it
 * (`f"{url}/{pod_id}/stop"`, `` `${url}/${id}` ``, `url + "/stop"`). The variable is read as a
 * hole, not through the file's constants: a local name (`url`) is assigned in many functions, and
 * the first assignment of the file is not this one. A query or fragment after it (`?…`) is the
 * same route; a value not known after it is not judged.
 */
function extendsPath(ctx: EvalContext, variable: string, start: number, dialect: Dialect): boolean {
  const constants = new Map(ctx.constants);
  constants.delete(variable);
  const value = expressionAround({ ...ctx, constants }, start)?.value;
  if (value === undefined) return false;
  const at = value.findIndex((part) => "hole" in part && nameKey(part.hole) === variable);
  const next = value[at + 1];
  if (at < 0 || next === undefined || !("text" in next)) return false;
  const after = dialect === "shell" ? next.text : next.text.replace(/^\s+/, "");
  return /^\/[^?#\s"'`]/.test(after) || (after === "/" && value[at + 2] !== undefined);
}

/**
 * The uses of the variable `key` that its assignment at name token `nameAt` reaches (Python,
 * JavaScript): inside a function, the rest of that function up to the name's next assignment
 * there; outside any function, the whole file except functions that have a `key` of their own (a
 * parameter, a Python assignment, a JavaScript declaration). Undefined where which value a use
 * sees is not known: another language, the name assigned again outside functions, a Python
 * `global`, a JavaScript assignment without a declaration.
 */
export function usesInReach(ctx: EvalContext, dialect: Dialect, text: string, key: string, nameAt: number): number[] | undefined {
  if (dialect !== "python" && dialect !== "js") return undefined;
  const { tokens } = ctx;
  const python = dialect === "python";
  const scopeOf = (j: number): [number, number] => (python ? pythonScope(tokens, j, text) : jsScope(tokens, j));
  const isWhole = ([from, to]: [number, number]) => from === 0 && to === tokens.length - 1;
  const [, to] = scopeOf(nameAt);
  const whole = isWhole(scopeOf(nameAt));
  const owns = new Map<string, boolean>();
  const ownsKey = (scope: [number, number]) => {
    const id = scope.join(":");
    if (!owns.has(id)) owns.set(id, declares(tokens, scope, key, python));
    return owns.get(id) === true;
  };
  const uses: number[] = [];
  for (let j = whole ? 0 : nameAt + 1; j <= to; j++) {
    const t = tokens[j] as Token;
    if (j === nameAt) continue;
    if (t.kind === "ident" && nameKey(t.text) === key) {
      const previous = tokens[j - 1]?.text;
      const next = tokens[j + 1]?.text;
      if (previous === "." || previous === "?.") continue;
      if (python && previous === "global") return undefined;
      if (next === "=" || next === ":=") {
        // A keyword argument's name (`get(url=url)`), a parameter's default: no assignment of this name.
        if (python && (previous === "(" || previous === ",")) continue;
        const declared = !python && /^(?:const|let|var)$/.test(previous ?? "");
        if (!whole) break;
        const scope = scopeOf(j);
        if (isWhole(scope) || (!python && !declared)) return undefined;
        continue;
      }
      // `PODS.format(…)`, `PODS.rstrip("/")` is a use too (not a call of the constant's own URL).
      if (ASSIGN.has(next ?? "") || isParameter(tokens, j, python)) continue;
      if (whole && !isWhole(scopeOf(j)) && ownsKey(scopeOf(j))) continue;
      uses.push(j);
    } else if (t.kind === "str" && t.parts?.some((part) => "hole" in part && nameKey(part.hole) === key)) {
      if (whole && !isWhole(scopeOf(j)) && ownsKey(scopeOf(j))) continue;
      uses.push(j);
    }
  }
  return uses;
}

/** Whether the name at token `j` is a parameter of a function's definition (`def f(url)`, `function f(url)`, `(url) =>`, `m(url) {`). */
function isParameter(tokens: readonly Token[], j: number, python: boolean): boolean {
  let depth = 0;
  for (let k = j - 1; k >= 0 && j - k < 200; k--) {
    const text = (tokens[k] as Token).text;
    if (text === ")" || text === "]" || text === "}") depth++;
    else if (text === "[" || text === "{") {
      if (depth-- === 0) return false;
    } else if (text === "(") {
      if (depth-- > 0) continue;
      if (python) return tokens[k - 2]?.text === "def";
      const after = tokens[matchClose(tokens, k) + 1]?.text;
      return (
        tokens[k - 1]?.text === "function" ||
        tokens[k - 2]?.text === "function" ||
        after === "=>" ||
        (after === "{" && !/^(?:if|for|while|switch|with)$/.test(tokens[k - 1]?.text ?? ""))
      );
    }
  }
  return false;
}

/**
 * Whether the function of token range `scope` (pythonScope, jsScope) has a `key` of its own: a
 * parameter, a Python assignment, a JavaScript `const`/`let`/`var`.
 */
function declares(tokens: readonly Token[], [from, to]: [number, number], key: string, python: boolean): boolean {
  let params: [number, number] | undefined;
  if (python) {
    const open = tokens.findIndex((t, j) => j >= from && j <= to && t.text === "(");
    if (open >= 0) params = [open, matchClose(tokens, open)];
  } else if (tokens[from - 1]?.text === ")") params = [matchOpen(tokens, from - 1), from - 1];
  else if (tokens[from - 1]?.text === "=>") params = [from - 2, from - 2];
  for (let j = params?.[0] ?? 0; params !== undefined && j <= params[1]; j++)
    if (tokens[j]?.kind === "ident" && nameKey(tokens[j]?.text ?? "") === key) return true;
  for (let j = from; j <= to; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "ident" || nameKey(t.text) !== key || tokens[j - 1]?.text === ".") continue;
    if (python && tokens[j + 1]?.text === "=" && tokens[j - 1]?.text !== "(" && tokens[j - 1]?.text !== ",") return true;
    if (!python && /^(?:const|let|var)$/.test(tokens[j - 1]?.text ?? "")) return true;
  }
  return false;
}

/** The context with `name` holding the value assigned at token `start` (not the file's first assignment of it). */
function bind(ctx: EvalContext, name: string, start: number): EvalContext {
  const value = expression(ctx, start)?.value;
  if (value === undefined) return ctx;
  return { ...ctx, constants: new Map(ctx.constants).set(name, value) };
}

/** Uses of each constant of a file, counted once per file (a walk over every token). */
const useCounts = new WeakMap<readonly Token[], Map<string, number>>();

/** How often the file uses the constant `key` (names and interpolations), its definition at token `defined` aside. */
function usesOf(ctx: EvalContext, key: string, defined: number, dialect?: Dialect, depth = 0): number {
  const { tokens } = ctx;
  let counts = useCounts.get(tokens);
  if (counts === undefined) {
    counts = new Map();
    useCounts.set(tokens, counts);
  }
  const cached = counts.get(`${key}\0${defined}`);
  if (cached !== undefined) return cached;
  // Where the assignment's reach is known: its uses, a use inside another URL constant's definition
  // (`PODS = f"{BASE}/pods"`) counted as that constant's uses (moving `BASE` moves every call of `PODS`).
  const reach = dialect === undefined || ctx.source === undefined || depth > 4 ? undefined : usesInReach(ctx, dialect, ctx.source, key, defined);
  if (reach !== undefined) {
    let total = 0;
    for (const use of reach) {
      if (loggedAt(tokens, use)) continue;
      const around = expressionAround(ctx, use);
      const owner = around === undefined ? undefined : assignedName(tokens, around.start);
      total += owner !== undefined && owner !== key && ctx.constants.has(owner) ? usesOf(ctx, owner, (around as Expr).start - 2, dialect, depth + 1) : 1;
    }
    counts.set(`${key}\0${defined}`, total);
    return total;
  }
  let uses = 0;
  for (const [j, x] of tokens.entries()) {
    // A use inside a log call prints the URL that is sent (loggedAt): asked only of a token that is a use.
    if (x.kind === "ident" && j !== defined && nameKey(x.text) === key && tokens[j + 1]?.text !== "." && !ASSIGN.has(tokens[j + 1]?.text ?? "")) {
      if (!loggedAt(tokens, j)) uses++;
    } else if (x.kind === "str") {
      let here = 0;
      for (const part of x.parts ?? []) if ("hole" in part && nameKey(part.hole) === key) here++;
      // Rust names a variable inside a format string: `format!("{API}/pods")`.
      if (ctx.rust)
        for (const match of literalText(x.parts ?? []).matchAll(/(?<!\{)\{([A-Za-z_]\w*)(?::[^{}]*)?\}/g)) if (nameKey(match[1] as string) === key) here++;
      if (here > 0 && !loggedAt(tokens, j)) uses += here;
    }
  }
  counts.set(`${key}\0${defined}`, uses);
  return uses;
}

/** Calls that only print or log their arguments: a URL shown in one (`console.log(\`POST ${url} → …\`)`) is shown as it is sent. */
const LOGGERS =
  /^(?:console\.(?:log|error|warn|info|debug)|print|println!?|eprintln!?|(?:logger|logging|log|LOG|self\.logger|self\.log)\.(?:debug|info|warning|warn|error|exception|critical|log|Printf|Println|Print)|fmt\.(?:Print|Printf|Println|Fprintf|Fprintln)|echo)$/;

/** Whether token `j` is an argument of a call that only prints or logs (LOGGERS), the innermost call around it. */
function loggedAt(tokens: readonly Token[], j: number): boolean {
  const [open] = openersAround(tokens, j);
  if (open === undefined || tokens[open]?.text !== "(") return false;
  const macro = tokens[open - 1]?.text === "!";
  let at = macro ? open - 2 : open - 1;
  let callee = tokens[at]?.kind === "ident" ? (tokens[at] as Token).text : "";
  while (tokens[at - 1]?.text === "." && tokens[at - 2]?.kind === "ident") {
    at -= 2;
    callee = `${(tokens[at] as Token).text}.${callee}`;
  }
  return LOGGERS.test(macro ? `${callee}!` : callee);
}

/** The context again, string values carrying their source offsets: built once per file with candidates. */
function trackedContext(ctx: EvalContext, text: string): EvalContext {
  const tracked: EvalContext = { ...ctx, source: text, constants: new Map() };
  collectConstants(tracked);
  return tracked;
}

/**
 * Whether the constant defined at token `nameAt` is visible to other modules (issue 45, item 4):
 * `export const NAME`, `export { NAME }`, `export default NAME`, `exports.NAME`,
 * `module.exports = { NAME }`; a Go name with a capital outside any block; shell `export NAME`;
 * PowerShell `$global:NAME`. Python module-level names are importable too, but only an import
 * elsewhere in the tree makes them shared: the CLI looks for those.
 */
function exportedName(tokens: readonly Token[], nameAt: number, dialect: Dialect): true | undefined {
  let known = exportedCache.get(tokens);
  if (known === undefined) exportedCache.set(tokens, (known = new Map()));
  if (!known.has(nameAt)) known.set(nameAt, exportedNow(tokens, nameAt, dialect) === true);
  return known.get(nameAt) ? true : undefined;
}

/** Per file (its tokens), per definition: whether it is exported (a file may define many calls on one constant). */
const exportedCache = new WeakMap<readonly Token[], Map<number, boolean>>();

function exportedNow(tokens: readonly Token[], nameAt: number, dialect: Dialect): true | undefined {
  const name = tokens[nameAt] as Token;
  if (dialect === "shell") {
    // `export NAME=…`, or `export NAME` / `declare -x NAME` anywhere in the script.
    for (let j = 0; j < tokens.length; j++) {
      const t = tokens[j] as Token;
      if (!(t.text === "export" || (t.text === "declare" && tokens[j + 1]?.text === "-x"))) continue;
      for (let k = j + 1; k < tokens.length && k - j < 64 && tokens[k]?.kind !== "nl" && tokens[k]?.text !== ";"; k++)
        if (tokens[k]?.text === name.text) return true;
    }
    return undefined;
  }
  if (dialect === "powershell") return /^\$global:/i.test(name.text) ? true : undefined;
  // Rust: `pub const NAME`, `pub(crate) static NAME`.
  if (dialect === "rust") {
    const keyword = tokens[nameAt - 1]?.text === "mut" ? nameAt - 2 : nameAt - 1;
    if (!/^(?:const|static|let)$/.test(tokens[keyword]?.text ?? "")) return undefined;
    const before = tokens[keyword - 1]?.text === ")" ? tokens[matchOpen(tokens, keyword - 1) - 1] : tokens[keyword - 1];
    return before?.text === "pub" ? true : undefined;
  }
  if (dialect === "go") {
    if (!/^[A-Z]/.test(name.text)) return undefined;
    let depth = 0;
    for (let j = 0; j < nameAt; j++) {
      const t = tokens[j] as Token;
      if (t.kind === "punct" && t.text === "{") depth++;
      else if (t.kind === "punct" && t.text === "}") depth--;
    }
    return depth === 0 ? true : undefined;
  }
  if (dialect !== "js") return undefined;
  if (tokens[nameAt - 1]?.text === "export" || (/^(?:const|let|var)$/.test(tokens[nameAt - 1]?.text ?? "") && tokens[nameAt - 2]?.text === "export"))
    return true;
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "ident") continue;
    if (t.text === "exports" && tokens[j + 1]?.text === "." && tokens[j + 2]?.text === name.text) return true;
    const list =
      t.text === "export" && tokens[j + 1]?.text === "{"
        ? j + 1
        : t.text === "exports" && tokens[j - 1]?.text === "." && tokens[j + 1]?.text === "=" && tokens[j + 2]?.text === "{"
          ? j + 2
          : undefined;
    if (list !== undefined) {
      for (let k = list + 1; k < tokens.length && tokens[k]?.text !== "}"; k++) if (tokens[k]?.text === name.text) return true;
    }
    if ((t.text === "export" && tokens[j + 1]?.text === "default") || (t.text === "exports" && tokens[j + 1]?.text === "=")) {
      if (tokens[j + 2]?.text === name.text) return true;
    }
  }
  return undefined;
}

/** Where the call whose URL expression spans tokens [a, b] is written, for a fix. */
function fixSite(
  ctx: EvalContext,
  dialect: Dialect,
  a: number,
  b: number,
  found: NonNullable<Shape>,
  sent: SentBody | undefined,
  slashless = false,
): FixSite | undefined {
  const { tokens } = ctx;
  const value = expression(ctx, a);
  if (!value || value.end !== b) return undefined;
  const url = render(slashless ? withSlash(value.value) : value.value, dialect);
  if (url.text !== found.text) return undefined;
  const span: [number, number] = [(tokens[a] as Token).start, (tokens[b] as Token).end];
  const shared: FixSite["shared"] = [];
  for (const offset of url.at) {
    if (offset < 0 || (offset >= span[0] && offset < span[1]) || shared.some((x) => offset >= x.start && offset < x.end)) continue;
    const k = lastAtOrBefore(tokens.length, (i) => (tokens[i] as Token).start, offset);
    const t = tokens[k];
    // Rust `const BASE: &str = "…"`: the name before the type.
    const typed = ctx.rust ? rustTypedName(tokens, k - 2) : undefined;
    // `const BASE = process.env.X ?? "…"`: the literal is the constant's value where the environment does not set one (env-default.ts).
    const assignAt = (envDefaultStart(tokens, k) ?? k) - 1;
    const nameAt = typed ? tokens.indexOf(typed) : assignAt - 1;
    const name = tokens[nameAt];
    const key = name?.kind === "ident" && ASSIGN.has(tokens[assignAt]?.text ?? "") ? nameKey(name.text) : undefined;
    if (!t || key === undefined) continue;
    const exported = exportedName(tokens, nameAt, dialect);
    shared.push({ start: t.start, end: t.end, name: name?.text ?? key, uses: usesOf(ctx, key, nameAt, dialect), ...(exported ? { exported } : {}) });
  }
  let commandWord: Token | undefined;
  let positional: BodyInsertion | undefined;
  let jsonWrapper = false;
  if (dialect === "shell") {
    const words: Token[] = [];
    commandWords(tokens, a, false, words);
    commandWord = words.find((word) => !SHELL_PREFIX.test(word.text));
    // A request function that passes its other arguments to curl (shell-wrapper.ts): a body goes after the path argument.
    const wrapper = shellWrappers(tokens).get(commandWord?.text ?? "");
    const at = commandWord ? words.indexOf(commandWord) : -1;
    // One that sends a positional parameter as its JSON body (`api METHOD PATH [json-body]`), called without it: the body goes there.
    const last = wrapper ? Math.max(wrapper.methodArg, wrapper.pathArg) : 0;
    const lastWord = words[at + last];
    const after = lastWord === undefined ? undefined : tokens[tokens.indexOf(lastWord) + 1];
    // Nothing after the last argument but the command's end or a redirection (`> /dev/null`, `2>&1`).
    const ends =
      after === undefined ||
      after.kind === "nl" ||
      /^(?:;|\||&&|\|\||&|\)|>|<)$/.test(after.text) ||
      (/^\d$/.test(after.text) && tokens[tokens.indexOf(after) + 1]?.text === ">");
    if (wrapper?.bodyArg === last + 1 && !wrapper.forwards && words[at + wrapper.pathArg] === tokens[a] && lastWord && ends)
      positional = { at: lastWord.end, how: "positional", dialect: "shell", exact: true };
    if (wrapper?.forwards && commandWord && words[at + wrapper.pathArg] === tokens[a]) {
      commandWord = tokens[a];
      // Its curls name JSON's Content-Type already: the body added at the call needs no header of its own.
      if (wrapper.json) jsonWrapper = true;
    } else if (commandWord?.text !== "curl") commandWord = undefined;
  } else if (dialect === "powershell") {
    const [from, to] = psStatement(tokens, a);
    commandWord = tokens.slice(from, to + 1).find((t) => t.kind === "ident" && /^(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)$/i.test(t.text));
  }
  const inserted = dialect === "go" || dialect === "rust" ? undefined : (positional ?? bodyInsertion(ctx, dialect, a, commandWord));
  const addBody = inserted && jsonWrapper ? { ...inserted, hasHeaders: true } : inserted;
  const jsonHeader = dialect === "js" ? fetchJsonHeader(ctx, a) : undefined;
  return {
    url: { text: url.text, at: url.at, resourceAt: found.resourceAt },
    span,
    shared,
    ...(sent && "anchor" in sent && sent.anchor ? { body: sent.anchor } : {}),
    ...(addBody ? { addBody } : {}),
    ...(jsonHeader ? { jsonHeader } : {}),
  };
}

/** Punctuation after which a string on a new line still belongs to an expression. */
const CONTINUES = new Set([
  "(",
  "[",
  "{",
  ",",
  "=",
  "+",
  "%",
  ":=",
  "+=",
  "->",
  "=>",
  "==",
  "!=",
  "&&",
  "||",
  "and",
  "or",
  "not",
  "in",
  "return",
  "yield",
  "lambda",
]);

/**
 * A Python string statement (a docstring, or prose left as a bare string): it starts a line that
 * no open expression continues, and nothing on its last line follows it.
 */
export function isDocstring(text: string, tokens: readonly Token[], i: number): boolean {
  const t = tokens[i] as Token;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  const startsLine = before === undefined || (text.slice(before.end, t.start).includes("\n") && !CONTINUES.has(before.text)) || before.text === ":";
  const endsLine = after === undefined || text.slice(t.end, after.start).includes("\n");
  let depth = 0;
  for (let k = i - 1; k >= 0 && k >= i - 2000; k--) {
    const x = (tokens[k] as Token).text;
    if (x === ")" || x === "]" || x === "}") depth++;
    else if (x === "(" || x === "[" || x === "{") {
      if (depth === 0) return false; // inside brackets: an argument, not a statement
      depth--;
    }
  }
  return startsLine && endsLine;
}

/** The path from the resource on; it ends at source text that cannot be part of it (prose around a URL). */
function pathOf(found: NonNullable<Shape>): string {
  let end = found.resourceAt + 1;
  const limit = Math.min(found.text.length, found.resourceAt + 512);
  while (end < limit) {
    if (found.literal[end] && PATH_END.has(found.text[end] as string)) {
      // A `<id>` segment is a placeholder as docs write one: a path parameter, not the end.
      const placeholder = found.text[end] === "<" && found.text[end - 1] === "/" ? PLACEHOLDER.exec(found.text.slice(end, end + 64))?.[0] : undefined;
      if (placeholder === undefined) break;
      end += placeholder.length;
      continue;
    }
    end++;
  }
  return found.text
    .slice(found.resourceAt, end)
    .replace(/[.:!]+$/, "")
    .replace(/\/<([A-Za-z_][\w-]*)>(?=\/|$)/g, "/{$1}");
}

const PLACEHOLDER = /^<[A-Za-z_][\w-]*>/;

/** Line, column and matched text: from the URL's scheme, else `/v1/`, else the resource, in the string token. */
function locate(text: string, token: Token, found: NonNullable<Shape>, slashless = false): { line: number; column: number; match: string } {
  const raw = text.slice(token.start, Math.min(token.end, token.start + 4096));
  const written = /^\/[\w-]+/.exec(found.text.slice(found.resourceAt, found.resourceAt + 64))?.[0] ?? "/";
  // A path without its slash is found by its resource word (the slash is not in the source).
  const resource = slashless ? written.slice(1) : written;
  // The same occurrence of the resource as in the value (a docstring may name it in another URL before).
  let seg = raw.indexOf(resource);
  const single = literalText(token.parts ?? []) === found.text;
  for (let k = found.text.indexOf(resource); single && seg >= 0 && k >= 0 && k < found.resourceAt; k = found.text.indexOf(resource, k + 1)) {
    const next = raw.indexOf(resource, seg + 1);
    if (next < 0) break;
    seg = next;
  }
  // The URL starts in the word of the resource: not at another URL earlier in the text.
  const word = single ? Math.max(0, ...[..."\t\n\r "].map((space) => raw.lastIndexOf(space, seg) + 1)) : 0;
  const scheme = raw
    .slice(0, Math.max(seg, 0))
    .slice(word)
    .search(/[a-z][a-z0-9+.-]*:\/\//i);
  const v1 = raw.indexOf("/v1/", word) - word;
  const anchor = scheme >= 0 ? word + scheme : v1 >= 0 && word + v1 < seg ? word + v1 : Math.max(seg, 0);
  const match = raw.slice(anchor, anchor + 1024).split(/[\s"'`]/)[0] as string;
  return { ...lineAt(text, token.start + anchor), match };
}
