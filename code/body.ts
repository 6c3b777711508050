// The literal body of a v2 call through lint (issue 44): the verdict `v2kit lint` gives the same
// body, each violation placed at the key or value its JSON pointer names in the source. Values
// the code fills at run time are not judged: a violation at or below one is dropped, and a
// violation is kept only when the body gives it both with the run-time values as the reader
// wrote them, with those members left out, and with each a distinct value, so that no value the
// code may send is blamed.

import { parsePointer } from "../engine/pointer.js";
import { problemFor } from "../engine/problem.js";
import { resolveOperation } from "../engine/evaluate.js";
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
  // An operation whose body the engine does not hold (none in a document and its own engine) is not judged.
  if (resolveOperation(document.engine, operation.id) === undefined) return undefined;
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
  let violations = written.violations.filter((violation) => !readsRuntime(violation, runtime));
  // Two more bodies the code may send: without the run-time members, and with each one a value
  // of its own (two placeholders the reader wrote alike are not duplicate items).
  for (const variant of runtime.length === 0 ? [] : [withoutMembers(body.value, runtime), withDistinctValues(body.value, runtime)]) {
    if (violations.length === 0) break;
    const also = new Set(lintBody(variant).violations.map((violation) => `${violation.rule} ${violation.path}`));
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

/** Violations about a member itself, not its value: they do not depend on the values below it. */
const MEMBER_RULES = new Set(["schema/required", "schema/additionalProperties", "schema/unevaluatedProperties"]);

/**
 * Whether a violation may depend on a value filled at run time: its pointer is at, below or
 * (unless it is about the member itself) above one; or, for a rule of the rules file, a field
 * its message names (`/gpu/pools`, `gpu.allowedCudaVersions`, `cpu[].id`) is.
 */
function readsRuntime(violation: Violation, runtime: readonly (readonly string[])[]): boolean {
  const path = parsePointer(violation.path);
  const member = MEMBER_RULES.has(violation.rule);
  if (runtime.some((pointer) => isPrefix(pointer, path) || (!member && isPrefix(path, pointer)))) return true;
  if (violation.rule.includes("/")) return false; // schema/… and json/…: the pointer is the whole story
  const named = fieldsNamed(violation.message);
  return runtime.some((pointer) => named.some((field) => isPrefix(pointer, field) || isPrefix(field, pointer)));
}

/** Whether `prefix` is `path` or above it, `*` standing for any one segment on either side. */
function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i] || segment === "*" || path[i] === "*");
}

/** The fields a rule's message names in backticks, as paths: `/gpu/pools`; `gpu.minCudaVersion`; `cpu[].id` (its `[]` any item). */
function fieldsNamed(message: string): string[][] {
  const fields: string[][] = [];
  for (const [, token] of message.matchAll(/`([^`]+)`/g)) {
    if (token === undefined) continue;
    if (token.startsWith("/")) fields.push([...parsePointer(token)]);
    else if (/^[A-Za-z_]\w*(\[\])?(\.[A-Za-z_]\w*(\[\])?)*$/.test(token)) fields.push(token.replace(/\[\]/g, ".*").split("."));
  }
  return fields;
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

/** A copy of `value` with a distinct string at each of `paths`. */
function withDistinctValues(value: unknown, paths: readonly (readonly string[])[]): unknown {
  const copy = structuredClone(value) as unknown;
  paths.forEach((path, index) => {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, segment) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined), copy);
    if (isObject(parent) || Array.isArray(parent)) (parent as Record<string, unknown>)[path[path.length - 1] as string] = `run-time value ${index + 1}`;
  });
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
