// The generated check() with no catalog passed gives lint's verdict (issue 43, item 2): the
// catalog snapshot the output was generated with ships in it (catalog.mts: its date, GPUs and
// CPUs) is the catalog when the context passes none, as lint uses the bundled snapshot, and a
// rejected value the snapshot does not know gets lint's stale-snapshot warning. A passed
// `catalog` replaces the snapshot as a whole: `{ catalog: {} }` is "no catalog" (catalog rules
// warn that they cannot check), as the rule kinds' edge cases and property tests pass it.

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

/** `evaluate`, with the snapshot as the catalog when the context passes none, and its staleness warnings. */
export function evaluateWithSnapshot(engine: Engine, operation: string, body: unknown, context: CheckContext, snapshot: CatalogSnapshot): CheckResult {
  if (context.catalog !== undefined) return evaluate(engine, operation, body, context);
  const result = evaluate(engine, operation, body, { ...context, catalog: { gpus: snapshot.gpus, cpus: snapshot.cpus } });
  if (result.ok) return result; // only rejected values can be stale
  const from: BundledCollections = { date: snapshot.date, gpus: snapshot.gpus, cpus: snapshot.cpus };
  const warnings = staleSnapshotWarnings(result, from, stringAt);
  for (let i = 0; i < warnings.length; i++) result.warnings.push(warnings[i] as Warning);
  return result;
}
