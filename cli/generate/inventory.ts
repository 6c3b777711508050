// What is in an existing --out folder, walked without following any symlink: the files
// generate owns (listed in its stamp with the hash it wrote), owned files changed since, and
// everything else ("foreign": the user's files, symlinks, empty folders, special files).

import { lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sha, STAMP, type Stamp } from "./stamp.js";

export interface Inventory {
  /** Owned files whose content is what generate wrote. */
  owned: string[];
  /** Owned files changed since generate wrote them. */
  edited: string[];
  /** Everything generate did not write, as "path", "path/ (folder)" or "path (symbolic link)". */
  foreign: string[];
}

export function inventory(out: string, stamp: Stamp | undefined): Inventory {
  const result: Inventory = { owned: [], edited: [], foreign: [] };
  const owned = stamp?.files ?? {};
  const ownedDirs = new Set<string>();
  for (const name of Object.keys(owned)) {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) ownedDirs.add(parts.slice(0, i).join("/"));
  }
  const walk = (rel: string) => {
    const entries = readdirSync(path.join(out, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (rel !== "" && entries.length === 0 && !ownedDirs.has(rel)) result.foreign.push(`${rel}/ (empty folder)`);
    for (const entry of entries) {
      const name = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (name === STAMP) {
        if (!lstatSync(path.join(out, name)).isFile() || stamp === undefined) result.foreign.push(`${name} (not a stamp v2kit can read)`);
      } else if (entry.isSymbolicLink()) result.foreign.push(`${name} (symbolic link)`);
      else if (entry.isDirectory()) walk(name);
      else if (!entry.isFile()) result.foreign.push(`${name} (not a regular file)`);
      else if (!Object.hasOwn(owned, name)) result.foreign.push(name);
      else if (sha(readFileSync(path.join(out, name))) === owned[name]) result.owned.push(name);
      else result.edited.push(name);
    }
  };
  walk("");
  return result;
}

/** Up to `max` lines of a list, then how many more. */
export function listed(items: string[], max = 20): string {
  const shown = items.slice(0, max).map((item) => `  ${printable(item)}`);
  if (items.length > max) shown.push(`  … and ${items.length - max} more`);
  return shown.join("\n");
}

/** File names come from the user's disk: control characters are shown escaped, never printed raw. */
export const printable = (text: string) =>
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, "0")}`);
