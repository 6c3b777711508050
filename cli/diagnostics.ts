// One way to print generator diagnostics (rules that do not apply, schema warnings), shared by
// generate and lint --spec/--rules so that both say the same thing the same way, on stderr.

import type { Diagnostic } from "../schema-model/model.js";
// Spec and rules text is input: control characters are escaped, never sent to a terminal raw.
import { printable } from "../lint/printable.js";

export function diagnosticLine(d: Diagnostic): string {
  return `v2kit: ${d.level}: ${d.pointer ? `${printable(d.pointer)}: ` : ""}${printable(d.message)}\n`;
}

export function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) process.stderr.write(diagnosticLine(d));
}
