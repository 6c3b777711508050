// generate --check: which owned files are not what this run would write. Only files v2kit owns
// are compared (what it generates now, and what its stamp lists); the user's own files in --out
// are never drift.

import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import { STAMP, type Stamp, stampText } from "./stamp.js";

/**
 * The stamp is compared too: a stamp whose inputs hash is stale would make the next plain
 * `generate` rewrite it, so a fresh clone would not be a no-op.
 */
export function drift(out: string, files: Map<string, string>, stamp: Stamp | undefined, expected: Stamp): string[] {
  const differ: string[] = [];
  if (stamp === undefined) differ.push(`${STAMP} (missing or unreadable)`);
  else if (stampText(stamp) !== stampText(expected)) differ.push(`${STAMP} (records other inputs or files)`);
  for (const [file, content] of files) {
    const target = path.join(out, ...file.split("/"));
    let kind: string;
    const parts = file.split("/");
    const linked = parts.slice(0, -1).some((_, i) => isLink(path.join(out, ...parts.slice(0, i + 1))));
    try {
      const stat = lstatSync(target);
      kind = stat.isSymbolicLink() ? "link" : stat.isFile() ? "file" : "other";
    } catch {
      kind = "missing";
    }
    if (linked) differ.push(`${file} (inside a symbolic link, not a generated folder)`);
    else if (kind === "missing") differ.push(`${file} (missing)`);
    else if (kind === "link") differ.push(`${file} (a symbolic link, not a generated file)`);
    else if (kind !== "file") differ.push(`${file} (not a regular file)`);
    else if (readFileSync(target, "utf8") !== content) differ.push(file);
  }
  for (const file of Object.keys(stamp?.files ?? {}).sort()) {
    if (files.has(file)) continue;
    try {
      lstatSync(path.join(out, ...file.split("/")));
      differ.push(`${file} (stale: no longer generated)`);
    } catch {
      // gone already: nothing to report
    }
  }
  return differ;
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
