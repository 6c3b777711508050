// What every command module exports, and the error that carries an exit code.

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

/** util.parseArgs errors become usage errors that name the command's help. */
export function usageError(command: string, error: unknown): CliError {
  return new CliError(`${(error as Error).message}\nRun 'v2kit ${command} --help' for usage.`);
}
