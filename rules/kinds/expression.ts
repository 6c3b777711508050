// The escape hatch: a CEL expression (Common Expression Language, via @marcbachmann/cel-js) that
// must evaluate to true. Variables: `body` (the resolved body), `input` (as sent), `current`.
// Every expression rule carries pass and fail examples, checked when the rules are loaded.
// An expression that errors (a missing field read without `has()`) gives a warning, not a verdict.
// Cost is bounded (runtime/cel-budget.ts): an expression estimated past the limit is refused at
// load; per body, one whose estimate for that body passes the limit is not run (a warning).

import { parse as celParse } from "@marcbachmann/cel-js";
import { code } from "../codegen.js";
import { CEL_ASSUMED_CHARS, CEL_ASSUMED_ITEMS, CEL_COST_LIMIT, celCost, runCel } from "../../engine/cel-budget.js";
import type { Finding, Subject } from "../../engine/types.js";
import type { EdgeCase, Pointer, RuleKind, RuleSpec } from "../types.js";
import { pointer } from "./shared.js";

type Expression = RuleSpec & { expression: string; path?: Pointer; examples: { pass: unknown[]; fail: unknown[] } };

const programs = new Map<string, ReturnType<typeof celParse>>();

function program(expression: string) {
  let parsed = programs.get(expression);
  if (!parsed) {
    parsed = celParse(expression);
    programs.set(expression, parsed);
  }
  return parsed;
}

/** Evaluate for one subject: true, false, or what went wrong. */
export function evaluateExpression(expression: string, subject: Pick<Subject, "input" | "resolved" | "context">): boolean | string {
  try {
    const value: unknown = runCel(program(expression), { body: subject.resolved, input: subject.input, current: subject.context.current ?? null });
    return typeof value === "boolean" ? value : `evaluated to ${JSON.stringify(value)}, not a boolean`;
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "evaluation failed";
  }
}

export const expression: RuleKind<Expression> = {
  kind: "expression",
  params: {
    properties: {
      expression: { type: "string", minLength: 1 },
      path: pointer,
      examples: {
        type: "object",
        required: ["pass", "fail"],
        additionalProperties: false,
        properties: { pass: { type: "array", minItems: 1 }, fail: { type: "array", minItems: 1 } },
      },
    },
    required: ["expression", "examples"],
  },
  targets: () => [],
  check(rule, subject) {
    const verdict = evaluateExpression(rule.expression, subject);
    const path = rule.path ?? "";
    if (verdict === true) return [];
    if (verdict === false) return [{ path }];
    return [{ path, warning: true, detail: `expression could not be evaluated: ${verdict}` } satisfies Finding];
  },
  emit(rule) {
    const path = rule.path ?? "";
    return code`{
  let value: unknown;
  try {
    value = rt.runCel(celProgram(${rule.expression}), { body: subject.resolved, input: subject.input, current: subject.context.current ?? null });
  } catch (error) {
    value = error instanceof Error ? (error.message.split("\\n")[0] ?? "evaluation failed") : String(error);
  }
  if (value === false) out.push({ path: ${path} });
  else if (value !== true) out.push({ path: ${path}, warning: true, detail: "expression could not be evaluated: " + (typeof value === "string" ? value : "evaluated to " + JSON.stringify(value) + ", not a boolean") });
}`;
  },
  satisfy(rule, body) {
    return evaluateExpression(rule.expression, { input: body, resolved: body, context: {} }) === false ? undefined : body;
  },
  violate(rule) {
    return rule.examples.fail[0];
  },
  edgeCases(rule) {
    return [
      ...rule.examples.pass.map((body, i): EdgeCase => ({ name: `pass example ${i + 1}`, body, expect: "pass" })),
      ...rule.examples.fail.map((body, i): EdgeCase => ({ name: `fail example ${i + 1}`, body, expect: "fail" })),
    ];
  },
  explain: (rule) => `CEL: \`${rule.expression}\``,
  validate(rule) {
    let ast: unknown;
    try {
      ast = program(rule.expression).ast;
    } catch (error) {
      return [{ pointer: "/expression", message: `is not a CEL expression: ${(error as Error).message.split("\n")[0]}` }];
    }
    const cost = celCost(ast, { items: CEL_ASSUMED_ITEMS, chars: CEL_ASSUMED_CHARS });
    if (cost > CEL_COST_LIMIT) {
      const message = `is too costly: estimated ${cost} steps with lists of ${CEL_ASSUMED_ITEMS} items, more than the limit of ${CEL_COST_LIMIT}; nest fewer comprehensions (all, exists, map, filter) or iterate smaller lists`;
      return [{ pointer: "/expression", message }];
    }
    const wrong: { pointer: string; message: string }[] = [];
    for (const [want, list] of [
      [true, rule.examples.pass],
      [false, rule.examples.fail],
    ] as const) {
      list.forEach((body, i) => {
        const got = evaluateExpression(rule.expression, { input: body, resolved: body, context: {} });
        if (got !== want)
          wrong.push({ pointer: `/examples/${want ? "pass" : "fail"}/${i}`, message: `must make the expression ${want}, but it gave ${String(got)}` });
      });
    }
    return wrong;
  },
};
