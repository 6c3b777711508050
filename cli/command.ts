// What every command module exports, and the error that carries an exit code.

import { V2kitError } from "../engine/errors.js";
import type { ContextReading } from "../lint/context-files.js";
import { didYouMean } from "./suggest.js";

export interface Command {
  name: string;
  /** Runs the command with its own arguments; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** Exit status of an internal error (EX_SOFTWARE): a bug, never a verdict on the input. */
export const EXIT_INTERNAL = 70;

/**
 * `command-failed`: a usage error or unusable input, the message says which; `worker-failed`: a
 * worker thread failed (a bug, exit 70); `write-refused`: `migrate scan --fix` would not replace a file.
 */
export type CliErrorCode = "command-failed" | "worker-failed" | "write-refused";

/**
 * A command's end: printed without a stack, exit code 2 unless stated (cli/v2kit.ts; exit 70 is an
 * internal error, printed with its stack). The brand (engine/errors.ts) makes `instanceof` hold
 * across module copies: the bundled dispatcher catches what other commands throw.
 */
export class CliError extends V2kitError {
  static override readonly errorName: string = "CliError";

  constructor(
    message: string,
    readonly exitCode = 2,
    readonly code: CliErrorCode = "command-failed",
  ) {
    super(message);
  }
}

/**
 * How lint, serve and the language server read their context files (lint/context-files.ts
 * contextFrom): named by their flags, an unusable one is exit 2 with the command's name.
 */
export function contextReading(command: string): ContextReading {
  return {
    labels: { catalog: "--catalog", templates: "--templates", current: "--current" },
    fail: (message) => new CliError(`${command}: ${message}`),
  };
}

/** The options a command gives util.parseArgs, as far as error messages need them. */
export type OptionSpecs = Record<string, { type: "string" | "boolean"; short?: string }>;

/**
 * util.parseArgs errors become usage errors in our words: the flag named plainly, the closest
 * known flag suggested ("did you mean --operation?"), and the command's help named.
 */
export function usageError(command: string, error: unknown, options?: OptionSpecs): CliError {
  const { code, message } = error as NodeJS.ErrnoException;
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? "";
  const flag = quoted.replace(/ <value>$/, "");
  const flags = Object.keys(options ?? {}).map((name) => `--${name}`);
  let text = message;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const bare = flag.split("=")[0] ?? flag;
    text = `unknown option ${bare}${didYouMean(bare.startsWith("--") ? bare : `--${bare.replace(/^-+/, "")}`, flags)}`;
  } else if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const spec = options?.[flag.replace(/^--/, "")];
    if (/does not take an argument/.test(message)) text = `${flag} takes no value`;
    else if (spec?.type === "string")
      text = `${flag} needs a value (${/ambiguous/.test(message) ? `use ${flag}=VALUE for a value that starts with -` : `${flag} VALUE`})`;
  } else if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
    text = `unexpected argument ${JSON.stringify(quoted)}: ${command} takes options only`;
  }
  return new CliError(`${command}: ${text}\nRun 'v2kit ${command} --help' for usage.`);
}
