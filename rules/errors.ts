// The errors of the rules language: a rules file that does not validate, or a kind the engine
// does not know (a rules file is checked against the kinds first, so that one means a caller
// built rules by hand).

import { V2kitError } from "../engine/errors.js";

export type RulesErrorCode = "invalid-rules-file" | "unknown-rule-kind" | "unknown-stage-kind";

export class RulesError extends V2kitError {
  static override readonly errorName: string = "RulesError";

  constructor(
    readonly code: RulesErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A rules file that does not parse or validate: every problem, by line, column and JSON pointer. */
export class RulesFileError extends RulesError {
  static override readonly errorName: string = "RulesFileError";
  declare readonly code: "invalid-rules-file";

  constructor(
    readonly file: string,
    readonly problems: { pointer: string; line?: number; column?: number; message: string }[],
  ) {
    super(
      "invalid-rules-file",
      problems.map((problem) => `${file}:${problem.line ?? 1}:${problem.column ?? 1}: ${problem.pointer || "/"} ${problem.message}`).join("\n"),
    );
  }
}
