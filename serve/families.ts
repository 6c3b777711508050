// What each route of the document does to the server's state, derived from its shape: a POST
// on a collection creates, a GET lists, a GET/PATCH/DELETE on `{collection}/{param}` reads,
// updates and deletes, a POST on `{collection}/{param}/<word>` is an action on one resource.
// Collections are named by their path template (`/v2/serverless`), which is unambiguous.

import type { JsonSchema, OperationModel } from "../schema-model/model.js";
import type { ServeModel } from "../schema-model/serve-model.js";
import { isArraySchema, propertiesOf } from "../schema-model/schema-walk.js";
import type { Route } from "./routes.js";

export type Behaviour =
  | { kind: "create"; collection: string }
  | { kind: "list"; collection: string; wrapper?: string }
  | { kind: "get"; collection: string; param: string }
  | { kind: "update"; collection: string; param: string }
  | { kind: "delete"; collection: string; param: string }
  | { kind: "action"; collection: string; param: string; action: string }
  /** A read below one resource whose content the spec does not show (workers, logs, releases). */
  | { kind: "sub-list"; collection: string; param: string; wrapper?: string; empty: unknown }
  /** Anything else: answered with 501 and a problem body saying so. */
  | { kind: "not-simulated" };

const isParam = (segment: string) => /^\{[^{}]+\}$/.test(segment);

/** The key of a list response: an object whose only property is an array (`{"endpoints": [...]}`). */
export function listWrapper(model: ServeModel, schema: JsonSchema | undefined): string | undefined {
  const properties = propertiesOf(model, schema);
  if (properties.size !== 1) return undefined;
  const [key, only] = [...properties][0] as [string, JsonSchema];
  return isArraySchema(model, only) ? key : undefined;
}

function jsonSchemaOf(operation: OperationModel): JsonSchema | undefined {
  const ok = operation.responses.find((response) => /^2\d\d$/.test(response.status) && response.schema !== undefined);
  return ok?.contentType?.includes("json") ? ok.schema : undefined;
}

/** An empty body of a list schema: `{wrapper: []}` or `[]`; undefined when it is not a list. */
function emptyOf(model: ServeModel, schema: JsonSchema | undefined): unknown {
  const wrapper = listWrapper(model, schema);
  if (wrapper !== undefined) return { [wrapper]: [] };
  return isArraySchema(model, schema) ? [] : undefined;
}

/** True when the success response of the operation has a `createdAt` property. */
export function returnsCreatedAt(model: ServeModel, operation: OperationModel): boolean {
  return propertiesOf(model, jsonSchemaOf(operation)).has("createdAt");
}

export function behaviourOf(model: ServeModel, route: Route): Behaviour {
  const parts = route.template.split("/").filter((segment) => segment !== "");
  const last = parts.at(-1) ?? "";
  const schema = jsonSchemaOf(route.operation);
  if (!isParam(last)) {
    let paramAt = -1;
    for (const [i, part] of parts.entries()) if (isParam(part)) paramAt = i;
    if (paramAt === parts.length - 2 && route.method === "POST" && route.operation.request) {
      return { kind: "action", collection: `/${parts.slice(0, paramAt).join("/")}`, param: parts[paramAt]!.slice(1, -1), action: last };
    }
    if (paramAt >= 0 && route.method === "GET") {
      const empty = emptyOf(model, schema);
      if (empty === undefined) return { kind: "not-simulated" };
      const wrapper = listWrapper(model, schema);
      return {
        kind: "sub-list",
        collection: `/${parts.slice(0, paramAt).join("/")}`,
        param: parts[paramAt]!.slice(1, -1),
        ...(wrapper ? { wrapper } : {}),
        empty,
      };
    }
    if (paramAt >= 0) return { kind: "not-simulated" };
    const collection = route.template;
    if (route.method === "POST" && route.operation.request) return { kind: "create", collection };
    if (route.method === "GET" && emptyOf(model, schema) !== undefined) {
      const wrapper = listWrapper(model, schema);
      return { kind: "list", collection, ...(wrapper ? { wrapper } : {}) };
    }
    return { kind: "not-simulated" };
  }
  const collection = `/${parts.slice(0, -1).join("/")}`;
  const param = last.slice(1, -1);
  if (parts.slice(0, -1).some(isParam)) return { kind: "not-simulated" };
  if (route.method === "GET") return { kind: "get", collection, param };
  if (route.method === "PATCH" || route.method === "PUT") return { kind: "update", collection, param };
  if (route.method === "DELETE") return { kind: "delete", collection, param };
  return { kind: "not-simulated" };
}

/** The first 2xx status an operation declares (the success status the server answers with). */
export function successStatus(operation: OperationModel, fallback: number): number {
  const codes = operation.responses.map((response) => Number(response.status)).filter((status) => status >= 200 && status < 300);
  return codes.length > 0 ? Math.min(...codes) : fallback;
}
