// Test fakes and request assertions of this API's v1 URLs (issue 41): a client's tests fake the
// very requests it sends (`Http::fake(['https://rest.runpod.io/v1/pods*' => …])`,
// `responses.add(responses.GET, "https://rest.runpod.io/v1/pods/p1", json=…)`,
// `nock("https://rest.runpod.io").get("/v1/pods")`, msw `http.get("…/v1/pods", …)`), so when the
// client's base moves to v2 they move with it (cli/migrate/scan-fix.ts), or the tests would stop
// matching. This reads them, plans the URL each becomes, and says how a canned response body is
// shaped for v1 where v2 answers otherwise. Pure.

import { LEXERS, languageOf } from "./lex/languages.js";
import { literalText, type Token } from "./lex/tokens.js";
import { matchClose } from "./evaluate.js";
import { lineAt } from "./candidate.js";
import { ROUTES, type RouteMapping, V1_SERVER_HOST } from "../route-table.js";
import { LIST_KEYS, RESPONSE_FIELDS, responseKindOf } from "../tables/response-fields.js";
import { DEFAULT_BASE_URL } from "../../live/flags.js";
import type { Finding } from "./resolve.js";

/** The v1 document's server, as a fake writes it before a path; and the v2 base a fix moves it to. */
const V1_BASE = `https://${V1_SERVER_HOST}/v1`;
const V2_BASE = `${DEFAULT_BASE_URL}/v2`;
const HTTP_VERBS = /^(?:get|post|put|patch|delete|head|options)$/i;
/** Laravel's request assertions: every v1 URL literal inside the call is one. */
const PHP_ASSERTIONS = new Set(["assertSent", "assertNotSent", "assertSentInOrder"]);

/** A place a fake writes text: [start, end) of the literal's content in the source. */
interface Literal {
  start: number;
  end: number;
  text: string;
}

export interface Fake {
  file: string;
  /** The API version of the URL it fakes: a v1 URL (moved with its client), or a v2 one (its canned body checked). */
  version: 1 | 2;
  /** The base its URL starts with (nock: the scope's origin and the path's first segment). */
  base: string;
  /** What fakes the request: `Http::fake`, `Http::assertSent`, `responses`, `respx`, `requests_mock`, `nock`, `msw`. */
  kind: string;
  /** The literal holding the URL; for nock the path (`/v1/pods`) and `host` its scope's origin. */
  url: Literal;
  host?: Literal;
  /** The method the fake states, upper-case; undefined when it matches any (`Http::fake` keys). */
  method?: string;
  /** The canned response body: the tokens of its literal (dialect's syntax), when one is written. */
  body?: { tokens: Token[]; open: number; dialect: string; at: number };
  /** Fakes that share a table (one `Http::fake([...])`, one nock scope): they collide or move together. */
  group: string;
  line: number;
  column: number;
}

/** The v1 path a fake matches, read from its URL: segments after `/v1`, what follows the path, whether it ends in a wildcard. */
export interface FakePath {
  segments: string[];
  tail: string;
  prefix: boolean;
}

const stringAt = (tokens: readonly Token[], k: number): string | undefined => {
  const t = tokens[k];
  return t?.kind === "str" && t.parts && t.parts.every((part) => "text" in part) ? literalText(t.parts) : undefined;
};

/** The literal's content span when the source writes it as plain text (no escapes). */
function literalAt(text: string, t: Token, value: string): Literal | undefined {
  const at = text.indexOf(value, t.start);
  if (at < 0 || at + value.length > t.end || value === "") return undefined;
  return { start: at, end: at + value.length, text: value };
}

