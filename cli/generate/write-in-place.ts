// --allow-foreign-files: --out holds files v2kit did not write, so the folder cannot be swapped
// as a whole. Each owned file is written atomically (a temporary file beside it, then rename),
// foreign files are left untouched, and no symlink is ever followed.

import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CliError } from "../command.js";
import { listed } from "./inventory.js";
import { sha, STAMP, type Stamp, stampText } from "./stamp.js";

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

type Kind = "missing" | "file" | "dir" | "link" | "other";

function kindOf(file: string): Kind {
  try {
    const stat = lstatSync(file);
    return stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "dir" : stat.isFile() ? "file" : "other";
  } catch (error) {
    if (code(error) === "ENOENT") return "missing";
    throw error;
  }
}

/** Why `rel` cannot be written in place, or undefined when it can. */
function obstacle(out: string, rel: string, previous: Stamp | undefined, overwriteEdits: boolean): string | undefined {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join("/");
    const kind = kindOf(path.join(out, dir));
    if (kind === "missing") return undefined;
    if (kind === "link") return `${rel}: ${dir} is a symbolic link (v2kit never writes through links)`;
    if (kind !== "dir") return `${rel}: ${dir} is not a folder`;
  }
  const kind = kindOf(path.join(out, rel));
  if (kind === "missing") return undefined;
  if (kind === "link") return `${rel} is a symbolic link (v2kit never writes through links)`;
  if (kind !== "file") return `${rel} is not a regular file`;
  if (overwriteEdits) return undefined;
  const owned = previous?.files[rel];
  if (owned === undefined) return `${rel} exists and was not written by v2kit (--overwrite-edits replaces it)`;
  if (sha(readFileSync(path.join(out, rel))) !== owned) return `${rel} was changed since v2kit wrote it (--overwrite-edits replaces it)`;
  return undefined;
}

function writeAtomically(target: string, content: string): void {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.v2kit-tmp-${process.pid}`);
  rmSync(temp, { force: true });
  try {
    writeFileSync(temp, content, { flag: "wx" });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Refuse (exit 2, nothing written) when any of `names` cannot be written in place. */
export function checkInPlace(out: string, names: Iterable<string>, previous: Stamp | undefined, overwriteEdits: boolean): void {
  const problems = [...names].map((rel) => obstacle(out, rel, previous, overwriteEdits)).filter((problem) => problem !== undefined);
  const stampKind = kindOf(path.join(out, STAMP));
  if (stampKind !== "missing" && stampKind !== "file") problems.push(`${STAMP} is not a regular file`);
  if (problems.length > 0) throw new CliError(`generate: nothing was written; these paths are in the way:\n${listed(problems)}`);
}

export function writeInPlace(out: string, files: Map<string, string>, stamp: Stamp, previous: Stamp | undefined, overwriteEdits: boolean): { stale: string[] } {
  checkInPlace(out, files.keys(), previous, overwriteEdits);
  try {
    for (const [rel, content] of files) {
      const target = path.join(out, ...rel.split("/"));
      mkdirSync(path.dirname(target), { recursive: true });
      if (kindOf(target) === "file" && readFileSync(target, "utf8") === content) continue;
      writeAtomically(target, content);
    }
    // Owned files no longer generated go, if unchanged; a changed one stays and is reported.
    const stale: string[] = [];
    for (const [rel, hash] of Object.entries(previous?.files ?? {})) {
      if (files.has(rel) || obstacle(out, rel, undefined, true) !== undefined) continue;
      const target = path.join(out, ...rel.split("/"));
      if (kindOf(target) !== "file") continue;
      if (sha(readFileSync(target)) !== hash) {
        stale.push(rel);
        continue;
      }
      unlinkSync(target);
      removeEmptyParents(out, path.dirname(target));
    }
    writeAtomically(path.join(out, STAMP), stampText(stamp));
    return { stale };
  } catch (error) {
    throw new CliError(`generate: cannot write ${out}: ${(error as Error).message}`);
  }
}

function removeEmptyParents(out: string, dir: string): void {
  while (dir !== out && dir.startsWith(out + path.sep) && readdirSync(dir).length === 0) {
    rmdirSync(dir);
    dir = path.dirname(dir);
  }
}
