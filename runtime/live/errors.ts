// The one error type of live context. It extends CliError so that the CLI prints it without a
// stack and exits 2, whichever command (lint, migrate, context) it surfaces from.

import { CliError } from "../../cli/command.js";

export type LiveErrorCode =
  "usage" | "no-key" | "key-file" | "unauthorized" | "forbidden" | "not-found" | "rate-limited" | "http" | "network" | "timeout" | "invalid-response";

export class LiveError extends CliError {
  override readonly name = "LiveError";

  constructor(
    readonly code: LiveErrorCode,
    message: string,
    /** HTTP status of the response that caused it, when there was one. */
    readonly status?: number,
  ) {
    super(message, 2);
  }
}
