// What the server answers from: the operations of the document in use (for routing), the
// compiled engine (the same verdicts as `lint`), and the catalog. The document is read with the
// generator's loader: serving is not the lint hot path, and `--spec` needs it anyway.

import { readFileSync } from "node:fs";
import { loadModel } from "../../generators/pipeline.js";
import { bundled } from "../../generators/paths.js";
import type { ApiModel } from "../../generators/model.js";
import type { Engine } from "../../rules/runtime/evaluate.js";
import type { CpuRecord, GpuRecord } from "../../rules/runtime/types.js";
import { writeOnlyPointers } from "../../generators/write-only.js";
import { behaviourOf } from "./families.js";
import type { ServeOptions } from "./options.js";
import { buildRoutes } from "./routes.js";

export interface Api {
  model: ApiModel;
  engine: Engine;
  /** The document as JSON, for `GET /v2/openapi.json`. */
  document: unknown;
  catalog: { gpus: GpuRecord[]; cpus: CpuRecord[] };
  /** Per collection, the pointers of stored values never returned (`writeOnly` in a request that writes it). */
  hidden: Map<string, string[]>;
}

/** What each collection stores but never returns: the `writeOnly` fields of the requests that create or update it. */
function hiddenFields(model: ApiModel): Map<string, string[]> {
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

function bundledRecords<T>(name: "gpus" | "cpus"): T[] {
  return (JSON.parse(readFileSync(bundled.catalog(name), "utf8")) as Record<string, T[]>)[name] ?? [];
}

export async function loadApi(options: ServeOptions): Promise<Api> {
  // The GraphQL API is separate from the REST document (spec, GraphQL operations): another REST
  // document keeps the bundled GraphQL operations unless a GraphQL file is given too.
  const graphql = options.graphql ?? bundled.graphql();
  const model = await loadModel(options.spec === undefined ? { graphql } : { spec: options.spec, graphql });
  let engine: Engine;
  if (options.spec !== undefined || options.rules !== undefined || options.graphql !== undefined) {
    const { loadEngine } = await import("../../generators/engine-on-the-fly.js");
    engine = await loadEngine({ ...(options.spec ? { spec: options.spec } : {}), ...(options.rules ? { rules: options.rules } : {}), graphql });
  } else {
    // The package entry of the output: every operation's request and response validators.
    engine = (await import("../../output/index.mjs")).engine;
  }
  const { parseText } = await import("../../generators/load.js");
  const specFile = options.spec ?? bundled.spec();
  const document = parseText(readFileSync(specFile, "utf8"), specFile);
  return {
    model,
    engine,
    document,
    catalog: { gpus: options.catalog?.gpus ?? bundledRecords("gpus"), cpus: options.catalog?.cpus ?? bundledRecords("cpus") },
    hidden: hiddenFields(model),
  };
}
