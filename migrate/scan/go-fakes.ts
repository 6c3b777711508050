// `migrate scan --fix`: Go test fakes of a v1 client (issue 41, item 1). A package's tests serve
// the client's requests from an `httptest` handler that matches the path it expects
// (`r.URL.Path == "/networkvolumes/vol-1"`, `case "/pods":` under `switch r.URL.Path`,
// `strings.HasPrefix(r.URL.Path, "/pods/")`): once the client's base and paths move to v2, the
// handler must match the v2 paths, or `go test` fails. This reads such a comparison at a path
// literal, the method the same condition states (`r.Method == http.MethodDelete`), the v1 route
// that method and path make, and whether the canned answer of that branch is v1-shaped (a bare
// array where v2 wraps a list, a v1 field v2 renames or moves). Token-level, pure.

import { matchClose, matchOpen } from "./evaluate.js";
import { literalText, type Token } from "./lex/tokens.js";
import { ROUTES, type RouteMapping } from "../route-table.js";
import { LIST_KEYS, RESPONSE_FIELDS, responseKindOf } from "../tables/response-fields.js";

/** What a fake's path literal needs to move with its client: the route to migrate it by, or why it cannot. */
export type GoFake = { route: RouteMapping } | { reason: string };

const METHODS: Readonly<Record<string, string>> = {
  MethodGet: "GET",
  MethodPost: "POST",
  MethodPut: "PUT",
  MethodPatch: "PATCH",
  MethodDelete: "DELETE",
};

/** Whether tokens [k-3, k] are `X.URL.Path` ending at k (`r.URL.Path`, `req.URL.Path`). */
const urlPathEndsAt = (tokens: readonly Token[], k: number) =>
  tokens[k]?.text === "Path" && tokens[k - 1]?.text === "." && tokens[k - 2]?.text === "URL" && tokens[k - 3]?.text === "." && tokens[k - 4]?.kind === "ident";

/**
 * A fake's own path parameter: a handler the test's fake server hands the request's method and path
 * to (`func(method, path string, body []byte) (int, string)`, called with `r.URL.Path`). Only in the
 * package's `_test.go` files (client-base.ts), and only under these names.
 */
const PATH_NAMES = /^(?:path|urlPath|reqPath|requestPath)$/;
const METHOD_NAMES = /^(?:method|reqMethod|requestMethod)$/;
const pathParamAt = (tokens: readonly Token[], k: number) =>
  tokens[k]?.kind === "ident" && PATH_NAMES.test(tokens[k]?.text ?? "") && tokens[k - 1]?.text !== ".";
/** Whether token k ends a request path: `X.URL.Path`, or a fake's path parameter. */
const pathEndsAt = (tokens: readonly Token[], k: number) => urlPathEndsAt(tokens, k) || pathParamAt(tokens, k);

/** Whether the request path ending at token k is the first argument of `strings.HasPrefix(`. */
function hasPrefixOpen(tokens: readonly Token[], k: number): boolean {
  const open = urlPathEndsAt(tokens, k) ? k - 5 : pathParamAt(tokens, k) ? k - 1 : -1;
  return (
    open >= 0 && tokens[open]?.text === "(" && tokens[open - 1]?.text === "HasPrefix" && tokens[open - 2]?.text === "." && tokens[open - 3]?.text === "strings"
  );
}

/** Whether tokens from k are `X.URL.Path`, or a fake's path parameter. */
const urlPathStartsAt = (tokens: readonly Token[], k: number) =>
  (tokens[k]?.kind === "ident" && urlPathEndsAt(tokens, k + 4)) || (pathParamAt(tokens, k) && tokens[k + 1]?.text !== ".");

