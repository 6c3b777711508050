// Pieces every rule kind uses: parameter schemas and pointer access in emitted code.

import { type Code, code } from "../codegen.js";
import { parsePointer } from "../runtime/pointer.js";
import type { Pointer } from "../types.js";

export const pointer = { $ref: "#/$defs/pointer" };
export const pointers = { type: "array", minItems: 1, items: pointer };
export const condition = { $ref: "#/$defs/condition" };

/**
 * Emitted: the value at a pointer (no wildcards) of the resolved body, as a chain of own-property
 * reads (`rt.prop(rt.prop(s.resolved, "gpu"), "pools")`): no pointer parsing at run time.
 */
export function at(p: Pointer, body: Code = code`s.resolved`): Code {
  return parsePointer(p).reduce(
    (expr, segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? code`rt.step(${expr}, ${segment})` : code`rt.prop(${expr}, ${segment})`),
    body,
  );
}

/** Emitted: every match of a pointer (wildcards allowed) of the resolved body. */
export function matches(p: Pointer, body: Code = code`s.resolved`): Code {
  return code`rt.matchAll(${body}, ${parsePointer(p)})`;
}

export const fieldList = (ps: Pointer[]) => ps.map((p) => `\`${p}\``).join(", ");

/**
 * `fieldsFrom` (kinds with forbidden, required or catalog-named fields): where the rule reads
 * its own fields. `resolved` (default): the body after the stages (PATCH merge, template,
 * defaults). `request`: the body as sent, so a PATCH is judged on what it sets, not on what the
 * resource already holds; `when` conditions are still judged on the resolved body.
 */
export const fieldsFrom = { enum: ["request", "resolved"] };

export type FieldsFrom = { fieldsFrom?: "request" | "resolved" };

/** The body a rule's fields are read from (see `fieldsFrom`). */
export const fieldsBody = (rule: FieldsFrom, s: { input: unknown; resolved: unknown }): unknown => (rule.fieldsFrom === "request" ? s.input : s.resolved);

/** Emitted: the expression of that body. */
export const fieldsCode = (rule: FieldsFrom): Code => (rule.fieldsFrom === "request" ? code`s.input` : code`s.resolved`);

/** For the rules table: " (fields as sent)" when the rule reads the request. */
export const fieldsNote = (rule: FieldsFrom): string => (rule.fieldsFrom === "request" ? " (judged on the fields the request sends)" : "");
