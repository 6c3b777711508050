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
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);

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
    if (Array.isArray(schema[key])) for (const subschema of schema[key] as unknown[]) out.push(...expand(subschema, defs, seen));
  }
  for (const key of ["then", "else"]) out.push(...expand(schema[key], defs, seen));
  return out;
}

export function pointerExists(schema: JsonSchema, pointer: string, defs: Record<string, JsonSchema>): boolean {
  let level: Obj[] = expand(schema, defs);
  for (const segment of parsePointer(pointer)) {
    const next: unknown[] = [];
    for (const node of level) {
      if (segment === "*" || /^\d+$/.test(segment)) {
        if (isObj(node.items)) next.push(node.items);
        if (Array.isArray(node.prefixItems)) next.push(...(node.prefixItems as unknown[]));
      } else if (isObj(node.properties) && Object.hasOwn(node.properties, segment)) next.push(node.properties[segment]);
    }
    level = next.flatMap((node) => expand(node, defs));
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
    ...rules.stages.map((stage, i) => ({ id: stage.id, ops: stage.operations, pointer: `/stages/${i}`, targets: stageKind(stage.kind).targets(stage) })),
    ...rules.rules.map((rule, i) => ({ id: rule.id, ops: rule.operations, pointer: `/rules/${i}`, targets: ruleKind(rule.kind).targets(rule) })),
  ];
  const merged = new Set(rules.stages.filter((stage) => stage.kind === "patchMerge").flatMap((stage) => stage.operations));
  for (const entry of entries) {
    for (const opId of entry.ops) {
      const op = model.operations.find((operation) => operation.id === opId);
      if (!op) {
        diagnostics.push({
          level: "warning",
          code: "rule-operation-missing",
          message: `${entry.id}: operation ${JSON.stringify(opId)} is not in the document; skipped for it`,
          pointer: entry.pointer,
        });
        continue;
      }
      // A PATCH merged onto the current resource is judged as the whole resource: a field the
      // request cannot send (an endpoint's `type`) is still in the body the rules read.
      const resource = merged.has(opId) ? op.responses.find((response) => /^2\d\d$/.test(response.status) && response.schema)?.schema : undefined;
      const exists = (t: string) =>
        (op.request !== undefined && pointerExists(op.request.schema, t, model.schemas)) ||
        (resource !== undefined && pointerExists(resource, t, model.schemas));
      const missing = entry.targets.filter((t) => !exists(t));
      if (missing.length > 0) {
        skip.add(`${entry.id}@${opId}`);
        diagnostics.push({
          level: "warning",
          code: "rule-target-missing",
          message: `${entry.id}: ${missing.map((target) => JSON.stringify(target)).join(", ")} not in the ${opId} request schema; rule skipped for ${opId}`,
          pointer: entry.pointer,
        });
      }
    }
  }
  return { skip, diagnostics };
}
