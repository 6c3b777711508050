// `migrate scan --fix`: the client is the unit of migration (issue 41, item 1). Real clients keep
// one v1 base URL (a constant, a default argument, a class attribute, an environment default, a
// config value, in any file of the tree) and send relative paths through one request function
// (`self._make_request("GET", "/pods")`, `c.newReq(ctx, "GET", "/pods/"+id, nil)`,
// `restRequest("GET", "/pods")`). This finds each such base, the names it reaches through
// (`BaseURL: DefaultBaseURL`, `base_url=RUNPOD_REST_URL`), the functions whose bodies join it to a
// path, and every call of those functions; scan/fix.ts then changes the base and the calls
// together, or leaves all of them with the reason. Pure: the CLI hands in the texts.

import { dirname } from "node:path";
import { type Finding } from "./resolve.js";
import { LEXERS, languageOf } from "./lex/languages.js";
import type { Dialect } from "./method.js";
import { matchClose, matchOpen, nameKey, openersAround, WALK_LIMIT } from "./evaluate.js";
import { lineAt } from "./candidate.js";
import type { Token } from "./lex/tokens.js";
import { literalText } from "./lex/tokens.js";
import { type ClientObject, clientObjectsIn, importsObject, objectOfCall, objectUses } from "./client-objects.js";
import { goValueLeads, identArgument, isGoParameter, joinedParameter, leadingLiterals, listItems, parametersOf, prefixBranches, sentVia } from "./chains.js";
import { type GoFake, goFakeAt } from "./go-fakes.js";
import { type GoSentBody, goBodyParameter, goSentBody } from "./go-body.js";
import { type PythonScope, definitionScope, holeUses, reachesScope } from "./python-scope.js";
import { bodyEnd, definitionOf } from "./definition.js";
import { isV2Route, keepsPath } from "./v2-routes.js";

/** A v1 base URL literal: `https://rest.runpod.io/v1` (a trailing `/` kept), exactly as written. */
const V1_BASE_LITERAL = /^https:\/\/rest\.runpod\.io\/v1\/?$/i;
const V1_BASE_TEXT = "https://rest.runpod.io/v1";
const ASSIGN = new Set(["=", ":=", ":"]);
const TYPE_NAMES = new Set(["string", "str", "String"]);
/** Tokens after which a line break does not end a statement. */
const CONTINUES = new Set(["(", "[", "{", ",", "=", "+", ":=", "||", "??", "or", "and", "&&"]);
const NOT_FUNCTIONS = new Set(["if", "for", "while", "switch", "catch", "with", "elif", "return", "function", "func"]);
/** Tokens before a call that make it part of a condition or expression, not a function's definition. */
const CONDITION = new Set(["if", "for", "while", "switch", "else", "elif", "case", "return", "&&", "||", "!", "==", "!=", "=", ":="]);
/** Operators that never stand between a function's parameters and its body. */
const OPERATORS = new Set(["==", "!=", "===", "!==", "<=", ">=", "&&", "||", "+", "-", "!"]);
/** How far back from a use a walk looks for the function it is in (tokens). */
const FUNCTION_WALK = 50_000;
/** How many request functions deep a path parameter is followed (`Post` → `makeRequest` → `doRequest` → `buildURL`). */
const CHAIN_DEPTH = 8;

const dirOf = (path: string) => (/[\\/]/.test(path) ? path.replace(/[\\/][^\\/]*$/, "") : ".");

export interface ClientBase {
  file: string;
  /** The source span of `https://rest.runpod.io/v1` in the literal (a trailing slash left out). */
  start: number;
  end: number;
  line: number;
}

/**
 * The body a client's call sends, read where the call is made (rust-client.ts: `.json(&input)` on the
 * request builder a request method returns): `elsewhere`, what it sends; `unsure`, why v2kit cannot
 * read it as the call's JSON body (then the call is never fixed).
 */
export interface SentElsewhere {
  elsewhere: string;
  unsure?: string;
}

/** One v1 base and the calls that reach it through request functions. */
export interface ClientUnit {
  /** The name the base is defined under, as written at its first definition (`api_base_url`, `DefaultBaseURL`). */
  name: string;
  bases: ClientBase[];
  /** The request functions whose bodies join the base to a path. */
  functions: string[];
  /**
   * The relative-path findings passed to those functions, each with the function; `direct` when
   * the call is a request method of an HTTP client object made with the base (client-objects.ts):
   * the call itself sends the request, so its body is the call's own; `fake` when it is a path a Go
   * test's `httptest` handler compares with the request's (go-fakes.ts): it moves with the calls.
   */
  members: { finding: Finding; fn: string; direct?: true; body?: SentElsewhere; fake?: GoFake; goBody?: GoSentBody }[];
  /** Why the base cannot change at all: code other than those calls uses it. */
  blocked?: string;
  /**
   * Go: calls of the request functions with a relative literal path that names no v1 route
   * (`c.Put(ctx, fmt.Sprintf("/secrets/%s", name), …)`), where, with the path's start: on the v1
   * base they fail today (v1 is retired), so the base moves past them only with --unsafe-fixes.
   */
  strays?: string[];
}

interface Lexed {
  path: string;
  text: string;
  tokens: Token[];
  dialect: Dialect;
  /** Python: the text's lines, split once (a file may have many uses). */
  lines?: string[];
}

const where = (file: Lexed, offset: number, shown: (p: string) => string) => `${shown(file.path)}:${lineAt(file.text, offset).line}`;

/**
 * The client units of a tree: `sources` are its code files (path → text), `files` the findings of
 * each file (with fix sites). `shown` prints a path for a reason. A finding belongs to at most one
 * unit; findings with a `/v1` in their own URL are never members (scan/fix.ts fixes them per call).
 */
