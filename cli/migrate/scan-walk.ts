// The files `migrate scan` and `scan` read under each root: regular files only (no symbolic links,
// FIFOs, devices or sockets), in code-point order, skipping node_modules and VCS folders,
// what .gitignore files ignore (from the repository root down), known binary extensions,
// files over the size limit and files with a NUL byte in their first 8 KiB.

import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Ignore } from "ignore";
import { FILE_BUDGETS, readFileWithin, specialKind } from "../../input/read-input.js";
import type { Bases, Surroundings } from "../../migrate/index.js";
import { CliError } from "../command.js";

export interface WalkOptions {
  maxBytes: number;
  gitignore: boolean;
  /** The command named in an error (default `migrate scan`). */
  command?: string;
}

/** A path the scan was asked to read (named, or found in the tree) and could not: reported, never passed over silently. */
export interface Unreadable {
  path: string;
  reason: string;
}

/** What a failed read means, in words (no raw Node error codes). */
const REASONS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENAMETOOLONG: "the path is longer than the system allows",
  ENOTDIR: "a part of the path is not a directory",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  ENFILE: "too many open files in the system",
  EIO: "an input/output error",
  EISDIR: "it is a directory",
};

/** The reason of a failed read without the path Node repeats in it (the path is printed once, escaped). */
function reasonOf(error: unknown, path: string): string {
  const nodeError = error as NodeJS.ErrnoException;
  if (typeof nodeError?.code === "string" && REASONS[nodeError.code] !== undefined) return REASONS[nodeError.code] as string;
  const message = String((error as Error)?.message ?? error);
  return message
    .split(path)
    .join("the path")
    .replace(/^[A-Z]+: /, "");
}

const SKIP_DIRS = new Set(["node_modules", ".git", ".hg", ".svn"]);
const BINARY = new Set(
  "png jpg jpeg gif webp ico bmp tiff psd pdf zip gz tgz bz2 xz zst 7z rar jar war class so dylib dll exe o a wasm woff woff2 ttf otf eot mp3 mp4 mov avi mkv webm ogg wav flac pyc pyo bin dat db sqlite parquet onnx pt safetensors".split(
    " ",
  ),
);
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

interface Rules {
  base: string;
  ignore: Ignore;
}

type IgnoreFactory = () => Ignore;

function loadRules(dir: string, make: IgnoreFactory): Rules | undefined {
  const file = join(dir, ".gitignore");
  try {
    if (!statSync(file).isFile()) return undefined;
    return { base: resolve(dir), ignore: make().add(readFileWithin(file, FILE_BUDGETS.ignore).toString("utf8")) };
  } catch {
    return undefined;
  }
}

/** .gitignore files above `root` (absolute), up to the repository root (the folder holding `.git`); none outside a repository. */
function rulesAbove(root: string, make: IgnoreFactory): Rules[] {
  const found: Rules[] = [];
  if (existsSync(join(root, ".git"))) return found;
  for (let dir = dirname(root), hops = 0; hops < 64; dir = dirname(dir), hops++) {
    const rules = loadRules(dir, make);
    if (rules) found.unshift(rules);
    if (existsSync(join(dir, ".git"))) return found;
    if (dirname(dir) === dir) break;
  }
  return [];
}

function ignored(rules: readonly Rules[], path: string, isDir: boolean): boolean {
  let result = false;
  for (const ignoreRules of rules) {
    const rel = relative(ignoreRules.base, path).split(sep).join("/");
    if (rel === "" || rel.startsWith("..")) continue;
    const test = ignoreRules.ignore.test(isDir ? `${rel}/` : rel);
    if (test.ignored) result = true;
    else if (test.unignored) result = false;
  }
  return result;
}

/**
 * The text of a regular file; undefined when it is not one, too large, or binary (skipped by
 * design); an Unreadable when it could not be opened or read.
 */
