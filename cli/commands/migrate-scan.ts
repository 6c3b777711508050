// `v2kit migrate scan`: walk the roots, analyse each file, then resolve relative paths against
// the base URLs of their directory and of the whole tree (a v2 client's `"/pods"` is not a v1
// call), and print the findings. Loaded only by `migrate scan`.

import { dirname, resolve } from "node:path";
import {
  analyzeSource,
  type Bases,
  type FileAnalysis,
  type FileFindings,
  formatFindings,
  resolveFindings,
  type Surroundings,
  toSarif,
} from "../../runtime/migrate/index.js";
import { printable, printableJson } from "../../runtime/printable.js";
import { readSource, sourceFiles, type Unreadable } from "./migrate-scan-walk.js";

export type FailOn = "mention" | "inferred" | "certain" | "none";

export interface ScanOptions {
  format: string;
  failOn: FailOn;
  maxBytes: number;
  gitignore: boolean;
  /** Report unreadable paths but do not let them decide the exit status (default: exit 2). */
  skipUnreadable: boolean;
}

const merge = (into: Bases, from: Bases) => {
  into.v1 ||= from.v1;
  into.v2 ||= from.v2;
};

/** The file's directory, then each parent up to the root, then the whole tree. */
function surroundings(file: string, root: string, byDirectory: ReadonlyMap<string, Bases>, tree: Bases): Surroundings {
  const out: { where: string; bases: Bases }[] = [];
  const top = resolve(root);
  let dir = dirname(file);
  for (let hops = 0; hops < 256; hops++) {
    const bases = byDirectory.get(dir);
    if (bases) out.push({ where: hops === 0 ? "this directory" : `the parent directory ${dir.split("\\").join("/")}`, bases });
    if (resolve(dir) === top || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  out.push({ where: "the scanned tree", bases: tree });
  return out;
}

export async function scanRoots(roots: readonly string[], options: ScanOptions): Promise<number> {
  const files: FileFindings[] = [];
  const unreadable: Unreadable[] = [];
  for (const root of roots) {
    const analysed: { file: string; analysis: FileAnalysis }[] = [];
    const byDirectory = new Map<string, Bases>();
    const tree: Bases = { v1: false, v2: false };
    for (const path of await sourceFiles(root, options, unreadable)) {
      const text = readSource(path, options.maxBytes);
      if (typeof text === "object") unreadable.push(text);
      if (typeof text !== "string") continue;
      const analysis = analyzeSource(text, path);
      const dir = dirname(path);
      const bases = byDirectory.get(dir) ?? { v1: false, v2: false };
      merge(bases, analysis.bases);
      byDirectory.set(dir, bases);
      merge(tree, analysis.bases);
      if (analysis.candidates.length > 0) analysed.push({ file: path, analysis });
    }
    for (const { file, analysis } of analysed) {
      const findings = resolveFindings(analysis, surroundings(file, root, byDirectory, tree));
      if (findings.length > 0) files.push({ file: file.split("\\").join("/"), findings });
    }
  }
  write(options.format, files);
  // Every format reports them on stderr (stdout stays the findings a script parses), names escaped.
  for (const u of unreadable) {
    process.stderr.write(`v2kit migrate scan: ${options.skipUnreadable ? "skipped" : "cannot read"} ${printable(u.path)}: ${printable(u.reason)}\n`);
  }
  if (unreadable.length > 0 && !options.skipUnreadable) {
    process.stderr.write(
      `v2kit migrate scan: ${unreadable.length} path${unreadable.length === 1 ? "" : "s"} could not be read, so v1 calls in ${unreadable.length === 1 ? "it" : "them"} may be unseen: exit 2 (--skip-unreadable to pass over them)\n`,
    );
    return 2;
  }
  const all = files.flatMap((f) => f.findings);
  if (options.failOn === "none") return 0;
  // A mention (prose naming a route) fails only `--fail-on mention`: it calls nothing.
  const counts = (f: (typeof all)[number]) =>
    options.failOn === "mention" || (f.ruleId !== "v1-mention" && (options.failOn === "inferred" || f.confidence === "certain"));
  return all.some(counts) ? 1 : 0;
}

function write(format: string, files: readonly FileFindings[]): void {
  if (format === "sarif") {
    process.stdout.write(`${printableJson(toSarif(files, process.cwd()), 2)}\n`);
    return;
  }
  if (format === "json") {
    const lines: string[] = [];
    for (const { file, findings } of files) {
      for (const f of findings) {
        const { line, column, match, v1, v2, notes, confidence, inferred, ruleId, methodSource, body } = f;
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
          }),
        );
      }
    }
    process.stdout.write(lines.length > 0 ? `${lines.join("\n")}\n` : "");
    return;
  }
  process.stdout.write(formatFindings(files));
}
