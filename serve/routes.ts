// The route table of `v2kit serve`, derived from the OpenAPI document in use: every REST
// operation's method and path template, matched against a request's method and path. Static
// segments win over parameters (`/v2/registries/delegations` before `/v2/registries/{id}`).

import type { OperationModel } from "../schema-model/model.js";

export interface Route {
  operation: OperationModel;
  method: string;
  /** The path template, as in the document (`/v2/serverless/{id}`). */
  template: string;
  segments: readonly Segment[];
}

type Segment = { literal: string } | { param: string };

export type RouteMatch =
  { kind: "found"; route: Route; params: Record<string, string> } | { kind: "method-not-allowed"; allow: string[] } | { kind: "not-found" };

function parseTemplate(template: string): Segment[] {
  return template
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      const match = /^\{([^{}]+)\}$/.exec(segment);
      return match ? { param: match[1] as string } : { literal: segment };
    });
}

/** Sort key: templates with more literal segments first, then by text (stable, deterministic). */
function specificity(route: Route): string {
  return route.segments.map((segment) => ("literal" in segment ? "0" : "1")).join("") + route.template;
}

export function buildRoutes(operations: readonly OperationModel[]): Route[] {
  const routes: Route[] = [];
  for (const operation of operations) {
    if (operation.kind !== "rest" || !operation.method || !operation.path) continue;
    routes.push({ operation, method: operation.method.toUpperCase(), template: operation.path, segments: parseTemplate(operation.path) });
  }
  return routes.sort((a, b) => (specificity(a) < specificity(b) ? -1 : specificity(a) > specificity(b) ? 1 : 0));
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const part = parts[i] as string;
    if ("literal" in segment) {
      if (segment.literal !== part) return undefined;
    } else {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return undefined;
      }
      if (value === "") return undefined;
      params[segment.param] = value;
    }
  }
  return params;
}

/**
 * The route for a method and a URL path (no query string). The most specific template that
 * matches the path decides which methods it has (405 with `Allow` for the others). HEAD is GET.
 */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const parts = pathname.split("/").filter((segment) => segment !== "");
  let template: string | undefined;
  let params: Record<string, string> | undefined;
  for (const route of routes) {
    params = matchSegments(route.segments, parts);
    if (params) {
      template = route.template;
      break;
    }
  }
  if (template === undefined || params === undefined) return { kind: "not-found" };
  const candidates = routes.filter((candidate) => candidate.template === template);
  const wanted = method === "HEAD" ? "GET" : method;
  const route = candidates.find((candidate) => candidate.method === wanted);
  if (route) return { kind: "found", route, params };
  return { kind: "method-not-allowed", allow: candidates.map((candidate) => candidate.method).sort() };
}
