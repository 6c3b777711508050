// Synthetic answers (issue 43): with `--spec`, a GET the server has no state model for (billing
// histories, an endpoint's workers and releases, log streams) answers a body built from the
// document itself instead of 501: the response's own examples first, in the document's order,
// the first that the document's response schema accepts; else a minimal instance generated from
// that schema. The body is the same on every call and says nothing about the state (no worker
// runs here, nothing is billed): the `V2kit-Synthetic` header says where it came from. The
// bundled schema keeps 501 for these routes: its response schemas say the bodies are not shown.

import { evaluateResponse } from "../engine/evaluate.js";
import { clone, isObject } from "../engine/values.js";
import type { JsonSchema, ParameterModel } from "../schema-model/model.js";
import type { ServeModel } from "../schema-model/serve-model.js";
import { facets, NONE } from "./derive.js";
import { successStatus } from "./families.js";
import type { HandlerContext, Reply } from "./handlers.js";
import { problem } from "./http.js";
import type { Route } from "./routes.js";

/** Names the header of a synthetic answer: `example <name>` or `schema`. */
export const SYNTHETIC_HEADER = "V2kit-Synthetic";

/** Fixed values for string formats: the same body run to run. */
const FORMAT_VALUES: Record<string, string> = {
  "date-time": "1970-01-01T00:00:00Z",
  date: "1970-01-01",
  time: "00:00:00Z",
  uri: "http://127.0.0.1/",
  url: "http://127.0.0.1/",
  email: "user@example.invalid",
  uuid: "00000000-0000-0000-0000-000000000000",
  hostname: "localhost",
  ipv4: "127.0.0.1",
};

/** The schema a `$ref` names in the model (component schemas by name), or the schema itself. */
function target(model: ServeModel, schema: unknown): Record<string, unknown> {
  let node = schema;
  for (let hops = 0; hops < 16 && isObject(node) && typeof node.$ref === "string"; hops++) {
    const name = decodeURIComponent(node.$ref.slice(node.$ref.lastIndexOf("/") + 1));
    node = model.schemas[name];
  }
  return isObject(node) ? node : {};
}

/** The schema's own example: `examples[0]`, else `example`. */
function ownExample(node: Record<string, unknown>): unknown {
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0];
  return Object.hasOwn(node, "example") ? node.example : NONE;
}

