// PHP lexer: `<?php` … `?>` code (text outside the tags is skipped), `//`, `#` and `/* */`
// comments (`#[…]` is an attribute, read as code), single-quoted strings (only `\\` and `\'`
// escape), double-quoted strings and heredocs whose `$var`, `$var->prop`, `$var[…]`, `{$expr}`
// and `${expr}` are interpolations (holes), and nowdocs (`<<<'ID'`, literal).
//
// The readers of `migrate scan` are written for C-like member and concatenation syntax, so the
// tokens speak it: PHP's member arrows (`->`, `?->`) are `.` tokens and its concatenation (`.`,
// `.=`) is `+` / `+=`; each token's offsets still name the PHP source text, which is what a fix
// edits. Variables keep their `$` (`$baseUrl`), as identifiers do in JavaScript.

import { isIdentStart, identEnd, type Part, pushNumberOrPunct, pushText, skipGroup, type Token, unescape } from "./tokens.js";

/** The hole a `$` at `j` of a double-quoted string starts (`$id`, `$pod->id`, `$ids[0]`), and where it ends; undefined when `$` is literal. */
function simpleHole(text: string, j: number): { hole: string; end: number } | undefined {
  if (!isIdentStart(text[j + 1]) || text[j + 1] === "$") return undefined;
  let end = identEnd(text, j + 1);
  if (text.startsWith("->", end) && isIdentStart(text[end + 2]) && text[end + 2] !== "$") end = identEnd(text, end + 2);
  else if (text[end] === "[") {
    const close = text.indexOf("]", end);
    if (close > 0 && !text.slice(end, close).includes("\n")) end = close + 1;
  }
  return { hole: text.slice(j, end), end };
}

/** The parts of an interpolating string body from `from` to `to` (exclusive). */
function interpolated(text: string, from: number, to: number, quote: string): Part[] {
  const parts: Part[] = [];
  let buf = "";
  let j = from;
  while (j < to) {
    const char = text[j] as string;
    if (char === "\\") {
      const next = text[j + 1] ?? "";
      if (next === "$" || next === quote || next === "\\") buf += next;
      else if (/[ntrvef0]/.test(next)) buf += next === "v" ? "\v" : next === "e" ? "\x1b" : next === "f" ? "\f" : next === "0" ? "\0" : unescape(next);
      else buf += char + next;
      j += 2;
      continue;
    }
    if ((char === "{" && text[j + 1] === "$") || (char === "$" && text[j + 1] === "{")) {
      const open = char === "{" ? j : j + 1;
      const end = Math.min(skipGroup(text, open, "{", "}"), to);
      pushText(parts, buf);
      buf = "";
      parts.push({ hole: text.slice(open + 1, end - 1).trim() });
      j = end;
      continue;
    }
    if (char === "$") {
      const hole = simpleHole(text, j);
      if (hole && hole.end <= to) {
        pushText(parts, buf);
        buf = "";
        parts.push({ hole: hole.hole });
        j = hole.end;
        continue;
      }
    }
    buf += char;
    j++;
  }
  pushText(parts, buf);
  return parts;
}

/** A single-quoted string from `i`: its end and literal text. */
function single(text: string, i: number): { end: number; parts: Part[] } {
  let buf = "";
  let j = i + 1;
  while (j < text.length && text[j] !== "'") {
    if (text[j] === "\\" && (text[j + 1] === "'" || text[j + 1] === "\\")) {
      buf += text[j + 1];
      j += 2;
      continue;
    }
    buf += text[j];
    j++;
  }
  const parts: Part[] = [];
  pushText(parts, buf);
  return { end: Math.min(j + 1, text.length), parts };
}

/** A double-quoted string from `i`. */
function double(text: string, i: number): { end: number; parts: Part[] } {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
  const close = Math.min(j, text.length);
  return { end: Math.min(close + 1, text.length), parts: interpolated(text, i + 1, close, '"') };
}

