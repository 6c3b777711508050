// What the server answers from: the operations of the document in use (for routing), the
// compiled engine (the same verdicts as `lint`), and the catalog. For the bundled schema, the
// model and the document are the ones `generate` wrote ahead of time (output/serve-model.json,
// schema-model/serve-model.ts) and the engine is the package's output: nothing of the generator
// loads. Another document (`spec`) or GraphQL file is read and compiled at start by the
// generator, imported for that only.

import { readFileSync } from "node:fs";
import type { JsonSchema } from "../schema-model/model.js";
import type { Engine } from "../engine/evaluate.js";
import type { CpuRecord, GpuRecord } from "../engine/types.js";
import { bundled } from "../schema-model/package-files.js";
import { readServeModel, type ServeModel } from "../schema-model/serve-model.js";
import { writeOnlyPointers } from "../schema-model/write-only.js";
import { facets, underivable, writtenFields } from "./derive.js";
import { behaviourOf } from "./families.js";
import type { ServeOptions } from "./options.js";
import { buildRoutes } from "./routes.js";
import { SET_BY_SERVER } from "./shape.js";

export interface Api {
  model: ServeModel;
  engine: Engine;
  /** The document as JSON, for `GET /v2/openapi.json`. */
  document: unknown;
  catalog: { gpus: GpuRecord[]; cpus: CpuRecord[]; dataCenters: Record<string, unknown>[] };
  /** Per collection, the pointers of stored values never returned (`writeOnly` in a request that writes it). */
  hidden: Map<string, string[]>;
  /** Required response fields nothing can provide, by operation (derive.ts): reported at start, 500 when needed. */
  underivable: { operation: string; pointers: string[] }[];
  /** Per collection, the fields the requests that write it may set (derive.ts: their unset value is derivable). */
  writable: Map<string, Set<string>>;
  /** A document given with `spec`: GETs with no state model answer bodies built from it (synthetic.ts), not 501. */
  synthesizes: boolean;
  /** The fields of the document's pod (a `GET /v2/pods/{id}` answer): serve fills `actions` and `ssh` from the status only where they exist (shape.ts). */
  podFields: ReadonlySet<string>;
}

/** The property names of the pod the document returns from `GET` of one pod. */
function podFieldsOf(model: ServeModel): ReadonlySet<string> {
  for (const route of buildRoutes(model.operations)) {
    const b = behaviourOf(model, route);
    if (b.kind !== "get" || b.collection !== "/v2/pods") continue;
    const schema = route.operation.responses.find((response) => response.status === "200")?.schema;
    return new Set(facets(model, schema).properties.keys());
  }
  return new Set();
}

/** Per collection, the fields its create and update requests may set. */
function writableFields(model: ServeModel): Map<string, Set<string>> {
  const writers = new Map<string, (JsonSchema | undefined)[]>();
  for (const route of buildRoutes(model.operations)) {
    const b = behaviourOf(model, route);
    if (b.kind === "create" || b.kind === "update") writers.set(b.collection, [...(writers.get(b.collection) ?? []), route.operation.request?.schema]);
  }
  return new Map([...writers].map(([collection, schemas]) => [collection, writtenFields(model, schemas)]));
}

/** Per operation with a success body: the required fields no request, seed or derivation provides. */
function underivableFields(model: ServeModel, seeded: ReadonlyMap<string, ReadonlySet<string>>): { operation: string; pointers: string[] }[] {
  const routes = buildRoutes(model.operations);
  const writers = new Map<string, (JsonSchema | undefined)[]>();
  for (const route of routes) {
    const b = behaviourOf(model, route);
    if (b.kind === "create" || b.kind === "update") writers.set(b.collection, [...(writers.get(b.collection) ?? []), route.operation.request?.schema]);
  }
  const out: { operation: string; pointers: string[] }[] = [];
  for (const route of routes) {
    const b = behaviourOf(model, route);
    if (b.kind === "not-simulated" || b.kind === "delete") continue;
    // A collection nothing writes and nothing seeds stays empty: its records' fields are never needed.
    if (b.kind !== "sub-list" && !writers.has(b.collection) && !seeded.has(b.collection)) continue;
    const written = writtenFields(model, writers.get(b.collection) ?? []);
    for (const name of seeded.get(b.collection) ?? []) written.add(name);
    for (const name of SET_BY_SERVER[b.collection] ?? []) written.add(name);
    const pointers = underivable(model, route.operation, written);
    if (pointers.length > 0) out.push({ operation: route.operation.id, pointers });
  }
  return out;
}

