// Lines of NDJSON input as bytes (not readline, so that a line that is not UTF-8 gets its own
// verdict with a byte offset): files through one reused buffer, standard input as a stream.

import { openRegular, tooLarge } from "../runtime/read-input.js";

/** The lines of a stream as bytes, split at LF (a trailing CR dropped); a line past maxLine bytes is refused. */
export async function* linesOf(stream: AsyncIterable<Buffer>, maxLine = Infinity): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  for await (const chunk of stream) {
    let start = 0;
    let newline = chunk.indexOf(10, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      line++;
      if (pendingBytes + piece.length > maxLine) throw tooLarge(`standard input:${line}`, maxLine);
      yield pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxLine) throw tooLarge(`standard input:${line + 1}`, maxLine);
    }
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}

/**
 * Lines of a file, read into one reused 1 MiB buffer: memory stays the same however long the
 * input (stream chunks would each be a new external buffer, freed only by a full collection).
 * Each line is a view that is valid until the next one is requested.
 */
export async function* linesOfFile(file: string, maxLine = Infinity): AsyncGenerator<Uint8Array> {
  const handle = await openRegular(file); // a FIFO or /dev/zero is refused, not read forever
  let line = 0;
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let carry = Buffer.allocUnsafe(1 << 16);
    let carried = 0;
    const keep = (bytes: Uint8Array) => {
      if (carried + bytes.length > maxLine) throw tooLarge(`${file}:${line + 1}`, maxLine);
      if (carried + bytes.length > carry.length) {
        const bigger = Buffer.allocUnsafe(Math.max(carry.length * 2, carried + bytes.length));
        carry.copy(bigger, 0, 0, carried);
        carry = bigger;
      }
      carry.set(bytes, carried);
      carried += bytes.length;
    };
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      const data = chunk.subarray(0, bytesRead);
      let start = 0;
      for (let newline = data.indexOf(10); newline !== -1; newline = data.indexOf(10, start)) {
        if (newline - start > maxLine) throw tooLarge(`${file}:${line + 1}`, maxLine);
        if (carried > 0) {
          keep(data.subarray(start, newline));
          yield carry.subarray(0, carried);
          carried = 0;
        } else yield data.subarray(start, newline);
        line++;
        start = newline + 1;
      }
      keep(data.subarray(start));
    }
    if (carried > 0) yield carry.subarray(0, carried);
  } finally {
    await handle.close();
  }
}

export const isBlank = (line: Uint8Array) => {
  for (const byte of line) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  return true;
};
