// PATCH semantics (spec, Update a serverless endpoint, rules 1-4): the patch is applied to the
// current resource; `gpu.pools` and `gpu.excludedTypes` are one selection, replaced together.
// Without a current state the patch alone is checked.

import { code } from "../codegen.js";
import { patchMerge as merge } from "../runtime/merge.js";
import type { Pointer, StageKind, StageSpec } from "../types.js";
import { pointer } from "../kinds/shared.js";

type PatchMerge = StageSpec & { replaceTogether?: Pointer[][] };

export const patchMerge: StageKind<PatchMerge> = {
  kind: "patchMerge",
  params: { properties: { replaceTogether: { type: "array", items: { type: "array", minItems: 2, items: pointer } } }, required: [] },
  targets: (stage) => (stage.replaceTogether ?? []).flat(),
  apply: (stage, s) => (s.context.current === undefined ? s.resolved : merge(s.context.current, s.resolved, stage.replaceTogether ?? [])),
  emit: (stage) => code`s.context.current === undefined ? s.resolved : rt.patchMerge(s.context.current, s.resolved, ${stage.replaceTogether ?? []})`,
  explain: (stage) =>
    "the patch is merged into the current resource (objects field by field, other values replaced)" +
    (stage.replaceTogether?.length ? `; ${stage.replaceTogether.map((g) => g.map((p) => `\`${p}\``).join(" + ")).join("; ")} replaced together` : ""),
};
