// FILE arguments as users type them: a quoted glob ('examples/*.json') is expanded by v2kit
// itself, as eslint and prettier do, so it works the same in every shell and in npm scripts;
// a folder where a file is expected gets a message saying what to do, not EISDIR.
// tinyglobby loads only when an argument has glob characters and is not a file of that name.

import { statSync } from "node:fs";
import path from "node:path";
import { CliError } from "./command.js";

const GLOB = /[*?[\]{}]/;

export interface ExpandOptions {
  /** Folders are valid arguments (migrate scan DIR). */
  folders?: boolean;
}

export async function expandFileArgs(command: string, args: string[], options: ExpandOptions = {}): Promise<string[]> {
  const out: string[] = [];
  for (const arg of args) {
    if (arg === "-") {
      out.push(arg);
      continue;
    }
    const stat = statSync(arg, { throwIfNoEntry: false });
    if (stat?.isDirectory() && !options.folders) {
      throw new CliError(
        `${command}: ${arg} is a folder; name the files in it, or quote a glob for v2kit to expand: '${path.posix.join(arg.replace(/\/+$/, ""), "*.json")}'\nRun 'v2kit ${command} --help' for usage.`,
      );
    }
    if (stat !== undefined || !GLOB.test(arg)) {
      out.push(arg); // an existing file, or a name the command reports as unreadable
      continue;
    }
    const { glob } = await import("tinyglobby");
    const matches = await glob(arg, { onlyFiles: !options.folders, expandDirectories: false, absolute: path.isAbsolute(arg), dot: false });
    if (matches.length === 0) throw new CliError(`${command}: no file matches ${arg}\nRun 'v2kit ${command} --help' for usage.`);
    for (const match of matches.sort()) out.push(match);
  }
  return out;
}
