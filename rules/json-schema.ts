// Rules as JSON Schema, where JSON Schema can say exactly what the engine checks: for
// `v2kit schema`, the editors' own validation. A kind that can says so with `jsonSchema`
// (rules/types.ts); the builders here give the engine's meanings:
//   present  = the value at the pointer is neither missing nor null (values.ts isPresent)
//   nonEmpty = present, and not "", [] or {} (isNonEmpty)
//   equals   = deep equality with the value at the pointer (a missing value equals nothing)
// A rule is checked on the resolved body (after PATCH merge, template merge, defaults); the
// exported schema checks the request: rules/exact-rules.ts keeps only the rules whose verdict the
// operation's stages cannot change.

import { parsePointer } from "../engine/pointer.js";
import type { Condition, Pointer } from "./types.js";

export type Schema = Record<string, unknown>;

/** A pointer a rule reads; `presence` when only whether it is present matters, not its value. */
export interface Read {
  pointer: Pointer;
  presence: boolean;
}

/** Something that holds whenever a rule fails, or whenever a stage writes. */
export type Fact = { present: Pointer } | { absent: Pointer };

export interface RuleAsSchema {
  /** Valid exactly when the rule finds nothing (on a body no stage changed). */
  schema: Schema;
  /** What the rule reads of the resolved body (fields read from the request are left out). */
  reads: Read[];
  /** Facts true of any body the rule fails on. */
  facts: Fact[];
}

/** A pointer a stage may write, and facts true whenever it does. */
export interface Write {
  pointer: Pointer;
  guard: Fact[];
}

const NOT_NULL: Schema = { not: { type: "null" } };
const EMPTY: Schema = { anyOf: [{ type: "null" }, { const: "" }, { type: "array", maxItems: 0 }, { type: "object", maxProperties: 0 }] };

/** Segments of a pointer the builders take: no array index (a JSON Schema would need two forms). */
function segmentsOf(pointer: Pointer, wildcard: boolean): readonly string[] | undefined {
  const segments = parsePointer(pointer);
  if (segments.some((segment) => /^(0|[1-9][0-9]*)$/.test(segment) || (segment === "*" && !wildcard))) return undefined;
  return segments;
}

/** Valid when the value at `pointer` exists and is valid against `leaf`. */
function existsAnd(pointer: Pointer, leaf: Schema): Schema | undefined {
  const segments = segmentsOf(pointer, false);
  if (segments === undefined || segments.length === 0) return undefined;
  return segments.reduceRight<Schema>((inner, name) => ({ type: "object", required: [name], properties: { [name]: inner } }), leaf);
}

/** Valid when every value `pointer` matches (`*`: each array item) is valid against `leaf`; none is fine. */
function eachMatch(pointer: Pointer, leaf: Schema): Schema | undefined {
  const segments = segmentsOf(pointer, true);
  if (segments === undefined || segments.length === 0) return undefined;
  return segments.reduceRight<Schema>((inner, name) => (name === "*" ? { items: inner } : { properties: { [name]: inner } }), leaf);
}

export const present = (pointer: Pointer) => existsAnd(pointer, NOT_NULL);
export const nonEmpty = (pointer: Pointer) => existsAnd(pointer, { not: EMPTY });
/** Nothing `pointer` matches is present (missing or null). */
export const absent = (pointer: Pointer) => eachMatch(pointer, { type: "null" });
/** The value at `pointer` (no `*`), where present, is one of `allowed`. */
export const oneOfWherePresent = (pointer: Pointer, allowed: unknown[]) =>
  pointer.split("/").includes("*") ? undefined : eachMatch(pointer, { anyOf: [{ enum: allowed }, { type: "null" }] });

/** `all` of a list of schemas, or undefined when any is. */
export function every(schemas: (Schema | undefined)[]): Schema[] | undefined {
  return schemas.some((schema) => schema === undefined) ? undefined : (schemas as Schema[]);
}

export function conditionSchema(cond: Condition): Schema | undefined {
  if ("all" in cond) {
    const all = every(cond.all.map(conditionSchema));
    return all && { allOf: all };
  }
  if ("any" in cond) {
    const any = every(cond.any.map(conditionSchema));
    return any && { anyOf: any };
  }
  if ("not" in cond) {
    const inner = conditionSchema(cond.not);
    return inner && { not: inner };
  }
  if ("present" in cond) return present(cond.present);
  if ("absent" in cond) {
    const presentSchema = present(cond.absent);
    return presentSchema && { not: presentSchema };
  }
  if ("nonEmpty" in cond) return nonEmpty(cond.nonEmpty);
  if ("equals" in cond) return existsAnd(cond.path, { const: cond.equals });
  return existsAnd(cond.path, { enum: cond.in });
}

export function conditionReads(cond: Condition): Read[] {
  if ("all" in cond) return cond.all.flatMap(conditionReads);
  if ("any" in cond) return cond.any.flatMap(conditionReads);
  if ("not" in cond) return conditionReads(cond.not);
  if ("present" in cond) return [{ pointer: cond.present, presence: true }];
  if ("absent" in cond) return [{ pointer: cond.absent, presence: true }];
  if ("nonEmpty" in cond) return [{ pointer: cond.nonEmpty, presence: false }];
  return [{ pointer: cond.path, presence: false }];
}

/** Facts that hold whenever `cond` does: its present/absent atoms, alone or in a top-level `all`. */
export function conditionFacts(cond: Condition): Fact[] {
  if ("all" in cond) return cond.all.flatMap(conditionFacts);
  if ("present" in cond) return [{ present: cond.present }];
  if ("absent" in cond) return [{ absent: cond.absent }];
  if ("nonEmpty" in cond) return [{ present: cond.nonEmpty }];
  if ("equals" in cond && cond.equals !== null) return [{ present: cond.path }];
  return [];
}
