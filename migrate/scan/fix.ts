// `migrate scan --fix`: each finding becomes a set of text edits, all or nothing. A fix changes
// the v1 base into the v2 base, v1 path segments into v2 ones, a literal method where v2 needs
// another, and a literal body into the v2 body in its own syntax; variables, interpolations and
// concatenations stay as written. A call whose pieces cannot all be changed safely is left
// alone, and the finding says why. Pure: the CLI reads and writes the files.

import { basename, isAbsolute, relative, sep } from "node:path";
import { DEFAULT_BASE_URL } from "../../live/flags.js";
import { analyzeSource } from "./index.js";
import { expansionOf, migrateQuery, type QueryChange } from "../query-params.js";
import { queryOfNames, type RuntimeQuery } from "./query-builder.js";
import { type RouteMapping, V1_SERVER_HOST } from "../route-table.js";
import { bodyText, migrationFor } from "./fix-body.js";
import { GOFMT_SMALL, goMapBodyText } from "./go-map-body.js";
import { keepsPath } from "./v2-routes.js";
import { findRoute, migrateRoute, parseV1Path } from "../routes.js";
import { LEXERS, languageOf } from "./lex/languages.js";
import type { BodyAnchor, BodyInsertion } from "./literal-body.js";
import type { FixSite } from "./candidate.js";
import { splitMarkdown } from "./lex/markdown.js";
import { RESOURCE_IN } from "./candidate.js";
import { BODY_LEFT_RULE, markerEdit, readMarkerText, stuckMarkerText, unseenMarkerText } from "./marker.js";
import type { Finding } from "./resolve.js";
import { requestFunctionAt, type SentElsewhere } from "./client-base.js";
import type { GoFake } from "./go-fakes.js";
import type { GoMapEntry, GoSentBody } from "./go-body.js";
import type { MigrationContext, Note } from "../types.js";

export interface FixOptions {
  /** Also make fixes that change more than URL, method and a literal body. */
  unsafe: boolean;
  /** The v2 base URL, `/v2` included; the bundled document's server when not given. */
  v2Base?: string;
  /** Another scanned file that uses the constant `name` of `file` (imports or reads it), if one does. */
  usedElsewhere?: (name: string, file: string) => string | undefined;
  /**
   * A call through a request function whose v1 base changes with it (client-base.ts, issue 41):
   * `fn` is the request function; `direct` when it is a request method of an HTTP client object
   * made with the base (the call sends its own body); `reason` when the call is to be left alone, with why;
   * `fake` when it is a Go test fake's path (go-fakes.ts): only its path changes, by the route its handler serves;
   * `goBody` when `fn` is a Go request function proved to send that argument as the JSON body (go-body.ts): what the call passes there.
   */
  client?: (f: Finding) => { fn: string; direct?: true; reason?: string; body?: SentElsewhere; fake?: GoFake; goBody?: GoSentBody } | undefined;
  /** The catalog and templates a body is migrated with (`migrate scan --catalog`), as the findings were. */
  context?: MigrationContext;
  /**
   * What the v2 check (`v2kit scan`, issue 44) rejects in a fixed file's text: each error with the
   * span it points at. A fixed call whose written text holds one is reported instead of fixed.
   */
  verify?: (text: string, file: string) => Rejection[];
  /**
   * A URL in a test fake or request assertion of a client's requests (fakes.ts, issue 41): the
   * edits that move it with its client, or why it stays. Never planned as a call.
   */
  fake?: (f: Finding) => { edits: Edit[] } | { reason: string } | undefined;
  /** Calls left alone with this reason (set by fixFile itself after `verify` rejected their fix). */
  blocked?: ReadonlyMap<Finding, string>;
  /**
   * Whether a call of another file is migrated by this run (its fix written, or in the diff): a read
   * of its response here, through a function that returns it (caller-reads.ts), moves only then.
   */
  fixedElsewhere?: (call: Finding) => boolean;
  /** Whether the type a call's value is typed by (`restRequest<Pod>`) changes to v2's shape in this run (models.ts): its typed reads move only then. */
  modelMoves?: (call: Finding) => boolean;
}