export function readSource(path: string, maxBytes: number): string | undefined | Unreadable {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO that slipped in between listing and opening must not block the scan.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { path, reason: reasonOf(error, path) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const bytesRead = readSync(fd, bytes, read, bytes.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const data = bytes.subarray(0, read);
    if (data.subarray(0, 8192).includes(0)) return undefined;
    return data.toString("utf8");
  } catch (error) {
    return { path, reason: reasonOf(error, path) };
  } finally {
    closeSync(fd);
  }
}

/** Every file to scan under `root` (a directory or one regular file); what cannot be read goes to `unreadable`. */
export async function sourceFiles(root: string, options: WalkOptions, unreadable: Unreadable[]): Promise<string[]> {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(root);
  } catch (error) {
    unreadable.push({ path: root, reason: reasonOf(error, root) });
    return [];
  }
  if (stat.isFile()) return [root];
  if (!stat.isDirectory())
    throw new CliError(
      `${root} is ${specialKind(stat) ?? "not a regular file"}: ${options.command ?? "migrate scan"} reads only regular files and directories`,
    );
  const make: IgnoreFactory | undefined = options.gitignore ? (await import("ignore")).default : undefined;
  const out: string[] = [];
  const walk = (dir: string, rules: readonly Rules[]): void => {
    const own = make ? loadRules(dir, make) : undefined;
    const active = own ? [...rules, own] : rules;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort(byName);
    } catch (error) {
      // An unreadable folder may hold v1 calls: it is reported, and the scan's verdict says so.
      unreadable.push({ path: dir, reason: reasonOf(error, dir) });
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !(make && ignored(active, resolve(path), true))) walk(path, active);
      } else if (!entry.isFile() && !entry.isSymbolicLink() && !entry.isFIFO() && !entry.isSocket() && !entry.isBlockDevice() && !entry.isCharacterDevice()) {
        // The type could not be read (readdir gave none and lstat failed): it may be a source file.
        try {
          if (statSync(path).isFile()) out.push(path);
        } catch (error) {
          unreadable.push({ path, reason: reasonOf(error, path) });
        }
      } else if (entry.isFile()) {
        const ext = /\.([A-Za-z0-9]+)$/.exec(entry.name)?.[1]?.toLowerCase();
        if (ext !== undefined && BINARY.has(ext)) continue;
        if (make && ignored(active, resolve(path), false)) continue;
        out.push(path);
      }
    }
  };
  // A root named on the command line is scanned even when an outer .gitignore ignores it (as
  // ripgrep does); the .gitignore files inside it still apply.
  const above = make ? rulesAbove(resolve(root), make) : [];
  walk(root, ignored(above, resolve(root), true) ? [] : above);
  return out;
}

/** Adds what `from` says of the base URLs to `into` (a directory's, or the whole tree's). */
export const mergeBases = (into: Bases, from: Bases): void => {
  into.v1 ||= from.v1;
  into.v2 ||= from.v2;
  if (from.foreign) into.foreign = true;
  if (from.ours) into.ours = true;
  if (from.restV2) into.restV2 = true;
  if (from.otherV2) into.otherV2 = true;
  for (const name of from.names ?? []) if (!into.names?.includes(name)) (into.names ??= []).push(name);
};

/**
 * The file's directory, then each parent up to the root, then the whole tree. `crate`: a Rust file's
 * crate (the Rust files beside its `src/`), after its own directory: a crate keeps its base in one
 * module (`src/client/config.rs`) and sends paths from others (`src/service/v1/pods.rs`), and its
 * README or Makefile, in a parent, may still name the base it had.
 */
export function surroundings(
  file: string,
  root: string,
  byDirectory: ReadonlyMap<string, Bases>,
  tree: Bases,
  crate?: { where: string; bases: Bases },
): Surroundings {
  const out: { where: string; bases: Bases }[] = [];
  const top = resolve(root);
  let dir = dirname(file);
  for (let hops = 0; hops < 256; hops++) {
    const bases = byDirectory.get(dir);
    if (bases) out.push({ where: hops === 0 ? "this directory" : `the parent directory ${dir.split("\\").join("/")}`, bases });
    if (hops === 0 && crate) out.push(crate);
    if (resolve(dir) === top || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  out.push({ where: "the scanned tree", bases: tree });
  return out;
}

/** Whether a walked path is excluded by the config's gitignore-style patterns (relative to its folder). */
export async function excluder({ base, patterns }: { base: string; patterns: string[] }): Promise<(path: string) => boolean> {
  const rules = (await import("ignore")).default().add(patterns);
  return (path) => {
    const rel = relative(base, resolve(path)).split("\\").join("/");
    return rel !== "" && !rel.startsWith("../") && rules.ignores(rel);
  };
}
