// Which route of the document a v2 call's path and method are, and, when none is, the closest
// routes that are: a segment-wise edit distance in which a v1 name of a segment
// (`endpoints` → `serverless`, `networkvolumes` → `network-volumes`, `start` → `action`; from
// migrate's route table) costs nothing, so the v1 habits public code shows lead to their v2 route.

import { ROUTES, V1_RESOURCES } from "../migrate/route-table.js";

/** A path of the document and the methods it takes, each with its operation. */
export interface RoutePath {
  path: string;
  segments: readonly string[];
  methods: ReadonlyMap<string, string>;
}

/** The routes of a document grouped by path, with the literal segments no id can stand for. */
export interface RouteIndex {
  paths: readonly RoutePath[];
  /** Literal segments of the document's paths and the v1 resource names: a call's segment that is one of these is a name, not an id. */
  names: ReadonlySet<string>;
}

/** One step of the alignment of a call's segments to a route's. */
type Step = { kind: "keep" | "substitute"; code: string; route: string } | { kind: "insert"; route: string } | { kind: "delete"; code: string };

export interface ClosestRoute {
  route: RoutePath;
  cost: number;
  /** The route's literal segments the call writes as they are: of two routes as far, the one sharing more names is closer. */
  shared: number;
  steps: readonly Step[];
}

const indexes = new WeakMap<object, RouteIndex>();

export function routeIndex(routes: readonly (readonly [method: string, path: string, operation: string])[]): RouteIndex {
  const cached = indexes.get(routes);
  if (cached !== undefined) return cached;
  const byPath = new Map<string, Map<string, string>>();
  for (const [method, path, operation] of routes) {
    let methods = byPath.get(path);
    if (methods === undefined) byPath.set(path, (methods = new Map()));
    methods.set(method.toUpperCase(), operation);
  }
  const paths = [...byPath].map(([path, methods]) => ({ path, segments: segmentsOf(path), methods }));
  const names = new Set<string>(V1_RESOURCES);
  for (const { segments } of paths) for (const segment of segments) if (!isParameter(segment)) names.add(segment);
  const index = { paths, names };
  indexes.set(routes, index);
  return index;
}

/** A path's segments after `/v2`. */
export function segmentsOf(path: string): string[] {
  const segments = path.split("/").filter((segment) => segment !== "");
  return segments[0] === "v2" ? segments.slice(1) : segments;
}

export const isParameter = (segment: string): boolean => segment.startsWith("{") && segment.endsWith("}");

/**
 * The document's path a call's segments are: a literal matches itself or a `{…}` of the document
 * (an id), unless it is one of the document's names (`/v2/serverless/endpoints` is not the
 * endpoint `endpoints`); a segment filled at run time matches only a `{…}`. Literal segments win
 * over parameters (`/v2/registries/delegations` is not a registry id).
 */
export function matchPath(index: RouteIndex, segments: readonly string[]): RoutePath | undefined {
  let best: { route: RoutePath; literals: number } | undefined;
  for (const route of index.paths) {
    if (route.segments.length !== segments.length) continue;
    let literals = 0;
    let matches = true;
    for (let i = 0; i < segments.length && matches; i++) {
      const part = route.segments[i] as string;
      const segment = segments[i] as string;
      if (isParameter(part)) matches = isParameter(segment) || !index.names.has(segment);
      else if (part === segment) literals++;
      else matches = false;
    }
    if (matches && (best === undefined || literals > best.literals)) best = { route, literals };
  }
  return best?.route;
}

/** v1 name → v2 name of the path segments migrate's route table renames (`endpoints` → `serverless`). */
const V1_NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  for (const route of ROUTES) {
    if (route.v2 === null) continue;
    const v1 = segmentsOf(route.v1);
    const v2 = segmentsOf(route.v2);
    if (v1.length !== v2.length) continue;
    for (let i = 0; i < v1.length; i++) {
      const old = v1[i] as string;
      const now = v2[i] as string;
      if (old !== now && !isParameter(old) && !isParameter(now) && !names.has(old)) names.set(old, now);
    }
  }
  return names;
})();

const v2Name = (segment: string): string => V1_NAMES.get(segment) ?? segment;

/** Trailing v1 segments v2 has no place for: `POST /pods/{podId}/update` is a PATCH of `/v2/pods/{id}` (migrate's route table). */
const V1_TAILS: ReadonlySet<string> = (() => {
  const tails = new Set<string>();
  for (const route of ROUTES) {
    if (route.v2 === null) continue;
    const v1 = segmentsOf(route.v1);
    const v2 = segmentsOf(route.v2);
    const last = v1[v1.length - 1];
    if (v1.length === v2.length + 1 && last !== undefined && !isParameter(last) && !v2.includes(last)) tails.add(last);
  }
  return tails;
})();

/** Levenshtein distance of two strings, in UTF-16 code units. */
export function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, i) => i);
  for (let i = 1; i <= from.length; i++) {
    const current = [i];
    for (let j = 1; j <= to.length; j++) {
      const same = from.charCodeAt(i - 1) === to.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + same);
    }
    previous = current;
  }
  return previous[to.length] as number;
}

