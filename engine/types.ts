// Types shared by the compiled engine (output/rules.ts), the reference interpreter and lint.
// This folder is copied verbatim into every generated output, so it imports nothing but itself.

/** A GPU type record of `GET /v2/catalog/gpus`. */
export interface GpuRecord {
  id: string;
  pool?: string | null;
  cudaVersions?: string[];
  [field: string]: unknown;
}

/** A CPU flavor record of `GET /v2/catalog/cpus`. */
export interface CpuRecord {
  id: string;
  vcpu?: { min?: number; max?: number };
  ramGbPerVcpu?: number;
  [field: string]: unknown;
}

/** A template record of `GET /v2/templates` or `GET /v2/catalog/templates`. */
export interface TemplateRecord {
  id: string;
  [field: string]: unknown;
}

export interface CheckContext {
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[] };
  templates?: TemplateRecord[];
  /** The resource as it is now, for PATCH operations. */
  current?: unknown;
}

/** What a rule or stage sees. */
export interface Subject {
  operation: string;
  /** The request body as sent. */
  input: unknown;
  /** The effective body: after PATCH merge, template merge and defaults. */
  resolved: unknown;
  context: CheckContext;
  /**
   * The caller vouched that the body is JSON data as JSON.parse makes it (a compiled `check`'s
   * `plain`): the compiled defaults stage then reads it with named property loads.
   */
  plain?: boolean;
  /**
   * Set by the compiled engine when the caller owns the body (a compiled `check`'s `owned`, as
   * `lint` passes it) and no stage replaced it: the deferred defaults, when `resolved` is first
   * read, write into the body itself rather than into copies. They run after every rule, so the
   * rules read the body as sent.
   */
  owned?: boolean;
}

/** One failure found by a rule, before the rule's metadata is attached. */
export interface Finding {
  /** JSON pointer of the offending value. */
  path: string;
  /** Specifics appended to the rule's message ("`X` is not in pools ADA_24"). */
  detail?: string;
  hint?: string;
  /** A check that could not run (missing context): reported as a warning, not a failure. */
  warning?: boolean;
}

/**
 * The rule ids the engine gives itself, whatever the rules file: `schema/<keyword>` (a JSON Schema
 * failure), `json/parse` and `json/encoding` (the text is not JSON), `graphql/...` (a GraphQL
 * request), `hint/v1-field` (a v1 field name), `catalog/stale-snapshot` (lint's dated snapshot).
 */
export type BuiltinRuleId = `schema/${string}` | `json/${string}` | `graphql/${string}` | `hint/${string}` | `catalog/${string}`;

/**
 * A failure. `Rule` is the union of rule ids it can carry: a generated output's `check` returns
 * `CheckResult<RuleId | BuiltinRuleId>`, so `violation.rule === "gpu-pools-known"` narrows and a
 * misspelt id does not compile.
 */
export interface Violation<Rule extends string = string> {
  /** Rule id of the rules file, or one of BuiltinRuleId. */
  rule: Rule;
  status: number;
  path: string;
  message: string;
  hint?: string;
}

export interface Warning<Rule extends string = string> {
  rule: Rule;
  path: string;
  message: string;
}

/** RFC 9457 problem body, as the service returns it. */
export interface Problem {
  title: string;
  status: number;
  detail: string;
  errors?: string[];
}

export interface CheckResult<Rule extends string = string> {
  ok: boolean;
  status: number | null;
  problem: Problem | null;
  violations: Violation<Rule>[];
  warnings: Warning<Rule>[];
  resolved: unknown;
}

/** A compiled JSON Schema validator (Ajv standalone shape). */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
