// The body a PHP call sends (issue 41): Laravel's `Http` client takes it as the argument after
// the URL (`->post('/pods', $input)`, `->patch("/endpoints/{$id}", ['workersMax' => 0])`).
// A variable is a body built elsewhere; a literal array of constant keys and values
// (`['name' => 'x', 'gpuCount' => 1, 'ports' => ['8888/http']]`) is read as its JSON, so the
// finding lints it and a fix leaves the call reported when v2 needs other keys (v2kit does not
// rewrite PHP arrays in place); anything else is a body v2kit cannot read.

import { callArgs, type EvalContext, matchClose } from "./evaluate.js";
import type { SentBody } from "./literal-body.js";
import { literalText, type Token } from "./lex/tokens.js";

/** The Laravel `Http` request methods that send their second argument as the body. */
const SENDS_DATA = /^(?:post|put|patch|delete)$/i;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The value of the PHP literal at tokens [a, b]; throws when it is not one v2kit reads. */
function phpValue(tokens: readonly Token[], a: number, b: number): Json {
  const t = tokens[a] as Token;
  if (a === b) {
    if (t.kind === "str" && t.parts && t.parts.every((part) => "text" in part)) return literalText(t.parts);
    if (t.kind === "num" && /^\d+(?:\.\d+)?$/.test(t.text)) return Number(t.text);
    if (t.kind === "ident" && /^(?:true|false|null)$/i.test(t.text)) return t.text.toLowerCase() === "null" ? null : t.text.toLowerCase() === "true";
  }
  if (a + 1 === b && t.text === "-" && tokens[b]?.kind === "num") return -Number(phpValue(tokens, b, b));
  if (t.text === "[" && matchClose(tokens, a) === b) return phpArray(tokens, a, b);
  throw new Error("not a literal");
}

/** The PHP array literal `[…]` at tokens [a, b]: an object when every element has a string key, a list when none has one. */
function phpArray(tokens: readonly Token[], a: number, b: number): Json {
  const entries: { key?: string; value: Json }[] = [];
  let from = a + 1;
  let depth = 0;
  const element = (start: number, end: number) => {
    if (start > end) return;
    let arrow = -1;
    let inner = 0;
    for (let k = start; k <= end; k++) {
      const x = tokens[k]?.text;
      if (x === "[" || x === "(") inner++;
      else if (x === "]" || x === ")") inner--;
      else if (x === "=>" && inner === 0) {
        arrow = k;
        break;
      }
    }
    if (arrow < 0) {
      entries.push({ value: phpValue(tokens, start, end) });
      return;
    }
    const key = tokens[start] as Token;
    if (arrow !== start + 1 || key.kind !== "str" || !key.parts?.every((part) => "text" in part)) throw new Error("key");
    entries.push({ key: literalText(key.parts), value: phpValue(tokens, arrow + 1, end) });
  };
  for (let k = a + 1; k < b; k++) {
    const x = tokens[k]?.text;
    if (x === "[" || x === "(") depth++;
    else if (x === "]" || x === ")") depth--;
    else if (x === "," && depth === 0) {
      element(from, k - 1);
      from = k + 1;
    }
  }
  element(from, b - 1);
  if (entries.length === 0) return [];
  if (entries.every((entry) => entry.key !== undefined)) {
    const object: { [key: string]: Json } = {};
    for (const entry of entries) object[entry.key as string] = entry.value;
    return object;
  }
  if (entries.every((entry) => entry.key === undefined)) return entries.map((entry) => entry.value);
  throw new Error("mixed");
}

/** What the Laravel `Http` call whose URL starts at token `exprStart` sends as its body, if it sends one. */
export function phpCallBody(ctx: EvalContext, exprStart: number): SentBody | undefined {
  const { tokens } = ctx;
  const open = tokens[exprStart - 1]?.text === "(" ? exprStart - 1 : -1;
  if (open < 0 || !SENDS_DATA.test(tokens[open - 1]?.text ?? "") || tokens[open - 2]?.text !== ".") return undefined;
  const args = callArgs(ctx, open)?.args ?? [];
  const data = args[1];
  if (!data || args[0]?.[0] !== exprStart) return undefined;
  const [a, b] = data;
  const written = tokens
    .slice(a, b + 1)
    .map((token) => token.text)
    .join("");
  if (tokens[a]?.text === "[") {
    try {
      const value = phpValue(tokens, a, b);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) return { literal: JSON.stringify(value) };
    } catch {
      // Not a literal v2kit reads: reported below as a body it cannot rewrite.
    }
    return { elsewhere: written, unsure: "it is a PHP array v2kit does not read" };
  }
  return { elsewhere: written };
}
