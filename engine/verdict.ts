// The verdict a compiled operation builds as it goes (docs/engine.md): a rule that passes
// allocates nothing; a failing one pushes its finding straight into the violations or warnings,
// with the rule's metadata attached. `resolved` is computed only when read.

import { problemFor } from "./problem.js";
import { quote } from "./values.js";
import type { CheckResult, CheckResultBase, Finding, Problem, Subject, Violation, Warning } from "./types.js";

/** A rule's metadata, one constant per rule in the compiled engine. */
export interface RuleInfo {
  id: string;
  status: number;
  message: string;
  hint?: string;
}

/** Before the first rule: one shared object, not one per verdict. */
const NO_RULE: RuleInfo = { id: "", status: 0, message: "" };

export class Report {
  readonly violations: Violation[] = [];
  readonly warnings: Warning[] = [];
  private rule: RuleInfo = NO_RULE;
  private violationMark = 0;
  private warningMark = 0;

  /** The rule whose findings come next; a throw inside it undoes them (see `failed`). */
  begin(rule: RuleInfo): void {
    this.rule = rule;
    this.violationMark = this.violations.length;
    this.warningMark = this.warnings.length;
  }

  /** One finding of the current rule, as the interpreter turns it into a violation or warning. */
  push(finding: Finding): void {
    const rule = this.rule;
    const message = finding.detail ? `${rule.message}: ${finding.detail}` : rule.message;
    if (finding.warning) {
      this.warnings.push({ rule: rule.id, path: finding.path, message });
      return;
    }
    const hint = finding.hint ?? rule.hint;
    this.violations.push(
      hint ? { rule: rule.id, status: rule.status, path: finding.path, message, hint } : { rule: rule.id, status: rule.status, path: finding.path, message },
    );
  }

  /** The current rule threw: its findings are dropped, as the interpreter drops them, and a warning says so. */
  failed(error: unknown): void {
    this.violations.length = this.violationMark;
    this.warnings.length = this.warningMark;
    this.warnings.push({ rule: this.rule.id, path: "", message: `rule could not run: ${(error as Error).message}` });
  }

  stageFailed(id: string, error: unknown): void {
    this.warnings.push({ rule: id, path: "", message: `stage could not run: ${(error as Error).message}` });
  }

  /**
   * The verdict. `deferred` finishes the resolved body from `subject.resolved` (the stages no rule
   * reads, defaults): it runs on the first read of `resolved`, once. Without it, `resolved` is
   * a plain property. `owned`: the caller's body is its own to change; when no stage has
   * replaced it, the deferred defaults will write into it in place (no copies) when they run.
   * Running them at once instead (no accessor to make) was measured: faster when the process
   * has room to allocate, slower under the bench's forced collections, since it allocates what
   * an unread `resolved` never needs (docs/engine.md, "What is lazy").
   */
  result(subject: Subject, deferred: ((subject: Subject) => unknown) | undefined, owned?: boolean): CheckResult {
    const violations = this.violations;
    const problem = violations.length === 0 ? null : problemFor(violations);
    if (deferred !== undefined) {
      if (owned === true && subject.resolved === subject.input) subject.owned = true;
      // ok, status and problem agree (all from `problem`): the class is one of the union's members.
      return new LazyVerdict(problem, violations, this.warnings, subject, deferred) as CheckResult;
    }
    return {
      ok: problem === null,
      status: problem === null ? null : problem.status,
      problem,
      violations,
      warnings: this.warnings,
      resolved: subject.resolved,
    } as CheckResult;
  }
}

/**
 * A verdict whose `resolved` is computed when first read. It is an own, enumerable accessor
 * defined last, so JSON.stringify, spreads and Object.keys see the same keys in the same order
 * as on a plain verdict; the state lives in private fields, which none of them see. One shared
 * accessor pair: V8 creates these objects several times faster than literals with getters.
 */
class LazyVerdict implements CheckResultBase {
  ok: boolean;
  status: number | null;
  problem: Problem | null;
  violations: Violation[];
  warnings: Warning[];
  declare resolved: unknown;
  #subject: Subject;
  #deferred: ((subject: Subject) => unknown) | undefined;
  #value: unknown;

