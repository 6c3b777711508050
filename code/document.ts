// The v2 document the checks of `v2kit scan` (issue 44) hold calls to: its routes, each
// operation's parameters, request and responses, the component schemas their `$ref`s name, and
// the engine lint checks a body with. The bundled document comes from what `generate` wrote
// ahead of time (output/routes.mts, output/serve-model.json, the request validators): no
// generator, no swagger-parser. Another document (`--spec`, e.g. the published
// /v2/openapi.json) is loaded with the generator's loader, as `serve --spec` and `lint --spec`
// load theirs, through import() only.

import { routes as bundledRoutes } from "../output/routes.mjs";
import { engine as bundledEngine } from "../output/rules.mjs";
// checkCalls is synchronous and checks any operation's body: every request validator loads with
// it (as migrate does), not one operation's at a time.
import "../output/requests.mjs";
import type { Engine } from "../engine/evaluate.js";
import type { OperationModel, JsonSchema } from "../schema-model/model.js";
import { bundled } from "../schema-model/package-files.js";
import { readServeModel } from "../schema-model/serve-model.js";

/** A v2 document as the checks read it. */
export interface CodeDocument {
  /** Where it came from: `bundled`, or the file given. */
  source: string;
  /** [method (upper case), path template, operationId] of every REST operation. */
  routes: readonly (readonly [method: string, path: string, operation: string])[];
  /** The REST operations by operationId. */
  operations: ReadonlyMap<string, OperationModel>;
  /** Component schemas by name (what `$ref`s to `https://v2kit.local/schemas#/$defs/<Name>` name). */
  schemas: Readonly<Record<string, JsonSchema>>;
  /** The engine lint checks request bodies with: the bundled one, or one compiled from the document. */
  engine: Engine;
}

let bundledDocument: CodeDocument | undefined;

/** The bundled document, read once: its routes, serve's model of its operations, the bundled engine. */
export function bundledCodeDocument(): CodeDocument {
  if (bundledDocument !== undefined) return bundledDocument;
  const { model } = readServeModel(bundled.serveModel());
  bundledDocument = {
    source: "bundled",
    routes: bundledRoutes,
    operations: restOperations(model.operations),
    schemas: model.schemas,
    engine: bundledEngine,
  };
  return bundledDocument;
}

/**
 * Another v2 document (a copy of the published /v2/openapi.json): loaded and normalized by the
 * generator's loader and its engine compiled (Ajv, the reference rule interpreter), as
 * `lint --spec` and `serve --spec` do. Heavy: loaded only here. Throws the loader's SpecError
 * (with the file and a JSON pointer) for a document it cannot read.
 */
export async function loadCodeDocument(spec: string): Promise<CodeDocument> {
  const [{ loadModel }, { loadEngine }] = await Promise.all([import("../generators/pipeline.js"), import("../generators/engine-on-the-fly.js")]);
  const model = await loadModel({ spec });
  const engine = await loadEngine({ spec, model });
  const operations = restOperations(model.operations);
  const routes = [...operations.values()].map((operation) => [operation.method as string, operation.path as string, operation.id] as const);
  return { source: spec, routes, operations, schemas: model.schemas, engine };
}

function restOperations(operations: readonly OperationModel[]): Map<string, OperationModel> {
  const out = new Map<string, OperationModel>();
  for (const operation of operations) {
    if (operation.kind === "rest" && operation.method !== undefined && operation.path !== undefined) out.set(operation.id, operation);
  }
  return out;
}