/** How the literal at token `lit` is compared with the request's path, and the condition it is in: [from, to] token indexes. */
function comparison(tokens: readonly Token[], lit: number): { how: "equal" | "unequal" | "prefix" | "case"; from: number; to: number } | undefined {
  const before = tokens[lit - 1]?.text;
  const after = tokens[lit + 1]?.text;
  let how: "equal" | "unequal" | "prefix" | "case" | undefined;
  if ((before === "==" || before === "!=") && pathEndsAt(tokens, lit - 2)) how = before === "==" ? "equal" : "unequal";
  else if ((after === "==" || after === "!=") && urlPathStartsAt(tokens, lit + 2)) how = after === "==" ? "equal" : "unequal";
  else if (before === "," && after === ")" && hasPrefixOpen(tokens, lit - 2)) how = "prefix";
  else {
    // `case "/a", "/b":` under `switch r.URL.Path {`.
    let k = lit;
    while (tokens[k - 1]?.text === "," && tokens[k - 2]?.kind === "str") k -= 2;
    if (tokens[k - 1]?.text !== "case") return undefined;
    const open = matchOpen(tokens, k - 1, 40_000);
    if (open < 0 || tokens[open]?.text !== "{" || !urlPathEndsAt(tokens, open - 1) || tokens[open - 6]?.text !== "switch") return undefined;
    let to = lit;
    while (to < tokens.length && tokens[to]?.text !== ":") to++;
    return { how: "case", from: k - 1, to };
  }
  if (how === undefined) return undefined;
  // The condition: back to `if`/`case`/`{`/`;` and on to its `{` or `:` (brackets skipped).
  let from = lit;
  for (let depth = 0; from > 0; from--) {
    const t = tokens[from - 1] as Token;
    if (t.text === ")" || t.text === "]") depth++;
    else if (t.text === "(" || t.text === "[") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.text === "if" || t.text === "case" || t.text === "{" || t.text === "}" || t.text === ";" || t.kind === "nl")) break;
  }
  let to = lit;
  for (let depth = 0; to + 1 < tokens.length; to++) {
    const t = tokens[to + 1] as Token;
    if (t.text === "(" || t.text === "[") depth++;
    else if (t.text === ")" || t.text === "]") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.text === "{" || t.text === ":" || t.text === ";")) break;
  }
  return { how, from, to };
}

/** The method the condition [from, to] states (`r.Method == "DELETE"`, `http.MethodPost == req.Method`), if one. */
function statedMethod(tokens: readonly Token[], from: number, to: number): string | undefined {
  const named = (k: number) => (tokens[k - 1]?.text === "." && tokens[k - 2]?.text === "http" ? METHODS[tokens[k]?.text ?? ""] : undefined);
  for (let k = from; k <= to; k++) {
    // A fake's own method parameter (`method == "GET"`), as its path parameter.
    const parameter = tokens[k]?.kind === "ident" && METHOD_NAMES.test(tokens[k]?.text ?? "") && tokens[k - 1]?.text !== ".";
    if (parameter) {
      const right = tokens[k + 1]?.text === "==" || tokens[k + 1]?.text === "!=" ? tokens[k + 2] : undefined;
      if (right?.kind === "str") return literalText(right.parts ?? []).toUpperCase();
      if (right?.text === "http" && tokens[k + 3]?.text === ".") return METHODS[tokens[k + 4]?.text ?? ""];
      continue;
    }
    if (tokens[k]?.text !== "Method" || tokens[k - 1]?.text !== "." || tokens[k - 2]?.kind !== "ident" || tokens[k - 2]?.text === "http") continue;
    // `r.Method == <value>`, `<value> == r.Method`, or a guard (`r.Method != http.MethodPost || r.URL.Path != "/pods"`).
    const compares = (operator: string | undefined) => operator === "==" || operator === "!=";
    const right = compares(tokens[k + 1]?.text) ? tokens[k + 2] : undefined;
    if (right?.kind === "str") return literalText(right.parts ?? []).toUpperCase();
    if (right?.text === "http" && tokens[k + 3]?.text === ".") return METHODS[tokens[k + 4]?.text ?? ""];
    if (compares(tokens[k - 3]?.text)) {
      const left = tokens[k - 4];
      if (left?.kind === "str") return literalText(left.parts ?? []).toUpperCase();
      return named(k - 4);
    }
  }
  return undefined;
}

/** The tokens [from, to] the branch that serves the matched path answers in. */
function branchOf(tokens: readonly Token[], how: string, from: number, to: number): [number, number] | undefined {
  if (how === "case") {
    // To the next `case`/`default` of the same switch, or its `}`.
    let depth = 0;
    for (let k = to + 1; k < tokens.length && k - to < 4000; k++) {
      const t = tokens[k] as Token;
      if (t.text === "{" || t.text === "(" || t.text === "[") depth++;
      else if (t.text === "}" || t.text === ")" || t.text === "]") {
        if (depth === 0) return [to + 1, k - 1];
        depth--;
      } else if (depth === 0 && (t.text === "case" || t.text === "default")) return [to + 1, k - 1];
    }
    return undefined;
  }
  const open = to + 1;
  if (tokens[open]?.text === ":") return branchOf(tokens, "case", from, to + 1);
  if (tokens[open]?.text !== "{") return undefined;
  const close = matchClose(tokens, open, 40_000);
  if (close < 0) return undefined;
  if (how !== "unequal") return [open + 1, close - 1];
  // `if r.URL.Path != "/pods" { t.Fatal(…) }`: the answer is what follows, up to the end of the enclosing block.
  const outer = matchOpen(tokens, from - 1, 40_000);
  const end = outer >= 0 ? matchClose(tokens, outer, 40_000) : -1;
  return end > close ? [close + 1, end - 1] : undefined;
}

