// What `v2kit serve` reads for the bundled document, written ahead of time by `generate` into
// this package's own output/ (output/serve-model.json) and checked by `generate --check`: the
// parts of the model serve reads (the operations and the component schemas their `$ref`s name)
// and the document as written, for `GET /v2/openapi.json`. Serving the bundled schema then loads
// neither the generator nor swagger-parser nor a YAML parser; `serve --spec` builds the same
// model from its document with the generator.
//
// JSON in the model's own order (the order serve walks it in, as with a model built at start),
// the document's keys in the document's order (served as written), two-space indented.

import { readFileSync } from "node:fs";
import type { ApiModel } from "./model.js";

/** The parts of the model serve reads: the operations (routes, bodies) and the component schemas. */
export type ServeModel = Pick<ApiModel, "operations" | "schemas">;

/** Its name in this package's output/ folder. */
export const SERVE_MODEL_FILE = "serve-model.json";

/** The file's text: `generated` holds the header lines every generated file carries (generators/header.ts). */
export function serveModelText(model: ServeModel, document: unknown, header: string): string {
  const generated = header.split("\n").map((line) => line.replace(/^\/\/ /, ""));
  return `${JSON.stringify({ generated, model: { operations: model.operations, schemas: model.schemas }, document }, null, 2)}\n`;
}

/** The model and document of a file `serveModelText` wrote; an Error naming the file and the fix for anything else. */
export function readServeModel(file: string): { model: ServeModel; document: unknown } {
  const broken = (reason: string) =>
    new Error(`${file}: ${reason}: it is the model \`v2kit generate\` writes for serve; run \`v2kit generate\` (or reinstall v2kit) to restore it`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw broken((error as Error).message);
  }
  const { model, document } = (value ?? {}) as { model?: Partial<ServeModel>; document?: unknown };
  const schemas = model?.schemas;
  if (!Array.isArray(model?.operations) || typeof schemas !== "object" || schemas === null || Array.isArray(schemas)) {
    throw broken("holds no model (operations and schemas)");
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) throw broken("holds no document");
  return { model: { operations: model.operations, schemas }, document };
}
