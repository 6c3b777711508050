// A v2 request body written back in the syntax of the literal it replaces: a Python dict stays a
// dict, a JS object literal keeps unquoted keys and shorthand properties, a PowerShell hashtable
// stays a hashtable, JSON inside a PowerShell string keeps its quoting (a shell word is written by
// fix-body.ts). Placeholder sentinels become the expressions they stand for, as written. Layout
// follows the original: one line stays one line; a multi-line literal is indented as it was.

import { MigrateError } from "../errors.js";
import { type BodyAnchor, childPointer, SENTINEL_CHAR } from "./body-anchor.js";
import { type Comment, type Comments, type CommentSlots, withoutComments } from "./body-comments.js";

export type WriteResult = { text: string } | { reason: string };

interface Layout {
  multiline: boolean;
  /** The line ending of the literal's own lines (`\r\n` in a CRLF file), else of the lines around it. */
  eol: string;
  /** Indentation of the line the literal starts on. */
  base: string;
  unit: string;
  /** `{ a: 1 }` rather than `{a: 1}` (JS, PowerShell, one line). */
  padded: boolean;
  quote: string;
  trailingComma: boolean;
  /** JSON: `"a": 1` rather than `"a":1`. */
  spaced: boolean;
}

function layoutOf(source: string, anchor: BodyAnchor): Layout {
  const original = withoutComments(source, anchor);
  const lineStart = source.lastIndexOf("\n", anchor.start - 1) + 1;
  const base = /^[ \t]*/.exec(source.slice(lineStart, anchor.start))?.[0] ?? "";
  const inner = /\n([ \t]+)\S/.exec(original)?.[1];
  const unit =
    inner !== undefined && inner.startsWith(base) && inner.length > base.length ? inner.slice(base.length) : anchor.syntax === "python" ? "    " : "  ";
  const quoteOf = /(["'])/.exec(original)?.[1];
  return {
    multiline: original.includes("\n"),
    eol: lineEnding(source, anchor.start),
    base,
    unit,
    padded: /^@?\{[ \t]/.test(original),
    quote: anchor.syntax === "python" || anchor.syntax === "js" ? (quoteOf ?? '"') : anchor.syntax === "powershell" ? (quoteOf ?? "'") : '"',
    trailingComma: /,\s*[}\]]\s*$/.test(original),
    spaced: /":\s/.test(original) || !/":/.test(original),
  };
}

/** The line ending of the first line break at or after `at` (inside a multi-line literal, its own), else the one before it. */
function lineEnding(source: string, at: number): string {
  const after = source.indexOf("\n", at);
  const nl = after >= 0 ? after : source.lastIndexOf("\n", at);
  return nl > 0 && source[nl - 1] === "\r" ? "\r\n" : "\n";
}

/** The v2 body cannot be written back into the source: the message says what stands in the way. */
class Unwritable extends MigrateError {
  static override readonly errorName: string = "Unwritable";
  declare readonly code: "unwritable-body";

  constructor(message: string) {
    super("unwritable-body", message);
  }
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * The v2 body as source text for the literal at `anchor`, or why it cannot be written. A string
 * that is a placeholder's sentinel is written as its expression; JSON (`syntax: "json"`) keeps
 * sentinels as strings, for the caller to splice. `comments` (by v2 pointer) are written beside
 * their members; one that finds no place makes the body unwritable. `inline` (by v2 pointer) names the
 * objects and lists written on one line inside a multi-line body, as their v1 members were, and
 * whether each object is padded (`{ a: 1 }`).
 */
export function writeBody(
  source: string,
  anchor: BodyAnchor,
  v2: unknown,
  comments: Comments = new Map(),
  inline: ReadonlyMap<string, boolean> = new Map(),
): WriteResult {
  const layout = layoutOf(source, anchor);
  const hole = (value: string): string | undefined => {
    const span = Object.hasOwn(anchor.holes, value) ? anchor.holes[value] : undefined;
    return span ? source.slice(span[0], span[1]) : undefined;
  };
  const str = (value: string, quote: string): string => {
    if (anchor.syntax === "powershell") return `'${value.replace(/'/g, "''")}'`;
    if (anchor.syntax === "json") return JSON.stringify(value);
    // Python and JS: the original quote, escapes as both languages read them.
    let out = JSON.stringify(value).slice(1, -1);
    if (quote === "'") out = out.replace(/\\"/g, '"').replace(/'/g, "\\'");
    return `${quote}${out}${quote}`;
  };
  const scalar = (value: unknown): string => {
    if (typeof value === "string") {
      const expr = hole(value);
      if (expr !== undefined) return expr;
      if (anchor.syntax !== "json" && SENTINEL_CHAR.test(value)) throw new Unwritable("an expression's value changed on the way to v2");
      return str(value, layout.quote);
    }
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new Unwritable("a number that is not finite");
      return String(value);
    }
    if (typeof value === "boolean")
      return anchor.syntax === "python" ? (value ? "True" : "False") : anchor.syntax === "powershell" ? `$${value}` : String(value);
    if (value === null) return anchor.syntax === "python" ? "None" : anchor.syntax === "powershell" ? "$null" : "null";
    throw new Unwritable(`a value of type ${typeof value}`);
  };
  const key = (name: string): string => {
    if (anchor.syntax !== "json" && SENTINEL_CHAR.test(name)) throw new Unwritable("an expression became a key");
    if (anchor.syntax === "js" && IDENT.test(name)) return name;
    if (anchor.syntax === "powershell") return /^[A-Za-z_]\w*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
    if (anchor.syntax === "json") return JSON.stringify(name);
    return str(name, layout.quote);
  };
  let placed = 0;
  const slots = (pointer: string, which: keyof CommentSlots): Comment[] => {
    const found = comments.get(pointer)?.[which] ?? [];
    placed += found.length;
    return found;
  };
  const write = (value: unknown, depth: number, pointer: string, flat = false): string => {
    const isArray = Array.isArray(value);
    if (!isArray && (typeof value !== "object" || value === null)) return scalar(value);
    const oneLine = flat || inline.has(pointer);
    const ps = anchor.syntax === "powershell";
    const [open, close] = isArray ? (ps ? ["@(", ")"] : ["[", "]"]) : ps ? ["@{", "}"] : ["{", "}"];
    const members = isArray
      ? (value as unknown[]).map((item, index) => ({
          text: write(item, depth + 1, childPointer(pointer, index), oneLine),
          before: [] as Comment[],
          after: [] as Comment[],
        }))
      : Object.entries(value as Record<string, unknown>).map(([k, entryValue]) => {
          const at = childPointer(pointer, k);
          const [before, after] = [slots(at, "before"), slots(at, "after")];
          // `{ min: min }` is written `{ min }`, as the shorthand the original may have used.
          if (anchor.syntax === "js" && typeof entryValue === "string" && hole(entryValue) === k && IDENT.test(k)) return { text: k, before, after };
          const sep = ps ? " = " : anchor.syntax === "json" && !layout.spaced ? ":" : ": ";
          return { text: `${key(k)}${sep}${write(entryValue, depth + 1, at, oneLine)}`, before, after };
        });
    const [opening, end] = isArray ? [[], []] : [slots(pointer, "open"), slots(pointer, "end")];
    if (members.length === 0 && end.length === 0 && opening.length === 0) return `${open}${close}`;
    if (layout.multiline && !oneLine) {
      const pad = layout.base + layout.unit.repeat(depth + 1);
      const comma = ps && !isArray ? "" : ",";
      const trailing = layout.trailingComma && !ps && anchor.syntax !== "json" ? "," : "";
      // Comments: on their own lines before a member or the closing bracket, or ending a member's line.
      const lines: string[] = [];
      for (const [j, member] of members.entries()) {
        for (const comment of member.before) lines.push(pad + comment.text);
        lines.push(`${pad}${member.text}${j < members.length - 1 ? comma : trailing}${member.after.map((comment) => comment.lead + comment.text).join("")}`);
      }
      for (const comment of end) lines.push(pad + comment.text);
      const after = opening.map((comment) => comment.lead + comment.text).join("");
      return `${open}${after}${layout.eol}${lines.join(layout.eol)}${layout.eol}${layout.base}${layout.unit.repeat(depth)}${close}`;
    }
    // One line holds only block comments (`/* … */`, `<# … #>`).
    if ([...members.flatMap((member) => [...member.before, ...member.after]), ...opening, ...end].some((comment) => !/^(?:\/\*|<#)/.test(comment.text)))
      throw new Unwritable("a line comment would end the line the body is written on");
    const sep = ps && !isArray ? "; " : anchor.syntax === "json" && !layout.spaced ? "," : ", ";
    const pad = (inline.get(pointer) ?? layout.padded) && !isArray ? " " : "";
    const texts = members.map((member) =>
      [...member.before.map((comment) => comment.text), member.text, ...member.after.map((comment) => comment.text)].join(" "),
    );
    if (end.length > 0) texts.push(end.map((comment) => comment.text).join(" "));
    const head = opening.map((comment) => `${comment.text} `).join("");
    return `${open}${pad}${head}${texts.join(sep)}${pad}${close}`;
  };
  try {
    const text = write(v2, 0, "");
    if (
      placed !==
      [...comments.values()].reduce(
        (total, memberSlots) => total + memberSlots.before.length + memberSlots.after.length + memberSlots.open.length + memberSlots.end.length,
        0,
      )
    )
      throw new Unwritable("a comment has no place in the v2 body");
    // A single-quoted PowerShell string doubles its quotes.
    return { text: anchor.in === "powershell" ? text.replace(/'/g, "''") : text };
  } catch (error) {
    if (error instanceof Unwritable) return { reason: `the v2 body cannot be written back: ${error.message}` };
    throw error;
  }
}
