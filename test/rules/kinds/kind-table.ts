// The given/want table every rule kind's test runs: each row is a rule of the kind (the table's
// parameters, or the row's own), a body and a context, and the violations and warnings the rule
// must give (rule id, status, pointer). Each row runs through both engines:
//   - the reference interpreter (rules/interpreter.ts: the kind's `check`), and
//   - the compiled engine: the rules file compiled by generate's own emitter
//     (generators/emit/emit-rules.ts: the kind's `emit`, hoisted reads, the Report), its types
//     stripped by sucrase as `generate --js` strips them, loaded against the engine (engine/).
// Both must give the expected verdict, and the same one byte for byte (as test/engine/
// differential.test.ts holds them on the real rules file), on the plain-data path too.

import * as cel from "@marcbachmann/cel-js";
import { transform } from "sucrase";
import { describe, expect, test } from "vitest";
import * as rt from "../../../engine/index.js";
import { type Engine, evaluate } from "../../../engine/evaluate.js";
import type { CheckContext, CheckResult } from "../../../engine/types.js";
import { emitRules } from "../../../generators/emit/emit-rules.js";
import { interpret, type OperationValidators } from "../../../rules/interpreter.js";
import { parseRules } from "../../../rules/load.js";
import type { ExampleEnv, Pointer, RuleKind, RuleSpec, RulesFile, StageSpec } from "../../../rules/types.js";
import type { ApiModel } from "../../../schema-model/model.js";

const OPERATION = "kindTable";

/** The rule a table is about: what every rule carries besides its kind's parameters. */
export interface TableRule {
  id: string;
  status: number;
  message: string;
  hint?: string;
  /** The kind's own parameters (`fields`, `when`, `collection`, …). */
  params: Record<string, unknown>;
  /**
   * A PATCH: the body is merged into `context.current` first (a patchMerge stage with these
   * parameters), so a rule reading the request (`fieldsFrom: request`) and one reading the
   * resolved body differ.
   */
  patch?: { replaceTogether?: Pointer[][]; clears?: Pointer[] };
}

export interface Row {
  /** What the row shows. */
  name: string;
  body: unknown;
  context?: CheckContext;
  /** Parameters of this row's rule, over the table's. */
  params?: Record<string, unknown>;
  /** The pointers of the violations the rule must report, in order; [] when it passes. */
  violations: Pointer[];
  /** The pointers of its warnings (a check it cannot make without its context). */
  warnings?: Pointer[];
  /** Text each finding (violations, then warnings) must contain: its message and hint. */
  says?: string[];
}

/** The rule of one row as the rules file holds it. */
function ruleOf(kind: RuleKind<RuleSpec>, table: TableRule, row: Pick<Row, "params">): RuleSpec {
  return {
    id: table.id,
    kind: kind.kind,
    operations: [OPERATION],
    status: table.status,
    message: table.message,
    ...(table.hint === undefined ? {} : { hint: table.hint }),
    spec: `test/rules/kinds: the ${kind.kind} table`,
    ...table.params,
    ...row.params,
  };
}

/** A rules file of one rule (behind a PATCH merge for a patch table), checked as `lint --rules` checks one. */
function rulesFile(kind: RuleKind<RuleSpec>, table: TableRule, row: Pick<Row, "params">): RulesFile {
  const stages: StageSpec[] =
    table.patch === undefined ? [] : [{ id: "patch-merge", kind: "patchMerge", operations: [OPERATION], needs: ["current"], spec: "PATCH", ...table.patch }];
  const file: RulesFile = { version: 1, stages, rules: [ruleOf(kind, table, row)], hints: [] };
  return parseRules(JSON.stringify(file), `the ${kind.kind} table`);
}

const model: ApiModel = {
  title: "a rule kind's table",
  version: "1",
  openapi: "3.1.0",
  sources: [],
  schemas: {},
  operations: [{ id: OPERATION, kind: "rest", tags: [], parameters: [], responses: [] }],
  diagnostics: [],
};

const ENGINE = "engine";

/** The modules compiled rules import, as the package's own output/ imports them. */
const imports: Record<string, unknown> = { [`./${ENGINE}/index.js`]: rt, "@marcbachmann/cel-js": cel };

/**
 * The rules file compiled as `generate` compiles one (output/rules.mts), its types stripped, run
 * as a CommonJS module whose imports are the package's engine and CEL.
 */
