// V2Call literals for the checks of `v2kit scan`, built from source text written here: positions
// are found in the text (so a fix can be applied to it), a body literal is written out as JSON
// with the place of each key, name and value recorded, as the reader records them in code.

import type { SourcePosition, V2Call } from "../../migrate/scan/v2-call.js";

/** The position of `offset` in `text` (1-based line, UTF-16 column). */
export function positionAt(text: string, offset: number): SourcePosition {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1, offset };
}

/** Where the `nth` (0-based) occurrence of `needle` starts in `text`; throws when it is not there. */
export function find(text: string, needle: string, nth = 0): SourcePosition {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${JSON.stringify(needle)} (#${nth}) is not in the text`);
  }
  return positionAt(text, at);
}

/** A body literal written into a source text at `start`: its text and the positions the reader gives. */
export interface WrittenBody {
  text: string;
  body: NonNullable<V2Call["body"]>;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * `value` written as JSON (two-space indent) into `source` at `offset` (the text before it is
 * `source`): keys, names and values recorded by JSON pointer. `runtime` pointers are written as
 * the reader sees a name filled at run time: the value `{…}`.
 */
export function writeBody(prefix: string, value: unknown, runtime: readonly string[] = []): WrittenBody {
  let text = prefix;
  const keys: Record<string, SourcePosition> = {};
  const values: Record<string, SourcePosition> = {};
  const names: Record<string, { at: SourcePosition; text: string }> = {};
  const runtimeSet = new Set(runtime);
  const write = (node: unknown, pointer: string, depth: number): void => {
    values[pointer] = positionAt(text, text.length);
    if (runtimeSet.has(pointer)) {
      text += "payload_value";
      return;
    }
    const pad = "  ".repeat(depth + 1);
    if (Array.isArray(node)) {
      text += "[";
      node.forEach((item, index) => {
        text += `${index === 0 ? "" : ","}\n${pad}`;
        write(item, `${pointer}/${index}`, depth + 1);
      });
      text += node.length === 0 ? "]" : `\n${"  ".repeat(depth)}]`;
      return;
    }
    if (node !== null && typeof node === "object") {
      text += "{";
      Object.entries(node).forEach(([key, child], index) => {
        text += `${index === 0 ? "" : ","}\n${pad}`;
        const childPointer = `${pointer}/${escapePointer(key)}`;
        keys[childPointer] = positionAt(text, text.length);
        const quoted = JSON.stringify(key);
        if (quoted === `"${key}"`) names[childPointer] = { at: positionAt(text, text.length + 1), text: key };
        text += `${quoted}: `;
        write(child, childPointer, depth + 1);
      });
      text += Object.keys(node).length === 0 ? "}" : `\n${"  ".repeat(depth)}}`;
      return;
    }
    text += JSON.stringify(node);
  };
  keys[""] = positionAt(text, text.length);
  write(value, "", 0);
  return { text, body: { value: runtimeValue(value, runtime), keys, values, names, runtime: [...runtime] } };
}

/** The body as the reader hands it over: a run-time value is the placeholder `{…}`. */
function runtimeValue(value: unknown, runtime: readonly string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const pointer of runtime) {
    const path = pointer
      .split("/")
      .slice(1)
      .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
    let node: unknown = copy;
    for (const segment of path.slice(0, -1)) node = (node as Record<string, unknown>)[segment];
    (node as Record<string, unknown>)[path[path.length - 1] as string] = "{…}";
  }
  return copy;
}

/** Apply a finding's fix to the text. */
export function applyFix(text: string, fix: { start: number; end: number; text: string }): string {
  return text.slice(0, fix.start) + fix.text + text.slice(fix.end);
}

/** The text of `source` from a 1-based line and column on, to the end of that line. */
export function textAt(source: string, line: number, column: number): string {
  return (source.split("\n")[line - 1] ?? "").slice(column - 1);
}
