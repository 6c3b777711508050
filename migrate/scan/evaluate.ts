// A light evaluator over tokens: the value of the expression a string literal sits in —
// concatenations (`+`), Go `fmt.Sprintf`, Python `%` and `.format()`, PowerShell `-f`,
// interpolations — with identifiers resolved to the string constants of the same file.
// Every walk is bounded, so evaluation stays linear in the file size.

import { type Part, type Token } from "./lex/tokens.js";

export type Value = Part[];

export interface Expr {
  /** Token index range, inclusive. */
  start: number;
  end: number;
  value: Value;
}

export interface EvalContext {
  tokens: readonly Token[];
  /** `+` joins strings in this language (not in shell). */
  concat: boolean;
  python: boolean;
  powershell: boolean;
  /** Rust: `format!("{}/pods/{}", base, id)` is read as a format call. */
  rust?: boolean;
  constants: Map<string, Value>;
  /** Set when planning fixes: string values carry their source offsets (`Part.at`). */
  source?: string;
}

/** How far a walk over tokens may go before giving up (keeps minified files linear). */
export const WALK_LIMIT = 400;
const MAX_OPERANDS = 32;

/** `self.base_url`, `$script:BaseUrl`, `this.baseUrl`, `${BASE}` → `base_url`, `baseurl`, … */
export function nameKey(text: string): string | undefined {
  const match = /^\$?\{?(?:[A-Za-z_]\w*:)?([A-Za-z_][\w]*(?:(?:\.|\?\.|->)[A-Za-z_]\w*)*)\}?$/.exec(text.trim());
  if (!match) return undefined;
  const last = (match[1] as string).split(/\.|\?\.|->/).pop() as string;
  return last.toLowerCase();
}

const offsetsOf = (part: { text: string; at?: number[] }) => part.at ?? new Array<number>(part.text.length).fill(-1);

export function pushValue(into: Value, value: Value): void {
  for (const part of value) {
    const last = into[into.length - 1];
    if ("text" in part && last && "text" in last) {
      if (last.at || part.at) last.at = [...offsetsOf(last), ...offsetsOf(part)];
      last.text += part.text;
    } else into.push("text" in part && part.at ? { text: part.text, at: [...part.at] } : { ...part });
  }
}

/**
 * Each character of a string token's text parts, located in its source text: a character maps
 * to the next unescaped occurrence of itself, an interpolation is skipped; -1 where the source
 * spells the character as an escape. Callers check that the pieces they edit map contiguously.
 */
function locateParts(source: string, token: Token): Part[] {
  const raw = source.slice(token.start, token.end);
  let cursor = 0;
  return (token.parts ?? []).map((part) => {
    if ("hole" in part) {
      const at = raw.indexOf(part.hole, cursor);
      if (at >= 0) cursor = at + part.hole.length;
      return part;
    }
    const at: number[] = [];
    for (const char of part.text) {
      for (let unit = 0; unit < char.length; unit++) at.push(-1);
      const k = raw.indexOf(char, cursor);
      if (k < 0 || raw[k - 1] === "\\" || k - cursor > (cursor === 0 ? 4 : 2)) continue;
      at[at.length - char.length] = token.start + k;
      for (let unit = 1; unit < char.length; unit++) at[at.length - char.length + unit] = token.start + k + unit;
      cursor = k + char.length;
    }
    return { text: part.text, at };
  });
}

function resolveHole(ctx: EvalContext, hole: string): Value {
  const key = nameKey(hole);
  const known = key === undefined ? undefined : ctx.constants.get(key);
  if (known) return known;
  // Shell `${NAME:-default}` / `${NAME-default}`: the default when NAME is not a known constant.
  const shellDefault = /^[A-Za-z_]\w*:?-(.*)$/s.exec(hole);
  if (shellDefault) return [{ text: shellDefault[1] as string }];
  return [{ hole }];
}

export function stringValue(ctx: EvalContext, token: Token): Value {
  const out: Value = [];
  const parts = ctx.source === undefined ? (token.parts ?? []) : locateParts(ctx.source, token);
  for (const part of parts) pushValue(out, "text" in part ? [part] : resolveHole(ctx, part.hole));
  return out;
}

