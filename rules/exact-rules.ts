// Which rules of an operation `v2kit schema` can state as JSON Schema: those with a JSON Schema
// form (rules/json-schema.ts) whose verdict no stage of the operation can change, since the
// exported schema checks the request and the engine the resolved body. The others are named.

import { ruleKind } from "./kinds/index.js";
import type { Fact, RuleAsSchema, Schema, Write } from "./json-schema.js";
import { parsePointer } from "../engine/pointer.js";
import { stageKind } from "./transforms/index.js";
import type { Pointer, RulesFile, RuleSpec, StageSpec } from "./types.js";

/** -1: `a` is above `b` (or equal: 0), 1: below, undefined: apart. `*` matches any segment. */
function relation(a: Pointer, b: Pointer): -1 | 0 | 1 | undefined {
  const x = parsePointer(a);
  const y = parsePointer(b);
  const common = Math.min(x.length, y.length);
  for (let i = 0; i < common; i++) if (x[i] !== y[i] && x[i] !== "*" && y[i] !== "*") return undefined;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

const contradict = (a: Fact[], b: Fact[]) =>
  a.some((fact) =>
    b.some(
      (other) =>
        ("present" in fact && "absent" in other && fact.present === other.absent) || ("absent" in fact && "present" in other && fact.absent === other.present),
    ),
  );

/**
 * Why a write can change what a rule reads, or undefined when it cannot: never when the write's
 * guard contradicts the rule's failure (it happens only on bodies the rule passes, before and
 * after); a write below a presence read only when its guard does not already require that
 * presence (it may create the parent).
 */
function conflict(write: Write, rule: RuleAsSchema): string | undefined {
  if (contradict(write.guard, rule.facts)) return undefined;
  for (const read of rule.reads) {
    const placement = relation(write.pointer, read.pointer);
    if (placement === undefined) continue;
    if (placement === 1 && read.presence && write.guard.some((fact) => "present" in fact && (relation(fact.present, read.pointer) ?? -1) >= 0)) continue;
    return `a stage may write \`${write.pointer || "/"}\` before the rule reads \`${read.pointer}\``;
  }
  return undefined;
}

export interface RuleVerdict {
  rule: RuleSpec;
  /** The rule as JSON Schema, when it is exactly that on the request body. */
  schema?: Schema;
  /** Why not, when it is not. */
  reason?: string;
}

/** Each rule of `operation`, as JSON Schema where that is exact, else with the reason it is not. */
export function exactRules(rules: RulesFile, operation: string): RuleVerdict[] {
  const stages = rules.stages.filter((stage) => stage.operations.includes(operation));
  const writes = stages.flatMap((stage: StageSpec) => {
    const kind = stageKind(stage.kind);
    return kind.writes ? kind.writes(stage).map((write) => ({ ...write, stage: stage.id })) : [{ pointer: "", guard: [], stage: stage.id }];
  });
  return rules.rules
    .filter((rule) => rule.operations.includes(operation))
    .map((rule): RuleVerdict => {
      if (rule.needs !== undefined && rule.needs.length > 0) return { rule, reason: `needs the ${rule.needs.join(" and ")}` };
      const asSchema = ruleKind(rule.kind).jsonSchema?.(rule);
      if (asSchema === undefined) return { rule, reason: `a ${rule.kind} rule has no JSON Schema form` };
      for (const write of writes) {
        const why = conflict(write, asSchema);
        if (why !== undefined) return { rule, reason: `${why} (stage ${write.stage})` };
      }
      return { rule, schema: asSchema.schema };
    });
}
