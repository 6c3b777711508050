// The routes of the bundled v2 document (output/routes.mts, generated from schema/v2.openapi.yaml):
// which paths a call on this API's v2 base may take as written. A v1 route that is not one of
// them (`/endpoints`, `/pods/{id}/reset`, `/networkvolumes`) is a v1 path left on a v2 base
// (`v1-path-on-v2-base`, issue 41); one that is (`/pods/{id}`, `/templates`, `/billing/pods`) is
// never reported there.

import { routes } from "../../output/routes.mjs";
import { parseV1Path } from "../routes.js";

/** Each v2 route's path segments after `/v2`, `{…}` standing for any one segment. */
const V2_PATHS: readonly (readonly string[])[] = [...new Set(routes.map(([, path]) => path))].map((path) =>
  path
    .split("/")
    .filter((segment) => segment !== "")
    .slice(1),
);

/**
 * Whether a path (from the resource on, as `Candidate.path` holds it; its query ignored) is a route
 * of the v2 document for some method. A segment the code fills at run time (`{pod_id}`, `${id}`)
 * matches only a `{…}` of the document.
 */
export function isV2Path(path: string): boolean {
  const parsed = parseV1Path(path);
  if ("v2" in parsed) return true;
  const { segments } = parsed;
  return V2_PATHS.some((parts) => parts.length === segments.length && parts.every((part, i) => part.startsWith("{") || part === segments[i]));
}

/**
 * Whether `method path` (a plain path after the base: `GET /network-volumes`) is a route of the v2
 * document as written: each segment the document's, a `{…}` of the document matching any one.
 */
export function isV2Route(method: string, path: string): boolean {
  const segments =
    path
      .split("?")[0]
      ?.split("/")
      .filter((segment) => segment !== "") ?? [];
  return routes.some(
    ([verb, route]) =>
      verb === method.toUpperCase() &&
      route
        .split("/")
        .filter((segment) => segment !== "")
        .slice(1).length === segments.length &&
      route
        .split("/")
        .filter((segment) => segment !== "")
        .slice(1)
        .every((part, i) => part.startsWith("{") || part === segments[i]),
  );
}

/**
 * Whether v2 keeps a v1 route's path (`/pods/{podId}` → `/v2/pods/{id}`): the same segments once
 * the v2 prefix is off, each parameter matching any parameter. A call on it moves with its base
 * alone.
 */
export function keepsPath(v1: string, v2: string): boolean {
  const shape = (template: string) => template.replace(/\{[^}]*\}/g, "{}");
  return shape(v2.replace(/^\/v2(?=\/)/, "")) === shape(v1);
}
