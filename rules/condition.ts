// `when` clauses: evaluated by the interpreter, emitted as code for the compiled engine,
// and made true or false by the example generators.

import { type Code, code, join } from "./codegen.js";
import { at as atPointer, presentAt } from "./kinds/shared.js";
import { getAt, parsePointer, removeAt, setAt } from "../engine/pointer.js";
import { deepEqual, isNonEmpty, isPresent } from "../engine/values.js";
import type { Condition, ExampleEnv, Pointer } from "./types.js";

export const conditionSchema = {
  $id: "#condition",
  oneOf: [
    { type: "object", required: ["path", "equals"], properties: { path: { $ref: "#/$defs/pointer" }, equals: true }, additionalProperties: false },
    {
      type: "object",
      required: ["path", "in"],
      properties: { path: { $ref: "#/$defs/pointer" }, in: { type: "array", minItems: 1 } },
      additionalProperties: false,
    },
    { type: "object", required: ["present"], properties: { present: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    { type: "object", required: ["absent"], properties: { absent: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    { type: "object", required: ["nonEmpty"], properties: { nonEmpty: { $ref: "#/$defs/pointer" } }, additionalProperties: false },
    {
      type: "object",
      required: ["all"],
      properties: { all: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
      additionalProperties: false,
    },
    {
      type: "object",
      required: ["any"],
      properties: { any: { type: "array", minItems: 1, items: { $ref: "#/$defs/condition" } } },
      additionalProperties: false,
    },
    { type: "object", required: ["not"], properties: { not: { $ref: "#/$defs/condition" } }, additionalProperties: false },
  ],
};

export function holds(cond: Condition, body: unknown): boolean {
  if ("all" in cond) return cond.all.every((branch) => holds(branch, body));
  if ("any" in cond) return cond.any.some((branch) => holds(branch, body));
  if ("not" in cond) return !holds(cond.not, body);
  if ("present" in cond) return isPresent(getAt(body, parsePointer(cond.present)));
  if ("absent" in cond) return !isPresent(getAt(body, parsePointer(cond.absent)));
  if ("nonEmpty" in cond) return isNonEmpty(getAt(body, parsePointer(cond.nonEmpty)));
  const value = getAt(body, parsePointer(cond.path));
  if ("equals" in cond) return deepEqual(value, cond.equals);
  return cond.in.some((option) => deepEqual(value, option));
}

/** TypeScript expression for the condition over the body expression `body`. */
export function emitCondition(cond: Condition, body: Code): Code {
  const at = (pointer: Pointer) => atPointer(pointer, body);
  if ("all" in cond)
    return code`(${join(
      cond.all.map((branch) => emitCondition(branch, body)),
      " && ",
    )})`;
  if ("any" in cond)
    return code`(${join(
      cond.any.map((branch) => emitCondition(branch, body)),
      " || ",
    )})`;
  if ("not" in cond) return code`!${emitCondition(cond.not, body)}`;
  if ("present" in cond) return presentAt(cond.present, body);
  if ("absent" in cond) return code`!${presentAt(cond.absent, body)}`;
  if ("nonEmpty" in cond) return code`rt.isNonEmpty(${at(cond.nonEmpty)})`;
  // deepEqual with a string, boolean, null or finite number is `===` (NaN aside, which JSON lacks).
  if ("equals" in cond && isScalar(cond.equals)) return code`(${at(cond.path)} === ${cond.equals})`;
  if ("equals" in cond) return code`rt.deepEqual(${at(cond.path)}, ${cond.equals})`;
  return code`${cond.in}.some((v: unknown) => rt.deepEqual(${at(cond.path)}, v))`;
}

const isScalar = (value: unknown) =>
  value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));

export function conditionPointers(cond: Condition): Pointer[] {
  if ("all" in cond) return cond.all.flatMap(conditionPointers);
  if ("any" in cond) return cond.any.flatMap(conditionPointers);
  if ("not" in cond) return conditionPointers(cond.not);
  if ("present" in cond) return [cond.present];
  if ("absent" in cond) return [cond.absent];
  if ("nonEmpty" in cond) return [cond.nonEmpty];
  return [cond.path];
}

export function describeCondition(cond: Condition): string {
  if ("all" in cond) return cond.all.map(describeCondition).join(" and ");
  if ("any" in cond) return `(${cond.any.map(describeCondition).join(" or ")})`;
  if ("not" in cond) return `not (${describeCondition(cond.not)})`;
  if ("present" in cond) return `\`${cond.present}\` is set`;
  if ("absent" in cond) return `\`${cond.absent}\` is not set`;
  if ("nonEmpty" in cond) return `\`${cond.nonEmpty}\` is non-empty`;
  if ("equals" in cond) return `\`${cond.path}\` is ${JSON.stringify(cond.equals)}`;
  return `\`${cond.path}\` is one of ${cond.in.map((option) => JSON.stringify(option)).join(", ")}`;
}

/** A body on which the condition holds (or fails, with `want` false); undefined if none is found. */
export function makeCondition(cond: Condition, body: unknown, want: boolean, env: ExampleEnv): unknown {
  let out: unknown = body;
  if ("not" in cond) out = makeCondition(cond.not, body, !want, env);
  else if (("all" in cond && want) || ("any" in cond && !want)) {
    for (const branch of "all" in cond ? cond.all : (cond as { any: Condition[] }).any) {
      if (out === undefined) break;
      out = makeCondition(branch, out, want, env);
    }
  } else if ("all" in cond || "any" in cond) {
    const first = ("all" in cond ? cond.all : cond.any)[0];
    out = first ? makeCondition(first, body, want, env) : undefined;
  } else if ("present" in cond || "absent" in cond || "nonEmpty" in cond) {
    const pointer = "present" in cond ? cond.present : "absent" in cond ? cond.absent : cond.nonEmpty;
    const setIt = "absent" in cond ? !want : want;
    const parent = parsePointer(pointer).slice(0, -1);
    // Setting a field never creates its missing parent: `gpu.excludedTypes` added to a CPU body
    // would change the body's compute family, which is another rule's concern.
    if (setIt && parent.length > 0 && !isPresent(getAt(body, parent))) return undefined;
    out = setIt ? setAt(body, parsePointer(pointer), env.sample(pointer)) : removeAt(body, parsePointer(pointer));
  } else if (want) {
    out = setAt(body, parsePointer(cond.path), "equals" in cond ? cond.equals : cond.in[0]);
  } else {
    const sample = env.sample(cond.path);
    out = holds(cond, setAt(body, parsePointer(cond.path), sample)) ? removeAt(body, parsePointer(cond.path)) : setAt(body, parsePointer(cond.path), sample);
  }
  return out !== undefined && holds(cond, out) === want ? out : undefined;
}
