// Candidates → findings: a relative path takes its version from the base URLs known around it
// (this file, then its directory, then the scanned tree: v2 only means it is not reported);
// the method is the one the code states, or the first the v1 route accepts; each finding says
// what was inferred.

import { applyTable, type BodyChange, sortKeys } from "../apply-table.js";
import type { RouteMapping } from "../route-table.js";
import { findRoute, migrateRoute, parseV1Path } from "../routes.js";
import type { MigrationContext, Note } from "../types.js";
import type { Bases, FileAnalysis, FixSite } from "./candidate.js";
import type { MethodAnchor } from "./method.js";
import { LIST_KEYS, RESPONSE_FIELDS, type ResponseKind, responseKindOf } from "../tables/response-fields.js";
import type { LocatedRead, Returned, TypeArgument } from "./response-reads.js";
import { isV2Path } from "./v2-routes.js";
import { queryOfNames, type RuntimeQuery } from "./query-builder.js";
import { documentFinding } from "./openapi-document.js";
import { v1QueryOnV2 } from "./v2-query.js";

export type Inferred = "method" | "base";

export interface Finding {
  line: number;
  /** 1-based, in UTF-16 code units (SARIF's default column kind). */
  column: number;
  /** The text that was recognised. */
  match: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
  notes: Note[];
  /** `certain`: the code states the v1 version and the method; `inferred`: see `inferred`. */
  confidence: "certain" | "inferred";
  /** What was inferred: the HTTP method, or the base URL (v1 or v2) of a relative path. */
  inferred: Inferred[];
  /**
   * `v1-call` (certain), `v1-call-inferred`, `v1-mention` (prose naming a v1 route: level info),
   * `v1-response-field` (a read of a v1 call's response), or `v1-path-on-v2-base` (a v1 route's
   * path joined to this API's v2 base, as a fix that moved the base leaves the calls it could not
   * migrate: level error, the call fails), or `v1-openapi-document` (the file is a copy of the
   * retired v1 OpenAPI document: one finding at its server URL, never fixed).
   */
  ruleId: string;
  /** Where the method was read (`curl -X POST`, `the function name Patch`), when the code states it. */
  methodSource?: string;
  /**
   * The body the call sends as a literal (shell `curl -d '…'`), through the migration table:
   * `v1` as sent (variables as `"$NAME"` strings), `v2` the body v2 takes (null when it cannot
   * be built), and what happens to each v1 field and why.
   */
  body?: FindingBody;
  /** `v1-response-field`: the v1 response field the code reads and its place in v2 (null: no one place). */
  responseField?: { v1: string; v2: string | null };
  /** What `--fix` needs to know of the call (never printed): where it is written and its route. */
  fixInput?: FixInput;
}

export interface FixInput {
  site?: FixSite;
  methodAnchor?: MethodAnchor;
  route?: RouteMapping;
  /** The call sends a body v2kit did not read (`json=payload`, `-d @file`). */
  bodyElsewhere: boolean;
  /** The body elsewhere is a literal argument of a request function v2kit could not follow: never fixed with the URL alone. */
  bodyLiteralArgument?: true;
  /** The body elsewhere is a name the request function the call goes through sends as its JSON body (`runpodRequest(path, "POST", params)`). */
  bodyParameter?: true;
  /** Why the body in a variable cannot be known to be the one sent (literal-body.ts): never fixed with the URL alone. */
  bodyUnsure?: string;
  /** The path states `/v1` but its host is not written in the call (`"/v1/pods"` with the host in options, `${API}/v1/pods`). */
  hostElsewhere?: boolean;
  /** `v1-response-field`: the call whose response is read, and the edit that reads the v2 place (when the read is certain). */
  responseOf?: Finding;
  /** Where the read is in the source (an offset). */
  readAt?: number;
  readEdit?: { start: number; end: number; text: string };
  /**
   * `v1-path-on-v2-base`: whether the v2 base is written in the URL expression (`stated`) or the
   * path is relative to a v2 base around it, and the finding's own error note, which says what the
   * call is and does not stop its fix (its other error notes do, as for a v1 call).
   */
  onV2Base?: { base: "stated" | "relative"; note: Note };
  /** The query is built at run time by a builder whose names v2kit reads (query-builder.ts): a fix renames or stops names there. */
  runtimeQuery?: RuntimeQuery;
  /** The function of the call's file that returns its parsed body (response-reads.ts): where its callers' reads come from. */
  returnedBy?: Returned;
  /** The call's type argument (`restRequest<Pod[]>`): the model its reads are typed by, changed with them or not at all. */
  typeArgument?: TypeArgument;
  /** `v1-response-field`: the value read is typed as v1's answer; `readEdit` applies only when that type changes with it. */
  typed?: true;
}

