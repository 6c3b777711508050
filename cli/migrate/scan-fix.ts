// `migrate scan --fix` / `--diff`: each file's findings become edits (migrate/scan/fix.ts);
// `--fix` writes them (migrate-scan-write.ts: never over a file changed since it was read,
// atomically, owner and mode kept), `--diff` prints one unified diff. Findings left afterwards
// carry a "not fixed" note. Loaded only with those flags.

import { relative, sep } from "node:path";
import { resolveFindings, type Surroundings } from "../../migrate/index.js";
import { analyzeSource } from "../../migrate/scan/index.js";
import { unifiedDiff } from "../../migrate/scan/diff.js";
import { DEFAULT_V2_BASE, type Edit, type FileFix, type FixOptions, fixFile } from "../../migrate/scan/fix.js";
import { type ClientUnit, clientUnits } from "../../migrate/scan/client-base.js";
import type { Finding } from "../../migrate/scan/resolve.js";
import { printable } from "../../lint/printable.js";
import type { ScannedFile } from "./scan.js";
import { readFileWithin } from "../../input/read-input.js";
import { writeGuarded } from "./scan-write.js";

export interface FixRun extends FixOptions {
  mode: "write" | "diff";
  /** Every scanned code file's text: where client bases and request functions are looked for (issue 41). */
  sources?: ReadonlyMap<string, string>;
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
  const { client, baseEdits, applied } = clientPlan(files, texts, run);
  const sourceOf = (path: string) => texts.get(path) ?? run.sources?.get(path);
  // A file that holds only a client's base (a config module) is fixed too.
  const entries: ScannedFile[] = [...files];
  for (const path of baseEdits.keys()) if (!files.some((f) => f.path === path)) entries.push({ file: path.split("\\").join("/"), findings: [], path });
  const results = new Map<string, FileFix>();
  for (const entry of entries) {
    const source = sourceOf(entry.path);
    if (source !== undefined) results.set(entry.path, fixFile(source, entry.path, entry.findings, { ...run, client }, baseEdits.get(entry.path)));
  }
  for (const entry of entries) {
    const source = sourceOf(entry.path);
    const result = results.get(entry.path);
    if (source === undefined || result === undefined) {
      left.push(entry);
      continue;
    }
    const reasons = new Map<string, string[]>();
    for (const { finding, reason } of result.notFixed) reasons.set(key(finding), [...(reasons.get(key(finding)) ?? []), reason]);
    let findings = entry.findings.filter((f) => !result.fixed.includes(f));
    if (result.refused) process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${result.refused}\n`);
    // Calls through a client whose paths v2 keeps, in a file with nothing else to change: migrated by their base's edit.
    if (result.edits.length === 0) fixedCalls += result.fixed.length;
    else {
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
          // What is left, at its place in the fixed text, with the reads of a fixed call's response that were not
          // rewritten too (the call is v2 now, so a new scan no longer ties them to it). In a client's file, as read
          // before the fix: once its base says v2, a scan reads the calls through it as v2 ones, including those left
          // as written (reported here, in this run).
          if (result.movedBase === undefined && !result.fixed.some((f) => applied.has(f)))
            findings = [
              ...resolveFindings(analyzeSource(result.text, entry.path), around.get(entry.path) ?? []),
              ...movedReads(
                source,
                result.edits,
                result.notFixed
                  .map((n) => n.finding)
                  .filter((f) => f.ruleId === "v1-response-field" && result.fixed.includes(f.fixInput?.responseOf as Finding)),
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

/**
 * The client units of the tree (issue 41, item 1) and what this run does with each: the base
 * changes, with every call through it, when each of those calls can be migrated (or, with
 * --unsafe-fixes, at least one), and none of the files it touches refuses the fix; otherwise every
 * call through it is left, with why. Planned twice: once to learn which calls can be migrated,
 * once as decided (again if a file refused).
 */
function clientPlan(
  files: readonly ScannedFile[],
  texts: ReadonlyMap<string, string>,
  run: FixRun,
): { client: FixOptions["client"]; baseEdits: Map<string, Edit[]>; applied: Set<Finding> } {
  const baseEdits = new Map<string, Edit[]>();
  const applied = new Set<Finding>();
  const shown = (path: string) => printable(relative(process.cwd(), path).split(sep).join("/"));
  const units = run.sources ? clientUnits(run.sources, files, shown) : [];
  if (units.length === 0) return { client: undefined, baseEdits, applied };
  const fnOf = new Map<Finding, string>();
  for (const u of units) for (const m of u.members) fnOf.set(m.finding, m.fn);
  const trial = new Map<Finding, string | undefined>();
  const trialRun = { ...run, client: (f: Finding) => (fnOf.has(f) ? { fn: fnOf.get(f) as string } : undefined) };
  for (const entry of files) {
    const source = texts.get(entry.path);
    if (source === undefined || !entry.findings.some((f) => fnOf.has(f))) continue;
    const result = fixFile(source, entry.path, entry.findings, trialRun);
    // A call whose v2 path is its v1 path (`GET /pods/{id}`) needs no edit of its own: it moves with the base.
    for (const f of entry.findings) if (fnOf.has(f)) trial.set(f, undefined);
    for (const { finding, reason } of result.notFixed) if (fnOf.has(finding)) trial.set(finding, reason);
  }
  const v2Base = run.v2Base ?? DEFAULT_V2_BASE;
  const decided = new Map<Finding, { fn: string; reason?: string }>();
  const rejected = new Set<ClientUnit>();
  const decide = () => {
    decided.clear();
    baseEdits.clear();
    applied.clear();
    for (const u of units) {
      const at = u.bases.map((b) => `${shown(b.file)}:${b.line}`).join(", ");
      const route = (f: Finding) => (f.v2 ? `${f.v2.method} ${f.v2.path.replace(/^\/v2/, "")}` : "its v2 route");
      const why = (f: Finding) => trial.get(f) ?? (trial.has(f) ? undefined : "v2kit could not plan it");
      const cannot = u.members.filter((m) => why(m.finding) !== undefined);
      const base = `the path is relative to the v1 base \`${u.name}\` (${at})`;
      for (const { finding: f, fn } of u.members) {
        const own = why(f);
        let reason: string | undefined;
        if (u.blocked)
          reason = `${base}, which v2kit changes only together with every call through it, and ${u.blocked}: change the base and its calls by hand (this one to ${route(f)})`;
        else if (rejected.has(u))
          reason = `${base}: a file of this client could not be fixed, so neither its base nor its calls change (this one: ${route(f)})`;
        else if (cannot.length === u.members.length) reason = own;
        else if (cannot.length > 0 && !run.unsafe)
          reason =
            own !== undefined
              ? `${own}; so the base \`${u.name}\` stays v1, and the other calls through \`${fn}\` with it`
              : `${base}, which changes only together with every call through \`${fn}\`, and ${cannot.length} of ${u.members.length} cannot be migrated (${shown(fileOf(files, cannot[0]?.finding))}:${cannot[0]?.finding.line}): run with --unsafe-fixes to migrate this one and the others that can be`;
        else if (own !== undefined)
          reason = `${own}; its base \`${u.name}\` becomes ${v2Base} with the other calls, so this call, left as written, fails as it did before (v1 was retired on 2026-11-15): change it to ${route(f)}`;
        decided.set(f, reason === undefined ? { fn } : { fn, reason });
      }
      const changes = !u.blocked && !rejected.has(u) && cannot.length < u.members.length && (cannot.length === 0 || run.unsafe);
      if (!changes) continue;
      for (const m of u.members) if (why(m.finding) === undefined) applied.add(m.finding);
      for (const b of u.bases) baseEdits.set(b.file, [...(baseEdits.get(b.file) ?? []), { start: b.start, end: b.end, text: v2Base }]);
    }
  };
  const client = (f: Finding) => decided.get(f);
  // A file of an applied client that refuses its fix (it would not parse, a call would still read as v1) takes the whole client back.
  for (let round = 0; round <= units.length; round++) {
    decide();
    let again = false;
    for (const u of units) {
      if (rejected.has(u) || !u.members.some((m) => applied.has(m.finding))) continue;
      const paths = new Set([...u.bases.map((b) => b.file), ...u.members.map((m) => fileOf(files, m.finding))]);
      for (const path of paths) {
        const source = texts.get(path) ?? run.sources?.get(path);
        const entry = files.find((f) => f.path === path);
        if (source === undefined) continue;
        if (fixFile(source, path, entry?.findings ?? [], { ...run, client }, baseEdits.get(path)).refused !== undefined) {
          rejected.add(u);
          again = true;
          break;
        }
      }
    }
    if (!again) break;
  }
  return { client, baseEdits, applied };
}

function fileOf(files: readonly ScannedFile[], f: Finding | undefined): string {
  return files.find((x) => f !== undefined && x.findings.includes(f))?.path ?? "";
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
