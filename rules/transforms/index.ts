// Every stage kind (transform), one module each, in no particular order: the rules file orders stages.

import { RulesError } from "../errors.js";
import type { StageKind } from "../types.js";
import { defaults } from "./defaults.js";
import { patchMerge } from "./patch-merge.js";
import { seedFromTemplate } from "./seed-from-template.js";
import { templateMerge } from "./template-merge.js";

export const stageKinds: readonly StageKind[] = [patchMerge, templateMerge, seedFromTemplate, defaults] as unknown as readonly StageKind[];

export function stageKind(kind: string): StageKind {
  const found = stageKinds.find((k) => k.kind === kind);
  if (!found) throw new RulesError("unknown-stage-kind", `unknown stage kind ${JSON.stringify(kind)}`);
  return found;
}
