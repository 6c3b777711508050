// The calls to the v2 REST API written in source code (issue 44), read by the same evaluator that
// finds v1 calls: every string literal is evaluated with the expression around it (concatenations,
// format strings, template literals, the file's constants, base URLs held in default arguments,
// class attributes and environment defaults), and a URL on this REST API's v2 base
// (`https://api.runpod.io/v2/…`, `https://rest.runpod.io/v2/…`) is a call. So is a path passed to
// a request function of the file that joins its path parameter to that base, and a path sent
// through an HTTP client object made with it (`httpx.Client(base_url=…)`, `axios.create({baseURL})`).
// Every path after the base counts, routes the document does not have included: the checks
// (code/) report those. The queue API (`api.runpod.ai/v2/{endpoint}/run`, …), GraphQL, another
// host's `/v2`, and a bare `/v2/…` whose base the code does not show (unless a base URL of this
// API is around it) are never calls. Prose is not read: Markdown, Python docstrings.
// A file that does not contain `/v2` costs one text search.

import { assignedName, collectConstants, isDocstring, useOf } from "./analyze-tokens.js";
import { type Bases, hostOf, lineAt, noteBase, OUR_HOSTS } from "./candidate.js";
import { objectUses } from "./client-objects.js";
import { callArgs, chainStart, type EvalContext, expression, expressionAround, matchClose, matchOpen, nameKey, openersAround, type Value } from "./evaluate.js";
import { LEXERS, languageOf } from "./lex/languages.js";
import { literalText, type Token } from "./lex/tokens.js";
import { callBody, powershellBody, type SentBody } from "./literal-body.js";
import { childPointer, type BodyAnchor } from "./body-anchor.js";
import { type Dialect, type MethodSource, methodAt, methodInText, shellBody } from "./method.js";
import type { Surroundings } from "./resolve.js";
import { routes } from "../../output/routes.mjs";
import { parsedValueReads, type ResponseRead, responseReads, returnsParsed } from "./response-reads.js";
import type { SourcePosition, V2Call } from "./v2-call.js";

export type { SourcePosition, V2Call } from "./v2-call.js";

/** The queue API's operations after `/v2/{endpoint_id}` (docs.runpod.io, serverless endpoint operations). */
const QUEUE_OPERATIONS = new Set(["run", "runsync", "status", "health", "stream", "cancel", "purge-queue", "retry", "requests", "openai"]);
/**
 * The hosts of this REST API's v2 base: the document's server (`api.runpod.io`), the v1 server's
 * host, and `v2-rest.runpod.io`, which public clients use for the same API.
 */