/** An error the v2 check finds in a fixed text: [start, end) in that text, and its message. */
export interface Rejection {
  start: number;
  end: number;
  message: string;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The bundled document's server with the v2 prefix: what the v1 document's server becomes. */
export const DEFAULT_V2_BASE = `${DEFAULT_BASE_URL}/v2`;

/** A call's or read's edits, or why it is left (with `mark`: the `v2kit:` comment that keeps it reported once its call or base moved, marker.ts). */
type Plan = { edits: Edit[]; shared: number[] } | { reason: string; mark?: Edit };

/** The note migrateQuery gives a query parameter the v2 operation does not take. */
const QUERY_NOTE = /^a query parameter v2 /;

/** Characters that end the path of a URL (a query, a fragment, text around it). */
const PATH_END = /[?#\s"'`<>(),;\\]/;

const VERB_CASE = (written: string, verb: string) =>
  written === written.toLowerCase() ? verb.toLowerCase() : written === written.toUpperCase() ? verb : verb[0] + verb.slice(1).toLowerCase();

/** The source span of url characters [a, b), when they are written in the file exactly as evaluated. */
function spanOf(source: string, url: { text: string; at: number[] }, a: number, b: number): [number, number] | undefined {
  if (a >= b) return undefined;
  for (let k = a; k < b; k++) {
    const at = url.at[k] ?? -1;
    if (at < 0 || (k > a && at !== (url.at[k - 1] as number) + 1)) return undefined;
  }
  const start = url.at[a] as number;
  const end = (url.at[b - 1] as number) + 1;
  return source.slice(start, end) === url.text.slice(a, b) ? [start, end] : undefined;
}

function planUrl(source: string, finding: Finding, options: FixOptions, edits: Edit[], shared: number[], viaClient: boolean): string | undefined {
  const input = finding.fixInput;
  const site = input?.site;
  const route = input?.route;
  if (!site && !finding.match.includes("/v1")) return relativeReason(finding);
  if (!site || !route || route.v2 === null) return "v2kit cannot locate every piece of this call in the source";
  const { url, span } = site;
  const place = (a: number, b: number, text: string): string | undefined => {
    const at = spanOf(source, url, a, b);
    if (!at) return `\`${url.text.slice(a, b)}\` is not written as plain text in this file (an escape, or a value from elsewhere)`;
    if (at[0] < span[0] || at[1] > span[1]) {
      const constant = site.shared.find((candidate) => at[0] >= candidate.start && at[1] <= candidate.end);
      if (!constant) return `\`${url.text.slice(a, b)}\` comes from outside the call`;
      shared.push(constant.start);
    }
    edits.push({ start: at[0], end: at[1], text });
    return undefined;
  };
  // The base: `/v1` right before the resource (a call through a client's request function: its base changes with the client).
  const prefix = url.text.slice(0, url.resourceAt);
  const v1At = prefix.search(/\/v1\/?$/);
  if (v1At < 0 && !viaClient) return relativeReason(finding);
  // A whole call through a client's base name (`f"{API}/pods/{id}"`): the client moves the base, so only the path is edited here.
  const baseElsewhere = viaClient && v1At >= 0 && ((at) => at !== undefined && (at[0] < span[0] || at[1] > span[1]))(spanOf(source, url, v1At, v1At + 3));
  if (v1At >= 0 && !baseElsewhere) {
    const v2Base = options.v2Base ?? DEFAULT_V2_BASE;
    const origin = /^([a-z][a-z0-9+.-]*:\/\/)([^/]+)/i.exec(prefix);
    const ownServer = origin !== null && origin[2]?.toLowerCase() === V1_SERVER_HOST;
    const whole = origin !== null && (ownServer || options.v2Base !== undefined) ? spanOf(source, url, 0, v1At + 3) : undefined;
    const why = whole ? place(0, v1At + 3, v2Base) : place(v1At, v1At + 3, new URL(v2Base).pathname.replace(/\/$/, "") || "/v2");
    if (why) return why;
  }
  // The path: segments of the v1 route pattern against the v2 path, position by position.
  // The path ends at a query, a quote or a space outside braces (`${{ vars.ID }}` is one segment).
  let pathEnd = url.resourceAt;
  for (let depth = 0; pathEnd < url.text.length; pathEnd++) {
    const char = url.text[pathEnd] as string;
    if (char === "{") depth++;
    else if (char === "}" && depth > 0) depth--;
    else if (depth === 0 && PATH_END.test(char)) break;
  }
  const segments: { text: string; at: number }[] = [];
  let from = url.resourceAt + 1;
  for (const text of url.text.slice(url.resourceAt + 1, pathEnd).split("/")) {
    segments.push({ text, at: from });
    from += text.length + 1;
  }
  while (segments.length > 0 && segments[segments.length - 1]?.text === "") segments.pop();
  const v1Parts = route.v1.split("/").filter((segment) => segment !== "");
  const v2Parts = route.v2
    .split("/")
    .filter((segment) => segment !== "")
    .slice(1);
  if (segments.length !== v1Parts.length || v2Parts.length > v1Parts.length) return "the path has a shape the route table does not";
  for (const [i, part] of v1Parts.entries()) {
    const seg = segments[i] as { text: string; at: number };
    const target = v2Parts[i];
    if (part.startsWith("{")) {
      if (target === undefined || !target.startsWith("{")) return "the v2 path places the id elsewhere";
      continue;
    }
    if (target === undefined) {
      // A v1 segment v2 does not have (`…/update`): removed with its slash.
      const gone = place(seg.at - 1, seg.at + seg.text.length, "");
      if (gone) return gone;
      dropEmptyOperand(source, edits[edits.length - 1] as Edit);
      continue;
    }
    if (target.startsWith("{")) return "the v2 path places the id elsewhere";
    if (target !== seg.text) {
      const renamed = place(seg.at, seg.at + seg.text.length, target);
      if (renamed) return renamed;
    }
  }
  if (finding.fixInput?.runtimeQuery) return planRuntimeQuery(finding.fixInput.runtimeQuery, route, edits, source);
  const queried = edits.length;
  const why = planQuery(url.text, pathEnd, route, place, options.unsafe);
  // A query pair that was a literal of its own (`+ "&grouping=endpointId"`) goes with its `+`.
  for (const edit of edits.slice(queried)) if (edit.text === "") dropEmptyOperand(source, edit);
  return why;
}

/**
 * A query built at run time (query-builder.ts): a renamed name changed in its literal, a dropped
 * one stopped with `builder.delete("name")` just before the statement that reads the builder.
 */
function planRuntimeQuery(runtime: RuntimeQuery, route: RouteMapping, edits: Edit[], source: string): string | undefined {
  const { changes } = migrateQuery(route, queryOfNames(runtime.names));
  const dropped: string[] = [];
  for (const change of changes) {
    if (change.to === null) {
      if (!dropped.includes(change.key)) dropped.push(change.key);
      continue;
    }
    for (const name of runtime.names.filter((candidate) => candidate.name === change.key))
      edits.push({ start: name.start, end: name.end, text: name.shorthand ? `${change.to}: ${name.name}` : change.to });
  }
  if (dropped.length === 0) return undefined;
  // A Python `params=` dict (python-params.ts): each dropped name's entry is removed from it.
  if (runtime.kind === "params") {
    const entries = runtime.names.filter((name) => dropped.includes(name.name));
    const spans = entries
      .map((name) => name.drop)
      .filter((span) => span !== undefined)
      .sort((a, b) => a.start - b.start);
    if (spans.length < entries.length)
      return `the \`params=\` dict${runtime.builder === "params=" ? "" : ` \`${runtime.builder}\``} sends ${dropped.map((name) => `\`${name}\``).join(", ")}, which v2 does not take, and v2kit cannot remove it exactly (a comment inside the entry): delete it by hand`;
    // Neighbouring entries share a comma (the last one's span starts at it): one removal covers both.
    const merged: { start: number; end: number }[] = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else merged.push({ ...span });
    }
    for (const span of merged) {
      // The dict's last entries removed: the comma before them goes too (`{"a": 1, "b": 2}` → `{"a": 1}`).
      const comma = /,[ \t]*$/.exec(source.slice(Math.max(0, span.start - 40), span.start));
      if (comma && /^[ \t]*\}/.test(source.slice(span.end)) && source[span.start - 1] !== "\n") span.start -= comma[0].length;
      edits.push({ start: span.start, end: span.end, text: "" });
    }
    return undefined;
  }
  const { insert } = runtime;
  if (!insert)
    return `the query built in \`${runtime.builder}\` sends ${dropped.map((name) => `\`${name}\``).join(", ")}, which v2 does not take, and v2kit cannot tell where to stop it being sent: delete it from \`${runtime.builder}\` before the call`;
  const lines = dropped.map((name) => `${insert.indent}${runtime.builder}.delete(${JSON.stringify(name)})${insert.semicolon ? ";" : ""}\n`);
  edits.push({ start: insert.at, end: insert.at, text: lines.join("") });
  return undefined;
}

/**
 * The query as v2 takes it (issue 41): each parameter migrateQuery renames (`endpointId` →
 * `serverlessId`) or drops (`grouping` where v2 answers that way anyway; with `unsafe`, an
 * expansion v2 serves at another route, `includeWorkers`) changed in the written URL, with its
 * `&`; the finding's notes name each change.
 */
