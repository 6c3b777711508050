// The runtime the generated engine imports as `rt`: copied verbatim into every output.

export { EngineError, type EngineErrorCode, V2kitError } from "./errors.js";
export { CEL_COST_LIMIT, CelBudgetError, celCost, runCel } from "./cel-budget.js";
export { keysIn, keysOf, keysWithin, keysWithinValue, numberAt, recordWith, records, recordsWithin, stringsAt } from "./catalog.js";
export { commandMismatch, parseArgs, shellWords } from "./command.js";
export { evaluate, evaluateResponse, findTemplate, UnknownOperationError } from "./evaluate.js";
export type { Engine, OperationEntry, RuleEntry, StageEntry } from "./evaluate.js";
export { Defaulter, patchMerge, templateMerge, withDefault, withoutNulls } from "./merge.js";
export { formatPointer, getAt, indexPath, matchAll, parsePointer, prop, removeAt, setAt, step } from "./pointer.js";
export { MAX_LISTED, problemFor, schemaViolations } from "./problem.js";
export type { SchemaHint } from "./problem.js";
export type * from "./types.js";
export { append, clone, deepEqual, isNonEmpty, isObject, isPresent, quote, show } from "./values.js";
export { Report } from "./verdict.js";
export { evaluateWithSnapshot } from "./snapshot.js";
export type { CatalogSnapshot } from "./snapshot.js";
export type { RuleInfo } from "./verdict.js";
