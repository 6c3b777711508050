// What a Go function does with a v1 list call's answer (issue 41, item 3): v1 answers a bare JSON
// array, v2 an object that wraps it (`{"pods": [...]}`), so decoding v2's answer into a slice fails
// at run time (`cannot unmarshal object into Go value of type []Pod`). After the call, in its
// function, a slice the answer is decoded into is such a read: a generic instantiation with a
// slice type (`skhttp.Call[[]networkVolume](ctx, req)`), or the address of a slice the function
// declares (`var pods []Pod` or `pods := []Pod{}` / `make([]Pod, …)`) passed in the call's own
// statement (`c.get(ctx, "/pods", &pods)`) or to a `Decode`/`Unmarshal`. resolve.ts reports it as a
// `v1-response-field` read of the list, and --fix leaves it with a `v2kit:` comment (the wrapper
// struct it needs is the user's to write). Token-level, bounded, pure.

import { matchClose, openersAround } from "./evaluate.js";
import type { Token } from "./lex/tokens.js";
import type { ResponseRead } from "./response-reads.js";

/** How far back a walk looks for the function around the call (tokens). */
const FUNCTION_WALK = 20_000;
const DECODERS = new Set(["Decode", "Unmarshal"]);

/** The reads of the answer of the call whose URL is at token `urlAt`: at most one, the first slice its answer is decoded into. */
export function goListReads(tokens: readonly Token[], urlAt: number): ResponseRead[] {
  const body = functionBody(tokens, urlAt);
  if (!body) return [];
  const [open, close] = body;
  const slices = declaredSlices(tokens, open, close);
  const statementEnd = nextLineEnd(tokens, urlAt, close);
  for (let k = urlAt + 1; k < close; k++) {
    const t = tokens[k] as Token;
    // `Call[[]T](…)`: a generic instantiation whose type argument is a slice.
    if (t.text === "[" && tokens[k + 1]?.text === "[" && tokens[k + 2]?.text === "]" && tokens[k - 1]?.kind === "ident")
      return [{ form: "value", python: false, at: t.start, end: (tokens[matchClose(tokens, k, 200)] as Token | undefined)?.end ?? t.end, item: false }];
    // `&pods` as an argument: of the call's own statement, or of a decoder.
    if (t.text !== "&" || tokens[k + 1]?.kind !== "ident" || !slices.has((tokens[k + 1] as Token).text)) continue;
    if (tokens[k - 1]?.text !== "(" && tokens[k - 1]?.text !== ",") continue;
    const callee = calleeOf(tokens, k);
    if (k < statementEnd || (callee !== undefined && DECODERS.has(callee)))
      return [{ form: "value", python: false, at: t.start, end: (tokens[k + 1] as Token).end, item: false }];
  }
  return [];
}

/** The `{` and `}` of the innermost `func` body around token `at`. */
function functionBody(tokens: readonly Token[], at: number): [number, number] | undefined {
  for (let k = at - 1; k >= 0 && at - k < FUNCTION_WALK; k--) {
    if (tokens[k]?.text !== "func") continue;
    // The body: the first `{` after the signature that is not a struct or interface type's.
    for (let j = k + 1; j < at && j - k < 400; j++) {
      if (tokens[j]?.text !== "{") continue;
      if (tokens[j - 1]?.text === "struct" || tokens[j - 1]?.text === "interface") {
        j = matchClose(tokens, j, 4000);
        if (j < 0) break;
        continue;
      }
      const close = matchClose(tokens, j, 200_000);
      if (close > at) return [j, close];
      break;
    }
  }
  return undefined;
}

/** Names the function declares as slices between tokens `from` and `to`: `var pods []Pod`, `pods := []Pod{}`, `pods := make([]Pod, 0)`. */
function declaredSlices(tokens: readonly Token[], from: number, to: number): Set<string> {
  const names = new Set<string>();
  for (let k = from; k < to; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "ident") continue;
    const next = tokens[k + 1]?.text;
    if (tokens[k - 1]?.text === "var" && next === "[" && tokens[k + 2]?.text === "]") names.add(t.text);
    else if (next === ":=" && tokens[k + 2]?.text === "[" && tokens[k + 3]?.text === "]") names.add(t.text);
    else if (next === ":=" && tokens[k + 2]?.text === "make" && tokens[k + 3]?.text === "(" && tokens[k + 4]?.text === "[" && tokens[k + 5]?.text === "]")
      names.add(t.text);
  }
  return names;
}

/** The first line end after token `k`, outside brackets, before `limit`. */
function nextLineEnd(tokens: readonly Token[], k: number, limit: number): number {
  let depth = 0;
  for (let j = k; j < limit; j++) {
    const t = tokens[j] as Token;
    if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "]" || t.text === "}") depth--;
    else if (t.kind === "nl" && depth <= 0) return j;
  }
  return limit;
}

/** The name of the call whose argument list holds token `k`. */
function calleeOf(tokens: readonly Token[], k: number): string | undefined {
  const [open] = openersAround(tokens, k);
  return open !== undefined && tokens[open]?.text === "(" && tokens[open - 1]?.kind === "ident" ? (tokens[open - 1] as Token).text : undefined;
}

/** v1 pod response fields that no v1 request body has: a struct tag naming one decodes an answer. */
const POD_ANSWER_ONLY = new Set(["desiredStatus", "lastStartedAt", "costPerHr", "adjustedCostPerHr", "machineId", "portMappings"]);

/**
 * The struct fields of a Go file tagged with a v1 pod answer's field (`DesiredStatus string
 * \`json:"desiredStatus"\``), read when the file's pod call's answer is decoded into them: v2 names
 * them otherwise (`status`), so they decode as zero values. Reported with no edit (the tag, the
 * field and its uses change together, by hand).
 */
export function goTagReads(tokens: readonly Token[], item: boolean): ResponseRead[] {
  const reads: ResponseRead[] = [];
  for (const t of tokens) {
    if (t.kind !== "str" || !t.text.startsWith("`")) continue;
    const tag = /\bjson:"([A-Za-z_]\w*)[,"]/.exec(t.text);
    const field = tag?.[1];
    if (!tag || field === undefined || !POD_ANSWER_ONLY.has(field)) continue;
    const at = t.start + tag.index + 'json:"'.length;
    reads.push({ form: "named", field, at, end: at + field.length, item });
  }
  return reads;
}
