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

/** A lexer's `push`: adds to `tokens` the token of `text` from `start` to `end` (a string's with its parts). */
export function tokenPusher(tokens: Token[], text: string): (kind: Token["kind"], start: number, end: number, parts?: Part[]) => void {
  return (kind, start, end, parts) => {
    tokens.push(parts ? { kind, start, end, text: text.slice(start, end), parts } : { kind, start, end, text: text.slice(start, end) });
  };
}

/** Punctuation that is one token even when longer than one character. */
const MULTI = ["===", "!==", "==", "!=", "<=", ">=", "=>", ":=", "+=", "&&", "||", "??", "->", "::"];

/** First characters of MULTI: any other punctuation is one character (no string compares). */
const MULTI_START = new Set(MULTI.map((punct) => punct[0]));

export function punctAt(text: string, i: number): string {
  const char = text[i] ?? "";
  if (MULTI_START.has(char)) for (const punct of MULTI) if (text.startsWith(punct, i)) return punct;
  return char;
}

const code = (char: string | undefined) => (char === undefined ? -1 : char.charCodeAt(0));
const isLetter = (charCode: number) => (charCode >= 65 && charCode <= 90) || (charCode >= 97 && charCode <= 122) || charCode === 95 || charCode === 36;
export const isIdentStart = (char: string | undefined) => isLetter(code(char));
export const isIdentChar = (char: string | undefined) => {
  const charCode = code(char);
  return isLetter(charCode) || (charCode >= 48 && charCode <= 57);
};

/** The index of the first character at or after `from` that is not an identifier character. */
export function identEnd(text: string, from: number): number {
  let end = from;
  while (isIdentChar(text[end])) end++;
  return end;
}

const DIGIT = /[0-9]/;
/** Characters a number literal goes on with: digits, `.`, `_`, and letters (hex digits, exponents, suffixes). */
const NUMBER_CHAR = /[0-9A-Za-z_.]/;

/** The index of the first character at or after `from` that cannot go on a number literal. */
export function numberEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && NUMBER_CHAR.test(text[end] as string)) end++;
  return end;
}

/**
 * Pushes the token at `i` that no language gives a syntax of its own, a number or else
 * punctuation, and returns the index just past it.
 */
export function pushNumberOrPunct(tokens: Token[], text: string, i: number): number {
  const startsNumber = DIGIT.test(text[i] as string);
  const end = startsNumber ? numberEnd(text, i + 1) : i + punctAt(text, i).length;
  tokens.push({ kind: startsNumber ? "num" : "punct", start: i, end, text: text.slice(i, end) });
  return end;
}

/**
 * Pushes the identifier, number or punctuation token at `i` (what is left once a C-like lexer
 * has read its strings and comments) and returns the index just past it.
 */
export function pushPlain(tokens: Token[], text: string, i: number): number {
  if (!isIdentStart(text[i])) return pushNumberOrPunct(tokens, text, i);
  const end = identEnd(text, i + 1);
  tokens.push({ kind: "ident", start: i, end, text: text.slice(i, end) });
  return end;
}

/** Appends literal text to a part list, merging with a preceding text part. */
export function pushText(parts: Part[], text: string): void {
  if (text === "") return;
  const last = parts[parts.length - 1];
  if (last && "text" in last) last.text += text;
  else parts.push({ text });
}

/** The literal text of a string, holes left out. */
export const literalText = (parts: readonly Part[]) => parts.map((part) => ("text" in part ? part.text : "")).join("");

/** One-character escapes shared by C-like string syntaxes. */
export function unescape(char: string): string {
  return char === "n" ? "\n" : char === "t" ? "\t" : char === "r" ? "\r" : char;
}

/**
 * The index just past the brace or paren group that opens at `i` (`{`, `(`), quotes inside
 * skipped; the end of the text when it never closes. Used for interpolations.
 */
export function skipGroup(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  let quote = "";
  for (let j = i; j < text.length; j++) {
    const char = text[j];
    if (quote) {
      if (char === "\\") j++;
      else if (char === quote) quote = "";
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return j + 1;
  }
  return text.length;
}