/** Why the branch's canned answer is v1-shaped for `route`, or undefined when nothing in it shows that. */
function v1Shaped(tokens: readonly Token[], branch: [number, number], route: RouteMapping): string | undefined {
  const listKey = route.operation ? LIST_KEYS[route.operation] : undefined;
  const kind = responseKindOf(route.operation);
  const fields = kind ? RESPONSE_FIELDS[kind] : undefined;
  const v1Field = (name: string) => (fields && Object.hasOwn(fields, name) ? name : undefined);
  for (let k = branch[0]; k <= branch[1]; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "str" || t.parts?.some((part) => "hole" in part)) continue;
    const text = literalText(t.parts ?? []);
    // A map key of a Go literal (`"desiredStatus": "RUNNING"`).
    if (tokens[k + 1]?.text === ":" && v1Field(text)) return `the v1 field \`${text}\` (v2: ${fields?.[text]?.note ?? "elsewhere"})`;
    const trimmed = text.trim();
    if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      continue;
    }
    if (Array.isArray(value) && listKey !== undefined) return `a bare array, where v2 answers \`{"${listKey}": [...]}\``;
    const objects = Array.isArray(value) ? value : [value];
    for (const object of objects) {
      if (object === null || typeof object !== "object") continue;
      const field = Object.keys(object).find((name) => v1Field(name));
      if (field !== undefined) return `the v1 field \`${field}\` (v2: ${fields?.[field]?.note ?? "elsewhere"})`;
    }
  }
  return undefined;
}

/**
 * The fake a relative v1 path literal at token `lit` of a Go test file is part of, if it is
 * compared with the request's path (`r.URL.Path`), with the route its handler serves (the method
 * its condition states, else the one `inferred` was read with) or why it cannot move with the client.
 */
export function goFakeAt(tokens: readonly Token[], lit: number, inferred: RouteMapping): GoFake | undefined {
  const token = tokens[lit];
  if (token?.kind !== "str" || token.parts?.some((part) => "hole" in part)) return undefined;
  const compared = comparison(tokens, lit);
  if (!compared) return undefined;
  const method = statedMethod(tokens, compared.from, compared.to);
  const path = literalText(token.parts ?? []);
  let route = inferred;
  if (method !== undefined) {
    const stated = ROUTES.find((candidate) => candidate.method === method && candidate.v1 === inferred.v1);
    if (!stated) return { reason: `the fake answers ${method} ${path}, a route v1 does not have: change it by hand with its client` };
    route = stated;
    if (stated.v2Method !== method)
      return {
        reason: `the fake answers ${method} ${path}, which v2 serves as ${stated.v2Method} ${stated.v2?.replace(/^\/v2/, "") ?? ""}: change its method check and its path with the client by hand`,
      };
  } else {
    // Any method on this path: each v1 route of it must keep its path in v2 the same way.
    const targets = new Set(ROUTES.filter((candidate) => candidate.v1 === inferred.v1).map((candidate) => candidate.v2));
    if (targets.size !== 1)
      return { reason: `the fake answers ${path} for any method, and v2 serves this path's methods at different paths: change it by hand with its client` };
  }
  if (route.v2 === null) return { reason: `v2 has no equivalent of ${route.method} ${route.v1}: change the fake with its client by hand` };
  const branch = branchOf(tokens, compared.how, compared.from, compared.to);
  const shaped = branch ? v1Shaped(tokens, branch, route) : undefined;
  if (shaped !== undefined)
    return {
      reason: `this test fake answers ${route.method} ${path} in v1's shape, and the v2 response shape differs: ${shaped}; change its answer to v2's (${route.v2Method} ${route.v2.replace(/^\/v2/, "")}) with the client's reading of it, by hand`,
    };
  return { route };
}