/** What putting a call's segment in the place of a route's costs: 0 for the same (or its v1 name), up to 1. */
function substitution(index: RouteIndex, code: string, route: string): number {
  if (isParameter(route)) return isParameter(code) || !index.names.has(code) ? 0 : 1;
  if (isParameter(code)) return 1;
  const name = v2Name(code);
  if (name === route) return 0;
  // A misspelling (at most half the letters changed) costs its share; another word costs 1.
  const share = editDistance(name, route) / Math.max(name.length, route.length);
  return share <= 0.5 ? share : 1;
}

/**
 * Dropping a call's segment costs 1; nothing for a v1 tail at the end (`…/{id}/update`); half when
 * it repeats the name before it (`/serverless/endpoints`: `endpoints` is v1's `serverless`).
 */
function deletion(code: readonly string[], i: number): number {
  const segment = code[i] as string;
  const before = code[i - 1];
  if (i === code.length - 1 && i > 0 && V1_TAILS.has(segment)) return 0;
  return before !== undefined && !isParameter(segment) && v2Name(segment) === v2Name(before) ? 0.5 : 1;
}

/** The segment-wise edit distance of a call's segments to a route's, and the alignment it takes. */
export function alignment(index: RouteIndex, code: readonly string[], route: readonly string[]): { cost: number; steps: Step[] } {
  const rows = code.length + 1;
  const columns = route.length + 1;
  const cost: number[][] = Array.from({ length: rows }, () => new Array<number>(columns).fill(0));
  for (let i = 1; i < rows; i++) (cost[i] as number[])[0] = ((cost[i - 1] as number[])[0] as number) + deletion(code, i - 1);
  for (let j = 1; j < columns; j++) (cost[0] as number[])[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const row = cost[i] as number[];
      const above = cost[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + deletion(code, i - 1),
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + substitution(index, code[i - 1] as string, route[j - 1] as string),
      );
    }
  }
  const steps: Step[] = [];
  let i = code.length;
  let j = route.length;
  while (i > 0 || j > 0) {
    const here = (cost[i] as number[])[j] as number;
    if (i > 0 && j > 0) {
      const swap = substitution(index, code[i - 1] as string, route[j - 1] as string);
      if (same(here, ((cost[i - 1] as number[])[j - 1] as number) + swap)) {
        steps.unshift({ kind: swap === 0 ? "keep" : "substitute", code: code[i - 1] as string, route: route[j - 1] as string });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && same(here, ((cost[i - 1] as number[])[j] as number) + deletion(code, i - 1))) {
      steps.unshift({ kind: "delete", code: code[i - 1] as string });
      i--;
      continue;
    }
    steps.unshift({ kind: "insert", route: route[j - 1] as string });
    j--;
  }
  return { cost: (cost[code.length] as number[])[route.length] as number, steps };
}

const same = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

/** What a route lacking the call's method adds to its distance: less than any segment's change, so a path that exists wins. */
const OTHER_METHOD = 0.25;

/**
 * The routes closest to a call's segments (ties all), the call's method counted when known; of
 * routes as far, those sharing more of the call's names (`/v2/catalog/zzz`: the catalog routes,
 * not `/v2/pods/{id}`), then those of the call's length (`/v2/catalog/gpus`, not `…/gpus/{id}`).
 */
export function closestRoutes(index: RouteIndex, code: readonly string[], method: string | undefined): ClosestRoute[] {
  let best: ClosestRoute[] = [];
  for (const route of index.paths) {
    const { cost, steps } = alignment(index, code, route.segments);
    const total = cost + (method !== undefined && !route.methods.has(method) ? OTHER_METHOD : 0);
    const shared = steps.filter((step) => step.kind === "keep" && !isParameter(step.route) && step.code === step.route).length;
    const candidate = { route, cost: total, shared, steps };
    const order = best[0] === undefined ? -1 : compareCandidates(candidate, best[0], code.length);
    if (order < 0) best = [candidate];
    else if (order === 0) best.push(candidate);
  }
  return best;
}

/**
 * Whether a route is about the call's resource: its first segment is the call's first (or the v2
 * name of a v1 one, or a misspelling of it: at most a third of its letters changed). A route that shares no resource with the call
 * (`/v2/user` against `/v2/clusters`) is no suggestion, however near its length.
 */
export function sameResource(code: readonly string[], route: readonly string[]): boolean {
  const [first] = code;
  const [resource] = route;
  if (first === undefined || resource === undefined || isParameter(first)) return false;
  const name = v2Name(first);
  return name === resource || editDistance(name, resource) / Math.max(name.length, resource.length) <= 1 / 3;
}

/** Closer first: lower cost, then more names shared, then a length nearer the call's. */
function compareCandidates(a: ClosestRoute, b: ClosestRoute, length: number): number {
  if (!same(a.cost, b.cost)) return a.cost - b.cost;
  if (a.shared !== b.shared) return b.shared - a.shared;
  return Math.abs(a.route.segments.length - length) - Math.abs(b.route.segments.length - length);
}

/**
 * The call's path rewritten to `closest`: the route's literal segments, the call's own segment in
 * each `{…}` it fills; undefined when the route has a `{…}` the call gives nothing for.
 */
export function rewrittenSegments(closest: ClosestRoute): string[] | undefined {
  const out: string[] = [];
  for (const step of closest.steps) {
    if (step.kind === "delete") continue;
    if (step.kind === "insert") {
      if (isParameter(step.route)) return undefined;
      out.push(step.route);
      continue;
    }
    out.push(isParameter(step.route) ? step.code : step.route);
  }
  return out;
}