export interface FindingBody {
  v1: unknown;
  v2: unknown;
  changes: BodyChange[];
}

/** JSON text with shell variables in it: `$NAME` outside a string becomes the string "$NAME". */
function parseLiteralBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    let out = "";
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string;
      if (inString) {
        out += char;
        if (char === "\\") out += text[++i] ?? "";
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      const variable = char === "$" ? /^\$(?:\{[^}]*\}|\w+)/.exec(text.slice(i))?.[0] : undefined;
      if (variable) {
        out += JSON.stringify(variable);
        i += variable.length - 1;
      } else out += char;
    }
    try {
      return JSON.parse(out);
    } catch {
      return undefined;
    }
  }
}

/** The literal body through the route's migration: the v2 body, each field's fate, the table's notes. */
function migrateBody(mapping: RouteMapping | undefined, text: string, context: MigrationContext): { body?: FindingBody; notes: Note[] } {
  const v1 = parseLiteralBody(text);
  if (v1 === undefined) return { notes: [{ level: "info", message: "the request body is not JSON: not migrated" }] };
  if (mapping?.action !== undefined) {
    return {
      body: { v1, v2: { action: mapping.action }, changes: [] },
      notes: [{ level: "info", message: `the body becomes {"action": "${mapping.action}"}` }],
    };
  }
  if (mapping?.body === undefined)
    return { body: { v1, v2: null, changes: [] }, notes: [{ level: "warning", message: "the v2 route takes no body: drop it" }] };
  const migrated = applyTable(mapping.body.kind, v1, mapping.body.mode, context);
  return { body: { v1, v2: sortKeys(migrated.body), changes: migrated.changes }, notes: migrated.notes };
}

/**
 * A read of a v1 call's response as a `v1-response-field` finding (issue 41, item 3), when v2
 * answers differently: a field the table moves or drops, a list read as a bare array. Its
 * `readEdit` reads the v2 place, when the written form makes that certain.
 */
function pushRead(findings: Finding[], call: Finding, read: LocatedRead, operation: string | undefined, via?: string): void {
  const kind: ResponseKind | undefined = responseKindOf(operation);
  const listKey = operation === undefined ? undefined : LIST_KEYS[operation];
  if (kind === undefined) return;
  let field: { v1: string; v2: string | null };
  let edit: FixInput["readEdit"];
  let message: string;
  if (read.form === "list" || read.form === "value") {
    if (listKey === undefined || read.item) return;
    field = { v1: "[…]", v2: listKey };
    // jq (shell-reads.ts): the key goes after the dot of `.[]` (`.pods[]`), or before a builtin (`.pods | length`).
    const jq = read.form === "list" ? read.jq : undefined;
    const listAccess =
      read.form === "list" ? (read.python ? `["${listKey}"]` : jq === "index" ? listKey : jq === "pipe" ? `.${listKey} | ` : `.${listKey}`) : undefined;
    if (read.form === "list" && listAccess !== undefined) edit = { start: read.insertAt, end: read.insertAt, text: listAccess };
    const shown = jq === "index" ? `.${listKey}${read.match.slice(1)}` : jq === "pipe" ? `${listAccess}${read.match}` : `${read.match}${listAccess}`;
    message =
      read.form === "list"
        ? `v2 answers {"${listKey}": [...]}, not a bare list: read the list as \`${shown}\``
        : `v2 answers {"${listKey}": [...]}, not a bare list: read the list under "${listKey}" where this value is used`;
  } else {
    // A field of the resource: on the value of a single-resource route, or on an item of a list.
    if ((listKey !== undefined) !== read.item) return;
    const mapping = RESPONSE_FIELDS[kind][read.field];
    if (mapping === undefined) return;
    field = { v1: read.field, v2: mapping.to === null ? null : mapping.to.join(".") };
    const to = mapping.to;
    if (to !== null && to.length > 0) {
      if (read.form === "subscript" && !mapping.absent)
        edit = { start: read.span[0], end: read.span[1], text: to.map((k) => `[${read.quote}${k}${read.quote}]`).join("") };
      else if (read.form === "get" && to.length <= 2)
        edit = {
          start: read.span[0],
          end: read.span[1],
          text: to.length === 1 ? `${read.quote}${to[0]}${read.quote}` : `${read.quote}${to[0]}${read.quote}, {}).get(${read.quote}${to[1]}${read.quote}`,
        };
      else if (read.form === "dot") edit = { start: read.span[0], end: read.span[1], text: to.join(read.optional ? "?." : ".") };
    }
    const where = `the v2 ${kind === "networkVolume" ? "network volume" : kind}`;
    message =
      to === null
        ? `${where} has no \`${read.field}\`: ${mapping.note}; change this read by hand`
        : `${where} has \`${to.join(".")}\` in place of \`${read.field}\`; ${mapping.note}: read \`${to.join(".")}\`${edit || read.typed ? "" : ", by hand (v2 may omit it, and this read would then raise)"}`;
  }
  if (read.typed)
    message += "; the value's type is written as v1's answer (a type argument of the call, or a declared return type): change that type together with the read";
  if (via !== undefined) message += ` (${via})`;
  const finding: Finding = {
    line: read.line,
    column: read.column,
    match: read.match,
    v1: call.v1,
    v2: call.v2,
    notes: [{ level: "warning", field: field.v1, message }],
    confidence: call.confidence,
    inferred: call.inferred,
    ruleId: "v1-response-field",
    responseField: field,
  };
  Object.defineProperty(finding, "fixInput", {
    value: {
      responseOf: call,
      readAt: read.at,
      bodyElsewhere: false,
      ...(edit ? { readEdit: edit } : {}),
      ...(read.typed ? { typed: true } : {}),
    } satisfies FixInput,
  });
  findings.push(finding);
}