function planQuery(
  text: string,
  pathEnd: number,
  route: RouteMapping,
  place: (a: number, b: number, text: string) => string | undefined,
  unsafe: boolean,
): string | undefined {
  if (text[pathEnd] !== "?") return undefined;
  let end = pathEnd + 1;
  while (end < text.length && !/[#"'`\s]/.test(text[end] as string)) end++;
  const changes = migrateQuery(route, text.slice(pathEnd, end)).changes.filter((change) => unsafe || !change.unsafe);
  if (changes.length === 0) return undefined;
  const pairs: { at: number; text: string; change: QueryChange | undefined }[] = [];
  let at = pathEnd + 1;
  for (const pair of text.slice(pathEnd + 1, end).split("&")) {
    const raw = pair.split("=")[0] as string;
    let key = raw;
    try {
      key = decodeURIComponent(raw.replace(/\+/g, " "));
    } catch {
      // kept as written
    }
    pairs.push({ at, text: pair, change: pair === "" ? undefined : changes.find((change) => change.key === key) });
    at += pair.length + 1;
  }
  const kept = pairs.filter((pair) => pair.change?.to !== null);
  if (kept.every((pair) => pair.text === "")) return place(pathEnd, end, "");
  let keptBefore = false;
  for (const pair of pairs) {
    if (pair.change === undefined || pair.change.to !== null) {
      if (pair.change?.to) {
        const why = place(pair.at, pair.at + (pair.text.split("=")[0] as string).length, pair.change.to);
        if (why) return why;
      }
      keptBefore ||= pair.text !== "";
      continue;
    }
    const why = keptBefore ? place(pair.at - 1, pair.at + pair.text.length, "") : place(pair.at, pair.at + pair.text.length + 1, "");
    if (why) return why;
  }
  return undefined;
}

/**
 * A removal that leaves an empty string literal joined by `+` (`… + id + "/update"` → `… + id +
 * ""`) takes the literal and its `+` with it.
 */
function dropEmptyOperand(source: string, edit: Edit): void {
  const quote = source[edit.start - 1];
  if ((quote !== '"' && quote !== "'") || source[edit.end] !== quote || source[edit.start - 2] === "\\") return;
  const joined = /\s*\+\s*$/.exec(source.slice(Math.max(0, edit.start - 65), edit.start - 1));
  if (!joined) return;
  edit.start = edit.start - 1 - joined[0].length;
  edit.end += 1;
}

/**
 * A relative path (`"/pods"` joined to a base set in another file or at run time) is not fixed
 * alone: once its base is v2, scan reads it as a v2 path, so both must change in one step.
 */
function relativeReason(finding: Finding): string {
  const to = finding.v2 ? ` to ${finding.v2.method} ${finding.v2.path.replace(/^\/v2/, "")}` : "";
  return `the path is relative to a base URL set elsewhere: change it${to} in the same change that makes that base ${DEFAULT_V2_BASE} (scan no longer reports it once the base is v2)`;
}

/**
 * A `/v1` path whose host is set elsewhere (`"/v1/pods"` beside `host: HOST`, `${API}/v1/pods`):
 * v2 is served at another base, so a path changed alone would call the v1 host with a v2 path.
 */
function hostReason(finding: Finding): string {
  const to = finding.v2 ? ` to ${finding.v2.method} ${finding.v2.path}` : "";
  return `the path states /v1 but its host is set elsewhere: change the path${to} in the same change that points that host at ${DEFAULT_V2_BASE.replace(/\/v2$/, "")}`;
}

/** Where a v1 path on a v2 base should go, as the start of a reason. */
function v2BaseAt(finding: Finding): string {
  return `this v1 path is on the v2 base${finding.v2 ? `: make it ${finding.v2.method} ${finding.v2.path.replace(/^\/v2/, "")}` : ""}`;
}

/** A relative v1 path whose v2 base was found only farther away (a parent directory, the tree): not known to be its base. */
function farV2BaseReason(finding: Finding): string {
  return `${v2BaseAt(finding)}, if the v2 base v2kit found farther away (not in this file or its directory) is its base: change it by hand`;
}

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Whether the v1 path of `finding` goes to the same v2 path under every method v1 routes it by, each
 * method kept (`/endpoints/{id}`: GET, PATCH and DELETE all to `/v2/serverless/{id}`), and the call
 * passes its request function the path alone (`api("/endpoints")`: no body it could send as v1's):
 * then a call whose method is not stated at the call moves right whichever it is.
 */
function methodFree(finding: Finding, source: string): boolean {
  const parsed = parseV1Path(finding.v1.path);
  const end = finding.fixInput?.site?.span[1];
  if ("v2" in parsed || !finding.v2 || end === undefined || !/^\s*\)/.test(source.slice(end, end + 200))) return false;
  const routes = HTTP_METHODS.map((method) => findRoute(method, parsed.segments)).filter((route): route is RouteMapping => route !== undefined);
  const to = finding.v2.path.replace(/\?.*$/, "");
  return (
    routes.length > 0 &&
    routes.every((route) => route.v2Method === route.method && migrateRoute(route.method, finding.v1.path).path?.replace(/\?.*$/, "") === to)
  );
}

/** Why a finding that may not be a call (`inferred: method`) is left as written. */
function notACallReason(finding: Finding): string {
  const to = finding.v2 ? `; if it is a call, make it ${finding.v2.method} ${finding.v2.path}` : "";
  return `v2kit cannot tell that this is a call (no HTTP method is stated beside it): a URL that is only logged, compared or kept in a table is left as written${to}`;
}

function planMethod(finding: Finding, edits: Edit[], source: string): string | undefined {
  if (!finding.v2 || finding.v2.method === finding.v1.method) return undefined;
  const anchor = finding.fixInput?.methodAnchor;
  if (!anchor)
    return `the method is not written as a literal v2kit can change (${finding.methodSource ?? "not stated"}): make the call send ${finding.v2.method}`;
  if ("insertAt" in anchor) edits.push({ start: anchor.insertAt, end: anchor.insertAt, text: ` -X ${finding.v2.method}` });
  else edits.push({ start: anchor.start, end: anchor.end, text: VERB_CASE(source.slice(anchor.start, anchor.end), finding.v2.method) });
  return undefined;
}

/** The v2 body written over a literal body (fix-body.ts: migrated again with opaque placeholders, a shell word proved). */
function rewriteBody(source: string, anchor: BodyAnchor, route: RouteMapping, edits: Edit[], context: MigrationContext = {}): string | undefined {
  const written = bodyText(source, anchor, migrationFor(route, context));
  if ("reason" in written) return written.reason;
  // The literal may stay as it was while a key set after it is renamed (`data["dataCenterId"] = …`).
  if (written.text !== source.slice(anchor.start, anchor.end)) edits.push({ start: anchor.start, end: anchor.end, text: written.text });
  edits.push(...(written.keys ?? []));
  return undefined;
}

const insertionText = ({ how, dialect, hasHeaders, lineBreak }: BodyInsertion, action: string): string =>
  how === "positional"
    ? ` '{"action": "${action}"}'`
    : how === "parameter"
      ? `,${lineBreak ?? " "}${dialect === "js" ? `{ action: "${action}" }` : `{"action": "${action}"}`}`
      : how === "kwarg"
        ? `, json={"action": "${action}"}`
        : how === "argument"
          ? dialect === "php"
            ? `, ['action' => '${action}']`
            : `, { action: "${action}" }`
          : how === "option"
            ? `${lineBreak ?? " "}body: JSON.stringify({ action: "${action}" }),${hasHeaders ? "" : `${lineBreak ?? " "}headers: { "Content-Type": "application/json" },`}`
            : dialect === "shell"
              ? `${hasHeaders ? "" : " -H 'Content-Type: application/json'"} -d '{"action": "${action}"}'`
              : ` -ContentType 'application/json' -Body '{"action": "${action}"}'`;

function planBody(
  source: string,
  finding: Finding,
  options: FixOptions,
  edits: Edit[],
  viaClient: string | undefined,
  goBody: GoSentBody | undefined,
  file: string,
): string | undefined {
  const input = finding.fixInput;
  const route = input?.route;
  if (!route) return undefined;
  const site = input?.site;
  const anchor = site?.body;
  // A Go request function proved to marshal this argument as the JSON body (go-body.ts): `nil` there sends none,
  // so the per-action route's exact v2 form is the action body in its place (--fix too, as BodyInsertion.exact).
  if (viaClient !== undefined && goBody !== undefined && !anchor) {
    if (route.action !== undefined && goBody.kind === "nil") {
      edits.push({ start: goBody.start, end: goBody.end, text: `map[string]string{"action": ${JSON.stringify(route.action)}}` });
      return undefined;
    }
    if (route.action === undefined && route.body !== undefined && goBody.kind === "struct") return goStructReason(goBody, route, viaClient);
    if (route.action === undefined && route.body !== undefined && goBody.kind === "map")
      return planGoMap(source, goBody, route, viaClient, edits, options.context);
  }
  // Through a request function, a body v2kit did not read as a literal may be one with v1 keys: the URL is never changed alone.
  // A shell request function that passes the call's other arguments to curl (`"$@"`) takes the action body at the call.
  // A request function whose body parameter is free at the call takes the action body there; a name it sends as its body is a body built elsewhere.
  const addsAction = route.action !== undefined && (site?.addBody?.dialect === "shell" || site?.addBody?.how === "parameter");
  // A Go parameter of the calling function handed on as the body (`CreatePod(ctx, body)` → `c.Post(ctx, "/pods", body, …)`): built by its callers, as `bodyParameter` is.
  const sentThrough = input?.bodyParameter === true || (goBody?.kind === "other" && goBody.parameter === true);
  if (viaClient !== undefined && !anchor && !addsAction && (route.action !== undefined || (route.body !== undefined && !finding.body && !sentThrough))) {
    return route.action !== undefined
      ? `v2 takes {"action": "${route.action}"} as this call's body, and v2kit does not add a body to a call through \`${viaClient}\`: pass it there`
      : `the body this call passes to \`${viaClient}\` is not a literal v2kit reads: make it the v2 \`${route.operation ?? route.body?.kind.name}\` body`;
  }
  if (route.action !== undefined) {
    const unsafeOnly = `the per-action route becomes POST /v2/pods/{id}/action with {"action": "${route.action}"} as its body: run with --unsafe-fixes for that change`;
    if (anchor) return options.unsafe ? rewriteBody(source, anchor, route, edits, options.context) : unsafeOnly;
    if (input?.bodyElsewhere || finding.body) return `the call sends a body v2kit cannot rewrite: send {"action": "${route.action}"}`;
    const add = site?.addBody;
    if (!add) return `v2kit cannot tell where this call would take a body: send {"action": "${route.action}"}`;
    // --fix adds the action body where the call's shape proves it sends no other (BodyInsertion.exact).
    if (!options.unsafe && add.exact !== true) return unsafeOnly;
    edits.push({ start: add.at, end: add.at, text: insertionText(add, route.action) });
    return undefined;
  }
  if (route.body === undefined) return finding.body ? "the v2 route takes no body: drop it" : undefined;
  const operation = route.operation ?? route.body.kind.name;
  if (finding.body) {
    if (finding.body.v2 === null) return "the v2 body cannot be built from this one";
    if (JSON.stringify(finding.body.v1) === JSON.stringify(finding.body.v2)) return undefined;
    if (!anchor) return `the body literal is not one v2kit can rewrite in place: change it to the v2 \`${operation}\` body`;
    return rewriteBody(source, anchor, route, edits, options.context);
  }
  // A body written at the call that v2kit cannot read as JSON (a here-document or curl word with a construct it does not model): never left v1 under a v2 URL.
  if (anchor)
    return `the body written at the call is not JSON v2kit can read (${input?.site?.body?.in === "heredoc" ? "a here-document" : "as written"}): make it the v2 \`${operation}\` body, then fix the call`;
  // A body in a variable that is changed, reassigned or used elsewhere: the URL never moves without it (issue 41).
  if (input?.bodyUnsure !== undefined)
    return `the body is built from a literal in this function, but ${input.bodyUnsure}: v2kit cannot tell which body the call sends, and v2 refuses a v1 body (422): make it the v2 \`${operation}\` body, then fix the call`;
  // A literal handed to a request function: with a v2 URL its v1 keys would be refused (issue 41).
  if (input?.bodyLiteralArgument)
    return `the literal passed to the request function may be the body it sends, and v2kit did not find where the function sends it: make it the v2 \`${operation}\` body and fix the URL by hand`;
  if (options.unsafe) {
    // Moved with a body v2kit does not see, the call would read as a v2 call to every later scan: a `v2kit:` comment keeps it reported (marker.ts).
    // Not in Markdown: an example in the docs runs nowhere, and moves with its URL alone, as before.
    if (languageOf(file, source) === "markdown") return undefined;
    const words = unseenMarkerText(`${route.method} ${route.v1}`, `${route.v2Method} ${route.v2 ?? ""}`, operation);
    const mark = site === undefined ? undefined : markerEdit(file, source, site.span[0], words);
    if (mark === undefined)
      return `the body is built where v2kit cannot see it, and v2kit finds no line above the call for the \`v2kit:\` comment that would keep it reported once moved: make it the v2 \`${operation}\` body, then fix the call by hand`;
    edits.push(mark);
    return undefined;
  }
  return input?.bodyElsewhere
    ? `the body is built elsewhere: make it the v2 \`${operation}\` body, then run with --unsafe-fixes to change the URL and method alone`
    : `v2kit did not find the body this call sends: check it is the v2 \`${operation}\` body, then run with --unsafe-fixes to change the URL and method alone`;
}

/** `/gpu/id` as the reader writes it: `gpu.id`. */
const pointerShown = (pointer: string) => pointer.replace(/^\//, "").replace(/\//g, ".");

/**
 * Why a Go call that hands its request function a struct is left (issue 41): a struct's json tags
 * are its wire names, and rewriting a type other code also reads is not a call's fix. The reason
 * names the type, where it is declared, and each of its json names that the v2 body renames or
 * drops (by the route's migration table), so the user knows which tags to change.
 */
function goStructReason(body: Extract<GoSentBody, { kind: "struct" }>, route: RouteMapping, viaClient: string): string {
  const kind = route.body?.kind;
  const operation = route.operation ?? kind?.name ?? "request";
  const struct = `the body this call passes to \`${viaClient}\` is the Go struct \`${body.type}\`${body.declared ? ` (${body.declared})` : ""}`;
  if (body.fields === undefined || kind === undefined)
    return `${struct}, whose json field names v2kit cannot read all of (an embedded struct, a field without a json tag): make it the v2 \`${operation}\` body, then fix the call`;
  const changed: string[] = [];
  for (const { json } of body.fields) {
    const mapping = Object.hasOwn(kind.table, json) ? kind.table[json] : undefined;
    if (mapping === undefined) changed.push(`\`${json}\` (not a v1 field of this body)`);
    else if (mapping.to === null) changed.push(`\`${json}\` (${mapping.how === "drop" ? "dropped" : mapping.note})`);
    else if (mapping.to !== `/${json}`) changed.push(`\`${json}\` → \`${pointerShown(mapping.to)}\``);
  }
  if (changed.length === 0) return `${struct}, whose json field names v2 keeps: check its values against the v2 \`${operation}\` body, then fix the call`;
  return `${struct}, whose json field names v2 renames or drops: ${changed.join(", ")}: change its json tags (and the values) to the v2 \`${operation}\` body, then fix the call`;
}

/**
 * A Go map literal body (`map[string]interface{}{"dataCenterId": "EU-RO-1"}`, issue 41): fixed
 * only when v2 renames its keys and nothing else. Each key's table mapping must keep it or rename
 * it to a top-level name, and the migrated body of it (values that are not literals stand in as
 * opaque strings) must be that renaming exactly: the keys' text changes, values stay as written.
 * A key v2 moves into a nested object, drops or builds from others is reported, named.
 */
function planGoMap(
  source: string,
  body: Extract<GoSentBody, { kind: "map" }>,
  route: RouteMapping,
  viaClient: string,
  edits: Edit[],
  context?: MigrationContext,
): string | undefined {
  const kind = route.body?.kind;
  if (!kind) return undefined;
  const operation = route.operation ?? kind.name;
  const moved: string[] = [];
  const renamed = new Map<string, string>();
  for (const { key } of body.entries) {
    const mapping = Object.hasOwn(kind.table, key) ? kind.table[key] : undefined;
    if (mapping === undefined) moved.push(`\`${key}\` (not a v1 field of this body)`);
    else if (mapping.to === null) moved.push(`\`${key}\` (${mapping.how === "drop" ? "dropped" : mapping.note})`);
    else if (mapping.to === `/${key}`) renamed.set(key, key);
    else if (mapping.how === "rename" && /^\/[A-Za-z_]\w*$/.test(mapping.to)) renamed.set(key, mapping.to.slice(1));
    else moved.push(`\`${key}\` → \`${pointerShown(mapping.to)}\``);
  }
  const literal = `the map literal this call passes to \`${viaClient}\``;
  if (moved.length > 0) {
    // Keys v2 nests or builds: the literal is written again as the v2 body, in Go (go-map-body.ts).
    const written = goMapBodyText(source, body.literal, body.entries, migrationFor(route, context));
    if ("reason" in written)
      return `${literal} has keys v2 does not simply rename (${moved.join(", ")}), and v2kit cannot write the v2 \`${operation}\` body in its place (${written.reason}): write that body by hand, nested maps where v2 nests, then fix the call`;
    edits.push({ start: body.literal.start, end: body.literal.end, text: written.text });
    return undefined;
  }
  const v1: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [i, entry] of body.entries.entries()) {
    const value = "value" in entry ? entry.value : `\u0000v2kit-go-value-${i}`;
    v1[entry.key] = value;
    expected[renamed.get(entry.key) as string] = value;
  }
  const v2 = migrationFor(route, context).migrate(v1);
  const sorted = (value: unknown) =>
    JSON.stringify(Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y))));
  if (typeof v2 !== "object" || v2 === null || Array.isArray(v2) || sorted(v2) !== sorted(expected))
    return `${literal} is not one v2 takes by renaming its keys (the v2 \`${operation}\` body differs in more than names): write it as that body, then fix the call`;
  const padding = goMapPadding(source, body.entries, renamed);
  if (padding === undefined)
    return `${literal} is laid out over lines in a way v2kit cannot realign as gofmt would after renaming its keys (${[...renamed]
      .filter(([from, to]) => from !== to)
      .map(([from, to]) => `\`${from}\` → \`${to}\``)
      .join(", ")}): rename them, then fix the call`;
  for (const entry of body.entries) {
    const to = renamed.get(entry.key) as string;
    if (to !== entry.key) edits.push({ start: entry.keyStart, end: entry.keyEnd, text: to });
  }
  edits.push(...padding);
  return undefined;
}

/**
 * The space edits that keep a map literal as gofmt lays it out once its keys are renamed: none on
 * one line (`: ` stays); one entry a line, each value on its key's line, the values in one column
 * as gofmt aligns them (the widest `"key":` plus one space), each pair short enough that gofmt
 * keeps the column: the column moved for the new keys. Undefined for any other layout.
 */
function goMapPadding(source: string, entries: readonly GoMapEntry[], renamed: ReadonlyMap<string, string>): Edit[] | undefined {
  if (entries.every((entry) => renamed.get(entry.key) === entry.key)) return [];
  const first = entries[0];
  const last = entries[entries.length - 1];
  if (!first || !last) return [];
  if (!source.slice(first.keyStart, last.valueEnd).includes("\n")) return [];
  const lineStart = (at: number) => source.lastIndexOf("\n", at - 1) + 1;
  const column = (entry: GoMapEntry) => entry.valueStart - lineStart(entry.keyStart - 1);
  const cell = (entry: GoMapEntry, key: string) => entry.keyStart - 1 - lineStart(entry.keyStart - 1) + key.length + 3;
  for (const [i, entry] of entries.entries()) {
    const own = source.slice(lineStart(entry.keyStart - 1), entry.keyStart - 1);
    if (!/^[ \t]*$/.test(own) || source.slice(entry.keyStart, entry.valueEnd).includes("\n")) return undefined;
    const between = i === 0 ? "" : source.slice((entries[i - 1] as GoMapEntry).valueEnd, entry.keyStart - 1);
    if (i > 0 && !/^,[ \t]*\r?\n[ \t]*$/.test(between)) return undefined;
    if (entry.key.length + 4 + (entry.valueEnd - entry.valueStart) > GOFMT_SMALL) return undefined;
    const renamedKey = renamed.get(entry.key) as string;
    if (renamedKey.length + 4 + (entry.valueEnd - entry.valueStart) > GOFMT_SMALL) return undefined;
  }
  // The column gofmt gave the values before: the widest cell plus one space.
  const before = Math.max(...entries.map((entry) => cell(entry, entry.key))) + 1;
  if (entries.some((entry) => column(entry) !== before || source.slice(entry.colonEnd, entry.valueStart).includes("\t"))) return undefined;
  const after = Math.max(...entries.map((entry) => cell(entry, renamed.get(entry.key) as string))) + 1;
  return entries.map((entry) => ({
    start: entry.colonEnd,
    end: entry.valueStart,
    text: " ".repeat(after - cell(entry, renamed.get(entry.key) as string)),
  }));
}

/**
 * A fixed `fetch` that sends a body sends it as JSON: `Content-Type: application/json` added to
 * its headers literal (or a `headers` option), since fetch labels a string body `text/plain`
 * (issue 41); headers v2kit cannot read leave the call reported.
 */
function planJsonHeader(finding: Finding, edits: Edit[]): string | undefined {
  const input = finding.fixInput;
  const header = input?.site?.jsonHeader;
  const route = input?.route;
  if (!header || header.kind === "ok" || !route) return undefined;
  const sends = route.action !== undefined || (route.body !== undefined && (finding.body !== undefined || input.bodyElsewhere));
  if (!sends) return undefined;
  if (header.kind === "unknown")
    return `the call's headers (\`${header.headers}\`) are built elsewhere: v2 needs \`Content-Type: application/json\` with a JSON body (fetch sends a string as text/plain); add it, then fix the call`;
  edits.push({ start: header.at, end: header.at, text: header.text });
  return undefined;
}