export function clientUnits(
  sources: ReadonlyMap<string, string>,
  files: readonly { path: string; findings: readonly Finding[] }[],
  shown: (path: string) => string = (path) => path,
): ClientUnit[] {
  const lexed = new Map<string, Lexed>();
  const lex = (path: string): Lexed | undefined => {
    const known = lexed.get(path);
    if (known) return known;
    const text = sources.get(path);
    if (text === undefined) return undefined;
    const dialect = languageOf(path, text);
    if (dialect === undefined || dialect === "markdown") return undefined;
    const file = { path, text, tokens: LEXERS[dialect](text), dialect };
    lexed.set(path, file);
    return file;
  };
  // 1. Every v1 base literal with the name it defines.
  // `scopes`: where Python can read the base's name (python-scope.ts); null when some definition is not scoped (any use counts).
  // `inline`: a base written in its request functions' own joins, by file: the literal tokens, each a use.
  const groups = new Map<
    string,
    { key: string; name: string; bases: ClientBase[]; skip: Map<string, [number, number][]>; scopes: PythonScope[] | null; inline?: Map<string, number[]> }
  >();
  for (const [path, text] of sources) {
    if (!text.includes("rest.runpod.io/v1")) continue;
    const file = lex(path);
    if (!file) continue;
    for (const [i, t] of file.tokens.entries()) {
      if (t.kind !== "str" || !t.parts) continue;
      const inline = inlineBase(file, i);
      if (inline) {
        // One unit per file for the bases written inline in its request functions (`requests.get("https://rest.runpod.io/v1" + path)`).
        const id = `\u0001inline\u0000${path}`;
        const group = groups.get(id) ?? {
          key: "\u0001inline",
          name: V1_BASE_TEXT,
          bases: [] as ClientBase[],
          skip: new Map<string, [number, number][]>(),
          scopes: null,
          inline: new Map<string, number[]>(),
        };
        group.bases.push({ file: path, start: inline, end: inline + V1_BASE_TEXT.length, line: lineAt(text, inline).line });
        group.inline?.set(path, [...(group.inline.get(path) ?? []), i]);
        groups.set(id, group);
        continue;
      }
      if (t.parts.some((part) => "hole" in part)) continue;
      const literal = literalText(t.parts);
      if (!V1_BASE_LITERAL.test(literal)) continue;
      const at = text.indexOf(literal, t.start);
      if (at < 0 || at + literal.length > t.end) continue;
      const def = definedName(file, i);
      if (!def) continue;
      const scope = file.dialect === "python" ? definitionScope(file, def.from) : undefined;
      // Python: a name defined in two modules (or classes) is two bases, each with its own calls (round eleven).
      const id = scope ? `${def.key}\u0000${scope.kind}\u0000${scope.file}\u0000${"name" in scope ? scope.name : ""}` : def.key;
      const group = groups.get(id) ?? {
        key: def.key,
        name: def.written,
        bases: [] as ClientBase[],
        skip: new Map<string, [number, number][]>(),
        scopes: [] as PythonScope[] | null,
      };
      group.scopes = scope && group.scopes ? [...group.scopes, scope] : null;
      group.bases.push({ file: path, start: at, end: at + V1_BASE_TEXT.length, line: lineAt(text, at).line });
      group.skip.set(path, [...(group.skip.get(path) ?? []), [def.from, i]]);
      groups.set(id, group);
    }
  }
  if (groups.size === 0) return [];
  // Relative findings by file, with the request function each is passed to.
  const relative: { file: Lexed; finding: Finding; callee: string; open: number; object?: string; via?: { callee: string; open: number } }[] = [];
  for (const { path, findings } of files) {
    for (const finding of findings) {
      const site = finding.fixInput?.site;
      if (!site || finding.ruleId === "v1-mention" || /\/v1\/?$/.test(site.url.text.slice(0, site.url.resourceAt))) continue;
      const file = lex(path);
      if (!file) continue;
      const first = file.tokens.findIndex((t) => t.start >= site.span[0]);
      const call = calleeAt(file.tokens, site.span[0]);
      const object = call ? objectOfCall(file.tokens, call.open, file.dialect) : undefined;
      // `endpoint := fmt.Sprintf("/pods/%s", id)` then `c.Get(ctx, endpoint, &pod)`.
      const via = first < 0 ? undefined : viaVariable(file, call ? call.open : first);
      if (call) relative.push({ file, finding, ...call, ...(object !== undefined ? { object } : {}), ...(via ? { via } : {}) });
      else if (via) relative.push({ file, finding, ...via, via });
    }
  }
  const units: ClientUnit[] = [];
  const claimed = new Set<Finding>();
  for (const group of groups.values()) {
    const { key } = group;
    const names = new Set([key]);
    const skip = new Map(group.skip);
    // Go: a base reaches the files of its own package (directory); another package names it only qualified (`runpod.DefaultBaseURL`).
    const goDirs = new Set(group.bases.filter((b) => lex(b.file)?.dialect === "go").map((b) => dirOf(b.file)));
    const inScope = (file: Lexed) => file.dialect !== "go" || goDirs.size === 0 || goDirs.has(dirOf(file.path));
    let blocked: string | undefined;
    const packages = new Set(group.bases.map((b) => /^package\s+(\w+)/m.exec(sources.get(b.file) ?? "")?.[1]).filter((name) => name !== undefined));
    for (const path of sources.keys()) {
      const file = lex(path);
      if (!file || inScope(file) || !(sources.get(path) as string).includes(group.name)) continue;
      const at = file.tokens.findIndex(
        (t, k) => t.kind === "ident" && t.text === group.name && file.tokens[k - 1]?.text === "." && packages.has(file.tokens[k - 2]?.text ?? ""),
      );
      if (at >= 0) blocked ??= `\`${group.name}\` is also used in another package at ${where(file, (file.tokens[at] as Token).start, shown)}`;
    }
    const scoped = new Map(
      [...sources].filter(([path]) => {
        const file = lex(path);
        return file === undefined || inScope(file);
      }),
    );
    /** Whether the name at token `k` of `file` (or, for a string, in its hole) can be this base (python-scope.ts). */
    const reaches = (file: Lexed, k: number): boolean => {
      const scopes = group.scopes;
      if (!scopes) return true;
      const t = file.tokens[k] as Token;
      if (t.kind === "ident") {
        if (t.text.toLowerCase() !== key) return true;
        if (file.dialect !== "python") return false;
        const owner = file.tokens[k - 1]?.text === "." ? file.tokens[k - 2]?.text : undefined;
        return reachesScope(file, t.start, t.text, owner, scopes);
      }
      const holes = (t.parts ?? []).flatMap((part) => ("hole" in part ? [part.hole] : []));
      const other = holes.some((hole) => (hole.toLowerCase().match(/[a-z_]\w*/g) ?? []).some((word) => word !== key && names.has(word)));
      if (other) return true;
      if (file.dialect !== "python") return false;
      return holes.some((hole) => holeUses(hole, key).some((use) => reachesScope(file, t.start, use.written, use.owner, scopes)));
    };
    aliases(scoped, lex, names, skip, reaches);
    accessors(scoped, lex, names, skip);
    // 2. Every use of the base's names: inside a request function, or it blocks the unit.
    const functions = new Set<string>();
    /** Whole v1 calls written through the base's name (`f"{API}/pods/{id}"` at the call): members of their own. */
    const wholeCalls: Finding[] = [];
    /** How many of them the per-file scan could not resolve (the base is another module's): with them, whole calls alone make a client. */
    let namedCalls = 0;
    /** Python: the file each request function was found in; `self.fn(…)` in another Python file is another class's method of the same name, and no file of another language calls it. */
    const definedIn = new Map<string, string>();
    /** Python: every file in which a function of that name is a request function of this base (two modules may each have a `_req` over one imported base). */
    const requestFiles = new Map<string, Set<string>>();
    const noteRequestFile = (fn: string, path: string) => requestFiles.set(fn, (requestFiles.get(fn) ?? new Set()).add(path));
    // A bare `fn(…)` in another Python file that defines its own `def fn` calls that one (two scripts, each with its own `_req`).
    const definesOwn = (file: Lexed, fn: string) => definitionOf(file.tokens, fn, true) !== undefined;
    const foreign = (file: Lexed, fn: string, open: number | undefined) =>
      definedIn.has(fn) &&
      (file.dialect !== "python" ||
        (open !== undefined &&
          definedIn.get(fn) !== file.path &&
          ((file.tokens[open - 2]?.text === "." && (file.tokens[open - 3]?.text === "self" || file.tokens[open - 3]?.text === "cls")) ||
            (file.tokens[open - 2]?.text !== "." && definesOwn(file, fn) && requestFiles.get(fn)?.has(file.path) !== true))));
    /** Request functions and the index of the parameter they join to the base (or pass on to one that does). */
    const pathParameter = new Map<string, number>();
    /** Where each request function joins the base to its path parameter. */
    const joins = new Map<string, { file: Lexed; use: number; uses: number[] }[]>();
    for (const path of scoped.keys()) {
      const text = sources.get(path) as string;
      const inline = group.inline?.get(path);
      if (!inline && ![...names].some((name) => text.toLowerCase().includes(name))) continue;
      const file = lex(path);
      if (!file) continue;
      const fileUses = inline ?? usesIn(file, names, skip.get(path) ?? []).filter((use) => reaches(file, use));
      for (const use of fileUses) {
        // `assert client.base_url == "https://rest.runpod.io/v1"`: a test of the base itself, which moves with it.
        const compared = file.tokens[use]?.kind === "ident" && file.tokens[use + 1]?.text === "==" ? file.tokens[use + 2] : undefined;
        const comparedText = compared?.kind === "str" && compared.parts && !compared.parts.some((part) => "hole" in part) ? literalText(compared.parts) : "";
        const comparedAt = compared && V1_BASE_LITERAL.test(comparedText) ? file.text.indexOf(comparedText, compared.start) : -1;
        if (compared && comparedAt >= 0 && comparedAt + comparedText.length <= compared.end) {
          group.bases.push({ file: path, start: comparedAt, end: comparedAt + V1_BASE_TEXT.length, line: lineAt(file.text, comparedAt).line });
          continue;
        }
        // `if base == "" {` in a constructor that then stores the default: a test of the value sends nothing.
        const test = compared ?? (file.tokens[use - 1]?.text === "==" || file.tokens[use - 1]?.text === "!=" ? file.tokens[use - 2] : undefined);
        if (
          file.tokens[use]?.kind === "ident" &&
          test !== undefined &&
          (test.kind === "str" || /^(?:nil|None|null|undefined)$/.test(test.text)) &&
          (compared !== undefined || file.tokens[use - 2] === test)
        )
          continue;
        // `url = f"{BASE}/pods/{pod_id}"` (logged, or sent as a full URL): a v1 URL of its own whose v2 path is the same, right once the base moves.
        const useToken = file.tokens[use] as Token;
        // `requests.delete(f"{API}/networkvolumes/{vol_id}")` beside `_req(…)`: a whole v1 call of its own, through the
        // base's name; it moves with the base, its path migrated at the call (round ten, FineFoundry).
        // `requests.post(f"{API}/endpoints", …)` with `API` imported from another module: the per-file scan could only
        // infer the base; the string is the base's name and a literal path, so it is a whole call through the base too.
        // (Not in shell: a variable a script exports or another sources is shell-client.ts's to judge.)
        const own = useToken.kind === "str" ? files.find((scanned) => scanned.path === path)?.findings : undefined;
        const whole = own?.find((finding) => wholeCallAt(finding, useToken));
        const viaName =
          whole === undefined && (file.dialect === "python" || file.dialect === "js")
            ? own?.find((finding) => baseThenPathAt(finding, useToken, names))
            : undefined;
        if (whole || viaName) {
          wholeCalls.push((whole ?? viaName) as Finding);
          if (viaName) namedCalls++;
          continue;
        }
        const ownUrl = useToken.kind === "str" && files.find((scanned) => scanned.path === path)?.findings.some((finding) => samePathOnV2(finding, useToken));
        if (ownUrl) continue;
        // `const { restBaseUrl } = getConfig()`: a binding of the name, whose own uses are read one by one (DaisukeHori/runpod-mcp).
        if (file.dialect === "js" && destructured(file.tokens, use)) continue;
        const fn = functionAround(file, use);
        if (fn === "type") continue;
        if (fn === undefined) {
          blocked ??= `\`${group.name}\` is also used outside a request function at ${where(file, (file.tokens[use] as Token).start, shown)}`;
          continue;
        }
        functions.add(fn);
        if (file.dialect === "python" && !definedIn.has(fn)) definedIn.set(fn, file.path);
        if (file.dialect === "python") noteRequestFile(fn, file.path);
        const params = parametersOf(file, fn);
        const joined = params ? joinedParameter(file.tokens, file.text, use, params) : undefined;
        if (joined !== undefined && !pathParameter.has(fn)) pathParameter.set(fn, joined);
        if (joined !== undefined && pathParameter.get(fn) === joined) joins.set(fn, [...(joins.get(fn) ?? []), { file, use, uses: fileUses }]);
      }
    }
    /** Go: the files of `file`'s package (its folder) in this run. */
    const packageOf = (file: Lexed): Lexed[] =>
      [...scoped.keys()]
        .filter((path) => path.endsWith(".go") && dirname(path) === dirname(file.path))
        .map((path) => lex(path))
        .filter((one): one is Lexed => one !== undefined);
    const methodsByFolder = new Map<string, Map<string, number>>();
    /** Go: the methods `file`'s package defines (a bare name is never one; a call with another argument count is another type's). */
    const goMethodsFor = (file: Lexed): Map<string, number> | undefined => {
      if (file.dialect !== "go") return undefined;
      const folder = dirname(file.path);
      if (!methodsByFolder.has(folder)) methodsByFolder.set(folder, goMethodsOf(packageOf(file)));
      return methodsByFolder.get(folder);
    };
    // Go: paths a request function sends elsewhere (`if strings.HasPrefix(path, "/v2/") { return c.queue + path }`) before it joins the base.
    const prefixes = new Map<string, string[]>();
    for (const [fn, places] of joins) {
      let common: string[] | undefined;
      for (const { file, use, uses } of places) {
        const body = file.dialect === "go" ? functionBody(file, use) : undefined;
        const param = parametersOf(file, fn)?.[pathParameter.get(fn) as number];
        const found = body !== undefined && param ? prefixBranches(file.tokens, body, use, param, uses) : [];
        common = common === undefined ? found : common.filter((prefix) => found.includes(prefix));
      }
      if (common && common.length > 0) prefixes.set(fn, common);
    }
    // 2b. Chains: a function that passes its own parameter on as the path of a request function is one too.
    const internal = new Set<string>();
    const internalKey = (file: Lexed, open: number) => `${file.path}\u0000${open}`;
    // The call that sends the joined URL inside a request function of the same name (`def get(self, path):
    // return requests.get(BASE + path)`) is the function's own request, not a call of it.
    for (const [fn, places] of joins)
      for (const { file, use } of places) {
        const open = enclosingOpen(file.tokens, use);
        if (open !== undefined && file.tokens[open - 1]?.text === fn) internal.add(internalKey(file, open));
      }
    for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
      let added = false;
      for (const [fn, index] of [...pathParameter]) {
        for (const path of scoped.keys()) {
          if (!(sources.get(path) as string).includes(fn)) continue;
          const file = lex(path);
          if (!file) continue;
          for (const call of callsOf(file, fn, goMethodsFor(file))) {
            if (call.open === undefined || internal.has(internalKey(file, call.open)) || foreign(file, fn, call.open)) continue;
            const argument = identArgument(file.tokens, call.open, index);
            if (argument === undefined) continue;
            const caller = functionAround(file, call.open);
            if (caller === undefined || caller === "type" || caller === fn) continue;
            const params = parametersOf(file, caller);
            const passed = params?.indexOf(argument) ?? -1;
            if (passed < 0) continue;
            internal.add(internalKey(file, call.open));
            if (!pathParameter.has(caller)) {
              pathParameter.set(caller, passed);
              // A path handed on unchanged takes the same branch where it is joined.
              prefixes.set(caller, prefixes.get(fn) ?? []);
              added = true;
            } else if (prefixes.has(caller))
              prefixes.set(
                caller,
                (prefixes.get(caller) as string[]).filter((prefix) => prefixes.get(fn)?.includes(prefix)),
              );
            functions.add(caller);
          }
        }
      }
      if (!added) break;
    }
    // HTTP client objects made with the base (`httpx.Client(base_url=…)`, `axios.create({ baseURL })`): their request methods are request functions too.
    const objects: ClientObject[] = [];
    for (const path of scoped.keys()) {
      const text = (sources.get(path) as string).toLowerCase();
      if (![...names].some((name) => text.includes(name))) continue;
      const file = lex(path);
      if (file)
        objects.push(
          ...clientObjectsIn(file, names, (k) => {
            const fn = functionAround(file, k);
            return fn === "type" ? undefined : fn;
          }),
        );
    }
    // A PHP method that returns the client object is sent through as the object (`$this->http()->get(…)`), not called with a path.
    for (const object of objects) if (object.method !== undefined) functions.delete(object.method);
    // `self._http.request(method, path, json=json)` inside `_request(self, method, path, json)`: the function passes its path to the object, so it is a request function too.
    /** Object requests whose URL is an absolute URL on another host (`self._http.post(GRAPHQL_URL, …)`): the base does not apply. */
    const absolute = new Set<string>();
    for (const object of objects) {
      for (const path of scoped.keys()) {
        const file = lex(path);
        if (!file || file.dialect !== "python" || !(file.path === object.file || importsObject(file, object.key))) continue;
        for (const use of objectUses(file, object.key)) {
          if (use.kind !== "request") continue;
          const index = file.tokens[use.open - 1]?.text === "request" ? 1 : 0;
          const argument = identArgument(file.tokens, use.open, index);
          const first = listItems(file.tokens, use.open)[index];
          const literal = first && first[0] === first[1] && file.tokens[first[0]]?.kind === "str" ? literalText(file.tokens[first[0]]?.parts ?? []) : undefined;
          const assigned = argument === undefined ? undefined : new RegExp(`^${argument}\\s*=\\s*["']([^"'\n]*)["']\\s*$`, "m").exec(file.text)?.[1];
          const url = literal ?? assigned;
          if (url !== undefined && /^https?:\/\//i.test(url) && !/rest\.runpod\.io\/v1/i.test(url)) {
            absolute.add(internalKey(file, use.open));
            continue;
          }
          const caller = argument === undefined ? undefined : functionAround(file, use.open);
          if (caller === undefined || caller === "type" || argument === undefined) continue;
          const passed = parametersOf(file, caller)?.indexOf(argument) ?? -1;
          if (passed < 0 || (pathParameter.has(caller) && pathParameter.get(caller) !== passed)) continue;
          pathParameter.set(caller, passed);
          functions.add(caller);
          if (!definedIn.has(caller)) definedIn.set(caller, file.path);
          noteRequestFile(caller, file.path);
          internal.add(internalKey(file, use.open));
        }
      }
    }
    const objectKeys = new Set(objects.map((object) => object.key));
    const through = (call: (typeof relative)[number]) =>
      call.object !== undefined &&
      objectKeys.has(call.object) &&
      objects.some((object) => object.file === call.file.path || importsObject(call.file, object.key));
    const sentThrough = (call: (typeof relative)[number]) =>
      functions.has(call.callee) ? call.callee : call.via && functions.has(call.via.callee) ? call.via.callee : undefined;
    /** Whether the call of `fn` opened at `open` sends a path that starts with a prefix `fn` sends elsewhere: not a call to this base. */
    const elsewhere = (file: Lexed, fn: string, open: number) => {
      const sent = prefixes.get(fn);
      const index = pathParameter.get(fn);
      const body = functionBody(file, open);
      if (!sent || sent.length === 0 || index === undefined || body === undefined) return false;
      const leads = leadingLiterals(file.tokens, open, index, body, file.dialect === "go" ? (at) => goValueLeads(packageOf(file), file.tokens, at) : undefined);
      return leads !== undefined && leads.every((lead) => sent.some((prefix) => lead.startsWith(prefix)));
    };
    /**
     * Whether the call of `fn` opened at `open` already sends a route of the v2 document: its path
     * argument is one plain literal (`_make_request("GET", "/network-volumes")`, a client's fallback
     * for a v2 path) and its method a literal argument or `fn`'s own name (`c.Get`). It fails on v1
     * today and is a v2 call once the base moves, so it neither blocks the base nor is a stray.
     */
    const v2RouteCall = (file: Lexed, fn: string, open: number): boolean => {
      const index = pathParameter.get(fn);
      const items = listItems(file.tokens, open);
      const item = index === undefined ? undefined : items[index];
      const pathToken = item && item[0] === item[1] ? file.tokens[item[0]] : undefined;
      if (pathToken?.kind !== "str" || !pathToken.parts || pathToken.parts.some((part) => "hole" in part)) return false;
      const path = literalText(pathToken.parts);
      if (!/^\/[a-z]/i.test(path) || /^\/v\d/i.test(path)) return false;
      const methods = items.flatMap(([from, to]) => {
        const t = file.tokens[from];
        const text = from === to && t?.kind === "str" && t.parts && !t.parts.some((part) => "hole" in part) ? literalText(t.parts) : "";
        return /^(?:GET|POST|PUT|PATCH|DELETE)$/i.test(text) ? [text] : [];
      });
      const named = /^_?(get|post|put|patch|delete)$/i.exec(fn)?.[1];
      const method = methods.length === 1 ? methods[0] : methods.length === 0 ? named : undefined;
      return method !== undefined && isV2Route(method, path);
    };
    /**
     * The start of the relative literal path the call of `fn` opened at `open` sends, when it is one
     * that names no v1 route (a stray: `rest_request("GET", "/ping")` in a test with requests mocked).
     * Go follows the path through the calling function's assignments; other languages read a literal argument.
     */
    const strayPath = (file: Lexed, fn: string, open: number): string | undefined => {
      const index = pathParameter.get(fn);
      const body = file.dialect === "go" ? functionBody(file, open) : file.dialect === "python" || file.dialect === "js" ? open : undefined;
      if (index === undefined || body === undefined) return undefined;
      const leads = leadingLiterals(file.tokens, open, index, body);
      if (leads !== undefined) return leads.every((lead) => /^\/[a-z]/i.test(lead) && !/^\/v\d/i.test(lead)) ? leads[0] : undefined;
      if (file.dialect !== "go") return undefined;
      // `endpoint := c.buildListURL("/secrets", opts)` then `c.Get(ctx, endpoint, …)`: the URL another request function built from a stray.
      const name = identArgument(file.tokens, open, index);
      const assigned: number[] = [];
      for (let k = body + 1; k < open; k++) {
        const t = file.tokens[k] as Token;
        if (t.kind === "ident" && t.text === name && file.tokens[k - 1]?.text !== "." && /^:?=$/.test(file.tokens[k + 1]?.text ?? "")) assigned.push(k + 2);
      }
      if (assigned.length !== 1) return undefined;
      let at = assigned[0] as number;
      while (file.tokens[at]?.kind === "ident" && file.tokens[at + 1]?.text === ".") at += 2;
      const inner = file.tokens[at];
      return inner?.kind === "ident" && inner.text !== fn && pathParameter.has(inner.text) && file.tokens[at + 1]?.text === "("
        ? strayPath(file, inner.text, at + 1)
        : undefined;
    };
    const strays: string[] = [];
    const members = relative.filter(
      (call) =>
        inScope(call.file) &&
        (sentThrough(call) !== undefined || through(call)) &&
        !claimed.has(call.finding) &&
        !foreign(call.file, sentThrough(call) ?? call.callee, call.via?.open ?? call.open),
    );
    if (members.length === 0 && (namedCalls === 0 || !wholeCalls.some((finding) => !claimed.has(finding)))) continue;
    const reached = new Set(members.map((member) => sentThrough(member)));
    for (const fn of functions) {
      if (blocked || reached.has(fn)) continue;
      // A private function or method (`_request`, not `__init__`) that the tree never names sends nothing.
      const unnamed =
        /^_/.test(fn) &&
        !/^__\w+__$/.test(fn) &&
        [...scoped.keys()].every((path) => {
          const file = lex(path);
          return file === undefined || !(sources.get(path) as string).includes(fn) || callsOf(file, fn, goMethodsFor(file)).length === 0;
        });
      if (unnamed) continue;
      // A function reached only through another request function (`buildURL` from `doRequest`) is part of the chain.
      const calledInside = [...scoped.keys()].some((path) => {
        const file = lex(path);
        return (
          file !== undefined && callsOf(file, fn, goMethodsFor(file)).some((call) => call.open !== undefined && internal.has(internalKey(file, call.open)))
        );
      });
      // A function called only with paths it sends elsewhere (`c.post(ctx, "/v2/"+id+"/run", …)`) is no use of this base.
      const onlyElsewhere = [...scoped.keys()].some((path) => {
        const file = lex(path);
        const calls = file ? callsOf(file, fn, goMethodsFor(file)) : [];
        return (
          calls.length > 0 &&
          calls.every(
            (call) =>
              call.open !== undefined &&
              (elsewhere(file as Lexed, fn, call.open) || v2RouteCall(file as Lexed, fn, call.open) || strayPath(file as Lexed, fn, call.open) !== undefined),
          )
        );
      });
      // Go: an exported request function the tree never calls (`func (c *Client) Patch(…)`) sends what its callers elsewhere pass: a stray.
      const uncalled =
        /^[A-Z]/.test(fn) &&
        [...scoped.keys()].every((path) => {
          const file = lex(path);
          return file === undefined || (file.dialect === "go" && callsOf(file, fn, goMethodsFor(file)).length === 0);
        });
      if (uncalled && !calledInside) strays.push(`\`${fn}\` (exported, never called in this tree: its callers elsewhere send their own paths)`);
      else if (!calledInside && !onlyElsewhere) blocked = `\`${fn}\` uses \`${group.name}\` and is called with no v1 path v2kit reads`;
    }
    const sentAt = new Set(
      members.flatMap((member) => [internalKey(member.file, member.open), ...(member.via ? [internalKey(member.file, member.via.open)] : [])]),
    );
    // 3. Every call of a request function must be one of those findings, or pass its path on along the chain.
    for (const fn of functions) {
      if (blocked) break;
      for (const path of scoped.keys()) {
        if (!(sources.get(path) as string).includes(fn)) continue;
        const file = lex(path);
        if (!file) continue;
        for (const call of callsOf(file, fn, goMethodsFor(file))) {
          if (foreign(file, fn, call.open)) continue;
          if (call.open === undefined) {
            blocked = `\`${fn}\`, which sends requests to \`${group.name}\`, is used as a value at ${where(file, call.at, shown)}`;
            break;
          }
          if (
            !sentAt.has(internalKey(file, call.open)) &&
            !internal.has(internalKey(file, call.open)) &&
            !elsewhere(file, fn, call.open) &&
            !v2RouteCall(file, fn, call.open)
          ) {
            const stray = strayPath(file, fn, call.open);
            if (stray !== undefined) {
              const place = `${where(file, call.at, shown)} (\`${stray}…\` through \`${fn}\`)`;
              if (!strays.includes(place)) strays.push(place);
              continue;
            }
            blocked = `\`${fn}\`, which sends requests to \`${group.name}\`, is also called at ${where(file, call.at, shown)} with a path that is not a v1 call v2kit reads`;
            break;
          }
        }
        if (blocked) break;
      }
    }
    // 3b. Every use of such an object must be one of those calls, or something that sends nothing (`x.close()`).
    for (const object of objects) {
      if (blocked) break;
      for (const path of sources.keys()) {
        if (blocked) break;
        const file = lex(path);
        if (!file || !(file.path === object.file || importsObject(file, object.key))) continue;
        for (const use of objectUses(file, object.key)) {
          if (use.kind === "value") {
            blocked = `\`${object.written}\`, made with \`${group.name}\`, is passed on as a value at ${where(file, use.at, shown)}`;
            break;
          }
          if (internal.has(internalKey(file, use.open)) || absolute.has(internalKey(file, use.open))) continue;
          if (!members.some((member) => member.file === file && member.open === use.open)) {
            blocked = `\`${object.written}\`, made with \`${group.name}\`, also sends a request at ${where(file, use.at, shown)} with a path that is not a v1 call v2kit reads`;
            break;
          }
        }
      }
    }
    // Go tests of the package whose `httptest` handlers match the client's v1 paths: they move with it.
    const fakes: { finding: Finding; fake: GoFake }[] = [];
    for (const { path, findings } of files) {
      if (!path.endsWith("_test.go")) continue;
      const file = lex(path);
      if (!file || !inScope(file)) continue;
      for (const finding of findings) {
        const site = finding.fixInput?.site;
        const route = finding.fixInput?.route;
        if (!site || !route || claimed.has(finding) || finding.ruleId === "v1-mention" || /\/v1\/?$/.test(site.url.text.slice(0, site.url.resourceAt)))
          continue;
        const lit = file.tokens.findIndex((t) => t.start <= site.span[0] && t.end >= site.span[1]);
        const fake = lit < 0 ? undefined : goFakeAt(file.tokens, lit, route);
        if (fake) fakes.push({ finding, fake });
      }
    }
    const writtenOf = (call: (typeof members)[number]) => objects.find((object) => object.key === call.object)?.written ?? call.callee;
    // Go: what each call hands the parameter its request function marshals as the JSON body (go-body.ts).
    const bodyIndex = new Map<string, number | undefined>();
    const goBodyOf = (member: (typeof members)[number], fn: string): GoSentBody | undefined => {
      if (member.file.dialect !== "go") return undefined;
      const open = member.callee === fn ? member.open : member.via?.callee === fn ? member.via.open : undefined;
      if (open === undefined) return undefined;
      const pkg = [...scoped.keys()]
        .map((path) => lex(path))
        .filter((file): file is Lexed => file !== undefined && file.dialect === "go" && dirOf(file.path) === dirOf(member.file.path));
      const packageKey = `${dirOf(member.file.path)}\u0000${fn}`;
      if (!bodyIndex.has(packageKey)) bodyIndex.set(packageKey, goBodyParameter(pkg, fn));
      const index = bodyIndex.get(packageKey);
      return index === undefined ? undefined : goSentBody(pkg, member.file, open, index, shown);
    };
    for (const member of [...members, ...fakes]) claimed.add(member.finding);
    const ownCalls = wholeCalls.filter((finding) => !claimed.has(finding));
    for (const finding of ownCalls) claimed.add(finding);
    units.push({
      name: group.name,
      bases: group.bases,
      functions: [...new Set([...functions, ...objects.map((object) => object.written)])].sort(),
      members: [
        ...members.map((member) => {
          const fn = sentThrough(member);
          const goBody = fn === undefined ? undefined : goBodyOf(member, fn);
          return fn !== undefined
            ? { finding: member.finding, fn, ...(goBody ? { goBody } : {}) }
            : { finding: member.finding, fn: writtenOf(member), direct: true as const };
        }),
        ...fakes.map(({ finding, fake }) => ({ finding, fn: "httptest handler", fake })),
        ...ownCalls.map((finding) => ({ finding, fn: group.name, direct: true as const })),
      ],
      ...(blocked ? { blocked } : {}),
      ...(strays.length > 0 ? { strays } : {}),
    });
  }
  return units;
}