/** Base URLs known around a file, nearest first: its directory, the parents, the scanned tree. */
export type Surroundings = readonly { where: string; bases: Bases }[];

/** Route answers by method and path: a minified bundle asks the same questions thousands of times. */
const cache = new Map<string, unknown>();
function memo<T>(key: string, compute: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute();
  if (cache.size > 10_000) cache.clear();
  cache.set(key, value);
  return value;
}
const routeOf = (method: string, segments: readonly string[]) => memo(`route ${method} ${segments.join("/")}`, () => findRoute(method, segments));
const migrationOf = (method: string, path: string) => memo(`migrate ${method} ${path}`, () => migrateRoute(method, path));

/** The first method the v1 route of `path` accepts (GET, POST, PATCH, DELETE), if it is one. */
export function acceptedMethod(path: string): string | undefined {
  const parsed = parseV1Path(path);
  return "v2" in parsed ? undefined : METHODS.find((method) => routeOf(method, parsed.segments));
}

const FILE_NAME = /\.[A-Za-z0-9]{1,5}(?:[?#].*)?$/;
const METHODS = ["GET", "POST", "PATCH", "DELETE"];

/** The v1 path as written, from the resource on; placeholders are kept as written. */
function v1PathOf(path: string): string {
  const parsed = parseV1Path(path);
  return "v2" in parsed ? path : `/${parsed.segments.join("/")}${parsed.query}`;
}

/**
 * The base of a relative path. One base URL, v1, in the file or its own directory (a Go package,
 * a Python module folder) is the client's base: stated, not inferred. A base found farther away,
 * both versions side by side, or none at all make the version an inference.
 */
function baseOf(own: Bases, around: Surroundings): BaseVerdict {
  for (const [level, { where, bases }] of [{ where: "this file", bases: own }, ...around].entries()) {
    if (!bases.v1 && !bases.v2 && !bases.foreign) continue;
    // Only a v2 base, or only another API's (`https://host/api/v1`): not a v1 call of this API.
    if (!bases.v1) {
      // Only this REST API's v2 base: a v1-only path here was left behind by a fix or by hand (issue 41).
      if (!bases.restV2 || bases.otherV2) return { skip: true };
      // Beside another API's base (`https://console.vast.ai/api/v0`), the path may be that API's: reported, inferred, never fixed.
      // (Skipped, a call left on a base that --unsafe-fixes moved vanished from every later scan: lee101/stock-prediction.)
      const near = level === 0 || where === "this directory";
      // Only near (the file or its directory): farther away, another API's own routes (`/endpoints` of a tool's server) are as likely.
      if (bases.foreign)
        return near
          ? {
              skip: true,
              onV2: { inferred: true, note: `base URL inferred: the path is relative and ${where} names this API's v2 base URL and another API's base URL` },
            }
          : { skip: true };
      const note = near
        ? `the path is relative to the v2 base URL that ${where} names`
        : `base URL inferred: the path is relative and ${where} names this API's v2 base URL`;
      return { skip: true, onV2: { inferred: !near, note } };
    }
    if (bases.v2)
      return { skip: false, inferred: true, note: `base URL inferred: the path is relative and ${where} names both a v1 and a v2 base URL; v1 assumed` };
    if (bases.foreign)
      return {
        skip: false,
        inferred: true,
        note: `base URL inferred: the path is relative and ${where} names the v1 base URL and another API's base URL; v1 assumed`,
      };
    const near = level === 0 || where === "this directory";
    return near
      ? { skip: false, inferred: false, note: `the path is relative to the v1 base URL that ${where} names` }
      : { skip: false, inferred: true, note: `base URL inferred: the path is relative and ${where} names a v1 base URL` };
  }
  return { skip: false, inferred: true, note: "base URL inferred: the path is relative and no base URL was found; v1 assumed because it is a v1 route" };
}

type BaseVerdict = { skip: true; onV2?: { note: string; inferred: boolean } } | { skip: false; note: string; inferred: boolean };

/**
 * The host of a path that states `/v1` but not its host (`"/v1/pods"` with the host in request
 * options, `${API}/v1/pods`). It is this API's when the file or its directory names this API's
 * server (a URL or host of `rest.runpod.io` or `api.runpod.io`): stated. Farther away, beside
 * another API's base URL, or nowhere: inferred, never fixed. Only another API's base URL around
 * it: another API's path, not reported.
 */
function hostOfStated(own: Bases, around: Surroundings, name: string | undefined): BaseVerdict {
  const levels = [{ where: "this file", bases: own }, ...around];
  // A name the tree defines with the v1 server's base URL (`restV1Base(env)` beside `function restV1Base() { return "https://rest.runpod.io/v1" }`).
  const definer = name === undefined ? undefined : levels.find(({ bases }) => bases.names?.includes(name.toLowerCase()));
  if (definer) return { skip: false, inferred: false, note: `the base comes from \`${name}\`, which ${definer.where} defines with the v1 base URL` };
  for (const [level, { where, bases }] of levels.entries()) {
    const ours = bases.v1 || bases.ours === true;
    if (!ours && !bases.foreign && !bases.v2) continue;
    if (!ours && bases.foreign) return { skip: true };
    if (!ours)
      return {
        skip: false,
        inferred: true,
        note: `host inferred: the path states /v1 but not its host, and ${where} names only a v2 base URL of another host`,
      };
    if (bases.foreign)
      return {
        skip: false,
        inferred: true,
        note: `host inferred: the path states /v1 but not its host, and ${where} names this API's server and another API's base URL`,
      };
    const near = level === 0 || where === "this directory";
    return near
      ? { skip: false, inferred: false, note: `the path states /v1 but not its host; ${where} names this API's server` }
      : { skip: false, inferred: true, note: `host inferred: the path states /v1 but not its host, and only ${where} names this API's server` };
  }
  return { skip: false, inferred: true, note: "host inferred: the path states /v1 but not its host, and no URL of this API was found around it" };
}

/** `context`: the catalog and templates the body migration reads (`migrate scan --catalog`); none by default. */
export function resolveFindings(analysis: FileAnalysis, around: Surroundings = [], context: MigrationContext = {}): Finding[] {
  const findings: Finding[] = [];
  // A copy of the v1 OpenAPI document: one finding for the whole file (it has no candidates).
  if (analysis.document) findings.push(documentFinding(analysis.document));
  for (const candidate of analysis.candidates) {
    const inferred: Inferred[] = [];
    const extra: Note[] = [];
    // A v1 route's path on this API's v2 base (issue 41): written after it, or relative to it.
    let onV2: "stated" | "relative" | undefined;
    /** A `/v1` path whose host is another name's, and no URL near it is this API's: nothing but the path ties it here. */
    let hostGuessed = false;
    if (candidate.onV2Base) {
      onV2 = "stated";
      extra.push({ level: "info", message: "the path follows this API's v2 base URL, written in the call or a constant of this file" });
    } else if (!candidate.explicit) {
      // A bare literal that names a file ("/templates/readme.html") is not an API path.
      if (FILE_NAME.test(candidate.path)) continue;
      const base = baseOf(analysis.bases, around);
      if (base.skip) {
        if (base.onV2 === undefined) continue;
        onV2 = "relative";
        if (base.onV2.inferred) inferred.push("base");
        extra.push({ level: "info", message: base.onV2.note });
      } else {
        if (base.inferred) inferred.push("base");
        extra.push({ level: "info", message: base.note });
      }
    } else if (candidate.base?.owner === "unknown") {
      const base = hostOfStated(analysis.bases, around, candidate.base.name);
      if (base.skip) continue;
      hostGuessed = base.inferred;
      if (base.inferred) inferred.push("base");
      extra.push({ level: "info", message: base.note });
    } else if (candidate.base?.owner === "named") {
      extra.push({ level: "info", message: "the base URL's name ties it to this API" });
    }
    const parsed = parseV1Path(candidate.path);
    if ("v2" in parsed) continue;
    // On a v2 base, prose and the routes of the v2 document (`/pods/{id}`, `/templates`, `/billing/pods`) are not reported.
    if (onV2 !== undefined && (candidate.mention || isV2Path(candidate.path))) {
      // A v2 route that still sends v1 query parameters (v2-query.ts, issue 41).
      const queried = candidate.mention ? undefined : v1QueryOnV2(candidate, extra);
      if (queried) findings.push(queried);
      continue;
    }
    const stated = candidate.method?.method;
    const accepted = METHODS.find((method) => routeOf(method, parsed.segments));
    // A relative path that is no v1 route ("/pods/p-1/logs") is not reported; nor is one after another name's host, with
    // no URL of this API near it, that is no v1 route (`${PAYPAL_API_BASE}/v1/billing/subscriptions`).
    if ((!candidate.explicit || hostGuessed) && !accepted) continue;
    // Prose names a route: reported as a mention with the method the text states, else not at all.
    if (candidate.mention && (candidate.method === undefined || !routeOf(candidate.method.method, parsed.segments))) continue;
    const lineVerb = candidate.method?.how.startsWith("the verb") ?? false;
    let method: string;
    if (stated && (routeOf(stated, parsed.segments) || !lineVerb || !accepted)) method = stated;
    else {
      // No method in the code, or (line fallback) a verb on the line that the route does not accept.
      method = accepted ?? "GET";
      inferred.unshift("method");
      const why = lineVerb ? "the line names no HTTP verb for this route" : "the call names no HTTP method";
      extra.unshift({ level: "info", message: `method ${method} inferred: ${why}` });
    }
    // A query built at run time whose names are known (query-builder.ts) is judged as those names.
    const runtime = candidate.runtimeQuery;
    if (runtime) {
      const sends = [...new Set(runtime.names.map(({ name }) => `\`${name}\``))];
      extra.push({
        level: "info",
        message: runtime.opaque
          ? `the query is passed as \`params=${runtime.builder}\` (line ${runtime.line}), which v2kit does not read exactly (a dict built or changed elsewhere, a key that is not a literal)`
          : runtime.kind === "params"
            ? `the query is the \`params=\` dict${runtime.builder === "params=" ? "" : ` \`${runtime.builder}\``} (line ${runtime.line}): ${sends.length === 0 ? "it sends no parameter" : `it sends ${sends.join(", ")}`}`
            : `the query is built at run time in \`${runtime.builder}\` (URLSearchParams, line ${runtime.line}): ${sends.length === 0 ? "it sends no parameter" : `it may send ${sends.join(", ")}`}`,
      });
    }
    const queried = runtime?.opaque
      ? `${candidate.path.replace(/\?[^?]*$/, "")}?{params}`
      : runtime?.kind === "params"
        ? `${candidate.path}${queryOfNames(runtime.names)}`
        : runtime
          ? candidate.path.replace(/\?[^?]*$/, queryOfNames(runtime.names))
          : candidate.path;
    const migrated = migrationOf(method, queried);
    const sent =
      candidate.body === undefined || migrated.path === null
        ? undefined
        : migrateBody((migrated as ReturnType<typeof migrateRoute>).route, candidate.body, context);
    if (sent) extra.push(...sent.notes);
    const mapping = (migrated as ReturnType<typeof migrateRoute>).route;
    if (candidate.bodyElsewhere !== undefined && migrated.path !== null && mapping?.body !== undefined) {
      extra.push({
        level: "info",
        message: `the body is built elsewhere (\`${candidate.bodyElsewhere}\`): it must take the shape of the v2 \`${mapping.operation ?? mapping.body.kind.name}\` request body (\`v2kit migrate\` on a saved v1 request shows it)`,
      });
    }
    const body = sent?.body;
    const v1Path = v1PathOf(candidate.path);
    const onV2Note: Note | undefined =
      onV2 === undefined
        ? undefined
        : {
            level: "error",
            message:
              migrated.path === null
                ? `\`${method} ${v1Path}\` is a v1 route left on the v2 base: v2 has no such route, so this call fails, and v2 has no equivalent for it`
                : `\`${method} ${v1Path}\` is a v1 route left on the v2 base: v2 has no such route, so this call fails; its v2 route is ${migrated.method} ${migrated.path}${migrated.notes.some((note) => note.level === "error") ? " (the errors below say what stops the move)" : ""}`,
          };
    findings.push({
      line: candidate.line,
      column: candidate.column,
      match: candidate.match,
      v1: { method, path: v1Path },
      v2: migrated.path === null ? null : { method: migrated.method, path: migrated.path },
      notes: [...(onV2Note ? [onV2Note] : []), ...extra, ...migrated.notes],
      confidence: inferred.length === 0 ? "certain" : "inferred",
      inferred,
      ruleId: onV2Note ? "v1-path-on-v2-base" : candidate.mention ? "v1-mention" : inferred.length === 0 ? "v1-call" : "v1-call-inferred",
      ...(candidate.method && !inferred.includes("method") ? { methodSource: candidate.method.how } : {}),
      ...(body ? { body } : {}),
    });
    // Not enumerable: a finding prints (and compares) as what it reports; only the fixer reads this.
    Object.defineProperty(findings[findings.length - 1], "fixInput", {
      value: {
        ...(candidate.site ? { site: candidate.site } : {}),
        ...(candidate.method?.anchor && !inferred.includes("method") ? { methodAnchor: candidate.method.anchor } : {}),
        ...(mapping ? { route: mapping } : {}),
        bodyElsewhere: candidate.bodyElsewhere !== undefined,
        ...(candidate.bodyLiteralArgument ? { bodyLiteralArgument: true as const } : {}),
        ...(candidate.bodyParameter ? { bodyParameter: true as const } : {}),
        ...(candidate.bodyUnsure === undefined ? {} : { bodyUnsure: candidate.bodyUnsure }),
        ...(candidate.base && !candidate.base.hostShown ? { hostElsewhere: true } : {}),
        ...(onV2 !== undefined && onV2Note ? { onV2Base: { base: onV2, note: onV2Note } } : {}),
        ...(runtime ? { runtimeQuery: runtime } : {}),
        ...(candidate.returnedBy ? { returnedBy: candidate.returnedBy } : {}),
        ...(candidate.typeArgument ? { typeArgument: candidate.typeArgument } : {}),
      } satisfies FixInput,
    });
    const call = findings[findings.length - 1] as Finding;
    if (candidate.reads) findings.push(...readFindings(call, candidate.reads));
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The `v1-response-field` findings of reads of the response of `call` (a resolved v1 call), in its
 * own file or, with `via` (how the value got there: "the value of `api.get_endpoint(…)`, …"), in a
 * module that calls a function returning it (caller-reads.ts).
 */
export function readFindings(call: Finding, reads: readonly LocatedRead[], via?: string): Finding[] {
  if (call.v2 === null) return [];
  const operation = call.fixInput?.route?.operation;
  // Code that already reads v2's wrapper key (`data.get("endpoints", [])` beside `isinstance(data, list)`)
  // handles both answers: its list test and list uses are not reported.
  const listKey = operation === undefined ? undefined : LIST_KEYS[operation];
  const both = listKey !== undefined && reads.some((read) => "field" in read && !read.item && read.field === listKey);
  const found: Finding[] = [];
  for (const read of reads) if (!(both && (read.form === "value" || read.form === "list"))) pushRead(found, call, read, operation, via);
  return found;
}
