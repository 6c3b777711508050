// Patterns from a spec are input: with a backtracking engine, `^(a+)+$` takes exponential time
// and `^a*a*…a*$` or `\d*\d*…` polynomial time on a long value, so one request body could hang
// `lint`. Every pattern therefore matches with RE2 semantics (re2js: linear time in the value),
// in `lint --spec` and in the generated validator modules alike, except the patterns a
// backtracking engine provably matches in linear time (`isProvablyLinear`: anchored branches
// without groups, each repeat followed by what it cannot match), which keep native RegExp: ~10×
// faster on short values, and re2js (~60 ms to load) stays off the cold path.
// RE2 cannot express backreferences or lookaround: such a pattern is not checked, with a
// generate warning naming its pointer (a check that can hang is worse than none; the server
// still checks it). A pattern no engine compiles is dropped with a warning too.

import { RE2JS } from "re2js";
import type { Diagnostic } from "../../schema-model/model.js";
import { literal } from "../../rules/codegen.js";

interface Group {
  /** The group holds a quantifier or an alternation: repeating it can backtrack exponentially. */
  ambiguous: boolean;
}

/** Length of the quantifier at `i` and whether it can repeat more than once. */
function quantifierAt(pattern: string, i: number): { length: number; repeats: boolean } | undefined {
  const char = pattern[i];
  let length: number;
  let repeats = false;
  if (char === "*" || char === "+") [length, repeats] = [1, true];
  else if (char === "?") length = 1;
  else if (char === "{") {
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (!braces) return undefined;
    length = braces[0].length;
    repeats = braces[2] !== undefined ? braces[3] === "" || Number(braces[3]) > 1 : Number(braces[1]) > 1;
  } else return undefined;
  if (pattern[i + length] === "?" || pattern[i + length] === "+") length++; // lazy or possessive marker
  return { length, repeats };
}

/**
 * True when the pattern can backtrack super-linearly: a repeated group that itself holds a
 * quantifier or an alternation, as in `(a+)+`, `(a|a)*`, `(.*)*`, `(a?){20}`.
 */
export function isRiskyPattern(pattern: string): boolean {
  const stack: Group[] = [{ ambiguous: false }];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const top = stack[stack.length - 1] as Group;
    if (char === "\\") i++;
    else if (char === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (char === "(") stack.push({ ambiguous: false });
    else if (char === "|") top.ambiguous = true;
    else if (char === ")" && stack.length > 1) {
      const group = stack.pop() as Group;
      const quantifier = quantifierAt(pattern, i + 1);
      if (quantifier?.repeats && group.ambiguous) return true;
      const parent = stack[stack.length - 1] as Group;
      if (group.ambiguous || quantifier) parent.ambiguous = true;
      if (quantifier) i += quantifier.length;
    } else {
      const quantifier = quantifierAt(pattern, i);
      if (quantifier) {
        top.ambiguous = true;
        i += quantifier.length - 1;
      }
    }
  }
  return false;
}

/** A set of code points as sorted, disjoint, inclusive ranges. */
type CharSet = [number, number][];