/**
 * Whether `finding` is a certain v1 call whose whole URL, base name and `/v1` included, is string
 * token `t` (`f"{API}/pods/{id}"`), at the call or assigned first to a name the call passes
 * (`url = f"{self.BASE_URL}/networkvolumes/{id}"` then `self.session.delete(url)`): its path's
 * first character is written in `t`.
 */
function wholeCallAt(finding: Finding, t: Token): boolean {
  const site = finding.fixInput?.site;
  if (!site || finding.ruleId !== "v1-call" || finding.confidence !== "certain" || !finding.v2) return false;
  const first = site.url.at[site.url.resourceAt];
  const inToken = site.span[0] >= t.start && site.span[1] <= t.end;
  const assigned = first !== undefined && first >= t.start && first < t.end;
  if (!inToken && !assigned) return false;
  return /\/v1\/?$/.test(site.url.text.slice(0, site.url.resourceAt));
}

/**
 * Whether `finding` is a v1 call whose URL is string token `t` written as the base's name and then
 * its relative path (`f"{API}/endpoints"`, `` `${BASE}/pods/${id}` ``): what comes before the path
 * is the name's hole alone, and the path is plain text of the string.
 */
function baseThenPathAt(finding: Finding, t: Token, names: ReadonlySet<string>): boolean {
  const site = finding.fixInput?.site;
  if (!site || !finding.v2 || (finding.ruleId !== "v1-call" && finding.ruleId !== "v1-call-inferred")) return false;
  if ((finding.inferred ?? []).some((what) => what !== "base") || site.span[0] < t.start || site.span[1] > t.end) return false;
  const [hole, path] = t.parts ?? [];
  if (!hole || !("hole" in hole) || !path || !("text" in path) || !path.text.startsWith("/")) return false;
  const { text, at, resourceAt } = site.url;
  const key = nameKey(text.slice(0, resourceAt));
  const first = at[resourceAt];
  return (
    key !== undefined &&
    key === nameKey(hole.hole) &&
    names.has(key) &&
    at.slice(0, resourceAt).every((offset) => offset < 0) &&
    first !== undefined &&
    first > t.start
  );
}

