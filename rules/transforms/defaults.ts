// Defaults (spec, Limits): set where the body leaves a field out, each under an optional condition.

import { Code, code, join } from "../codegen.js";
import { conditionPointers, describeCondition, emitCondition, holds } from "../condition.js";
import { conditionFacts } from "../json-schema.js";
import { withDefault } from "../../engine/merge.js";
import { parsePointer } from "../../engine/pointer.js";
import type { Condition, Pointer, StageKind, StageSpec } from "../types.js";
import { at, condition, insideSubject, plainAt, pointer } from "../kinds/shared.js";

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
  targets: (stage) => stage.values.flatMap((setting) => [setting.path, ...(setting.when ? conditionPointers(setting.when) : [])]),
  apply: (stage, subject) =>
    stage.values.reduce(
      (body, setting) => (setting.when === undefined || holds(setting.when, body) ? withDefault(body, setting.path, setting.value) : body),
      subject.resolved,
    ),
  emit(stage) {
    const steps = stage.values.map((setting) => {
      // The same test set() makes first, as a chain of reads: a default already there costs no call.
      const segments = parsePointer(setting.path);
      const last = segments.at(-1);
      const fresh = setting.value !== null && typeof setting.value === "object" ? code`rt.clone(${setting.value})` : code`${setting.value}`;
      // A named store into the parent Defaulter.parent() hands out (a `__proto__` key goes
      // through put(), which keeps it a data property).
      const store =
        last === undefined || last === "__proto__"
          ? code`d.put(${segments}, ${setting.value});`
          : code`{
    const o = d.parent(${segments.slice(0, -1)});
    if (o !== undefined) o[${last}] = ${fresh};
  }`;
      const set = code`if (${plainAt(setting.path, code`d.body`)} === undefined) ${store}`;
      return setting.when === undefined ? set : code`if (${emitCondition(setting.when, code`d.body`)}) ${set}`;
    });
    const generic = code`((d: rt.Defaulter) => {
  ${join(steps, "\n  ")}
  return d.body;
})(new rt.Defaulter(subject.resolved, subject.owned === true))`;
    const inPlace = emitInPlace(stage);
    return inPlace === undefined
      ? generic
      : code`${inPlace.test}
  ? ${inPlace.apply}
  : ${generic}`;
  },
  // A default is written only where the value is missing.
  writes: (stage) =>
    stage.values.map((setting) => ({ pointer: setting.path, guard: [{ absent: setting.path }, ...(setting.when ? conditionFacts(setting.when) : [])] })),
  explain: (stage) =>
    stage.values
      .map((setting) => `\`${setting.path}\` = ${JSON.stringify(setting.value)}${setting.when ? ` when ${describeCondition(setting.when)}` : ""}`)
      .join("; "),
};

/**
 * Emitted: whether the stage could set anything on `subject.resolved` (some default's condition holds
 * and its field is absent). False means the stage returns the body unchanged: each default
 * sees the body the previous one left, and none of them wrote. The compiled engine asks this
 * before it makes `resolved` lazy (docs/engine.md).
 */
export function defaultsPending(stage: Defaults): Code {
  const body = code`subject.resolved`;
  return join(
    stage.values.map((setting) => {
      const absent = code`${at(setting.path, body)} === undefined`;
      return setting.when === undefined ? code`(${absent})` : code`(${emitCondition(setting.when, body)} && ${absent})`;
    }),
    " || ",
  );
}

/**
 * Emitted: the stage for a body that is the caller's own plain JSON data (`subject.owned` and
 * `subject.plain`: lint's parsed body) whose root is an object, with Object.prototype holding none of
 * the paths' keys: each default a named load and, where absent, a named store into the body
 * itself, parents created as the Defaulter creates them. The Defaulter's calls, path arrays and
 * keyed stores cost several times more (docs/engine.md), and lint runs this on every body that
 * leaves a default out. The same writes as the Defaulter in place: a parent that is there but
 * not an object (an array, a string, null) stops the default, as `parent()` does. Undefined (no
 * fast form) when a path is the root or holds `__proto__`.
 */
function emitInPlace(stage: Defaults): { test: Code; apply: Code } | undefined {
  const paths = stage.values.map((setting) => parsePointer(setting.path));
  if (paths.some((segments) => segments.length === 0 || segments.includes("__proto__"))) return undefined;
  const keys = [...new Set(paths.flat())];
  const guards = join(
    keys.map((key) => code`!(${key} in Object.prototype)`),
    " && ",
  );
  // The body: plain JSON data (the test below), so the conditions read it with named loads too.
  const body = insideSubject(code`b`);
  // Defaults in a row with no condition and one parent share its look-up (workers.min, .max).
  const groups: { when?: Condition; parent: readonly string[]; leaves: { key: string; fresh: Code }[] }[] = [];
  stage.values.forEach((setting, i) => {
    const segments = paths[i] as readonly string[];
    const parent = segments.slice(0, -1);
    const fresh = setting.value !== null && typeof setting.value === "object" ? code`rt.clone(${setting.value})` : code`${setting.value}`;
    const leaf = { key: segments[segments.length - 1] as string, fresh };
    const last = groups[groups.length - 1];
    if (setting.when === undefined && last !== undefined && last.when === undefined && last.parent.join("/") === parent.join("/")) last.leaves.push(leaf);
    else groups.push({ ...(setting.when === undefined ? {} : { when: setting.when }), parent, leaves: [leaf] });
  });
  const steps = groups.map(({ when, parent, leaves }) => {
    // From the innermost parent outwards: the stores, then each parent made where it is absent.
    // p0 is the body (an object); each deeper parent is tested, as it may be anything.
    const inner = new Code(`p${parent.length}`);
    const stores = join(
      leaves.map(({ key, fresh }) => code`if (${inner}[${key}] === undefined) ${inner}[${key}] = ${fresh};`),
      "\n",
    );
    let store =
      parent.length === 0
        ? stores
        : code`if (rt.isObject(${inner})) {
  ${stores}
}`;
    for (let j = parent.length; j >= 1; j--) {
      const outer = new Code(`p${j - 1}`);
      const child = new Code(`p${j}`);
      const key = parent[j - 1] as string;
      const made = code`{
  let ${child}: unknown = ${outer}[${key}];
  if (${child} === undefined) {
    ${child} = {};
    ${outer}[${key}] = ${child};
  }
  ${store}
}`;
      store = j === 1 ? made : code`if (rt.isObject(${outer})) ${made}`;
    }
    const set = code`{
  const p0 = b;
  ${store}
}`;
    return when === undefined ? set : code`if (${emitCondition(when, body)}) ${set}`;
  });
  return {
    test: code`(subject.owned === true && subject.plain === true && rt.isObject(subject.resolved) && ${guards})`,
    apply: code`((b: Record<string, unknown>) => {
  ${join(steps, "\n  ")}
  return b;
})(subject.resolved as Record<string, unknown>)`,
  };
}
