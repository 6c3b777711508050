// `migrate scan --fix`: request functions that call request functions (issue 41, item 1). A client
// sends `c.Post(ctx, "/pods", body)`, `Post` hands its `endpoint` to `makeRequest`, that to
// `doRequest`, and only `buildURL(endpoint)` joins the base: the path parameter is followed up the
// chain, one call at a time, so the calls of `Post` reach the base as the calls of `buildURL` do.
// Token-level helpers for client-base.ts; pure.

import { matchClose, matchOpen } from "./evaluate.js";
import { literalText, type Token } from "./lex/tokens.js";

/** Tokens that start a function definition before its name. */
const DEFINES = new Set(["def", "function", "func", "fn"]);
/** Python method receivers: not passed at a call (`self._request(…)`). */
const RECEIVERS = new Set(["self", "cls"]);
/** Go: a name followed by one of these in a parameter list is being declared (`endpoint string`, `opts *ListOptions`). */
const GO_TYPE_START = new Set(["*", "[", "...", "func", "map", "chan", "struct", "interface"]);

export interface ChainFile {
  tokens: Token[];
  dialect: string;
}

/** The top-level comma-separated pieces of the list opened at token `open`, as token index ranges [from, to]. */
export function listItems(tokens: readonly Token[], open: number): [number, number][] {
  const close = matchClose(tokens, open, 40_000);
  if (close < 0) return [];
  const items: [number, number][] = [];
  let from = open + 1;
  let depth = 0;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "nl") continue;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    else if (depth === 0 && t.text === ",") {
      items.push([from, j - 1]);
      from = j + 1;
    }
  }
  if (from <= close - 1) items.push([from, close - 1]);
  // Blank lines and a trailing comma leave empty pieces.
  return items.filter(([a, b]) => tokens.slice(a, b + 1).some((t) => t.kind !== "nl"));
}

/**
 * The parameter names of function `fn` as defined in `file` (`func (c *Client) fn(ctx context.Context, method, endpoint string)`,
 * `def fn(self, method, path, data=None)`, `async fn(method, path) {`), receivers left out; undefined when the
 * file does not define it, or defines it more than once with different parameters.
 */
export function parametersOf(file: ChainFile, fn: string): string[] | undefined {
  const { tokens } = file;
  let found: string[] | undefined;
  for (let k = 0; k + 1 < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== fn || tokens[k + 1]?.text !== "(") continue;
    const prev = tokens[k - 1]?.text ?? "";
    const close = matchClose(tokens, k + 1, 40_000);
    const after = tokens[close + 1]?.text;
    const defines = DEFINES.has(prev) || (file.dialect === "go" && prev === ")") || (file.dialect === "js" && (after === "{" || after === ":") && prev !== ".");
    if (!defines) continue;
    const names: string[] = [];
    for (const [a] of listItems(tokens, k + 1)) {
      let at = a;
      while (tokens[at]?.kind === "nl" || tokens[at]?.text === "*" || tokens[at]?.text === "...") at++;
      const name = tokens[at];
      names.push(name?.kind === "ident" ? name.text : "");
    }
    const params = file.dialect === "python" && RECEIVERS.has(names[0] ?? "") ? names.slice(1) : names;
    if (found && found.join(",") !== params.join(",")) return undefined;
    found = params;
  }
  return found;
}

/** Whether token `k` (an identifier) is a Go parameter being declared (`baseURL string`), not a use. */
export function isGoParameter(tokens: readonly Token[], k: number): boolean {
  const prev = tokens[k - 1]?.text;
  const next = tokens[k + 1];
  if (prev !== "(" && prev !== ",") return false;
  return next !== undefined && (next.kind === "ident" || GO_TYPE_START.has(next.text));
}