/** Whether `finding` is the URL of string token `t` and its v2 path is its v1 path (placeholders aside). */
function samePathOnV2(finding: Finding, t: Token): boolean {
  const span = finding.fixInput?.site?.span;
  if (!span || span[0] < t.start || span[1] > t.end || !finding.v2 || finding.ruleId === "v1-mention") return false;
  return keepsPath(finding.v1.path, finding.v2.path);
}

/** Whether a line break between tokens k-1 and k ends the statement. */
function breaksAt(file: Lexed, k: number): boolean {
  const before = file.tokens[k - 1];
  const t = file.tokens[k];
  if (!before || !t) return true;
  return before.kind === "nl" || (file.text.slice(before.end, t.start).includes("\n") && !CONTINUES.has(before.text));
}

/**
 * The name a base literal at token `i` is assigned to within its statement: `NAME = …"…"`,
 * `self.name = name or "…"`, `NAME = os.getenv("X", "…")`, `name: "…"` (an object or struct
 * field), `name="…"` (a default or keyword argument); `from` is where the statement starts.
 */
function definedName(file: Lexed, i: number): { key: string; written: string; from: number } | undefined {
  const { tokens } = file;
  let inner = 0;
  for (let k = i - 1; k >= 0 && i - k < 40; k--) {
    if (inner === 0 && breaksAt(file, k + 1)) return undefined;
    const t = tokens[k] as Token;
    if (t.kind === "punct" && (t.text === ")" || t.text === "]" || t.text === "}")) inner++;
    else if (t.kind === "punct" && (t.text === "(" || t.text === "[" || t.text === "{")) {
      // A list element is not a base (`[a, "…"]`); out of a call's parentheses (`os.getenv("X", "…")`), the walk goes on.
      if (inner > 0) inner--;
      else if (t.text === "[") return undefined;
    } else if (inner === 0 && t.text === ";") return undefined;
    else if (inner === 0 && (t.kind === "ident" || t.kind === "str") && ASSIGN.has(tokens[k + 1]?.text ?? "")) {
      let nameAt = k;
      // `const BASE: string = …`, `var baseURL string = …`: the name before the type.
      if (TYPE_NAMES.has(t.text)) nameAt = tokens[k - 1]?.text === ":" ? k - 2 : k - 1;
      const name = tokens[nameAt];
      if (!name) return undefined;
      const written = name.kind === "str" ? literalText(name.parts ?? []) : name.text;
      const key = name.kind === "str" ? written.toLowerCase() : nameKey(written);
      if (key === undefined || !/^\w+$/.test(key)) return undefined;
      let from = nameAt;
      while (from > 0 && tokens[from - 1]?.kind === "punct" && (tokens[from - 1] as Token).text === "." && tokens[from - 2]?.kind === "ident") from -= 2;
      return { key, written: written.replace(/^.*\./, ""), from };
    }
  }
  return undefined;
}