/** A copy of `finding` that sends `body`, as its client read it at the call (its fixInput kept out of JSON, as the original's). */
function withBodyElsewhere(finding: Finding, body: SentElsewhere): Finding {
  const copy: Finding = { ...finding };
  const input = finding.fixInput ?? { bodyElsewhere: false };
  Object.defineProperty(copy, "fixInput", {
    value: { ...input, bodyElsewhere: true, ...(body.unsure === undefined ? {} : { bodyUnsure: body.unsure }) },
  });
  return copy;
}

function plan(source: string, finding: Finding, options: FixOptions, file: string): Plan {
  const fake = options.fake?.(finding);
  if (fake !== undefined) return "reason" in fake ? { reason: fake.reason } : { edits: fake.edits, shared: [] };
  // A call an earlier fix moved with its body left (marker.ts): the body is the user's to write, the comment theirs to delete.
  if (finding.ruleId === BODY_LEFT_RULE) return { reason: "its body is written by hand: make it the v2 one, then delete the `v2kit:` comment above the call" };
  const client = options.client?.(finding);
  if (client?.reason !== undefined) return { reason: client.reason };
  if (client?.fake !== undefined) return planFake(source, finding, options, client.fake);
  // A v1 path on a v2 base (issue 41): its own error note says what it is; the others stop a fix as for a v1 call.
  const onV2 = finding.fixInput?.onV2Base;
  const errors = finding.notes.filter((note) => note.level === "error" && note !== onV2?.note);
  if (finding.v2 === null) return { reason: errors[0]?.message ?? "v2 has no such route" };
  // A v1 expansion v2 does not return (`includeWorkers` on an endpoint), in a literal query or one built at run
  // time: dropped by --unsafe-fixes only, its note naming where v2 serves it (docs/scan.md).
  const route = finding.fixInput?.route;
  const expansion = (note: Note) => note.field !== undefined && route !== undefined && QUERY_NOTE.test(note.message) && expansionOf(route, note.field);
  const blocking = errors.find((note) => !expansion(note)) ?? (options.unsafe ? undefined : errors[0]);
  if (blocking)
    return {
      reason: `${blocking.field ? `${blocking.field}: ` : ""}${blocking.message}${expansion(blocking) ? `; --unsafe-fixes drops \`${blocking.field}\` from the query, and the call no longer receives what it asked for` : ""}`,
    };
  if (finding.fixInput?.hostElsewhere) return { reason: hostReason(finding) };
  if (onV2 !== undefined && finding.inferred.includes("base")) return { reason: farV2BaseReason(finding) };
  // A call through a client's request function: its base is known (client-base.ts), not inferred.
  if (finding.inferred.includes("base") && client === undefined) return { reason: relativeReason(finding) };
  // Only a call is rewritten: a URL whose method v2kit had to guess may be logged, compared or stored.
  // A path passed to a client's request function is a call; its unstated method matters only where v1 routes that path by method.
  if (finding.inferred.includes("method") && !(client !== undefined && methodFree(finding, source))) return { reason: notACallReason(finding) };
  // A relative path on a v2 base goes through a request function, as a client's calls do: a body it does not show is never left v1 under a v2 path.
  let through = client?.direct ? undefined : client?.fn;
  if (onV2?.base === "relative") {
    through = requestFunctionAt(file, source, finding.fixInput?.site?.span[0] ?? -1);
    if (through === undefined) return { reason: `${v2BaseAt(finding)}, and v2kit cannot tell which request function it is passed to: change it by hand` };
  }
  const edits: Edit[] = [];
  const shared: number[] = [];
  const why =
    planUrl(source, finding, options, edits, shared, client !== undefined || onV2 !== undefined) ??
    planMethod(finding, edits, source) ??
    planBody(
      source,
      client?.body ? withBodyElsewhere(finding, client.body) : finding,
      options,
      edits,
      through,
      client?.direct ? undefined : client?.goBody,
      file,
    ) ??
    planJsonHeader(finding, edits);
  return why === undefined ? { edits, shared } : { reason: why };
}

/**
 * A Go test fake's path literal (`r.URL.Path == "/networkvolumes/vol-1"`) moving with its client:
 * the path as the client's call of that route now sends it; no method, body or header to change.
 */
function planFake(source: string, finding: Finding, options: FixOptions, fake: GoFake): Plan {
  if ("reason" in fake) return { reason: fake.reason };
  const input = finding.fixInput;
  if (!input) return { reason: "v2kit cannot locate every piece of this fake in the source" };
  const served: Finding = { ...finding };
  Object.defineProperty(served, "fixInput", { value: { ...input, route: fake.route } });
  const edits: Edit[] = [];
  const shared: number[] = [];
  const why = planUrl(source, served, options, edits, shared, true);
  return why === undefined ? { edits, shared } : { reason: why };
}

export interface FileFix {
  /** The text with every fix applied (the input when none applies). */
  text: string;
  /** The edits applied to get it. */
  edits: Edit[];
  fixed: Finding[];
  notFixed: { finding: Finding; reason: string }[];
  /** Why the whole file was left as it was, when a check failed after fixing. */
  refused?: string;
  /**
   * A base constant moved to v2 under calls left as written (--unsafe-fixes): a scan of the fixed
   * text reads those as v2 calls, so they are reported as read before the fix.
   */
  movedBase?: true;
}

const overlaps = (a: Edit, b: Edit) => a.start < b.end && b.start < a.end;
const same = (a: Edit, b: Edit) => a.start === b.start && a.end === b.end && a.text === b.text;

/** Applies non-overlapping edits (sorted by start). */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/**
 * Whether the file's brackets balance as its lexer reads it (a code block at a time in
 * Markdown): a fix must not change that. Undefined for files read line by line.
 */
function balanced(text: string, file: string): boolean | undefined {
  const language = languageOf(file, text);
  if (language === undefined) return undefined;
  const texts = language === "markdown" ? [...splitMarkdown(text).blocks] : [[language, text] as const];
  for (const [dialect, code] of texts) {
    const stack: string[] = [];
    for (const t of LEXERS[dialect](code)) {
      if (t.kind !== "punct") continue;
      if (t.text === "(" || t.text === "[" || t.text === "{") stack.push(t.text);
      else if (t.text === ")" || t.text === "]" || t.text === "}") {
        if (stack.pop() !== OPENER[t.text]) return false;
      }
    }
    if (stack.length > 0) return false;
  }
  return true;
}

const OPENER: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/**
 * Every fix for one file's findings (resolved from `analyzeSource(…, { sites: true })`: a finding
 * without a site is not fixed), all or nothing per finding. A string constant shared by
 * several calls (`BASE = "https://…/v1"`) is changed only when every use of it in the file is a
 * call being fixed. After fixing, the file is scanned again: if any fixed call is still found,
 * or the text no longer reads as before, nothing is changed.
 */
export function fixFile(source: string, file: string, findings: readonly Finding[], options: FixOptions, baseEdits: readonly Edit[] = []): FileFix {
  const plans = new Map<Finding, Plan>();
  for (const finding of findings)
    if (finding.ruleId !== "v1-mention" && finding.ruleId !== "v1-response-field" && finding.ruleId !== "v1-fake-response") {
      const blocked = options.blocked?.get(finding);
      plans.set(finding, blocked === undefined ? plan(source, finding, options, file) : { reason: blocked });
    }
  // Calls that cannot be migrated on their own account (not because of a constant they share).
  const stuck = [...plans].filter(([finding, planned]) => "reason" in planned && finding.ruleId === "v1-call").map(([finding]) => finding);
  let movedBase = false;
  // A shared constant: fixed only when all its uses are calls being fixed; repeat until stable.
  for (let changed = true; changed;) {
    changed = false;
    const dependents = new Map<number, Finding[]>();
    for (const [finding, planned] of plans)
      if ("edits" in planned) for (const start of new Set(planned.shared)) dependents.set(start, [...(dependents.get(start) ?? []), finding]);
    for (const [start, users] of dependents) {
      const constant = users[0]?.fixInput?.site?.shared.find((candidate) => candidate.start === start);
      if (!constant) continue;
      // Other modules may import an exported constant, another file may use it: changing it would move their calls to v2 paths they do not use.
      const other = constant.exported ? undefined : options.usedElsewhere?.(constant.name, file);
      const why = constant.exported
        ? `the v1 base comes from \`${constant.name}\`, which is exported, so code in other files may use it: change it together with every call that uses it, by hand`
        : other !== undefined
          ? `the v1 base comes from \`${constant.name}\`, which ${other} uses too: change it together with every call that uses it, by hand`
          : constant.uses > users.length
            ? baseOfStuckCalls(constant, users, stuck, plans, options, file, source)
            : undefined;
      if (why === undefined) {
        if (constant.uses > users.length) movedBase = true;
        continue;
      }
      for (const finding of users) plans.set(finding, { reason: why });
      changed = true;
    }
    // Overlapping edits of two calls that are not the same edit: the later call is left alone.
    const taken: Edit[] = [];
    for (const [finding, planned] of plans) {
      if (!("edits" in planned)) continue;
      if (planned.edits.some((edit) => taken.some((t) => overlaps(edit, t) && !same(edit, t)))) {
        plans.set(finding, { reason: "its fix overlaps another call's" });
        changed = true;
        break;
      }
      taken.push(...planned.edits);
    }
  }
  // Reads of a response (issue 41, item 3): rewritten with --unsafe-fixes, and only when their call is fixed.
  for (const finding of findings) if (finding.ruleId === "v1-response-field") plans.set(finding, planRead(finding, plans, options, source, file));
  const edits: Edit[] = [...baseEdits];
  const fixed: Finding[] = [];
  const notFixed: FileFix["notFixed"] = [];
  for (const [finding, planned] of plans) {
    if ("reason" in planned) {
      notFixed.push({ finding, reason: planned.reason });
      if (planned.mark !== undefined && !edits.some((x) => same(x, planned.mark as Edit))) edits.push(planned.mark);
      continue;
    }
    for (const edit of planned.edits) if (!edits.some((x) => same(x, edit))) edits.push(edit);
    // A call through a client whose path v2 keeps (`GET /pods/{id}`) is migrated by its base's edit.
    if (planned.edits.length > 0 || options.client?.(finding) !== undefined) fixed.push(finding);
  }
  if (edits.length === 0) return { text: source, edits: [], fixed, notFixed };
  const text = applyEdits(source, edits);
  const moved = movedBase && fixed.length > 0 ? { movedBase: true as const } : {};
  // A call through a client, or a path on a v2 base, whose v2 path still names a v1 resource (`/pods`) may still be a
  // candidate after the fix; a read of a response is no call.
  const gone = fixed.filter(
    (finding) =>
      finding.ruleId !== "v1-response-field" &&
      ((options.client?.(finding) === undefined && finding.fixInput?.onV2Base === undefined) || !RESOURCE_IN.test(finding.v2?.path.replace(/^\/v2/, "") ?? "")),
  ).length;
  const refused = check(source, text, file, gone);
  if (refused) return { text: source, edits: [], fixed: [], notFixed: [...notFixed, ...fixed.map((finding) => ({ finding, reason: refused }))], refused };
  const rejected = options.verify === undefined ? new Map<Finding, string>() : rejectedFixes(text, file, plans, options.verify);
  // Fixed calls whose written text the v2 check rejects: planned again without them (each pass blocks at least one more call).
  if (rejected.size > 0) return fixFile(source, file, findings, { ...options, blocked: new Map([...(options.blocked ?? []), ...rejected]) }, baseEdits);
  return { text, edits, fixed, notFixed, ...moved };
}

