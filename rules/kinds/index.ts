// Every rule kind, one module each. The rules file may use exactly these kinds.

import { RulesError } from "../errors.js";
import type { RuleKind } from "../types.js";
import { commandConsistent } from "./command-consistent.js";
import { enumWhen } from "./enum-when.js";
import { exactlyOne } from "./exactly-one.js";
import { expression } from "./expression.js";
import { forbiddenTogether } from "./forbidden-together.js";
import { forbiddenWhen } from "./forbidden-when.js";
import { inCatalogRange } from "./in-catalog-range.js";
import { monotonic } from "./monotonic.js";
import { powerOfTwo } from "./power-of-two.js";
import { requires } from "./requires.js";
import { subsetOfCatalog } from "./subset-of-catalog.js";
import { templateExists } from "./template-exists.js";
import { templateMatches } from "./template-matches.js";

export const ruleKinds: readonly RuleKind[] = [
  exactlyOne,
  forbiddenTogether,
  requires,
  forbiddenWhen,
  enumWhen,
  subsetOfCatalog,
  powerOfTwo,
  inCatalogRange,
  commandConsistent,
  templateExists,
  templateMatches,
  monotonic,
  expression,
] as unknown as readonly RuleKind[];

export function ruleKind(kind: string): RuleKind {
  const found = ruleKinds.find((k) => k.kind === kind);
  if (!found) throw new RulesError("unknown-rule-kind", `unknown rule kind ${JSON.stringify(kind)}`);
  return found;
}
