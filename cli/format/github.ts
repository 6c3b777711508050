// --format github: GitHub Actions workflow commands, one per violation (error) or warning.
// Escaping follows the runner's rules (actions/toolkit, command.ts): `%`, CR and LF in the
// message; additionally `:` and `,` in properties. Every other control character (ESC, BEL…)
// is made a visible escape first (lint/printable.ts): a body key cannot start a command line.

import { printable } from "../../lint/printable.js";
import { type Formatter, positionOf, type Report } from "./index.js";

export const escapeData = (text: string) => printable(text, true).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
export const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

function command(kind: "error" | "warning", report: Report, finding: { rule: string; path: string; message: string; hint?: string }): string {
  const { line, column } = positionOf(report, finding);
  const properties = `file=${escapeProperty(report.file)},line=${line},col=${column},title=${escapeProperty(finding.rule)}`;
  const message = `${finding.path || "/"}: ${finding.message}${finding.hint ? `\n${finding.hint}` : ""}`;
  return `::${kind} ${properties}::${escapeData(message)}\n`;
}

export function formatter(): Formatter {
  return {
    item(report) {
      const errors = report.result.violations.map((violation) => command("error", report, violation));
      const warnings = report.result.warnings.map((warning) => command("warning", report, warning));
      return [...errors, ...warnings].join("");
    },
    end: () => "",
  };
}
