// --format json: one object per input, one per line, keys in a fixed order.

import { printableJson } from "../../runtime/printable.js";
import type { Formatter, Report } from "./index.js";

/** The JSON line of one report: `file` first, then the verdict's own fields. */
export function jsonLine(report: Report): string {
  const { ok, status, problem, violations, warnings, resolved } = report.result;
  return `${printableJson({ file: report.file, ok, status, problem, violations, warnings, resolved: resolved ?? null })}\n`;
}

export function formatter(): Formatter {
  return { item: jsonLine, end: () => "" };
}
