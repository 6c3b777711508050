// The rules file as data, and the interfaces every rule kind and stage kind implements.
// The YAML file (rules/v2.rules.yaml) is validated against rules/rules.schema.json, which
// is built from the `params` schemas of the kinds listed in rules/kinds/index.ts.

import type { Code } from "./codegen.js";
import type { RuleAsSchema, Write } from "./json-schema.js";
import type { SchemaHint } from "../engine/problem.js";
import type { CheckContext, Finding, Subject } from "../engine/types.js";

/** A JSON pointer into a request body. A `*` segment stands for every item of an array. */
export type Pointer = string;

/** What a rule needs beyond the body: the GPU/CPU catalog, template records, current state. */
export type Need = "catalog" | "templates" | "current";

/** A predicate on a body, used by `when` clauses. Evaluated on the resolved body. */
export type Condition =
  | { path: Pointer; equals: unknown }
  | { path: Pointer; in: unknown[] }
  | { present: Pointer }
  | { absent: Pointer }
  | { nonEmpty: Pointer }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

/** Fields every rule carries, whatever its kind. */
export interface RuleCommon {
  /** Stable id, kebab-case: it appears in verdicts and scripts match on it. */
  id: string;
  kind: string;
  /** operationIds (REST) or GraphQL operation names the rule applies to. */
  operations: string[];
  /** HTTP status the server answers when this rule fails. */
  status: number;
  /** What the body must do, phrased "must …". */
  message: string;
  /** How to fix it. */
  hint?: string;
  /** Context the rule needs; absent context turns the rule into a warning. */
  needs?: Need[];
  /** Where the specification states the rule ("Create a serverless endpoint, rule 1"). */
  spec: string;
  /** True when the specification gives no status and we chose one (documented in the README). */
  statusChosen?: boolean;
  /** Where a rule the specification does not state comes from (a published document's pointer), as `x-v2kit-source` in the schema. */
  "x-v2kit-source"?: string;
}

export type RuleSpec = RuleCommon & Record<string, unknown>;

export interface StageCommon {
  id: string;
  kind: string;
  operations: string[];
  needs?: Need[];
  spec: string;
}

export type StageSpec = StageCommon & Record<string, unknown>;

export interface RulesFile {
  version: 1;
  /** Stages (transforms) run in order, producing the resolved body. */
  stages: StageSpec[];
  /** Constraints, checked in order on the resolved body. Order decides which status wins. */
  rules: RuleSpec[];
  /** Hints attached to schema failures (v1 field names, rejected values). */
  hints: (SchemaHint & { operations: string[] })[];
}

/** Tools the example generators get: schema-valid sample values and the context in use. */
export interface ExampleEnv {
  /** A schema-valid, non-empty value for the field at `pointer` of the operation's body. */
  sample(pointer: Pointer): unknown;
  context: CheckContext;
}

/** One rule kind: one module under rules/kinds/, listed in rules/kinds/index.ts. */
export interface RuleKind<R extends RuleSpec = RuleSpec> {
  kind: string;
  /** JSON Schema of the kind's own parameters (merged into rules.schema.json). */
  params: { properties: Record<string, unknown>; required: string[] };
  /** Pointers that must exist in the operation's request schema for the rule to apply. */
  targets(rule: R): Pointer[];
  /** The reference interpreter: findings for one subject. */
  check(rule: R, subject: Subject): Finding[];
  /** The same check as TypeScript statements over `subject: Subject`, pushing into `out: Finding[]`. */
  emit(rule: R): Code;
  /** A body that satisfies this rule, derived from `body`; undefined when it cannot be made to. */
  satisfy(rule: R, body: unknown, env: ExampleEnv): unknown;
  /** A body that violates this rule (and, where possible, no other), derived from a valid `body`. */
  violate(rule: R, body: unknown, env: ExampleEnv): unknown;
  /**
   * Fixed edge cases of the kind, built from a valid `body`: each a body and whether the rule
   * must report it (`fail`) or must not (`pass`). Those that do not apply to `body` are left out.
   */
  edgeCases(rule: R, body: unknown, env: ExampleEnv): EdgeCase[];
  /** One line for the README's rules table: what the rule checks. */
  explain(rule: R): string;
  /** Checks a schema cannot make (an expression parses, its examples behave), as load errors. */
  validate?(rule: R): { pointer: string; message: string }[];
  /**
   * The rule as JSON Schema over the body it reads, with what it reads and what holds when it
   * fails (rules/json-schema.ts), for `v2kit schema`; absent or undefined: no exact form.
   */
  jsonSchema?(rule: R): RuleAsSchema | undefined;
}

export interface EdgeCase {
  name: string;
  body: unknown;
  expect: "pass" | "fail";
  /** A context other than the test's (no catalog, no templates). */
  context?: CheckContext;
}

/** One stage kind (a transform): one module under rules/transforms/. */
export interface StageKind<S extends StageSpec = StageSpec> {
  kind: string;
  params: { properties: Record<string, unknown>; required: string[] };
  targets(stage: S): Pointer[];
  /** The reference interpreter: returns the next resolved body (never mutates its input). */
  apply(stage: S, subject: Subject): unknown;
  /** The same transform as a TypeScript expression over `subject: Subject` producing the next body. */
  emit(stage: S): Code;
  explain(stage: S): string;
  /** The pointers the stage may write, each with what holds when it does; absent: it may write anything. */
  writes?(stage: S): Write[];
}
