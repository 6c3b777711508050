// Ajv (JSON Schema 2020-12 + formats) over the model: one validator per request body and per
// response body. Used standalone by the emitter and compiled in memory by engine-on-the-fly.

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { KNOWN_FORMATS } from "./normalize-schema.js";
import { type ApiModel, type JsonSchema, SCHEMAS_ID } from "./model.js";

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ValidatorSlot {
  /** Export name in validators.js: v0, v1, … in (operation, request, responses by status) order. */
  name: string;
  operation: string;
  /** "request" or a response status. */
  target: string;
  schemaId: string;
}

export function validatorSlots(model: ApiModel): ValidatorSlot[] {
  const slots: ValidatorSlot[] = [];
  model.operations.forEach((op, i) => {
    if (op.request) slots.push({ name: "", operation: op.id, target: "request", schemaId: `${SCHEMAS_ID}/op/${i}/request` });
    for (const r of op.responses) {
      if (r.schema !== undefined) slots.push({ name: "", operation: op.id, target: r.status, schemaId: `${SCHEMAS_ID}/op/${i}/response/${encodeURIComponent(r.status)}` });
    }
  });
  return slots.map((s, i) => ({ ...s, name: `v${i}` }));
}

function unknownFormats(model: ApiModel): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "format" && typeof v === "string" && !KNOWN_FORMATS.has(v)) found.add(v);
        else if (k !== "enum" && k !== "const" && k !== "default" && k !== "examples") walk(v);
      }
    }
  };
  walk(model.schemas);
  for (const op of model.operations) walk([op.request?.schema, ...op.responses.map((r) => r.schema)]);
  return [...found].sort();
}

/** An Ajv instance holding every schema of the model, plus the slot list. */
export function buildAjv(model: ApiModel, standalone: boolean): { ajv: Ajv2020; slots: ValidatorSlot[] } {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    validateFormats: true,
    ...(standalone ? { code: { source: true, esm: true, lines: true } } : {}),
  });
  addFormats(ajv);
  // OpenAPI's numeric and opaque formats are annotations; unknown formats are tolerated (a warning
  // was reported during normalization).
  for (const f of ["int32", "int64", "float", "double", "byte", "binary", "password", ...unknownFormats(model)]) ajv.addFormat(f, true);
  ajv.addSchema({ $id: SCHEMAS_ID, $defs: model.schemas } as never);
  const slots = validatorSlots(model);
  model.operations.forEach((op, i) => {
    if (op.request) ajv.addSchema({ ...(asObject(op.request.schema)), $id: `${SCHEMAS_ID}/op/${i}/request` } as never);
    for (const r of op.responses) {
      if (r.schema !== undefined) ajv.addSchema({ ...asObject(r.schema), $id: `${SCHEMAS_ID}/op/${i}/response/${encodeURIComponent(r.status)}` } as never);
    }
  });
  return { ajv, slots };
}

function asObject(schema: JsonSchema): Record<string, unknown> {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema;
}
