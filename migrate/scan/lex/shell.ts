// Shell lexer: each word (quoted and unquoted pieces, `$VAR`, `${VAR:-default}`, `$(…)`) is one
// string token; a `\` line continuation joins lines; a newline, `;`, `|` or `&` ends a
// command (an "nl" or punct token); here-document bodies are skipped; `NAME=value` at the
// start of a command is an assignment (ident, `=`, value).

import { type Part, pushText, skipGroup, type Token } from "./tokens.js";

const META = new Set([" ", "\t", "\r", "\n", ";", "|", "&", "(", ")", "<", ">"]);

/** `$NAME`, `${…}`, `$(…)` at `i` (text[i] === "$"): the hole text and the index after it. */
function dollar(text: string, i: number): { hole: string; end: number } | undefined {
  const next = text[i + 1];
  if (next === "{") {
    const end = skipGroup(text, i + 1, "{", "}");
    return { hole: text.slice(i + 2, end - 1), end };
  }
  if (next === "(") {
    const end = skipGroup(text, i + 1, "(", ")");
    return { hole: text.slice(i, end), end };
  }
  const name = /^[A-Za-z_]\w*|^[0-9@*#?$!-]/.exec(text.slice(i + 1, i + 65));
  return name ? { hole: name[0], end: i + 1 + name[0].length } : undefined;
}

/** One word from `i`; returns its parts and the index after it. */
function word(text: string, i: number): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let j = i;
  while (j < text.length) {
    const char = text[j] as string;
    if (META.has(char)) {
      // `…/v1/networkvolumes/<id>`: a placeholder as docs write one, not a redirection.
      const placeholder = char === "<" && text[j - 1] === "/" ? /^<[A-Za-z_][\w-]*>/.exec(text.slice(j, j + 64))?.[0] : undefined;
      if (placeholder === undefined) break;
      pushText(parts, placeholder);
      j += placeholder.length;
      continue;
    }
    if (char === "\\") {
      if (text[j + 1] !== "\n") pushText(parts, text[j + 1] ?? "");
      j += 2;
    } else if (char === "'" || (char === "$" && text[j + 1] === "'")) {
      const from = char === "$" ? j + 2 : j + 1;
      const end = text.indexOf("'", from);
      pushText(parts, text.slice(from, end < 0 ? text.length : end));
      j = end < 0 ? text.length : end + 1;
    } else if (char === '"') {
      j++;
      while (j < text.length && text[j] !== '"') {
        const quotedChar = text[j] as string;
        const hole = quotedChar === "$" ? dollar(text, j) : undefined;
        if (hole) {
          parts.push({ hole: hole.hole });
          j = hole.end;
        } else if (quotedChar === "\\" && j + 1 < text.length) {
          if (text[j + 1] !== "\n") pushText(parts, text[j + 1] as string);
          j += 2;
        } else {
          pushText(parts, quotedChar);
          j++;
        }
      }
      j++;
    } else if (char === "`") {
      const end = text.indexOf("`", j + 1);
      parts.push({ hole: text.slice(j, end < 0 ? text.length : end + 1) });
      j = end < 0 ? text.length : end + 1;
    } else if (char === "$" && dollar(text, j)) {
      const hole = dollar(text, j) as { hole: string; end: number };
      parts.push({ hole: hole.hole });
      j = hole.end;
    } else {
      pushText(parts, char);
      j++;
    }
  }
  return { parts, end: Math.min(j, text.length) };
}

/**
 * At a word start `i`: when the whole word is `"$(…)"` (the substitution's `)` right before the
 * closing quote), the offset of that `)`; else undefined (`"id: $(…)"` stays one word).
 */
function quotedSubstitution(text: string, i: number): number | undefined {
  if (!text.startsWith('"$(', i) || text.startsWith('"$((', i)) return undefined;
  const end = skipGroup(text, i + 2, "(", ")");
  if (end >= text.length || text[end] !== '"' || text[end - 1] !== ")") return undefined;
  const after = text[end + 1];
  return after === undefined || META.has(after) ? end - 1 : undefined;
}

