// The stamp (.v2kit-stamp.json in --out): which files generate owns, by content hash, a hash
// of the inputs so that an unchanged run is a no-op, and each artifact's own inputs hash and
// files so that a run after an edit rebuilds only the artifacts the edit reaches
// (generators/artifacts.ts, cli/generate/reuse.ts). The inputs hash depends on content
// only (never on absolute paths or line endings), so a clone in any folder, on any machine,
// agrees with the committed stamp (issue 10, point 4).

import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../../schema-model/package-files.js";
import { FILE_BUDGETS, readFileWithin } from "../../input/read-input.js";

export const STAMP = ".v2kit-stamp.json";

export interface Stamp {
  inputs: string;
  /** Relative path (with "/") → sha256 of the content generate wrote there. */
  files: Record<string, string>;
  /** Artifact name → the hash of the code and inputs it was made from, and its files (absent in stamps before 0.1.x's incremental runs). */
  artifacts?: Record<string, ArtifactEntry>;
  /**
   * Read back only: false when the stamp's `seal` (a hash of the rest, written with it) is absent
   * or does not match. Such a stamp was edited by hand (or forged): it is trusted for nothing, so
   * `generate` rebuilds everything and `--check` reports it, and the two agree.
   */
  sealed?: boolean;
}

export interface ArtifactEntry {
  inputs: string;
  files: string[];
}

export const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** The stamp in `out`, or undefined when there is none or it is not one of ours. */
export function readStamp(out: string): Stamp | undefined {
  const file = path.join(out, STAMP);
  try {
    if (!lstatSync(file).isFile()) return undefined; // a symlinked stamp is never trusted
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<Stamp>;
    if (typeof value.inputs !== "string" || value.files === null || typeof value.files !== "object") return undefined;
    const files: Record<string, string> = {};
    for (const [name, hash] of Object.entries(value.files)) {
      if (typeof hash === "string" && isOwnedName(name)) files[name] = hash;
    }
    const artifacts = readArtifacts(value.artifacts, files);
    const stamp: Stamp = { inputs: value.inputs, files, ...(artifacts ? { artifacts } : {}) };
    // The seal covers what was written; anything dropped above (a foreign name) breaks it too.
    const written = value as Partial<Stamp> & { seal?: unknown };
    stamp.sealed = typeof written.seal === "string" && written.seal === sealOf(written);
    return stamp;
  } catch {
    return undefined;
  }
}

/** Artifact entries whose files are all owned; anything else in the key is ignored (never reused). */
function readArtifacts(value: unknown, files: Record<string, string>): Record<string, ArtifactEntry> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const out: Record<string, ArtifactEntry> = {};
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    const { inputs, files: list } = (entry ?? {}) as Partial<ArtifactEntry>;
    if (typeof inputs !== "string" || !Array.isArray(list)) continue;
    if (list.every((file) => typeof file === "string" && Object.hasOwn(files, file)))
      Object.defineProperty(out, name, { value: { inputs, files: list }, enumerable: true });
  }
  return out;
}

/** A stamp entry must be a plain relative path: no "..", no absolute path, no empty segment. */
function isOwnedName(name: string): boolean {
  return name !== STAMP && name.split("/").every((part) => part !== "" && part !== "." && part !== "..") && !path.isAbsolute(name) && !name.includes("\\");
}

export function stampText(stamp: Stamp): string {
  const { inputs, files, artifacts } = stamp;
  const body = { inputs, files, ...(artifacts === undefined ? {} : { artifacts }) };
  return `${JSON.stringify({ ...body, seal: sealOf(body) }, null, 2)}\n`;
}

/**
 * The seal of a stamp: a hash of its inputs, files and artifacts as written. Not a secret (anyone
 * can recompute it): it tells a stamp generate wrote from one edited by hand, so a hand-made
 * stamp cannot make `generate` say "up to date" while `--check` says the output is not current.
 */
function sealOf(stamp: Partial<Stamp>): string {
  const body = { inputs: stamp.inputs, files: stamp.files, ...(stamp.artifacts === undefined ? {} : { artifacts: stamp.artifacts }) };
  return sha(`v2kit-stamp-seal/1\0${JSON.stringify(body)}`);
}

/** Text files hash the same with CRLF or LF (a checkout with autocrlf is the same input). */
const normalized = (bytes: Buffer) => (bytes.includes(13) ? Buffer.from(bytes.toString("latin1").replace(/\r\n/g, "\n"), "latin1") : bytes);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => lstatSync(path.join(dir, file)).isFile())
    .sort();
}

/**
 * Hash of every input: the documents, rules and catalogs by role and content, and the
 * generator's own code (codeHash: by path relative to the package root: its TypeScript sources in a
 * checkout of v2kit (so that a stale file left in dist/ cannot change the hash), the compiled
 * code in an installed package; with the engine (engine/), which output imports or copies,
 * and the layouts).
 */
export function inputsHash(inputs: { role: string; file: string }[], code = codeHash()): string {
  const hash = createHash("sha256");
  const add = (name: string, bytes: Buffer) => hash.update(name).update("\0").update(normalized(bytes)).update("\0");
  // Read as the pipeline reads them: a FIFO, a device or a file over the budget is an InputError.
  for (const { role, file } of inputs) add(role, existsSync(file) ? readFileWithin(file, FILE_BUDGETS.document) : Buffer.alloc(0));
  return hash.update("code\0").update(code).digest("hex");
}

/** What an artifact was made from: v2kit's code, and its own inputs (its header). */
export function artifactKey(code: string, name: string, identity: string): string {
  return createHash("sha256").update(code).update("\0").update(name).update("\0").update(identity).digest("hex");
}

/** Hash of v2kit's own generator code (what every artifact is made with). */
export function codeHash(): string {
  const hash = createHash("sha256");
  const add = (name: string, bytes: Buffer) => hash.update(name).update("\0").update(normalized(bytes)).update("\0");
  const root = packageRoot();
  const checkout = existsSync(path.join(root, "generators", "pipeline.ts"));
  const code = checkout ? root : path.join(root, "dist");
  const isCode = checkout ? (file: string) => file.endsWith(".ts") && !file.endsWith(".d.ts") : (file: string) => file.endsWith(".js");
  const parts = [
    { dir: path.join(code, "generators"), keep: isCode },
    { dir: path.join(code, "rules"), keep: isCode },
    { dir: path.join(code, "schema-model"), keep: isCode },
    { dir: path.join(code, "input"), keep: isCode },
    { dir: path.join(root, "engine"), keep: () => true },
    { dir: path.join(root, "generators", "emit", "templates"), keep: () => true },
  ];
  for (const { dir, keep } of parts) {
    for (const file of filesUnder(dir).filter(keep))
      add(path.relative(root, path.join(dir, file)).split(path.sep).join("/"), readFileSync(path.join(dir, file)));
  }
  return hash.digest("hex");
}