const OPEN: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const CLOSE: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** The index of the token closing the group opened at `i`, or -1. */
export function matchClose(tokens: readonly Token[], i: number, limit = 4 * WALK_LIMIT): number {
  let depth = 0;
  for (let j = i; j < tokens.length && j - i < limit; j++) {
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (OPEN[t.text]) depth++;
    else if (CLOSE[t.text] && --depth === 0) return j;
  }
  return -1;
}

export function matchOpen(tokens: readonly Token[], i: number, limit = 4 * WALK_LIMIT): number {
  let depth = 0;
  for (let j = i; j >= 0 && i - j < limit; j--) {
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (CLOSE[t.text]) depth++;
    else if (OPEN[t.text] && --depth === 0) return j;
  }
  return -1;
}

const isDot = (t: Token | undefined) => t?.kind === "punct" && (t.text === "." || t.text === "?." || t.text === "->");

export function chainEnd(tokens: readonly Token[], i: number): number {
  let j = i;
  while (isDot(tokens[j + 1]) && tokens[j + 2]?.kind === "ident") j += 2;
  return j;
}

export function chainStart(tokens: readonly Token[], i: number): number {
  let j = i;
  while (isDot(tokens[j - 1]) && tokens[j - 2]?.kind === "ident") j -= 2;
  return j;
}

const sourceOf = (ctx: EvalContext, a: number, b: number) =>
  ctx.tokens
    .slice(a, b + 1)
    .map((t) => t.text)
    .join("");

/** The brackets that enclose token `at`, innermost first: each opener's index, walking outward. */
export function* openersAround(tokens: readonly Token[], at: number): Generator<number> {
  let depth = 0;
  for (let j = at - 1; j >= 0 && at - j < WALK_LIMIT; j--) {
    const t = tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (t.text === ")" || t.text === "]" || t.text === "}") depth++;
    else if (t.text === "(" || t.text === "[" || t.text === "{") {
      if (depth > 0) depth--;
      else yield j;
    }
  }
}

/** The comma-separated arguments of the call whose `(` is at `open`. */
export function callArgs(ctx: EvalContext, open: number): { args: [number, number][]; close: number } | undefined {
  const close = matchClose(ctx.tokens, open);
  if (close < 0) return undefined;
  const args: [number, number][] = [];
  let from = open + 1;
  let depth = 0;
  for (let j = open + 1; j < close; j++) {
    const t = ctx.tokens[j] as Token;
    if (t.kind !== "punct") continue;
    if (OPEN[t.text]) depth++;
    else if (CLOSE[t.text]) depth--;
    else if (t.text === "," && depth === 0) {
      args.push([from, j - 1]);
      from = j + 1;
    }
  }
  if (from <= close - 1) args.push([from, close - 1]);
  return { args, close };
}

function argValue(ctx: EvalContext, [a, b]: [number, number]): Value {
  const expr = a <= b ? expression(ctx, a) : undefined;
  return expr && expr.end === b ? expr.value : [{ hole: sourceOf(ctx, a, b) }];
}

/** Replaces `%s` (printf) or `{}` / `{0}` (brace) placeholders in the text parts by `args`. */
function substitute(value: Value, args: Value[], style: "printf" | "brace"): Value {
  const out: Value = [];
  let next = 0;
  const pattern = style === "printf" ? /%%|%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]/g : /\{\{|\}\}|\{(\d*)\}/g;
  for (const part of value) {
    if (!("text" in part)) {
      out.push(part);
      continue;
    }
    let at = 0;
    const slice = (a: number, b: number) => (part.at ? { text: part.text.slice(a, b), at: part.at.slice(a, b) } : { text: part.text.slice(a, b) });
    for (const match of part.text.matchAll(pattern)) {
      pushValue(out, [slice(at, match.index)]);
      at = (match.index ?? 0) + match[0].length;
      if (match[0] === "%%" || match[0] === "{{" || match[0] === "}}") pushValue(out, [{ text: match[0][0] as string }]);
      else {
        const index = match[1] !== undefined && match[1] !== "" ? Number(match[1]) : next++;
        pushValue(out, args[index] ?? [{ hole: match[0] }]);
      }
    }
    pushValue(out, [slice(at, part.text.length)]);
  }
  return out.filter((part) => !("text" in part) || part.text !== "");
}