/**
 * A v1 base written inline where a request function joins it to its path parameter
 * (`requests.get("https://rest.runpod.io/v1" + relative_path)`, `f"https://rest.runpod.io/v1{path}"`,
 * `` fetch(`https://rest.runpod.io/v1${path}`) ``): the offset of `https://rest.runpod.io/v1` in the
 * text. A literal of the base alone, or one whose text goes on past the base before its first hole
 * (`f"https://rest.runpod.io/v1/pods/{id}"`, a whole call), is not one.
 */
function inlineBase(file: Lexed, i: number): number | undefined {
  const t = file.tokens[i] as Token;
  const parts = t.parts ?? [];
  const holed = parts.some((part) => "hole" in part);
  const head = holed ? parts.findIndex((part) => "hole" in part) : parts.length;
  const literal = literalText(parts.slice(0, head));
  if (!V1_BASE_LITERAL.test(literal)) return undefined;
  // Without a hole, the literal is joined by an operator right after it (`+`, PHP `.`).
  const next = file.tokens[i + 1]?.text;
  if (!holed && next !== "+" && !(file.dialect === "php" && next === ".")) return undefined;
  if (file.dialect !== "python" && file.dialect !== "js" && file.dialect !== "go" && file.dialect !== "php") return undefined;
  const at = file.text.indexOf(literal, t.start);
  if (at < 0 || at + literal.length > t.end) return undefined;
  const fn = functionAround(file, i);
  if (fn === undefined || fn === "type") return undefined;
  const params = parametersOf(file, fn);
  if (!params) return undefined;
  const joined = joinedParameter(file.tokens, file.text, i, params);
  if (joined === undefined) return undefined;
  // The parameter must be what follows the base: the first hole, or the operand after the operator.
  const param = params[joined];
  if (holed) {
    const hole = parts[head] as { hole: string };
    return new RegExp(`^\\s*${param}\\s*$`).test(hole.hole) ? at : undefined;
  }
  const operand = file.tokens[i + 2];
  return operand?.kind === "ident" && operand.text === param ? at : undefined;
}

