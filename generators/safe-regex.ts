// Patterns from a spec are input: with a backtracking engine, `^(a+)+$` takes exponential time
// and `^a*a*…a*$` or `\d*\d*…` polynomial time on a long value, so one request body could hang
// `lint`. Every pattern therefore matches with RE2 semantics (re2js: linear time in the value),
// in `lint --spec` and in the generated validators.js alike, except the patterns a backtracking
// engine provably matches in linear time (anchored at `^`, no group, no alternation, at most one
// repetition), which keep native RegExp because it is ~10× faster on short values.
// RE2 cannot express backreferences or lookaround: such a pattern is not checked, with a
// generate warning naming its pointer (a check that can hang is worse than none; the server
// still checks it). A pattern no engine compiles is dropped with a warning too.

import { RE2JS } from "re2js";
import type { Diagnostic } from "./model.js";
import { literal } from "../rules/codegen.js";

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

/**
 * True when a backtracking engine matches the pattern in time linear in the value: anchored at
 * `^` (one start position), no group or alternation, and at most one repeating quantifier, so
 * backtracking only revisits that one quantifier's positions, each against a fixed-length rest.
 */
export function isTriviallyLinear(pattern: string): boolean {
  if (!pattern.startsWith("^")) return false;
  let repeats = 0;
  for (let i = 1; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (c === "(" || c === "|") return false;
    else {
      const q = quantifierAt(pattern, i);
      if (q) {
        if (q.repeats && ++repeats > 1) return false;
        i += q.length - 1;
      }
    }
  }
  return true;
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
  /** Patterns matched by RE2 (all but the trivially linear ones), with their RE2 source. */
  linear: Map<string, string>;
  /** Patterns RE2 cannot compile (backreferences, lookaround): not checked, reported. */
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
    const source = toRe2Syntax(pattern);
    try {
      RE2JS.compile(source);
    } catch {
      plan.unsafe.push(pattern);
      continue;
    }
    if (!isTriviallyLinear(pattern) || plan.nonUnicode.includes(pattern)) plan.linear.set(pattern, source);
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
    let reason = "";
    try {
      RE2JS.compile(toRe2Syntax(pattern));
    } catch (error) {
      reason = (error as Error).message.replace(/^error parsing regexp: /, "");
    }
    const message = `pattern ${JSON.stringify(pattern)} has no linear-time match (RE2: ${reason}; backreferences and lookaround are not supported); it is not checked`;
    return { keep: false, diagnostic: { level: "warning", code: "pattern-not-linear", message, pointer } };
  }
  return { keep: true };
}

/** The RE2-backed matcher; `toString` keeps Ajv's per-pattern cache keys distinct. */
function linearMatcher(source: string, pattern: string): { test(text: string): boolean; toString(): string } {
  const re = RE2JS.compile(source);
  return { test: (text) => re.matcher(text).find(), toString: () => `re2:/${pattern}/` };
}

/**
 * Ajv's `code.regExp` for the model's patterns, or undefined when every pattern is trivially
 * linear (Ajv's default `new RegExp(p, "u")` then). The standalone code embeds the special patterns as JSON
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
  // re2js (~60 ms to load) is required on the first match of an RE2 pattern, not when the
  // validators load: `lint` starts as fast as before, and bodies without such fields never pay.
  const re2 = linear.size > 0 ? '() => require("re2js").RE2JS' : "null";
  engine.code =
    '((R, m, n) => (p, f) => { const s = m.get(p); if (s === undefined) return new RegExp(p, n.has(p) ? "" : f); ' +
    'let re; return { test: (t) => (re ??= R().compile(s)).matcher(t).find(), toString: () => "re2:/" + p + "/" }; })' +
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
