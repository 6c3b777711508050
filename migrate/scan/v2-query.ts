// v1 query parameters left on a v2 call (issue 41, item 2): `GET /pods?computeType=GPU` on this
// API's v2 base, as a client whose base `--unsafe-fixes` moved to v2 still sends them. The path is
// a v2 route, so `v1-path-on-v2-base` alone does not see it; the query is judged as the query of
// the v1 route that maps to it (migrate/query-params.ts), and each name v2 renames, drops or does
// not take is reported under that rule id: a v1 request left on the v2 base, which fails or asks
// for something else there. Not fixed: the path is already v2, and `migrate scan --fix` rewrites
// a v1 call as a whole (change the names by hand, as each note says).

import { migrateQuery, V2_QUERY } from "../query-params.js";
import { ROUTES, type RouteMapping } from "../route-table.js";
import { parseV1Path } from "../routes.js";
import type { Note } from "../types.js";
import type { Candidate } from "./candidate.js";
import type { Finding } from "./resolve.js";
import { queryOfNames } from "./query-builder.js";

/** Names some v2 operation takes: one sent to another operation is a v2 mistake (`v2kit scan` reports it), not a v1 name. */
const V2_NAMES = new Set(Object.values(V2_QUERY).flat());

/** The v1 route whose v2 route is `method path` (a path after `/v2`, `{…}` or a hole standing for an id). */
function v1RouteOf(method: string, segments: readonly string[]): RouteMapping | undefined {
  const hole = (segment: string) => /[{}$<>]/.test(segment);
  const matches = ROUTES.filter((route) => {
    if (route.v2Method !== method || route.v2 === null || !route.operation) return false;
    const parts = route.v2
      .split("/")
      .filter((part) => part !== "")
      .slice(1);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith("{") ? hole(segments[i] as string) || !/^[a-z-]+$/.test(segments[i] as string) : part === segments[i]))
    );
  });
  // Several v1 routes may lead to one v2 route (`PATCH` and `POST …/update`): the one whose v1 method is the call's.
  return matches.find((route) => route.method === method) ?? matches[0];
}

/** The finding for a call on the v2 base whose path is a v2 route and whose query holds v1 names, or undefined. */
export function v1QueryOnV2(candidate: Candidate, extra: readonly Note[]): Finding | undefined {
  const runtime = candidate.runtimeQuery;
  if (runtime?.opaque) return undefined;
  const parsed = parseV1Path(candidate.path.replace(/^\/v2(?=\/)/, ""));
  if ("v2" in parsed) return undefined;
  const query = runtime ? queryOfNames(runtime.names) : parsed.query.startsWith("?") ? parsed.query : "";
  if (query === "") return undefined;
  const method = candidate.method?.method ?? "GET";
  const route = v1RouteOf(method, parsed.segments);
  if (route === undefined || route.v2 === null) return undefined;
  const { notes, changes } = migrateQuery(route, query);
  const named = notes.filter(
    (note) => note.field !== undefined && (changes.some((change) => change.key === note.field) || (note.level === "error" && !V2_NAMES.has(note.field))),
  );
  if (named.length === 0) return undefined;
  const names = [...new Set(named.map((note) => `\`${note.field}\``))].join(", ");
  const operation = route.operation ?? route.v2;
  return {
    line: candidate.line,
    column: candidate.column,
    match: candidate.match,
    v1: { method: route.method, path: route.v1 },
    v2: { method: route.v2Method, path: route.v2 },
    notes: [
      {
        level: "error",
        message: `\`${method} ${route.v2}\` on the v2 base sends v1 query parameter${named.length === 1 ? "" : "s"} ${names} (of v1 \`${route.method} ${route.v1}\`): v2 \`${operation}\` does not take ${named.length === 1 ? "it" : "them"} as written; each note below says what v2 takes instead`,
      },
      ...extra,
      ...notes,
    ],
    confidence: "certain",
    inferred: [],
    ruleId: "v1-path-on-v2-base",
  };
}
