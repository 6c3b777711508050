// The units generate builds and skips (docs/generate-speed.md, "What is skipped when"): each
// artifact (the types, the validators, the rule engine, …) is a group of files made from a
// known part of the inputs. Its header carries the hash of exactly that part, and a run that
// is told the previous output of an artifact with the same header (and the same generator
// code: the CLI checks that, see cli/generate/stamp.ts) takes those files as they are instead
// of building them again. Files keep the order of the artifacts' declaration, so the result is
// the same map whichever artifacts were reused.

import { createHash, type Hash } from "node:crypto";
import { header } from "./header.js";

/**
 * Given an artifact's name and identity (its header: sources and inputs hash), the files it
 * wrote last time when they may be used unchanged, or undefined to build it.
 */
export type Reuse = (artifact: string, identity: string) => Map<string, string> | undefined;

export interface ArtifactRecord {
  name: string;
  /** The header its files carry ("" for an artifact without one): what it was made from. */
  identity: string;
  files: string[];
  reused: boolean;
  /** A check with no files (the document's validation): skipped when reused. */
  check?: true;
}

/** sha256 of some canonical texts (each the JSON of one input), in order. */
export function partsHash(parts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) addPart(hash, part);
  return hash.digest("hex");
}

function addPart(hash: Hash, part: string): void {
  hash.update(String(part.length)).update("\0").update(part).update("\0");
}

export class Artifacts {
  private readonly built: { record: ArtifactRecord; files: Promise<Map<string, string>> }[] = [];
  /**
   * The hash state after the last first part: most artifacts start with the same model text
   * (~1 MB on the upstream document), hashed once and copied (the same digest as partsHash).
   */
  private prefix: { part: string; hash: Hash } | undefined;

  constructor(
    private readonly sources: string[],
    private readonly reuse: Reuse | undefined,
  ) {}

  /**
   * Declare an artifact made from `parts` (canonical texts of its inputs; null: no header, made
   * from v2kit's own code only) and build it with `make` unless it can be reused. Its files (or
   * the error that made none) come from files().
   */
  add(name: string, parts: readonly string[] | null, make: (head: string) => Map<string, string> | Promise<Map<string, string>>): void {
    const inputs = parts === null ? "" : this.hashOf(parts);
    const identity = parts === null ? "" : header(this.sources, inputs);
    const previous = this.reuse?.(name, identity);
    const record: ArtifactRecord = { name, identity, files: [], reused: previous !== undefined };
    const files = previous !== undefined ? Promise.resolve(previous) : Promise.resolve().then(async () => ownHashes(await make(identity), inputs));
    files.catch(() => undefined); // awaited in files(); a rejection must not go unhandled meanwhile
    this.built.push({ record, files });
  }

  private hashOf(parts: readonly string[]): string {
    const [first, ...rest] = parts;
    if (first === undefined) return partsHash(parts);
    if (this.prefix?.part !== first) {
      const hash = createHash("sha256");
      addPart(hash, first);
      this.prefix = { part: first, hash };
    }
    const hash = this.prefix.hash.copy();
    for (const part of rest) addPart(hash, part);
    return hash.digest("hex");
  }

  /** Every artifact's files, in declaration order, once all are built. */
  async files(): Promise<{ files: Map<string, string>; artifacts: ArtifactRecord[] }> {
    const files = new Map<string, string>();
    for (const { record, files: pending } of this.built) {
      const made = await pending;
      record.files = [...made.keys()];
      for (const [name, text] of made) files.set(name, text);
    }
    return { files, artifacts: this.built.map((b) => b.record) };
  }
}

/**
 * Each file's header names the sha256 of its own text (the text with the hash left out), not the
 * artifact's inputs hash: a one-field change to the document then changes the header of the files
 * whose code changed, not of every file of the artifact (issue 43, item 4: 73 headers changed for
 * one field). The artifact's inputs hash stays its identity (the stamp's key for reuse).
 */
function ownHashes(files: Map<string, string>, inputs: string): Map<string, string> {
  if (inputs === "") return files;
  const out = new Map<string, string>();
  for (const [name, text] of files) {
    const parts = text.split(inputs);
    out.set(name, parts.length === 1 ? text : parts.join(createHash("sha256").update(parts.join("")).digest("hex")));
  }
  return out;
}