  constructor(problem: Problem | null, violations: Violation[], warnings: Warning[], subject: Subject, deferred: (subject: Subject) => unknown) {
    this.ok = problem === null;
    this.status = problem === null ? null : problem.status;
    this.problem = problem;
    this.violations = violations;
    this.warnings = warnings;
    this.#subject = subject;
    this.#deferred = deferred;
    Object.defineProperty(this, "resolved", LazyVerdict.accessor);
  }

  private static readonly accessor: PropertyDescriptor = {
    get(this: LazyVerdict) {
      return LazyVerdict.read(this);
    },
    set(this: LazyVerdict, value: unknown) {
      LazyVerdict.write(this, value);
    },
    enumerable: true,
    configurable: true,
  };

  private static read(verdict: LazyVerdict): unknown {
    const deferred = verdict.#deferred;
    if (deferred !== undefined) {
      verdict.#deferred = undefined;
      verdict.#value = deferred(verdict.#subject);
    }
    return verdict.#value;
  }

  private static write(verdict: LazyVerdict, value: unknown): void {
    verdict.#deferred = undefined;
    verdict.#value = value;
  }

  /**
   * `stringAt` for a verdict of this class whose deferred stages have not run: the body before
   * them answers unless it has no own property where the path leads. Those stages are
   * defaults only (emit-rules-defer.ts), and a default (merge.ts, Defaulter) only adds a field
   * that is absent: it never replaces a value, never writes inside a non-object, and its copies
   * keep every own field. So a value the earlier body holds is the one `resolved` holds, and a
   * non-object on the way ends the walk in both.
   */
  static peekString(verdict: object, path: readonly string[]): string | undefined | typeof UNKNOWN {
    if (!(#deferred in verdict) || verdict.#deferred === undefined) return UNKNOWN;
    let node: unknown = verdict.#subject.resolved;
    // Indexed, not for…of: the paths are parsePointer's frozen arrays, whose iterator V8 does not
    // elide (160 bytes of iterator results per rejected value, measured).
    for (let i = 0; i < path.length; i++) {
      const key = path[i] as string;
      if (node === null || typeof node !== "object") return undefined;
      if (!Object.hasOwn(node, key)) return UNKNOWN; // a default may create it (or it is inherited)
      node = (node as Record<string, unknown>)[key];
    }
    return typeof node === "string" ? node : undefined;
  }

  /**
   * `resolvedText` for a verdict of this class whose deferred stages have not run (NOT_PENDING
   * for any other): the text when its body is `body`, the caller's own, and no stage replaced it.
   */
  static textOf(verdict: object, text: string, body: unknown): string | undefined | typeof NOT_PENDING {
    if (!(#deferred in verdict) || verdict.#deferred === undefined) return NOT_PENDING;
    const subject = verdict.#subject;
    if (subject.owned !== true || subject.resolved !== body || subject.input !== body) return undefined;
    if (!bodyIsText(body, text)) return undefined;
    // The defaults run now, in place (they only add members that are absent).
    const resolved = LazyVerdict.read(verdict);
    return resolved === body ? withAppended(text) : undefined;
  }
}

// ------------------------------------------------------------ resolved text from the input text

/**
 * The objects and arrays of the last body measured, in the order their `}` or `]` comes in the
 * text (children before their parent), with the number of members each object had (-1 - its
 * length for an array) and the offset just past its end.
 * Reused by every call: the walks run one after the other, never nested.
 */
const objects: object[] = [];
let counts: Int32Array = new Int32Array(64);
let ends: Int32Array = new Int32Array(64);
let objectCount = 0;
/** The body holds an integer with two trailing zeros (which an exponent could have written as short). */
let roundNumber = false;
/** A digit followed by an exponent mark: a number written with an exponent (or such text inside a string). */
const EXPONENT = /[0-9][eE]/;
/** String.prototype.isWellFormed (ES2024; Node 20 has it), else a lone surrogate found by a regular expression. */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
const LONE_SURROGATE = /\p{Cs}/u;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const INT32_LIMIT = 2 ** 31;
/** Integers below this print as their digits; a literal of 16 or more digits may not be the number. */
const EXACT_DIGITS = 1e15;

/**
 * Whether JSON.stringify would print `body` as exactly `text`, the text JSON.parse made it from,
 * decided without printing it: the walk adds up the length the body would print to if no string
 * needed an escape, and it equals the text's length only when the text has no whitespace between
 * tokens, no escape in a string, each number as JavaScript prints it and no duplicate key (each
 * of those makes the text longer than the walk's sum; docs/ndjson.md). What could print
 * differently at the same length is refused: a key that starts with a digit (JSON.parse puts
 * array-index keys first), a number that is not an integer below 10^15, and an exponent where the
 * body has an integer ending in 00 (`1e2` for 100). A lone surrogate prints escaped: a text that
 * is not well-formed UTF-16 is refused.
 */
function bodyIsText(body: unknown, text: string): boolean {
  objectCount = 0;
  roundNumber = false;
  // A toJSON anywhere on the prototypes would print differently, an enumerable member of
  // Object.prototype would be walked as the body's own.
  if ("toJSON" in Object.prototype || "toJSON" in Array.prototype || enumerableOn(Object.prototype)) return false;
  if (measure(body, 0) !== text.length) return false;
  if (roundNumber && EXPONENT.test(text)) return false;
  return isWellFormed !== undefined ? isWellFormed.call(text) : !LONE_SURROGATE.test(text);
}

function enumerableOn(prototype: object): boolean {
  for (const _ in prototype) return true;
  return false;
}

/** The offset just past `value` printed at `at` (as bodyIsText counts), or a negative number when it cannot tell. */
function measure(value: unknown, at: number): number {
  if (typeof value === "string") return at + value.length + 2;
  if (typeof value === "number") return at + integerLength(value);
  if (typeof value === "boolean") return at + (value ? 4 : 5);
  if (typeof value !== "object") return -1;
  if (value === null) return at + 4;
  // Not the value's own toJSON: JSON data holds no function (JSON.stringify ignores one that is not).
  let pos = at + 1;
  if (Array.isArray(value)) {
    const list = value as unknown[];
    for (let i = 0; i < list.length; i++) {
      if (i > 0) pos++;
      const item = list[i];
      pos = typeof item === "string" ? pos + item.length + 2 : measure(item, pos);
      if (pos < 0) return -1;
    }
    // An array as -1 - its length: no default adds to one, and withAppended makes sure.
    return record(value, -1 - list.length, pos + 1);
  }
  let count = 0;
  for (const key in value) {
    if (count++ > 0) pos++;
    const first = key.charCodeAt(0);
    if (first >= DIGIT_0 && first <= DIGIT_9) return -1;
    pos += key.length + 3;
    const member = (value as Record<string, unknown>)[key];
    pos = typeof member === "string" ? pos + member.length + 2 : measure(member, pos);
    if (pos < 0) return -1;
  }
  return record(value, count, pos + 1);
}

function record(value: object, count: number, end: number): number {
  const index = objectCount++;
  if (index === counts.length) {
    counts = grown(counts);
    ends = grown(ends);
  }
  objects[index] = value;
  counts[index] = count;
  ends[index] = end;
  return end;
}

function grown(list: Int32Array): Int32Array {
  const larger = new Int32Array(list.length * 2);
  larger.set(list);
  return larger;
}

/** The length of an integer below 10^15 as JavaScript prints it; -Infinity (the walk's sum then fails) for any other number. */
function integerLength(value: number): number {
  let rest = value;
  let sign = 0;
  if (value < 0) {
    rest = -value;
    sign = 1;
  }
  if (rest < INT32_LIMIT) {
    const i = rest | 0;
    if (i !== rest) return Number.NEGATIVE_INFINITY; // a fraction (-0 passes: it prints as 0, which its text `-0` is not)
    if (i >= 100 && i % 100 === 0) roundNumber = true;
    return sign + (i < 10 ? 1 : i < 100 ? 2 : i < 1000 ? 3 : i < 1e4 ? 4 : i < 1e5 ? 5 : i < 1e6 ? 6 : i < 1e7 ? 7 : i < 1e8 ? 8 : i < 1e9 ? 9 : 10);
  }
  if (!Number.isInteger(rest) || rest >= EXACT_DIGITS) return Number.NEGATIVE_INFINITY;
  if (rest % 100 === 0) roundNumber = true;
  let length = 10;
  for (let power = 1e10; rest >= power; power *= 10) length++;
  return sign + length;
}

/** JSON.stringify of a value a default added: the usual scalars without the call. */
function printedValue(value: unknown): string | undefined {
  if (typeof value === "string") return quote(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  return JSON.stringify(value);
}

/**
 * The text of the body after the deferred defaults added members to it in place, when `text` is
 * what it printed as before them (bodyIsText, which left `objects`): the text with each added
 * member printed before the `}` of its object. Undefined when an object lost a member, an array
 * changed length, or an object gained a member JSON.stringify would not print last.
 */
function withAppended(text: string): string | undefined {
  let out = "";
  let cursor = 0;
  for (let k = 0; k < objectCount; k++) {
    const object = objects[k] as Record<string, unknown>;
    const before = counts[k] as number;
    if (before < 0) {
      if ((object as unknown as unknown[]).length !== -1 - before) return undefined;
      continue;
    }
    const keys = Object.keys(object);
    if (keys.length === before) continue;
    if (keys.length < before) return undefined;
    // An added key that is an array index would print first, not last.
    for (let i = 0; i < keys.length; i++) {
      const first = (keys[i] as string).charCodeAt(0);
      if (first >= DIGIT_0 && first <= DIGIT_9) return undefined;
    }
    const end = (ends[k] as number) - 1;
    out += text.slice(cursor, end);
    for (let i = before; i < keys.length; i++) {
      const key = keys[i] as string;
      const printed = printedValue(object[key]);
      if (printed === undefined) return undefined;
      out += `${i > 0 ? "," : ""}${quote(key)}:${printed}`;
    }
    cursor = end;
  }
  return cursor === 0 ? text : out + text.slice(cursor);
}

/**
 * The text JSON.stringify prints for `result.resolved`, taken from `text` (the JSON text `body`
 * was parsed from) without printing the body again, or undefined when that cannot be done (then
 * print `result.resolved` as usual). It can when `resolved` is `body` itself, or the compiled
 * engine's lazy verdict will add its defaults to `body` in place (it was the caller's own, as
 * lint's is, and no stage replaced it), and the text is the body as
 * JSON.stringify prints it (no whitespace, escapes or other spellings: NDJSON written by a
 * program usually is). Reads `result.resolved` (its deferred defaults run); the bytes are
 * exactly JSON.stringify's (test/ndjson/resolved-text.test.ts).
 */
export function resolvedText(result: CheckResult, text: string, body: unknown): string | undefined {
  const pending = LazyVerdict.textOf(result, text, body);
  if (pending !== NOT_PENDING) return pending;
  // No defaults to add (or added already: then the body no longer measures as the text).
  return result.resolved === body && bodyIsText(body, text) ? text : undefined;
}

const NOT_PENDING: unique symbol = Symbol("not pending");
const UNKNOWN: unique symbol = Symbol("unknown");

/**
 * The string at `path` of the verdict's `resolved` (a property walk, as `resolved[a][b]`
 * reads it), or undefined when there is none. A lazy `resolved` is computed only when the
 * answer could depend on it (catalog staleness reads rejected values this way: invalid bodies
 * usually leave defaults pending).
 */
export function stringAt(result: CheckResult, path: readonly string[]): string | undefined {
  const peeked = LazyVerdict.peekString(result, path);
  if (peeked !== UNKNOWN) return peeked;
  let node: unknown = result.resolved;
  for (let i = 0; i < path.length; i++) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[path[i] as string];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * One live instance of each class keeps its hidden class (map) alive. Otherwise a full garbage
 * collection with no verdict alive drops those maps, and V8 deoptimizes every function compiled
 * against them (check<i>, Report's methods) until it has warmed up again: a pause per major GC.
 */
export const pinnedShapes: readonly object[] = [
  new Report(),
  new LazyVerdict(null, [], [], { operation: "", input: null, resolved: null, context: {} }, () => null),
];
