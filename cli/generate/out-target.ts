// Where --out points, checked before anything is generated: a folder (existing or to be
// created) is fine; a file, a dangling symlink, a symlink loop or a special file is a usage
// error (exit 2) with a message, never a stack trace (issue 10, point 5).

import { lstatSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { CliError } from "../command.js";

const usage = (message: string) => new CliError(`generate: ${message}\nRun 'v2kit generate --help' for usage.`);

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The real path of the --out folder (symlinks above it resolved), existing or not. */
export function resolveOut(raw: string): { dir: string; exists: boolean } {
  if (raw === "") throw usage("--out needs a folder name");
  const abs = path.resolve(raw);
  let kind: "missing" | "link" | "dir" | "file" | "other";
  try {
    const stat = lstatSync(abs);
    kind = stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "dir" : stat.isFile() ? "file" : "other";
  } catch (error) {
    if (code(error) === "ENOENT") kind = "missing";
    else if (code(error) === "ENOTDIR") throw usage(`--out ${raw}: a part of the path is a file, not a folder`);
    else if (code(error) === "ELOOP") throw usage(`--out ${raw}: the path goes through a symbolic link loop`);
    else throw usage(`--out ${raw}: cannot inspect: ${code(error) ?? (error as Error).message}`);
  }
  if (kind === "file") throw usage(`--out ${raw} is a file; --out takes a folder (generate writes several files), e.g. --out generated`);
  if (kind === "other") throw usage(`--out ${raw} is not a folder (a device, pipe or socket); --out takes a folder`);
  if (kind === "link") {
    try {
      if (!statSync(abs).isDirectory()) throw usage(`--out ${raw} is a symbolic link to a file; --out takes a folder`);
    } catch (error) {
      if (error instanceof CliError) throw error;
      if (code(error) === "ELOOP") throw usage(`--out ${raw} is a symbolic link loop; point --out at a real folder`);
      throw usage(`--out ${raw} is a symbolic link to a missing target (${code(error) ?? "unreadable"}); point --out at a real folder`);
    }
  }
  if (kind === "missing") return { dir: path.join(existingParent(raw, path.dirname(abs)), path.basename(abs)), exists: false };
  const dir = realpathSync(abs);
  if (path.dirname(dir) === dir) throw usage(`--out ${raw} is the root of the file system; name a folder for the generated files`);
  return { dir, exists: true };
}

/** The real path of `dir`, which must be a folder or creatable as one. */
function existingParent(raw: string, dir: string): string {
  try {
    const stat = statSync(dir);
    if (!stat.isDirectory()) throw usage(`--out ${raw}: ${dir} is a file, not a folder`);
    return realpathSync(dir);
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (code(error) === "ENOENT") {
      const parent = path.dirname(dir);
      if (parent === dir) throw usage(`--out ${raw}: no such folder`);
      return path.join(existingParent(raw, parent), path.basename(dir));
    }
    if (code(error) === "ELOOP") throw usage(`--out ${raw}: the path goes through a symbolic link loop`);
    if (code(error) === "ENOTDIR") throw usage(`--out ${raw}: a part of the path is a file, not a folder`);
    throw usage(`--out ${raw}: cannot inspect ${dir}: ${code(error) ?? (error as Error).message}`);
  }
}
