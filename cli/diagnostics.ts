// One way to print generator diagnostics (rules that do not apply, schema warnings), shared by
// generate and lint --spec/--rules so that both say the same thing the same way, on stderr.

import type { Diagnostic } from "../schema-model/model.js";
// Spec and rules text is input: control characters are escaped, never sent to a terminal raw.
import { printable } from "../lint/printable.js";

export function diagnosticLine(diagnostic: Diagnostic): string {
  return `v2kit: ${diagnostic.level}: ${diagnostic.pointer ? `${printable(diagnostic.pointer)}: ` : ""}${printable(diagnostic.message)}\n`;
}

export function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) process.stderr.write(diagnosticLine(diagnostic));
}