/**
 * The fixed calls whose own edits hold an error the v2 check finds in the fixed text (issue 44,
 * item 4: `migrate scan --fix` checks its own output), each with the reason it is then left.
 */
function rejectedFixes(text: string, file: string, plans: ReadonlyMap<Finding, Plan>, verify: NonNullable<FixOptions["verify"]>): Map<Finding, string> {
  const rejected = new Map<Finding, string>();
  const errors = verify(text, file);
  if (errors.length === 0) return rejected;
  // Every planned edit, where it lands in the fixed text.
  const all = [...plans].flatMap(([finding, planned]) => ("edits" in planned ? planned.edits.map((edit) => ({ edit, finding })) : []));
  const order = [...new Set(all.map(({ edit }) => edit))].sort((a, b) => a.start - b.start || a.end - b.end);
  const landed = new Map<Edit, [number, number]>();
  let delta = 0;
  for (const edit of order) {
    landed.set(edit, [edit.start + delta, edit.start + delta + edit.text.length]);
    delta += edit.text.length - (edit.end - edit.start);
  }
  for (const error of errors)
    for (const { edit, finding } of all) {
      const [start, end] = landed.get(edit) as [number, number];
      if (rejected.has(finding) || error.end <= start || error.start >= end) continue;
      rejected.set(finding, `its fix would send a request the v2 check rejects (${error.message}): left as written`);
    }
  return rejected;
}

