// `v2kit migrate scan`: walk the roots, analyse each file, then resolve relative paths against
// the base URLs of their directory and of the whole tree (a v2 client's `"/pods"` is not a v1
// call), and print the findings. Loaded only by `migrate scan`.

import { basename, dirname, relative } from "node:path";
import {
  analyzeSource,
  type Bases,
  type FileAnalysis,
  type FileFindings,
  type MigrationContext,
  formatFindings,
  resolveFindings,
  type Surroundings,
  toSarif,
} from "../../migrate/index.js";
import type { FixOptions } from "../../migrate/scan/fix.js";
import { callerReadFindings } from "../../migrate/scan/caller-reads.js";
import { codeText, languageOf } from "../../migrate/scan/lex/languages.js";
import { crateOf } from "../../migrate/scan/rust-client.js";
import { definesShellBase } from "../../migrate/scan/shell-source.js";
import { v2FakeFindings } from "../../migrate/scan/fakes.js";
import { markedFindings } from "../../migrate/scan/marker.js";
import type { Finding } from "../../migrate/scan/resolve.js";
import { printable, printableJson } from "../../lint/printable.js";
import { packageVersion } from "../version.js";
import { excluder, mergeBases as merge, readSource, sourceFiles, surroundings, type Unreadable } from "./scan-walk.js";

export type FailOn = "mention" | "inferred" | "certain" | "none";

export interface ScanOptions {
  format: string;
  failOn: FailOn;
  maxBytes: number;
  gitignore: boolean;
  /** Report unreadable paths but do not let them decide the exit status (default: exit 2). */
  skipUnreadable: boolean;
  /** `--fix` writes the fixes; `--diff` prints them as a unified diff and writes nothing. */
  fix?: "write" | "diff";
  unsafeFixes?: boolean;
  v2Base?: string;
  /** The config's "scan.exclude": gitignore-style patterns relative to `base`. */
  exclude?: { base: string; patterns: string[] };
  /** `--catalog`: the catalog (and templates) a found body is migrated and checked with. */
  context?: MigrationContext;
}

/** A file's findings and the path it was read from (as walked, native separators). */
export type ScannedFile = FileFindings & { path: string };