export function lexShell(text: string): Token[] {
  const tokens: Token[] = [];
  const heredocs: { delimiter: string; strip: boolean }[] = [];
  let commandStart = true;
  /** Where each open `"$(` closes: the offset of its `)`, followed by `"`. */
  const closes: number[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "\\" && text[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r") {
      i++;
      continue;
    }
    if (char === "#") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (char === "\n") {
      tokens.push({ kind: "nl", start: i, end: i + 1, text: "\n" });
      i++;
      commandStart = true;
      // Here-document bodies start on the next line and run to their delimiter line.
      for (const doc of heredocs.splice(0)) {
        while (i < text.length) {
          const nl = text.indexOf("\n", i);
          const line = text.slice(i, nl < 0 ? text.length : nl);
          i = nl < 0 ? text.length : nl + 1;
          if ((doc.strip ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
        }
      }
      continue;
    }
    if (META.has(char) && !(char === ")" && closes[closes.length - 1] === i)) {
      const heredoc = /^<<(-?)\s*(['"]?)([A-Za-z_][\w-]*)\2/.exec(text.slice(i, i + 80));
      if (heredoc) {
        heredocs.push({ delimiter: heredoc[3] as string, strip: heredoc[1] === "-" });
        i += heredoc[0].length;
        continue;
      }
      const two = text.slice(i, i + 2);
      const punct = two === "&&" || two === "||" ? two : char;
      tokens.push({ kind: "punct", start: i, end: i + punct.length, text: punct });
      i += punct.length;
      if (punct !== "<" && punct !== ">") commandStart = true;
      continue;
    }
    // `$(…)` outside quotes is a command of its own: `ID=$(curl … "$API/pods" | jq …)`.
    if (text.startsWith("$(", i) && !text.startsWith("$((", i)) {
      tokens.push({ kind: "punct", start: i, end: i + 2, text: "(" });
      i += 2;
      commandStart = true;
      continue;
    }
    // A whole word `"$(…)"` is one too (bash reads the inside as a command of its own): its
    // `"$(` and `)"` become the group's brackets, so `out="$(curl -X POST "…/v1/pods")"` is read.
    const quoted = quotedSubstitution(text, i);
    if (quoted !== undefined) {
      tokens.push({ kind: "punct", start: i, end: i + 3, text: "(" });
      closes.push(quoted);
      i += 3;
      commandStart = true;
      continue;
    }
    if (char === ")" && closes[closes.length - 1] === i) {
      closes.pop();
      tokens.push({ kind: "punct", start: i, end: i + 2, text: ")" });
      i += 2;
      commandStart = false;
      continue;
    }
    const assignment = commandStart ? /^[A-Za-z_]\w*(?==)/.exec(text.slice(i, i + 128)) : null;
    if (assignment) {
      const name = assignment[0];
      tokens.push({ kind: "ident", start: i, end: i + name.length, text: name });
      tokens.push({ kind: "punct", start: i + name.length, end: i + name.length + 1, text: "=" });
      i += name.length + 1;
      if (i < text.length && !META.has(text[i] as string) && !text.startsWith("$(", i) && quotedSubstitution(text, i) === undefined) {
        const assigned = word(text, i);
        tokens.push({ kind: "str", start: i, end: assigned.end, text: text.slice(i, assigned.end), parts: assigned.parts });
        i = assigned.end;
      }
      continue;
    }
    const plain = word(text, i);
    const end = Math.max(plain.end, i + 1);
    const raw = text.slice(i, end);
    tokens.push({ kind: "str", start: i, end, text: raw, parts: plain.parts });
    // `export`, `local`, `readonly` keep the next word at a command start (for assignments).
    commandStart = /^(export|local|readonly|declare|typeset|env)$/.test(raw);
    i = end;
  }
  return tokens;
}
