// What every command module exports, and the error that carries an exit code.

import { didYouMean } from "./suggest.js";

export interface Command {
  name: string;
  /** Runs the command with its own arguments; resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** A usage error or unreadable input: printed without a stack, exit code 2 unless stated. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
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
