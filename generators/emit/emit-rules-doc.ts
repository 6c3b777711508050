// Emitter: output/RULES.md, the table of rules and stages derived from the rules file (the
// README links it), so the documentation cannot drift from the engine.

import { ruleKind } from "../../rules/kinds/index.js";
import { stageKind } from "../../rules/transforms/index.js";
import type { RulesFile } from "../../rules/types.js";

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/[\r\n]+/g, " ");

export function emitRulesDoc(rules: RulesFile, header: string): string {
  const lines = [
    header.replace(/^\/\/ /gm, "<!-- ").replace(/$/gm, " -->"),
    "",
    "# Rules",
    "",
    "Checked in this order on the resolved body, after the schema (schema failures are 422). When several fail, all are listed and the verdict takes the status of the first. *chosen*: the specification gives no status; we chose it.",
    "",
    "| id | status | operations | what it checks | spec |",
    "|---|---|---|---|---|",
    ...rules.rules.map(
      (rule) =>
        `| <a id="rule-${cell(rule.id)}"></a>\`${rule.id}\` | ${rule.status}${rule.statusChosen ? " *chosen*" : ""} | ${rule.operations.join(", ")} | ${cell(ruleKind(rule.kind).explain(rule))} | ${cell(rule["x-v2kit-source"] === undefined ? rule.spec : `${rule.spec} (source: ${rule["x-v2kit-source"]})`)} |`,
    ),
    "",
    "# Stages",
    "",
    "Run in this order to build the resolved body (`resolved` in every verdict).",
    "",
    "| id | operations | what it does | spec |",
    "|---|---|---|---|",
    ...rules.stages.map(
      (stage) => `| \`${stage.id}\` | ${stage.operations.join(", ")} | ${cell(stageKind(stage.kind).explain(stage))} | ${cell(stage.spec)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
