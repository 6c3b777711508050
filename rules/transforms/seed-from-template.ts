// A template field seeding a body field (spec, Create rule 4: the template's
// allowedCudaVersions seeds gpu.allowedCudaVersions only on a GPU create, only when the body
// omits it, and not when the body sets gpu.minCudaVersion).

import { code } from "../codegen.js";
import { describeCondition, emitCondition, holds } from "../condition.js";
import { conditionFacts } from "../json-schema.js";
import { findTemplate } from "../../engine/evaluate.js";
import { getAt, parsePointer, setAt } from "../../engine/pointer.js";
import { clone, isPresent } from "../../engine/values.js";
import type { Condition, Pointer, StageKind, StageSpec } from "../types.js";
import { at, condition, plainAt, pointer } from "../kinds/shared.js";

type SeedFromTemplate = StageSpec & { template: Pointer; from: Pointer; to: Pointer; when: Condition };

export const seedFromTemplate: StageKind<SeedFromTemplate> = {
  kind: "seedFromTemplate",
  params: { properties: { template: pointer, from: pointer, to: pointer, when: condition }, required: ["template", "from", "to", "when"] },
  targets: (stage) => [stage.template, stage.to],
  apply(stage, subject) {
    const t = findTemplate(subject.context, getAt(subject.input, parsePointer(stage.template)));
    const value = getAt(t, parsePointer(stage.from));
    if (!isPresent(value) || !holds(stage.when, subject.resolved)) return subject.resolved;
    return setAt(subject.resolved, parsePointer(stage.to), clone(value));
  },
  // Without a template (the usual body) the stage is one look-up and makes no function. The
  // subject is the function's parameter, not a capture: a closure over the check's `s` would
  // make V8 allocate a context for it on every call, template or not.
  emit: (stage) => {
    const template = code`rt.findTemplate(subject.context, ${plainAt(stage.template, code`subject.input`)})`;
    return code`${template} === undefined ? subject.resolved : ((value: unknown, subject: rt.Subject) => rt.isPresent(value) && ${emitCondition(stage.when, code`subject.resolved`)}
    ? rt.setAt(subject.resolved, ${parsePointer(stage.to)}, rt.clone(value))
    : subject.resolved)(${at(stage.from, template)}, subject)`;
  },
  writes: (stage) => [{ pointer: stage.to, guard: [{ present: stage.template }, ...conditionFacts(stage.when)] }],
  explain: (stage) => `the template's \`${stage.from}\` seeds \`${stage.to}\` when ${describeCondition(stage.when)}`,
};
