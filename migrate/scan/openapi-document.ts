// A file that is an OpenAPI (or Swagger) document declares routes; it calls none (issue 41). A
// copy of the retired v1 document kept in a repository (to generate a client from) is one finding,
// `v1-openapi-document`, at its server URL, never one `v1-call-inferred` per path, and `--fix`
// never edits it: rewriting its paths one by one would give a document that is neither v1 nor v2.
// Whose document it is: its servers say (a server on the v1 host, `https://rest.runpod.io/v1`, is
// this API's v1; any other host is another API's); a document that names no host is this API's v1
// when every route it declares is a v1 route and they span three of v1's resources. Another API's
// document (or this API's v2 one) is not reported at all. JSON is read with JSON.parse, YAML by its
// block layout (top-level keys, `url:` under `servers:`, path keys under `paths:`): no YAML parser
// on the scan path.

import { DEFAULT_BASE_URL } from "../../live/flags.js";
import { V1_RESOURCES, V1_SERVER_HOST } from "../route-table.js";
import { findRoute, parseV1Path } from "../routes.js";
import { baseKind, lineAt } from "./candidate.js";
import type { Finding } from "./resolve.js";

/** The rule id of a copy of the retired v1 document. */
export const V1_DOCUMENT_RULE = "v1-openapi-document";

/** Where the v2 document is served: the v2 base of the published document's server, `/openapi.json` (spec, "Versioning"). */
export const V2_DOCUMENT_URL = `${DEFAULT_BASE_URL}/v2/openapi.json`;

/** A copy of this API's v1 document: where it is reported, and why it is one. */
export interface V1Document {
  line: number;
  column: number;
  /** The text reported: the v1 server's URL as written, or the `paths` key. */
  match: string;
  /** `servers`: a server names the v1 host; `routes`: no server names a host, and the routes are v1's. */
  by: "servers" | "routes";
  /** How many paths the document declares. */
  paths: number;
  /** The v1 server it names (by `servers`). */
  server?: string;
}

/** What a file's text is, as an API description: this API's v1 document, another one, or none. */
export type DocumentKind = { kind: "v1"; document: V1Document } | { kind: "other" } | undefined;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Paths the v1 document declares besides its resources. */
const V1_OWN = new Set(["/openapi.json", "/docs"]);

/** The outline of a document: its servers (URL as written and its offset), its paths with their methods, where `paths` is. */
interface Outline {
  /** `url`: what it says (Swagger's `host` and `basePath` made one URL); `written`: the text at `at`. */
  servers: { url: string; written: string; at: number }[];
  /** Swagger 2.0: `basePath` (the servers' path for routes). */
  basePath?: string;
  paths: { path: string; methods: string[] }[];
  pathsAt: number;
}

