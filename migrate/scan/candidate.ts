// What the per-language analysis of one file produces, before findings are resolved against
// the base URLs known around it (the file, its directory, the scanned tree).

import { V1_RESOURCES, V1_SERVER_HOST } from "../route-table.js";
import type { BodyAnchor, BodyInsertion, JsonHeader } from "./literal-body.js";
import type { MethodSource } from "./method.js";
import type { V1Document } from "./openapi-document.js";
import type { LocatedRead, Returned, TypeArgument } from "./response-reads.js";
import type { RuntimeQuery } from "./query-builder.js";

/**
 * Where a call is written, for `migrate scan --fix`: the URL as evaluated with each character's
 * source offset (-1: not written in this file as plain text), the span of the call's own URL
 * expression, where its literal body sits and where a body could be added.
 */
export interface FixSite {
  url: { text: string; at: number[]; resourceAt: number };
  span: [number, number];
  body?: BodyAnchor;
  addBody?: BodyInsertion;
  /** A `fetch` call: what its options need to send a JSON body as JSON. */
  jsonHeader?: JsonHeader;
  /**
   * String constants outside the span the URL's text comes from: their name, how often the file
   * uses it, and whether other modules can import it (`export const`, `module.exports`, a Go
   * package-level name with a capital, shell `export`).
   */
  shared: { start: number; end: number; name: string; uses: number; exported?: true }[];
}

export interface Candidate {
  line: number;
  /** 1-based, in UTF-16 code units (SARIF's default column kind). */
  column: number;
  match: string;
  /** The path from the v1 resource segment on, as written (interpolations as `{name}` / `${name}`). */
  path: string;
  /** `/v1` is part of the expression (`https://host/v1/pods`, `${BASE}` with BASE = "…/v1"). */
  explicit: boolean;
  /** Whose `/v1` an explicit path is; absent: the v1 server's. */
  base?: V1Base;
  method?: MethodSource;
  /** Prose (a docstring, Markdown text): it names a route, it calls nothing. */
  mention?: boolean;
  /** The path follows this REST API's v2 base, written in the expression (`f"{BASE}/endpoints"` with `BASE = "https://api.runpod.io/v2"`), and is no v2 route: a v1 path left on a v2 base. */
  onV2Base?: true;
  /** The body the call sends as a literal (JSON text, shell variables written `$NAME`). */
  body?: string;
  /** The source of a body the call sends but builds elsewhere (`json=payload`, `-d @pod.json`). */
  bodyElsewhere?: string;
  /** `bodyElsewhere` is an object literal passed to a request function v2kit could not follow to where it is sent. */
  bodyLiteralArgument?: true;
  /** `bodyElsewhere` is a name passed to a request function of the file, which sends that parameter as its JSON body. */
  bodyParameter?: true;
  /** Why the body a variable holds cannot be known to be the one sent (`payload` is changed after it is built): never fixed with the URL alone. */
  bodyUnsure?: string;
  /** Where the call is written, when a fix can find its pieces. */
  site?: FixSite;
  /** What the code reads back from the call's response (Python, JavaScript). */
  reads?: LocatedRead[];
  /** The function of the file that returns the call's parsed body as its value (response-reads.ts): its callers' reads are the call's. */
  returnedBy?: Returned;
  /** The call's type argument, a type name of the file's own (`restRequest<Pod[]>(…)`): the model its reads are typed by. */
  typeArgument?: TypeArgument;
  /** The query is built at run time by a builder whose names v2kit reads (query-builder.ts). */
  runtimeQuery?: RuntimeQuery;
  /** A v2 route, read only for the v1 query names it may send (v2-query.ts): not a v1 call. */
  v2Route?: true;
}

/**
 * Whose `/v1` a path that states it is (issue 45, item 2): `server`, the v1 document's server
 * (`https://rest.runpod.io/v1`); `named`, a base whose name ties it to this API
 * (`RUNPOD_API_URL`, a constant named so); `unknown`, a base the code does not show (`"/v1/pods"`
 * with the host in request options, `${API}/v1/pods`), judged by the base URLs around it.
 * `hostShown`: the host is written in the URL expression itself, so a fix can see what it changes.
 */
export interface V1Base {
  owner: "server" | "named" | "unknown";
  hostShown: boolean;
  /** The name the base comes from, when it is one (`api_base`, `restv1base` of `restV1Base(env)`), as `nameKey` spells it. */
  name?: string;
}

/**
 * Base URLs a file names: the v1 server's, any v2 one, another API's (`…/api/v1`, another host's
 * `/v1`); `ours`: it names this API's hosts at all (`rest.runpod.io`, `api.runpod.io`, in any URL).
 */
export interface Bases {
  v1: boolean;
  v2: boolean;
  foreign?: boolean;
  ours?: boolean;
  /** Names the file defines with the v1 server's base URL (`API_BASE = "https://rest.runpod.io/v1"`, `function restV1Base()`), as `nameKey` spells them. */
  names?: string[];
  /** It names this REST API's v2 base (`https://api.runpod.io/v2`, `https://rest.runpod.io/v2`): a relative v1-only path there is left behind (`v1-path-on-v2-base`). */
  restV2?: boolean;
  /** It names a v2 base on another API's host (not `api.runpod.ai`, the queue API, nor a bare `/v2`). */
  otherV2?: boolean;
}

