// Finds v1 calls in source text: v1 host URLs (`https://<host>/v1/<resource>…`), bare
// `/v1/<resource>…` paths, and string literals shaped like a v1 route (`"/pods/{id}/start"`).
// Pure: the CLI walks the tree and hands each file's text here.

import { V1_RESOURCES } from "./route-table.js";
import { findRoute, migrateRoute, parseV1Path } from "./routes.js";
import type { Note } from "./types.js";

export interface Finding {
  line: number;
  /** 1-based, in UTF-16 code units (SARIF's default column kind). */
  column: number;
  /** The text that was recognised. */
  match: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
  notes: Note[];
}

const RESOURCE = `(?:${V1_RESOURCES.join("|")})`;
/** Characters that end a URL or path in source text. */
const TAIL = `(?:\\$?\\{[^}\\s]*\\}|[^\\s"'\`)\\]{}>,;])*`;
const HOST_URL = new RegExp(`\\bhttps?://[A-Za-z0-9.-]+(?::\\d+)?/v1/${RESOURCE}(?![\\w-])${TAIL}`, "g");
const V1_PATH = new RegExp(`(?<![\\w.:/-])/v1/${RESOURCE}(?![\\w-])${TAIL}`, "g");
const LITERAL = new RegExp(`(["'\`])(/${RESOURCE}(?:[/?][^"'\`\\s]*)?)\\1`, "g");
/** A route after an interpolated base: `${BASE}/pods/${id}` (JS), `{BASE}/pods/{pod_id}` (Python). */
const AFTER_BASE = new RegExp(`(?:\\$\\{[^}]*\\}|\\{[A-Za-z_][\\w.]*\\})(/${RESOURCE}(?![\\w-])${TAIL})`, "g");
const FILE_NAME = /\.[A-Za-z0-9]{1,5}(?:[?#].*)?$/;
const VERB = /\b(get|post|put|patch|delete)\b/gi;

/** Path segments in Python f-strings (`{pod_id}`) and JS templates (`${podId}`) stay placeholders. */
function v1PathOf(text: string): string {
  const parsed = parseV1Path(text);
  return "v2" in parsed ? text : `/${parsed.segments.join("/")}${parsed.query}`;
}

/** The HTTP method: the nearest verb before the match on its line, else the first after it. */
function verbOnLine(line: string, at: number): string | undefined {
  let before: string | undefined;
  let after: string | undefined;
  for (const m of line.matchAll(VERB)) {
    if ((m.index ?? 0) < at) before = m[1];
    else if (after === undefined) after = m[1];
  }
  return (before ?? after)?.toUpperCase();
}

function routeMethod(line: string, at: number, path: string): { method: string; guessed: boolean } | undefined {
  const parsed = parseV1Path(path);
  if ("v2" in parsed) return undefined;
  const stated = verbOnLine(line, at);
  if (stated && findRoute(stated, parsed.segments)) return { method: stated, guessed: false };
  for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
    if (findRoute(method, parsed.segments)) return { method, guessed: true };
  }
  return undefined;
}

export function scanSource(text: string): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const taken: [number, number][] = [];
    const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
    const candidates: { at: number; match: string; path: string; strict: boolean }[] = [];
    for (const m of line.matchAll(HOST_URL)) candidates.push({ at: m.index ?? 0, match: m[0], path: m[0], strict: true });
    for (const m of line.matchAll(V1_PATH)) candidates.push({ at: m.index ?? 0, match: m[0], path: m[0], strict: true });
    for (const m of line.matchAll(AFTER_BASE)) {
      const path = m[1] ?? "";
      candidates.push({ at: (m.index ?? 0) + m[0].length - path.length, match: path, path, strict: false });
    }
    for (const m of line.matchAll(LITERAL)) {
      candidates.push({ at: (m.index ?? 0) + 1, match: m[2] ?? "", path: m[2] ?? "", strict: false });
    }
    for (const c of candidates) {
      if (overlaps(c.at, c.at + c.match.length)) continue;
      // A bare literal that names a file ("/templates/readme.html") is not an API path.
      if (!c.strict && FILE_NAME.test(c.path)) continue;
      const chosen = routeMethod(line, c.at, c.path);
      // Nor is a bare literal that is not a v1 route ("/pods/p-1/logs").
      if (!chosen && !c.strict) continue;
      taken.push([c.at, c.at + c.match.length]);
      const method = chosen?.method ?? verbOnLine(line, c.at) ?? "GET";
      const migrated = migrateRoute(method, c.path);
      const notes = [...migrated.notes];
      if (chosen?.guessed) notes.unshift({ level: "info", message: `method ${method} inferred: the line names no HTTP verb for this route` });
      findings.push({
        line: index + 1,
        column: c.at + 1,
        match: c.match,
        v1: { method, path: v1PathOf(c.path) },
        v2: migrated.path === null ? null : { method: migrated.method, path: migrated.path },
        notes,
      });
    }
  });
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