/** The argument of the call opened at `open` at position `index`, when it is one identifier. */
export function identArgument(tokens: readonly Token[], open: number, index: number): string | undefined {
  const item = listItems(tokens, open)[index];
  if (!item) return undefined;
  const pieces = tokens.slice(item[0], item[1] + 1).filter((t) => t.kind !== "nl");
  return pieces.length === 1 && pieces[0]?.kind === "ident" ? pieces[0].text : undefined;
}

/**
 * The parameter of `params` a use at token `use` joins the base to (`c.BaseURL + endpoint`,
 * `f"{self.base_url}{path}"`): one in the use's own string holes, else one later in the use's
 * own expression, else the first named on the use's line. Undefined when none is.
 */
export function joinedParameter(tokens: readonly Token[], text: string, use: number, params: readonly string[]): number | undefined {
  const token = tokens[use] as Token;
  const named = new Set(params);
  for (const part of token.parts ?? []) {
    if (!("hole" in part)) continue;
    for (const word of part.hole.match(/[A-Za-z_]\w*/g) ?? []) if (named.has(word)) return params.indexOf(word);
  }
  // The expression the use is in (`c.BaseURL+path`, `c.GetBaseURL() + endpoint`): up to the end of its argument or statement.
  let depth = 0;
  for (let j = use + 1; j < tokens.length && j - use < 40; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "nl" || text.slice((tokens[j - 1] as Token).end, t.start).includes("\n")) break;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.text === "," || t.text === ";")) break;
    else if (depth === 0 && t.kind === "ident" && named.has(t.text) && tokens[j - 1]?.text !== ".") return params.indexOf(t.text);
  }
  const lineStart = text.lastIndexOf("\n", token.start - 1) + 1;
  const lineEnd = text.indexOf("\n", token.end);
  const end = lineEnd < 0 ? text.length : lineEnd;
  for (let j = use - 12 < 0 ? 0 : use - 12; j < tokens.length && j <= use + 12; j++) {
    const t = tokens[j] as Token;
    if (t.start < lineStart || t.end > end || j === use) continue;
    if (t.kind === "ident" && named.has(t.text) && tokens[j - 1]?.text !== ".") return params.indexOf(t.text);
    if (t.kind === "str")
      for (const part of t.parts ?? []) {
        if (!("hole" in part)) continue;
        for (const word of part.hole.match(/[A-Za-z_]\w*/g) ?? []) if (named.has(word)) return params.indexOf(word);
      }
  }
  return undefined;
}

/**
 * A path assigned to a variable and sent on (`endpoint := fmt.Sprintf("/pods/%s", id)` then
 * `c.Get(ctx, endpoint, &pod)`): when the statement holding token `from` assigns one name, the
 * first later call, within the statement's function (the next 200 tokens, before the name is
 * assigned again), that passes that name as an argument: its callee and `(`.
 */
export function sentVia(tokens: readonly Token[], from: number, statementStart: number): { callee: string; open: number } | undefined {
  const name = tokens[statementStart];
  const assign = tokens[statementStart + 1]?.text;
  if (name?.kind !== "ident" || (assign !== ":=" && assign !== "=") || statementStart >= from) return undefined;
  for (let j = from + 1; j < tokens.length && j - from < 200; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "punct" && t.text === "}" && tokens[j + 1]?.text === "func") return undefined;
    if (t.kind !== "ident" || t.text !== name.text || tokens[j - 1]?.text === ".") continue;
    if (tokens[j + 1]?.text === "=" || tokens[j + 1]?.text === ":=") return undefined;
    const prev = tokens[j - 1]?.text;
    const next = tokens[j + 1]?.text;
    if ((prev !== "(" && prev !== ",") || (next !== ")" && next !== ",")) continue;
    // The `(` of the call it is an argument of.
    let depth = 0;
    for (let k = j - 1; k >= 0 && j - k < 200; k--) {
      const before = tokens[k] as Token;
      if (before.text === ")" || before.text === "]" || before.text === "}") depth++;
      else if (before.text === "[" || before.text === "{") {
        if (depth === 0) return undefined;
        depth--;
      } else if (before.text === "(") {
        if (depth > 0) {
          depth--;
          continue;
        }
        const callee = tokens[k - 1];
        return callee?.kind === "ident" && !DEFINES.has(tokens[k - 2]?.text ?? "") ? { callee: callee.text, open: k } : undefined;
      }
    }
    return undefined;
  }
  return undefined;
}

