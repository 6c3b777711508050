// v2kit.config.json: which files `v2kit lint` checks, as which operation, with which context, so
// that `v2kit lint` alone (a pre-commit hook, CI, an editor) knows what to do. Found in the
// current directory or its parents, or named with --config. Paths in it are relative to its own
// folder and stay inside its project (config-paths.ts). Its JSON Schema is
// schema/v2kit.config.schema.json; this module checks the same shape by hand (no Ajv on the lint
// path) with did-you-mean for keys; test/cli/config.test.ts holds the two in agreement.

import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describeParseError, locate } from "../lint/json-source.js";
import { FILE_BUDGETS, InputError, readFileWithin } from "../input/read-input.js";
import { CliError } from "./command.js";
import { checkEntry, checkMatch, type ConfigPlace, realPath, within } from "./config-paths.js";
import { didYouMean } from "./suggest.js";
import type { FileSystemAdapter } from "tinyglobby";

export const CONFIG_NAME = "v2kit.config.json";

/** One group of files linted alike. */
export interface LintEntry {
  /** Globs, relative to the config's folder. */
  files: string[];
  operation: string;
  catalog?: string[];
  templates?: string[];
  current?: string;
  response?: string;
  spec?: string;
  rules?: string;
}

export interface Config extends ConfigPlace {
  /** The config file, as found. */
  file: string;
  dir: string;
  lint: LintEntry[];
  /** What `migrate scan` reads when no DIR is given: paths or globs, and gitignore-style exclusions. */
  scan?: { include: string[]; exclude?: string[] };
}

/** An HTTP status a response body is checked for: `201`, a range `2XX`, or `default`. */
export const RESPONSE_STATUS = /^([1-5][0-9][0-9]|[1-5]XX|default)$/;

const TOP = ["$schema", "lint", "scan"];
const SCAN = ["include", "exclude"];
const ENTRY = ["files", "operation", "catalog", "templates", "current", "response", "spec", "rules"];

/** --project-root DIR (lint, migrate scan) as readConfig's option; a DIR that is not a folder is a usage error. */
export function projectRootOption(command: string, dir: string | undefined): { projectRoot?: string } {
  if (dir === undefined) return {};
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true)
    throw new CliError(`${command}: --project-root takes a folder, not ${JSON.stringify(dir)}\nRun 'v2kit ${command} --help' for usage.`);
  return { projectRoot: dir };
}