export function compile(file: RulesFile): Engine {
  const typescript = emitRules(model, file, [], new Set(), "// a rule kind's table, compiled", ENGINE);
  const javascript = transform(typescript, { transforms: ["typescript", "imports"], filePath: "rules.ts" }).code;
  const exported: { engine?: Engine } = {};
  const load = (specifier: string): unknown => {
    if (!(specifier in imports)) throw new Error(`compiled rules import ${specifier}, which the table does not provide`);
    return imports[specifier];
  };
  new Function("exports", "require", javascript)(exported, load);
  if (exported.engine === undefined) throw new Error("the compiled rules export no engine");
  return exported.engine;
}

const validators = new Map<string, OperationValidators>([[OPERATION, { responses: new Map() }]]);

/** Both engines' verdicts on a body: the interpreter's, the compiled one's, and the compiled one's on a body it is told is plain JSON data. */
export function verdicts(file: RulesFile, body: unknown, context: CheckContext): { reference: CheckResult; compiled: CheckResult; plain: CheckResult } {
  const interpreted = interpret(file, validators);
  const engine = compile(file);
  const check = engine.operations.get(OPERATION)?.check;
  if (check === undefined) throw new Error("the compiled engine has no check for the table's operation");
  return {
    reference: evaluate(interpreted, OPERATION, body, context),
    compiled: evaluate(engine, OPERATION, body, context),
    plain: check(structuredClone(body), context, true),
  };
}

const text = (result: CheckResult) => JSON.stringify(result);

/** The table as tests: each row's rule through both engines, each giving the row's verdict. */
export function kindTable(kind: RuleKind<RuleSpec>, table: TableRule, rows: Row[]): void {
  describe(`${kind.kind}: ${table.id}`, () => {
    test.each(rows)("$name", (row) => {
      const file = rulesFile(kind, table, row);
      const { reference, compiled, plain } = verdicts(file, row.body, row.context ?? {});
      const found = (list: { rule: string; path: string }[]) => list.map((finding) => `${finding.rule} ${finding.path}`);
      expect(found(reference.violations), "violations").toEqual(row.violations.map((path) => `${table.id} ${path}`));
      expect(found(reference.warnings), "warnings").toEqual((row.warnings ?? []).map((path) => `${table.id} ${path}`));
      expect(reference.violations.every((violation) => violation.status === table.status)).toBe(true);
      expect(reference.status).toBe(row.violations.length === 0 ? null : table.status);
      const findings = [...reference.violations, ...reference.warnings].map(
        (finding) => `${finding.message}${"hint" in finding && finding.hint ? ` | ${finding.hint}` : ""}`,
      );
      (row.says ?? []).forEach((said, i) => expect(findings[i], `finding ${i}`).toContain(said));
      expect(text(compiled), "the compiled engine gives the interpreter's verdict").toBe(text(reference));
      expect(text(plain), "the compiled engine on a body vouched plain gives the interpreter's verdict").toBe(text(reference));
    });
  });
}

/**
 * The kind's own fixed edge cases (`edgeCases`, which the generated property tests run against
 * the real rules), built from `body`, through both engines: each "fail" case gives a violation
 * of the rule and each "pass" case none, and the engines agree.
 */
export function edgeCasesAgree(kind: RuleKind<RuleSpec>, table: TableRule, body: unknown, env: ExampleEnv, least: number): void {
  test(`${kind.kind}: its edgeCases, built from a valid body, pass and fail as named through both engines`, () => {
    const file = rulesFile(kind, table, {});
    const rule = file.rules[0] as RuleSpec;
    const cases = kind.edgeCases(rule, body, env);
    expect(cases.length).toBeGreaterThanOrEqual(least);
    for (const edge of cases) {
      const { reference, compiled, plain } = verdicts(file, edge.body, edge.context ?? env.context);
      expect(
        reference.violations.some((violation) => violation.rule === table.id),
        edge.name,
      ).toBe(edge.expect === "fail");
      expect(text(compiled), edge.name).toBe(text(reference));
      expect(text(plain), edge.name).toBe(text(reference));
    }
  });
}

/** An ExampleEnv over fixed samples: the value to set at each pointer an edge case sets. */
export function envWith(samples: Record<Pointer, unknown>, context: CheckContext): ExampleEnv {
  return {
    context,
    sample(pointer) {
      if (!(pointer in samples)) throw new Error(`the table gives no sample for ${pointer}`);
      return samples[pointer];
    },
  };
}