/**
 * Prefixes a request function sends elsewhere (issue 41): `if strings.HasPrefix(path, "/v2/") {
 * return c.queue + path }` before the use at token `use` that joins the base to `param`, at the
 * top level of the function body opened at `bodyOpen`. A prefix counts when its test is one of the
 * condition's `||` alternatives, the branch always returns, and no use of the base (`baseUses`)
 * is inside it: a path that starts with it never reaches the base.
 */
export function prefixBranches(tokens: readonly Token[], bodyOpen: number, use: number, param: string, baseUses: readonly number[]): string[] {
  const prefixes: string[] = [];
  let depth = 0;
  for (let k = bodyOpen + 1; k < use; k++) {
    const t = tokens[k] as Token;
    if (t.text === "{" || t.text === "(" || t.text === "[") depth++;
    else if (t.text === "}" || t.text === ")" || t.text === "]") depth--;
    if (depth !== 0 || t.text !== "if" || tokens[k - 1]?.text === "else") continue;
    // The condition, up to the block's `{`.
    let open = k + 1;
    for (let inner = 0; open < use; open++) {
      const piece = tokens[open] as Token;
      if (piece.text === "(" || piece.text === "[") inner++;
      else if (piece.text === ")" || piece.text === "]") inner--;
      else if (inner === 0 && (piece.text === "{" || piece.text === ";")) break;
    }
    if (tokens[open]?.text !== "{") continue;
    const close = matchClose(tokens, open, 40_000);
    if (close < 0 || close >= use || baseUses.some((at) => at > open && at < close)) continue;
    let returns = false;
    for (let j = open + 1, inner = 0; j < close; j++) {
      const piece = tokens[j] as Token;
      if (piece.text === "{" || piece.text === "(" || piece.text === "[") inner++;
      else if (piece.text === "}" || piece.text === ")" || piece.text === "]") inner--;
      else if (inner === 0 && piece.text === "return") returns = true;
    }
    if (!returns) continue;
    // `||` alternatives of the condition, each `strings.HasPrefix(param, "…")`.
    const pieces: [number, number][] = [];
    let from = k + 1;
    for (let j = k + 1, inner = 0; j <= open; j++) {
      const piece = tokens[j] as Token;
      if (piece.text === "(" || piece.text === "[") inner++;
      else if (piece.text === ")" || piece.text === "]") inner--;
      else if ((inner === 0 && piece.text === "||") || j === open) {
        pieces.push([from, j - 1]);
        from = j + 1;
      }
    }
    for (const [a, b] of pieces) {
      const words = tokens.slice(a, b + 1).map((piece) => piece.text);
      const literal = tokens[a + 6];
      if (
        b - a === 7 &&
        words.slice(0, 6).join(" ") === `strings . HasPrefix ( ${param} ,` &&
        words[7] === ")" &&
        literal?.kind === "str" &&
        !literal.parts?.some((part) => "hole" in part)
      )
        prefixes.push(literalText(literal.parts ?? []));
    }
    k = close;
  }
  return prefixes.filter((prefix) => prefix !== "");
}

/** The literal a string expression starting at token `at` begins with (`"/v2/" + id`, `fmt.Sprintf("/v2/%s/run", id)`), if it begins with one. */
function leadingText(tokens: readonly Token[], at: number): string | undefined {
  const first = tokens[at];
  if (first?.kind === "str") {
    const part = first.parts?.[0];
    return part && "text" in part ? part.text : "";
  }
  if (
    first?.text === "fmt" &&
    tokens[at + 1]?.text === "." &&
    tokens[at + 2]?.text === "Sprintf" &&
    tokens[at + 3]?.text === "(" &&
    tokens[at + 4]?.kind === "str"
  ) {
    const part = (tokens[at + 4] as Token).parts?.[0];
    return part && "text" in part ? part.text.split("%")[0] : "";
  }
  return undefined;
}

