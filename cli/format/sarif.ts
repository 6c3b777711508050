// --format sarif: SARIF 2.1.0 for GitHub code scanning. One run; the driver's rules are the
// rule ids seen (sorted), described by the engine's rule messages and hints; one result per
// violation (error) or warning, located by line and column (UTF-16 code units).

import type { Violation, Warning } from "../../engine/types.js";
import { printable, printableJson } from "../../lint/printable.js";
import { packageVersion } from "../version.js";
import { type FormatContext, type Formatter, positionOf } from "./index.js";

interface SarifResult {
  ruleId: string;
  level: "error" | "warning";
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
}

const FIXED: Record<string, string> = {
  "json/parse": "must be valid JSON",
  "json/encoding": "must be UTF-8",
  "json/depth": "must not nest arrays and objects too deeply",
  "json/data": "must be plain JSON data",
  "json/number": "must be a finite JSON number",
  "schema/response": "the document must declare a response body for the status",
};

/** A path as a URI reference: forward slashes, each segment percent-encoded. */
const uriOf = (file: string) => file.split(/[\\/]/).map(encodeURIComponent).join("/");

export function formatter(context: FormatContext): Formatter {
  const results: SarifResult[] = [];
  const seen = new Map<string, { text: string; hint?: string }>();
  const entries = context.engine.operations.get(context.operation)?.rules ?? [];
  // A run over a config lints several operations into one document: a rule of another operation
  // is described from there.
  const anywhere = (id: string) => {
    for (const op of context.engine.operations.values()) for (const rule of op.rules) if (rule.id === id) return rule;
    return undefined;
  };
  const describe = (finding: Violation | Warning) => {
    if (seen.has(finding.rule)) return;
    const entry = entries.find((rule) => rule.id === finding.rule) ?? anywhere(finding.rule);
    const text =
      entry?.message ??
      FIXED[finding.rule] ??
      (finding.rule.startsWith("schema/") ? `must satisfy the JSON Schema keyword \`${finding.rule.slice(7)}\`` : finding.message);
    seen.set(finding.rule, entry?.hint ? { text, hint: entry.hint } : { text });
  };
  return {
    item(report) {
      const add = (level: "error" | "warning", finding: Violation | Warning) => {
        describe(finding);
        const { line, column } = positionOf(report, finding);
        const hint = "hint" in finding && finding.hint ? `\nHint: ${printable(finding.hint)}` : "";
        results.push({
          ruleId: finding.rule,
          level,
          message: { text: `${printable(finding.path) || "/"}: ${printable(finding.message)}${hint}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(report.file) }, region: { startLine: line, startColumn: column } } }],
        });
      };
      for (const violation of report.result.violations) add("error", violation);
      for (const warning of report.result.warnings) add("warning", warning);
      return "";
    },
    end() {
      const ids = [...seen.keys()].sort();
      const rules = ids.map((id) => {
        const description = seen.get(id) as { text: string; hint?: string };
        return { id, shortDescription: { text: description.text }, ...(description.hint ? { help: { text: description.hint } } : {}) };
      });
      const run = {
        tool: { driver: { name: "v2kit", version: packageVersion(), rules } },
        columnKind: "utf16CodeUnits",
        results: results.map((result) => ({ ...result, ruleIndex: ids.indexOf(result.ruleId) })),
      };
      const log = { $schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs: [run] };
      return `${printableJson(log, 2)}\n`;
    },
  };
}
