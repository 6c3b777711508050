// The errors of `createServer()` and `v2kit serve` that are theirs (an unusable --spec or --rules
// is the generator's SpecError or RulesFileError, an unreadable file input/'s InputError).

import { V2kitError } from "../engine/errors.js";

export type ServeErrorCode = "invalid-state-file" | "state-file-unreadable" | "state-locked" | "invalid-rate-limit" | "body-too-large" | "not-listening";

export class ServeError extends V2kitError {
  static override readonly errorName: string = "ServeError";

  constructor(
    readonly code: ServeErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
