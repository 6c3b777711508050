// Patterns from a spec are input: a nested quantifier such as `^(a+)+$` makes a backtracking
// engine take exponential time on "aaaa…!", so one request body could hang `lint`. A quick
// static check flags such patterns; Ajv matches them with RE2 (re2js, linear time) and keeps
// native RegExp for the rest, so the common path stays fast. A flagged pattern RE2 cannot
// compile (backreferences, lookaround) stays native and is reported at generate time; a pattern
// no engine compiles is dropped with a warning instead of crashing the generator.

import { RE2JS } from "re2js";
import type { Diagnostic } from "./model.js";
import { literal } from "./codegen.js";

interface Group {
  /** The group holds a quantifier or an alternation: repeating it can backtrack exponentially. */
  ambiguous: boolean;
}

/** Length of the quantifier at `i` and whether it can repeat more than once. */
function quantifierAt(p: string, i: number): { length: number; repeats: boolean } | undefined {
  const c = p[i];
  let length: number;
  let repeats = false;
  if (c === "*" || c === "+") [length, repeats] = [1, true];
  else if (c === "?") length = 1;
  else if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
    if (!m) return undefined;
    length = m[0].length;
    repeats = m[2] !== undefined ? m[3] === "" || Number(m[3]) > 1 : Number(m[1]) > 1;
  } else return undefined;
  if (p[i + length] === "?" || p[i + length] === "+") length++; // lazy or possessive marker
  return { length, repeats };
}

/**
 * True when the pattern can backtrack super-linearly: a repeated group that itself holds a
 * quantifier or an alternation, as in `(a+)+`, `(a|a)*`, `(.*)*`, `(a?){20}`.
 */
export function isRiskyPattern(pattern: string): boolean {
  const stack: Group[] = [{ ambiguous: false }];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const top = stack[stack.length - 1] as Group;
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (c === "(") stack.push({ ambiguous: false });
    else if (c === "|") top.ambiguous = true;
    else if (c === ")" && stack.length > 1) {
      const group = stack.pop() as Group;
      const q = quantifierAt(pattern, i + 1);
      if (q?.repeats && group.ambiguous) return true;
      const parent = stack[stack.length - 1] as Group;
      if (group.ambiguous || q) parent.ambiguous = true;
      if (q) i += q.length;
    } else {
      const q = quantifierAt(pattern, i);
      if (q) {
        top.ambiguous = true;
        i += q.length - 1;
      }
    }
  }
  return false;
}

/** JavaScript escapes RE2 spells differently: `\uXXXX` and `\u{X…}` become `\x{…}`. */
export function toRe2Syntax(pattern: string): string {
  return pattern.replace(/(\\*)\\u(?:\{([0-9A-Fa-f]+)\}|([0-9A-Fa-f]{4}))/g, (all, slashes: string, braced?: string, four?: string) =>
    slashes.length % 2 === 1 ? all : `${slashes}\\x{${braced ?? four}}`,
  );
}

/** What Ajv's `code.regExp` option takes: a factory, and the code that builds it in standalone output. */
export interface RegExpEngine {
  (pattern: string, flags: string): { test(text: string): boolean };
  code: string;
}

export interface PatternPlan {
  /** Risky patterns RE2 compiles, with their RE2 source. */
  linear: Map<string, string>;
  /** Risky patterns RE2 cannot compile: matched natively, reported. */
  unsafe: string[];
  /** Patterns valid only without the `u` flag (identity escapes such as `\_`, seen in real documents). */
  nonUnicode: string[];
  /** Patterns no engine compiles: dropped from the schema, reported. */
  invalid: string[];
}

const compiles = (pattern: string, flags: string) => {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
};

/** How each pattern is matched. Deterministic: patterns are sorted. */
export function planPatterns(patterns: Iterable<string>): PatternPlan {
  const plan: PatternPlan = { linear: new Map(), unsafe: [], nonUnicode: [], invalid: [] };
  for (const pattern of [...new Set(patterns)].sort()) {
    if (!compiles(pattern, "u")) {
      if (compiles(pattern, "")) plan.nonUnicode.push(pattern);
      else {
        plan.invalid.push(pattern);
        continue;
      }
    }
    if (!isRiskyPattern(pattern)) continue;
    const source = toRe2Syntax(pattern);
    try {
      RE2JS.compile(source);
      plan.linear.set(pattern, source);
    } catch {
      plan.unsafe.push(pattern);
    }
  }
  return plan;
}

/** A generate-time diagnostic for a pattern, and whether to keep it in the schema. */
export function checkPattern(pattern: string, pointer: string): { keep: boolean; diagnostic?: Diagnostic } {
  const plan = planPatterns([pattern]);
  if (plan.invalid.length > 0) {
    const message = `pattern ${JSON.stringify(pattern)} is not a valid regular expression; it is not checked`;
    return { keep: false, diagnostic: { level: "warning", code: "pattern-invalid", message, pointer } };
  }
  if (plan.unsafe.length > 0) {
    const message = `pattern ${JSON.stringify(pattern)} can backtrack super-linearly and the linear-time engine cannot compile it; it is matched natively (long inputs may be slow)`;
    return { keep: true, diagnostic: { level: "warning", code: "pattern-super-linear", message, pointer } };
  }
  return { keep: true };
}

/** The RE2-backed matcher; `toString` keeps Ajv's per-pattern cache keys distinct. */
function linearMatcher(source: string, pattern: string): { test(text: string): boolean; toString(): string } {
  const re = RE2JS.compile(source);
  return { test: (text) => re.matcher(text).find(), toString: () => `re2:/${pattern}/` };
}

/**
 * Ajv's `code.regExp` for the model's patterns, or undefined when every pattern suits Ajv's
 * default (`new RegExp(p, "u")`). The standalone code embeds the special patterns as JSON
 * literals (through the escaping builder) and loads re2js with the validators prelude's `require`.
 */
export function regExpEngine(patterns: Iterable<string>): RegExpEngine | undefined {
  const { linear, nonUnicode } = planPatterns(patterns);
  if (linear.size === 0 && nonUnicode.length === 0) return undefined;
  const plain = new Set(nonUnicode);
  const engine = ((pattern: string, flags: string) => {
    const source = linear.get(pattern);
    if (source !== undefined) return linearMatcher(source, pattern);
    return new RegExp(pattern, plain.has(pattern) ? "" : flags);
  }) as RegExpEngine;
  const re2 = linear.size > 0 ? 'require("re2js").RE2JS' : "null";
  engine.code =
    '((R, m, n) => (p, f) => { const s = m.get(p); if (s === undefined) return new RegExp(p, n.has(p) ? "" : f); ' +
    'const re = R.compile(s); return { test: (t) => re.matcher(t).find(), toString: () => "re2:/" + p + "/" }; })' +
    `(${re2}, new Map(${literal([...linear]).text}), new Set(${literal(nonUnicode).text}))`;
  return engine;
}

/**
 * Every `pattern` value and `patternProperties` key in a schema tree. Values under `enum` or a
 * property named `pattern` may add strings that are no pattern: harmless (they only join the
 * table), where skipping subtrees could miss a real one.
 */
export function collectPatterns(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) collectPatterns(item, out);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") out.add(value);
      if (key === "patternProperties" && value !== null && typeof value === "object") for (const p of Object.keys(value)) out.add(p);
      collectPatterns(value, out);
    }
  }
  return out;
}
