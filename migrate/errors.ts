// The errors of migrate, both caught inside it: a literal the scanner stops reading (left unread,
// and the fix says so) and a v2 body it cannot write back into the source (the fix gives the reason).

import { V2kitError } from "../engine/errors.js";

export type MigrateErrorCode = "not-a-literal" | "unwritable-body";

export class MigrateError extends V2kitError {
  static override readonly errorName: string = "MigrateError";

  constructor(
    readonly code: MigrateErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The tokens read as a body are not a literal v2kit can read (unbalanced, a key that is not one, a sentinel character). */
export class NotALiteral extends MigrateError {
  static override readonly errorName: string = "NotALiteral";
  declare readonly code: "not-a-literal";

  constructor(message: string) {
    super("not-a-literal", message);
  }
}
