// The error of reading what a user names (input/read-input.ts), apart from the reader: the package
// entry exports it, and its declarations must not need Node's types in a consumer's project.

import { V2kitError } from "../engine/errors.js";

export type InputErrorCode = "not-regular" | "too-large" | "unreadable";

/** A file v2kit was asked to read and cannot or will not: what it is, its size, or the system's error. */
export class InputError extends V2kitError {
  static override readonly errorName: string = "InputError";

  constructor(
    readonly code: InputErrorCode,
    message: string,
    /** The message without the file name: "ENOENT", "a FIFO (named pipe)", "larger than … bytes". */
    readonly reason: string,
  ) {
    super(message);
  }
}