const FORMAT_CALL = /^(?:S|F)?printf$|^Sprint$|^format$/i;

/** One operand at token `i`: a string (with its postfix formatting), a name, a call or a group. */
function operand(ctx: EvalContext, i: number): { end: number; value: Value } | undefined {
  const { tokens } = ctx;
  const t = tokens[i];
  if (!t) return undefined;
  if (t.kind === "str") {
    let value = stringValue(ctx, t);
    let end = i;
    const next = tokens[i + 1];
    if (ctx.python && next?.text === "%" && tokens[i + 2]) {
      const tuple = tokens[i + 2]?.text === "(" ? callArgs(ctx, i + 2) : undefined;
      if (tuple)
        return {
          end: tuple.close,
          value: substitute(
            value,
            tuple.args.map((span) => argValue(ctx, span)),
            "printf",
          ),
        };
      const one = operand(ctx, i + 2);
      if (one) return { end: one.end, value: substitute(value, [one.value], "printf") };
    }
    if (ctx.python && next?.text === "." && tokens[i + 2]?.text === "format" && tokens[i + 3]?.text === "(") {
      const call = callArgs(ctx, i + 3);
      if (call)
        return {
          end: call.close,
          value: substitute(
            value,
            call.args.map((span) => argValue(ctx, span)),
            "brace",
          ),
        };
    }
    if (ctx.powershell && next?.kind === "ident" && next.text.toLowerCase() === "-f") {
      const args: Value[] = [];
      let j = i + 2;
      for (let count = 0; count < MAX_OPERANDS; count++) {
        const arg = operand(ctx, j);
        if (!arg) break;
        args.push(arg.value);
        end = arg.end;
        if (tokens[arg.end + 1]?.text !== ",") break;
        j = arg.end + 2;
      }
      value = substitute(value, args, "brace");
    }
    return { end, value };
  }
  if (t.kind === "ident" && ctx.rust && RUST_FORMAT.test(t.text) && tokens[i + 1]?.text === "!" && tokens[i + 2]?.text === "(") {
    const call = callArgs(ctx, i + 2);
    if (!call) return undefined;
    const first = call.args[0];
    if (t.text === "concat") return { end: call.close, value: call.args.flatMap((span) => argValue(ctx, span)) };
    if (!first || first[0] !== first[1] || tokens[first[0]]?.kind !== "str") return { end: call.close, value: [{ hole: sourceOf(ctx, i, call.close) }] };
    return { end: call.close, value: rustFormat(ctx, stringValue(ctx, tokens[first[0]] as Token), call.args.slice(1)) };
  }
  if (t.kind === "ident") {
    const end = chainEnd(tokens, i);
    if (tokens[end + 1]?.text === "(") {
      const call = callArgs(ctx, end + 1);
      if (!call) return undefined;
      const first = call.args[0];
      if (FORMAT_CALL.test((tokens[end] as Token).text) && first && tokens[first[0]]?.kind === "str") {
        const values = call.args.map((span) => argValue(ctx, span));
        return { end: call.close, value: substitute(values[0] as Value, values.slice(1), "printf") };
      }
      return { end: call.close, value: [{ hole: sourceOf(ctx, i, call.close) }] };
    }
    const text = sourceOf(ctx, i, end);
    const key = nameKey(text);
    const known = key === undefined ? undefined : ctx.constants.get(key);
    return { end, value: known ?? [{ hole: text }] };
  }
  if (t.kind === "punct" && t.text === "(") {
    const close = matchClose(tokens, i);
    if (close < 0) return undefined;
    const inner = expression(ctx, i + 1);
    return { end: close, value: inner && inner.end === close - 1 ? inner.value : [{ hole: sourceOf(ctx, i, close) }] };
  }
  return undefined;
}

const RUST_FORMAT = /^(?:format|concat)$/;

/**
 * Rust `format!`: `{}` takes the next positional argument, `{0}` the one at that index,
 * `{name}` a `name = …` argument or the variable of that name (a constant of the file, else
 * a hole); a format spec (`{:?}`, `{id:>8}`) is ignored; `{{` and `}}` are braces.
 */
