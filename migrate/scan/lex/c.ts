// Lexers for the C-like family: TypeScript/JavaScript (template literals, regex literals),
// Go (raw strings, runes) and Python (string prefixes, triple quotes, f-strings).

import { identEnd, type Part, pushPlain, pushText, skipGroup, type Token, tokenPusher, unescape } from "./tokens.js";

interface Syntax {
  lineComment: string;
  blockComment: boolean;
  /** What a backtick opens: a JS template literal, a Go raw string, or nothing. */
  backtick: "template" | "raw" | "none";
  python: boolean;
  regex: boolean;
}

const JS: Syntax = { lineComment: "//", blockComment: true, backtick: "template", python: false, regex: true };
const GO: Syntax = { lineComment: "//", blockComment: true, backtick: "raw", python: false, regex: false };
const PY: Syntax = { lineComment: "#", blockComment: false, backtick: "none", python: true, regex: false };

/** Tokens after which `/` starts a regex literal rather than a division. */
const BEFORE_REGEX = new Set([
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "&&",
  "||",
  "??",
  "=>",
  "==",
  "===",
  "!=",
  "!==",
  "return",
  "typeof",
]);

/** A quoted string from `i` (at the opening quote); `hole` reads an interpolation at `j`. */
function quoted(text: string, i: number, quote: string, opts: { triple: boolean; raw: boolean; holes: "none" | "${}" | "{}" }): { end: number; parts: Part[] } {
  const parts: Part[] = [];
  const close = opts.triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  let buf = "";
  while (j < text.length) {
    const char = text[j] as string;
    if (text.startsWith(close, j)) {
      pushText(parts, buf);
      return { end: j + close.length, parts };
    }
    if (!opts.triple && char === "\n" && quote !== "`") break;
    if (char === "\\" && !opts.raw) {
      buf += unescape(text[j + 1] ?? "");
      j += 2;
      continue;
    }
    if (opts.holes === "${}" && char === "$" && text[j + 1] === "{") {
      const end = skipGroup(text, j + 1, "{", "}");
      pushText(parts, buf);
      buf = "";
      parts.push({ hole: text.slice(j + 2, end - 1).trim() });
      j = end;
      continue;
    }
    if (opts.holes === "{}" && char === "{") {
      if (text[j + 1] === "{") {
        buf += "{";
        j += 2;
        continue;
      }
      const end = skipGroup(text, j, "{", "}");
      pushText(parts, buf);
      buf = "";
      // `{pod_id!r:>10}` names pod_id.
      parts.push({ hole: (text.slice(j + 1, end - 1).split(/[!:](?![=:])/)[0] ?? "").trim() });
      j = end;
      continue;
    }
    if (opts.holes === "{}" && char === "}" && text[j + 1] === "}") {
      buf += "}";
      j += 2;
      continue;
    }
    buf += char;
    j++;
  }
  pushText(parts, buf);
  return { end: j, parts };
}

function lexWith(syntax: Syntax): (text: string) => Token[] {
  return (text) => {
    const tokens: Token[] = [];
    const push = tokenPusher(tokens, text);
    let i = 0;
    while (i < text.length) {
      const char = text[i] as string;
      if (char === " " || char === "\t" || char === "\r" || char === "\n") {
        i++;
        continue;
      }
      if (text.startsWith(syntax.lineComment, i)) {
        const nl = text.indexOf("\n", i);
        i = nl < 0 ? text.length : nl;
        continue;
      }
      if (syntax.blockComment && text.startsWith("/*", i)) {
        const end = text.indexOf("*/", i + 2);
        i = end < 0 ? text.length : end + 2;
        continue;
      }
      if (syntax.python && /[rRbBfFuU]/.test(char)) {
        const prefix = /^[rRbBfFuU]{1,2}(?=["'])/.exec(text.slice(i, i + 3));
        if (prefix) {
          const flags = prefix[0].toLowerCase();
          const quote = text[i + flags.length] as string;
          const triple = text.startsWith(quote.repeat(3), i + flags.length);
          const literal = quoted(text, i + flags.length, quote, { triple, raw: flags.includes("r"), holes: flags.includes("f") ? "{}" : "none" });
          push("str", i, literal.end, literal.parts);
          i = literal.end;
          continue;
        }
      }
      if (char === '"' || char === "'") {
        const triple = syntax.python && text.startsWith(char.repeat(3), i);
        const literal = quoted(text, i, char, { triple, raw: false, holes: "none" });
        push("str", i, literal.end, literal.parts);
        i = literal.end;
        continue;
      }
      if (char === "`" && syntax.backtick !== "none") {
        const literal = quoted(text, i, "`", { triple: false, raw: syntax.backtick === "raw", holes: syntax.backtick === "template" ? "${}" : "none" });
        push("str", i, literal.end, literal.parts);
        i = literal.end;
        continue;
      }
      if (syntax.regex && char === "/") {
        const prev = tokens[tokens.length - 1];
        if (!prev || BEFORE_REGEX.has(prev.text) || (prev.kind === "punct" && !/[)\]}]/.test(prev.text))) {
          i = skipRegex(text, i);
          continue;
        }
      }
      i = pushPlain(tokens, text, i);
    }
    return tokens;
  };
}

/** Past a regex literal `/…/flags` (character classes may hold `/`); stops at the line end. */
function skipRegex(text: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < text.length; j++) {
    const char = text[j];
    if (char === "\n") return j;
    if (char === "\\") j++;
    else if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    else if (char === "/" && !inClass) return identEnd(text, j + 1);
  }
  return text.length;
}

export const lexJs = lexWith(JS);
export const lexGo = lexWith(GO);
export const lexPython = lexWith(PY);
