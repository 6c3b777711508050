// A client's whole lifecycle against a running server, derived from a document's operations:
// lists first (catalog ids come from them), then every create with the document's own request
// example, then get / sub-resources / update / actions of what was created, then get-by-id of
// every listed record the test did not create, then deletes. Used by the Prism proxy test and by
// the published-records property test, for the bundled schema and for any document.

import type { ApiModel, OperationModel } from "../../schema-model/model.js";

export interface Exchange {
  operation: string;
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
}

export interface LifecycleOptions {
  /** Bodies for operations the document gives no example for, by operationId. */
  bodies?: Record<string, unknown>;
  key?: string;
}

/** `/v2/pods/{id}/action` → `/v2/pods`: the collection whose ids fill the first path parameter. */
export const collectionOf = (path: string): string => path.slice(0, Math.max(0, path.indexOf("/{") === -1 ? path.length : path.indexOf("/{")));

const paramsIn = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

/** The first id in a list answer: the first array of objects with an `id`, at the top or one level down. */
export function firstId(body: unknown): string | undefined {
  const arrays = Array.isArray(body) ? [body] : body && typeof body === "object" ? Object.values(body).filter(Array.isArray) : [];
  for (const list of arrays) {
    const first = (list as unknown[])[0] as { id?: unknown } | undefined;
    if (first && typeof first.id === "string") return first.id;
  }
  return undefined;
}

function exampleOf(op: OperationModel, options: LifecycleOptions): unknown {
  const own = op.request ? Object.values(op.request.examples ?? {})[0] : undefined;
  return own ?? options.bodies?.[op.id];
}

export async function driveLifecycle(base: string, model: ApiModel, options: LifecycleOptions = {}): Promise<Exchange[]> {
  const key = options.key ?? "lifecycle-key";
  const exchanges: Exchange[] = [];
  const send = async (op: OperationModel, path: string, body?: unknown): Promise<Exchange> => {
    const method = (op.method as string).toUpperCase();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    const exchange = { operation: op.id, method, path, status: response.status, headers: response.headers, body: parsed };
    exchanges.push(exchange);
    return exchange;
  };

  const rest = model.operations.filter((op) => op.kind === "rest" && op.method && op.path);
  const ids = new Map<string, string>();
  const created = new Set<string>();
  const fill = (path: string): string | undefined => {
    const collection = collectionOf(path);
    const id = ids.get(collection);
    if (id === undefined) return undefined;
    let first = true;
    return path.replace(/\{[^}]+\}/g, () => {
      const value = first ? id : "unknown-id";
      first = false;
      return encodeURIComponent(value);
    });
  };
  const is = (op: OperationModel, method: string, withParams: boolean) =>
    op.method?.toUpperCase() === method && paramsIn(op.path as string).length > 0 === withParams;

  // 1. Lists, remembering the first id of each (catalog records are found this way).
  for (const op of rest.filter((candidate) => is(candidate, "GET", false))) {
    const answer = await send(op, op.path as string);
    const id = firstId(answer.body);
    if (answer.status === 200 && id !== undefined) ids.set(op.path as string, id);
  }
  // 2. Creates, with the document's example (or the caller's body for operations it has none for).
  for (const op of rest.filter((candidate) => is(candidate, "POST", false))) {
    const body = exampleOf(op, options);
    if (body === undefined) continue;
    const answer = await send(op, op.path as string, body);
    const id = (answer.body as { id?: unknown } | undefined)?.id;
    if (answer.status < 300 && typeof id === "string") {
      ids.set(op.path as string, id);
      created.add(op.path as string);
    }
  }
  // 3. What was created or listed: get, sub-resources, update; actions last (terminate ends a pod).
  const byId = rest.filter((candidate) => !is(candidate, "DELETE", true) && paramsIn(candidate.path as string).length > 0);
  const order = (op: OperationModel) =>
    op.method?.toUpperCase() === "GET" ? 0 : op.method?.toUpperCase() === "PATCH" || op.method?.toUpperCase() === "PUT" ? 1 : 2;
  for (const op of [...byId].sort((a, b) => order(a) - order(b))) {
    const path = fill(op.path as string);
    if (path === undefined) continue;
    if (op.method?.toUpperCase() === "GET") {
      await send(op, path);
      continue;
    }
    const values = actionValues(model, op);
    if (values) {
      // every action the document lists, terminate last
      for (const action of [...values].sort((a, b) => Number(a === "terminate") - Number(b === "terminate"))) await send(op, path, { action });
      continue;
    }
    const body = exampleOf(op, options);
    if (body !== undefined) await send(op, path, body);
  }
  // 4. The lists again (records as the created ones now stand), then deletes of what was created.
  for (const op of rest.filter((candidate) => is(candidate, "GET", false))) await send(op, op.path as string);
  for (const op of rest.filter((candidate) => is(candidate, "DELETE", true))) {
    if (!created.has(collectionOf(op.path as string))) continue;
    const path = fill(op.path as string);
    if (path !== undefined) await send(op, path);
  }
  // 5. Unbodied operations with no path parameters and a method other than GET (PUT ssh keys …).
  for (const op of rest.filter(
    (candidate) => !["GET", "POST", "DELETE", "PATCH"].includes(candidate.method?.toUpperCase() as string) && paramsIn(candidate.path as string).length === 0,
  )) {
    const body = exampleOf(op, options);
    if (body !== undefined) await send(op, op.path as string, body);
  }
  return exchanges;
}

/** The enum of a request body's single required `action` property, when the operation is an action route. */
function actionValues(model: ApiModel, op: OperationModel): string[] | undefined {
  const deref = (schema: unknown): Record<string, unknown> | undefined => {
    const ref = (schema as { $ref?: string } | undefined)?.$ref;
    return ref === undefined ? (schema as Record<string, unknown> | undefined) : deref(model.schemas[ref.slice(ref.lastIndexOf("/") + 1)]);
  };
  const schema = deref(op.request?.schema) as { properties?: Record<string, unknown> } | undefined;
  if (!op.path?.endsWith("/action") || !schema) return undefined;
  const values = deref(schema.properties?.["action"])?.["enum"] as unknown[] | undefined;
  return values?.every((value) => typeof value === "string") ? (values as string[]) : undefined;
}
