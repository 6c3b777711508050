// Defaults (spec, Limits): set where the body leaves a field out, each under an optional condition.

import { type Code, code, join } from "../codegen.js";
import { conditionPointers, describeCondition, emitCondition, holds } from "../condition.js";
import { conditionFacts } from "../json-schema.js";
import { withDefault } from "../runtime/merge.js";
import { parsePointer } from "../runtime/pointer.js";
import type { Condition, Pointer, StageKind, StageSpec } from "../types.js";
import { at, condition, plainAt, pointer } from "../kinds/shared.js";

type Defaults = StageSpec & { values: { path: Pointer; value: unknown; when?: Condition }[] };

export const defaults: StageKind<Defaults> = {
  kind: "defaults",
  params: {
    properties: {
      values: {
        type: "array",
        minItems: 1,
        items: { type: "object", required: ["path", "value"], properties: { path: pointer, value: true, when: condition }, additionalProperties: false },
      },
    },
    required: ["values"],
  },
  targets: (stage) => stage.values.flatMap((v) => [v.path, ...(v.when ? conditionPointers(v.when) : [])]),
  apply: (stage, s) => stage.values.reduce((body, v) => (v.when === undefined || holds(v.when, body) ? withDefault(body, v.path, v.value) : body), s.resolved),
  emit(stage) {
    const steps = stage.values.map((v) => {
      // The same test set() makes first, as a chain of reads: a default already there costs no call.
      const segments = parsePointer(v.path);
      const last = segments.at(-1);
      const fresh = v.value !== null && typeof v.value === "object" ? code`rt.clone(${v.value})` : code`${v.value}`;
      // A named store into the parent Defaulter.parent() hands out (a `__proto__` key goes
      // through put(), which keeps it a data property).
      const store =
        last === undefined || last === "__proto__"
          ? code`d.put(${segments}, ${v.value});`
          : code`{
    const o = d.parent(${segments.slice(0, -1)});
    if (o !== undefined) o[${last}] = ${fresh};
  }`;
      const set = code`if (${plainAt(v.path, code`d.body`)} === undefined) ${store}`;
      return v.when === undefined ? set : code`if (${emitCondition(v.when, code`d.body`)}) ${set}`;
    });
    return code`((d: rt.Defaulter) => {
  ${join(steps, "\n  ")}
  return d.body;
})(new rt.Defaulter(s.resolved, s.owned === true))`;
  },
  // A default is written only where the value is missing.
  writes: (stage) => stage.values.map((v) => ({ pointer: v.path, guard: [{ absent: v.path }, ...(v.when ? conditionFacts(v.when) : [])] })),
  explain: (stage) => stage.values.map((v) => `\`${v.path}\` = ${JSON.stringify(v.value)}${v.when ? ` when ${describeCondition(v.when)}` : ""}`).join("; "),
};

/**
 * Emitted: whether the stage could set anything on `s.resolved` (some default's condition holds
 * and its field is absent). False means the stage returns the body unchanged: each default
 * sees the body the previous one left, and none of them wrote. The compiled engine asks this
 * before it makes `resolved` lazy (docs/engine.md).
 */
export function defaultsPending(stage: Defaults): Code {
  const body = code`s.resolved`;
  return join(
    stage.values.map((v) => {
      const absent = code`${at(v.path, body)} === undefined`;
      return v.when === undefined ? code`(${absent})` : code`(${emitCondition(v.when, body)} && ${absent})`;
    }),
    " || ",
  );
}
