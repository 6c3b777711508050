// `migrate scan --fix` / `--diff`: each file's findings become edits (migrate/scan/fix.ts);
// `--fix` writes them (migrate-scan-write.ts: never over a file changed since it was read,
// atomically, owner and mode kept), `--diff` prints one unified diff. Findings left afterwards
// carry a "not fixed" note. Loaded only with those flags.

import { relative, sep } from "node:path";
import { resolveFindings, type Surroundings } from "../../migrate/index.js";
import { analyzeSource } from "../../migrate/scan/index.js";
import { unifiedDiff } from "../../migrate/scan/diff.js";
import { type Edit, type FixOptions, fixFile } from "../../migrate/scan/fix.js";
import type { Finding } from "../../migrate/scan/resolve.js";
import { printable } from "../../lint/printable.js";
import type { ScannedFile } from "./scan.js";
import { readFileWithin } from "../../input/read-input.js";
import { writeGuarded } from "./scan-write.js";

export interface FixRun extends FixOptions {
  mode: "write" | "diff";
}

const key = (f: Finding) => `${f.ruleId} ${f.v1.method} ${f.v1.path} ${f.match}`;

/** The findings left, each not fixed one with its reason as a note; `diffed`: a diff was printed. */
export function fixFiles(
  files: readonly ScannedFile[],
  texts: ReadonlyMap<string, string>,
  around: ReadonlyMap<string, Surroundings>,
  run: FixRun,
): { files: ScannedFile[]; diffed: boolean } {
  const left: ScannedFile[] = [];
  let fixedCalls = 0;
  let fixedFiles = 0;
  let diff = "";
  for (const entry of files) {
    const source = texts.get(entry.path);
    if (source === undefined) {
      left.push(entry);
      continue;
    }
    const result = fixFile(source, entry.path, entry.findings, run);
    const reasons = new Map<string, string[]>();
    for (const { finding, reason } of result.notFixed) reasons.set(key(finding), [...(reasons.get(key(finding)) ?? []), reason]);
    let findings = entry.findings.filter((f) => !result.fixed.includes(f));
    if (result.refused) process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${result.refused}\n`);
    if (result.edits.length > 0) {
      const unpatchable = run.mode === "diff" ? unchangedText(entry.path, source) : undefined;
      if (unpatchable) {
        process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${unpatchable}: left out of the diff\n`);
        for (const f of result.fixed) reasons.set(key(f), [`${unpatchable}: left out of the diff`]);
        findings = entry.findings;
      } else if (run.mode === "diff") {
        // Forward slashes in the patch; on POSIX a backslash is part of the name.
        diff += unifiedDiff(relative(process.cwd(), entry.path).split(sep).join("/"), source, result.edits);
        fixedCalls += calls(result.fixed);
        fixedFiles++;
      } else {
        const unwritten = writeGuarded(entry.path, source, result.text);
        if (unwritten) {
          process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${unwritten}: not written\n`);
          for (const f of result.fixed) reasons.set(key(f), [`${unwritten}: not written`]);
          findings = entry.findings;
        } else {
          fixedCalls += calls(result.fixed);
          fixedFiles++;
          // What is left, at its place in the fixed text; the reads of a fixed call's response that were not
          // rewritten too (the call is v2 now, so a new scan no longer ties them to it).
          findings = [
            ...resolveFindings(analyzeSource(result.text, entry.path), around.get(entry.path) ?? []),
            ...movedReads(
              source,
              result.edits,
              result.notFixed.map((n) => n.finding).filter((f) => f.ruleId === "v1-response-field" && result.fixed.includes(f.fixInput?.responseOf as Finding)),
            ),
          ].sort((a, b) => a.line - b.line || a.column - b.column);
        }
      }
    }
    const annotated = findings.map((f) => {
      const why = reasons.get(key(f))?.shift();
      return why === undefined ? f : withNote(f, `not fixed: ${why}`);
    });
    if (annotated.length > 0) left.push({ ...entry, findings: annotated });
  }
  if (run.mode === "diff") process.stdout.write(diff);
  const remaining = left.reduce((n, f) => n + calls(f.findings), 0);
  const reads = left.reduce((n, f) => n + f.findings.filter((x) => x.ruleId === "v1-response-field").length, 0);
  const verb = run.mode === "diff" ? "would fix" : "fixed";
  process.stderr.write(
    `v2kit migrate scan: ${verb} ${fixedCalls} call${fixedCalls === 1 ? "" : "s"} in ${fixedFiles} file${fixedFiles === 1 ? "" : "s"}; ${remaining} call${remaining === 1 ? "" : "s"} left${reads > 0 ? `, ${reads} read${reads === 1 ? "" : "s"} of v1 response fields left` : ""}${remaining + reads > 0 ? ' (each says why in a "not fixed" note)' : ""}\n`,
  );
  if (run.mode === "diff") {
    for (const f of left) {
      for (const x of f.findings) {
        const note = x.notes.find((n) => n.message.startsWith("not fixed: "));
        if (note) process.stderr.write(`${printable(f.file)}:${x.line}:${x.column}: ${note.message}\n`);
      }
    }
  }
  return { files: left, diffed: diff !== "" };
}

/** Read findings moved to their line in the fixed text (edits before them may add or remove lines). */
function movedReads(source: string, edits: readonly Edit[], reads: readonly Finding[]): Finding[] {
  const lines = (s: string) => s.split("\n").length - 1;
  return reads.map((f) => {
    const at = f.fixInput?.readAt ?? 0;
    const before = edits.filter((e) => e.end <= at);
    const shift = before.reduce((n, e) => n + lines(e.text) - lines(source.slice(e.start, e.end)), 0);
    // Edits earlier on the read's own line move its column.
    const lineStart = source.lastIndexOf("\n", at - 1) + 1;
    const sameLine = before.filter((e) => e.start >= lineStart && !e.text.includes("\n"));
    const column = f.column + sameLine.reduce((n, e) => n + e.text.length - (e.end - e.start), 0);
    const copy: Finding = { ...f, line: f.line + shift, column };
    Object.defineProperty(copy, "fixInput", { value: f.fixInput });
    return copy;
  });
}

/** The calls among findings: not prose mentions, not reads of a response (`v1-response-field`). */
const calls = (findings: readonly Finding[]) => findings.filter((x) => x.ruleId !== "v1-mention" && x.ruleId !== "v1-response-field").length;

function withNote(f: Finding, message: string): Finding {
  const copy: Finding = { ...f, notes: [...f.notes, { level: "info", message }] };
  Object.defineProperty(copy, "fixInput", { value: f.fixInput });
  return copy;
}

/**
 * Why the file on disk is not `text` byte for byte (a patch of it would not apply, or would
 * change bytes v2kit did not read): not valid UTF-8, changed since it was read, or unreadable.
 */
function unchangedText(path: string, text: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileWithin(path, { maxBytes: Buffer.byteLength(text, "utf8") + 1, what: "a scanned file" });
  } catch (error) {
    return `cannot read it again (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (Buffer.from(text, "utf8").equals(bytes)) return undefined;
  return bytes.toString("utf8") === text ? "it is not valid UTF-8, so a patch of it would not apply" : "it changed since it was read";
}
