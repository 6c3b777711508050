// One batch of NDJSON lines linted into the text of their --format json lines. The same function
// runs on the main thread (--jobs 1) and in each worker (--jobs N), so both print the same bytes.

import { builtin } from "../../../input/builtin.js";
import { type LintOptions, lintSource } from "../../../lint/lint.js";
import { mayNeedEscapes, printableText, verdictLine } from "../../format/json.js";
import { isBlank } from "./lines.js";

/**
 * buffer.isAscii, looked up on the first batch: an ES import of node:buffer would build its
 * module facade (and load the File class it exports) on every one-file lint (docs/cold-start.md).
 */
let isAscii: ((bytes: Uint8Array) => boolean) | undefined;

/**
 * Characters of output handed on at a time: far fewer writes than one per line, and each string
 * is written while it is young. Held for a whole batch, a batch's output would outlive a few
 * scavenges, be promoted and pile up in the old generation until a full GC (peak RSS).
 */
const CHUNK_CHARS = 1 << 14;

export interface BatchVerdicts {
  /** Some line was not valid (its verdict is not ok). */
  invalid: boolean;
  /** The number of the first line longer than maxLine bytes: it and the rest were not linted. */
  tooLong?: number;
}

/**
 * Lint each line of `bytes[0, length)`, named `name:LINE` from firstLine on, handing the JSON
 * lines to `emit` in order, several lines per call. Blank lines are skipped (their numbers still
 * count) and a trailing CR is dropped (CRLF input). A line past maxLine ends the batch.
 *
 * A batch is checked for UTF-8 once: when it is ASCII (the usual case), each line goes to
 * lintSource as a string copied byte for byte (Latin-1), no decoder per line. Any other batch goes
 * line by line as bytes, which lintSource decodes, naming the offset of a byte that is not UTF-8.
 * (One string of the whole batch would be a large object: it is left for a full GC, and peak
 * memory grows with the input.)
 */
export function lintBatch(
  bytes: Buffer,
  length: number,
  firstLine: number,
  name: string,
  options: LintOptions,
  maxLine: number,
  emit: (text: string) => void,
): BatchVerdicts {
  isAscii ??= builtin<typeof import("node:buffer")>("node:buffer").isAscii;
  const ascii = isAscii(bytes.subarray(0, length));
  // `"name:` once per batch: a line adds its number and the closing quote (digits need no escape).
  const filePrefix = `${JSON.stringify(name).slice(0, -1)}:`;
  let text = "";
  let invalid = false;
  let line = firstLine;
  let tooLong: number | undefined;
  for (let start = 0; start < length; line++) {
    let end = bytes.indexOf(10, start);
    if (end === -1 || end > length) end = length;
    if (end - start > maxLine) {
      tooLong = line;
      break;
    }
    if (!isBlank(bytes, start, end)) {
      const stop = bytes[end - 1] === 0x0d ? end - 1 : end;
      const outcome = lintSource(ascii ? bytes.toString("latin1", start, stop) : bytes.subarray(start, stop), options);
      const result = outcome.result;
      if (!result.ok) invalid = true;
      text += verdictLine(`${filePrefix}${line}"`, result, outcome);
      if (text.length >= CHUNK_CHARS) {
        emit(text);
        text = "";
      }
    }
    start = end + 1;
  }
  if (text !== "") emit(text);
  return tooLong === undefined ? { invalid } : { invalid, tooLong };
}

/**
 * The output of a batch as UTF-8, encoded as it comes into a buffer that is reused from batch
 * to batch (grown when a batch needs more), so the strings die young and no buffer is
 * allocated per write. A bigger buffer is one of its own (it may be transferred to a thread).
 * The text comes as verdictLine prints it: the characters printableText escapes are escaped
 * here, once per chunk, and only when the encoded bytes may hold one.
 */
export class Utf8Sink {
  used = 0;

  constructor(public buffer: Buffer) {}

  readonly emit = (text: string): void => {
    const start = this.used;
    this.reserve(text.length);
    this.used += this.buffer.write(text, start);
    if (!mayNeedEscapes(this.buffer, start, this.used)) return;
    const escaped = printableText(text);
    if (escaped === text) return;
    this.used = start;
    this.reserve(escaped.length);
    this.used += this.buffer.write(escaped, start);
  };

  /** Room for `chars` UTF-16 code units after `used` (3 bytes of UTF-8 each, at most). */
  private reserve(chars: number): void {
    const most = chars * 3;
    if (this.used + most <= this.buffer.length) return;
    const bigger = Buffer.from(new ArrayBuffer(Math.max(this.buffer.length * 2, this.used + most)));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }

  /** Start a batch, in `buffer` when one is given. */
  reset(buffer = this.buffer): void {
    this.buffer = buffer;
    this.used = 0;
  }

  get bytes(): Buffer {
    return this.buffer.subarray(0, this.used);
  }
}
