// The package's library entry: `import { lint, check } from "v2kit"`.
// `check` and `checkResponse` take parsed bodies and the bundled engine; `lint` also takes JSON
// text or bytes, turns malformed input into a 400 verdict, and defaults the catalog context.

import type { CheckContext, CheckResult, CpuRecord, GpuRecord } from "../engine/types.js";
import { bundledCatalog, lint, readBundled } from "./lint.js";

export { checkResponse, engine, operationIds, routes } from "../output/index.mjs";

/**
 * The server's verdict on a parsed request body. A catalog collection the context leaves out is
 * taken from the bundled dated snapshot (`catalog`), with the same stale-snapshot warnings as
 * `lint`: `check` and `lint` give the same verdict. (So does the generated output's own `check`,
 * in a project that generated its code: it carries the snapshot it was generated with, catalog.mts.)
 */
export function check(operation: string, body: unknown, context: CheckContext = {}): CheckResult {
  return lint(body, {
    operation,
    ...(context.catalog === undefined ? {} : { catalog: context.catalog }),
    ...(context.templates === undefined ? {} : { templates: context.templates }),
    ...(context.current === undefined ? {} : { current: context.current }),
  });
}

/**
 * The bundled catalog snapshot: `gpus` and `cpus` (what the rules fall back to), `dataCenters`
 * (what `v2kit serve` lists; no rule reads it) and the snapshot's `date` (YYYY-MM-DD).
 */
export const catalog: { readonly gpus: GpuRecord[]; readonly cpus: CpuRecord[]; readonly dataCenters: Record<string, unknown>[]; readonly date: string } = {
  ...bundledCatalog(),
  dataCenters: readBundled("datacenters.json", "dataCenters") as Record<string, unknown>[],
};
export { type Engine, UnknownOperationError } from "../engine/evaluate.js";
export type * from "../engine/types.js";
export { type Position, locate } from "./json-source.js";
export { lint, type LintOptions, type LintResult } from "./lint.js";
