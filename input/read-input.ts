// Reading the files a user names (bodies, --ndjson, --catalog/--templates/--current, the API key
// file, migrate inputs and scanned trees; OpenAPI documents, rules, GraphQL operations, the
// config and serve's state file with readFileWithin), one way for every command. A name must be
// a regular file: a FIFO with no writer would block forever, /dev/zero would fill memory, so
// special files are refused before a byte is read (they are opened non-blocking, then checked
// with fstat on the opened descriptor), and no more than a budget is read.
// Standard input (`-`) stays a stream, so a pipe or a FIFO given by shell redirection works; it is
// bounded by the same size limit. Lives in the runtime (not the CLI) because the live key reader
// uses it too.

import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { InputError } from "./errors.js";
import { builtin } from "./builtin.js";

/** Default limit of one body (and of any file read whole): far above any real request. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

export { InputError, type InputErrorCode } from "./errors.js";

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
  const errno = error as NodeJS.ErrnoException;
  const reason = errno.code === undefined ? errno.message : WORDS[errno.code] ? `${errno.code}, ${WORDS[errno.code]}` : errno.code;
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
  return readWhole(file, maxBytes, { notRegular, tooLarge, unreadable });
}

/** How one reader words its refusals. */
interface Refusals {
  notRegular(file: string, kind: string): InputError;
  tooLarge(file: string, maxBytes: number): InputError;
  unreadable(file: string, error: unknown): InputError;
}

/** The whole file (or standard input for `-`): opened non-blocking, checked with fstat on that descriptor, at most maxBytes read. */
function readWhole(file: string, maxBytes: number, refuse: Refusals): Buffer {
  let fd: number;
  try {
    fd = file === "-" ? 0 : openSync(file, READ_FLAGS);
  } catch (error) {
    throw refuse.unreadable(file, error);
  }
  const name = file === "-" ? "standard input" : file;
  try {
    if (file !== "-") {
      const stat = fstatSync(fd);
      const kind = specialKind(stat);
      if (kind !== undefined) throw refuse.notRegular(file, kind);
      if (stat.size > maxBytes) throw refuse.tooLarge(file, maxBytes);
    }
    const buffer = Buffer.allocUnsafe(1 << 16);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      size += read;
      if (size > maxBytes) throw refuse.tooLarge(name, maxBytes);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks, size);
  } catch (error) {
    throw error instanceof InputError ? error : refuse.unreadable(name, error);
  } finally {
    if (file !== "-") closeSync(fd);
  }
}

const MIB = 1024 * 1024;

/**
 * The most v2kit reads of each kind of file it reads whole besides bodies (docs/reference/security.md):
 * far above any real one, far below what would exhaust memory.
 */
export const FILE_BUDGETS = {
  /** An OpenAPI document (--spec, the files its $refs name), a rules file, a GraphQL operations file. */
  document: { maxBytes: 64 * MIB, what: "an OpenAPI document, rules or GraphQL file" },
  /** v2kit.config.json. */
  config: { maxBytes: 1 * MIB, what: "a config file" },
  /** The `serve --state` snapshot and its journal. */
  state: { maxBytes: 256 * MIB, what: "a serve state file or journal" },
  /** A .gitignore file `migrate scan` reads. */
  ignore: { maxBytes: 16 * MIB, what: "a .gitignore file" },
} as const;

/** The most bytes read of a kind of file, and the kind in words (for the message past it). */
export interface FileBudget {
  maxBytes: number;
  what: string;
}

/** "64 MiB" for whole mebibytes, else the bytes. */
const size = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/**
 * A file v2kit reads whole that is not a body (a document, rules, a config, a state file), with
 * `FILE: is not a regular file: …`, `FILE: larger than N MiB, …` or `FILE: cannot read: CODE, …`
 * when it cannot be read. The same checks as readInputSync (no standard input here).
 */
export function readFileWithin(file: string, budget: FileBudget): Buffer {
  return readWhole(file === "-" ? "./-" : file, budget.maxBytes, {
    notRegular: (name, kind) =>
      new InputError("not-regular", `${name}: is not a regular file: it is ${kind}, and v2kit reads only regular files`, `${kind}, not a regular file`),
    tooLarge: (name, max) =>
      new InputError("too-large", `${name}: larger than ${size(max)}, the most v2kit reads of ${budget.what}`, `larger than ${size(max)}`),
    unreadable: (name, error) => {
      const cause = unreadable(name, error);
      return new InputError("unreadable", `${name}: cannot read: ${cause.reason}`, cause.reason);
    },
  });
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
