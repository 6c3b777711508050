// Which validators the model needs, without Ajv: one slot per request and response body, and the
// per-operation modules they are written to (validators/<stem>.mts and .responses.mts). Kept
// apart from validators.ts so that a run reusing unchanged validators (docs/generate-speed.md)
// lists the modules the rule engine and index import without loading Ajv.

import { canonicalJson } from "../header.js";
import { type ApiModel, type JsonSchema, SCHEMAS_ID } from "../../schema-model/model.js";

export interface ValidatorSlot {
  /** Export name in validators.js: v0, v1, … in order of first use; shared by identical bodies. */
  name: string;
  operation: string;
  /** "request" or a response status. */
  target: string;
  schemaId: string;
}

/** One operation's validator modules, by file stem under validators/. */
export interface ValidatorModule {
  operation: string;
  stem: string;
  request: boolean;
  /** Response statuses with a body, in document order. */
  statuses: string[];
}

/**
 * One slot per request and response body. Bodies with the same schema (every error response is
 * `ErrorResponse`) share one validator: the module stays small and quick to load.
 */
export function validatorSlots(model: ApiModel): ValidatorSlot[] {
  const slots: ValidatorSlot[] = [];
  const shared = new Map<string, { name: string; schemaId: string }>();
  const add = (operation: string, target: string, schema: JsonSchema) => {
    const key = canonicalJson(schema);
    let entry = shared.get(key);
    if (!entry) {
      entry = { name: `v${shared.size}`, schemaId: `${SCHEMAS_ID}/body/${shared.size}` };
      shared.set(key, entry);
    }
    slots.push({ operation, target, ...entry });
  };
  for (const op of model.operations) {
    if (op.request) add(op.id, "request", op.request.schema);
    for (const response of op.responses) if (response.schema !== undefined) add(op.id, response.status, response.schema);
  }
  return slots;
}

/**
 * A file name for each operation: operationIds are free text, and file systems may fold case;
 * a stem that would clash (case-insensitively) with an earlier one gets a numeric suffix.
 */
export function fileStems(operations: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const id of operations) {
    const base =
      id
        .replace(/[^A-Za-z0-9_-]/g, "_")
        .replace(/^[-.]/, "_")
        .slice(0, 100) || "operation";
    let stem = base;
    for (let suffix = 2; taken.has(stem.toLowerCase()); suffix++) stem = `${base}-${suffix}`;
    taken.add(stem.toLowerCase());
    out.set(id, stem);
  }
  return out;
}

/** The modules written for `slots`, in operation order; operations without a body have none. */
export function validatorModules(model: ApiModel, slots: readonly ValidatorSlot[]): ValidatorModule[] {
  const stems = fileStems(model.operations.map((op) => op.id));
  const modules: ValidatorModule[] = [];
  for (const op of model.operations) {
    const mine = slots.filter((slot) => slot.operation === op.id);
    const request = mine.some((slot) => slot.target === "request");
    const statuses = mine.filter((slot) => slot.target !== "request").map((slot) => slot.target);
    if (request || statuses.length > 0) modules.push({ operation: op.id, stem: stems.get(op.id) as string, request, statuses });
  }
  return modules;
}
