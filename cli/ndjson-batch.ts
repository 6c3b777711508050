// One batch of NDJSON lines linted into the text of their --format json lines. The same function
// runs on the main thread (--jobs 1) and in each worker (--jobs N), so both print the same bytes.

import { type LintOptions, lintSource } from "../runtime/lint.js";
import { jsonLine } from "./format/json.js";
import { isBlank } from "./ndjson-lines.js";

export interface BatchVerdicts {
  /** The JSON lines of the non-blank lines, in order; up to the first line past the limit. */
  text: string;
  /** Some line was not valid (its verdict is not ok). */
  invalid: boolean;
  /** The number of the first line longer than maxLine bytes: it and the rest were not linted. */
  tooLong?: number;
}

/**
 * Lint each line of `bytes[0, length)`, named `name:LINE` from firstLine on. Blank lines are
 * skipped (their numbers still count) and a trailing CR is dropped (CRLF input).
 */
export function lintBatch(bytes: Buffer, length: number, firstLine: number, name: string, options: LintOptions, maxLine: number): BatchVerdicts {
  let text = "";
  let invalid = false;
  let line = firstLine;
  for (let start = 0; start < length; line++) {
    let end = bytes.indexOf(10, start);
    if (end === -1 || end > length) end = length;
    if (end - start > maxLine) return { text, invalid, tooLong: line };
    if (!isBlank(bytes, start, end)) {
      const outcome = lintSource(bytes.subarray(start, bytes[end - 1] === 0x0d ? end - 1 : end), options);
      if (!outcome.result.ok) invalid = true;
      text += jsonLine({ file: `${name}:${line}`, result: outcome.result });
    }
    start = end + 1;
  }
  return { text, invalid };
}