/**
 * Names the base reaches through: `X = NAME`, `X: NAME`, `X := NAME`, `x=NAME` (a default
 * argument), `X = x or NAME`, one statement each, any file; added to `names`, their statements
 * to `skip`.
 */
function aliases(
  sources: ReadonlyMap<string, string>,
  lex: (path: string) => Lexed | undefined,
  names: Set<string>,
  skip: Map<string, [number, number][]>,
  reaches: (file: Lexed, k: number) => boolean,
): void {
  for (let round = 0; round < 4; round++) {
    let added = false;
    for (const path of sources.keys()) {
      const text = (sources.get(path) as string).toLowerCase();
      if (![...names].some((name) => text.includes(name))) continue;
      const file = lex(path);
      if (!file) continue;
      const { tokens } = file;
      for (let k = 0; k + 2 < tokens.length; k++) {
        const t = tokens[k] as Token;
        if (t.kind !== "ident" || !ASSIGN.has(tokens[k + 1]?.text ?? "")) continue;
        // The right-hand side: names, dots and `or`/`||`/`??` only, up to the end of the statement or argument;
        // or a call of an environment reader that returns the base it is given (`_env_url("X", None, DEFAULT)`).
        let j = k + 2;
        let hit = false;
        let hitName = "";
        const read = readerCall(file, k + 2, names, (at) => reaches(file, at), sources, lex);
        if (read) {
          hit = true;
          hitName = read.name;
          j = read.end;
        }
        for (; !read && j < tokens.length && j - k < 24; j++) {
          const operand = tokens[j] as Token;
          if (j > k + 2 && (breaksAt(file, j) || operand.text === "," || operand.text === ";" || operand.text === ")" || operand.text === "}")) break;
          if (operand.kind === "ident") {
            if (tokens[j + 1]?.text !== "." && names.has(operand.text.toLowerCase()) && reaches(file, j)) {
              hit = true;
              hitName = operand.text;
            }
            continue;
          }
          if (operand.text === "." || operand.text === "||" || operand.text === "??") continue;
          hit = false;
          j = -1;
          break;
        }
        if (!hit || j < 0) continue;
        // `base_url: str = BASE` (a typed default argument) names `base_url`, not its type.
        const named = TYPE_NAMES.has(t.text) && tokens[k - 1]?.text === ":" && tokens[k - 2]?.kind === "ident" ? (tokens[k - 2] as Token) : t;
        const key = nameKey(named.text);
        const ranges = skip.get(path) ?? [];
        if (!ranges.some(([a, b]) => a === k && b === j - 1)) skip.set(path, [...ranges, [k, j - 1]]);
        // Go: `c.serverlessBaseURL = baseURL` in an option function stores the caller's value (a parameter that only shares a name): no alias.
        const holder = file.dialect === "go" ? functionAround(file, k) : undefined;
        if (holder !== undefined && holder !== "type" && parametersOf(file, holder)?.includes(hitName)) continue;
        if (key !== undefined && !names.has(key)) {
          names.add(key);
          added = true;
        }
      }
    }
    if (!added) return;
  }
}

/**
 * `fn("X", None, NAME)` at token `at`, ending its statement: a call whose arguments are string
 * literals, `None`/`null`/`undefined` and one base name, of a function of the tree that returns that
 * parameter (or the parameter with its ends trimmed) and returns nothing else made from it, as an
 * environment reader returns its default (`def _env_url(new, old, default): … return
 * default.rstrip("/")`). The name, and the token after the statement.
 */
function readerCall(
  file: Lexed,
  at: number,
  names: ReadonlySet<string>,
  reaches: (k: number) => boolean,
  sources: ReadonlyMap<string, string>,
  lex: (path: string) => Lexed | undefined,
): { name: string; end: number } | undefined {
  const { tokens } = file;
  const fn = tokens[at];
  if (fn?.kind !== "ident" || tokens[at + 1]?.text !== "(" || tokens[at - 1]?.text === ".") return undefined;
  if (file.dialect !== "python" && file.dialect !== "js") return undefined;
  const close = matchClose(tokens, at + 1);
  if (close < 0 || !(close + 1 >= tokens.length || breaksAt(file, close + 1) || tokens[close + 1]?.text === ";")) return undefined;
  let index = -1;
  let name = "";
  let count = 0;
  for (let k = at + 2; k < close; k += 2, count++) {
    const arg = tokens[k] as Token;
    if (tokens[k + 1]?.text !== "," && k + 1 !== close) return undefined;
    if (arg.kind === "ident" && names.has(arg.text.toLowerCase()) && reaches(k)) {
      if (index >= 0) return undefined;
      index = count;
      name = arg.text;
    } else if (!(arg.kind === "str" && !(arg.parts ?? []).some((part) => "hole" in part)) && !/^(?:None|null|undefined)$/.test(arg.text)) return undefined;
  }
  if (index < 0) return undefined;
  const python = file.dialect === "python";
  for (const path of sources.keys()) {
    if (!(sources.get(path) as string).includes(fn.text)) continue;
    const other = lex(path);
    if (!other || other.dialect !== file.dialect) continue;
    const def = definitionOf(other.tokens, fn.text, python);
    const param = def?.params[index];
    if (!def || param === undefined || def.params.length !== count) continue;
    return returnsParameter(other, def.body, bodyEnd(other.tokens, def, python, 4 * WALK_LIMIT), param) ? { name, end: close + 1 } : undefined;
  }
  return undefined;
}

/** Whether the function body [from, to) returns `param` as it is (or trimmed: `.rstrip("/")`, `.trim()`), and no other value made from it. */
function returnsParameter(file: Lexed, from: number, to: number, param: string): boolean {
  const { tokens } = file;
  let returned = false;
  for (let j = from; j < to; j++) {
    if (tokens[j]?.text !== "return" || tokens[j]?.kind !== "ident") continue;
    let end = j + 1;
    while (end < to && !breaksAt(file, end) && tokens[end]?.text !== ";" && tokens[end]?.text !== "}") end++;
    const value = tokens.slice(j + 1, end);
    if (!value.some((t) => t.kind === "ident" && t.text === param)) continue;
    const trim =
      value[1]?.text === "." && /^(?:rstrip|strip|trim|trimEnd)$/.test(value[2]?.text ?? "") && value[3]?.text === "(" && matchClose(tokens, j + 4) === end - 1;
    if (value[0]?.text !== param || !(value.length === 1 || trim)) return false;
    returned = true;
  }
  return returned;
}