/** The nearest v2kit.config.json from `from` up to the root, if any. */
export function findConfig(from: string): string | undefined {
  let dir = path.resolve(from);
  for (let hops = 0; hops < 256; hops++) {
    const candidate = path.join(dir, CONFIG_NAME);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

function fail(file: string, where: string, message: string): never {
  throw new CliError(`${file}: ${where ? `${where}: ` : ""}${message}`, 2);
}

const strings = (file: string, where: string, value: unknown): string[] => {
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string" && item !== ""))
    fail(file, where, "must be a non-empty list of strings");
  return value as string[];
};

const text = (file: string, where: string, value: unknown): string => {
  if (typeof value !== "string" || value === "") fail(file, where, "must be a non-empty string");
  return value;
};

function knownKeys(file: string, where: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) fail(file, where, `unknown key ${JSON.stringify(key)}${didYouMean(key, known)} (known: ${known.join(", ")})`);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads and checks a config file; every problem is exit 2 with the file and the JSON pointer. The
 * paths it names must stay inside its folder, or inside `projectRoot` (--project-root) when given
 * (config-paths.ts).
 */
export function readConfig(file: string, options: { projectRoot?: string } = {}): Config {
  let raw: string;
  try {
    raw = readFileWithin(file, FILE_BUDGETS.config).toString("utf8");
  } catch (error) {
    // A FIFO, a device or a file over 1 MiB is refused before it is read (input/read-input.ts).
    if (!(error instanceof InputError) || error.code !== "unreadable") throw error instanceof InputError ? new CliError(error.message, 2) : error;
    fail(file, "", `cannot read: ${error.reason.startsWith("ENOENT") ? "no such file" : error.reason}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw.replace(/^\uFEFF/, ""));
  } catch (error) {
    const { reason, position } = describeParseError(raw, error as Error);
    fail(`${file}:${position.line}:${position.column}`, "", `not valid JSON: ${reason}`);
  }
  if (!isRecord(data)) fail(file, "", "must be a JSON object");
  knownKeys(file, "", data, TOP);
  if (data.lint === undefined && data.scan === undefined) fail(file, "", 'names nothing to do: add "lint" (the files to lint and their operations) or "scan"');
  const dir = path.dirname(path.resolve(file));
  const config: Config = {
    file,
    dir,
    text: raw,
    root: realPath(path.resolve(options.projectRoot ?? dir)),
    rootIs: options.projectRoot === undefined ? "config" : "flag",
    lint: [],
  };
  if (data.scan !== undefined) {
    if (!isRecord(data.scan)) fail(file, "/scan", "must be an object");
    knownKeys(file, "/scan", data.scan, SCAN);
    if (data.scan.include === undefined) fail(file, "/scan", 'needs "include": the paths or globs migrate scan reads');
    config.scan = { include: strings(file, "/scan/include", data.scan.include) };
    if (data.scan.exclude !== undefined) config.scan.exclude = strings(file, "/scan/exclude", data.scan.exclude);
    config.scan.include.forEach((entry, j) => checkEntry(config, `/scan/include/${j}`, entry));
  }
  if (data.lint === undefined) return config;
  if (!Array.isArray(data.lint) || data.lint.length === 0) fail(file, "/lint", "must be a non-empty list of entries");
  data.lint.forEach((value, i) => {
    const where = `/lint/${i}`;
    if (!isRecord(value)) fail(file, where, "must be an object");
    knownKeys(file, where, value, ENTRY);
    if (value.files === undefined) fail(file, where, 'needs "files": the globs of the bodies this entry checks');
    if (value.operation === undefined) fail(file, where, 'needs "operation": the operationId its files are bodies of');
    const entry: LintEntry = { files: strings(file, `${where}/files`, value.files), operation: text(file, `${where}/operation`, value.operation) };
    for (const key of ["catalog", "templates"] as const) if (value[key] !== undefined) entry[key] = strings(file, `${where}/${key}`, value[key]);
    for (const key of ["current", "response", "spec", "rules"] as const) if (value[key] !== undefined) entry[key] = text(file, `${where}/${key}`, value[key]);
    if (entry.response !== undefined && !RESPONSE_STATUS.test(entry.response))
      fail(file, `${where}/response`, `takes an HTTP status such as 201, 2XX or default, not ${JSON.stringify(entry.response)}`);
    for (const key of ["files", "catalog", "templates"] as const)
      entry[key]?.forEach((listedPath, j) => checkEntry(config, `${where}/${key}/${j}`, listedPath));
    for (const key of ["current", "spec", "rules"] as const) if (entry[key] !== undefined) checkEntry(config, `${where}/${key}`, entry[key]);
    config.lint.push(entry);
  });
  return config;
}

/**
 * The config whose "scan" section names the roots of `command` (migrate scan, scan) when no path
 * is given: --config's, or the nearest v2kit.config.json; undefined when there is none, or when
 * the nearest has no "scan" section. A --config without one is exit 2.
 */
export async function scanConfig(command: string, file: string | undefined, projectRoot: string | undefined): Promise<Config | undefined> {
  const bound = projectRootOption(command, projectRoot);
  const found = file ?? findConfig(process.cwd());
  if (found === undefined) return undefined;
  const config = readConfig(found, bound);
  if (config.scan === undefined) {
    if (file !== undefined) throw new CliError(`${found}: has no "scan" section: name a DIR to scan`, 2);
    return undefined;
  }
  return config;
}

/**
 * The roots `migrate scan` and `scan` walk for the config's "scan" section (paths or globs relative to the
 * config; a glob may name folders), as the process names them. A root that matches nothing is
 * exit 2: a gate must not pass because it read nothing.
 */
export async function scanRoots(config: Config): Promise<string[]> {
  const include = config.scan?.include ?? [];
  const roots: string[] = [];
  for (const [j, entry] of include.entries()) {
    const absolute = path.resolve(config.dir, entry);
    if (existsSync(absolute)) {
      checkMatch(config, `/scan/include/${j}`, entry, absolute);
      roots.push(path.relative(process.cwd(), absolute) || ".");
      continue;
    }
    const { glob } = await import("tinyglobby");
    const matches = await glob(entry, { cwd: config.dir, onlyFiles: false, expandDirectories: false, dot: false, absolute: true });
    if (matches.length === 0) fail(config.file, "/scan/include", `${JSON.stringify(entry)} matches no file or folder`);
    // Every match is checked before any is read (a glob or a symbolic link may lead out).
    for (const match of matches) checkMatch(config, `/scan/include/${j}`, entry, match);
    for (const match of matches.sort()) roots.push(path.relative(process.cwd(), match) || ".");
  }
  return roots;
}

/** A path in the config, relative to its folder, as the process sees it. */
export const fromConfig = (config: Config, relativePath: string) => path.resolve(config.dir, relativePath);

/** What one entry lints with: its operation and settings, paths resolved against the config's folder (lint, the language server). */
export function entrySettings(
  config: Config,
  entry: LintEntry,
): { operation: string; catalog?: string[]; templates?: string[]; current?: string; response?: string; spec?: string; rules?: string } {
  const at = (relativePath: string) => fromConfig(config, relativePath);
  return {
    operation: entry.operation,
    ...(entry.catalog ? { catalog: entry.catalog.map(at) } : {}),
    ...(entry.templates ? { templates: entry.templates.map(at) } : {}),
    ...(entry.current ? { current: at(entry.current) } : {}),
    ...(entry.response !== undefined ? { response: entry.response } : {}),
    ...(entry.spec ? { spec: at(entry.spec) } : {}),
    ...(entry.rules ? { rules: at(entry.rules) } : {}),
  };
}

/** How the globs of a "lint" entry match, in its expansion and for one path alike (the config's folder is the cwd). */
const ENTRY_GLOB = { onlyFiles: true, expandDirectories: false, dot: false, absolute: true } as const;

/**
 * The files of one entry: its globs expanded in the config's folder (sorted, as the process names
 * them). A match outside the project (through a symbolic link, or a glob such as `{..,x}/*`) is
 * exit 2 at its glob.
 */
export async function entryFiles(config: Config, entry: LintEntry): Promise<string[]> {
  const { glob } = await import("tinyglobby");
  const options = { ...ENTRY_GLOB, cwd: config.dir };
  const matches = await glob(entry.files, options);
  const outside = matches.find((match) => !within(config.root, realPath(match)));
  if (outside !== undefined) await refuseOutside(config, entry, outside, (pattern) => glob(pattern, options));
  return matches.sort().map((match) => path.relative(process.cwd(), match) || match);
}

/**
 * Whether the entry's globs match the absolute path `file`, whether or not it exists yet (the
 * language server's unsaved documents): the same glob call as entryFiles, over a file system that
 * holds `file` alone, so a path is covered exactly when `v2kit lint` would lint it once saved.
 * A covered path outside the project once symbolic links are resolved is exit 2 at its glob.
 */
export async function entryCovers(config: Config, entry: LintEntry, file: string): Promise<boolean> {
  const { glob } = await import("tinyglobby");
  const options = { ...ENTRY_GLOB, cwd: config.dir, fs: holdingOnly(path.resolve(file)) };
  const covered = (await glob(entry.files, options)).some((match) => path.resolve(match) === path.resolve(file));
  if (covered && !within(config.root, realPath(file))) await refuseOutside(config, entry, path.resolve(file), (pattern) => glob(pattern, options));
  return covered;
}

/** Names the glob of `entry` that matched `outside` (a path outside the project) and refuses it, exit 2. */
async function refuseOutside(config: Config, entry: LintEntry, outside: string, globOne: (pattern: string) => Promise<string[]>): Promise<void> {
  const i = config.lint.indexOf(entry);
  for (const [j, pattern] of entry.files.entries()) {
    if ((await globOne(pattern)).includes(outside)) checkMatch(config, `/lint/${i}/files/${j}`, pattern, outside);
  }
  checkMatch(config, `/lint/${i}/files`, entry.files.join(", "), outside);
}

/**
 * A file system for the glob crawler (readdir with file types) in which `file` is the only file:
 * each folder on its path lists the next step towards it, every other folder is empty.
 */
function holdingOnly(file: string): FileSystemAdapter {
  const readdir = (dir: string, _options: unknown, done: (error: null, entries: unknown[]) => void) => {
    const rel = path.relative(path.resolve(dir), file);
    const [name] = rel.split(path.sep);
    if (rel === "" || name === undefined || name === ".." || path.isAbsolute(rel)) return done(null, []);
    const isFile = name === rel;
    done(null, [{ name, isFile: () => isFile, isDirectory: () => !isFile, isSymbolicLink: () => false }]);
  };
  return { readdir } as unknown as FileSystemAdapter;
}

/**
 * A glob of a "lint" entry that matches no file is exit 2 at its FILE:LINE:COLUMN and pointer,
 * whatever the other entries match: a typo in one path must not keep CI green by linting
 * nothing. Negated globs (`!…`) only take files away and are not asked to match.
 */
async function refuseUnmatchedGlobs(config: Config, expanded: readonly string[][]): Promise<void> {
  const { glob } = await import("tinyglobby");
  const options = { cwd: config.dir, onlyFiles: true, expandDirectories: false, dot: false };
  for (const [i, entry] of config.lint.entries()) {
    const several = entry.files.filter((pattern) => !pattern.startsWith("!")).length > 1;
    // One positive glob and some match: that glob matched.
    if (!several && (expanded[i] as string[]).length > 0) continue;
    for (const [j, pattern] of entry.files.entries()) {
      if (pattern.startsWith("!")) continue;
      if ((await glob(pattern, options)).length > 0) continue;
      const pointer = `/lint/${i}/files/${j}`;
      const at = locate(config.text, pointer);
      throw new CliError(
        `${config.file}:${at.line}:${at.column}: ${pointer}: ${JSON.stringify(pattern)} matches no file (entry /lint/${i}, operation ${entry.operation}): correct the glob or remove it; an entry that lints nothing would pass`,
        2,
      );
    }
  }
}

/**
 * Files grouped by the entry that checks them: every file the config names (no FILE given), or
 * each given FILE with the first entry whose globs match it. A FILE no entry matches is exit 2.
 */
export async function groupFiles(config: Config, given: readonly string[]): Promise<{ entry: LintEntry; files: string[] }[]> {
  const expanded = await Promise.all(config.lint.map((entry) => entryFiles(config, entry)));
  await refuseUnmatchedGlobs(config, expanded);
  if (given.length === 0) {
    const groups = config.lint.map((entry, i) => ({ entry, files: expanded[i] as string[] })).filter((group) => group.files.length > 0);
    if (groups.length === 0) fail(config.file, "/lint", "its globs match no file");
    return groups;
  }
  const groups = new Map<LintEntry, string[]>();
  for (const file of given) {
    if (file === "-") fail(config.file, "", "standard input (-) has no name to match an entry's globs: give --operation");
    const absolute = path.resolve(file);
    const i = expanded.findIndex((list) => list.some((match) => path.resolve(match) === absolute));
    if (i < 0) fail(config.file, "", `no "lint" entry's "files" matches ${file}: add a glob for it, or give --operation`);
    const entry = config.lint[i] as LintEntry;
    groups.set(entry, [...(groups.get(entry) ?? []), file]);
  }
  return [...groups].map(([entry, files]) => ({ entry, files }));
}
