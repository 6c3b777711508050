// Which rules and stages apply to a document: an operation must exist and every pointer the
// rule targets must exist in that operation's request schema (or, for an operation whose body is
// merged onto the current resource, in its success response schema). The rest is reported and skipped
// (or, with --rules-strict, fails the run).

import { ruleKind } from "../../rules/kinds/index.js";
import { parsePointer } from "../../engine/pointer.js";
import { stageKind } from "../../rules/transforms/index.js";
import type { RulesFile } from "../../rules/types.js";
import { type ApiModel, type Diagnostic, type JsonSchema, SCHEMAS_ID } from "../../schema-model/model.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The schema and the schemas it is made of (allOf/anyOf/oneOf/then/else, followed through $ref). */
function expand(schema: unknown, defs: Record<string, JsonSchema>, seen = new Set<unknown>()): Obj[] {
  if (!isObj(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out: Obj[] = [schema];
  if (typeof schema.$ref === "string") {
    const prefix = `${SCHEMAS_ID}#/$defs/`;
    if (schema.$ref.startsWith(prefix)) out.push(...expand(defs[schema.$ref.slice(prefix.length)], defs, seen));
  }
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    if (Array.isArray(schema[key])) for (const s of schema[key] as unknown[]) out.push(...expand(s, defs, seen));
  }
  for (const key of ["then", "else"]) out.push(...expand(schema[key], defs, seen));
  return out;
}

export function pointerExists(schema: JsonSchema, pointer: string, defs: Record<string, JsonSchema>): boolean {
  let level: Obj[] = expand(schema, defs);
  for (const segment of parsePointer(pointer)) {
    const next: unknown[] = [];
    for (const s of level) {
      if (segment === "*" || /^\d+$/.test(segment)) {
        if (isObj(s.items)) next.push(s.items);
        if (Array.isArray(s.prefixItems)) next.push(...(s.prefixItems as unknown[]));
      } else if (isObj(s.properties) && Object.hasOwn(s.properties, segment)) next.push(s.properties[segment]);
    }
    level = next.flatMap((s) => expand(s, defs));
    if (level.length === 0) return false;
  }
  return true;
}

export interface Applicability {
  /** Ids of rules and stages to leave out of the engine. */
  skip: Set<string>;
  diagnostics: Diagnostic[];
}

export function applicability(model: ApiModel, rules: RulesFile): Applicability {
  const skip = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const entries = [
    ...rules.stages.map((s, i) => ({ id: s.id, ops: s.operations, pointer: `/stages/${i}`, targets: stageKind(s.kind).targets(s) })),
    ...rules.rules.map((r, i) => ({ id: r.id, ops: r.operations, pointer: `/rules/${i}`, targets: ruleKind(r.kind).targets(r) })),
  ];
  const merged = new Set(rules.stages.filter((s) => s.kind === "patchMerge").flatMap((s) => s.operations));
  for (const e of entries) {
    for (const opId of e.ops) {
      const op = model.operations.find((o) => o.id === opId);
      if (!op) {
        diagnostics.push({
          level: "warning",
          code: "rule-operation-missing",
          message: `${e.id}: operation ${JSON.stringify(opId)} is not in the document; skipped for it`,
          pointer: e.pointer,
        });
        continue;
      }
      // A PATCH merged onto the current resource is judged as the whole resource: a field the
      // request cannot send (an endpoint's `type`) is still in the body the rules read.
      const resource = merged.has(opId) ? op.responses.find((r) => /^2\d\d$/.test(r.status) && r.schema)?.schema : undefined;
      const exists = (t: string) =>
        (op.request !== undefined && pointerExists(op.request.schema, t, model.schemas)) ||
        (resource !== undefined && pointerExists(resource, t, model.schemas));
      const missing = e.targets.filter((t) => !exists(t));
      if (missing.length > 0) {
        skip.add(`${e.id}@${opId}`);
        diagnostics.push({
          level: "warning",
          code: "rule-target-missing",
          message: `${e.id}: ${missing.map((m) => JSON.stringify(m)).join(", ")} not in the ${opId} request schema; rule skipped for ${opId}`,
          pointer: e.pointer,
        });
      }
    }
  }
  return { skip, diagnostics };
}