export async function scanRoots(roots: readonly string[], options: ScanOptions): Promise<number> {
  const files: ScannedFile[] = [];
  const unreadable: Unreadable[] = [];
  const texts = new Map<string, string>();
  // --fix and --diff: every code file's text, to find the other files that use a base constant a fix would change.
  const sources = new Map<string, string>();
  const around = new Map<string, Surroundings>();
  /** Findings read from a file as a whole, not from its calls: v2 fakes answering in v1's shape, calls a fix marked. */
  const fakedIn = new Map<string, Finding[]>();
  const excluded = options.exclude ? await excluder(options.exclude) : undefined;
  for (const root of roots) {
    const analysed: { file: string; analysis: FileAnalysis }[] = [];
    const byDirectory = new Map<string, Bases>();
    const tree: Bases = { v1: false, v2: false };
    // A Rust file's crate: the base URLs its Rust files name.
    const byCrate = new Map<string, Bases>();
    // Python and JavaScript files: where a function that returns a v1 call's response may be called.
    const callers: string[] = [];
    const rootFiles: ScannedFile[] = [];
    for (const path of await sourceFiles(root, options, unreadable)) {
      if (excluded?.(path)) continue;
      const text = readSource(path, options.maxBytes);
      if (typeof text === "object") unreadable.push(text);
      if (typeof text !== "string") continue;
      if (CALLER.test(path)) callers.push(path);
      const analysis = analyzeSource(text, path, { sites: options.fix !== undefined });
      // Test fakes of v2 URLs whose canned response has v1's shape (issue 41): reported, as a fix that moved them says.
      // And calls a fix moved to v2 with a body it did not migrate, each under its `v2kit:` comment (marker.ts).
      const faked = [...(text.includes("runpod.io") ? v2FakeFindings(path, text) : []), ...markedFindings(path, text)];
      if (faked.length > 0) fakedIn.set(path, faked);
      const dir = dirname(path);
      const bases = byDirectory.get(dir) ?? { v1: false, v2: false };
      merge(bases, analysis.bases);
      byDirectory.set(dir, bases);
      merge(tree, analysis.bases);
      if (path.endsWith(".rs")) {
        const crate = crateOf(path);
        const crateBases = byCrate.get(crate) ?? { v1: false, v2: false };
        merge(crateBases, analysis.bases);
        byCrate.set(crate, crateBases);
      }
      // A copy of the v1 OpenAPI document is one finding and no text to fix: --fix never edits it.
      if (analysis.candidates.length > 0 || faked.length > 0 || analysis.document) analysed.push({ file: path, analysis });
      if (analysis.candidates.length > 0 && options.fix) texts.set(path, text);
      // A file a shell script may source for its base (`config.env`: `BASE="${BASE:-https://…/v1}"`) too.
      if (options.fix && !analysis.document && (isCode(path, text) || definesShellBase(text))) sources.set(path, text);
    }
    for (const { file, analysis } of analysed) {
      const crate = file.endsWith(".rs") ? byCrate.get(crateOf(file)) : undefined;
      const surrounding = surroundings(
        file,
        root,
        byDirectory,
        tree,
        crate && { where: `the Rust crate ${crateOf(file).split("\\").join("/")}`, bases: crate },
      );
      const findings = [...resolveFindings(analysis, surrounding, options.context), ...(fakedIn.get(file) ?? [])].sort(
        (a, b) => a.line - b.line || a.column - b.column,
      );
      if (findings.length > 0) rootFiles.push({ file: file.split("\\").join("/"), findings, path: file });
      if (options.fix) around.set(file, surrounding);
    }
    // Reads of a v1 call's response where a function returning it is called, in its module or another (issue 41).
    const returned = rootFiles.flatMap((scanned) =>
      scanned.findings.filter((finding) => finding.fixInput?.returnedBy !== undefined).map((finding) => ({ finding, path: scanned.path })),
    );
    const read = (path: string) => {
      const text = texts.get(path) ?? sources.get(path) ?? readSource(path, options.maxBytes);
      return typeof text === "string" ? text : undefined;
    };
    const callerReads = callerReadFindings(returned, callers, read);
    // `return r.json()` of a call whose callers' reads are found: those reads say where the value is read; the return
    // itself ("read the list where this value is used") would be a second finding, and a second comment, for one read.
    const readInCallers = new Set([...callerReads.values()].flat().map((finding) => finding.fixInput?.responseOf));
    for (const scanned of rootFiles) {
      const text = read(scanned.path);
      scanned.findings = scanned.findings.filter((finding) => {
        const input = finding.fixInput;
        if (finding.ruleId !== "v1-response-field" || input?.readEdit !== undefined || !readInCallers.has(input?.responseOf)) return true;
        const at = input?.readAt;
        return text === undefined || at === undefined || !/(?:\breturn|=>)\s+(?:await\s+)?$/.test(text.slice(text.lastIndexOf("\n", at - 1) + 1, at));
      });
    }
    for (const [path, reads] of callerReads) {
      const scanned = rootFiles.find((one) => one.path === path);
      if (scanned) scanned.findings = [...scanned.findings, ...reads].sort((a, b) => a.line - b.line || a.column - b.column);
      else rootFiles.push({ file: path.split("\\").join("/"), findings: reads, path });
      if (options.fix) {
        texts.set(path, read(path) as string);
        if (!around.has(path)) around.set(path, surroundings(path, root, byDirectory, tree, undefined));
      }
    }
    files.push(...rootFiles);
  }
  if (options.fix) {
    const { fixFiles } = await import("./scan-fix.js");
    const verify = await fixVerifier(around, options.context);
    const left = fixFiles(files, texts, around, {
      verify,
      mode: options.fix,
      unsafe: options.unsafeFixes === true,
      usedElsewhere: usersOf(sources),
      sources,
      ...(options.v2Base === undefined ? {} : { v2Base: options.v2Base }),
      ...(options.context === undefined ? {} : { context: options.context }),
    });
    // After --fix, pretty output lists what is left; the summary on stderr covers a clean run.
    if (options.fix === "write" && (left.files.length > 0 || options.format !== "pretty")) write(options.format, left.files);
    const status = reportUnreadable(unreadable, options);
    if (status !== 0) return status;
    return left.diffed || failing(left.files, options.failOn) ? 1 : 0;
  }
  write(options.format, files);
  const status = reportUnreadable(unreadable, options);
  if (status !== 0) return status;
  return failing(files, options.failOn) ? 1 : 0;
}

const CALLER = /\.(?:py|[cm]?[jt]s|[jt]sx)$/;