/** A file of tests (`client_test.go`, `test_api.py`, `api.test.ts`, `tests/`, `__tests__/`, `PodClientTest.php`). */
const TEST_FILE = /(?:^|\/)(?:tests?|__tests__|spec)\/|(?:^|\/)test_[^/]*\.py$|_test\.(?:go|py)$|\.(?:test|spec)\.[cm]?[jt]sx?$|Test\.php$/i;

/**
 * Whether moving its base alone takes this call to its v2 route with the body it sends now: v2
 * keeps the route's method and path (`POST /pods`, `PATCH /templates/{id}`) and the route takes a
 * body. A call left as written under a moved base is said to fail as it did before; this one would
 * not fail the same way: its v1 body would reach v2 (422), and a second scan would see a v2 call.
 * So --unsafe-fixes never moves a base past such a call it cannot migrate (issue 41: no wrong fix),
 * unless the call is in a file of tests, whose requests go to the test's own server.
 */
export function landsWithItsBody(finding: Finding, path: string): boolean {
  // A test's request goes to the test's own server (`WithBaseURL(server.URL)`), never to v2 with that body.
  // Judged within the project (the folder scanned from): a parent folder named `tests` says nothing of the file.
  const within = relative(process.cwd(), path);
  const shown = (within.startsWith("..") || isAbsolute(within) ? basename(path) : within).split(sep).join("/");
  if (TEST_FILE.test(shown)) return false;
  const route = finding.fixInput?.route;
  if (route?.v2 == null || route.body === undefined || route.action !== undefined) return false;
  return route.v2Method === route.method && keepsPath(route.v1, route.v2);
}