/** A heredoc or nowdoc from `i` (at `<<<`); undefined when `<<<` opens neither. */
function heredoc(text: string, i: number): { end: number; parts: Part[] } | undefined {
  const open = /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1\r?\n/.exec(text.slice(i, i + 140));
  if (!open) return undefined;
  const nowdoc = open[1] === "'";
  const label = open[2] as string;
  const bodyStart = i + open[0].length;
  // The closing label: alone at the start of a line, indentation allowed (PHP 7.3), not followed by a name character.
  const closing = new RegExp(`(^|\\n)([ \\t]*)${label}(?![A-Za-z0-9_\\x80-\\uffff])`, "g");
  closing.lastIndex = bodyStart - 1;
  const found = closing.exec(text);
  if (!found) return { end: text.length, parts: nowdoc ? [{ text: text.slice(bodyStart) }] : interpolated(text, bodyStart, text.length, "") };
  const closeLine = found.index + (found[1] as string).length;
  const indent = (found[2] as string).length;
  const bodyEnd = Math.max(bodyStart, closeLine - 1);
  const end = closeLine + indent + label.length;
  // The closing label's indentation is removed from every line of the body.
  const dedent = (parts: Part[]): Part[] =>
    indent === 0 ? parts : parts.map((part) => ("text" in part ? { text: part.text.replace(new RegExp(`(^|\\n)[ \\t]{0,${indent}}`, "g"), "$1") } : part));
  if (nowdoc) return { end, parts: dedent(bodyStart < bodyEnd ? [{ text: text.slice(bodyStart, bodyEnd) }] : []) };
  return { end, parts: dedent(interpolated(text, bodyStart, bodyEnd, "")) };
}

export function lexPhp(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: Token["kind"], start: number, end: number, parts?: Part[], shown?: string) => {
    const written = shown ?? text.slice(start, end);
    tokens.push(parts ? { kind, start, end, text: written, parts } : { kind, start, end, text: written });
  };
  // Outside `<?php … ?>` is template text; a file with no open tag is all text.
  let i: number;
  const toCode = (from: number) => {
    const tag = /<\?(?:php\b|=)?/i.exec(text.slice(from));
    return tag ? from + tag.index + tag[0].length : text.length;
  };
  i = toCode(0);
  while (i < text.length) {
    const char = text[i] as string;
    if (char === " " || char === "\t" || char === "\r" || char === "\n") {
      i++;
      continue;
    }
    if (char === "?" && text[i + 1] === ">") {
      i = toCode(i + 2);
      continue;
    }
    if ((char === "#" && text[i + 1] !== "[") || (char === "/" && text[i + 1] === "/")) {
      // A line comment ends at the line end or at `?>`.
      let j = i;
      while (j < text.length && text[j] !== "\n" && !(text[j] === "?" && text[j + 1] === ">")) j++;
      i = j;
      continue;
    }
    if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (char === "'") {
      const literal = single(text, i);
      push("str", i, literal.end, literal.parts);
      i = literal.end;
      continue;
    }
    if (char === '"') {
      const literal = double(text, i);
      push("str", i, literal.end, literal.parts);
      i = literal.end;
      continue;
    }
    if (char === "<" && text.startsWith("<<<", i)) {
      const literal = heredoc(text, i);
      if (literal) {
        push("str", i, literal.end, literal.parts);
        i = literal.end;
        continue;
      }
    }
    // Member arrows read as `.`, concatenation as `+` (see the head of this file).
    if (char === "-" && text[i + 1] === ">") {
      push("punct", i, i + 2, undefined, ".");
      i += 2;
      continue;
    }
    if (char === "?" && text[i + 1] === "-" && text[i + 2] === ">") {
      push("punct", i, i + 3, undefined, ".");
      i += 3;
      continue;
    }
    if (char === "." && !/[0-9]/.test(text[i + 1] ?? "")) {
      if (text.startsWith("...", i)) {
        push("punct", i, i + 3);
        i += 3;
        continue;
      }
      const assigns = text[i + 1] === "=";
      push("punct", i, i + (assigns ? 2 : 1), undefined, assigns ? "+=" : "+");
      i += assigns ? 2 : 1;
      continue;
    }
    if (isIdentStart(char) || (char === "\\" && isIdentStart(text[i + 1]))) {
      // `$name`, `name`, and namespaced names (`\Foo\Bar`) as one identifier.
      let end = identEnd(text, i + 1);
      while (text[end] === "\\" && isIdentStart(text[end + 1])) end = identEnd(text, end + 1);
      push("ident", i, end);
      i = end;
      continue;
    }
    i = pushNumberOrPunct(tokens, text, i);
  }
  return tokens;
}
