// The driver shared by the compiled engine and the reference interpreter: schema first, then
// the stages that build the resolved body, then the rules in file order. The first violation's
// status is the verdict's (schema failures first, then rules as ordered in the rules file).

import { EngineError } from "./errors.js";
import { checkResult, renameWarnings, type SchemaHint, schemaViolations } from "./problem.js";
import type { CheckContext, CheckResult, Finding, Subject, TemplateRecord, ValidateFunction, Violation, Warning } from "./types.js";
import { append, isObject } from "./values.js";

export interface RuleEntry {
  id: string;
  status: number;
  message: string;
  hint?: string;
  /** The rule alone (the reference interpreter); the compiled engine inlines it in `check` instead. */
  check?(subject: Subject, out: Finding[]): void;
}

export interface StageEntry {
  id: string;
  /** The stage alone (the reference interpreter); the compiled engine inlines it in `check` instead. */
  apply?(subject: Subject): unknown;
}

export interface OperationEntry {
  /** "graphql" for a GraphQL operation (schema/graphql.yaml); absent for REST operations. */
  kind?: "graphql";
  /** Context the operation's rules and stages can use: "catalog", "templates", "current". */
  needs: string[];
  /** Pointers of request-body values the schema marks `writeOnly` (kept by the service, never returned): left out of `resolved`. */
  writeOnly?: readonly string[];
  /**
   * Set when the request schema bounds every number a body it accepts can hold
   * (generators/normalize/finite-numbers.ts): such a body holds no number that overflowed to Infinity, so
   * `lint` scans the text for one only when the verdict is a rejection.
   */
  finiteWhenValid?: true;
  request?: ValidateFunction;
  responses: Map<string, ValidateFunction>;
  stages: StageEntry[];
  rules: RuleEntry[];
  /**
   * The compiled operation (output/rules.mts): schema, stages and rules as one function, the
   * same verdict as the driver below gives for `stages` and `rules` (docs/engine.md). `plain`:
   * the caller vouches that the body is JSON data as JSON.parse makes it (every object's
   * prototype is Object.prototype, no getters, no Proxy), as `lint` does; its field reads then
   * skip a prototype test. Left out, the body may be anything. `owned`: the body is the caller's
   * to change (it parsed or copied it, and keeps no other use for it): pending defaults are then
   * written into it when `resolved` is first read. Left out, the body is never written;
   * `resolved` is then computed from copies when first read.
   */
  check?(body: unknown, context: CheckContext, plain?: boolean, owned?: boolean): CheckResult;
}

export interface Engine {
  operations: Map<string, OperationEntry>;
  /** Hints for schema failures, by operation. */
  hints: Map<string, SchemaHint[]>;
}

/** `check` or `lint` of an operation the engine does not hold; `known` lists those it does. */
export class UnknownOperationError extends EngineError {
  static override readonly errorName: string = "UnknownOperationError";
  declare readonly code: "unknown-operation";

  constructor(
    readonly operation: string,
    readonly known: string[],
  ) {
    super("unknown-operation", `unknown operation ${JSON.stringify(operation)}; known operations: ${known.join(", ")}`);
  }
}

/** GraphQL operations are addressed as `graphql:<name>` whatever their key (docs/graphql.md). */
export const GRAPHQL_PREFIX = "graphql:";

/**
 * The engine key an operation name stands for. A REST operationId is its own key. A GraphQL
 * operation is keyed by its bare name unless a REST operation has that id (REST wins; the
 * GraphQL one is then keyed `graphql:<name>`); `graphql:<name>` reaches it either way.
 */
export function resolveOperation(engine: Engine, operation: string): string | undefined {
  if (engine.operations.has(operation)) return operation;
  if (!operation.startsWith(GRAPHQL_PREFIX)) return undefined;
  const bare = operation.slice(GRAPHQL_PREFIX.length);
  return engine.operations.get(bare)?.kind === "graphql" ? bare : undefined;
}

function entryFor(engine: Engine, operation: string): [key: string, entry: OperationEntry] {
  const key = resolveOperation(engine, operation);
  const entry = key === undefined ? undefined : engine.operations.get(key);
  if (key === undefined || !entry) throw new UnknownOperationError(operation, [...engine.operations.keys()]);
  return [key, entry];
}

/** The template record whose id is `id` (trimmed), from the context's own and public templates. */
export function findTemplate(context: CheckContext, id: unknown): TemplateRecord | undefined {
  if (typeof id !== "string") return undefined;
  return context.templates?.find((t) => isObject(t) && t.id === id.trim());
}

export function evaluate(engine: Engine, name: string, body: unknown, context: CheckContext = {}): CheckResult {
  const compiled = engine.operations.get(name)?.check;
  if (compiled !== undefined) return compiled(body, context);
  const [operation, entry] = entryFor(engine, name);
  if (entry.check !== undefined) return entry.check(body, context); // reached by `graphql:<name>`
  const violations: Violation[] = [];
  const warnings: Warning[] = [];
  if (entry.request && !entry.request(body)) {
    schemaViolations(entry.request.errors ?? [], body, engine.hints.get(operation), violations);
  }
  append(warnings, renameWarnings(body, engine.hints.get(operation) ?? [], violations));
  // Stages never mutate: they return new objects where they change something, so `resolved`
  // starts as the body itself and shares the parts no stage touched.
  const subject: Subject = { operation, input: body, resolved: body, context };
  for (const stage of entry.stages) {
    if (stage.apply === undefined) continue;
    try {
      subject.resolved = stage.apply(subject);
    } catch (error) {
      warnings.push({ rule: stage.id, path: "", message: `stage could not run: ${(error as Error).message}` });
    }
  }
  const findings: Finding[] = [];
  for (const rule of entry.rules) {
    if (rule.check === undefined) continue;
    findings.length = 0;
    try {
      rule.check(subject, findings);
    } catch (error) {
      warnings.push({ rule: rule.id, path: "", message: `rule could not run: ${(error as Error).message}` });
    }
    for (const finding of findings) {
      const message = finding.detail ? `${rule.message}: ${finding.detail}` : rule.message;
      if (finding.warning) warnings.push({ rule: rule.id, path: finding.path, message });
      else {
        const hint = finding.hint ?? rule.hint;
        violations.push({ rule: rule.id, status: rule.status, path: finding.path, message, ...(hint ? { hint } : {}) });
      }
    }
  }
  return checkResult(violations, warnings, subject.resolved);
}

/** Validate a response body of `operation` for `status` ("201", falling back to "2XX", "default"). */
export function evaluateResponse(engine: Engine, operation: string, given: number | string, body: unknown): CheckResult {
  const [, entry] = entryFor(engine, operation);
  // A number is what fetch's `response.status` is: 200 is "200".
  const status = String(given);
  const validate = entry.responses.get(status) ?? entry.responses.get(`${status.slice(0, 1)}XX`) ?? entry.responses.get("default");
  const violations: Violation[] = [];
  const warnings: Warning[] = [];
  if (!validate) {
    warnings.push({ rule: "schema/response", path: "", message: `the document declares no body for status ${status}` });
  } else if (!validate(body)) {
    schemaViolations(validate.errors ?? [], body, undefined, violations);
  }
  return checkResult(violations, warnings, body);
}
