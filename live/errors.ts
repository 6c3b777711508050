// The one error type of live context. The runtime knows nothing of the CLI: the error carries
// the exit status a command should end with (2: usage, network or API error), and the CLI
// maps it (cli/v2kit.ts), whichever command (lint, migrate, context) it surfaces from.

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

/** Marks a LiveError whichever copy of this module made it (the CLI bundle holds one, scripts/bundle-cli.mjs). */
const LIVE_ERROR = Symbol.for("v2kit.LiveError");

export class LiveError extends Error {
  override readonly name = "LiveError";
  readonly [LIVE_ERROR] = true;
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

  /** `instanceof` holds across module copies: the bundled dispatcher catches what lazily loaded modules throw. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [LIVE_ERROR]?: unknown })[LIVE_ERROR] === true;
  }
}
