// v1 method + path → v2 method + path. Accepts `/pods`, `/v1/pods` and
// `https://<legacy host>/v1/pods`; keeps concrete ids and turns placeholders into `{id}`.

import { migrateQuery } from "./query-params.js";
import { ROUTES, type RouteMapping } from "./route-table.js";
import type { Note } from "./types.js";

export interface RouteMigration {
  route: RouteMapping | undefined;
  method: string;
  path: string | null;
  notes: Note[];
}

/** Path segments that stand for an id rather than being one: `{podId}`, `${id}`, `:id`, `<id>`. */
const PLACEHOLDER = /^(\{[^}]*\}|\$\{[^}]*\}|:[A-Za-z_]\w*|<[^>]*>)$/;

export interface V1Path {
  segments: string[];
  query: string;
}

/** Strips scheme and host, the `/v1` prefix, a trailing slash; splits off the query. */
export function parseV1Path(raw: string): V1Path | { v2: true } {
  let path = raw.trim();
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(path);
  if (url) path = url[1] ?? "";
  const queryAt = path.search(/[?#]/);
  const query = queryAt >= 0 ? path.slice(queryAt) : "";
  if (queryAt >= 0) path = path.slice(0, queryAt);
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments[0] === "v2") return { v2: true };
  if (segments[0] === "v1") segments.shift();
  return { segments, query };
}

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split("/").filter((segment) => segment !== "");
  return parts.length === segments.length && parts.every((part, i) => part.startsWith("{") || part === segments[i]);
}

/** The v2 path: `{id}` takes the v1 id segment, kept when concrete. */
function v2Path(route: RouteMapping, segments: readonly string[]): string | null {
  if (route.v2 === null) return null;
  const parts = route.v1.split("/").filter((segment) => segment !== "");
  const idAt = parts.findIndex((part) => part.startsWith("{"));
  const id = idAt >= 0 ? segments[idAt] : undefined;
  if (id === undefined || PLACEHOLDER.test(id)) return route.v2;
  return route.v2.replace("{id}", id);
}

export function findRoute(method: string, segments: readonly string[]): RouteMapping | undefined {
  const upper = method.toUpperCase();
  // Literal segments win over parameters: `/billing/pods` is not a pod id.
  const candidates = ROUTES.filter((route) => route.method === upper && matches(route.v1, segments));
  const literalCount = (route: RouteMapping) => route.v1.split("/").filter((segment) => segment !== "" && !segment.startsWith("{")).length;
  return candidates.sort((a, b) => literalCount(b) - literalCount(a))[0];
}

export function migrateRoute(method: string, rawPath: string): RouteMigration {
  const parsed = parseV1Path(rawPath);
  if ("v2" in parsed) {
    return { route: undefined, method, path: null, notes: [{ level: "error", message: `${rawPath} is already a v2 path` }] };
  }
  const route = findRoute(method, parsed.segments);
  if (!route) {
    const shown = `/${parsed.segments.join("/")}`;
    return {
      route,
      method,
      path: null,
      notes: [{ level: "error", message: `${method.toUpperCase()} ${shown} is not a route of the v1 API: nothing to migrate` }],
    };
  }
  const notes: Note[] = [...(route.notes ?? [])];
  let path = v2Path(route, parsed.segments);
  if (path !== null && route.operation === undefined) {
    notes.push({
      level: "warning",
      message: `the spec does not list ${route.v2Method} ${route.v2} among the v2 routes: it follows the path mapping; confirm it in /v2/openapi.json`,
    });
  }
  if (path !== null && parsed.query !== "") {
    // Only the parameters the v2 operation takes carry over; any other is an error (query-params.ts).
    const query = migrateQuery(route, parsed.query);
    path += query.query;
    notes.push(...query.notes);
  }
  return { route, method: route.v2Method, path, notes };
}
