// The token stream every language lexer produces for `migrate scan`: strings with their
// interpolations split out, identifiers, punctuation and (for shell and PowerShell) statement
// ends. Lexers are single-pass and never look back, so scanning is linear in the file size.

/**
 * A piece of a string literal: literal text, or an interpolated expression (`${id}`, `{id}`,
 * `$id`). `at` (only when `migrate scan` plans a fix) is each character's offset in the source,
 * -1 where a character has none (an escape sequence, a value from elsewhere).
 */
export type Part = { text: string; at?: number[] } | { hole: string };

export interface Token {
  kind: "str" | "ident" | "punct" | "num" | "nl";
  /** Offsets in the source text. */
  start: number;
  end: number;
  /** The source text (for a string: the whole literal, quotes included). */
  text: string;
  /** Strings only: their content. */
  parts?: Part[];
}

export type Lexer = (text: string) => Token[];

/** Punctuation that is one token even when longer than one character. */
const MULTI = ["===", "!==", "==", "!=", "<=", ">=", "=>", ":=", "+=", "&&", "||", "??", "->", "::"];

/** First characters of MULTI: any other punctuation is one character (no string compares). */
const MULTI_START = new Set(MULTI.map((p) => p[0]));

export function punctAt(text: string, i: number): string {
  const c = text[i] ?? "";
  if (MULTI_START.has(c)) for (const p of MULTI) if (text.startsWith(p, i)) return p;
  return c;
}

const code = (c: string | undefined) => (c === undefined ? -1 : c.charCodeAt(0));
const isLetter = (n: number) => (n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95 || n === 36;
export const isIdentStart = (c: string | undefined) => isLetter(code(c));
export const isIdentChar = (c: string | undefined) => {
  const n = code(c);
  return isLetter(n) || (n >= 48 && n <= 57);
};

/** Appends literal text to a part list, merging with a preceding text part. */
export function pushText(parts: Part[], text: string): void {
  if (text === "") return;
  const last = parts[parts.length - 1];
  if (last && "text" in last) last.text += text;
  else parts.push({ text });
}

/** The literal text of a string, holes left out. */
export const literalText = (parts: readonly Part[]) => parts.map((p) => ("text" in p ? p.text : "")).join("");

/** One-character escapes shared by C-like string syntaxes. */
export function unescape(c: string): string {
  return c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : c;
}

/**
 * The index just past the brace or paren group that opens at `i` (`{`, `(`), quotes inside
 * skipped; the end of the text when it never closes. Used for interpolations.
 */
export function skipGroup(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  let quote = "";
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (quote) {
      if (c === "\\") j++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
  }
  return text.length;
}
