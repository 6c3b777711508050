// `migrate scan --fix --unsafe-fixes` (issue 41): a call that the fix takes to its v2 route with a
// body v2kit did not write (a v1 body it could not migrate, or one built where v2kit cannot see)
// gets a one-line comment above its statement, in the file's own comment syntax:
//
//     # v2kit: POST /pods moved to POST /v2/pods, and its body is still v1 (v2 refuses it: 422): …
//
// Moved, such a call reads as a v2 call to every later scan; the comment is what keeps it reported
// (rule `v1-body-left`, level error) until the user makes the body v2's and deletes the comment.
// A read of a moved call's answer that the fix leaves as written (`payload.get("items", [])`, a
// field read the fix may not rewrite) gets one too, reported as `v1-response-field`.
// Without a place for the comment (prose, a statement v2kit cannot find the start of), the fix
// does not move the call at all.

import { languageOf, LEXERS } from "./lex/languages.js";
import type { Token } from "./lex/tokens.js";
import type { Dialect } from "./method.js";
import type { Finding } from "./resolve.js";

/** The rule id of a call a fix moved to v2 with a body it did not migrate, found by its comment. */
export const BODY_LEFT_RULE = "v1-body-left";

const COMMENT: Record<Dialect, string> = { js: "//", go: "//", rust: "//", php: "//", python: "#", shell: "#", powershell: "#" };

/** The comment's words after `v2kit: `, for a call whose v1 body is left as written. */
export function stuckMarkerText(v1: string, v2: string, operation: string): string {
  return `${v1} moved to ${v2}, and its body is still v1 (v2 refuses it: 422): make it the v2 ${operation} body, then delete this comment`;
}

/** The comment's words after `v2kit: `, for a call whose body is built where v2kit cannot see it. */
export function unseenMarkerText(v1: string, v2: string, operation: string): string {
  return `${v1} moved to ${v2}, and its body is built where v2kit cannot see it: check that it is the v2 ${operation} body, then delete this comment`;
}

/**
 * The comment's words after `v2kit: `, for a read of a moved call's answer left as written: the v1
 * field it reads (`[…]` for a list) and where v2 answers it (null: no one place).
 */
export function readMarkerText(v1: string, v2: string, field: string, place: string | null): string {
  const where = place === null ? "v2 has no one place for it" : `v2 answers it at ${place}`;
  return `${v1} moved to ${v2}, and this reads its v1 answer (${field}): ${where}; change the read, then delete this comment`;
}