/** What each collection stores but never returns: the `writeOnly` fields of the requests that create or update it. */
function hiddenFields(model: ServeModel): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const route of buildRoutes(model.operations)) {
    const behaviour = behaviourOf(model, route);
    if (behaviour.kind !== "create" && behaviour.kind !== "update") continue;
    const pointers = writeOnlyPointers(model, route.operation.request?.schema);
    if (pointers.length === 0) continue;
    out.set(behaviour.collection, [...new Set([...(out.get(behaviour.collection) ?? []), ...pointers])].sort());
  }
  return out;
}

function bundledRecords<T>(name: "gpus" | "cpus" | "dataCenters"): T[] {
  const file = bundled.catalog(name === "dataCenters" ? "datacenters" : name);
  return (JSON.parse(readFileSync(file, "utf8")) as Record<string, T[]>)[name] ?? [];
}

/** Fill `api.underivable` once the starting state is known (seeded records provide their own fields). */
export function reportUnderivable(api: Api, seeded: ReadonlyMap<string, ReadonlySet<string>>): void {
  api.underivable = underivableFields(api.model, seeded);
}

/**
 * The model and document of the bundled schema as `generate` wrote them; with `spec` or
 * `graphql`, the model built now (the generator's loader), and `spec`'s own document.
 */
async function modelAndDocument(options: ServeOptions): Promise<{ model: ServeModel; document: unknown }> {
  if (options.spec === undefined && options.graphql === undefined) return readServeModel(bundled.serveModel());
  // The GraphQL API is separate from the REST document (spec, GraphQL operations): another REST
  // document keeps the bundled GraphQL operations unless a GraphQL file is given too.
  const graphql = options.graphql ?? bundled.graphql();
  const { loadModel } = await import("../generators/pipeline.js");
  const model = await loadModel(options.spec === undefined ? { graphql } : { spec: options.spec, graphql });
  if (options.spec === undefined) return { model, document: readServeModel(bundled.serveModel()).document };
  const specFile = options.spec;
  const [{ parseText, readDocument }, { SpecError }] = await Promise.all([import("../generators/load/load.js"), import("../schema-model/errors.js")]);
  const document = parseText(
    readDocument(specFile, (reason) => SpecError.unreadable(specFile, reason)),
    specFile,
  );
  return { model, document };
}

export async function loadApi(options: ServeOptions): Promise<Api> {
  const { model, document } = await modelAndDocument(options);
  let engine: Engine;
  if (options.spec !== undefined || options.rules !== undefined || options.graphql !== undefined) {
    const { loadEngine } = await import("../generators/engine-on-the-fly.js");
    engine = await loadEngine({
      ...(options.spec ? { spec: options.spec } : {}),
      ...(options.rules ? { rules: options.rules } : {}),
      graphql: options.graphql ?? bundled.graphql(),
    });
  } else {
    // The package entry of the output: every operation's request and response validators.
    engine = (await import("../output/index.mjs")).engine;
  }
  return {
    model,
    engine,
    document,
    catalog: {
      gpus: options.catalog?.gpus ?? bundledRecords("gpus"),
      cpus: options.catalog?.cpus ?? bundledRecords("cpus"),
      dataCenters: options.catalog?.dataCenters ?? bundledRecords("dataCenters"),
    },
    hidden: hiddenFields(model),
    underivable: [],
    writable: writableFields(model),
    synthesizes: options.spec !== undefined,
    podFields: podFieldsOf(model),
  };
}