/**
 * What the path argument `index` of the call opened at `open` begins with: its own leading literal,
 * or, for a name, the leading literal of every assignment of that name in the function (from
 * `bodyOpen`) before the call. Undefined when one of them does not begin with a literal.
 */
export function leadingLiterals(
  tokens: readonly Token[],
  open: number,
  index: number,
  bodyOpen: number,
  named?: (at: number) => string[] | undefined,
): string[] | undefined {
  const item = listItems(tokens, open)[index];
  if (!item) return undefined;
  let at = item[0];
  while (tokens[at]?.kind === "nl") at++;
  const own = leadingText(tokens, at);
  if (own !== undefined) return [own];
  const name = tokens[at];
  if (name?.kind === "ident" && tokens[at + 1]?.text === "." && named) return named(at);
  if (name?.kind !== "ident" || at !== item[1]) return undefined;
  const found: string[] = [];
  for (let k = bodyOpen + 1; k < open; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== name.text || tokens[k - 1]?.text === ".") continue;
    const assign = tokens[k + 1]?.text;
    if (assign === "+=") return undefined;
    if (assign !== ":=" && assign !== "=") continue;
    const text = leadingText(tokens, k + 2);
    if (text !== undefined) {
      found.push(text);
      continue;
    }
    const resolved = named?.(unwrapped(tokens, k + 2));
    if (resolved === undefined) return undefined;
    found.push(...resolved);
  }
  return found.length > 0 ? found : undefined;
}

/** Go string functions whose result begins as their first argument does (a URL has no leading space). */
const SAME_START = new Set(["TrimSpace", "TrimRight", "TrimSuffix"]);

/** The expression at `at`, inside any `strings.TrimSpace(…)`-like call that keeps how a string begins. */
function unwrapped(tokens: readonly Token[], at: number): number {
  let k = at;
  while (tokens[k]?.text === "strings" && tokens[k + 1]?.text === "." && SAME_START.has(tokens[k + 2]?.text ?? "") && tokens[k + 3]?.text === "(") k += 4;
  return k;
}

/**
 * Go: how the value named at `at` begins, when every value the package gives it is known: a
 * constant (`DefaultGraphQLURL`, declared outside any function) is its literal; a struct field
 * (`c.graphqlURL`) is each value a composite literal (`graphqlURL: DefaultGraphQLURL`) or an
 * assignment (`c.graphqlURL = …`) gives it, where the one parameter of a setter or option
 * (`WithGraphQLURL(url string)`) replaces a URL with the caller's URL and adds no start of its own. Undefined when a value is anything else, or no value is a literal.
 */
