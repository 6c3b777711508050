// Emitter: output/rules.ts, the rules file compiled to TypeScript. Each rule and stage becomes a
// function built by its kind's `emit` (escaping code builder); the operation table wires them to
// the Ajv validators. The shared driver lives in output/runtime (copied from rules/runtime).

import { ruleKind } from "../rules/kinds/index.js";
import { stageKind } from "../rules/transforms/index.js";
import type { RulesFile } from "../rules/types.js";
import { Code, code, join, literal } from "./codegen.js";
import type { ApiModel } from "./model.js";
import { render } from "./templates.js";
import type { ValidatorSlot } from "./validators.js";

export function emitRules(model: ApiModel, rules: RulesFile, slots: ValidatorSlot[], skip: ReadonlySet<string>, header: string): string {
  const stageFns = rules.stages.map((stage, i) => ({
    id: stage.id,
    ops: stage.operations,
    name: new Code(`stage${i}`),
    body: code`/** ${new Code(escapeDoc(`${stage.id}: ${stageKind(stage.kind).explain(stage)}`))} */
function stage${new Code(String(i))}(s: rt.Subject): unknown {
  return ${stageKind(stage.kind).emit(stage)};
}`,
  }));
  const ruleFns = rules.rules.map((rule, i) => ({
    rule,
    name: new Code(`rule${i}`),
    body: code`/** ${new Code(escapeDoc(`${rule.id}: ${ruleKind(rule.kind).explain(rule)}`))} */
function rule${new Code(String(i))}(s: rt.Subject, out: rt.Finding[]): void {
${new Code(indent(ruleKind(rule.kind).emit(rule)))}
}`,
  }));
  const entries = model.operations.map((op) => {
    const request = slots.find((s) => s.operation === op.id && s.target === "request");
    const stages = stageFns.filter((f) => f.ops.includes(op.id) && !skip.has(`${f.id}@${op.id}`));
    const applying = ruleFns.filter((f) => f.rule.operations.includes(op.id) && !skip.has(`${f.rule.id}@${op.id}`));
    const needs = [
      ...new Set([...rules.stages.filter((s) => stages.some((f) => f.id === s.id)), ...applying.map((f) => f.rule)].flatMap((x) => x.needs ?? [])),
    ].sort();
    const ruleEntries = applying.map(
      (f) =>
        code`{ id: ${f.rule.id}, status: ${f.rule.status}, message: ${f.rule.message}, ${f.rule.hint === undefined ? code`` : code`hint: ${f.rule.hint}, `}check: ${f.name} }`,
    );
    const kind = op.kind === "graphql" ? code`kind: "graphql",\n    ` : code``;
    return code`[${op.id}, {
    ${kind}needs: ${needs},
    ${request ? code`request: v.${new Code(request.name)},` : code``}
    responses: new Map<string, rt.ValidateFunction>(),
    stages: [${join(
      stages.map((f) => code`{ id: ${f.id}, apply: ${f.name} }`),
      ", ",
    )}],
    rules: [${join(ruleEntries, ",\n      ")}],
  }]`;
  });
  const hintEntries = model.operations
    .map((op) => ({ op: op.id, hints: rules.hints.filter((h) => h.operations.includes(op.id)).map(({ operations: _ops, ...h }) => h) }))
    .filter((e) => e.hints.length > 0)
    .map((e) => code`[${e.op}, ${e.hints}]`);
  return render("rules.ts", {
    header,
    usesCel: rules.rules.some((r) => r.kind === "expression"),
    functions: [...stageFns.map((f) => f.body.text), ...ruleFns.map((f) => f.body.text)],
    entries: entries.map((e) => e.text),
    hints: join(hintEntries, ", ").text,
    responses: literal(slots.filter((s) => s.target !== "request").map((s) => [s.operation, s.target, s.name])).text,
  });
}

function indent(c: Code): string {
  return c.text
    .split("\n")
    .map((l) => (l === "" ? l : `  ${l}`))
    .join("\n");
}

/** Text safe inside a block comment. */
export function escapeDoc(text: string): string {
  return text.replace(/\*\//g, "*\\/").replace(/[\r\n\u2028\u2029]+/g, " ");
}
