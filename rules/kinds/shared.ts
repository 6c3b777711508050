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