const MARKER =
  /^([ \t]*)(?:#|\/\/)[ \t]*(v2kit: (GET|POST|PUT|PATCH|DELETE) (\/\S*) moved to (GET|POST|PUT|PATCH|DELETE) (\/v2\/\S*?),? (and (?:its body|this reads its v1 answer) [^\r\n]*))$/gm;
/** A read marker's field and v2 place. */
const READ = /^and this reads its v1 answer \((.*?)\): ((?:v2 answers it at (\S+)|v2 has no one place for it);.*)$/;

/** Tokens that end a line the statement goes on after (`foo(`, `a,`, `x =`, `a +`). */
const ENDS_OPEN = new Set(["(", "[", ",", "=", ":=", "+", "-", "*", "/", "&&", "||", "??", "?", ".", "=>", "|", "%"]);
/** Tokens that start a line continuing the one before (`.then(…)`, `)`, `+ b`). */
const STARTS_ON = new Set([".", ")", "]", "+", "&&", "||", "??", "?", "|"]);

/**
 * The comment's insertion before the statement that holds `offset` in `source` (the file at
 * `path`): on a line of its own, indented as the statement's first line, with the file's line
 * ends. Undefined when the file has no comment syntax v2kit writes (prose, an unknown language) or
 * the statement's first line does not begin with code.
 */
export function markerEdit(path: string, source: string, offset: number, words: string): { start: number; end: number; text: string } | undefined {
  const dialect = languageOf(path, source);
  if (dialect === undefined || dialect === "markdown") return undefined;
  const all = LEXERS[dialect](source);
  const tokens = all.filter((t) => t.kind !== "nl");
  let first = tokens.findIndex((t) => t.end > offset);
  if (first < 0) return undefined;
  const lineStart = (at: number) => source.lastIndexOf("\n", at - 1) + 1;
  const firstOfLine = (k: number) => {
    const start = lineStart((tokens[k] as Token).start);
    let j = k;
    while (j > 0 && (tokens[j - 1] as Token).start >= start) j--;
    return j;
  };
  // A statement end between two tokens, as shell and PowerShell lexers mark it.
  const endsBetween = (a: Token, b: Token) => all.some((t) => t.kind === "nl" && t.start >= a.end && t.end <= b.start);
  const lineOnly = dialect === "shell" || dialect === "powershell";
  first = firstOfLine(first);
  for (let guard = 0; first > 0 && guard < 200; guard++) {
    const current = tokens[first] as Token;
    const before = tokens[first - 1] as Token;
    const previous = firstOfLine(first - 1);
    const rawPrevious = source.slice(lineStart(before.start), lineStart(current.start)).replace(/[ \t]*\r?\n$/, "");
    let open = 0;
    for (let j = previous; j < first; j++) {
      const text = (tokens[j] as Token).text;
      if (text === "(" || text === "[") open++;
      else if (text === ")" || text === "]") open--;
    }
    const continues = lineOnly
      ? !endsBetween(before, current)
      : open > 0 || ENDS_OPEN.has(before.text) || STARTS_ON.has(current.text) || ((dialect === "python" || dialect === "js") && rawPrevious.endsWith("\\"));
    if (!continues) break;
    first = previous;
  }
  const start = lineStart((tokens[first] as Token).start);
  const indent = /^[ \t]*/.exec(source.slice(start))?.[0] ?? "";
  // The line must begin with the statement's first token: not inside a string that began on a line above.
  if (start + indent.length !== (tokens[first] as Token).start) return undefined;
  const eol = source.includes("\r\n") ? "\r\n" : "\n";
  return { start, end: start, text: `${indent}${COMMENT[dialect]} v2kit: ${words}${eol}` };
}

/** The calls and reads a fix marked in this file (see the top of this file): one `v1-body-left` or `v1-response-field` finding each. */
export function markedFindings(path: string, text: string): Finding[] {
  if (!text.includes("v2kit: ")) return [];
  const dialect = languageOf(path, text);
  if (dialect === undefined || dialect === "markdown") return [];
  const found: Finding[] = [];
  for (const match of text.matchAll(MARKER)) {
    const [, , words, v1Method, v1Path, v2Method, v2Path, rest] = match as unknown as string[];
    const at = (match.index ?? 0) + (match[0].length - (words as string).length);
    const line = text.slice(0, at).split("\n").length;
    const column = at - (text.lastIndexOf("\n", at - 1) + 1) + 1;
    const read = READ.exec(rest as string);
    const routes = { v1: { method: v1Method as string, path: v1Path as string }, v2: { method: v2Method as string, path: v2Path as string } };
    found.push(
      read
        ? {
            line,
            column,
            match: words as string,
            ...routes,
            notes: [{ level: "warning", field: read[1] as string, message: `a fix moved the call whose answer this reads to v2: ${read[2] as string}` }],
            confidence: "certain",
            inferred: [],
            ruleId: "v1-response-field",
            responseField: { v1: read[1] as string, v2: read[3] ?? null },
          }
        : {
            line,
            column,
            match: words as string,
            ...routes,
            notes: [{ level: "error", message: `a fix moved this call to v2 ${rest as string}` }],
            confidence: "certain",
            inferred: [],
            ruleId: BODY_LEFT_RULE,
          },
    );
  }
  return found;
}
