// PATCH semantics (spec, Update a serverless endpoint, rules 1-5): the patch is applied to the
// current resource; `replaceTogether` groups (`gpu.pools` + `gpu.excludedTypes`) are one
// selection, replaced together; `clears` fields sent empty (`""`, `[]`) are removed, as Update
// rule 5 says of `args`/`cmd`/`entrypoint`. Without a current state the patch alone is checked.

import { code } from "../codegen.js";
import { patchMerge as merge } from "../../engine/merge.js";
import type { Pointer, StageKind, StageSpec } from "../types.js";
import { pointer } from "../kinds/shared.js";

type PatchMerge = StageSpec & { replaceTogether?: Pointer[][]; clears?: Pointer[] };

export const patchMerge: StageKind<PatchMerge> = {
  kind: "patchMerge",
  params: {
    properties: {
      replaceTogether: { type: "array", items: { type: "array", minItems: 2, items: pointer } },
      clears: { type: "array", minItems: 1, items: pointer },
    },
    required: [],
  },
  targets: (stage) => [...(stage.replaceTogether ?? []).flat(), ...(stage.clears ?? [])],
  apply: (stage, subject) => merge(subject.context.current, subject.resolved, stage.replaceTogether ?? [], stage.clears ?? []),
  emit: (stage) => code`rt.patchMerge(subject.context.current, subject.resolved, ${stage.replaceTogether ?? []}, ${stage.clears ?? []})`,
  explain: (stage) =>
    "the patch is merged into the current resource (objects field by field, other values replaced)" +
    (stage.replaceTogether?.length
      ? `; ${stage.replaceTogether.map((group) => group.map((fieldPath) => `\`${fieldPath}\``).join(" + ")).join("; ")} replaced together`
      : "") +
    (stage.clears?.length ? `; ${stage.clears.map((fieldPath) => `\`${fieldPath}\``).join(", ")} sent empty (\`""\`, \`[]\`) clear the field` : ""),
};
