// v1 `dockerEntrypoint` and `dockerStartCmd` (exec-form lists) → v2 `args`. Both documents take
// `args`: the spec as "the container command as one raw string", either a bare shell string or
// a JSON-object string with `entrypoint` and `cmd` lists; the published v2 document as a string
// (BaseContainerConfig). `cmd` and `entrypoint` are the spec's too, but the published document's
// request bodies refuse them (unevaluatedProperties), so a migrated body uses `args` in its
// JSON-object form, which keeps each list exactly (issue 41).
//
// v1 documents `[]` (its default on create and update) as "use the image's own": a list left
// empty or not sent is not written into `args`. When neither list has an item, a create leaves
// `args` out and an update sends `""`, which the spec says clears it (back to the image's own).

import type { Note, TransformInput, TransformOutput } from "../types.js";
import { stringList } from "./values.js";

const FIELDS = [
  ["dockerEntrypoint", "entrypoint"],
  ["dockerStartCmd", "cmd"],
] as const;

export function containerArgs({ body, mode }: TransformInput): TransformOutput {
  const notes: Note[] = [];
  const parts: Record<string, string[]> = {};
  const to: Record<string, string | null> = {};
  for (const [field, key] of FIELDS) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    const items = stringList(value);
    if (items === undefined) {
      notes.push({ level: "error", field, message: "must be a list of strings (exec form) to become part of v2 `args`" });
      return { notes };
    }
    to[field] = "/args";
    if (items.length > 0) parts[key] = items;
  }
  if (Object.keys(parts).length === 0) {
    if (mode === "create") {
      for (const field of Object.keys(to)) {
        to[field] = null;
        notes.push({ level: "info", field, message: "[] is the image's own command in v1: left out, as v2 does without `args`" });
      }
      return { notes, to };
    }
    notes.push({ level: "info", message: 'the image\'s own command ([] in v1): `args` "" clears it in v2' });
    return { set: [["/args", ""]], notes, to };
  }
  notes.push({
    level: "info",
    message: `container command written as v2 \`args\`, the spec's JSON-object form (${Object.keys(parts)
      .map((k) => `\`${k}\``)
      .join(" and ")}): the published document refuses \`cmd\`/\`entrypoint\` in a request`,
  });
  return { set: [["/args", JSON.stringify(parts)]], notes, to };
}