/**
 * The `v2kit:` comment (marker.ts) above a call that a moved base or constant takes to its v2 route
 * with the v1 body it sends now (landsWithItsBody), as an edit of `source`, the text of `file`;
 * undefined when the comment has no place there.
 */
export function stuckMarkerEdit(finding: Finding, file: string, source: string): Edit | undefined {
  const at = finding.fixInput?.site?.span[0];
  const route = finding.fixInput?.route;
  if (at === undefined || route?.v2 == null) return undefined;
  const words = stuckMarkerText(`${route.method} ${route.v1}`, `${route.v2Method} ${route.v2}`, route.operation ?? route.body?.kind.name ?? "request");
  return markerEdit(file, source, at, words);
}

/**
 * Why the constant `constant`, which some calls being fixed share, stays v1 (issue 41): its other
 * uses are not all v1 calls of this file that cannot be migrated. When they are, --fix still
 * leaves it (naming those calls) and --unsafe-fixes moves it (undefined), each of those calls then
 * saying that it fails as it did before.
 */
function baseOfStuckCalls(
  constant: FixSite["shared"][number],
  users: readonly Finding[],
  stuck: readonly Finding[],
  plans: Map<Finding, Plan>,
  options: FixOptions,
  file: string,
  source: string,
): string | undefined {
  const through = stuck.filter((finding) => finding.fixInput?.site?.shared.some((other) => other.start === constant.start));
  if (through.length === 0 || users.length + through.length !== constant.uses)
    return `the v1 base comes from \`${constant.name}\`, which other code in this file uses too: change it there by hand`;
  const lines = through.map((finding) => finding.line).join(", ");
  const calls = through.length === 1 ? `the call at line ${lines}, which cannot` : `the calls at lines ${lines}, which cannot`;
  if (!options.unsafe)
    return `the v1 base comes from \`${constant.name}\`, which is also the base of ${calls} be migrated with --fix: run with --unsafe-fixes to move the base with every call that can migrate then (a call still left fails as it did before)`;
  // A call the moved constant would take to a route v2 keeps with its v1 body moves only under a `v2kit:` comment (marker.ts).
  const marks = new Map(
    through.filter((finding) => landsWithItsBody(finding, file)).map((finding) => [finding, stuckMarkerEdit(finding, file, source)] as const),
  );
  const lands = [...marks].find(([, mark]) => mark === undefined)?.[0];
  if (lands)
    return `the v1 base comes from \`${constant.name}\`, which is also the base of the call at line ${lands.line}, which cannot be migrated: moved, the base alone would take that call to its v2 route (${lands.v2?.method ?? ""} ${lands.v2?.path ?? ""}) with the v1 body it sends now, which v2 refuses (422): make that body the v2 one by hand, then run again`;
  const v2Base = options.v2Base ?? DEFAULT_V2_BASE;
  for (const finding of through) {
    const own = plans.get(finding);
    if (own === undefined || !("reason" in own) || own.reason.includes("so this call, left as written, fails as it did before") || own.mark !== undefined)
      continue;
    const mark = marks.get(finding);
    if (mark !== undefined) {
      plans.set(finding, {
        reason: `${own.reason}; its base \`${constant.name}\` becomes ${v2Base} with the other calls, so this call now sends its v1 body to ${finding.v2?.method ?? ""} ${finding.v2?.path.replace(/^\/v2/, "") ?? ""}, which v2 refuses (422): a \`v2kit:\` comment above it says so, and every later scan reports it until the body is v2's and the comment is deleted`,
        mark,
      });
      continue;
    }
    const route = finding.v2 ? `${finding.v2.method} ${finding.v2.path.replace(/^\/v2/, "")}` : "its v2 route";
    plans.set(finding, {
      reason: `${own.reason}; its base \`${constant.name}\` becomes ${v2Base} with the other calls, so this call, left as written, fails as it did before (v1 was retired on 2026-11-15): change it to ${route}`,
    });
  }
  return undefined;
}