const isCode = (path: string, text: string) => {
  const language = languageOf(path, text);
  return language !== undefined && language !== "markdown";
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * For --fix: the first other scanned code file that uses a constant of `file` (issue 45, item
 * 4). It names it (an import, `config.BASE`, `$BASE`), does not define its own (`BASE = …`), and
 * can reach this file's: Go, a file of the same package (folder); Python, shell and PowerShell, a
 * file that names this module or script (`from pkg.config import BASE`, `. ./common.sh`);
 * JavaScript, any (a classic script's constants are globals). One pass per name, remembered.
 */
function usersOf(sources: ReadonlyMap<string, string>): (name: string, file: string) => string | undefined {
  const users = new Map<string, string[]>();
  // Names are matched in code only: a word in a string or comment (`"--url"`, "API token") is no use.
  const codes = new Map<string, string>();
  const code = (path: string) => {
    let text = codes.get(path);
    if (text === undefined) codes.set(path, (text = codeText(path, sources.get(path) ?? "")));
    return text;
  };
  return (written, file) => {
    const name = written.replace(/^\$(?:\w+:)?/, "");
    let found = users.get(name);
    if (found === undefined) {
      const use = new RegExp(`(?<![\\w$])\\$?${escapeRegExp(name)}(?![\\w])`);
      const defines = new RegExp(`(?<![\\w.])(?:\\$(?:\\w+:)?)?${escapeRegExp(name)}\\s*:?=(?!=)`);
      found = [...sources.keys()].filter((path) => use.test(sources.get(path) ?? "") && use.test(code(path)) && !defines.test(code(path)));
      users.set(name, found);
    }
    const language = languageOf(file, sources.get(file) ?? "");
    const stem = basename(file).replace(/\.[^.]*$/, "");
    const module = stem === "__init__" ? basename(dirname(file)) : stem;
    const names = new RegExp(`(?<![\\w-])${escapeRegExp(module)}(?![\\w-])`);
    const other = found.find((path) => path !== file && (language === "go" ? dirname(path) === dirname(file) : language === "js" || names.test(code(path))));
    return other === undefined ? undefined : printable(relative(process.cwd(), other).split("\\").join("/"));
  };
}

/** Exit status 2 when a path could not be read (unless --skip-unreadable); they are reported either way. */
function reportUnreadable(unreadable: readonly Unreadable[], options: ScanOptions): number {
  // Every format reports them on stderr (stdout stays the findings a script parses), names escaped.
  for (const failure of unreadable) {
    process.stderr.write(
      `v2kit migrate scan: ${options.skipUnreadable ? "skipped" : "cannot read"} ${printable(failure.path)}: ${printable(failure.reason)}\n`,
    );
  }
  if (unreadable.length > 0 && !options.skipUnreadable) {
    process.stderr.write(
      `v2kit migrate scan: ${unreadable.length} path${unreadable.length === 1 ? "" : "s"} could not be read, so v1 calls in ${unreadable.length === 1 ? "it" : "them"} may be unseen: exit 2 (--skip-unreadable to pass over them)\n`,
    );
    return 2;
  }
  return 0;
}

/** Whether any finding counts at the --fail-on level. */
function failing(files: readonly FileFindings[], failOn: FailOn): boolean {
  if (failOn === "none") return false;
  // A mention (prose naming a route) fails only `--fail-on mention`: it calls nothing.
  const counts = (finding: FileFindings["findings"][number]) =>
    failOn === "mention" || (finding.ruleId !== "v1-mention" && (failOn === "inferred" || finding.confidence === "certain"));
  return files.some((file) => file.findings.some(counts));
}

function write(format: string, files: readonly FileFindings[]): void {
  if (format === "sarif") {
    process.stdout.write(`${printableJson(toSarif(files, process.cwd(), packageVersion()), 2)}\n`);
    return;
  }
  if (format === "json") {
    const lines: string[] = [];
    for (const { file, findings } of files) {
      for (const finding of findings) {
        const { line, column, match, v1, v2, notes, confidence, inferred, ruleId, methodSource, body, responseField } = finding;
        lines.push(
          printableJson({
            file,
            line,
            column,
            match,
            v1,
            v2,
            notes,
            confidence,
            inferred,
            ruleId,
            ...(methodSource ? { methodSource } : {}),
            ...(body ? { body } : {}),
            ...(responseField ? { responseField } : {}),
          }),
        );
      }
    }
    process.stdout.write(lines.length > 0 ? `${lines.join("\n")}\n` : "");
    return;
  }
  process.stdout.write(formatFindings(files));
}

/**
 * What `--fix` checks its own output with (issue 44, item 4): `v2kit scan`'s v2 checks on the
 * fixed text, each error (`v2-unknown-route`, `v2-invalid-body`) with its span in that text, under
 * the catalog and templates the bodies were migrated with (`--catalog`): pools of a catalog the user
 * gave are not judged by the bundled snapshot. Loaded only when fixing.
 */
async function fixVerifier(around: ReadonlyMap<string, Surroundings>, context: MigrationContext | undefined): Promise<NonNullable<FixOptions["verify"]>> {
  const { checkSource } = await import("../../code/index.js");
  return (text, file) => {
    const starts = [0];
    for (let k = 0; k < text.length; k++) if (text[k] === "\n") starts.push(k + 1);
    const offset = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
    return checkSource(text, file, around.get(file) ?? [], context === undefined ? {} : { context })
      .filter((finding) => finding.level === "error" && finding.rule.startsWith("v2-"))
      .map((finding) => ({
        start: offset(finding.line, finding.column),
        end: Math.max(offset(finding.endLine, finding.endColumn), offset(finding.line, finding.column) + 1),
        message: `${finding.rule}: ${finding.message}`,
      }));
  };
}