/** Cheap test before reading: a top-level `openapi`/`swagger` key and a `paths` key, JSON or YAML. */
const JSON_HEAD = /"(?:openapi|swagger)"\s*:/;
const YAML_HEAD = /^(["']?)(?:openapi|swagger)\1\s*:/m;
const PATHS_KEY = /(?:^["']?paths["']?\s*:|"paths"\s*:)/m;

/** Whether `text` may be an OpenAPI document (only then is it read as one). */
export const mayBeDocument = (text: string): boolean => (JSON_HEAD.test(text) || YAML_HEAD.test(text)) && PATHS_KEY.test(text);

/** Reads `text` as an OpenAPI/Swagger document: undefined when it is not one. */
export function documentKind(text: string): DocumentKind {
  if (!mayBeDocument(text)) return undefined;
  const outline = /^\uFEFF?\s*\{/.test(text) ? jsonOutline(text) : yamlOutline(text);
  if (outline === undefined) return undefined;
  const hosted = outline.servers.filter((server) => /^[a-z][a-z0-9+.-]*:\/\/[^/{]/i.test(server.url.trim()));
  const v1 = hosted.find((server) => baseKind(server.url) === "v1");
  if (v1 !== undefined)
    return { kind: "v1", document: { ...lineAt(text, v1.at), match: v1.written, by: "servers", paths: outline.paths.length, server: v1.url } };
  if (hosted.length > 0) return { kind: "other" };
  if (!v1Routes(outline)) return { kind: "other" };
  return { kind: "v1", document: { ...lineAt(text, outline.pathsAt), match: "paths", by: "routes", paths: outline.paths.length } };
}

/**
 * A document with no host is this API's v1 when each of its paths (after a relative server's or
 * Swagger's `basePath`, or a `/v1` it writes) is a v1 route with each method it declares, or one
 * of the v1 document's own (`/openapi.json`, `/docs`), and the paths span three of v1's resources
 * (pods, endpoints, templates, network volumes, registry auths, billing).
 */
function v1Routes(outline: Outline): boolean {
  const prefix = (outline.basePath ?? outline.servers.map((server) => server.url.trim()).find((url) => url.startsWith("/")) ?? "").replace(/\/$/, "");
  if (prefix !== "" && prefix !== "/v1") return false;
  const resources = new Set<string>();
  for (const { path, methods } of outline.paths) {
    if (V1_OWN.has(path)) continue;
    const parsed = parseV1Path(path);
    if ("v2" in parsed) return false;
    const resource = parsed.segments[0];
    if (resource === undefined || !(V1_RESOURCES as readonly string[]).includes(resource)) return false;
    if (methods.length === 0 || methods.some((method) => findRoute(method, parsed.segments) === undefined)) return false;
    resources.add(resource);
  }
  return resources.size >= 3;
}

/** The outline of a JSON document: JSON.parse says what it holds, one pass over the text where. */
function jsonOutline(text: string): Outline | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const root = parsed as Record<string, unknown>;
  const paths = root.paths;
  if ((typeof root.openapi !== "string" && typeof root.swagger !== "string") || paths === null || typeof paths !== "object" || Array.isArray(paths))
    return undefined;
  const places = jsonPlaces(text, start);
  const servers: Outline["servers"] = [];
  if (Array.isArray(root.servers))
    root.servers.forEach((server, index) => {
      const url = (server as { url?: unknown } | null)?.url;
      const at = places.serverUrls.get(index);
      if (typeof url === "string" && at !== undefined) servers.push({ url, written: at.raw, at: at.offset });
    });
  // Swagger 2.0: `host` (and `basePath`) say what `servers` says in 3.x.
  if (typeof root.host === "string" && places.host !== undefined)
    servers.push({ url: `https://${root.host}${typeof root.basePath === "string" ? root.basePath : ""}`, written: places.host.raw, at: places.host.offset });
  return {
    servers,
    ...(typeof root.basePath === "string" ? { basePath: root.basePath } : {}),
    paths: Object.entries(paths as Record<string, unknown>).map(([path, item]) => ({
      path,
      methods: item !== null && typeof item === "object" ? Object.keys(item).filter((key) => METHODS.includes(key)) : [],
    })),
    pathsAt: places.pathsKey ?? start,
  };
}

interface Written {
  raw: string;
  offset: number;
}

/**
 * Where, in JSON text JSON.parse accepted, the top-level `paths` key is, each `servers[n].url`
 * string and the top-level `host` string (their text as written, escapes and all). One pass.
 */
function jsonPlaces(text: string, start: number): { pathsKey?: number; serverUrls: Map<number, Written>; host?: Written } {
  const frames: { array: boolean; key: string; index: number; expectKey: boolean }[] = [];
  const out: { pathsKey?: number; serverUrls: Map<number, Written>; host?: Written } = { serverUrls: new Map() };
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    const top = frames.at(-1);
    if (char === "{" || char === "[") frames.push({ array: char === "[", key: "", index: 0, expectKey: char === "{" });
    else if (char === "}" || char === "]") frames.pop();
    else if (char === ",") {
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    } else if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const raw = text.slice(i + 1, end);
      if (top !== undefined && !top.array && top.expectKey) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectKey = false;
        if (frames.length === 1 && top.key === "paths") out.pathsKey = i + 1;
      } else if (frames.length === 1 && top?.key === "host") out.host = { raw, offset: i + 1 };
      else if (frames.length === 3 && frames[0]?.key === "servers" && frames[1]?.array && top?.key === "url")
        out.serverUrls.set(frames[1].index, { raw, offset: i + 1 });
      i = end;
    }
  }
  return out;
}

/** A top-level key of a YAML block mapping (column 0, maybe quoted) and the rest of its line. */
const YAML_KEY = /^(["']?)([A-Za-z_$][\w$.-]*)\1[ \t]*:(?=[ \t]|$)[ \t]*(.*)$/;
/** A `url:` entry of `servers` (block `- url: …` or flow `{url: …}`), its value maybe quoted. */
const YAML_URL = /(?:^|[\s{,-])url[ \t]*:[ \t]*(["']?)([^\s"',{}[\]#]+)\1/g;
/** A path key of `paths` (maybe quoted), as written. */
const YAML_PATH = /^([ \t]+)(["']?)(\/[^"'\s]*?)\2[ \t]*:(?=[ \t]|$)/;
const YAML_METHOD = /^([ \t]+)(["']?)([a-z]+)\2[ \t]*:(?=[ \t]|$)/;

/** The outline of a YAML document in block layout, read line by line (its first document only). */
function yamlOutline(text: string): Outline | undefined {
  const lines: { text: string; at: number }[] = [];
  for (let at = 0; at <= text.length;) {
    const newline = text.indexOf("\n", at);
    const end = newline < 0 ? text.length : newline;
    lines.push({ text: text.slice(at, end).replace(/\r$/, ""), at });
    at = end + 1;
  }
  let version = false;
  let section = "";
  let pathsAt: number | undefined;
  let basePath: string | undefined;
  let pathIndent: string | undefined;
  let methodIndent: string | undefined;
  const servers: Outline["servers"] = [];
  const paths: Outline["paths"] = [];
  let host: Written | undefined;
  for (const [index, line] of lines.entries()) {
    const content = line.text.replace(/^\uFEFF/, "");
    if (/^(?:---|\.\.\.)\s*$/.test(content)) {
      if (index > 0 && (version || pathsAt !== undefined)) break;
      continue;
    }
    if (/^\s*(?:#.*)?$/.test(content)) continue;
    const key = YAML_KEY.exec(content);
    if (key) {
      const [, , name = "", rest = ""] = key;
      section = name;
      const value = rest.replace(/[ \t]+#.*$/, "").replace(/^(["'])(.*)\1$/, "$2");
      if (name === "openapi" || name === "swagger") version = value !== "";
      if (name === "paths") pathsAt = line.at + content.indexOf("paths") + (line.text.length - content.length);
      if (name === "basePath") basePath = value;
      const valueAt = line.at + (line.text.length - rest.length) + (/^["']/.test(rest) ? 1 : 0);
      if (name === "host" && value !== "") host = { raw: value, offset: valueAt };
      if (name === "servers") collectUrls(content, line.at + (line.text.length - content.length), servers);
      continue;
    }
    // A sequence item may start at column 0 under its key (`servers:` then `- url: …`).
    if (!/^(?:[ \t]|-(?:[ \t]|$))/.test(content)) {
      section = "";
      continue;
    }
    if (section === "servers") collectUrls(content, line.at, servers);
    else if (section === "paths") {
      const indent = /^[ \t]*/.exec(content)?.[0] ?? "";
      pathIndent ??= indent;
      const path = indent === pathIndent ? YAML_PATH.exec(content) : null;
      if (path) {
        paths.push({ path: path[3] ?? "", methods: [] });
        methodIndent = undefined;
        continue;
      }
      if (indent.length <= pathIndent.length || paths.length === 0) continue;
      methodIndent ??= indent;
      const method = indent === methodIndent ? YAML_METHOD.exec(content) : null;
      if (method && METHODS.includes(method[3] ?? "")) paths.at(-1)?.methods.push(method[3] as string);
    }
  }
  if (!version || pathsAt === undefined) return undefined;
  if (host !== undefined) servers.push({ url: `https://${host.raw}${basePath ?? ""}`, written: host.raw, at: host.offset });
  return { servers, ...(basePath === undefined ? {} : { basePath }), paths, pathsAt };
}

function collectUrls(line: string, at: number, servers: Outline["servers"]): void {
  for (const match of line.matchAll(YAML_URL)) {
    const url = match[2] ?? "";
    servers.push({ url, written: url, at: at + (match.index ?? 0) + match[0].length - url.length - (match[1]?.length ?? 0) });
  }
}

/** The user-facing words of a copy of the v1 document (one note each), shared by `migrate scan` and `v2kit scan`. */
export function documentNotes(document: V1Document): { level: "warning" | "info"; message: string }[] {
  const which =
    document.by === "servers"
      ? `its server is ${document.server ?? `https://${V1_SERVER_HOST}/v1`}`
      : "it names no host, and every route it declares is a v1 route";
  return [
    {
      level: "warning",
      message: `this file is a copy of the retired v1 OpenAPI document (${which}; ${document.paths} path${document.paths === 1 ? "" : "s"}): v1 was retired on 2026-11-15, so every route it declares fails`,
    },
    {
      level: "info",
      message: `fetch the v2 document (GET ${V2_DOCUMENT_URL}) and regenerate the client from it; \`v2kit generate --spec openapi.json\` builds types and validators from it`,
    },
    {
      level: "info",
      message:
        "its paths are route declarations, not calls: they are not reported one by one, and --fix and --unsafe-fixes never edit this file (a document with some paths rewritten would be neither v1 nor v2)",
    },
  ];
}

/**
 * The one finding of a copy of the v1 document: the v1 route that serves it (`GET /v1/openapi.json`)
 * and the v2 one (`GET /v2/openapi.json`), certain when a server names the v1 host; no fix input.
 */
export function documentFinding(document: V1Document): Finding {
  return {
    line: document.line,
    column: document.column,
    match: document.match,
    v1: { method: "GET", path: "/openapi.json" },
    v2: { method: "GET", path: "/v2/openapi.json" },
    notes: documentNotes(document),
    confidence: document.by === "servers" ? "certain" : "inferred",
    inferred: document.by === "servers" ? [] : ["base"],
    ruleId: V1_DOCUMENT_RULE,
  };
}