/** The edit of one read of a response, or why it is left. */
function planRead(finding: Finding, plans: ReadonlyMap<Finding, Plan>, options: FixOptions, source: string, file: string): Plan {
  const input = finding.fixInput;
  // A read an earlier fix left under its moved call, found again from its `v2kit:` comment (marker.ts).
  if (input === undefined && finding.match.startsWith("v2kit: "))
    return { reason: "its call moved to v2 in an earlier fix: change the read by hand, then delete the `v2kit:` comment above it" };
  const call = input?.responseOf === undefined ? undefined : plans.get(input.responseOf);
  // A call through a client whose path v2 keeps (`GET /pods/{id}`) moves with its base's edit, and has none of its own.
  // A call of another file (the read is of a function returning its response) moves when that file's fix does.
  const moves =
    call === undefined
      ? input?.responseOf !== undefined && options.fixedElsewhere?.(input.responseOf) === true
      : "edits" in call && (call.edits.length > 0 || options.client?.(input?.responseOf as Finding) !== undefined);
  if (!moves) return { reason: "its call is not fixed, and the v1 response still has this field: change the read when the call moves to v2" };
  // Left as written under a call that moves, the read would look like a read of a v2 answer to every later scan: a `v2kit:` comment keeps it reported.
  const left = (reason: string): Plan => {
    const route = input?.responseOf?.fixInput?.route;
    const field = finding.responseField;
    const at = goStructAt(file, source, input?.readAt);
    const mark =
      route?.v2 == null || field === undefined || at === undefined
        ? undefined
        : markerEdit(file, source, at, readMarkerText(`${route.method} ${route.v1}`, `${route.v2Method} ${route.v2}`, field.v1, field.v2));
    return mark === undefined ? { reason } : { reason: `${reason}; a \`v2kit:\` comment above it keeps it reported once its call is v2`, mark };
  };
  if (input?.readEdit === undefined) return left("the read is not one v2kit can rewrite for certain: change it by hand");
  if (input.typed && options.modelMoves?.(input.responseOf as Finding) !== true)
    return left(
      "the value's type is written as v1's answer: v2kit changes a read of it only together with that type (one interface or type of the call's file, used nowhere else, whose every read it can rewrite): change both by hand",
    );
  if (!options.unsafe) return left("a read of the response changes with its call: run with --unsafe-fixes to rewrite it");
  return { edits: [{ ...input.readEdit }], shared: [] };
}

/**
 * Where a read's comment goes: at the read, or, for a Go struct field's tag (`json:"desiredStatus"`,
 * go-reads.ts), above its `type … struct {` line. A comment line between a struct's fields splits
 * gofmt's alignment of them, so the fixed file would no longer be gofmt's.
 */
function goStructAt(file: string, source: string, at: number | undefined): number | undefined {
  if (at === undefined || !file.endsWith(".go") || !/json:"$/.test(source.slice(Math.max(0, at - 6), at))) return at;
  const before = source.slice(0, at);
  const types = [...before.matchAll(/^[ \t]*type[ \t]+[A-Za-z_]\w*[ \t]+struct[ \t]*\{/gm)];
  return types[types.length - 1]?.index ?? at;
}

/** Why the fixed text must not be written, if it must not. */
function check(before: string, after: string, file: string, gone: number): string | undefined {
  if (balanced(before, file) === true && balanced(after, file) === false) return "the file would no longer parse after fixing: left as it was";
  // A v2 route read for its query (v2-query.ts) is no v1 call.
  const again = analyzeSource(after, file).candidates.filter((candidate) => !candidate.mention && !candidate.v2Route).length;
  const was = analyzeSource(before, file).candidates.filter((candidate) => !candidate.mention && !candidate.v2Route).length;
  if (again > was - gone) return "after fixing, the file still reads as calling v1 where it was fixed: left as it was";
  return undefined;
}
