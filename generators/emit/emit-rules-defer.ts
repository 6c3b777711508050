// Which stages of an operation can wait until `resolved` is read (docs/engine.md): the trailing
// `defaults` stages whose writes no rule of the operation reads. A default only fills a field
// the body leaves out, so a rule that never reads that field (nor anything inside it, nor the
// presence of a parent the default would create) gives the same verdict without it.

import type { Read } from "../../rules/kinds/shared.js";
import { parsePointer } from "../../engine/pointer.js";
import type { Condition, Pointer, StageSpec } from "../../rules/types.js";

type DefaultValue = { path: Pointer; value: unknown; when?: Condition };

/** How many stages at the end of `stages` no rule reads; `reads` undefined: a rule may read anything. */
export function deferrableStages(stages: readonly StageSpec[], reads: readonly (readonly Read[] | undefined)[]): number {
  if (reads.some((ruleReads) => ruleReads === undefined)) return 0;
  const all = reads.flatMap((ruleReads) => ruleReads ?? []);
  let count = 0;
  for (let i = stages.length - 1; i >= 0; i--) {
    const stage = stages[i] as StageSpec;
    if (stage.kind !== "defaults" || !(stage.values as DefaultValue[]).every((defaultValue) => all.every((read) => !conflicts(defaultValue, read)))) break;
    count++;
  }
  return count;
}

/** Whether a rule's read of the resolved body could see the default `defaultValue` (wildcards match any step). */
function conflicts(defaultValue: DefaultValue, read: Read): boolean {
  const write = parsePointer(defaultValue.path);
  const seen = parsePointer(read.pointer);
  const shared = Math.min(write.length, seen.length);
  for (let i = 0; i < shared; i++) if (seen[i] !== "*" && seen[i] !== write[i]) return false; // apart
  if (seen.length >= write.length) return true; // the default itself, or inside it
  // An ancestor of the default: it may be created (absent -> present) or gain a field. Only a
  // presence read of an ancestor the default requires to be present already is unaffected.
  return !(read.presence && seen.length > 0 && !seen.includes("*") && requiresPresent(defaultValue.when, read.pointer));
}

function requiresPresent(when: Condition | undefined, pointer: Pointer): boolean {
  if (when === undefined) return false;
  if ("present" in when) return when.present === pointer;
  if ("all" in when) return when.all.some((condition) => requiresPresent(condition, pointer));
  return false;
}
