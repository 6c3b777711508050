// The literal body of a v2 call through lint (issue 44): the verdict `v2kit lint` gives the same
// body, each violation placed at the key or value its JSON pointer names in the source. Values
// the code fills at run time are not judged: a violation at or below one is dropped, and a
// violation is kept only when the body gives it both with the run-time values as the reader
// wrote them and with those members left out, so that no value the code may send is blamed.

import { parsePointer } from "../engine/pointer.js";
import { problemFor } from "../engine/problem.js";
import { isObject } from "../engine/values.js";
import type { CpuRecord, GpuRecord, TemplateRecord, Violation } from "../engine/types.js";
import { type LintResult, lint } from "../lint/lint.js";
import { endpointTable } from "../migrate/tables/endpoint.js";
import { networkVolumeTable } from "../migrate/tables/network-volume.js";
import { podTable } from "../migrate/tables/pod.js";
import { registryTable } from "../migrate/tables/registry.js";
import { templateTable } from "../migrate/tables/template.js";
import type { MappingTable } from "../migrate/types.js";
import type { SourcePosition, V2Call } from "../migrate/scan/v2-call.js";
import type { OperationModel } from "../schema-model/model.js";
import type { CodeDocument } from "./document.js";

/** What a body check passes on to lint besides the body. */
export interface BodyContext {
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[] } | undefined;
  templates?: TemplateRecord[] | undefined;
}

/** One violation the source is to show, and where. */
export interface PlacedViolation {
  violation: Violation;
  at: SourcePosition;
  /** The member's name as written, when the violation is placed at it (for its range and a rename). */
  name?: { at: SourcePosition; text: string };
  /** A v1 field at the top of the body: its place in v2, from migrate's tables. */
  v1?: { field: string; to: string; note: string; rename: boolean };
}

export interface BodyVerdict {
  status: number;
  rules: string[];
  placed: PlacedViolation[];
}

/** The v1 mapping table of the resource an operation creates or updates (migrate/tables). */
const V1_TABLES: Readonly<Record<string, MappingTable>> = {
  createEndpoint: endpointTable,
  updateEndpoint: endpointTable,
  createPod: podTable,
  updatePod: podTable,
  createTemplate: templateTable,
  updateTemplate: templateTable,
  createNetworkVolume: networkVolumeTable,
  updateNetworkVolume: networkVolumeTable,
  createRegistry: registryTable,
};

/** Schema failures about a value rather than a member: placed at the value. */
const VALUE_RULES = new Set([
  "schema/type",
  "schema/enum",
  "schema/const",
  "schema/format",
  "schema/minimum",
  "schema/maximum",
  "schema/exclusiveMinimum",
  "schema/exclusiveMaximum",
  "schema/multipleOf",
  "schema/minLength",
  "schema/maxLength",
  "schema/pattern",
  "schema/minItems",
  "schema/maxItems",
  "schema/uniqueItems",
  "json/number",
]);

/** Schema failures of a member the schema does not have: where a v1 field name shows. */
const UNKNOWN_MEMBER_RULES = new Set(["schema/additionalProperties", "schema/unevaluatedProperties"]);

/** The rejected verdict on the call's literal body, without what run-time values cause; undefined when lint accepts it. */
export function checkBody(call: V2Call, operation: OperationModel, document: CodeDocument, context: BodyContext): BodyVerdict | undefined {
  const body = call.body;
  if (body === undefined || operation.request === undefined) return undefined;
  const runtime = body.runtime.map((pointer) => parsePointer(pointer));
  if (runtime.some((path) => path.length === 0)) return undefined; // the whole body is made at run time
  const lintBody = (value: unknown): LintResult =>
    lint(value, {
      operation: operation.id,
      ...(document.source === "bundled" ? {} : { engine: document.engine }),
      ...(context.catalog === undefined ? {} : { catalog: context.catalog }),
      ...(context.templates === undefined ? {} : { templates: context.templates }),
    });
  const written = lintBody(body.value);
  if (written.ok) return undefined;
  const atRuntime = (pointer: string) => {
    const path = parsePointer(pointer);
    return runtime.some((prefix) => prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment));
  };
  let violations = written.violations.filter((violation) => !atRuntime(violation.path));
  if (runtime.length > 0 && violations.length > 0) {
    const without = lintBody(withoutMembers(body.value, runtime));
    const also = new Set(without.violations.map((violation) => `${violation.rule} ${violation.path}`));
    violations = violations.filter((violation) => also.has(`${violation.rule} ${violation.path}`));
  }
  if (violations.length === 0) return undefined;
  const table = V1_TABLES[operation.id];
  const placed = violations.map((violation): PlacedViolation => {
    const where = place(call, violation);
    const path = parsePointer(violation.path);
    const field = path[0];
    const mapping = table !== undefined && field !== undefined && path.length === 1 && Object.hasOwn(table, field) ? table[field] : undefined;
    const v1 =
      mapping !== undefined && mapping.to !== null && UNKNOWN_MEMBER_RULES.has(violation.rule) && mapping.to !== `/${field}`
        ? { field: field as string, to: mapping.to, note: mapping.note, rename: mapping.how === "rename" && parsePointer(mapping.to).length === 1 }
        : undefined;
    return { violation, ...where, ...(v1 === undefined ? {} : { v1 }) };
  });
  // The status lint gives these violations: the first one's (engine/problem.ts).
  return { status: problemFor(violations)?.status ?? written.status, rules: [...new Set(violations.map((violation) => violation.rule))], placed };
}

/** Where a violation shows: at its member's value or key, else at the nearest written parent (the literal's opening bracket at the top). */
function place(call: V2Call, violation: Violation): Pick<PlacedViolation, "at" | "name"> {
  const body = call.body as NonNullable<V2Call["body"]>;
  let pointer = violation.path;
  const preferValue = VALUE_RULES.has(violation.rule);
  for (;;) {
    const value = body.values[pointer];
    const key = body.keys[pointer];
    const at = preferValue ? (value ?? key) : (key ?? value);
    if (at !== undefined) {
      const name = body.names?.[pointer];
      return at === key && name !== undefined ? { at, name } : { at };
    }
    if (pointer === "") return { at: call.at };
    pointer = pointer.slice(0, pointer.lastIndexOf("/"));
  }
}

/** A copy of `value` without the members at `paths` (an array's item is taken out, later items move up). */
function withoutMembers(value: unknown, paths: readonly (readonly string[])[]): unknown {
  const copy = structuredClone(value) as unknown;
  // Deepest and last first, so that taking an item out does not move another one still to go.
  const ordered = [...paths].sort((a, b) => b.length - a.length || compareIndexes(b, a));
  for (const path of ordered) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, segment) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined), copy);
    const last = path[path.length - 1] as string;
    if (Array.isArray(parent)) {
      if (/^(0|[1-9]\d*)$/.test(last) && Number(last) < parent.length) parent.splice(Number(last), 1);
    } else if (isObject(parent)) delete parent[last];
  }
  return copy;
}

function compareIndexes(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const left = a[i] as string;
    const right = b[i] as string;
    if (left === right) continue;
    const both = /^\d+$/.test(left) && /^\d+$/.test(right);
    return both ? Number(left) - Number(right) : left < right ? -1 : 1;
  }
  return 0;
}
