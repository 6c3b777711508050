// PowerShell lexer: '…' and "…" strings (with `$var`, `${var}`, `$(…)` and backtick escapes),
// here-strings, `#` and `<# … #>` comments, a backtick at a line end joins lines; variables
// (`$BaseUrl`), commands (`Invoke-RestMethod`) and parameters (`-Method`) are identifiers.

import { type Part, pushNumberOrPunct, pushText, skipGroup, type Token, tokenPusher } from "./tokens.js";

const WORD = /[A-Za-z0-9_\-:.]/;

function variable(text: string, i: number): { name: string; end: number } | undefined {
  if (text[i + 1] === "{") {
    const end = skipGroup(text, i + 1, "{", "}");
    return { name: text.slice(i + 2, end - 1), end };
  }
  const match = /^[A-Za-z_][\w]*(?::[A-Za-z_]\w*)?/.exec(text.slice(i + 1, i + 129));
  return match ? { name: match[0], end: i + 1 + match[0].length } : undefined;
}

function expandable(text: string, i: number, close: string): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let j = i;
  while (j < text.length) {
    if (text.startsWith(close, j)) {
      if (close === '"' && text[j + 1] === '"') {
        pushText(parts, '"');
        j += 2;
        continue;
      }
      return { parts, end: j + close.length };
    }
    const char = text[j] as string;
    if (char === "`") {
      pushText(parts, text[j + 1] === "n" ? "\n" : (text[j + 1] ?? ""));
      j += 2;
    } else if (char === "$" && text[j + 1] === "(") {
      const end = skipGroup(text, j + 1, "(", ")");
      parts.push({ hole: text.slice(j, end) });
      j = end;
    } else if (char === "$" && variable(text, j)) {
      const reference = variable(text, j) as { name: string; end: number };
      parts.push({ hole: `$${reference.name}` });
      j = reference.end;
    } else {
      pushText(parts, char);
      j++;
    }
  }
  return { parts, end: j };
}

export function lexPowerShell(text: string): Token[] {
  const tokens: Token[] = [];
  const push = tokenPusher(tokens, text);
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "`" && (text[i + 1] === "\n" || (text[i + 1] === "\r" && text[i + 2] === "\n"))) {
      i += text[i + 1] === "\r" ? 3 : 2;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") {
      i++;
      continue;
    }
    if (char === "\n") {
      push("nl", i, i + 1);
      i++;
      continue;
    }
    if (text.startsWith("<#", i)) {
      const end = text.indexOf("#>", i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (char === "#") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (text.startsWith('@"', i) || text.startsWith("@'", i)) {
      const quote = text[i + 1] as string;
      const close = `\n${quote}@`;
      if (quote === '"') {
        const literal = expandable(text, i + 2, close);
        push("str", i, literal.end, literal.parts);
        i = literal.end;
      } else {
        const end = text.indexOf(close, i + 2);
        const stop = end < 0 ? text.length : end + close.length;
        push("str", i, stop, [{ text: text.slice(i + 2, end < 0 ? text.length : end) }]);
        i = stop;
      }
      continue;
    }
    if (char === "'") {
      let j = i + 1;
      let buf = "";
      while (j < text.length) {
        if (text[j] === "'" && text[j + 1] === "'") {
          buf += "'";
          j += 2;
        } else if (text[j] === "'") break;
        else buf += text[j++];
      }
      push("str", i, Math.min(j + 1, text.length), [{ text: buf }]);
      i = j + 1;
      continue;
    }
    if (char === '"') {
      const literal = expandable(text, i + 1, '"');
      push("str", i, literal.end, literal.parts);
      i = literal.end;
      continue;
    }
    if (char === "$" && variable(text, i)) {
      const reference = variable(text, i) as { name: string; end: number };
      push("ident", i, reference.end);
      i = reference.end;
      continue;
    }
    if (/[A-Za-z_]/.test(char) || (char === "-" && /[A-Za-z]/.test(text[i + 1] ?? ""))) {
      let j = i + 1;
      while (j < text.length && WORD.test(text[j] as string)) j++;
      // `Invoke-RestMethod.` is not a call on a member; a trailing dot belongs to nothing.
      while (text[j - 1] === "." && j > i + 1) j--;
      push("ident", i, j);
      i = j;
      continue;
    }
    i = pushNumberOrPunct(tokens, text, i);
  }
  return tokens;
}
