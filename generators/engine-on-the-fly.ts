// An engine for another OpenAPI document or rules file, compiled at run time (lint --spec /
// --rules): Ajv compiles in memory and the reference interpreter runs the rules. Heavy: loaded
// only when those flags are given.

import { interpret, type OperationValidators } from "../rules/interpreter.js";
import type { Engine } from "../engine/evaluate.js";
import type { ValidateFunction } from "../engine/types.js";
import { SpecError } from "../schema-model/errors.js";
import { TOO_DEEP } from "./load/load.js";
import type { ApiModel, Diagnostic } from "../schema-model/model.js";
import { loadModel, loadRules } from "./pipeline.js";
import { applicability } from "./normalize/targets.js";
import { writeOnlyPointers } from "../schema-model/write-only.js";
import { buildAjv } from "./emit/validators.js";

export interface EngineOptions {
  spec?: string;
  rules?: string;
  graphql?: string;
  /** The model already loaded from these options (`loadModel`): the document is then not read and parsed a second time. */
  model?: ApiModel;
  /** Receives what generate would warn about (rules that do not fit the document, schema notes). */
  onDiagnostics?: (diagnostics: Diagnostic[]) => void;
}

export async function loadEngine(options: EngineOptions): Promise<Engine> {
  try {
    return await compileEngine(options);
  } catch (error) {
    if (error instanceof RangeError) throw new SpecError(options.spec ?? "the bundled schema", TOO_DEEP);
    throw error;
  }
}

async function compileEngine(options: EngineOptions): Promise<Engine> {
  const model = options.model ?? (await loadModel(options));
  const rules = loadRules(options.rules);
  const { skip, diagnostics } = applicability(model, rules);
  options.onDiagnostics?.([...model.diagnostics, ...diagnostics]);
  const { ajv, slots } = buildAjv(model, false);
  const validators = new Map<string, OperationValidators>();
  for (const op of model.operations) {
    const writeOnly = writeOnlyPointers(model, op.request?.schema);
    validators.set(op.id, {
      ...(op.kind === "graphql" ? { kind: "graphql" as const } : {}),
      ...(writeOnly.length > 0 ? { writeOnly } : {}),
      responses: new Map(),
    });
  }
  for (const slot of slots) {
    const validate = ajv.getSchema(slot.ref) as unknown as ValidateFunction;
    const entry = validators.get(slot.operation) as OperationValidators;
    if (slot.target === "request") entry.request = validate;
    else entry.responses.set(slot.target, validate);
  }
  return interpret(rules, validators, skip);
}
