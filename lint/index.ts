// The package's library entry: `import { lint, check } from "v2kit"`.
// `check` and `checkResponse` take parsed bodies and the bundled engine; `lint` also takes JSON
// text or bytes, turns malformed input into a 400 verdict, and defaults the catalog context.

import type { CheckContext, CpuRecord, GpuRecord } from "../engine/types.js";
import type { Verdict } from "../output/index.mjs";
import { bundledCatalog, lint, readBundled } from "./lint.js";

export { checkResponse, engine, operationIds, type RuleId, routes, type Verdict } from "../output/index.mjs";

/**
 * The server's verdict on a parsed request body. A catalog collection the context leaves out is
 * taken from the bundled dated snapshot (`catalog`), with the same stale-snapshot warnings as
 * `lint`: `check` and `lint` give the same verdict. (The generated output's own `check`, in a
 * project that generated its code, carries the snapshot it was generated with, catalog.mts; a
 * catalog passed to it replaces that snapshot whole, both collections.)
 */
export function check(operation: string, body: unknown, context: CheckContext = {}): Verdict {
  // lint runs the bundled engine, whose rules are the bundled rules file's: its ids are RuleId's.
  return lint(body, {
    operation,
    ...(context.catalog === undefined ? {} : { catalog: context.catalog }),
    ...(context.templates === undefined ? {} : { templates: context.templates }),
    ...(context.current === undefined ? {} : { current: context.current }),
  }) as Verdict;
}

/**
 * The bundled catalog snapshot: `gpus` and `cpus` (what the rules fall back to), `dataCenters`
 * (what `v2kit serve` lists; no rule reads it) and the snapshot's `date` (YYYY-MM-DD).
 */
export const catalog: { readonly gpus: GpuRecord[]; readonly cpus: CpuRecord[]; readonly dataCenters: Record<string, unknown>[]; readonly date: string } = {
  ...bundledCatalog(),
  dataCenters: readBundled("datacenters.json", "dataCenters") as Record<string, unknown>[],
};
export { type Engine } from "../engine/evaluate.js";
// Every error v2kit throws is a V2kitError with a `name`, a stable `code` and a brand that
// `instanceof` reads across copies of v2kit (engine/errors.ts): a generated output's own copy of
// the engine throws what these classes match. `v2kit/serve` exports serve's own errors,
// `v2kit/client` ContractError.
export { CelBudgetError } from "../engine/cel-budget.js";
export { EngineError, type EngineErrorCode, V2kitError } from "../engine/errors.js";
export { UnknownOperationError } from "../engine/evaluate.js";
export { GenerateError, type GenerateErrorCode, SpecError, type SpecErrorCode } from "../schema-model/errors.js";
export { InputError, type InputErrorCode } from "../input/errors.js";
export { RulesError, type RulesErrorCode, RulesFileError } from "../rules/errors.js";
export { LintError, type LintErrorCode } from "./errors.js";
export type * from "../engine/types.js";
export { type Position, locate } from "./json-source.js";
export { lint, type LintOptions, type LintResult } from "./lint.js";
