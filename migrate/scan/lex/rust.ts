// Rust lexer: strings (`"…"` across lines, `b"…"`, raw `r"…"` / `r#"…"#`), char literals and
// lifetimes (`'a'` is a char, `'a` and `'static` are not strings), line and (nested) block
// comments. Macros stay an identifier and `!` (`format!(…)`): evaluate.ts reads `format!`.
// Doc comments (`///`, `//!`, block ones opened by a double star) are prose: index.ts reads them as mentions.

import { identEnd, isIdentChar, type Part, pushPlain, pushText, type Token, tokenPusher, unescape } from "./tokens.js";

/** A `"…"` string from `i` (at the quote): escapes resolved, `\` + line end skipped with the next line's indentation. */
function cooked(text: string, i: number): { end: number; parts: Part[] } {
  const parts: Part[] = [];
  let buf = "";
  let j = i + 1;
  while (j < text.length && text[j] !== '"') {
    const char = text[j] as string;
    if (char === "\\") {
      const next = text[j + 1] ?? "";
      if (next === "\n" || next === "\r") {
        j += 2;
        while (j < text.length && /\s/.test(text[j] as string)) j++;
        continue;
      }
      const unicode = next === "u" ? /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(text.slice(j, j + 10)) : null;
      if (unicode) {
        buf += String.fromCodePoint(Number.parseInt(unicode[1] as string, 16));
        j += unicode[0].length;
        continue;
      }
      buf += unescape(next);
      j += 2;
      continue;
    }
    buf += char;
    j++;
  }
  pushText(parts, buf);
  return { end: Math.min(j + 1, text.length), parts };
}

/** A raw string from `i` (at its `r`): `r"…"`, `r#"…"#`; undefined when `i` starts no raw string. */
function raw(text: string, i: number): { end: number; parts: Part[] } | undefined {
  const match = /^r(#{0,8})"/.exec(text.slice(i, i + 11));
  if (!match) return undefined;
  const close = `"${match[1] as string}`;
  const from = i + match[0].length;
  const end = text.indexOf(close, from);
  const stop = end < 0 ? text.length : end;
  const parts: Part[] = [];
  pushText(parts, text.slice(from, stop));
  return { end: end < 0 ? text.length : end + close.length, parts };
}

/** Past a comment at `i` (a line comment, or a block comment, nested ones included); `doc` when it is a doc comment. */
function comment(text: string, i: number): { end: number; doc: boolean } | undefined {
  if (text.startsWith("//", i)) {
    const nl = text.indexOf("\n", i);
    const doc = (text[i + 2] === "/" && text[i + 3] !== "/") || text[i + 2] === "!";
    return { end: nl < 0 ? text.length : nl, doc };
  }
  if (!text.startsWith("/*", i)) return undefined;
  const doc = (text[i + 2] === "*" && text[i + 3] !== "*" && text[i + 3] !== "/") || text[i + 2] === "!";
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (text.startsWith("/*", j)) {
      depth++;
      j++;
    } else if (text.startsWith("*/", j)) {
      j++;
      if (--depth === 0) return { end: j + 1, doc };
    }
  }
  return { end: text.length, doc };
}

export function lexRust(text: string): Token[] {
  const tokens: Token[] = [];
  const push = tokenPusher(tokens, text);
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === " " || char === "\t" || char === "\r" || char === "\n") {
      i++;
      continue;
    }
    const skipped = char === "/" ? comment(text, i) : undefined;
    if (skipped) {
      i = skipped.end;
      continue;
    }
    if (char === "b" || char === "r") {
      const prefix = char === "b" && (text[i + 1] === '"' || text[i + 1] === "r") ? 1 : 0;
      const literal = text[i + prefix] === '"' ? cooked(text, i + prefix) : raw(text, i + prefix);
      if (literal) {
        push("str", i, literal.end, literal.parts);
        i = literal.end;
        continue;
      }
    }
    if (char === '"') {
      const literal = cooked(text, i);
      push("str", i, literal.end, literal.parts);
      i = literal.end;
      continue;
    }
    if (char === "'") {
      // A char literal (`'a'`, `'\n'`, `'\u{41}'`, `'"'`) or a lifetime (`'a`, `'static`).
      const charLiteral = /^'(?:\\u\{[0-9a-fA-F]{1,6}\}|\\.|[^\\'\n])'/.exec(text.slice(i, i + 12));
      if (charLiteral) {
        push("num", i, i + charLiteral[0].length);
        i += charLiteral[0].length;
        continue;
      }
      const end = identEnd(text, i + 1);
      push("ident", i, end);
      i = end;
      continue;
    }
    i = pushPlain(tokens, text, i);
  }
  return tokens;
}

/**
 * The text of the doc comments (`///`, `//!`, and block comments opened by a double star or `/*!`) of a Rust file, everything
 * else blanked out with line ends kept, so the line scanner reads them at their own lines and
 * columns.
 */
export function rustDocText(text: string): string {
  let out = "";
  let kept = 0;
  const blank = (region: string) => region.replace(/[^\n]/g, " ");
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "/") {
      const found = comment(text, i);
      if (found) {
        if (found.doc) {
          out += blank(text.slice(kept, i)) + text.slice(i, found.end);
          kept = found.end;
        }
        i = found.end;
        continue;
      }
    }
    if (char === '"' || ((char === "r" || char === "b") && /^(?:b?r#{0,8}"|b")/.test(text.slice(i, i + 11)) && !isIdentChar(text[i - 1]))) {
      const prefix = char === "b" ? 1 : 0;
      const literal = text[i + prefix] === '"' ? cooked(text, i + prefix) : raw(text, i + prefix);
      i = literal ? literal.end : i + 1;
      continue;
    }
    if (char === "'") {
      const charLiteral = /^'(?:\\u\{[0-9a-fA-F]{1,6}\}|\\.|[^\\'\n])'/.exec(text.slice(i, i + 12));
      i += charLiteral ? charLiteral[0].length : 1;
      continue;
    }
    i++;
  }
  return out + blank(text.slice(kept));
}
