// The reference interpreter of a rules file: no code generation, each kind's `check`/`apply`
// called directly. The compiled engine (output/rules.ts) must agree with it on every body.

import { ruleKind } from "./kinds/index.js";
import type { Engine, OperationEntry } from "../engine/evaluate.js";
import type { ValidateFunction } from "../engine/types.js";
import { append } from "../engine/values.js";
import { stageKind } from "./transforms/index.js";
import type { RulesFile } from "./types.js";

export interface OperationValidators {
  kind?: "graphql";
  writeOnly?: readonly string[];
  request?: ValidateFunction;
  responses: Map<string, ValidateFunction>;
}

/** An engine for `rules` over the given operations; rules for other operations are ignored. */
export function interpret(rules: RulesFile, validators: Map<string, OperationValidators>, skip: ReadonlySet<string> = new Set()): Engine {
  const operations = new Map<string, OperationEntry>();
  for (const [operation, validator] of validators) {
    const stages = rules.stages.filter((stage) => stage.operations.includes(operation) && !skip.has(`${stage.id}@${operation}`));
    const applying = rules.rules.filter((rule) => rule.operations.includes(operation) && !skip.has(`${rule.id}@${operation}`));
    operations.set(operation, {
      ...(validator.kind ? { kind: validator.kind } : {}),
      needs: [...new Set([...stages, ...applying].flatMap((x) => x.needs ?? []))].sort(),
      ...(validator.writeOnly !== undefined && validator.writeOnly.length > 0 ? { writeOnly: validator.writeOnly } : {}),
      ...(validator.request ? { request: validator.request } : {}),
      responses: validator.responses,
      stages: stages.map((stage) => {
        const kind = stageKind(stage.kind);
        return { id: stage.id, apply: (subject) => kind.apply(stage, subject) };
      }),
      rules: applying.map((rule) => {
        const kind = ruleKind(rule.kind);
        return {
          id: rule.id,
          status: rule.status,
          message: rule.message,
          ...(rule.hint ? { hint: rule.hint } : {}),
          check: (subject, out) => {
            append(out, kind.check(rule, subject));
          },
        };
      }),
    });
  }
  const hints = new Map<string, Engine["hints"] extends Map<string, infer H> ? H : never>();
  for (const { operations: ops, ...hint } of rules.hints) {
    for (const op of ops) hints.set(op, [...(hints.get(op) ?? []), hint]);
  }
  return { operations, hints };
}
