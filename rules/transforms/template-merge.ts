// Template merge (spec, Create rules 3, 5, 6): container settings come from the body, from the
// template, or both; body fields win, except `mergeByKey` fields (env), merged key by key.
// Fields not listed (startSsh, startJupyter) are ignored.

import { code } from "../codegen.js";
import { findTemplate } from "../../engine/evaluate.js";
import { templateMerge as merge } from "../../engine/merge.js";
import { formatPointer, getAt, parsePointer } from "../../engine/pointer.js";
import type { Pointer, StageKind, StageSpec } from "../types.js";
import { plainAt, pointer } from "../kinds/shared.js";

type TemplateMerge = StageSpec & { from: Pointer; fields: string[]; mergeByKey?: string[] };

export const templateMerge: StageKind<TemplateMerge> = {
  kind: "templateMerge",
  params: {
    properties: { from: pointer, fields: { type: "array", minItems: 1, items: { type: "string" } }, mergeByKey: { type: "array", items: { type: "string" } } },
    required: ["from", "fields"],
  },
  targets: (stage) => [stage.from, ...stage.fields.map((field) => `/${field}`)],
  apply: (stage, subject) =>
    merge(subject.resolved, findTemplate(subject.context, getAt(subject.input, parsePointer(stage.from))), stage.fields, stage.mergeByKey ?? []),
  // Without a template (the usual body) the stage is one look-up: its field lists are built only
  // when there is a template to merge (findTemplate reads plain data: asking twice is asking once).
  emit: (stage) => {
    const template = code`rt.findTemplate(subject.context, ${plainAt(stage.from, code`subject.input`)})`;
    return code`${template} === undefined ? subject.resolved : rt.templateMerge(subject.resolved, ${template}, ${stage.fields}, ${stage.mergeByKey ?? []})`;
  },
  writes: (stage) => stage.fields.map((field) => ({ pointer: formatPointer([field]), guard: [{ present: stage.from }] })),
  explain: (stage) =>
    `fields ${stage.fields.map((field) => `\`${field}\``).join(", ")} come from the template named by \`${stage.from}\` when the body omits them` +
    (stage.mergeByKey?.length ? `; ${stage.mergeByKey.map((field) => `\`${field}\``).join(", ")} merged key by key, body winning` : ""),
};
