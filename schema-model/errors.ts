// The errors of reading an OpenAPI document into the schema model (SpecError) and of what is made
// from the model (GenerateError: `generate`, `schema` export, `lint --spec`, `serve --spec`). They
// sit with the model, not the generator, so the package entry exports them and a command
// recognises one without loading anything under generators/.

import { V2kitError } from "../engine/errors.js";

export type GenerateErrorCode =
  "invalid-spec" | "spec-unreadable" | "rules-unreadable" | "rules-strict" | "no-request-body" | "no-response-body" | "unknown-operation";

export class GenerateError extends V2kitError {
  static override readonly errorName: string = "GenerateError";

  constructor(
    readonly code: GenerateErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type SpecErrorCode = "invalid-spec" | "spec-unreadable";

/** An OpenAPI document (or GraphQL operations file) that cannot be read or used: where, by line and column or JSON pointer. */
export class SpecError extends GenerateError {
  static override readonly errorName: string = "SpecError";
  declare readonly code: SpecErrorCode;

  constructor(
    readonly file: string,
    message: string,
    readonly pointer = "",
    readonly line?: number,
    readonly column?: number,
    code: SpecErrorCode = "invalid-spec",
  ) {
    super(code, `${file}${line ? `:${line}:${column ?? 1}` : ""}: ${pointer ? `${pointer}: ` : ""}${message}`);
  }

  /** The document cannot be read (it does not exist, or the system refuses it): `reason` says why. */
  static unreadable(file: string, reason: string): SpecError {
    return new SpecError(file, `cannot read: ${reason}`, "", undefined, undefined, "spec-unreadable");
  }
}