function rustFormat(ctx: EvalContext, template: Value, argRanges: [number, number][]): Value {
  const { tokens } = ctx;
  const positional: Value[] = [];
  const named = new Map<string, Value>();
  for (const [a, b] of argRanges) {
    if (tokens[a]?.kind === "ident" && tokens[a + 1]?.text === "=" && a + 2 <= b) named.set(tokens[a]?.text as string, argValue(ctx, [a + 2, b]));
    else positional.push(argValue(ctx, [a, b]));
  }
  const out: Value = [];
  let next = 0;
  for (const part of template) {
    if (!("text" in part)) {
      out.push(part);
      continue;
    }
    let at = 0;
    const slice = (a: number, b: number) => (part.at ? { text: part.text.slice(a, b), at: part.at.slice(a, b) } : { text: part.text.slice(a, b) });
    for (const match of part.text.matchAll(/\{\{|\}\}|\{([A-Za-z_]\w*|\d*)(?::[^{}]*)?\}/g)) {
      pushValue(out, [slice(at, match.index)]);
      at = (match.index ?? 0) + match[0].length;
      if (match[0] === "{{" || match[0] === "}}") pushValue(out, [{ text: match[0][0] as string }]);
      else {
        const key = match[1] ?? "";
        const value =
          key === ""
            ? positional[next++]
            : /^\d+$/.test(key)
              ? positional[Number(key)]
              : (named.get(key) ?? ctx.constants.get(nameKey(key) ?? "") ?? [{ hole: key }]);
        pushValue(out, value ?? [{ hole: match[0] }]);
      }
    }
    pushValue(out, [slice(at, part.text.length)]);
  }
  return out.filter((part) => !("text" in part) || part.text !== "");
}

/** Operands joined by `+` from token `i`. */
export function expression(ctx: EvalContext, i: number): Expr | undefined {
  // Nested groups and format calls recurse: past a small depth the rest is an opaque hole.
  if (depth > 12) return undefined;
  depth++;
  try {
    return joined(ctx, i);
  } finally {
    depth--;
  }
}

let depth = 0;

function joined(ctx: EvalContext, i: number): Expr | undefined {
  const first = operand(ctx, i);
  if (!first) return undefined;
  const value: Value = [];
  pushValue(value, first.value);
  let end = first.end;
  for (let count = 0; ctx.concat && count < MAX_OPERANDS && ctx.tokens[end + 1]?.text === "+"; count++) {
    const addend = operand(ctx, end + 2);
    if (!addend) break;
    pushValue(value, addend.value);
    end = addend.end;
  }
  return { start: i, end, value };
}

/** Where the operand that ends at token `j` starts. */
function operandStart(tokens: readonly Token[], j: number): number | undefined {
  const t = tokens[j];
  if (!t) return undefined;
  if (t.kind === "str") return j;
  if (t.kind === "ident") return chainStart(tokens, j);
  if (t.text === ")") {
    const open = matchOpen(tokens, j);
    if (open < 0) return undefined;
    return tokens[open - 1]?.kind === "ident" ? chainStart(tokens, open - 1) : open;
  }
  return undefined;
}

/** The whole expression the string token at `i` belongs to. */
export function expressionAround(ctx: EvalContext, i: number): Expr | undefined {
  const { tokens } = ctx;
  let start = i;
  for (let round = 0; round < 2; round++) {
    for (let count = 0; ctx.concat && count < MAX_OPERANDS && tokens[start - 1]?.text === "+"; count++) {
      const previous = operandStart(tokens, start - 2);
      if (previous === undefined) break;
      start = previous;
    }
    // The format string of `fmt.Sprintf("…", …)`: the expression is the whole call.
    const callee = tokens[start - 2];
    if (tokens[start - 1]?.text === "(" && callee?.kind === "ident" && FORMAT_CALL.test(callee.text) && callee.text !== "format") {
      start = chainStart(tokens, start - 2);
    } else if (ctx.rust && tokens[start - 1]?.text === "(" && callee?.text === "!" && RUST_FORMAT.test(tokens[start - 3]?.text ?? "")) {
      start -= 3;
    } else break;
  }
  return expression(ctx, start);
}
