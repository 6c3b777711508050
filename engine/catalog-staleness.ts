// The bundled catalog is a dated snapshot (schema/catalog/README.md); the live catalog gains pools,
// types and flavors after it. When a verdict rejects a value that the snapshot does not know, the
// violation stays (the snapshot is all we have), and a warning says the snapshot may be stale and
// how to check against a fresh catalog. In the engine (and so in every generated runtime/): lint
// and the generated check() (snapshot.ts) give the same warnings.

import { parsePointer } from "./pointer.js";
import type { CheckResult, CpuRecord, GpuRecord, Violation, Warning } from "./types.js";

export interface BundledCollections {
  /** The collections that came from the bundled snapshot (not from --catalog / --live). */
  gpus?: GpuRecord[];
  cpus?: CpuRecord[];
  /** The snapshot's date, YYYY-MM-DD. */
  date: string;
}

export const STALE_SNAPSHOT_RULE = "catalog/stale-snapshot";

/** Body fields under `gpu…`/`cpu…` whose values are catalog identifiers (pools, GPU types, CPU flavors). */
const CATALOG_ID_FIELDS = new Set(["id", "pools", "excludedTypes", "gpuTypeIds", "gpuTypeId", "types"]);

const gpuIds = (gpu: GpuRecord): string[] => (typeof gpu.pool === "string" ? [gpu.id, gpu.pool] : [gpu.id]);
const cpuIds = (cpu: CpuRecord): string[] => [cpu.id];

// The snapshot's arrays live as long as the process: their id sets are built once, not per violation.
const idSets = new WeakMap<readonly object[], Set<string>>();

function idsOf<R extends object>(records: readonly R[], ids: (r: R) => string[]): Set<string> {
  let set = idSets.get(records);
  if (set === undefined) {
    set = new Set(records.flatMap(ids));
    idSets.set(records, set);
  }
  return set;
}

/** Where a rejected value may be a catalog id: its pointer's segments and the collection it would be from. */
interface IdField {
  segments: readonly string[];
  gpu: boolean;
}

/**
 * The field of a violation's path when it may hold a catalog id, by where it sits in the body
 * (`gpu…` holds GPU type and pool ids, `cpu…` CPU flavor ids, and the last named field is one of
 * CATALOG_ID_FIELDS: a CUDA version under `gpu` is no catalog id), else null. Remembered per path,
 * as the bodies of a run fail at the same few paths (bounded: ever-new paths start it over).
 */
function idField(path: string): IdField | null {
  // Most violations sit elsewhere: told apart by their first characters, before a look-up hashes the path.
  // `/gpu` or `/cpu` itself (exactly-one rules) names no identifier field: no look-up either.
  // Character codes, not startsWith: V8 does not inline startsWith with a constant (~20 ns a call).
  if (path.length <= 5 || path.charCodeAt(0) !== SLASH || path.charCodeAt(4) !== SLASH || path.charCodeAt(2) !== CHAR_P || path.charCodeAt(3) !== CHAR_U)
    return null;
  const first = path.charCodeAt(1);
  if (first !== CHAR_G && first !== CHAR_C) return null;
  const gpu = first === CHAR_G;
  let field = idFields.get(path);
  if (field === undefined) {
    const segments = parsePointer(path);
    const key = [...segments].reverse().find((segment) => !/^\d+$/.test(segment)); // the field, not an array index
    field = key !== undefined && CATALOG_ID_FIELDS.has(key) ? { segments, gpu } : null;
    if (idFields.size >= 1024) idFields.clear();
    idFields.set(path, field);
  }
  return field;
}

const idFields = new Map<string, IdField | null>();

/** Character codes of "/", "g", "c", "p", "u", "s", "j". */
const SLASH = 0x2f;
const CHAR_G = 0x67;
const CHAR_C = 0x63;
const CHAR_P = 0x70;
const CHAR_U = 0x75;
const CHAR_S = 0x73;
const CHAR_J = 0x6a;

/** Rules whose rejections never name a catalog value: the schema's (`schema/…`) and the text's (`json/…`). */
function notCatalogRule(rule: string): boolean {
  const first = rule.charCodeAt(0);
  return (first === CHAR_S && rule.startsWith("schema/")) || (first === CHAR_J && rule.startsWith("json/"));
}

/** The string at a path of the verdict's `resolved` (a property walk), or undefined. */
export type StringAt = (result: CheckResult, path: readonly string[]) => string | undefined;

function resolvedStringAt(result: CheckResult, path: readonly string[]): string | undefined {
  let node = result.resolved;
  for (let i = 0; i < path.length; i++) {
    // indexed: `path` is a frozen array (parsePointer), whose iterator V8 does not elide
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[path[i] as string];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * One warning per violation whose rejected string value the bundled snapshot does not know.
 * `stringAt` reads the value; the compiled engine's own (engine/verdict.ts) answers
 * without computing a lazy `resolved` where it cannot change the answer.
 */
export function staleSnapshotWarnings(result: CheckResult, bundled: BundledCollections, stringAt: StringAt = resolvedStringAt): readonly Warning[] {
  if (result.ok || (bundled.gpus === undefined && bundled.cpus === undefined)) return NONE;
  let out: Warning[] | undefined;
  const violations = result.violations;
  for (let i = 0; i < violations.length; i++) {
    const violation = violations[i] as Violation;
    if (notCatalogRule(violation.rule)) continue;
    const field = idField(violation.path);
    if (field === null) continue;
    // The identifiers the bundled collection holds (none when it came from elsewhere), before
    // `resolved` is read: it may be computed on demand.
    const known = field.gpu ? bundled.gpus && idsOf(bundled.gpus, gpuIds) : bundled.cpus && idsOf(bundled.cpus, cpuIds);
    if (known === undefined) continue;
    const value = stringAt(result, field.segments);
    if (value === undefined || known.has(value.trim())) continue;
    (out ??= []).push({
      rule: STALE_SNAPSHOT_RULE,
      path: violation.path,
      message:
        `${JSON.stringify(value)} is unknown to the bundled catalog snapshot of ${bundled.date}, which may be stale: ` +
        "check against the live catalog with `--catalog <saved /v2/catalog response>`, `--live`, or `v2kit context pull`",
    });
  }
  return out ?? NONE;
}

/** What most verdicts get: no warnings (frozen, as it is shared). */
const NONE: readonly Warning[] = Object.freeze([]);
