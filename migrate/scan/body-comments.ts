// The comments inside a literal body a fix rewrites (`# keep one warm`, `// GB`, `/* … */`,
// `<# … #>`), each attached to what it is about: the member it precedes, the member whose line it
// ends, or the end of its object. The fix writes each one again beside the v2 member its v1 member
// became; a comment that cannot be placed so makes the call unfixed instead of deleted.

import type { BodyAnchor } from "./body-anchor.js";

export interface Comment {
  text: string;
  /** The blanks between the code and a comment that ends a member's line. */
  lead: string;
}

/** The comments of one member (`before` its line, `after` it on its line) or of an object (`open`, ending the line of its opening bracket; `end`, before its closing bracket). */
export interface CommentSlots {
  before: Comment[];
  after: Comment[];
  open: Comment[];
  end: Comment[];
}

/** Comments by the v1 JSON pointer they attach to. */
export type Comments = Map<string, CommentSlots>;

const SYNTAX: Record<string, RegExp> = {
  python: /#[^\r\n]*/y,
  js: /\/\/[^\r\n]*|\/\*[\s\S]*?\*\//y,
  powershell: /#[^\r\n]*|<#[\s\S]*?#>/y,
};
/** Blanks and line continuations between tokens. */
const BLANK = /(?:[ \t\r\n\f\v]|\\\r?\n|`\r?\n)+/y;

export const slotsOf = (comments: Comments, pointer: string): CommentSlots => {
  let slots = comments.get(pointer);
  if (!slots) comments.set(pointer, (slots = { before: [], after: [], open: [], end: [] }));
  return slots;
};

/** The literal's text with every comment between its tokens blanked (newlines kept): what its layout is read from. */
export function withoutComments(source: string, anchor: BodyAnchor): string {
  const text = source.slice(anchor.start, anchor.end);
  const spans = [...(anchor.shape?.tokens ?? [])].sort((x, y) => x[0] - y[0]);
  if (spans.length === 0) return text;
  let out = "";
  let at = anchor.start;
  for (const [start, end] of spans) {
    if (start > at) out += source.slice(at, start).replace(/[^\r\n \t]/g, " ");
    out += source.slice(Math.max(start, at), end);
    at = Math.max(at, end);
  }
  return out + source.slice(at, anchor.end);
}

/** The comments between the literal's tokens, by the v1 pointer they attach to; a reason when one has no place. */
export function commentsOf(source: string, anchor: BodyAnchor): { comments: Comments } | { reason: string } {
  const comments: Comments = new Map();
  const shape = anchor.shape;
  const pattern = SYNTAX[anchor.syntax];
  if (!shape || !pattern) return { comments };
  const holes = Object.values(anchor.holes);
  const spans = [...shape.tokens].sort((x, y) => x[0] - y[0]);
  for (let index = 0; index + 1 < spans.length; index++) {
    const from = (spans[index] as [number, number])[1];
    const to = (spans[index + 1] as [number, number])[0];
    // Inside an expression the fix copies as written, a comment goes with it.
    if (to <= from || holes.some(([a, b]) => from >= a && to <= b)) continue;
    let newline = false;
    for (let i = from; i < to;) {
      BLANK.lastIndex = i;
      const blank = BLANK.exec(source);
      if (blank && blank.index === i) {
        if (blank[0].includes("\n")) newline = true;
        i += blank[0].length;
        continue;
      }
      pattern.lastIndex = i;
      const found = pattern.exec(source);
      if (!found || found.index !== i || i + found[0].length > to) return { reason: "the body literal has text v2kit cannot place between its values" };
      const lead = /[ \t]*$/.exec(source.slice(from, i))?.[0] ?? " ";
      const placed = place(shape, i, !newline);
      if (!placed) return { reason: `a comment in the body (\`${clip(found[0])}\`) sits inside a list: v2kit cannot keep it in place` };
      slotsOf(comments, placed.pointer)[placed.slot].push({ text: found[0], lead: lead === "" ? " " : lead });
      i += found[0].length;
    }
  }
  return { comments };
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** What the comment at `at` is about: the member it sits in or precedes, the member whose line it ends, or the end of its object. */
function place(shape: NonNullable<BodyAnchor["shape"]>, at: number, sameLine: boolean): { pointer: string; slot: keyof CommentSlots } | undefined {
  let container: (typeof shape.containers)[number] | undefined;
  for (const around of shape.containers) if (around.open < at && at < around.close && (!container || around.open > container.open)) container = around;
  if (!container || container.list) return undefined;
  const members = shape.members.filter((member) => member.parent === container.pointer).sort((x, y) => x.key - y.key);
  const inside = members.find((member) => member.key <= at && at <= member.end);
  if (inside) return { pointer: inside.pointer, slot: "before" };
  const previous = members.filter((member) => member.end <= at).pop();
  if (sameLine) return previous ? { pointer: previous.pointer, slot: "after" } : { pointer: container.pointer, slot: "open" };
  const next = members.find((member) => member.key > at);
  return next ? { pointer: next.pointer, slot: "before" } : { pointer: container.pointer, slot: "end" };
}