/**
 * Functions that only return the base (`func (c *Client) GetBaseURL() string { return c.BaseURL }`,
 * `getBaseUrl() { return this.baseUrl; }`): their calls are uses of the base, so their names join
 * `names` and their definitions go to `skip`.
 */
function accessors(
  sources: ReadonlyMap<string, string>,
  lex: (path: string) => Lexed | undefined,
  names: Set<string>,
  skip: Map<string, [number, number][]>,
): void {
  for (let round = 0; round < 2; round++) {
    let added = false;
    for (const path of sources.keys()) {
      const file = lex(path);
      if (!file || (file.dialect !== "go" && file.dialect !== "js")) continue;
      const { tokens } = file;
      for (let k = 0; k + 2 < tokens.length; k++) {
        if (tokens[k]?.text !== "{" || tokens[k + 1]?.text !== "return") continue;
        let j = k + 2;
        while (tokens[j]?.kind === "ident" && tokens[j + 1]?.text === ".") j += 2;
        const last = tokens[j];
        let end = j + 1;
        if (tokens[end]?.text === ";") end++;
        while (tokens[end]?.kind === "nl") end++;
        if (last?.kind !== "ident" || !names.has(last.text.toLowerCase()) || tokens[end]?.text !== "}") continue;
        const fn = blockOwner(tokens, k);
        if (fn === undefined || fn === "type") continue;
        const key = nameKey(fn);
        let nameAt = k - 1;
        while (nameAt >= 0 && k - nameAt < 40 && !(tokens[nameAt]?.kind === "ident" && tokens[nameAt]?.text === fn)) nameAt--;
        if (key === undefined || nameAt < 0 || k - nameAt >= 40) continue;
        const ranges = skip.get(path) ?? [];
        if (!ranges.some(([a, b]) => a === nameAt && b === end)) skip.set(path, [...ranges, [nameAt, end]]);
        if (!names.has(key)) {
          names.add(key);
          added = true;
        }
      }
    }
    if (!added) return;
  }
}

