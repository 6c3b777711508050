// What a fix needs to know of a literal body (its anchor), and the two ways a literal is read:
// for a finding, each value that is not a literal shown as `<source text>`; for a fix, each an
// opaque sentinel whose source span is kept, strictly (no literal may hold a sentinel's
// characters), with the literal's skeleton recorded for its comments.

import { NotALiteral } from "../errors.js";
import type { Part, Token } from "./lex/tokens.js";

/**
 * Where a literal body sits in the source, for a fix that rewrites it in its own syntax: its span,
 * its syntax, its value with a sentinel for each placeholder, and the source span each sentinel
 * stands for (the expression as written).
 */
export interface BodyAnchor {
  start: number;
  end: number;
  syntax: "python" | "js" | "powershell" | "json";
  /** Placeholder sentinel → source span of the expression it stands for. */
  holes: Record<string, [number, number]>;
  /** The literal as a fix reads it: each placeholder an opaque sentinel (`sentinel(k)`); unset when unread. */
  v1?: unknown;
  /** Where the literal's members and brackets are, for the comments between its tokens (set with `v1`). */
  shape?: LiteralShape;
  /**
   * JSON inside a string: `powershell`, a single-quoted string (the span is inside the quotes);
   * `shell`, a `curl -d` word (the span is the whole word, quotes included, read by bash's rules);
   * `heredoc`, the JSON of a here-document (`curl -d @- <<JSON`), read as bash reads its lines.
   */
  in?: "shell" | "powershell" | "heredoc";
  /**
   * Keys set on the variable that holds the literal between the literal and the call
   * (`payload["name"] = name`, `body.name = name`): each key's token span (a string with its
   * quotes, or a name) and line; their values stay as written (issue 41).
   */
  sets?: { key: string; start: number; end: number; form: "string" | "name"; line: number }[];
  /** `heredoc`: its delimiter, and whether bash expands `$…`, `$(…)` and `\` escapes in it (an unquoted delimiter). */
  heredoc?: { delimiter: string; expands: boolean };
}

/**
 * The skeleton of a literal that a fix places comments by: every token's span (comments are the
 * text between them), each member's key offset, value end and JSON pointer, each object's and
 * list's span.
 */
export interface LiteralShape {
  tokens: [number, number][];
  members: { pointer: string; parent: string; key: number; end: number }[];
  containers: { pointer: string; open: number; close: number; list: boolean }[];
}

export const newShape = (): LiteralShape => ({ tokens: [], members: [], containers: [] });

/** `pointer` + one RFC 6901 reference token. */
export const childPointer = (pointer: string, key: string | number) => `${pointer}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;

/** Any placeholder sentinel's characters (of either family): a string holding one holds an expression, or part of one. */
export const SENTINEL_CHAR = /[\ue000-\ue003]/;

/** The placeholder sentinel `k`, in one of two families (a fix checks with the second that no placeholder's value decides the shape). */
export const sentinel = (k: number, family: 0 | 1 = 0) => `${String.fromCharCode(0xe000 + 2 * family)}${k}${String.fromCharCode(0xe001 + 2 * family)}`;

/** Names a placeholder for the expression `run` (tokens of a value that is not a literal). */
export type Placeholder = (run: readonly Token[]) => string;

/** How a literal is read: for a finding (`<source>` placeholders) or for a fix (sentinels, strict, its shape recorded). */
export interface Reading {
  placeholder: Placeholder;
  strict: boolean;
  shape?: LiteralShape;
}

/** `<source text>`: the placeholder a finding shows. */
export const shown =
  (joiner: string): Placeholder =>
  (run) =>
    `<${run.map((x) => x.text).join(joiner)}>`;

/**
 * The placeholder a fix reads: an opaque sentinel per distinct expression (the same text twice is
 * the same expression), its source span recorded in `anchor.holes`, so no literal string can be
 * taken for it.
 */
export function opaque(anchor: BodyAnchor): Placeholder {
  const ids = new Map<string, number>();
  return (run) => {
    const text = run.map((x) => x.text).join(" ");
    let k = ids.get(text);
    if (k === undefined) {
      k = ids.size;
      ids.set(text, k);
      const [first, last] = [run[0], run[run.length - 1]];
      if (first && last) anchor.holes[sentinel(k)] = [first.start, last.end];
    }
    return sentinel(k);
  };
}

/** A literal string's text, or a throw when it holds a character a sentinel uses (only while reading for a fix). */
export function literalString(parts: readonly Part[], strict: boolean): string {
  const text = parts.map((part) => ("text" in part ? part.text : "")).join("");
  if (strict && /[\ue000-\ue003]/.test(text)) throw new NotALiteral("a string holds a character v2kit uses to mark expressions");
  return text;
}