const MAX_CODE_POINT = 0x10ffff;
const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// ECMAScript WhiteSpace and LineTerminator, what `\s` matches.
const SPACE: CharSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const LINE_TERMINATORS: CharSet = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function normalize(ranges: CharSet): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [lo, hi] of normalize(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function disjoint(a: CharSet, b: CharSet): boolean {
  return a.every(([lo, hi]) => b.every(([lo2, hi2]) => hi < lo2 || hi2 < lo));
}

/** The set an escape at `p[i] === "\\"` stands for, and its length; undefined for assertions, backreferences and property escapes. */
function escapeAt(pattern: string, i: number, inClass: boolean): { set: CharSet; length: number } | undefined {
  const escaped = pattern[i + 1];
  if (escaped === undefined) return undefined;
  const one = (code: number) => ({ set: [[code, code]] as CharSet, length: 2 });
  const classes: Record<string, CharSet> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
  if (classes[escaped]) return { set: classes[escaped], length: 2 };
  const controls: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
  if (controls[escaped] !== undefined) return one(controls[escaped]);
  if (escaped === "b") return inClass ? one(8) : undefined;
  if (escaped === "0" && !/[0-9]/.test(pattern[i + 2] ?? "")) return one(0);
  const hex = /^x([0-9A-Fa-f]{2})|^u([0-9A-Fa-f]{4})|^u\{([0-9A-Fa-f]+)\}|^c([A-Za-z])/.exec(pattern.slice(i + 1));
  if (hex) {
    const code = hex[4] !== undefined ? hex[4].charCodeAt(0) % 32 : Number.parseInt(hex[1] ?? hex[2] ?? hex[3] ?? "", 16);
    return { set: [[code, code]], length: 1 + hex[0].length };
  }
  if (/[\^$\\.*+?()[\]{}|/-]/.test(escaped)) return one(escaped.charCodeAt(0));
  return undefined;
}

/** The bracket class starting at `p[i] === "["`, and its length. */
function classAt(pattern: string, i: number): { set: CharSet; length: number } | undefined {
  let j = i + 1;
  const negated = pattern[j] === "^";
  if (negated) j++;
  const ranges: CharSet = [];
  const single = (): { set: CharSet; code?: number } | undefined => {
    if (pattern[j] === "\\") {
      const escapeSet = escapeAt(pattern, j, true);
      if (!escapeSet) return undefined;
      j += escapeSet.length;
      const only = escapeSet.set.length === 1 && escapeSet.set[0]?.[0] === escapeSet.set[0]?.[1] ? escapeSet.set[0]?.[0] : undefined;
      return only === undefined ? { set: escapeSet.set } : { set: escapeSet.set, code: only };
    }
    const code = pattern.codePointAt(j);
    if (code === undefined) return undefined;
    j += code > 0xffff ? 2 : 1;
    return { set: [[code, code]], code };
  };
  while (j < pattern.length && pattern[j] !== "]") {
    const from = single();
    if (!from) return undefined;
    if (pattern[j] === "-" && pattern[j + 1] !== "]" && j + 1 < pattern.length) {
      j++;
      const to = single();
      if (!to || from.code === undefined || to.code === undefined || to.code < from.code) return undefined;
      ranges.push([from.code, to.code]);
    } else ranges.push(...from.set);
  }
  if (pattern[j] !== "]") return undefined;
  const set = normalize(ranges);
  return { set: negated ? complement(set) : set, length: j + 1 - i };
}

/** One atom of a group-free pattern: its character set and its quantifier's bounds. */
interface Atom {
  set: CharSet;
  min: number;
  repeats: boolean;
}

/** A group-free, `^`-anchored branch as atoms (a `$` only at its end); undefined when it is anything else. */
function atomsOf(branch: string): { atoms: Atom[] } | undefined {
  if (!branch.startsWith("^")) return undefined;
  const atoms: Atom[] = [];
  let i = 1;
  while (i < branch.length) {
    const char = branch[i] as string;
    if (char === "$") return i === branch.length - 1 ? { atoms } : undefined;
    let atom: { set: CharSet; length: number } | undefined;
    if (char === "\\") atom = escapeAt(branch, i, false);
    else if (char === "[") atom = classAt(branch, i);
    else if (char === ".") atom = { set: complement(LINE_TERMINATORS), length: 1 };
    else if ("()|^*+?{}]".includes(char)) return undefined;
    else {
      const code = branch.codePointAt(i) as number;
      atom = { set: [[code, code]], length: code > 0xffff ? 2 : 1 };
    }
    if (!atom) return undefined;
    i += atom.length;
    const quantifier = quantifierAt(branch, i);
    const min = quantifier === undefined ? 1 : branch[i] === "{" ? Number(/^\{(\d+)/.exec(branch.slice(i))?.[1]) : branch[i] === "+" ? 1 : 0;
    atoms.push({ set: atom.set, min, repeats: quantifier?.repeats ?? false });
    if (quantifier) i += quantifier.length;
  }
  return { atoms };
}

/** More alternatives than this after spelling groups out: judged not provably linear (RE2 then). */
const MAX_SPELLED = 64;

/**
 * The pattern's alternatives with every group that does not repeat spelled out: `^(ssh|sk)-x(y)?$`
 * is `^ssh-x$`, `^ssh-xy$`, `^sk-x$`, `^sk-xy$` (a group is its branches; `(…)?` is its branches
 * or nothing). Undefined for a group that repeats or has another quantifier, a lookaround or
 * named group, or more than 64 alternatives. A backtracking engine's work on the pattern is at
 * most the sum of its work on these: at each way the text before a group matches, it tries the
 * group's branches one after the other, as it would try the spelled-out alternatives.
 */
export function spelledOut(pattern: string): string[] | undefined {
  let pos = 0;
  const alternatives = (): string[] | undefined => {
    const out: string[] = [];
    let current = [""];
    while (pos < pattern.length && pattern[pos] !== ")") {
      const char = pattern[pos] as string;
      if (char === "|") {
        out.push(...current);
        current = [""];
        pos++;
        continue;
      }
      let pieces: string[];
      if (char === "(") {
        pos++;
        if (pattern[pos] === "?") {
          if (pattern[pos + 1] !== ":") return undefined;
          pos += 2;
        }
        const inner = alternatives();
        if (inner === undefined || pattern[pos] !== ")") return undefined;
        pos++;
        const quantifier = quantifierAt(pattern, pos);
        if (quantifier === undefined) pieces = inner;
        else if (pattern[pos] === "?" && (quantifier.length === 1 || pattern[pos + 1] === "?")) {
          pieces = [...inner, ""];
          pos += quantifier.length;
        } else return undefined;
      } else if (char === "\\") {
        pieces = [pattern.slice(pos, pos + 2)];
        pos += 2;
      } else if (char === "[") {
        let end = pos + 1;
        for (; end < pattern.length && pattern[end] !== "]"; end++) if (pattern[end] === "\\") end++;
        pieces = [pattern.slice(pos, end + 1)];
        pos = end + 1;
      } else {
        pieces = [char];
        pos++;
      }
      current = current.flatMap((prefix) => pieces.map((piece) => prefix + piece));
      if (current.length > MAX_SPELLED) return undefined;
    }
    out.push(...current);
    return out.length > MAX_SPELLED ? undefined : out;
  };
  const all = alternatives();
  return pos === pattern.length ? all : undefined;
}

/**
 * True when a backtracking engine matches the pattern in time linear in the value. Groups that
 * do not repeat are spelled out first (`spelledOut`); then each alternative must be anchored at
 * `^` (one start position), and every repeating atom must be followed by what it cannot match: the
 * atoms up to the next mandatory one, or the final `$`, are disjoint from it (`^\d+\.\d+$`,
 * `^\s*[^-\s]`, `^[a-z]+-\d{1,3}$`, `^(ssh|sk)-[^\s]+ [^\s]+([ \t][^\n\r]*)?$`). Then a
 * repeat stops where its run of matching characters ends, and backtracking into it fails at once
 * on the next character, so no position is tried twice per atom. A repeat at the end of an
 * alternative without `$` always succeeds first try. `^a*a*$`, `^\d+\d+$`, `^a+b?a+$` or
 * `^(a)+$` stay on RE2.
 */
export function isProvablyLinear(pattern: string): boolean {
  const branches = spelledOut(pattern);
  if (branches === undefined) return false;
  return branches.every((branch) => {
    const parsed = atomsOf(branch);
    if (!parsed) return false;
    return parsed.atoms.every((atom, k) => {
      if (!atom.repeats) return true;
      for (const next of parsed.atoms.slice(k + 1)) {
        if (!disjoint(atom.set, next.set)) return false;
        if (next.min > 0) return true;
      }
      return true; // the end of the branch: `$` matches no character, or no `$` (first try succeeds)
    });
  });
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
  /**
   * The same engine's code holding only the RE2 patterns a module names: a module whose own
   * patterns are all native gets code without re2js, so loading it does not load re2js.
   */
  codeFor(moduleCode: string): string;
}

export interface PatternPlan {
  /** Patterns matched by RE2 (all but the provably linear ones), with their RE2 source. */
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
    if (!isProvablyLinear(pattern) || plan.nonUnicode.includes(pattern)) plan.linear.set(pattern, source);
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
 * Ajv's `code.regExp` for the model's patterns, or undefined when every pattern is provably
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
  // validators load (CommonJS in memory), and a standalone module imports it only when one of its
  // own schemas holds such a pattern (codeFor).
  const codeWith = (special: [string, string][]) =>
    special.length === 0
      ? `((n) => (p, f) => new RegExp(p, n.has(p) ? "" : f))(new Set(${literal(nonUnicode).text}))`
      : '((R, m, n) => (p, f) => { const s = m.get(p); if (s === undefined) return new RegExp(p, n.has(p) ? "" : f); ' +
        'let re; return { test: (t) => (re ??= R().compile(s)).matcher(t).find(), toString: () => "re2:/" + p + "/" }; })' +
        `(() => require("re2js").RE2JS, new Map(${literal(special).text}), new Set(${literal(nonUnicode).text}))`;
  engine.code = codeWith([...linear]);
  // Each pattern's text as the code writes it, made once rather than once per module.
  const written = [...linear].map((entry) => ({ entry, text: literal(entry[0]).text }));
  engine.codeFor = (moduleCode) => {
    const rest = moduleCode.split(engine.code).join("");
    return codeWith(written.filter(({ text }) => rest.includes(text)).map(({ entry }) => entry));
  };
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
      if (key === "patternProperties" && value !== null && typeof value === "object") for (const pattern of Object.keys(value)) out.add(pattern);
      collectPatterns(value, out);
    }
  }
  return out;
}
