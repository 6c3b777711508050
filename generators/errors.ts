// The errors of `generate` (and of whatever loads a document through it: `lint --spec`, `serve
// --spec`, `schema`): the document, the rules file as the generator reads it, what it exports.
// Kept apart from the stages that throw them so a command can recognise one without loading the
// generator.

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
