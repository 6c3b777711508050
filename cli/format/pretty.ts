// --format pretty (the default): `file:line:col`, a code frame with two lines of context and a
// caret under the offending value, the rule id and status, the message and the hint. Colour
// only when the context says so (a TTY, and NO_COLOR unset).

import type { Violation, Warning } from "../../engine/types.js";
import type { Position } from "../../lint/json-source.js";
import { printable } from "../../lint/printable.js";
import { type FormatContext, type Formatter, positionOf } from "./index.js";

const CONTEXT_LINES = 2;
/** Frame lines longer than this are cut around the caret (minified bodies are one line). */
const WIDTH = 100;

export type Paint = (code: string, text: string) => string;

/** The code frame: two lines of context either side and a caret under `at` (also `v2kit scan`'s, cli/scan/format.ts). */
export function frame(lines: readonly string[], at: Position, paint: Paint): string {
  const first = Math.max(1, at.line - CONTEXT_LINES);
  const last = Math.min(lines.length, at.line + CONTEXT_LINES);
  const gutter = String(last).length;
  const out: string[] = [];
  for (let lineNumber = first; lineNumber <= last; lineNumber++) {
    // Only a window of the line around the caret is read: a minified body is one line of up to
    // 16 MiB, and its findings must not each cost the whole line. Escapes only lengthen text,
    // so WIDTH shown characters come from at most WIDTH raw ones on each side.
    const line = lines[lineNumber - 1] ?? "";
    const caret = lineNumber === at.line ? Math.max(0, at.column - 1) : 0;
    const from = Math.max(0, caret - WIDTH);
    const to = Math.min(line.length, from + 2 * WIDTH);
    // Body text is shown with its control characters escaped; the caret follows the escapes.
    const raw = line.slice(from, to).replace(/\t/g, " ");
    let text = printable(raw);
    let column = lineNumber === at.line ? printable(raw.slice(0, caret - from)).length + 1 : at.column;
    let before = from > 0;
    let after = to < line.length;
    if (text.length > WIDTH || before || after) {
      const start = lineNumber === at.line ? Math.max(0, Math.min(column - 1 - WIDTH / 2, text.length - WIDTH)) : 0;
      before ||= start > 0;
      after ||= start + WIDTH < text.length;
      text = `${before ? "…" : ""}${text.slice(start, start + WIDTH)}${after ? "…" : ""}`;
      column = column - start + (before ? 1 : 0);
    }
    const mark = lineNumber === at.line ? paint("31;1", ">") : " ";
    out.push(`  ${mark} ${paint("2", `${String(lineNumber).padStart(gutter)} |`)} ${text}`);
    if (lineNumber === at.line) out.push(`    ${paint("2", `${" ".repeat(gutter)} |`)} ${" ".repeat(Math.max(0, column - 1))}${paint("31;1", "^")}`);
  }
  return out.join("\n");
}

export function formatter(context: FormatContext): Formatter {
  const paint: Paint = context.color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  let valid = 0;
  let invalid = 0;
  return {
    item(report) {
      const { result } = report;
      const file = printable(report.file);
      const lines = report.text?.split(/\r?\n/) ?? [];
      if (lines.length > 1 && lines.at(-1) === "") lines.pop(); // the final newline ends a line, it starts none
      const block = (kind: "error" | "warning", finding: Violation | Warning): string => {
        const at = positionOf(report, finding);
        const status = "status" in finding ? ` ${finding.status}` : "";
        const label = kind === "error" ? paint("31;1", "error") : paint("33;1", "warning");
        const parts = [
          `${paint("1", `${file}:${at.line}:${at.column}`)} ${label} ${paint("36", finding.rule)}${status}`,
          `  ${printable(finding.path) || "/"}: ${printable(finding.message)}`,
        ];
        if (report.text !== undefined && lines.length > 0) parts.push(frame(lines, at, paint));
        if ("hint" in finding && finding.hint) parts.push(`  ${paint("32", "hint:")} ${printable(finding.hint)}`);
        return `${parts.join("\n")}\n\n`;
      };
      const blocks = [...result.violations.map((violation) => block("error", violation)), ...result.warnings.map((warning) => block("warning", warning))];
      if (result.ok) valid++;
      else invalid++;
      const warnings = result.warnings.length > 0 ? `, ${result.warnings.length} warning${result.warnings.length === 1 ? "" : "s"}` : "";
      const summary = result.ok
        ? `${file}: ${paint("32;1", "valid")}${warnings}\n`
        : `${file}: ${paint("31;1", `invalid, status ${result.status}`)} (${result.violations.length} violation${result.violations.length === 1 ? "" : "s"}${warnings})\n`;
      return `${blocks.join("")}${summary}`;
    },
    end: () => (valid + invalid > 1 ? `\n${valid + invalid} inputs: ${valid} valid, ${invalid} invalid\n` : ""),
  };
}