export function goValueLeads(files: readonly ChainFile[], tokens: readonly Token[], at: number, depth = 0): string[] | undefined {
  if (depth > 3) return undefined;
  const first = tokens[at];
  if (first?.kind !== "ident") return undefined;
  let field: string | undefined;
  let k = at;
  while (tokens[k + 1]?.text === "." && tokens[k + 2]?.kind === "ident") k += 2;
  if (tokens[k + 1]?.text === "(") return returnedLeads(files, tokens[k]?.text as string, depth);
  if (k > at) field = tokens[k]?.text;
  const leads: string[] = [];
  let setters = 0;
  for (const file of files) {
    const { tokens: all } = file;
    let braces = 0;
    for (let j = 0; j < all.length; j++) {
      const t = all[j] as Token;
      if (t.text === "{") braces++;
      else if (t.text === "}") braces--;
      if (t.kind !== "ident") continue;
      let value: number | undefined;
      if (field === undefined) {
        // A package-level constant or variable: `NAME = …` outside any function; any other `NAME =` is an assignment.
        if (t.text !== first.text || all[j - 1]?.text === "." || all[j + 1]?.text !== "=") continue;
        if (braces !== 0) return undefined;
        value = j + 2;
      } else {
        if (t.text !== field) continue;
        const before = all[j - 1]?.text;
        if (before === "." && all[j + 1]?.text === "=") value = j + 2;
        else if ((before === "{" || before === "," || all[j - 1]?.kind === "nl") && all[j + 1]?.text === ":" && braces > 0) value = j + 2;
        else if (before === "." && (all[j + 1]?.text === "+=" || all[j + 1]?.text === ":=")) return undefined;
        else continue;
      }
      const text = leadingText(all, value);
      if (text !== undefined) {
        leads.push(text);
        continue;
      }
      const inner = unwrapped(all, value);
      const name = all[inner];
      if (name?.kind === "ident" && all[inner + 1]?.text !== "." && all[inner + 1]?.text !== "(" && isParameterOfEnclosing(all, inner, name.text)) {
        setters++;
        continue;
      }
      const nested = goValueLeads(files, all, inner, depth + 1);
      if (nested === undefined) return undefined;
      leads.push(...nested);
    }
  }
  return leads.length > 0 && (setters === 0 || field !== undefined) ? leads : undefined;
}

/** Go: how every value the function `fn` of the package returns begins (`return strings.TrimRight(c.queueURL, "/") + path`). */
function returnedLeads(files: readonly ChainFile[], fn: string, depth: number): string[] | undefined {
  const leads: string[] = [];
  for (const { tokens } of files)
    for (let k = 1; k + 1 < tokens.length; k++) {
      if (tokens[k]?.text !== fn || tokens[k + 1]?.text !== "(") continue;
      const prev = tokens[k - 1]?.text;
      const defines = prev === "func" || (prev === ")" && tokens[matchOpen(tokens, k - 1) - 1]?.text === "func");
      if (!defines) continue;
      let body = matchClose(tokens, k + 1, 40_000) + 1;
      while (body > 0 && body < tokens.length && tokens[body]?.text !== "{") body++;
      const end = matchClose(tokens, body, 40_000);
      if (body <= 0 || end < 0) return undefined;
      for (let j = body + 1; j < end; j++) {
        if (tokens[j]?.text === "func") return undefined;
        if (tokens[j]?.text !== "return") continue;
        const text = leadingText(tokens, j + 1);
        const found = text !== undefined ? [text] : goValueLeads(files, tokens, unwrapped(tokens, j + 1), depth + 1);
        if (found === undefined) return undefined;
        leads.push(...found);
      }
    }
  return leads.length > 0 ? leads : undefined;
}

/**
 * Go: whether `name` at token `at` is the one parameter of the innermost function around it that
 * declares it: a setter or option (`func WithGraphQLURL(url string) Option`), not a constructor
 * that also takes a token (`func New(token string, opts ...Option)`).
 */
function isParameterOfEnclosing(tokens: readonly Token[], at: number, name: string): boolean {
  for (let k = at - 1; k >= 0; k--) {
    if (tokens[k]?.text !== "func") continue;
    // Skip a receiver `(c *Client)`; the parameter list is the next parenthesis.
    let open = k + 1;
    if (tokens[open]?.text === "(" && tokens[matchClose(tokens, open, 40_000) + 1]?.kind === "ident") open = matchClose(tokens, open, 40_000) + 2;
    else if (tokens[open]?.kind === "ident") open++;
    if (tokens[open]?.text !== "(") continue;
    const close = matchClose(tokens, open, 40_000);
    let body = close + 1;
    while (body < tokens.length && tokens[body]?.text !== "{") body++;
    const end = matchClose(tokens, body, 40_000);
    if (end < at) continue;
    for (let j = open + 1; j < close; j++) if (tokens[j]?.text === name && isGoParameter(tokens, j)) return listItems(tokens, open).length === 1;
  }
  return false;
}
