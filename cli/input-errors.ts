// Which errors from loading a spec or rules file are the user's input (exit 1: invalid input,
// with file and JSON pointer), which are an unreadable file (exit 2), and which are neither.

import type { EngineHooks, EngineSource } from "../lint/engine-for.js";
import { InputError } from "../input/read-input.js";
import { CliError } from "./command.js";
import { printDiagnostics } from "./diagnostics.js";

/**
 * What a command does when engineFor (lint/engine-for.ts) compiles an engine for --spec/--rules:
 * the warnings on stderr, as generate prints them; a failure is a CliError naming the flags, exit 1
 * for invalid input and 2 for an unreadable file.
 */
export function engineHooks(command: string, source: Pick<EngineSource, "spec" | "rules">, options: { quiet?: boolean } = {}): EngineHooks {
  return {
    // --quiet: errors only.
    onDiagnostics:
      options.quiet === true ? (diagnostics) => printDiagnostics(diagnostics.filter((diagnostic) => diagnostic.level === "error")) : printDiagnostics,
    compileFailed: async (error) => {
      if (error instanceof InputError) return new CliError(`${command}: ${error.message}`, 2); // a FIFO, a device, over the budget
      const which = [source.spec && `--spec ${source.spec}`, source.rules && `--rules ${source.rules}`].filter(Boolean).join(" and ");
      return new CliError(`${command}: cannot compile ${which}: ${(error as Error).message}`, await inputErrorExit(error));
    },
  };
}

/** Exit code for an error thrown while loading --spec/--rules: 1 invalid input, 2 otherwise. */
export async function inputErrorExit(error: unknown): Promise<number> {
  const [{ GenerateError }, { RulesFileError }] = await Promise.all([import("../schema-model/errors.js"), import("../rules/errors.js")]);
  // GenerateError: a SpecError too.
  if (!(error instanceof GenerateError || error instanceof RulesFileError)) return 2;
  // "FILE: cannot read: ENOENT" is an unreadable file, as for body files (exit 2).
  return /^[^\n]*: cannot read: /.test(error.message) ? 2 : 1;
}
