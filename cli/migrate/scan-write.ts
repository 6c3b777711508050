// How `migrate scan --fix` replaces a file: only when it still holds what was scanned, through a
// temporary file in the same folder and a rename (a reader never sees half a file, SIGKILL
// leaves the original), with the original's owner, group and mode. A symbolic link is kept: the
// fix goes to the file it points to, when that lies inside the working directory. A file the user
// may not write (no write permission, or read-only by its mode even for root, as editors treat
// it) and a file whose owner the copy cannot keep are not written (docs/scan.md).

import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative } from "node:path";
import { printable } from "../../lint/printable.js";
import { CliError } from "../command.js";
import { InputError, readFileWithin } from "../../input/read-input.js";

/**
 * Writes `after` over `path` only if the file still holds `before` byte for byte. Returns why it
 * did not write ("…: not written" follows it in the report).
 */
export function writeGuarded(path: string, before: string, after: string): string | undefined {
  const target = writeTarget(path);
  if (typeof target === "object") return target.refused;
  let bytes: Buffer;
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(target);
    // No more than what was scanned: a larger file has changed (and a FIFO put in its place is refused).
    bytes = readFileWithin(target, { maxBytes: Buffer.byteLength(before, "utf8"), what: "a scanned file" });
  } catch (error) {
    if (error instanceof InputError && error.code === "too-large") return "it changed since it was read";
    return `cannot read it again (${error instanceof InputError ? error.reason : ((error as NodeJS.ErrnoException).code ?? (error as Error).message)})`;
  }
  if (bytes.toString("utf8") !== before) return "it changed since it was read";
  if (!Buffer.from(before, "utf8").equals(bytes)) return "it is not valid UTF-8, so writing it back could change bytes v2kit did not mean to";
  const mode = stat.mode & 0o7777;
  const denied = writeDenied(target, mode);
  if (denied) return denied;
  const temporary = join(dirname(target), `.${basename(target)}.v2kit-${process.pid}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, "wx", 0o600);
    const text = Buffer.from(after, "utf8");
    for (let written = 0; written < text.length;) written += writeSync(fd, text, written, text.length - written);
    const owner = keepOwner(fd, stat);
    if (owner) throw new Refused(owner);
    // After the owner: chown clears the set-user-ID and set-group-ID bits.
    fchmodSync(fd, mode);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temporary);
    } catch {
      // The temporary file was never created.
    }
    if (error instanceof Refused) return error.message;
    return `cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return undefined;
}

/** A file `--fix` will not replace: the message says why. */
class Refused extends CliError {
  static override readonly errorName: string = "Refused";
  declare readonly code: "write-refused";

  constructor(message: string) {
    super(message, 2, "write-refused");
  }
}

/** The file to replace: `path` itself, or the file a symbolic link points to when it lies inside the working directory. */
function writeTarget(path: string): string | { refused: string } {
  try {
    if (!lstatSync(path).isSymbolicLink()) return path;
    const target = realpathSync(path);
    const inside = relative(realpathSync(process.cwd()), target);
    if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
      return { refused: `it is a symbolic link to ${printable(target)}, outside the working directory (name that file itself to fix it)` };
    }
    return target;
  } catch (error) {
    return { refused: `cannot read it again (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
}

/** Why the user may not write the file, if they may not: no write permission, or no write bit at all (root included). */
function writeDenied(target: string, mode: number): string | undefined {
  const octal = `mode ${mode.toString(8).padStart(4, "0")}`;
  try {
    accessSync(target, constants.W_OK);
  } catch {
    return `you have no write permission to it (${octal})`;
  }
  // Root may write anything; a file nobody may write is read-only on purpose, as editors treat it.
  if ((mode & 0o222) === 0) return `it is read-only (${octal}): make it writable first to fix it`;
  return undefined;
}

/** Gives the new copy the original's owner and group; why it cannot, if it cannot. */
function keepOwner(fd: number, original: { uid: number; gid: number }): string | undefined {
  const made = fstatSync(fd);
  if (made.uid === original.uid && made.gid === original.gid) return undefined;
  try {
    fchownSync(fd, original.uid, original.gid);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return `it belongs to user ${original.uid} and group ${original.gid}, and the fixed copy cannot keep that owner (${code})`;
  }
}
