// The rules file's own JSON Schema, built from the kinds: each rule is `RuleCommon` plus its
// kind's parameters, closed against unknown keys so a typo is an error, not a silent no-op.

import { conditionSchema } from "./condition.js";
import { ruleKinds } from "./kinds/index.js";
import { stageKinds } from "./transforms/index.js";

const ruleCommon = {
  id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
  operations: { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
  status: { enum: [400, 403, 404, 409, 422] },
  message: { type: "string", pattern: "^must " },
  hint: { type: "string", minLength: 1 },
  needs: { type: "array", items: { enum: ["catalog", "templates", "current"] } },
  spec: { type: "string", minLength: 1 },
  statusChosen: { type: "boolean" },
  "x-v2kit-source": { type: "string", minLength: 1 },
};

const stageCommon = { id: ruleCommon.id, operations: ruleCommon.operations, needs: ruleCommon.needs, spec: ruleCommon.spec };

/**
 * One branch per kind, chosen by `kind` with if/then (not oneOf), so that a mistake is reported
 * against the entry's own kind only, not against every kind it is not.
 */
function byKind(branches: { kind: string; required: string[]; properties: Record<string, unknown> }[]) {
  return {
    type: "object",
    required: ["kind"],
    properties: { kind: { enum: branches.map((b) => b.kind) } },
    allOf: branches.map((b) => ({
      if: { properties: { kind: { const: b.kind } }, required: ["kind"] },
      then: { required: b.required, properties: b.properties, additionalProperties: false },
    })),
  };
}

export function rulesFileSchema(): Record<string, unknown> {
  const { $id: _unused, ...condition } = conditionSchema;
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://v2kit.local/rules.schema.json",
    title: "v2kit rules file",
    type: "object",
    required: ["version", "stages", "rules", "hints"],
    additionalProperties: false,
    properties: {
      version: { const: 1 },
      stages: {
        type: "array",
        items: byKind(
          stageKinds.map((k) => ({
            kind: k.kind,
            required: ["id", "kind", "operations", "spec", ...k.params.required],
            properties: { ...stageCommon, kind: { const: k.kind }, ...k.params.properties },
          })),
        ),
      },
      rules: {
        type: "array",
        items: byKind(
          ruleKinds.map((k) => ({
            kind: k.kind,
            required: ["id", "kind", "operations", "status", "message", "spec", ...k.params.required],
            properties: { ...ruleCommon, kind: { const: k.kind }, ...k.params.properties },
          })),
        ),
      },
      hints: {
        type: "array",
        items: {
          oneOf: [
            {
              type: "object",
              required: ["operations", "property", "use"],
              properties: { operations: ruleCommon.operations, property: { $ref: "#/$defs/pointer" }, use: { type: "string" }, note: { type: "string" } },
              additionalProperties: false,
            },
            {
              type: "object",
              required: ["operations", "path", "value", "hint"],
              properties: { operations: ruleCommon.operations, path: { $ref: "#/$defs/pointer" }, value: true, hint: { type: "string" } },
              additionalProperties: false,
            },
          ],
        },
      },
    },
    $defs: {
      pointer: { type: "string", pattern: "^(/([^~/]|~[01])*)*$" },
      condition,
    },
  };
}
