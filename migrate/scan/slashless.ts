// A path written without its leading slash (issue 41, item 1): `make_call("pods")`,
// `self._request(f"endpoints/{id}")`, `` restRequest(`pods/${id}/stop`) ``. A bare word such as
// `"pods"` is everywhere in code, so it is read as a path only where the code itself joins it to a
// base as one: passed to a function defined in the same file whose body puts a `/` before that
// parameter (`base.rstrip("/") + "/" + path`, `f"{self.base}/{path}"`, `` `${base}/${path}` ``),
// joins it with `urljoin(base, path)` / `new URL(path, base)`, or appends it to a constant that
// ends in `/` (`BASE = "https://rest.runpod.io/v1/"`, `BASE + path`). The path is then read as if
// it had its slash (a virtual `/` that is not in the source), so it is found and fixed as a
// leading-slash path is; the fix rewrites its segments and never the joining code.

import { RESOURCE } from "./candidate.js";
import { definitionOf } from "./definition.js";
import { type EvalContext, matchClose, nameKey, openersAround, type Value, WALK_LIMIT } from "./evaluate.js";
import { literalText, type Token } from "./lex/tokens.js";

/** A v1 resource at the very start of a string: `pods`, `endpoints/`, `networkvolumes/%s`. */
const RESOURCE_START = new RegExp(`^${RESOURCE}(?![\\w-])`);

/** A quote right before a v1 resource word: text that may hold such a path (the quick test before a file is lexed). */
const QUOTED_RESOURCE = new RegExp(`["'\`]${RESOURCE}(?![\\w-])`);

/** Whether `text` may hold a path without its slash: a string that starts with a v1 resource word. */
export const mayHoldSlashless = (text: string): boolean => QUOTED_RESOURCE.test(text);

/** Whether string token `t` starts with a v1 resource word, no slash before it. */
export function startsWithResource(t: Token): boolean {
  const first = t.parts?.[0];
  return first !== undefined && "text" in first && RESOURCE_START.test(first.text);
}

/** `value` with the slash its path leaves out put before it: a `/` that maps to no source offset. */
export function withSlash(value: Value): Value {
  return [{ text: "/", at: [-1] }, ...value];
}

/** Whether `text` (a constant's value) ends in `/`: a base a path is appended to as is. */
function endsWithSlash(ctx: EvalContext, name: Token | undefined): boolean {
  if (name?.kind !== "ident") return false;
  const key = nameKey(name.text);
  const value = key === undefined ? undefined : ctx.constants.get(key);
  const last = value?.[value.length - 1];
  return last !== undefined && "text" in last && last.text.endsWith("/");
}

/** Whether the body of a function (tokens [from, to]) joins parameter `param` to a base as a path. */
function joinsParameter(ctx: EvalContext, from: number, to: number, param: string): boolean {
  const { tokens } = ctx;
  for (let j = from; j <= to; j++) {
    const t = tokens[j] as Token;
    if (t.kind === "str") {
      // f"{base}/{path}", `${base}/${path}`; `${BASE}${path}` when BASE ends in `/`.
      const parts = t.parts ?? [];
      for (const [k, part] of parts.entries()) {
        if (!("hole" in part) || part.hole.trim() !== param || k === 0) continue;
        const before = parts[k - 1];
        if (before && "text" in before && before.text.endsWith("/")) return true;
      }
      continue;
    }
    if (t.kind !== "ident" || t.text !== param || tokens[j - 1]?.text === "." || tokens[j - 1]?.text === "?.") continue;
    const previous = tokens[j - 1];
    const operand = tokens[j - 2];
    // "/" + path, base + "/" + path; BASE + path when BASE ends in `/`.
    if (previous?.text === "+" && operand?.kind === "str" && literalText(operand.parts ?? []).endsWith("/")) return true;
    if (previous?.text === "+" && endsWithSlash(ctx, operand) && tokens[j - 3]?.text !== ".") return true;
    // urljoin(base, path), parse.urljoin(base, path); new URL(path, base).
    for (const open of openersAround(tokens, j)) {
      if (tokens[open]?.text !== "(") break;
      const callee = tokens[open - 1]?.text;
      if (callee === "urljoin" && previous?.text === ",") return true;
      if (callee === "URL" && tokens[open - 2]?.text === "new" && previous?.text === "(") return true;
      break;
    }
  }
  return false;
}

/**
 * Whether the string at token `i` (the first operand of its expression) is a path argument of a
 * call to a function of this file that joins that parameter to a base as a path.
 */
export function joinedAsPath(ctx: EvalContext, i: number): boolean {
  const { tokens } = ctx;
  const [open] = openersAround(tokens, i);
  if (open === undefined || tokens[open]?.text !== "(") return false;
  const callee = tokens[open - 1];
  if (callee?.kind !== "ident") return false;
  // The argument's position: top-level commas between `(` and the string.
  let position = 0;
  let depth = 0;
  for (let j = open + 1; j < i; j++) {
    const x = (tokens[j] as Token).text;
    if (x === "(" || x === "[" || x === "{") depth++;
    else if (x === ")" || x === "]" || x === "}") depth--;
    else if (depth === 0 && x === ",") position++;
  }
  if (depth !== 0 || tokens[i - 1]?.text === "=") return false;
  const def = definitionOf(tokens, callee.text, ctx.python);
  if (!def) return false;
  const viaObject = tokens[open - 2]?.text === "." || tokens[open - 2]?.text === "?.";
  const shift = viaObject && ctx.python && (def.params[0] === "self" || def.params[0] === "cls") ? 1 : 0;
  const param = def.params[position + shift];
  if (param === undefined) return false;
  let end: number;
  if (ctx.python) {
    end = Math.min(tokens.length - 1, def.body + 4 * WALK_LIMIT);
    for (let j = def.body + 1; j <= end; j++) {
      const x = tokens[j] as Token;
      if (x.kind === "ident" && (x.text === "def" || x.text === "class")) {
        end = j - 1;
        break;
      }
    }
  } else {
    let brace = def.body;
    while (brace < tokens.length && tokens[brace]?.text !== "{") brace++;
    end = matchClose(tokens, brace);
    if (end < 0) return false;
  }
  return joinsParameter(ctx, def.body, end, param);
}
