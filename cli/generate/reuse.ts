// Incremental runs: an artifact (generators/artifacts.ts) is taken from the previous output
// instead of being built again only when the stamp records it under the same key (v2kit's code
// and the artifact's own inputs, artifactKey) and every one of its files is still exactly what
// generate wrote (same sha256 as the stamp, read again here, never through a symlink). Anything
// else (an edited, missing or replaced file, a stamp without artifacts) means: build it.

import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Reuse } from "../../generators/artifacts.js";
import { artifactKey, sha, type Stamp } from "./stamp.js";

export function reuseFrom(out: string, previous: Stamp | undefined, owned: readonly string[], code: string): Reuse | undefined {
  if (previous?.artifacts === undefined) return undefined;
  const intact = new Set(owned);
  const artifacts = previous.artifacts;
  return (name, identity) => {
    const entry = Object.hasOwn(artifacts, name) ? artifacts[name] : undefined;
    if (entry === undefined || entry.inputs !== artifactKey(code, name, identity)) return undefined;
    const files = new Map<string, string>();
    for (const file of entry.files) {
      const text = intact.has(file) ? unchanged(path.join(out, ...file.split("/")), previous.files[file]) : undefined;
      if (text === undefined) return undefined;
      files.set(file, text);
    }
    return files;
  };
}

/** The file's text when it is a regular file whose content hashes to `hash` (checked again: it may have changed since the inventory). */
function unchanged(file: string, hash: string | undefined): string | undefined {
  try {
    if (!lstatSync(file).isFile()) return undefined;
    const bytes = readFileSync(file);
    const text = bytes.toString("utf8");
    // Only text that survives decoding unchanged is reused: what is written is the text.
    return sha(bytes) === hash && Buffer.from(text, "utf8").equals(bytes) ? text : undefined;
  } catch {
    return undefined;
  }
}
