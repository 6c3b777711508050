// One shell word read and written by bash's own rules (a script, not an interactive shell):
// quote removal, backslash escapes, and where a parameter or command substitution splices a
// value in. A fix to a `curl -d '…'` body is judged by the argument bash would pass after it,
// with every splice given sample values; a word with a construct these rules do not model
// (backquotes, `$'…'`, `$@`, an unquoted glob, brace or tilde) is not read, so it is not fixed.

import { skipGroup } from "./lex/tokens.js";

/** Literal text, or a value spliced in: `key` names the value (the variable, or the source of `$(…)`). */
export type WordPiece = { text: string } | { splice: string; key: string; quoted: boolean };

export type ReadWord = { pieces: WordPiece[] } | { reason: string };

const NAME = /^[A-Za-z_]\w*/;
/** Characters bash acts on when they come unquoted from an expansion or are written unquoted. */
const FIELD_OR_GLOB = /[ \t\n*?[]/;

function pushText(pieces: WordPiece[], text: string): void {
  const last = pieces[pieces.length - 1];
  if (last && "text" in last) last.text += text;
  else if (text !== "") pieces.push({ text });
}

/** The expansion at `i` (`src[i] === "$"`): its source, its key, and the index after it; a reason when bash would do more than splice one value; undefined when the `$` is literal. */
function expansion(src: string, i: number, quoted: boolean): { splice: string; key: string; end: number } | { reason: string } | undefined {
  const next = src[i + 1] ?? "";
  if (next === "{") {
    const end = skipGroup(src, i + 1, "{", "}");
    const inner = src.slice(i + 2, end - 1);
    if (end > src.length || src[end - 1] !== "}") return { reason: "an unterminated ${" };
    if (/^(?:[A-Za-z_]\w*|\d+)$/.test(inner)) return { splice: src.slice(i, end), key: inner, end };
    // `${MIN:-1}` inside double quotes stays the same text in the same context: one opaque value
    // (not `${a[@]}`, which is several words).
    if (quoted && !/[`"'\\@]/.test(inner)) return { splice: src.slice(i, end), key: src.slice(i, end), end };
    return { reason: `\`${src.slice(i, end)}\` outside double quotes` };
  }
  if (next === "(") {
    const end = skipGroup(src, i + 1, "(", ")");
    if (src[end - 1] !== ")") return { reason: "an unterminated $(" };
    if (!quoted) return { reason: `\`${src.slice(i, end)}\` outside double quotes` };
    return { splice: src.slice(i, end), key: src.slice(i, end), end };
  }
  if (next === "'" || next === '"') return quoted ? undefined : { reason: `a $${next}…${next} string` };
  const name = NAME.exec(src.slice(i + 1, i + 129))?.[0];
  if (name) return { splice: `$${name}`, key: name, end: i + 1 + name.length };
  if (/[0-9#?$!-]/.test(next)) return { splice: `$${next}`, key: next, end: i + 2 };
  if (next === "@" || next === "*") return { reason: `$${next} (it can expand to several words)` };
  return undefined;
}

/** The pieces of a word as bash reads it, or why v2kit does not read it. */
export function readWord(src: string): ReadWord {
  const pieces: WordPiece[] = [];
  let quoted = false;
  for (let i = 0; i < src.length;) {
    const char = src[i] as string;
    if (char === "`") return { reason: "a backquoted command" };
    if (char === "$") {
      const expanded = expansion(src, i, quoted);
      if (expanded && "reason" in expanded) return expanded;
      if (expanded) {
        pieces.push({ splice: expanded.splice, key: expanded.key, quoted });
        i = expanded.end;
        continue;
      }
      pushText(pieces, char);
      i++;
      continue;
    }
    if (quoted) {
      if (char === '"') quoted = false;
      else if (char === "\\" && i + 1 < src.length && '$`"\\\n'.includes(src[i + 1] as string)) {
        if (src[i + 1] !== "\n") pushText(pieces, src[i + 1] as string);
        i++;
      } else pushText(pieces, char);
      i++;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) return { reason: "an unterminated ' string" };
      pushText(pieces, src.slice(i + 1, end));
      i = end;
    } else if (char === "\\") {
      if (i + 1 >= src.length) return { reason: "a trailing backslash" };
      if (src[i + 1] !== "\n") pushText(pieces, src[i + 1] as string);
      i++;
    } else if (FIELD_OR_GLOB.test(char) || /[{}~<>|&;()]/.test(char)) return { reason: `an unquoted \`${char}\`` };
    else pushText(pieces, char);
    i++;
  }
  if (quoted) return { reason: 'an unterminated " string' };
  return { pieces };
}

/** The argument bash passes for `pieces` with each splice's value from `values`; undefined when an unquoted value would be split or globbed. */
export function expandWord(pieces: readonly WordPiece[], values: ReadonlyMap<string, string>): string | undefined {
  let out = "";
  for (const piece of pieces) {
    if ("text" in piece) {
      out += piece.text;
      continue;
    }
    const value = values.get(piece.key);
    if (value === undefined || (!piece.quoted && FIELD_OR_GLOB.test(value))) return undefined;
    out += value;
  }
  return out;
}

/**
 * A word bash reads as `pieces`, in the quoting style of `quote`: single quotes with each splice
 * double-quoted between them (`'{"min": '"$MIN"'}'`), or double quotes with `\`, `"`, `$` and
 * `` ` `` escaped, a `!` written in single quotes between them (an interactive shell, where docs
 * are pasted, would expand it in double quotes).
 */
export function writeWord(pieces: readonly WordPiece[], quote: "'" | '"'): string {
  let out = "";
  let open = "";
  const enter = (quoteChar: string) => {
    if (open === quoteChar) return;
    out += open + quoteChar;
    open = quoteChar;
  };
  const leave = () => {
    out += open;
    open = "";
  };
  for (const [index, piece] of pieces.entries()) {
    if ("splice" in piece) {
      const following = pieces[index + 1];
      const glued = following !== undefined && "text" in following && /^\w/.test(following.text) && NAME.test(piece.splice.slice(1));
      enter('"');
      out += glued && piece.splice.startsWith("$") && !piece.splice.startsWith("${") ? `\${${piece.splice.slice(1)}}` : piece.splice;
      if (quote === "'") leave();
      continue;
    }
    for (const char of piece.text) {
      if ((char === "!" && quote === '"') || (char === "'" && quote === "'")) {
        leave();
        out += char === "!" ? "'!'" : "\\'";
      } else if (quote === "'") {
        enter("'");
        out += char;
      } else {
        enter('"');
        out += /[\\"$`]/.test(char) ? `\\${char}` : char;
      }
    }
  }
  leave();
  return out;
}

/**
 * The pieces of a here-document's text as bash reads it: with a quoted delimiter (`<<'EOF'`) the
 * text as written; otherwise `$NAME`, `${…}` and `$(…)` splice values in (never split or globbed)
 * and a backslash escapes `$`, `` ` ``, `\` and a line break, other backslashes staying as written.
 */
export function readHeredoc(src: string, expands: boolean): ReadWord {
  if (!expands) return { pieces: src === "" ? [] : [{ text: src }] };
  const pieces: WordPiece[] = [];
  for (let i = 0; i < src.length;) {
    const char = src[i] as string;
    if (char === "`") return { reason: "a backquoted command" };
    if (char === "$") {
      const expanded = expansion(src, i, true);
      if (expanded && "reason" in expanded) return expanded;
      if (expanded) {
        pieces.push({ splice: expanded.splice, key: expanded.key, quoted: true });
        i = expanded.end;
        continue;
      }
    } else if (char === "\\" && i + 1 < src.length && "$`\\\n".includes(src[i + 1] as string)) {
      if (src[i + 1] !== "\n") pushText(pieces, src[i + 1] as string);
      i += 2;
      continue;
    }
    pushText(pieces, char);
    i++;
  }
  return { pieces };
}

/**
 * Here-document text bash reads as `pieces` (readHeredoc's inverse): with expansion, `$`, `` ` ``
 * and a backslash bash would take as an escape are escaped; without, the text must hold no splice.
 */
export function writeHeredoc(pieces: readonly WordPiece[], expands: boolean): string | undefined {
  let out = "";
  for (const [index, piece] of pieces.entries()) {
    if ("splice" in piece) {
      if (!expands) return undefined;
      const following = pieces[index + 1];
      const glued = following !== undefined && "text" in following && /^\w/.test(following.text) && NAME.test(piece.splice.slice(1));
      out += glued && piece.splice.startsWith("$") && !piece.splice.startsWith("${") ? `\${${piece.splice.slice(1)}}` : piece.splice;
      continue;
    }
    if (!expands) {
      out += piece.text;
      continue;
    }
    for (let at = 0; at < piece.text.length; at++) {
      const char = piece.text[at] as string;
      if (char === "$" || char === "`") out += `\\${char}`;
      else if (char === "\\") {
        // A backslash stays one unless bash would read it and what follows as an escape (a splice follows with its `$`).
        const next = at + 1 < piece.text.length ? (piece.text[at + 1] as string) : index + 1 < pieces.length ? "$" : "";
        out += next !== "" && "$`\\\n".includes(next) ? "\\\\" : "\\";
      } else out += char;
    }
  }
  return out;
}
