// (method, path template) → operationId, from the generated routes table (output/routes.mts).

/** [method, path template, operationId], as the generated routes.mts lists them. */
export type Route = readonly [method: string, path: string, operation: string];

/** A lookup by method (any case) and path template as openapi-fetch passes it (`schemaPath`). */
export function routeTable(routes: readonly Route[]): (method: string, path: string) => string | undefined {
  const table = new Map<string, string>();
  for (const [method, path, operation] of routes) table.set(`${method.toUpperCase()} ${path}`, operation);
  return (method, path) => table.get(`${method.toUpperCase()} ${path}`);
}
