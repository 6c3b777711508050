// A relative path sent through a request function of its file whose base is another server's
// (issue 41): a web app's front end that calls its own back end (`const API_BASE =
// import.meta.env.VITE_API_URL ?? (DEV ? 'http://localhost:3000/api' : '/api')`, then `fetch(`${API_BASE}${path}`)`
// in `runpodFetch(path)`, called as `runpodFetch(`/pods/${id}/start`)`), where the back end is the
// one that calls this API (weslleytiu/my-vm-control). The path names a v1 route, but the request
// goes to the app: not a call of this API, so not reported. Only a base whose every definition in
// the file is literals naming other servers counts; a base read from the environment alone, or any
// literal of this API's hosts, does not. Token-level, pure.

import { namesOurHost } from "./candidate.js";
import { bodyEnd, definitionOf } from "./definition.js";
import { openersAround, WALK_LIMIT } from "./evaluate.js";
import { literalText, type Token } from "./lex/tokens.js";
import { listItems } from "./chains.js";

/** A literal a base may be written as: a URL, or a path on the app's own server (`/api`). */
const URL_OR_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^\s]+|\/[\w./-]*)$/i;

/** Whether the path expression starting at token `exprStart` is an argument of a request function of the file whose base is another server's. */
export function sentToOtherServer(tokens: readonly Token[], exprStart: number, python: boolean): boolean {
  const [open] = openersAround(tokens, exprStart);
  if (open === undefined || tokens[open]?.text !== "(") return false;
  const callee = tokens[open - 1];
  if (callee?.kind !== "ident") return false;
  const index = listItems(tokens, open).findIndex(([a, b]) => a <= exprStart && exprStart <= b);
  const def = definitionOf(tokens, callee.text, python, true);
  if (index < 0 || !def) return false;
  const own = python && (def.params[0] === "self" || def.params[0] === "cls") && tokens[open - 2]?.text === "." ? 1 : 0;
  const param = def.params[index + own];
  if (param === undefined || param === "") return false;
  const end = bodyEnd(tokens, def, python, 4 * WALK_LIMIT);
  const base = joinedBase(tokens, def.body, end, param);
  return base !== undefined && otherServer(tokens, base);
}

/** The name the function body in tokens [from, end) joins before `param`: `${BASE}${param}`, `f"{BASE}{param}"`, `BASE + param`. */
function joinedBase(tokens: readonly Token[], from: number, end: number, param: string): string | undefined {
  for (let k = from; k < end; k++) {
    const t = tokens[k] as Token;
    if (t.kind === "str" && t.parts) {
      const holes = t.parts;
      for (let j = 0; j + 1 < holes.length; j++) {
        const here = holes[j];
        const next = holes[j + 1];
        if (here && next && "hole" in here && "hole" in next && next.hole.trim() === param && /^\s*[A-Za-z_$][\w$]*\s*$/.test(here.hole))
          return here.hole.trim();
      }
    }
    if (t.kind === "ident" && tokens[k + 1]?.text === "+" && tokens[k + 2]?.kind === "ident" && tokens[k + 2]?.text === param && tokens[k - 1]?.text !== ".")
      return t.text;
  }
  return undefined;
}

/**
 * Whether every definition of `name` in the file (`NAME = …`, `const NAME = …`) is an expression
 * whose literals are URLs or paths, none on this API's hosts, with at least one of them.
 */
function otherServer(tokens: readonly Token[], name: string): boolean {
  let defined = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident" || t.text !== name || tokens[k + 1]?.text !== "=" || tokens[k - 1]?.text === ".") continue;
    defined++;
    let literals = 0;
    let depth = 0;
    for (let j = k + 2; j < tokens.length && j - k < 200; j++) {
      const value = tokens[j] as Token;
      if (value.text === "(" || value.text === "[" || value.text === "{") depth++;
      else if (value.text === ")" || value.text === "]" || value.text === "}") {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && (value.text === ";" || (value.kind === "nl" && !/[?:(|&,=+]$/.test(tokens[j - 1]?.text ?? "")))) break;
      if (value.kind !== "str") continue;
      if (!value.parts || value.parts.some((part) => "hole" in part)) return false;
      const text = literalText(value.parts);
      if (namesOurHost(text) || !URL_OR_PATH.test(text.trim())) return false;
      literals++;
    }
    if (literals === 0) return false;
  }
  return defined > 0;
}