/** The argument spans [a, b] of the call whose `(` is at `open` (top-level commas). */
function argsOf(tokens: readonly Token[], open: number): [number, number][] {
  const close = matchClose(tokens, open);
  if (close < 0) return [];
  const args: [number, number][] = [];
  let from = open + 1;
  let depth = 0;
  for (let k = open + 1; k < close; k++) {
    const x = tokens[k]?.text;
    if (tokens[k]?.kind !== "punct") continue;
    if (x === "(" || x === "[" || x === "{") depth++;
    else if (x === ")" || x === "]" || x === "}") depth--;
    else if (x === "," && depth === 0) {
      if (k > from) args.push([from, k - 1]);
      from = k + 1;
    }
  }
  if (close > from) args.push([from, close - 1]);
  return args.map(([a, b]) => {
    let start = a;
    let end = b;
    while (tokens[start]?.kind === "nl") start++;
    while (tokens[end]?.kind === "nl") end--;
    return [start, end];
  });
}

/** A keyword argument `name=` among args: the index of its value's first token. */
function keyword(tokens: readonly Token[], args: readonly [number, number][], name: string): number | undefined {
  for (const [a] of args) if (tokens[a]?.text === name && tokens[a + 1]?.text === "=") return a + 2;
  return undefined;
}

/** Every fake of this API's v1 URLs (or, with `version` 2, of the v2 base `v2Base`) in one file. */
export function fakesIn(file: string, text: string, version: 1 | 2 = 1, v2Base = V2_BASE): Fake[] {
  const base = version === 1 ? V1_BASE : v2Base.replace(/\/$/, "").toLowerCase();
  const origin = new URL(base).origin;
  if (!text.includes(new URL(base).host)) return [];
  const dialect = languageOf(file, text);
  if (dialect !== "php" && dialect !== "python" && dialect !== "js") return [];
  const tokens = LEXERS[dialect](text);
  const fakes: Fake[] = [];
  const push = (fake: Omit<Fake, "file" | "version" | "base" | "line" | "column">) => {
    const { line, column } = lineAt(text, fake.url.start);
    fakes.push({ file, version, base, line, column, ...fake });
  };
  const onBase = (value: string | undefined) => value !== undefined && value.toLowerCase().startsWith(base) && /^(?:[/*?#]|$)/.test(value.slice(base.length));
  const bodyAt = (k: number | undefined) => (k === undefined ? undefined : { tokens, open: k, dialect, at: tokens[k]?.start ?? 0 });
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident") continue;
    if (dialect === "php" && t.text === "Http" && tokens[k + 1]?.text === "::") {
      const name = tokens[k + 2]?.text ?? "";
      const open = k + 3;
      if (tokens[open]?.text !== "(") continue;
      const close = matchClose(tokens, open);
      if (name === "fake" && tokens[open + 1]?.text === "[") {
        const table = open + 1;
        for (const [a, b] of argsOf(tokens, table)) {
          const url = stringAt(tokens, a);
          if (!onBase(url) || tokens[a + 1]?.text !== "=>") continue;
          const literal = literalAt(text, tokens[a] as Token, url as string);
          if (!literal) continue;
          // `Http::response([...], 200)`: the first argument is the body.
          let body: Fake["body"];
          if (tokens[a + 2]?.text === "Http" && tokens[a + 4]?.text === "response" && tokens[a + 5]?.text === "(" && a + 6 <= b) body = bodyAt(a + 6);
          push({ kind: "Http::fake", url: literal, group: `${file}:${table}`, ...(body ? { body } : {}) });
        }
      } else if (PHP_ASSERTIONS.has(name)) {
        for (let j = open + 1; j < close; j++) {
          const url = stringAt(tokens, j);
          const literal = onBase(url) ? literalAt(text, tokens[j] as Token, url as string) : undefined;
          if (literal) push({ kind: `Http::${name}`, url: literal, group: `${file}:${j}` });
        }
      }
      continue;
    }
    if (dialect === "python" && tokens[k + 1]?.text === "." && tokens[k - 1]?.text !== ".") {
      const receiver = t.text;
      const library = pythonMock(text, receiver);
      if (library === undefined) continue;
      const verb = tokens[k + 2]?.text ?? "";
      const open = k + 3;
      if (tokens[open]?.text !== "(") continue;
      const args = argsOf(tokens, open);
      let method: string | undefined;
      let urlAt: number | undefined;
      if (verb === "add" && library === "responses") {
        // `responses.add(responses.GET, "url", …)` or `add(method=…, url=…)`.
        const first = args[0];
        if (first && tokens[first[0] + 1]?.text === "." && HTTP_VERBS.test(tokens[first[0] + 2]?.text ?? "")) {
          method = (tokens[first[0] + 2] as Token).text.toUpperCase();
          urlAt = args[1]?.[0];
        } else {
          const named = keyword(tokens, args, "method");
          method = named === undefined ? undefined : stringAt(tokens, named)?.toUpperCase();
          urlAt = keyword(tokens, args, "url");
        }
      } else if (HTTP_VERBS.test(verb)) {
        method = verb.toUpperCase();
        urlAt = args[0]?.[0];
        if (tokens[urlAt ?? -1]?.text === "url" && tokens[(urlAt ?? -1) + 1]?.text === "=") urlAt = (urlAt as number) + 2;
      }
      const url = urlAt === undefined ? undefined : stringAt(tokens, urlAt);
      if (!onBase(url)) continue;
      const literal = literalAt(text, tokens[urlAt as number] as Token, url as string);
      if (!literal) continue;
      // The canned body: `json=` in the call, or (respx) in what the route is mocked with.
      let body = keyword(tokens, args, "json");
      if (body === undefined && library === "respx") {
        const end = matchClose(tokens, open);
        for (let j = end + 1; j < tokens.length && j - end < 60 && tokens[j]?.kind !== "nl"; j++)
          if (tokens[j]?.text === "json" && tokens[j + 1]?.text === "=") {
            body = j + 2;
            break;
          }
      }
      push({ kind: library, url: literal, ...(method ? { method } : {}), group: `${file}:${k}`, ...(body === undefined ? {} : { body: bodyAt(body) }) });
      continue;
    }
    if (dialect === "js" && t.text === "nock" && tokens[k + 1]?.text === "(" && tokens[k - 1]?.text !== ".") {
      const scope = stringAt(tokens, k + 2);
      if (scope === undefined || scope.replace(/\/$/, "").toLowerCase() !== origin || tokens[k + 3]?.text !== ")") continue;
      const host = literalAt(text, tokens[k + 2] as Token, scope.replace(/\/$/, ""));
      if (!host) continue;
      // The scope's chain: `.get("/v1/pods").reply(200, body)` …, up to the end of the statement.
      let j = k + 3;
      while (tokens[j + 1]?.text === "." || (tokens[j + 1]?.kind === "nl" && tokens[j + 2]?.text === ".")) {
        if (tokens[j + 1]?.kind === "nl") j++;
        const verb = tokens[j + 2]?.text ?? "";
        const open = j + 3;
        if (tokens[open]?.text !== "(") break;
        const close = matchClose(tokens, open);
        if (close < 0) break;
        const path = HTTP_VERBS.test(verb) ? stringAt(tokens, open + 1) : undefined;
        if (path !== undefined && onBase(`${origin}${path}`)) {
          const literal = literalAt(text, tokens[open + 1] as Token, path);
          // Its reply: `.reply(200, body)` right after.
          let body: Fake["body"];
          if (tokens[close + 1]?.text === "." && tokens[close + 2]?.text === "reply" && tokens[close + 3]?.text === "(") {
            const replied = argsOf(tokens, close + 3);
            if (replied[1]) body = bodyAt(replied[1][0]);
          }
          if (literal) push({ kind: "nock", url: literal, host, method: verb.toUpperCase(), group: `${file}:${k}`, ...(body ? { body } : {}) });
        }
        j = close;
      }
      continue;
    }
    if (
      dialect === "js" &&
      (t.text === "http" || t.text === "rest") &&
      tokens[k + 1]?.text === "." &&
      HTTP_VERBS.test(tokens[k + 2]?.text ?? "") &&
      /from\s+["']msw["']/.test(text)
    ) {
      const open = k + 3;
      if (tokens[open]?.text !== "(") continue;
      const url = stringAt(tokens, open + 1);
      if (!onBase(url)) continue;
      const literal = literalAt(text, tokens[open + 1] as Token, url as string);
      if (!literal) continue;
      const close = matchClose(tokens, open);
      let body: Fake["body"];
      for (let j = open + 2; j < close; j++)
        if (
          tokens[j]?.text === "json" &&
          tokens[j - 1]?.text === "." &&
          tokens[j + 1]?.text === "(" &&
          (tokens[j - 2]?.text === "HttpResponse" || tokens[j - 2]?.text === "ctx")
        ) {
          body = bodyAt(j + 2);
          break;
        }
      push({ kind: "msw", url: literal, method: (tokens[k + 2] as Token).text.toUpperCase(), group: `${file}:${k}`, ...(body ? { body } : {}) });
    }
  }
  return fakes;
}

/** The mocking library a Python name stands for in this file, if it is one. */
function pythonMock(text: string, name: string): string | undefined {
  if (name === "responses" && /^\s*import\s+responses\b/m.test(text)) return "responses";
  if ((name === "respx" && /^\s*import\s+respx\b/m.test(text)) || name === "respx_mock") return "respx";
  if (name === "requests_mock") return "requests_mock";
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (new RegExp(`responses\\.RequestsMock\\([^)]*\\)\\s+as\\s+${escaped}\\b`).test(text)) return "responses";
  if (new RegExp(`(?:requests_mock\\.Mocker\\([^)]*\\)\\s+as\\s+${escaped}\\b|\\b${escaped}\\s*=\\s*requests_mock\\.Mocker\\()`).test(text))
    return "requests_mock";
  if (new RegExp(`respx\\.mock\\([^)]*\\)\\s+as\\s+${escaped}\\b`).test(text)) return "respx";
  return undefined;
}

/** The v1 path of a fake's URL (the part after `https://rest.runpod.io/v1`, or nock's path after `/v1`). */
export function fakePath(fake: Fake): FakePath {
  const rest = fake.host ? fake.url.text.slice(new URL(fake.base).pathname.replace(/\/$/, "").length) : fake.url.text.slice(fake.base.length);
  const cut = rest.search(/[?#*]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const tail = cut < 0 ? "" : rest.slice(cut);
  const segments = path.split("/").filter((segment, i) => i > 0 || segment !== "");
  while (segments.length > 0 && segments[segments.length - 1] === "") segments.pop();
  return { segments, tail, prefix: tail.startsWith("*") || (tail === "" && rest.endsWith("/*")) };
}

/** The routes a fake's path is (its method's when stated): by their v1 path, or their v2 path for a fake of a v2 URL. */
export function fakeRoutes(fake: Fake, path: FakePath = fakePath(fake)): RouteMapping[] {
  return ROUTES.filter((route) => {
    if (fake.method !== undefined && (fake.version === 1 ? route.method : route.v2Method) !== fake.method) return false;
    if (fake.version === 2 && route.v2 === null) return false;
    const pattern = fake.version === 1 ? route.v1 : (route.v2 as string).replace(/^\/v2/, "");
    const parts = pattern.split("/").filter((segment) => segment !== "");
    return parts.length === path.segments.length && parts.every((part, i) => part.startsWith("{") || part === path.segments[i]);
  });
}

/** Whether the fake matches a request to the v1 route `route` (a route pattern, e.g. `/pods/{podId}/stop`). */
export function fakeMatches(fake: Fake, route: RouteMapping, path: FakePath = fakePath(fake)): boolean {
  if (fake.method !== undefined && fake.method !== route.method) return false;
  const parts = route.v1.split("/").filter((segment) => segment !== "");
  if (path.prefix ? parts.length < path.segments.length : parts.length !== path.segments.length) return false;
  return path.segments.every((segment, i) => {
    const part = parts[i] as string;
    if (part.startsWith("{")) return true;
    // A wildcard may stop inside the last segment (`pods*` is `pods`, `pod*` is not a route).
    return part === segment;
  });
}

/**
 * The text the fake's URL literal becomes when the client's base becomes `v2Base`, or why it
 * cannot: each literal segment renamed as the route table says, ids kept as written.
 */
export function planFake(fake: Fake, v2Base: string): { edits: { start: number; end: number; text: string }[] } | { reason: string } {
  const path = fakePath(fake);
  const routes = fakeRoutes(fake, path);
  const segments: string[] = [];
  if (path.segments.length > 0) {
    if (routes.length === 0) return { reason: `\`${fake.url.text}\` is not a v1 route v2kit knows` };
    const targets = new Set(routes.map((route) => route.v2));
    const route = routes[0] as RouteMapping;
    if (route.v2 === null || targets.size > 1)
      return { reason: route.v2 === null ? `v2 has no route for ${route.method} ${route.v1}` : `the route it fakes has more than one v2 path (by method)` };
    if (fake.method !== undefined && route.v2Method !== fake.method)
      return { reason: `v2 serves this route as ${route.v2Method}: change the fake's method by hand` };
    const v1Parts = route.v1.split("/").filter((segment) => segment !== "");
    const v2Parts = route.v2
      .split("/")
      .filter((segment) => segment !== "")
      .slice(1);
    for (const [i, part] of v1Parts.entries()) {
      const target = v2Parts[i];
      if (target === undefined) continue;
      if (part.startsWith("{") !== target.startsWith("{")) return { reason: "the v2 path places the id elsewhere" };
      segments.push(part.startsWith("{") ? (path.segments[i] as string) : target);
    }
    if (v2Parts.length > v1Parts.length) return { reason: "the path has a shape the route table does not" };
  }
  if (path.tail.includes("?")) return { reason: "its URL has a query: v2kit does not rewrite a fake's query" };
  const rest = fake.host ? fake.url.text.slice(new URL(fake.base).pathname.replace(/\/$/, "").length) : fake.url.text.slice(fake.base.length);
  const written = rest.replace(/[?#*].*$/, "");
  const newPath = segments.length > 0 ? `/${segments.join("/")}${written.endsWith("/") ? "/" : ""}` : written;
  if (fake.host) {
    const base = new URL(v2Base);
    return {
      edits: [
        { start: fake.host.start, end: fake.host.end, text: base.origin },
        { start: fake.url.start, end: fake.url.end, text: `${base.pathname.replace(/\/$/, "")}${newPath}${path.tail}` },
      ],
    };
  }
  return { edits: [{ start: fake.url.start, end: fake.url.end, text: `${v2Base.replace(/\/$/, "")}${newPath}${path.tail}` }] };
}

/** The top-level shape of a canned body literal: a list or an object, and the keys of the object (or of the list's objects). */
function bodyShape(body: NonNullable<Fake["body"]>): { list: boolean; keys: string[]; empty: boolean } | undefined {
  const { tokens, open, dialect } = body;
  const first = tokens[open];
  if (first?.text !== "[" && first?.text !== "{") return undefined;
  const close = matchClose(tokens, open);
  if (close < 0) return undefined;
  const pair = dialect === "php" ? "=>" : ":";
  const isMap = (at: number) => {
    if (tokens[at]?.text === "{") return true;
    if (dialect !== "php" || tokens[at]?.text !== "[") return false;
    const end = matchClose(tokens, at);
    for (let j = at + 1, depth = 0; j < end; j++) {
      const x = tokens[j]?.text;
      if (x === "(" || x === "[" || x === "{") depth++;
      else if (x === ")" || x === "]" || x === "}") depth--;
      else if (depth === 0 && x === "=>") return true;
    }
    return false;
  };
  const keysOf = (at: number) => {
    const keys: string[] = [];
    const end = matchClose(tokens, at);
    for (let j = at + 1, depth = 0; j < end; j++) {
      const x = tokens[j]?.text;
      if (x === "(" || x === "[" || x === "{") depth++;
      else if (x === ")" || x === "]" || x === "}") depth--;
      else if (depth === 0 && tokens[j + 1]?.text === pair) {
        const key = stringAt(tokens, j) ?? (dialect === "js" && tokens[j]?.kind === "ident" ? tokens[j]?.text : undefined);
        if (key !== undefined && (tokens[j - 1]?.text === "," || j === at + 1 || tokens[j - 1]?.kind === "nl")) keys.push(key);
      }
    }
    return keys;
  };
  const empty = close === open + 1;
  if (isMap(open)) return { list: false, keys: keysOf(open), empty };
  const keys: string[] = [];
  for (let j = open + 1, depth = 0; j < close; j++) {
    const x = tokens[j]?.text;
    if (depth === 0 && (x === "[" || x === "{") && isMap(j)) keys.push(...keysOf(j));
    if (x === "(" || x === "[" || x === "{") depth++;
    else if (x === ")" || x === "]" || x === "}") depth--;
  }
  return { list: true, keys: [...new Set(keys)], empty };
}

/**
 * How the fake's canned body is shaped for v1 where the v2 route answers otherwise: each v1
 * field with its v2 place, a bare list v2 wraps in an object. Undefined when nothing differs
 * or the body is not a literal v2kit reads.
 */
export function v1ResponseShape(fake: Fake): { route: RouteMapping; problems: string[] } | undefined {
  if (!fake.body) return undefined;
  const shape = bodyShape(fake.body);
  if (!shape) return undefined;
  const routes = fakeRoutes(fake).filter((route) => route.v2 !== null);
  const route = routes.find((candidate) => candidate.method === "GET") ?? routes[0];
  if (!route) return undefined;
  const operation = route.operation;
  const problems: string[] = [];
  const wrapper = operation === undefined ? undefined : LIST_KEYS[operation];
  // An empty `[]` under a wildcard (`pods*`) answers every request under it, not only the list.
  if (wrapper !== undefined && shape.list && !(fakePath(fake).prefix && shape.empty))
    problems.push(`v2 answers a list wrapped in an object, \`{"${wrapper}": [...]}\`, where this fake answers a bare list`);
  const kind = responseKindOf(operation);
  const fields = kind === undefined ? {} : RESPONSE_FIELDS[kind];
  for (const key of shape.keys) {
    const field = fields[key];
    if (!field) continue;
    problems.push(field.to === null ? `\`${key}\` is not in the v2 response (${field.note})` : `\`${key}\` is \`${field.to.join(".")}\` in v2 (${field.note})`);
  }
  return problems.length > 0 ? { route, problems } : undefined;
}

/** `v1-fake-response` findings: the fakes whose canned body has v1's shape where v2 answers otherwise, at their place in `text`. */
export function fakeResponseFindings(fakes: readonly Fake[], text: string): Finding[] {
  const out: Finding[] = [];
  for (const one of fakes) {
    const shape = v1ResponseShape(one);
    if (!shape || !one.body) continue;
    const { line, column } = lineAt(text, one.body.at);
    const { route, problems } = shape;
    out.push({
      line,
      column,
      match: one.url.text,
      v1: { method: route.method, path: route.v1 },
      v2: route.v2 === null ? null : { method: route.v2Method, path: route.v2 },
      notes: problems.map((message) => ({
        level: "warning" as const,
        message: `this fake's canned response has v1's shape: ${message}; make it what v2 answers`,
      })),
      confidence: "certain",
      inferred: [],
      ruleId: "v1-fake-response",
    });
  }
  return out;
}

/** `v1-fake-response` findings of a file: its fakes of v2 URLs whose canned body still has v1's shape. */
export function v2FakeFindings(file: string, text: string, v2Base = V2_BASE): Finding[] {
  return fakeResponseFindings(fakesIn(file, text, 2, v2Base), text);
}
