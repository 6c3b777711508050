// The generated check() with no catalog passed gives lint's verdict (issue 43, item 2): the
// catalog snapshot the output was generated with ships in it (catalog.mts: its date, GPUs and
// CPUs), fills in each collection the context leaves out, as lint does with the bundled snapshot,
// and a rejected value the snapshot does not know gets lint's stale-snapshot warning. A passed
// collection replaces the snapshot's, and then no warning is given for it.

import { type BundledCollections, staleSnapshotWarnings } from "./catalog-staleness.js";
import { type Engine, evaluate } from "./evaluate.js";
import type { CheckContext, CheckResult, CpuRecord, GpuRecord, Warning } from "./types.js";
import { stringAt } from "./verdict.js";

/** A dated catalog snapshot: what generate writes into catalog.mts. */
export interface CatalogSnapshot {
  /** YYYY-MM-DD. */
  date: string;
  gpus: GpuRecord[];
  cpus: CpuRecord[];
}

/** `evaluate`, with the snapshot's collections where the context has none, and their staleness warnings. */
export function evaluateWithSnapshot(engine: Engine, operation: string, body: unknown, context: CheckContext, snapshot: CatalogSnapshot): CheckResult {
  const given = context.catalog;
  if (given?.gpus !== undefined && given.cpus !== undefined) return evaluate(engine, operation, body, context);
  const gpus = given?.gpus ?? snapshot.gpus;
  const cpus = given?.cpus ?? snapshot.cpus;
  const result = evaluate(engine, operation, body, { ...context, catalog: { ...given, gpus, cpus } });
  if (result.ok) return result; // only rejected values can be stale
  const from: BundledCollections = { date: snapshot.date, ...(gpus === snapshot.gpus ? { gpus } : {}), ...(cpus === snapshot.cpus ? { cpus } : {}) };
  const warnings = staleSnapshotWarnings(result, from, stringAt);
  for (let i = 0; i < warnings.length; i++) result.warnings.push(warnings[i] as Warning);
  return result;
}
