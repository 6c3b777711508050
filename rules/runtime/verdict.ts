// The verdict a compiled operation builds as it goes (docs/engine.md): a rule that passes
// allocates nothing; a failing one pushes its finding straight into the violations or warnings,
// with the rule's metadata attached. `resolved` is computed only when read.

import { problemFor } from "./problem.js";
import type { CheckResult, Finding, Problem, Subject, Violation, Warning } from "./types.js";

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
  push(f: Finding): void {
    const rule = this.rule;
    const message = f.detail ? `${rule.message}: ${f.detail}` : rule.message;
    if (f.warning) {
      this.warnings.push({ rule: rule.id, path: f.path, message });
      return;
    }
    const hint = f.hint ?? rule.hint;
    this.violations.push(
      hint ? { rule: rule.id, status: rule.status, path: f.path, message, hint } : { rule: rule.id, status: rule.status, path: f.path, message },
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
   * The verdict. `deferred` finishes the resolved body from `s.resolved` (the stages no rule
   * reads, defaults): it runs on the first read of `resolved`, once. Without it, `resolved` is
   * a plain property. `owned`: the caller's body is its own to change; when no stage has
   * replaced it, the deferred defaults will write into it in place (no copies) when they run.
   * Running them at once instead (no accessor to make) was measured: faster when the process
   * has room to allocate, slower under the bench's forced collections, since it allocates what
   * an unread `resolved` never needs (docs/engine.md, "What is lazy").
   */
  result(s: Subject, deferred: ((s: Subject) => unknown) | undefined, owned?: boolean): CheckResult {
    const violations = this.violations;
    const problem = violations.length === 0 ? null : problemFor(violations);
    if (deferred !== undefined) {
      if (owned === true && s.resolved === s.input) s.owned = true;
      return new LazyVerdict(problem, violations, this.warnings, s, deferred);
    }
    return { ok: problem === null, status: problem === null ? null : problem.status, problem, violations, warnings: this.warnings, resolved: s.resolved };
  }
}

/**
 * A verdict whose `resolved` is computed when first read. It is an own, enumerable accessor
 * defined last, so JSON.stringify, spreads and Object.keys see the same keys in the same order
 * as on a plain verdict; the state lives in private fields, which none of them see. One shared
 * accessor pair: V8 creates these objects several times faster than literals with getters.
 */
class LazyVerdict implements CheckResult {
  ok: boolean;
  status: number | null;
  problem: Problem | null;
  violations: Violation[];
  warnings: Warning[];
  declare resolved: unknown;
  #s: Subject;
  #deferred: ((s: Subject) => unknown) | undefined;
  #value: unknown;

  constructor(problem: Problem | null, violations: Violation[], warnings: Warning[], s: Subject, deferred: (s: Subject) => unknown) {
    this.ok = problem === null;
    this.status = problem === null ? null : problem.status;
    this.problem = problem;
    this.violations = violations;
    this.warnings = warnings;
    this.#s = s;
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

  private static read(v: LazyVerdict): unknown {
    const deferred = v.#deferred;
    if (deferred !== undefined) {
      v.#deferred = undefined;
      v.#value = deferred(v.#s);
    }
    return v.#value;
  }

  private static write(v: LazyVerdict, value: unknown): void {
    v.#deferred = undefined;
    v.#value = value;
  }

  /**
   * `stringAt` for a verdict of this class whose deferred stages have not run: the body before
   * them answers unless it has no own property where the path leads. Those stages are
   * defaults only (emit-rules-defer.ts), and a default (merge.ts, Defaulter) only adds a field
   * that is absent: it never replaces a value, never writes inside a non-object, and its copies
   * keep every own field. So a value the earlier body holds is the one `resolved` holds, and a
   * non-object on the way ends the walk in both.
   */
  static peekString(v: object, path: readonly string[]): string | undefined | typeof UNKNOWN {
    if (!(#deferred in v) || v.#deferred === undefined) return UNKNOWN;
    let node: unknown = v.#s.resolved;
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
}

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
