// The one error type of live context. The runtime knows nothing of the CLI: the error carries
// the exit status a command should end with (2: usage, network or API error), and the CLI
// maps it (cli/v2kit.ts), whichever command (lint, migrate, context) it surfaces from.

import { V2kitError } from "../engine/errors.js";

export type LiveErrorCode =
  | "usage"
  | "no-key"
  | "key-file"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "rate-limited"
  | "http"
  | "network"
  | "timeout"
  | "too-large"
  | "insecure"
  | "invalid-response";

export class LiveError extends V2kitError {
  static override readonly errorName: string = "LiveError";
  /** The exit status of a CLI run that ends with this error. */
  readonly exitCode = 2;

  constructor(
    readonly code: LiveErrorCode,
    message: string,
    /** HTTP status of the response that caused it, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}
