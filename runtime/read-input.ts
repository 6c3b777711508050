// Reading the files a user names (bodies, --ndjson, --catalog/--templates/--current, the API key
// file, migrate inputs and scanned trees), one way for every command. A name must be a regular
// file: a FIFO with no writer would block forever, /dev/zero would fill memory, so special files
// are refused before a byte is read (they are opened non-blocking, then checked with fstat).
// Standard input (`-`) stays a stream, so a pipe or a FIFO given by shell redirection works; it is
// bounded by the same size limit. Lives in the runtime (not the CLI) because the live key reader
// uses it too.

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { builtin } from "./builtin.js";

/** Default limit of one body (and of any file read whole): far above any real request. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

export type InputErrorCode = "not-regular" | "too-large" | "unreadable";

export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    readonly code: InputErrorCode,
    message: string,
    /** The message without the file name: "ENOENT", "a FIFO (named pipe)", "larger than … bytes". */
    readonly reason: string,
  ) {
    super(message);
  }
}

/** O_NONBLOCK: opening a FIFO that has no writer returns at once instead of waiting forever. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** What a non-regular file is, in words, or undefined for a regular file. */
export function specialKind(stat: Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

function notRegular(file: string, kind: string): InputError {
  return new InputError(
    "not-regular",
    `${file} is ${kind}: v2kit reads regular files only (pipe other sources into - for standard input)`,
    `${kind}, not a regular file`,
  );
}

export function tooLarge(file: string, maxBytes: number): InputError {
  return new InputError(
    "too-large",
    `${file} is larger than ${maxBytes} bytes, the limit of one input; raise it with --max-body-bytes if this is expected`,
    `larger than ${maxBytes} bytes`,
  );
}

const WORDS: Record<string, string> = { ENOENT: "no such file", EACCES: "permission denied", ELOOP: "too many symlinks", ENXIO: "no such device" };

function unreadable(file: string, error: unknown): InputError {
  const e = error as NodeJS.ErrnoException;
  const reason = e.code === undefined ? e.message : WORDS[e.code] ? `${e.code}, ${WORDS[e.code]}` : e.code;
  return new InputError("unreadable", `cannot read ${file}: ${reason}`, reason);
}

/** Open a regular file for reading; special files and directories are refused. */
export async function openRegular(file: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await promises().open(file, READ_FLAGS);
  } catch (error) {
    throw unreadable(file, error);
  }
  const kind = specialKind(await handle.stat());
  if (kind !== undefined) {
    await handle.close();
    throw notRegular(file, kind);
  }
  return handle;
}

/** node:fs/promises, loaded on first use (`--ndjson` reads through a FileHandle), not by a one-file lint. */
const promises = () => builtin<typeof import("node:fs/promises")>("node:fs/promises");

/**
 * The whole content of a regular file, or of standard input for `-`, at most maxBytes. A file
 * is read synchronously (readInputSync: the same checks, errors and limit): one local file is
 * read faster so than through a FileHandle, and a one-file lint loads no node:fs/promises.
 */
export async function readInput(file: string, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<Buffer> {
  if (file === "-") return readStream(process.stdin, "standard input", maxBytes);
  return readInputSync(file, maxBytes);
}

/** A stream read whole, refused past maxBytes (standard input: a pipe, a FIFO, /dev/zero). */
export async function readStream(stream: AsyncIterable<Buffer | string>, name: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxBytes) throw tooLarge(name, maxBytes);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** readInput for synchronous callers (migrate, the API key file). */
export function readInputSync(file: string, maxBytes = DEFAULT_MAX_BODY_BYTES): Buffer {
  let fd: number;
  try {
    fd = file === "-" ? 0 : openSync(file, READ_FLAGS);
  } catch (error) {
    throw unreadable(file, error);
  }
  const name = file === "-" ? "standard input" : file;
  try {
    if (file !== "-") {
      const stat = fstatSync(fd);
      const kind = specialKind(stat);
      if (kind !== undefined) throw notRegular(file, kind);
      if (stat.size > maxBytes) throw tooLarge(file, maxBytes);
    }
    const buffer = Buffer.allocUnsafe(1 << 16);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      size += read;
      if (size > maxBytes) throw tooLarge(name, maxBytes);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks, size);
  } catch (error) {
    throw error instanceof InputError ? error : unreadable(name, error);
  } finally {
    if (file !== "-") closeSync(fd);
  }
}

/** The mode of a regular file, for permission warnings; undefined when it cannot be read. */
export function fileMode(file: string): number | undefined {
  try {
    const fd = openSync(file, READ_FLAGS);
    try {
      return fstatSync(fd).mode & 0o777;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