/** A path assigned to a variable at the statement holding the call opened at `open`, and the call it is then sent through. */
function viaVariable(file: Lexed, open: number): { callee: string; open: number } | undefined {
  let start = open;
  let depth = 0;
  for (let k = open - 1; k >= 0 && open - k < 400; k--) {
    const t = file.tokens[k] as Token;
    if (depth === 0 && (t.text === ";" || breaksAt(file, k + 1))) break;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[" || t.text === "{") {
      if (depth === 0) break;
      depth--;
    }
    start = k;
  }
  if (file.tokens[start]?.text === "var" || file.tokens[start]?.text === "let" || file.tokens[start]?.text === "const") start++;
  return sentVia(file.tokens, open, start);
}

/** Token indexes where the file uses one of `names` (a name last in its chain, or in an interpolation), statements in `skip` aside. */
function usesIn(file: Lexed, names: ReadonlySet<string>, skip: readonly [number, number][]): number[] {
  const { tokens } = file;
  const uses: number[] = [];
  for (const [k, t] of tokens.entries()) {
    if (skip.some(([a, b]) => k >= a && k <= b)) continue;
    if (t.kind === "ident") {
      // PHP names a variable with its `$` (`$baseUrl`), a property without (`$this->baseUrl`).
      if (!names.has((file.dialect === "php" ? t.text.replace(/^\$/, "") : t.text).toLowerCase())) continue;
      // A parameter or field being declared (`base_url=None`, `baseUrl: string`, Go `baseURL string`) is not a use.
      if (ASSIGN.has(tokens[k + 1]?.text ?? "") || (file.dialect === "go" && isGoParameter(tokens, k))) continue;
      // `from config import API, OTHER`, `import { BASE } from "./config"`: the name brought in, not used.
      if ((file.dialect === "python" || file.dialect === "js") && importedAt(file, k)) continue;
      uses.push(k);
    } else if (t.kind === "str") {
      for (const part of t.parts ?? []) {
        if (!("hole" in part)) continue;
        const words = part.hole.toLowerCase().match(/[a-z_]\w*/g) ?? [];
        if (words.some((word) => names.has(word))) {
          uses.push(k);
          break;
        }
      }
    }
  }
  return uses;
}

/** Python/JS: whether name token `k` is one an import statement brings in (`from m import (A,\n B)`, `import { A } from "m"`). */
function importedAt(file: Lexed, k: number): boolean {
  const { tokens } = file;
  let depth = 0;
  for (let j = k - 1; j >= 0 && k - j < 64; j--) {
    const t = tokens[j] as Token;
    if (depth === 0 && breaksAt(file, j + 1)) return false;
    if (t.kind === "ident" && t.text === "import") return true;
    if (t.kind !== "punct") continue;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    // An opening bracket with no close after it: the name is inside it, and the walk goes on outside.
    else if (t.text === "(" || t.text === "[" || t.text === "{") depth = Math.max(0, depth - 1);
    else if (t.text === ";" || t.text === "=") return false;
  }
  return false;
}

/**
 * The function whose body holds token `use`: its name; `type` inside a struct, interface or
 * class-field declaration (`BaseURL string`), which is not a use; undefined outside any function.
 */
function functionAround(file: Lexed, use: number): string | "type" | undefined {
  const { tokens, text } = file;
  if (file.dialect === "python") {
    const line = lineAt(text, (tokens[use] as Token).start).line;
    const lines = (file.lines ??= text.split("\n"));
    const indent = (lineText: string) => /^[ \t]*/.exec(lineText)?.[0].length ?? 0;
    const own = indent(lines[line - 1] ?? "");
    let bound = own;
    for (let lineIndex = line - 2; lineIndex >= 0; lineIndex--) {
      const lineText = lines[lineIndex] as string;
      // Blank lines, comments, and the closing line of a signature written over several lines (`) -> dict:`).
      if (lineText.trim() === "" || /^[#)\]}]/.test(lineText.trim())) continue;
      const lineIndent = indent(lineText);
      if (lineIndent >= bound) continue;
      const def = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(lineText);
      if (def) return def[1];
      if (/^\s*class\s/.test(lineText)) return undefined;
      bound = lineIndent;
      if (lineIndent === 0) return undefined;
    }
    return undefined;
  }
  if (file.dialect !== "js" && file.dialect !== "go" && file.dialect !== "php") return undefined;
  return owningBlock(tokens, use)?.kind;
}

/** Go/JS/PHP: the innermost `{` around token `at` that a function or type owns, and what owns it (blockOwner). */
function owningBlock(tokens: readonly Token[], at: number): { open: number; kind: string } | undefined {
  let depth = 0;
  for (let j = at - 1; j >= 0 && at - j < FUNCTION_WALK; j--) {
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[") depth = Math.max(0, depth - 1);
    else if (t.text === "{") {
      if (depth > 0) {
        depth--;
        continue;
      }
      const kind = blockOwner(tokens, j);
      if (kind !== undefined) return { open: j, kind };
    }
  }
  return undefined;
}

/** Go/JS/PHP: the `{` of the function body holding token `at`, if one. */
function functionBody(file: Lexed, at: number): number | undefined {
  const block = owningBlock(file.tokens, at);
  return block === undefined || block.kind === "type" ? undefined : block.open;
}

/** What the block opened at `{` (token `open`) belongs to: a function's name, `type`, or undefined (an `if`, an object literal). */
function blockOwner(tokens: readonly Token[], open: number): string | "type" | undefined {
  const before = tokens[open - 1];
  if (before?.text === "struct" || before?.text === "interface" || before?.text === "class") return "type";
  if (before?.kind === "ident" && tokens[open - 2]?.text === "class") return "type";
  if (before?.text === "=>") {
    // `name = (…) => {`, `name: async (…) => {`.
    let k = open - 2;
    if (tokens[k]?.text === ")") k = matchOpen(tokens, k, 4000) - 1;
    else if (tokens[k]?.kind === "ident") k--;
    if (tokens[k]?.text === "async") k--;
    const name = tokens[k - 1];
    return (tokens[k]?.text === "=" || tokens[k]?.text === ":") && name?.kind === "ident" ? name.text : undefined;
  }
  // The parameter list: the last `)` within a few tokens before the `{` (return types between).
  let k = open - 1;
  while (k > 0 && open - k < 16 && tokens[k]?.text !== ")") {
    if (tokens[k]?.text === ";" || tokens[k]?.text === "{" || tokens[k]?.text === "}" || tokens[k]?.text === "=") return undefined;
    k--;
  }
  if (tokens[k]?.text !== ")") return undefined;
  let paren = matchOpen(tokens, k, 4000);
  // Go: `func (c *Client) name(…) (T, error) {`: the results, then the parameters.
  if (tokens[paren - 1]?.text === ")") paren = matchOpen(tokens, paren - 1, 4000);
  let nameAt = paren - 1;
  if (tokens[nameAt]?.text === ">") {
    while (nameAt > 0 && paren - nameAt < 24 && tokens[nameAt]?.text !== "<") nameAt--;
    nameAt--;
  }
  const name = tokens[nameAt];
  if (name?.kind !== "ident" || NOT_FUNCTIONS.has(name.text)) return undefined;
  // `if strings.HasPrefix(…) {`, `if len(x) == 0 {`: a call in a condition, not a definition.
  if (tokens[nameAt - 1]?.text === "." || CONDITION.has(tokens[nameAt - 1]?.text ?? "")) return undefined;
  for (let between = k + 1; between < open; between++) if (OPERATORS.has(tokens[between]?.text ?? "")) return undefined;
  return name.text;
}

/** The `(` of a call at name token `k` (`name(`, `name<T>(`), if it is one. */
function callOpen(tokens: readonly Token[], k: number): number | undefined {
  let openAt = k + 1;
  if (tokens[openAt]?.text === "<") {
    let depth = 0;
    for (; openAt < tokens.length && openAt - k < 24; openAt++) {
      if (tokens[openAt]?.text === "<") depth++;
      else if (tokens[openAt]?.text === ">" && --depth === 0) break;
    }
    openAt++;
  }
  return tokens[openAt]?.text === "(" ? openAt : undefined;
}

/** The `(` of the innermost call whose arguments hold token `at`, if the innermost bracket around it is one. */
function enclosingOpen(tokens: readonly Token[], at: number): number | undefined {
  const [open] = openersAround(tokens, at);
  return open !== undefined && tokens[open]?.text === "(" && tokens[open - 1]?.kind === "ident" ? open : undefined;
}

/** The request function a relative path at source offset `offset` is passed to, and the `(` of that call. */
function calleeAt(tokens: readonly Token[], offset: number): { callee: string; open: number } | undefined {
  const first = tokens.findIndex((t) => t.start >= offset);
  if (first < 0) return undefined;
  let depth = 0;
  for (let j = first - 1; j >= 0 && first - j < 400; j--) {
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "[" || t.text === "{") {
      if (depth === 0) return undefined;
      depth--;
    } else if (t.text === "(") {
      if (depth > 0) {
        depth--;
        continue;
      }
      let nameAt = j - 1;
      if (tokens[nameAt]?.text === ">") {
        while (nameAt > 0 && j - nameAt < 24 && tokens[nameAt]?.text !== "<") nameAt--;
        nameAt--;
      }
      const name = tokens[nameAt];
      return name?.kind === "ident" ? { callee: name.text, open: j } : undefined;
    }
  }
  return undefined;
}

/** The last file lexed for `requestFunctionAt` (fix.ts asks once per call of a file). */
let lastLexed: { path: string; text: string; tokens: Token[] } | undefined;

/**
 * The request function a path at source offset `offset` of file `path` (text `text`) is passed to
 * (`call` of `call("GET", "/endpoints")`, `_make_request` of `self._make_request(…)`), if v2kit can
 * name it: for a relative path on a v2 base (issue 41), fixed by the rules of a client's calls.
 */
export function requestFunctionAt(path: string, text: string, offset: number): string | undefined {
  if (offset < 0) return undefined;
  if (lastLexed?.path !== path || lastLexed.text !== text) {
    const dialect = languageOf(path, text);
    if (dialect === undefined || dialect === "markdown") return undefined;
    lastLexed = { path, text, tokens: LEXERS[dialect](text) };
  }
  return calleeAt(lastLexed.tokens, offset)?.callee;
}

/** Every place the file names function `fn` other than its definition: calls (with their `(`) and uses as a value. */
/**
 * Go: the methods (`func (c *Client) Get(…)`) the files of one package define, each with how many
 * parameters it takes (-1 when variadic, or defined twice with different counts).
 */
function goMethodsOf(files: readonly Lexed[]): Map<string, number> {
  const methods = new Map<string, number>();
  for (const { tokens } of files)
    for (let k = 1; k + 1 < tokens.length; k++) {
      const fn = tokens[k]?.text as string;
      if (tokens[k]?.kind !== "ident" || tokens[k - 1]?.text !== ")" || tokens[k + 1]?.text !== "(" || tokens[matchOpen(tokens, k - 1) - 1]?.text !== "func")
        continue;
      const close = matchClose(tokens, k + 1, 40_000);
      const count = close < 0 || tokens.slice(k + 2, close).some((t) => t.text === "...") ? -1 : listItems(tokens, k + 1).length;
      methods.set(fn, methods.has(fn) && methods.get(fn) !== count ? -1 : count);
    }
  return methods;
}

function callsOf(file: Lexed, fn: string, goMethods?: ReadonlyMap<string, number>): { at: number; open?: number }[] {
  const { tokens } = file;
  const out: { at: number; open?: number }[] = [];
  const defined = file.dialect === "go" ? goMethods?.get(fn) : undefined;
  const method = defined !== undefined;
  // Go has no overloads or defaults: a call with another number of arguments than the package's method
  // (`resp.Header.Get("Retry-After")` beside `func (c *Client) Get(ctx, endpoint, result)`) is another method.
  const arity = defined !== undefined && defined >= 0 ? defined : undefined;
  for (const [k, t] of tokens.entries()) {
    if (t.kind !== "ident" || t.text !== fn) continue;
    const prev = tokens[k - 1]?.text ?? "";
    if (prev === "def" || prev === "function" || prev === "func" || prev === "fn" || (prev === ")" && file.dialect === "go")) continue;
    // Go: a parameter or field declared with the same name (`url string`), or a selector on a package or
    // variable of that name (`url.Parse`: a function has no members), is not the function; nor is any
    // bare name when the function is a method this file defines (a method is only reached as `x.url`).
    if (file.dialect === "go" && prev !== "." && (tokens[k + 1]?.text === "." || isGoParameter(tokens, k) || method)) continue;
    const open = callOpen(tokens, k);
    if (open === undefined) {
      // `name = …` / `name: …` defines it (a const arrow function, an object member); an import brings it in.
      if (ASSIGN.has(tokens[k + 1]?.text ?? "")) continue;
      if ((file.dialect === "python" || file.dialect === "js") && importedAt(file, k)) continue;
      out.push({ at: t.start });
      continue;
    }
    if (arity !== undefined && tokens[k - 1]?.text === "." && listItems(tokens, open).length !== arity) continue;
    const close = matchClose(tokens, open, 40_000);
    // `name(…) {` / `name(…): T {` is a method definition.
    const after = tokens[close + 1]?.text;
    if (after === "{" || (after === ":" && file.dialect === "js")) continue;
    out.push({ at: t.start, open });
  }
  return out;
}

/**
 * Whether the name at token `at` is bound by a JavaScript object destructuring declaration
 * (`const { restBaseUrl } = getConfig()`, `let { a, restBaseUrl: base } = cfg`): the pattern's
 * members are names and commas, opened after `const`/`let`/`var` and closed before `=`.
 */
function destructured(tokens: readonly Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (tokens[k]?.kind === "ident" || tokens[k]?.text === "," || tokens[k]?.text === ":" || tokens[k]?.kind === "nl")) k--;
  if (tokens[k]?.text !== "{" || !/^(?:const|let|var)$/.test(tokens[k - 1]?.text ?? "")) return false;
  let j = at + 1;
  while (j < tokens.length && (tokens[j]?.kind === "ident" || tokens[j]?.text === "," || tokens[j]?.text === ":" || tokens[j]?.kind === "nl")) j++;
  return tokens[j]?.text === "}" && tokens[j + 1]?.text === "=";
}