/**
 * This API's hosts: the v1 document's server, the v2 document's, and `v2-rest.runpod.io`, which
 * public v2 clients call for the same API (runpod/runpod-mcp's former default v2 base).
 */
export const OUR_HOSTS = new Set([V1_SERVER_HOST, "api.runpod.io", "v2-rest.runpod.io"]);
const OUR_URL = /(?:^|[a-z]:\/\/(?:[^/\s@]*@)?)(?:rest|api|v2-rest)\.runpod\.io(?![\w.-])/i;

/** Whether a text names one of this API's hosts (`https://rest.runpod.io/v1/pods`, `api.runpod.io`). */
export const namesOurHost = (text: string): boolean => OUR_URL.test(text);

const BASE_URL = /^(?:[a-z][a-z0-9+.-]*:\/\/([^/\s?#]+))?((?:\/[\w.-]+)*?)\/(v\d+(?:(?:alpha|beta)\d*)?)\/?$/i;

/** The host of an authority (`user@host:port`), lower case. */
export const hostOf = (authority: string): string =>
  authority
    .replace(/^[^@]*@/, "")
    .replace(/:\d*$/, "")
    .toLowerCase();

/**
 * What a whole literal says about the base URLs of its file: `v1`, the v1 server's base (or its
 * bare host, `rest.runpod.io`); `v2`, a v2 base on any host; `foreign`, another API's versioned
 * base (`https://api.together.xyz/v1`, `https://host/api/v1`, `/api/v1`); nothing for a bare
 * `/v1`, whose host is not shown.
 */
export function baseKind(literal: string): "v1" | "v2" | "foreign" | undefined {
  const text = literal.trim();
  const origin = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/\s?#]+)\/?$/i.exec(text)?.[1];
  if (origin !== undefined && hostOf(origin) === V1_SERVER_HOST) return "v1";
  const match = BASE_URL.exec(text);
  if (!match) return undefined;
  const [, authority, prefix, version] = match as unknown as [string, string | undefined, string, string];
  if (version.toLowerCase() === "v2") return "v2";
  if (authority === undefined) return prefix === "" && version.toLowerCase() === "v1" ? undefined : "foreign";
  return hostOf(authority) === V1_SERVER_HOST && prefix === "" && version.toLowerCase() === "v1" ? "v1" : "foreign";
}

/** The queue API's host (`https://api.runpod.ai/v2/{endpoint}/run`): this service's, but not the REST API. */
const QUEUE_HOST = "api.runpod.ai";
const REST_V2_BASE = /^[a-z][a-z0-9+.-]*:\/\/([^/\s?#]+)\/v2\/?$/i;

/** Whether a literal is exactly this REST API's v2 base on one of its hosts: `https://api.runpod.io/v2`, `https://rest.runpod.io/v2` (a trailing `/` kept). */
export function isRestV2Base(literal: string): boolean {
  const host = REST_V2_BASE.exec(literal.trim())?.[1];
  return host !== undefined && OUR_HOSTS.has(hostOf(host));
}

/** Adds what a literal says about base URLs to `bases`. */
export function noteBase(bases: Bases, literal: string): void {
  if (namesOurHost(literal)) bases.ours = true;
  const kind = baseKind(literal);
  if (kind === "v1") bases.v1 = true;
  else if (kind === "v2") {
    bases.v2 = true;
    const host = REST_V2_BASE.exec(literal.trim())?.[1];
    if (host !== undefined && OUR_HOSTS.has(hostOf(host))) bases.restV2 = true;
    else if (host !== undefined && hostOf(host) !== QUEUE_HOST) bases.otherV2 = true;
  } else if (kind === "foreign") bases.foreign = true;
}

export interface FileAnalysis {
  candidates: Candidate[];
  /** Base URLs (or `/v1`, `/v2` prefixes) the file names as string literals. */
  bases: Bases;
  /** The file is a copy of the retired v1 OpenAPI document (openapi-document.ts): one finding, no candidates. */
  document?: V1Document;
}

export const RESOURCE = `(?:${V1_RESOURCES.join("|")})`;
/** A v1 resource segment inside text. */
export const RESOURCE_IN = new RegExp(`/${RESOURCE}(?![\\w-])`);

/** Line starts per text, computed once per text (a file is read by several readers). */
let indexed: { text: string; starts: number[] } | undefined;

/** An offset → 1-based line and UTF-16 column. */
export function lineAt(text: string, offset: number): { line: number; column: number } {
  if (indexed?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    indexed = { text, starts };
  }
  const { starts } = indexed;
  const lo = lastAtOrBefore(starts.length, (i) => starts[i] as number, offset);
  return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
}

/** Of `count` ascending start offsets (`startAt(i)`), the index of the last at or before `offset` (0 when none is). */
export function lastAtOrBefore(count: number, startAt: (i: number) => number, offset: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startAt(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
