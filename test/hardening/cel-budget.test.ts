// Issue 13, item 8: CEL `expression` rules have a cost budget (after Kubernetes' CEL design).
// Too-costly expressions are refused when the rules load, quickly and with the pointer; a
// body that would make an accepted expression run too long gets a budget warning at once, in
// the interpreter (lint --rules) and in the generated engine alike.

import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import { generate } from "../../generators/pipeline.js";
import { expression } from "../../rules/kinds/expression.js";
import { parseRules } from "../../rules/load.js";
import { RulesFileError } from "../../rules/errors.js";
import { CEL_COST_LIMIT, celCost, dataBounds } from "../../engine/cel-budget.js";
import { type Engine, evaluate } from "../../engine/evaluate.js";
import { parse } from "@marcbachmann/cel-js";
import { scratch, transpileOutput, writeFiles } from "../fixtures/conformance/support.js";

const BASE = { name: "e", type: "QUEUE", image: "i", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] } };

/** A rules file with one expression rule over body.env keys... here over `body.gpu.pools`. */
function rulesText(source: string, pass: unknown = BASE, fail: unknown = { ...BASE, gpu: { pools: [] } }): string {
  return `version: 1
stages: []
hints: []
rules:
  - id: costly
    kind: expression
    operations: [createEndpoint]
    status: 400
    statusChosen: true
    spec: "test fixture"
    message: must pass the costly expression
    expression: ${JSON.stringify(source)}
    examples:
      pass: [${JSON.stringify(pass)}]
      fail: [${JSON.stringify(fail)}]
`;
}

const literal20 = `[${Array.from({ length: 20 }, (_, i) => i + 1).join(", ")}]`;
const nested = (depth: number, range: string) => {
  const vars = Array.from({ length: depth }, (_, i) => `v${i}`);
  let inner = `${vars.join(" + ")} >= 0`;
  for (let i = depth - 1; i >= 0; i--) inner = `${range}.all(${vars[i]}, ${inner})`;
  return inner;
};

describe("estimated cost", () => {
  const table: [string, number, number][] = [
    // expression, items bound, want (exact node counts of the bound)
    ["body.a == 1", 1000, 4], // ==, ., body, 1
    ["[1, 2, 3].all(x, x > 0)", 1000, 1 + 4 + 3 * (1 + 3)],
  ];
  it.each(table)("%s with lists of %d items costs %d", (source, items, want) => {
    expect(celCost(parse(source).ast, { items, chars: 0 })).toBe(want);
  });

  it("grows with the list bound for comprehensions over the data, multiplies when nested", () => {
    const one = parse("body.a.all(x, x > 0)").ast;
    const two = parse("body.a.all(x, body.a.all(y, x > y))").ast;
    expect(celCost(one, { items: 1000, chars: 0 })).toBeGreaterThan(1000);
    expect(celCost(two, { items: 1000, chars: 0 })).toBeGreaterThan(1_000_000);
    expect(celCost(parse("body.s.split(',').all(x, x != '')").ast, { items: 0, chars: 5000 })).toBeGreaterThan(5000);
  });

  it("data bounds: the largest array or object and the longest string", () => {
    expect(dataBounds({ a: [1, 2, 3], b: { c: "hello" } }, null)).toEqual({ items: 3, chars: 5 });
  });
});

describe("refused at load", () => {
  it("three nested all() over a body list: refused, naming the pointer", () => {
    const load = () => parseRules(rulesText(nested(3, "body.gpu.pools")), "costly.rules.yaml");
    expect(load).toThrow(RulesFileError);
    expect(load).toThrow(/\/rules\/0\/expression.*is too costly: estimated \d+ steps with lists of 100 items, more than the limit of 1000000/);
    const started = performance.now(); // the check itself, without the rest of rules-file loading
    const rule = { id: "c", kind: "expression", expression: nested(3, "body.gpu.pools"), examples: { pass: [BASE], fail: [BASE] } };
    expect(expression.validate?.(rule as never)).toEqual([{ pointer: "/expression", message: expect.stringContaining("is too costly") }]);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("literal nesting 20^6 is refused at once, before any example runs", () => {
    const started = performance.now();
    expect(() => parseRules(rulesText(nested(6, literal20)), "literal.rules.yaml")).toThrow(/is too costly/);
    expect(performance.now() - started).toBeLessThan(5000); // running the examples took 14 s
    const rule = { id: "c", kind: "expression", expression: nested(6, literal20), examples: { pass: [BASE], fail: [BASE] } };
    const checkStarted = performance.now();
    expect(expression.validate?.(rule as never)?.[0]?.message).toContain("is too costly");
    expect(performance.now() - checkStarted).toBeLessThan(100);
  });
});

describe("the budget per evaluation", () => {
  const two = `${nested(2, "body.gpu.pools")} && size(body.gpu.pools) > 0`;
  const file = path.join(scratch("harden-cel"), "two.rules.yaml");
  writeFileSync(file, rulesText(two.replace(/v0 \+ v1 >= 0/, "v0 != '' && v1 != ''"), BASE));
  const pools = Array.from({ length: 2000 }, (_, i) => `POOL_${i}`);
  const big = { ...BASE, gpu: { pools } };

  function expectBudgetWarning(engine: Engine) {
    const started = performance.now();
    const result = evaluate(engine, "createEndpoint", big, {});
    expect(performance.now() - started).toBeLessThan(1000);
    const warning = result.warnings.find((candidate) => candidate.rule === "costly");
    expect(warning?.message).toMatch(new RegExp(`exceeds the CEL cost budget for this body: estimated \\d+ steps, limit ${CEL_COST_LIMIT}`));
    // a small body is still evaluated
    expect(evaluate(engine, "createEndpoint", BASE, {}).warnings.filter((candidate) => candidate.rule === "costly")).toEqual([]);
  }

  it("two nested all() over a 2,000-item list: a budget warning at once (lint --rules path)", async () => {
    expectBudgetWarning(await loadEngine({ rules: file }));
  });

  it("the same in the generated, compiled engine", async () => {
    const out = scratch("harden-cel-out");
    writeFiles(out, (await generate({ rules: file })).files);
    const index = transpileOutput(out); // what the compiled engine does; test/rules/kinds/expression-rules-file.test.ts type-checks it
    const compiled = (await import(pathToFileURL(index).href)) as { engine: Engine };
    expectBudgetWarning(compiled.engine);
  }, 120_000);
});
