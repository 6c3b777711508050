// Query parameters a REST operation does not take (issue 45, item 3). Neither the specification
// nor the published document says what the service does with them; v2kit serve refuses them
// (400, an RFC 9457 problem naming each), so a client that still sends a v1 list filter
// (`GET /v2/pods?name=ci-test`) learns it at once instead of receiving every pod. With
// `allowUnknownQuery` they are answered as if absent, and each is reported as a warning.

import { problem } from "./http.js";
import type { Route } from "./routes.js";

/** The names of the query parameters in `search` that the route's operation does not declare, in order, once each. */
export function unknownQuery(route: Route, search: URLSearchParams): string[] {
  const takes = new Set(route.operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name));
  const unknown: string[] = [];
  for (const name of search.keys()) if (!takes.has(name) && !unknown.includes(name)) unknown.push(name);
  return unknown;
}

/** What the operation takes, in words: "it takes only `includeClusterPods`", "it takes no query parameters". */
export function takesInWords(route: Route): string {
  const takes = route.operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => `\`${parameter.name}\``);
  return takes.length === 0 ? "it takes no query parameters" : `it takes only ${takes.join(", ")}`;
}

/** The 400 problem for unknown query parameters. */
export function unknownQueryProblem(route: Route, unknown: readonly string[]) {
  const names = unknown.map((name) => `\`${name}\``).join(", ");
  const operation = `${route.operation.id} (${route.method} ${route.template})`;
  return problem(
    400,
    "Bad Request",
    `${unknown.length === 1 ? "query parameter" : "query parameters"} ${names} ${unknown.length === 1 ? "is" : "are"} not taken by ${operation}: ${takesInWords(route)}`,
    unknown.map((name) => `${name}: not a query parameter of ${route.operation.id}`),
  );
}