/** A minimal instance of `schema`, or NONE where none can be built (a string with a pattern and no example). */
export function minimalInstance(model: ServeModel, schema: JsonSchema | undefined, depth = 0): unknown {
  if (depth > 16) return NONE;
  const node = target(model, schema);
  const schemaFacets = facets(model, schema);
  if (schemaFacets.hasConst) return clone(schemaFacets.const);
  if (schemaFacets.hasDefault) return clone(schemaFacets.default);
  const example = ownExample(node);
  if (example !== NONE) return clone(example);
  const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (branches !== undefined && schemaFacets.types === undefined) {
    for (const branch of branches) {
      const value = minimalInstance(model, branch as JsonSchema, depth + 1);
      if (value !== NONE) return value;
    }
    return NONE;
  }
  const types =
    schemaFacets.types ??
    (schemaFacets.properties.size > 0 || schemaFacets.required.size > 0 ? ["object"] : schemaFacets.items !== undefined ? ["array"] : undefined);
  if (schemaFacets.enum !== undefined && schemaFacets.enum.length > 0) return clone(schemaFacets.enum[0]);
  if (types === undefined || schemaFacets.nullable || types.includes("null")) return null;
  if (types.includes("object")) {
    const out: Record<string, unknown> = {};
    for (const name of schemaFacets.required) {
      const value = minimalInstance(model, schemaFacets.properties.get(name), depth + 1);
      if (value === NONE) return NONE;
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (types.includes("array")) {
    const least = typeof node.minItems === "number" ? node.minItems : 0;
    if (least === 0) return [];
    const item = minimalInstance(model, schemaFacets.items, depth + 1);
    return item === NONE ? NONE : Array.from({ length: least }, () => clone(item));
  }
  if (types.includes("boolean")) return false;
  if (types.includes("integer") || types.includes("number")) return schemaFacets.minimum ?? 0;
  if (types.includes("string")) {
    if (typeof node.pattern === "string") return NONE;
    if (typeof node.format === "string") return FORMAT_VALUES[node.format] ?? NONE;
    return "x".repeat(typeof node.minLength === "number" ? node.minLength : 0);
  }
  return NONE;
}

/** The first path parameter and the collection before it (`/v2/serverless` and `id` for `/v2/serverless/{id}/workers`). */
function parentOf(route: Route): { collection: string; param: string } | undefined {
  const parts = route.template.split("/").filter((segment) => segment !== "");
  const at = parts.findIndex((part) => /^\{[^{}]+\}$/.test(part));
  return at < 0 ? undefined : { collection: `/${parts.slice(0, at).join("/")}`, param: parts[at]!.slice(1, -1) };
}

/**
 * The synthetic answer to a GET the server does not model: 404 when the resource it is under
 * does not exist, else the document's success status with the first of its examples its own
 * response schema accepts, or a minimal instance of that schema.
 */
export function syntheticReply(context: HandlerContext): Reply {
  const { route } = context;
  const parent = parentOf(route);
  if (parent !== undefined) {
    const id = context.params[parent.param] as string;
    if (!context.store.get(parent.collection, id)) {
      return { status: 404, body: problem(404, "Not Found", `resource ${JSON.stringify(id)} does not exist or is not accessible`) };
    }
  }
  const status = successStatus(route.operation, 200);
  const response = route.operation.responses.find((candidate) => candidate.status === String(status));
  if (response === undefined || response.schema === undefined) {
    return { status, headers: { [SYNTHETIC_HEADER]: "no body" } };
  }
  const contentType = response.contentType ?? "application/json";
  const accepts = (body: unknown) => evaluateResponse(context.api.engine, route.operation.id, String(status), body).ok;
  for (const [name, example] of Object.entries(response.examples)) {
    if (example !== undefined && accepts(example)) return { status, body: clone(example), contentType, headers: { [SYNTHETIC_HEADER]: `example ${name}` } };
  }
  const generated = minimalInstance(context.api.model, response.schema);
  if (generated !== NONE && accepts(generated)) return { status, body: generated, contentType, headers: { [SYNTHETIC_HEADER]: "schema" } };
  return {
    status: 500,
    body: problem(
      500,
      "Internal Server Error",
      `v2kit serve answers ${route.method} ${route.template} (${route.operation.id}) with a body built from the document, and neither an example of its ${status} response nor a minimal instance of its schema passes that schema`,
    ),
  };
}

/** RFC 3339 date-time (the `date-time` format of JSON Schema). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Why one query value does not fit its parameter's schema, or undefined when it does. */
function misfit(model: ServeModel, schema: JsonSchema | undefined, text: string, depth = 0): string | undefined {
  const node = target(model, schema);
  const schemaFacets = facets(model, schema);
  const types = schemaFacets.types ?? [];
  if (types.includes("array")) {
    // style form, explode false (the published document's list parameters): comma-separated.
    const items = text.split(",");
    if (typeof node.maxItems === "number" && items.length > node.maxItems) return `at most ${node.maxItems} value${node.maxItems === 1 ? "" : "s"}`;
    for (const item of items) {
      const why = depth < 4 ? misfit(model, schemaFacets.items, item, depth + 1) : undefined;
      if (why !== undefined) return `${JSON.stringify(item)}: ${why}`;
    }
    return undefined;
  }
  let value: unknown = text;
  if (types.includes("integer") || types.includes("number")) {
    const number = Number(text);
    if (text.trim() === "" || !Number.isFinite(number)) return `must be a number`;
    if (types.includes("integer") && !types.includes("number") && !Number.isInteger(number)) return `must be an integer`;
    if (schemaFacets.minimum !== undefined && number < schemaFacets.minimum) return `must be at least ${schemaFacets.minimum}`;
    if (typeof node.maximum === "number" && number > node.maximum) return `must be at most ${node.maximum}`;
    value = number;
  } else if (types.includes("boolean")) {
    if (text !== "true" && text !== "false") return `must be true or false`;
    value = text === "true";
  } else if (node.format === "date-time" && !DATE_TIME.test(text)) return `must be an RFC 3339 date-time`;
  if (schemaFacets.enum !== undefined && !schemaFacets.enum.includes(value))
    return `must be one of ${schemaFacets.enum.map((option) => JSON.stringify(option)).join(", ")}`;
  return undefined;
}

/** Query values that do not fit the operation's parameter schemas, and required ones missing: `name: why` each. */
export function badQueryValues(model: ServeModel, parameters: readonly ParameterModel[], search: URLSearchParams): string[] {
  const out: string[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== "query") continue;
    const values = search.getAll(parameter.name);
    if (values.length === 0) {
      if (parameter.required) out.push(`${parameter.name}: required`);
      continue;
    }
    for (const text of values) {
      const why = misfit(model, parameter.schema, text);
      if (why !== undefined) out.push(`${parameter.name}: ${JSON.stringify(text)} ${why}`);
    }
  }
  return out;
}