const REST_V2_HOSTS = new Set([...OUR_HOSTS, "v2-rest.runpod.io"]);
const REST_V2_BASE = /^[a-z][a-z0-9+.-]*:\/\/([^/\s?#]+)\/v2\/?$/i;

/** Whether a literal is this REST API's v2 base: `https://api.runpod.io/v2`, `https://rest.runpod.io/v2`, `https://v2-rest.runpod.io/v2`. */
function isRestBase(literal: string): boolean {
  const host = REST_V2_BASE.exec(literal.trim())?.[1];
  return host !== undefined && REST_V2_HOSTS.has(hostOf(host));
}
/** Characters that end a URL written as plain text. */
const URL_STOP = /[\s"'`(<>[\],;=|\\]/;
/** Characters that end the path: the query, a fragment, or what ends the URL. */
const PATH_STOP = /[\s"'`<>(),;\]\\?#]/;
const V2_SEGMENT = /\/v2(?![\w.-])/g;

/** A value as text: holes written `{name}`, each character's source offset (-1 when not from this file's text as written), whether it is literal. */
interface Rendered {
  text: string;
  literal: boolean[];
  at: number[];
}

function render(value: Value): Rendered {
  let text = "";
  const literal: boolean[] = [];
  const at: number[] = [];
  for (const part of value) {
    const piece = "text" in part ? part.text : `{${holeName(part.hole)}}`;
    text += piece;
    for (let k = 0; k < piece.length; k++) {
      literal.push("text" in part);
      at.push("text" in part ? (part.at?.[k] ?? -1) : -1);
    }
  }
  return { text, literal, at };
}

/** `pod_id` → `pod_id`, `self.pod_id` → `pod_id`, `$ID` → `ID`; an expression that is no name → `…`. */
function holeName(hole: string): string {
  const written = hole.trim().replace(/^\$\{?|\}$/g, "");
  if (nameKey(written) === undefined) return "…";
  return written.replace(/^.*(?:\.|\?\.|->|:)/, "");
}

/** Where a URL or path in the text ends: the first character that stops it, from `from`. */
function stopAt(rendered: Rendered, from: number, stop: RegExp): number {
  let end = from;
  while (end < rendered.text.length && !(rendered.literal[end] && stop.test(rendered.text[end] as string))) end++;
  return end;
}

/** The first segments after `/v2` of the bundled document's routes (`pods`, `serverless`, …, `openapi.json`). */
const V2_RESOURCES = new Set(routes.map(([, path]) => path.split("/")[2] ?? ""));

/**
 * Whether the path after `/v2` (segments, `{…}` for a run-time segment) is a queue-API operation:
 * `/{endpoint}/run`, `/{endpoint}/status/{job}`, on any host (`api.runpod.io/v2/{endpoint}/run` is
 * the queue API's older address); not under a resource of the REST API (`/serverless/health` is a
 * wrong REST route, for the checks).
 */
function isQueuePath(segments: readonly string[]): boolean {
  return segments.length >= 2 && QUEUE_OPERATIONS.has(segments[1] as string) && !V2_RESOURCES.has(segments[0] as string);
}

/** The bases of the file and around it: whether a base URL of this API is the nearest one (for a `/v2` whose host the code does not show). */
function ourBaseAround(own: Bases, around: Surroundings): boolean {
  for (const { bases } of [{ bases: own }, ...around]) {
    if (!bases.v1 && !bases.v2 && !bases.foreign && bases.ours !== true) continue;
    return (bases.restV2 === true || bases.ours === true) && bases.otherV2 !== true;
  }
  return false;
}

const position = (text: string, offset: number): SourcePosition => ({ ...lineAt(text, offset), offset });

/** The state one file is read with. */
interface Reader {
  text: string;
  dialect: Dialect;
  ctx: EvalContext;
  own: Bases;
  around: Surroundings;
  calls: V2Call[];
}

/**
 * The v2 REST API calls in one file's text; `file` (its name) picks the reader. `around`: the base
 * URLs known around the file (its directory, the parents, the tree), for a `/v2/…` whose host the
 * code does not show.
 */
export function readV2Calls(text: string, file = "", around: Surroundings = []): V2Call[] {
  if (!text.includes("/v2")) return [];
  const language = languageOf(file, text);
  if (language === undefined || language === "markdown") return [];
  const tokens = LEXERS[language](text);
  // Every string is evaluated once without source offsets (cheap); a call's URL again with them.
  const plain: EvalContext = {
    tokens,
    concat: language !== "shell",
    python: language === "python",
    powershell: language === "powershell",
    ...(language === "rust" ? { rust: true } : {}),
    constants: new Map(),
  };
  // With the text, a query string built at run time (`cond ? \`?${params}\` : ""`) is read as one (analyze-tokens.ts queryStringValue).
  collectConstants(plain, { ties: { names: new Set(), urls: [] }, text });
  const ctx: EvalContext = { ...plain, source: text };
  const own: Bases = { v1: false, v2: false };
  for (const value of ctx.constants.values()) if (value.every((part) => "text" in part)) noteBase(own, literalText(value));
  const reader: Reader = { text, dialect: language, ctx, own, around, calls: [] };
  // The constants that hold a v2 URL (`BASE = "https://rest.runpod.io/v2"`).
  const v2Names = new Set([...plain.constants].filter(([, value]) => value.some((part) => "text" in part && part.text.includes("/v2"))).map(([key]) => key));
  const requestFunctions = new Map<string, RequestFunction>();
  let covered = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (i <= covered) continue;
    // A string, or a v2 base constant joined to a name (`base+path`, `BASE + path`): the expression it starts.
    const baseName = t.kind === "ident" && tokens[i + 1]?.text === "+" && v2Names.has(nameKey(t.text) ?? "");
    if (t.kind === "str" ? !t.text.includes("/v2") && !joined(tokens, i) : !baseName) continue;
    const seen = expressionAround(plain, baseName ? chainStart(tokens, i) : i);
    if (!seen) continue;
    covered = Math.max(covered, seen.end);
    if (!seen.value.some((part) => "text" in part && part.text.includes("/v2"))) continue;
    if (language === "python" && t.kind === "str" && isDocstring(text, tokens, i)) continue;
    // A Python raw string (`r"/v2/catalog/"`) is a regular expression's text, in practice never a URL a request is sent to.
    if (language === "python" && t.kind === "str" && /^(?:[rR][bB]?|[bB][rR])["']/.test(t.text)) continue;
    const expr = expressionAround(ctx, baseName ? chainStart(tokens, i) : i);
    if (!expr) continue;
    const rendered = render(expr.value);
    const found = v2Url(reader, rendered);
    if (!found || prose(rendered, found.urlStart)) continue;
    if (found.rest.length === 0) continue;
    // `f"{BASE}{path}"` in `def call(method, path, …)`: a request function; its calls are read below.
    const requestFunction = found.pathParameter === undefined ? undefined : enclosingFunction(ctx, language, expr.start, found.pathParameter);
    if (requestFunction) requestFunctions.set(requestFunction.name, requestFunction);
    // The whole path a run-time value that is no request function's parameter (`\`${API}/v2${list}\``, `"$base$path"`): nothing to check.
    if (found.pathParameter !== undefined) continue;
    // A key of a dict or object literal (`{"/v2/networkvolumes": "the 404 it replaced"}`) names a route; it calls nothing.
    if (tokens[expr.end + 1]?.text === ":" && (tokens[expr.start - 1]?.text === "{" || tokens[expr.start - 1]?.text === ",")) continue;
    // `URL = f"{BASE}/pods"` then `f"{URL}/{id}"`: the later expression is the call.
    // `const url = new URL(\`${API}/pods\`)`: the variable holds the whole `new URL(…)`.
    const wrapped = tokens[expr.start - 1]?.text === "(" && tokens[expr.start - 2]?.text === "URL" && tokens[expr.start - 3]?.text === "new";
    const variable = assignedName(tokens, wrapped ? expr.start - 3 : expr.start);
    const use = variable === undefined ? undefined : useOf(tokens, variable, expr.end + 1);
    if (use !== undefined && (tokens[use]?.kind === "str" || tokens[use + 1]?.text === "+" || tokens[use - 1]?.text === "+")) continue;
    reader.calls.push(callAt(reader, expr.start, expr.end, rendered, found.pathStart, found.urlStart, use));
  }
  for (const requestFunction of requestFunctions.values()) readFunctionCalls(reader, requestFunction);
  if (language === "python" || language === "js") readClientObjects(reader, file);
  return reader.calls.sort((a, b) => a.at.offset - b.at.offset);
}

/**
 * Whether the URL at `urlStart` sits in prose: words around it in the same string (a test's name
 * `"v2 → GET /v2/serverless/{id}/workers, caps workers"`, a log line `"POST https://…"`), unless the
 * string is a curl command a shell runs.
 */
function prose(rendered: Rendered, urlStart: number): boolean {
  const { text, literal } = rendered;
  const urlEnd = stopAt(rendered, urlStart, URL_STOP);
  const spaced = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (literal[k] && /\s/.test(text[k] as string)) return true;
    return false;
  };
  if (!spaced(0, urlStart) && !spaced(urlEnd, text.length)) return false;
  return !/(?:^|[\s;|&(])curl\s/.test(text);
}

/** Whether the string at token `i` is joined to something (`BASE + "/pods"`, `"%s/pods" % BASE`, `fmt.Sprintf("%s/pods", base)`, `"{}/pods".format(b)`). */
function joined(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1]?.text;
  const after = tokens[i + 1]?.text;
  if (before === "+" || after === "+" || after === "%" || after === ".") return true;
  const callee = tokens[i - 2]?.text ?? "";
  if (before === "(" && /printf$|^Sprint$|^format$/i.test(callee)) return true;
  // A string with holes: `f"{BASE}/pods"`, `` `${BASE}/pods` ``, `"$BASE/pods"`.
  return (tokens[i] as Token).parts?.some((part) => "hole" in part) === true;
}

/**
 * The v2 REST URL in a rendered expression: where its `/v2` starts (`pathStart`), where the URL
 * starts, and the segments after `/v2`. `pathParameter`: the rest after `/v2` is one hole (`{path}`).
 */
/** Characters a URL's path does not hold as written but a regular expression or a glob does. */
const PATTERN_CHARACTER = /[[\]*^$|+\\]/;

/** The characters of `rendered` from `from` to `to` written in the source (run-time values left out). */
function literalPart(rendered: Rendered, from: number, to: number): string {
  let part = "";
  for (let k = from; k < to; k++) if (rendered.literal[k]) part += rendered.text[k] as string;
  return part;
}

function v2Url(reader: Reader, rendered: Rendered): { pathStart: number; urlStart: number; rest: string[]; pathParameter?: string } | undefined {
  const { text, literal } = rendered;
  for (const match of text.matchAll(V2_SEGMENT)) {
    const at = match.index ?? 0;
    // `/v2` ends its segment: the path, the query, the URL's end, or a run-time value (`f"{BASE}{path}"` with BASE = "…/v2").
    if (!literal[at] || (literal[at + 3] === true && !/[/?#]/.test(text[at + 3] as string) && !URL_STOP.test(text[at + 3] as string))) continue;
    let start = at;
    while (start > 0 && at - start < 2048 && !(literal[start - 1] && URL_STOP.test(text[start - 1] as string))) start--;
    const tail = text.slice(start, at);
    const tailLiteral = literal.slice(start, at).every(Boolean);
    const pathEnd = stopAt(rendered, at, PATH_STOP);
    // A pattern, not a URL: a regular expression or a glob (`r"(/v2/[A-Za-z0-9/_{}.-]*)"`, `"/v2/pods*"`).
    if (PATTERN_CHARACTER.test(literalPart(rendered, at, pathEnd))) continue;
    const rest = text
      .slice(at + 3, pathEnd)
      .split("/")
      .filter((segment) => segment !== "");
    if (tailLiteral && tail !== "") {
      // Written: this API's v2 base (`https://api.runpod.io/v2`), else another host's, the queue API's.
      if (!isRestBase(`${tail}/v2`)) continue;
    } else {
      // A base the code does not show (`"/v2/pods"`, `${HOST}/v2/pods`): only where this API's base URL is around.
      if (!ourBaseAround(reader.own, reader.around)) continue;
      const origin = /^[a-z][a-z0-9+.-]*:\/\/([^/]+)$/i.exec(tail)?.[1];
      if (origin !== undefined && !origin.includes("{") && !REST_V2_HOSTS.has(hostOf(origin))) continue;
    }
    // `f"{BASE}{path}"`: the whole rest is one run-time value.
    const pathParameter = /^\{([A-Za-z_]\w*)\}$/.exec(text.slice(at + 3, pathEnd))?.[1];
    if (pathParameter !== undefined && literal[at + 3] === false) return { pathStart: at, urlStart: start, rest, pathParameter };
    // Every REST route starts with a resource's name: a run-time first segment is an endpoint id (the queue API: `…/v2/${endpointId}`).
    if ((rest[0] ?? "").includes("{") || isQueuePath(rest) || rest[0] === "graphql") continue;
    return { pathStart: at, urlStart: start, rest };
  }
  return undefined;
}

/** A request function of the file: its name, the index of its path parameter, whether Python passes `self`/`cls` first, its body's token range. */
interface RequestFunction {
  name: string;
  index: number;
  selfFirst: boolean;
  body: [number, number];
}

const NOT_NAMES = new Set(["if", "for", "while", "switch", "catch", "with", "function", "return", "async", "await"]);

/** The parameter names of the list opened at `open`: the first name of each comma-separated part (`path: string`, `body=None`, Go's `method, path string`). */
function parameterNames(tokens: readonly Token[], open: number, close: number): string[] {
  const names: string[] = [];
  let depth = 0;
  let expectName = true;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "{" || t.text === "<") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}" || t.text === ">") depth--;
    else if (depth === 0 && t.text === ",") expectName = true;
    else if (depth === 0 && expectName && t.kind === "ident") {
      names.push(t.text.replace(/^\$/, ""));
      expectName = false;
    }
  }
  return names;
}

/**
 * The function whose body holds token `at`, when `parameter` is one of its parameters: Python `def
 * name(…):`, Go `func name(…)` and `func (c *Client) name(…)`, JavaScript `function name(…) {`, a
 * method `name(…) {`, `const name = async (…) => {`, `name: (…) => {`.
 */
function enclosingFunction(ctx: EvalContext, dialect: Dialect, at: number, parameter: string): RequestFunction | undefined {
  const { tokens } = ctx;
  const found = (name: string, open: number, body: [number, number]): RequestFunction | undefined => {
    const close = matchClose(tokens, open);
    const params = close < 0 ? [] : parameterNames(tokens, open, close);
    const index = params.indexOf(parameter);
    return index < 0 ? undefined : { name, index, selfFirst: params[0] === "self" || params[0] === "cls", body };
  };
  if (dialect === "python" || dialect === "go") {
    const keyword = dialect === "python" ? "def" : "func";
    for (let k = at - 1; k >= 0 && at - k < 4000; k--) {
      if ((tokens[k] as Token).text !== keyword) continue;
      // Go methods: `func (c *Client) name(`.
      let nameAt = k + 1;
      if (dialect === "go" && tokens[nameAt]?.text === "(") nameAt = matchClose(tokens, nameAt) + 1;
      const name = tokens[nameAt];
      if (name?.kind !== "ident" || tokens[nameAt + 1]?.text !== "(") return undefined;
      return found(name.text, nameAt + 1, [nameAt + 1, Math.min(tokens.length - 1, at + 2000)]);
    }
    return undefined;
  }
  if (dialect !== "js") return undefined;
  for (const open of openersAround(tokens, at)) {
    if (tokens[open]?.text !== "{") continue;
    const arrow = tokens[open - 1]?.text === "=>";
    const paramsClose = arrow ? open - 2 : open - 1;
    if (tokens[paramsClose]?.text !== ")") continue;
    const paramsOpen = matchOpen(tokens, paramsClose);
    if (paramsOpen < 0) return undefined;
    const body: [number, number] = [open, Math.max(open, matchClose(tokens, open))];
    let before = paramsOpen - 1;
    const written = tokens[before];
    if (!arrow && written?.kind === "ident" && !NOT_NAMES.has(written.text)) return found(written.text, paramsOpen, body);
    if (tokens[before]?.text === "function") before--;
    if (tokens[before]?.text === "async") before--;
    const assigned = tokens[before - 1];
    if ((tokens[before]?.text === "=" || tokens[before]?.text === ":") && assigned?.kind === "ident") return found(assigned.text, paramsOpen, body);
    return undefined;
  }
  return undefined;
}

/** The method of a call: as the URL's own text states it, else the call's, else the call its variable is passed to. */
function methodOf(reader: Reader, exprStart: number, own: string | undefined, use: number | undefined): V2Call["method"] {
  const { ctx, dialect } = reader;
  const { tokens } = ctx;
  const fromText = own === undefined ? undefined : methodInText(own);
  if (fromText) return { value: fromText.method, certain: /^curl (?:-X|--request)/.test(fromText.how) };
  let method: MethodSource | undefined = methodAt(ctx, dialect, exprStart);
  if (!method && use !== undefined) method = methodAt(ctx, dialect, tokens[use]?.kind === "ident" ? chainStart(tokens, use) : use);
  if (!method) return undefined;
  // A verb written at the call (`requests.patch`, `"PATCH"`, `-X PATCH`), or curl's own default for its literal words.
  return { value: method.method, certain: method.anchor !== undefined };
}

/** One call whose URL expression spans tokens [a, b], `/v2` at `pathStart` of the rendered value; `use`, where a variable holding it is passed on. */
/**
 * The path's last characters as the file writes them, for a fix that replaces them: the longest
 * tail of the path (up to its query) written literally, each character next to the one before in
 * the source, and equal to the file's text there (no escape between). Undefined when none is.
 */
function pathTextOf(text: string, rendered: Rendered, pathStart: number, pathEnd: number): V2Call["pathText"] {
  let from = pathEnd;
  while (from > pathStart) {
    const k = from - 1;
    const offset = rendered.at[k] ?? -1;
    if (!rendered.literal[k] || offset < 0) break;
    if (from < pathEnd && (rendered.at[from] ?? -1) !== offset + 1) break;
    from = k;
  }
  // From a `/`: the fix replaces whole segments.
  while (from < pathEnd && rendered.text[from] !== "/") from++;
  if (from >= pathEnd) return undefined;
  const written = rendered.text.slice(from, pathEnd);
  const offset = rendered.at[from] as number;
  if (text.slice(offset, offset + written.length) !== written) return undefined;
  return { at: position(text, offset), text: written };
}

/**
 * Where each member's name of a literal body is written as plain text (inside its quotes, or bare
 * as a JavaScript key), for a rename fix: only where the file's text there is the name itself.
 */
function namesOf(text: string, keys: Record<string, SourcePosition>): Record<string, { at: SourcePosition; text: string }> {
  const names: Record<string, { at: SourcePosition; text: string }> = {};
  for (const [pointer, at] of Object.entries(keys)) {
    if (pointer === "") continue;
    const name = (pointer.split("/").at(-1) as string).replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(name) && !/["'A-Za-z_]/.test(text[at.offset] ?? "")) continue;
    const start = text[at.offset] === '"' || text[at.offset] === "'" ? at.offset + 1 : at.offset;
    if (text.slice(start, start + name.length) !== name) continue;
    const after = text[start + name.length] ?? "";
    if (start === at.offset ? /[\w$]/.test(after) : after !== text[at.offset]) continue;
    names[pointer] = { at: position(text, start), text: name };
  }
  return names;
}

function callAt(reader: Reader, a: number, b: number, rendered: Rendered, pathStart: number, urlStart: number, use?: number, prefix = ""): V2Call {
  const { text, ctx, dialect } = reader;
  const { tokens } = ctx;
  const first = tokens[a] as Token;
  // The expression's start; a URL that starts inside a string's text (`"curl -X GET https://…"`) where it is written there.
  const urlAt = urlStart === 0 ? -1 : (rendered.at[urlStart] ?? -1);
  const startOffset = urlAt >= first.start && urlAt < (tokens[b] as Token).end ? urlAt : first.start;
  const pathEnd = stopAt(rendered, pathStart, PATH_STOP);
  const path = `${prefix}${rendered.text.slice(pathStart, pathEnd)}`.replace(/\/+$/, "") || prefix;
  const query: V2Call["query"] = [];
  let queryOpen = false;
  if (rendered.text[pathEnd] === "?") {
    const queryEnd = stopAt(rendered, pathEnd + 1, /[\s"'`<>(),;\]\\#]/);
    let from = pathEnd + 1;
    while (from < queryEnd) {
      let to = rendered.text.indexOf("&", from);
      if (to < 0 || to > queryEnd) to = queryEnd;
      const nameEnd = Math.min(to, rendered.text.indexOf("=", from) < 0 ? to : rendered.text.indexOf("=", from));
      const name = rendered.text.slice(from, nameEnd);
      const allLiteral = rendered.literal.slice(from, to).every(Boolean);
      if (!allLiteral) queryOpen = true;
      if (name !== "" && rendered.literal.slice(from, nameEnd).every(Boolean)) {
        const offset = rendered.at[from] ?? -1;
        query.push({ name: decodeName(name), at: position(text, offset >= 0 ? offset : first.start) });
      }
      from = to + 1;
    }
  } else if (pathEnd < rendered.text.length && rendered.literal[pathEnd] === false) queryOpen = true;
  const params = paramsOf(reader, a);
  query.push(...params.names);
  if (params.open) queryOpen = true;
  const call: V2Call = {
    at: position(text, startOffset),
    end: (tokens[b] as Token).end,
    path,
    query,
    reads: [],
  };
  const written = pathTextOf(text, rendered, pathStart, pathEnd);
  if (written !== undefined) call.pathText = written;
  const own = first.kind === "str" && a === b ? literalText(first.parts ?? []) : undefined;
  const method = methodOf(reader, a, own, use);
  if (method) call.method = method;
  if (queryOpen) call.queryOpen = true;
  const sent = bodyOf(reader, a);
  if (sent) Object.assign(call, sent);
  if (call.body !== undefined) {
    const names = namesOf(text, call.body.keys);
    if (Object.keys(names).length > 0) call.body.names = names;
  }
  if (dialect === "python" || dialect === "js") {
    const from = use !== undefined && tokens[use]?.kind === "ident" ? chainStart(tokens, use) : (use ?? a);
    addReads(reader, call, responseReads(ctx, dialect === "python", text, from));
  }
  return call;
}

/** The field reads among `reads` (a list use or a whole value names no field), each as a path below the response root. */
function addReads(reader: Reader, call: V2Call, reads: readonly ResponseRead[]): void {
  for (const read of reads) {
    if (read.form === "list" || read.form === "value") continue;
    const match = reader.text.slice(read.at, Math.min(read.end, read.at + 256));
    call.reads.push({ path: read.item ? ["*", read.field] : [read.field], at: position(reader.text, read.at), match });
  }
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The query parameters the call around the URL expression at token `exprStart` passes as an
 * option: Python `params={"a": 1}`, axios `{ params: { a: 1 } }`, a `URL` whose `searchParams`
 * are set (`url.searchParams.set("a", …)`). `open`: params the code builds at run time.
 */
function paramsOf(reader: Reader, exprStart: number): { names: V2Call["query"]; open: boolean } {
  const { ctx, text, dialect } = reader;
  const { tokens } = ctx;
  const names: V2Call["query"] = [];
  let open = false;
  if (dialect !== "python" && dialect !== "js") return { names, open };
  const keysOf = (brace: number) => {
    const close = matchClose(tokens, brace);
    let depth = 0;
    for (let k = brace + 1; k < close; k++) {
      const t = tokens[k] as Token;
      if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
      else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
      else if (depth === 0 && (tokens[k - 1]?.text === "{" || tokens[k - 1]?.text === ",")) {
        const after = tokens[k + 1]?.text;
        if (t.kind === "str" && after === ":" && !t.parts?.some((part) => "hole" in part))
          names.push({ name: literalText(t.parts ?? []), at: position(text, t.start + 1) });
        else if (t.kind === "ident" && dialect === "js" && (after === ":" || after === "," || k + 1 === close))
          names.push({ name: t.text, at: position(text, t.start) });
        else if (t.text === "*" || t.text === "**" || t.text === "...") open = true;
      }
    }
  };
  let call: number | undefined;
  for (const j of openersAround(tokens, exprStart)) {
    call = tokens[j]?.text === "(" ? j : undefined;
    break;
  }
  if (call !== undefined) {
    for (const [k, [a, b]] of (callArgs(ctx, call)?.args ?? []).entries()) {
      if (dialect === "python" && tokens[a]?.text === "params" && tokens[a + 1]?.text === "=") {
        if (tokens[a + 2]?.text === "{" && matchClose(tokens, a + 2) === b) keysOf(a + 2);
        else open = true;
      }
      if (dialect === "js" && k >= 1 && tokens[a]?.text === "{" && matchClose(tokens, a) === b) {
        let depth = 0;
        for (let j = a + 1; j < b; j++) {
          const t = tokens[j] as Token;
          if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
          else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
          else if (depth === 0 && t.text === "params" && tokens[j + 1]?.text === ":") {
            if (tokens[j + 2]?.text === "{") keysOf(j + 2);
            else open = true;
          } else if (depth === 0 && t.text === "params" && (tokens[j + 1]?.text === "," || j + 1 === b)) open = true;
        }
      }
    }
    // `const url = new URL(…)` then `url.searchParams.set("a", …)`.
    if (dialect === "js" && tokens[call - 1]?.text === "URL" && tokens[call - 2]?.text === "new") {
      const name = tokens[call - 4]?.text === "=" ? tokens[call - 5] : tokens[call - 3]?.text === "=" ? tokens[call - 4] : undefined;
      const close = matchClose(tokens, call);
      for (let k = close + 1; name?.kind === "ident" && k < tokens.length && k - close < 2000; k++) {
        if (tokens[k]?.text !== name.text || tokens[k + 1]?.text !== "." || tokens[k + 2]?.text !== "searchParams") continue;
        const verb = tokens[k + 4]?.text;
        const key = tokens[k + 6];
        if ((verb === "set" || verb === "append") && key?.kind === "str" && !key.parts?.some((part) => "hole" in part))
          names.push({ name: literalText(key.parts ?? []), at: position(text, key.start + 1) });
        else open = true;
      }
    }
  }
  return { names, open };
}

/** The body the call sends: a literal (with its members' places) or one built elsewhere. */
function bodyOf(reader: Reader, exprStart: number): Pick<V2Call, "body" | "bodyElsewhere"> | undefined {
  const { ctx, dialect, text } = reader;
  const { tokens } = ctx;
  let sent: SentBody | undefined;
  if (dialect === "python" || dialect === "js") sent = callBody(ctx, dialect, exprStart, text);
  else if (dialect === "powershell") sent = powershellBody(tokens, exprStart);
  else if (dialect === "shell") {
    const shell = shellBody(tokens, exprStart);
    if (shell === undefined) return undefined;
    if (/^(?:@\S+|\$\{?\w+\}?)$/.test(shell.text)) return { bodyElsewhere: shell.text };
    const body = shell.anchor ? shellJson(text, shell.anchor) : undefined;
    return body ? { body } : { bodyElsewhere: shell.text };
  } else if (dialect === "go") {
    // `http.NewRequest("PATCH", url, bytes.NewBuffer(payload))`: the body argument, built elsewhere.
    for (const j of openersAround(tokens, exprStart)) {
      if (!/^NewRequest(?:WithContext)?$/.test(tokens[j - 1]?.text ?? "")) break;
      const args = callArgs(ctx, j)?.args ?? [];
      const last = args[args.length - 1];
      if (args.length >= 3 && last && !(last[0] === last[1] && tokens[last[0]]?.text === "nil"))
        return { bodyElsewhere: text.slice((tokens[last[0]] as Token).start, (tokens[last[1]] as Token).end) };
      break;
    }
    return undefined;
  }
  if (sent === undefined) return undefined;
  if ("elsewhere" in sent) return { bodyElsewhere: sent.elsewhere };
  if (!sent.anchor) {
    try {
      return { body: { value: JSON.parse(sent.literal) as unknown, keys: {}, values: {}, runtime: [] } };
    } catch {
      return { bodyElsewhere: sent.literal };
    }
  }
  return { body: literalBody(text, sent.literal, sent.anchor) };
}

/** A Python/JavaScript/PowerShell literal body: its value (`<source>` for a run-time part), member places from its shape, run-time pointers from its sentinel reading. */
function literalBody(text: string, literal: string, anchor: BodyAnchor): NonNullable<V2Call["body"]> {
  const value = JSON.parse(literal) as unknown;
  const keys: Record<string, SourcePosition> = { "": position(text, anchor.start) };
  const values: Record<string, SourcePosition> = { "": position(text, anchor.start) };
  const runtime: string[] = [];
  const shape = anchor.shape;
  if (shape) {
    const starts = shape.tokens.map(([start]) => start);
    for (const member of shape.members) {
      keys[member.pointer] = position(text, member.key);
      const k = starts.indexOf(member.key);
      const separator = k >= 0 && shape.tokens[k + 1] ? text.slice(...(shape.tokens[k + 1] as [number, number])) : "";
      const valueAt = (separator === ":" || separator === "=") && shape.tokens[k + 2] ? (shape.tokens[k + 2] as [number, number])[0] : member.key;
      values[member.pointer] = position(text, valueAt);
    }
    for (const container of shape.containers) values[container.pointer] ??= position(text, container.open);
  }
  const walk = (node: unknown, pointer: string) => {
    if (typeof node === "string") {
      if (/[\ue000-\ue003]/.test(node)) runtime.push(pointer);
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, childPointer(pointer, i)));
    else if (node !== null && typeof node === "object") for (const [key, item] of Object.entries(node)) walk(item, childPointer(pointer, key));
  };
  if (anchor.v1 !== undefined) walk(anchor.v1, "");
  else {
    const shown = (node: unknown, pointer: string) => {
      if (typeof node === "string") {
        if (/^<.*>$/s.test(node)) runtime.push(pointer);
      } else if (Array.isArray(node)) node.forEach((item, i) => shown(item, childPointer(pointer, i)));
      else if (node !== null && typeof node === "object") for (const [key, item] of Object.entries(node)) shown(item, childPointer(pointer, key));
    };
    shown(value, "");
  }
  return { value, keys, values, runtime };
}

/**
 * A `curl -d '…'` body word read as JSON with each member's place: the word's characters as bash
 * reads them (single quotes literal; in double quotes `\"`, `\\`, `\$`, `` \` `` escapes and `$NAME`
 * run-time parts). Undefined when it is not JSON (form data).
 */
function shellJson(text: string, anchor: BodyAnchor): NonNullable<V2Call["body"]> | undefined {
  const chars: string[] = [];
  const offsets: number[] = [];
  const holes = new Set<number>();
  let quote: string | undefined;
  for (let k = anchor.start; k < anchor.end; k++) {
    const char = text[k] as string;
    if (quote === undefined && (char === "'" || char === '"')) quote = char;
    else if (char === quote) quote = undefined;
    else if (quote !== "'" && char === "\\" && (quote === undefined || /["\\$`]/.test(text[k + 1] ?? ""))) {
      chars.push(text[k + 1] ?? "");
      offsets.push(k + 1);
      k++;
    } else if (quote !== "'" && char === "$" && /[{A-Za-z_]/.test(text[k + 1] ?? "")) {
      const hole = /^\$(?:\{[^}]*\}|[A-Za-z_]\w*)/.exec(text.slice(k, anchor.end))?.[0] ?? "$";
      holes.add(chars.length);
      chars.push(`\u0000${hole}`);
      offsets.push(k);
      k += hole.length - 1;
    } else {
      chars.push(char);
      offsets.push(k);
    }
  }
  const parser = new JsonWithPlaces(chars, offsets, holes, text);
  try {
    const value = parser.value("");
    parser.space();
    if (parser.i !== chars.length) return undefined;
    return { value, keys: parser.keys, values: parser.values, runtime: parser.runtime };
  } catch {
    return undefined;
  }
}

/** A small JSON reader over characters with their source offsets; a `$NAME` is a run-time value (`<$NAME>`), alone or inside a string. */
class JsonWithPlaces {
  i = 0;
  keys: Record<string, SourcePosition> = {};
  values: Record<string, SourcePosition> = {};
  runtime: string[] = [];
  constructor(
    private readonly chars: readonly string[],
    private readonly offsets: readonly number[],
    private readonly holes: ReadonlySet<number>,
    private readonly text: string,
  ) {}

  space(): void {
    while (this.i < this.chars.length && /^\s$/.test(this.chars[this.i] as string)) this.i++;
  }

  private at(): SourcePosition {
    return position(this.text, this.offsets[this.i] ?? this.offsets[this.offsets.length - 1] ?? 0);
  }

  value(pointer: string): unknown {
    this.space();
    const place = this.at();
    this.values[pointer] = place;
    if (pointer === "") this.keys[""] = place;
    const char = this.chars[this.i];
    if (char === "{") {
      this.i++;
      const out: Record<string, unknown> = {};
      this.space();
      if (this.chars[this.i] === "}") {
        this.i++;
        return out;
      }
      for (;;) {
        this.space();
        const keyPlace = this.at();
        const key = this.string(undefined);
        const member = childPointer(pointer, key);
        this.keys[member] = keyPlace;
        this.space();
        if (this.chars[this.i++] !== ":") throw new SyntaxError("a key not followed by a colon");
        out[key] = this.value(member);
        this.space();
        const next = this.chars[this.i++];
        if (next === "}") return out;
        if (next !== ",") throw new SyntaxError("no comma between members");
      }
    }
    if (char === "[") {
      this.i++;
      const out: unknown[] = [];
      this.space();
      if (this.chars[this.i] === "]") {
        this.i++;
        return out;
      }
      for (;;) {
        out.push(this.value(childPointer(pointer, out.length)));
        this.space();
        const next = this.chars[this.i++];
        if (next === "]") return out;
        if (next !== ",") throw new SyntaxError("no comma between items");
      }
    }
    if (char === '"') return this.string(pointer);
    if (this.holes.has(this.i)) {
      this.runtime.push(pointer);
      return `<${(this.chars[this.i++] as string).slice(1)}>`;
    }
    let word = "";
    while (this.i < this.chars.length && /^[\w.+-]$/.test(this.chars[this.i] as string)) word += this.chars[this.i++];
    if (word === "") throw new SyntaxError("not a JSON value");
    return JSON.parse(word) as unknown;
  }

  /** A JSON string at the cursor; with `pointer`, a value (run-time when it holds a `$NAME`). */
  private string(pointer: string | undefined): string {
    if (this.chars[this.i] !== '"') throw new SyntaxError("not a string");
    this.i++;
    let raw = '"';
    let runtime = false;
    while (this.i < this.chars.length && this.chars[this.i] !== '"') {
      if (this.holes.has(this.i)) {
        runtime = true;
        raw += `<${(this.chars[this.i] as string).slice(1)}>`;
      } else {
        const char = this.chars[this.i] as string;
        raw += char;
        if (char === "\\") raw += this.chars[++this.i] ?? "";
      }
      this.i++;
    }
    if (this.chars[this.i] !== '"') throw new SyntaxError("a string is not closed");
    this.i++;
    if (runtime && pointer !== undefined) this.runtime.push(pointer);
    return JSON.parse(`${raw}"`) as string;
  }
}

/** The calls of a request function: each a call with the path it passes, when that path is relative. */
function readFunctionCalls(reader: Reader, { name, index, selfFirst, body }: RequestFunction): void {
  const { ctx } = reader;
  const { tokens } = ctx;
  const selfShift = ctx.python && selfFirst;
  const parsed = (reader.dialect === "python" || reader.dialect === "js") && returnsParsed(tokens, reader.text, body, ctx.python, name);
  for (let k = 0; k + 1 < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== name || tokens[k + 1]?.text !== "(") continue;
    const before = tokens[k - 1]?.text ?? "";
    if (before === "def" || before === "function" || before === "func") continue;
    const viaObject = before === "." || before === "?.";
    const argIndex = index - (viaObject && selfShift ? 1 : 0);
    const arg = callArgs(ctx, k + 1)?.args[argIndex];
    if (!arg) continue;
    const expr = expression(ctx, arg[0]);
    if (!expr || expr.end !== arg[1]) continue;
    const rendered = render(expr.value);
    // A relative path (`"/pods"`, `f"/serverless/{id}"`): the function puts it after the v2 base.
    if (!rendered.literal[0] || rendered.text[0] !== "/" || rendered.text.startsWith("/v2/") || rendered.text === "/v2") continue;
    const call = callAt(reader, arg[0], arg[1], rendered, 0, 0, undefined, "/v2");
    // The function returns the parsed body: the call's value is read as a `.json()` value.
    const close = matchClose(tokens, k + 1);
    if (parsed && close > 0) addReads(reader, call, parsedValueReads(ctx, ctx.python, reader.text, chainStart(tokens, k), close));
    reader.calls.push(call);
  }
}

/** HTTP client objects of the file made with this API's v2 base (`httpx.Client(base_url=BASE)`, `axios.create({ baseURL: BASE })`): each request through one is a call. */
function readClientObjects(reader: Reader, file: string): void {
  const { ctx, dialect, text } = reader;
  const { tokens } = ctx;
  const python = dialect === "python";
  const option = python ? "base_url" : "baseURL";
  const made = new Set<string>();
  for (let k = 0; k + 1 < tokens.length; k++) {
    const t = tokens[k] as Token;
    const constructor = python ? t.text === "Client" || t.text === "AsyncClient" : t.text === "create" && tokens[k - 2]?.text === "axios";
    if (!constructor || tokens[k + 1]?.text !== "(") continue;
    const close = matchClose(tokens, k + 1);
    let base = false;
    for (let j = k + 2; j < close; j++) {
      const key = tokens[j] as Token;
      const keyText = key.kind === "str" ? literalText(key.parts ?? []) : key.text;
      if (keyText !== option || (tokens[j + 1]?.text !== "=" && tokens[j + 1]?.text !== ":")) continue;
      const value = expression(ctx, j + 2);
      base = value !== undefined && isRestBase(literalText(value.value.filter((part) => "text" in part)));
      if (value && value.value.some((part) => "hole" in part)) base = false;
      break;
    }
    if (!base) continue;
    const start = chainStart(tokens, k);
    const target =
      tokens[start - 1]?.text === "=" || tokens[start - 1]?.text === ":" ? tokens[start - 2] : tokens[close + 1]?.text === "as" ? tokens[close + 2] : undefined;
    if (target?.kind === "ident") made.add(target.text.toLowerCase());
  }
  for (const key of made) {
    for (const use of objectUses({ path: file, text, tokens: [...tokens], dialect }, key)) {
      if (use.kind !== "request") continue;
      const verb = tokens[use.open - 1]?.text ?? "";
      const args = callArgs(ctx, use.open)?.args ?? [];
      const pathArg = verb === "request" ? args[1] : args[0];
      if (!pathArg || verb === "send" || verb === "stream") continue;
      const expr = expression(ctx, pathArg[0]);
      if (!expr || expr.end !== pathArg[1]) continue;
      const rendered = render(expr.value);
      if (!rendered.literal[0] || /^[a-z][a-z0-9+.-]*:\/\//i.test(rendered.text)) continue;
      const relative: Rendered = rendered.text.startsWith("/")
        ? rendered
        : { text: `/${rendered.text}`, literal: [true, ...rendered.literal], at: [-1, ...rendered.at] };
      if (relative.text.startsWith("/v2/")) continue;
      reader.calls.push(callAt(reader, pathArg[0], pathArg[1], relative, 0, 0, undefined, "/v2"));
    }
  }
}
