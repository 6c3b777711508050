// What every command module exports, and the error that carries an exit code.

import type { ContextReading } from "../lint/context-files.js";
import { didYouMean } from "./suggest.js";

export interface Command {
  name: string;
  /** Runs the command with its own arguments; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** Marks a CliError whichever copy of this module made it (the CLI bundle holds one, scripts/bundle-cli.mjs). */
const CLI_ERROR = Symbol.for("v2kit.CliError");

/** A usage error or unreadable input: printed without a stack, exit code 2 unless stated. */
export class CliError extends Error {
  readonly [CLI_ERROR] = true;

  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }

  /** `instanceof` holds across module copies: the bundled dispatcher catches what other commands throw. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [CLI_ERROR]?: unknown })[CLI_ERROR] === true;
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
