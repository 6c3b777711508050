// The errors of lint itself (an unknown operation is the engine's UnknownOperationError): a
// one-operation import used before its validators are loaded, or a package missing its files.

import { V2kitError } from "../engine/errors.js";

export type LintErrorCode = "validators-not-loaded" | "bundled-catalog-missing";

export class LintError extends V2kitError {
  static override readonly errorName: string = "LintError";

  constructor(
    readonly code: LintErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
