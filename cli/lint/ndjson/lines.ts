// NDJSON input as batches of whole lines, as bytes (not readline, so that a line that is not
// UTF-8 gets its own verdict with a byte offset). A batch is one buffer the caller owns and
// hands back: the single-thread path reuses one, the worker path transfers each to a worker and
// gets it back with the result, so memory stays the same however long the input.

import type { FileHandle } from "node:fs/promises";
import { openRegular, tooLarge } from "../../../input/read-input.js";

/** Bytes a batch buffer starts with: a few hundred typical bodies, one write of their verdicts. */
export const BATCH_BYTES = 1 << 18;

/** Whole lines, each ending with LF except a last line without one at the end of the input. */
export interface Batch {
  /** The buffer the lines were read into: the one handed to next(), or a bigger one. */
  buffer: Buffer;
  /** Bytes of `buffer` that hold the lines. */
  length: number;
  /** Line number (from 1) of the first line. */
  firstLine: number;
  /** How many lines (blank ones included). */
  lines: number;
}

/** Where the bytes come from: a regular file, or standard input as a stream. */
interface Source {
  /** Reads into `into` from `offset`; 0 at the end. */
  read(into: Uint8Array, offset: number): Promise<number>;
  close(): Promise<void>;
}

function fileSource(handle: FileHandle): Source {
  return {
    read: async (into, offset) => (await handle.read(into, offset, into.length - offset, null)).bytesRead,
    close: () => handle.close(),
  };
}

/** A stream as a Source: each chunk is copied out as far as it fits, the rest kept for the next read. */
function streamSource(stream: AsyncIterable<Uint8Array>): Source {
  const chunks = stream[Symbol.asyncIterator]();
  let rest: Uint8Array | undefined;
  return {
    async read(into, offset) {
      if (rest === undefined || rest.length === 0) {
        const next = await chunks.next();
        if (next.done) return 0;
        rest = next.value;
      }
      const copied = Math.min(rest.length, into.length - offset);
      into.set(rest.subarray(0, copied), offset);
      rest = rest.subarray(copied);
      return copied;
    },
    async close() {
      await chunks.return?.();
    },
  };
}

/**
 * The lines of FILE (`-`: standard input) in batches. A line longer than maxLine bytes (its CR
 * counted, its LF not) is refused with the same message the single-body path gives, naming
 * FILE:LINE (`standard input:LINE`).
 */
export class LineBatches {
  private carry = Buffer.alloc(0);
  private carried = 0;
  private line = 1;
  private ended = false;

  private constructor(
    private readonly source: Source,
    readonly maxLine: number,
    readonly label: (line: number) => string,
  ) {}

  static async open(file: string, maxLine: number): Promise<LineBatches> {
    if (file === "-") return new LineBatches(streamSource(process.stdin), maxLine, (line) => `standard input:${line}`);
    return new LineBatches(fileSource(await openRegular(file)), maxLine, (line) => `${file}:${line}`); // a FIFO or /dev/zero is refused
  }

  /** The error for a line past the limit. */
  tooLong(line: number): Error {
    return tooLarge(this.label(line), this.maxLine);
  }

  /**
   * The next batch, read into `buffer` (or a bigger one when a single line does not fit), or
   * null at the end. Returns as soon as one whole line is in, so that a pipe that delivers lines
   * one at a time gets each verdict at once.
   */
  async next(buffer: Buffer): Promise<Batch | null> {
    if (this.ended && this.carried === 0) return null;
    let into = buffer;
    if (into.length < this.carried * 2) into = newBuffer(Math.max(into.length, this.carried) * 2);
    this.carry.copy(into, 0, 0, this.carried);
    let filled = this.carried;
    this.carried = 0;
    let last = -1;
    while (!this.ended) {
      if (filled === into.length) {
        // One line longer than the buffer: grow it, as long as the line is within the limit.
        if (filled > this.maxLine) throw this.tooLong(this.line);
        const bigger = newBuffer(into.length * 2);
        into.copy(bigger);
        into = bigger;
      }
      const bytesRead = await this.source.read(into, filled);
      if (bytesRead === 0) {
        this.ended = true;
        break;
      }
      last = into.lastIndexOf(10, filled + bytesRead - 1); // the bytes before `filled` hold no LF
      filled += bytesRead;
      if (last !== -1) break;
      if (filled > this.maxLine) throw this.tooLong(this.line); // no end of line yet, already too long
    }
    const firstLine = this.line;
    if (last === -1) {
      // The end of the input: what is left is one last line without LF.
      if (filled === 0) return null;
      this.line++;
      return { buffer: into, length: filled, firstLine, lines: 1 };
    }
    this.keep(into.subarray(last + 1, filled));
    let lines = 0;
    for (let at = into.indexOf(10); at !== -1 && at <= last; at = into.indexOf(10, at + 1)) lines++;
    this.line += lines;
    return { buffer: into, length: last + 1, firstLine, lines };
  }

  /** The start of a line whose end has not been read yet, for the next batch. */
  private keep(bytes: Buffer): void {
    if (bytes.length > this.carry.length) this.carry = Buffer.allocUnsafe(Math.max(bytes.length, this.carry.length * 2, 1 << 12));
    bytes.copy(this.carry);
    this.carried = bytes.length;
  }

  async close(): Promise<void> {
    await this.source.close();
  }
}

/**
 * A buffer of its own (never a slice of Node's shared pool), so that its ArrayBuffer can be
 * transferred to a worker thread.
 */
export function newBuffer(size: number): Buffer {
  return Buffer.from(new ArrayBuffer(size));
}

/** True for a line of spaces, tabs and CRs only (skipped, as blank lines between bodies are). */
export function isBlank(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}
