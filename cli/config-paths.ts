// Paths a v2kit.config.json names stay inside its project: the config's folder (real path,
// symbolic links resolved), or the folder --project-root names on the command line. A config
// comes with the repository, so it must not make v2kit read (and print the first line of)
// `../outside/secret.json` or `/proc/self/environ`, nor let `migrate scan --fix` rewrite another
// project's files. An entry that leaves the project is exit 2 at its FILE:LINE:COLUMN and JSON
// pointer, before anything is read: checked as written (absolute, or `..` past the root), then
// for each path or glob match once resolved.

import { realpathSync } from "node:fs";
import path from "node:path";
import { locate } from "../lint/json-source.js";
import { CliError } from "./command.js";

/** What the checks need of a config: where it is, its text (for positions) and its project. */
export interface ConfigPlace {
  file: string;
  dir: string;
  text: string;
  /** The project's real path: the config's folder, or --project-root. */
  root: string;
  /** Said in messages: how the project was chosen. */
  rootIs: "config" | "flag";
}

/** The real path of `target`, or of its nearest existing ancestor with the rest appended. */
export function realPath(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    const parent = path.dirname(target);
    return parent === target ? target : path.join(realPath(parent), path.basename(target));
  }
}

/** Whether the real path `target` lies inside `root` (itself included). */
export function within(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** `FILE:LINE:COLUMN: POINTER: MESSAGE`, exit 2. */
export function pathError(place: ConfigPlace, pointer: string, message: string): CliError {
  const at = locate(place.text, pointer);
  const root = place.rootIs === "config" ? `the config's folder, ${place.root}` : `--project-root ${place.root}`;
  return new CliError(
    `${place.file}:${at.line}:${at.column}: ${pointer}: ${message} outside the project (${root}): a config names paths inside its project only; give the path on the command line, or --project-root DIR, to go further`,
    2,
  );
}

/** A path or glob as written that leaves the project: absolute, or climbing past its root with `..`. */
export function escapesAsWritten(place: ConfigPlace, entry: string): boolean {
  if (path.isAbsolute(entry) || path.posix.isAbsolute(entry) || path.win32.isAbsolute(entry)) return true;
  return !within(place.root, realPath(path.resolve(place.dir, entry)));
}

/** Refuses `entry` (at `pointer`) when it leaves the project as written or, once resolved, through a symbolic link. */
export function checkEntry(place: ConfigPlace, pointer: string, entry: string): void {
  if (escapesAsWritten(place, entry)) throw pathError(place, pointer, `${JSON.stringify(entry)} names a path`);
}

/** Refuses a glob's match (an absolute path) that lies outside the project once symbolic links are resolved. */
export function checkMatch(place: ConfigPlace, pointer: string, glob: string, match: string): void {
  const real = realPath(match);
  if (!within(place.root, real)) throw pathError(place, pointer, `${JSON.stringify(glob)} matches ${JSON.stringify(real)}`);
}
