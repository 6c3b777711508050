// `migrate scan --fix` / `--diff`: each file's findings become edits (migrate/scan/fix.ts);
// `--fix` writes them (migrate-scan-write.ts: never over a file changed since it was read,
// atomically, owner and mode kept), `--diff` prints one unified diff. Findings left afterwards
// carry a "not fixed" note. Loaded only with those flags.

import { relative, sep } from "node:path";
import { resolveFindings, type Surroundings } from "../../migrate/index.js";
import { analyzeSource } from "../../migrate/scan/index.js";
import { unifiedDiff } from "../../migrate/scan/diff.js";
import { DEFAULT_V2_BASE, type Edit, type FileFix, type FixOptions, fixFile, landsWithItsBody, stuckMarkerEdit } from "../../migrate/scan/fix.js";
import { type ClientUnit, clientUnits, type SentElsewhere } from "../../migrate/scan/client-base.js";
import type { GoSentBody } from "../../migrate/scan/go-body.js";
import type { GoFake } from "../../migrate/scan/go-fakes.js";
import { modelChanges } from "../../migrate/scan/models.js";
import { rustClientUnits } from "../../migrate/scan/rust-client.js";
import { shellClientUnits } from "../../migrate/scan/shell-client.js";
import { type Fake, fakeMatches, fakePath, fakeResponseFindings, fakesIn, planFake, v2FakeFindings } from "../../migrate/scan/fakes.js";
import { languageOf } from "../../migrate/scan/lex/languages.js";
import { markedFindings } from "../../migrate/scan/marker.js";
import type { Finding } from "../../migrate/scan/resolve.js";
import { printable } from "../../lint/printable.js";
import { FROM_SNAPSHOT } from "../../migrate/tables/endpoint-transforms.js";
import type { ScannedFile } from "./scan.js";
import { readFileWithin } from "../../input/read-input.js";
import { writeGuarded } from "./scan-write.js";

export interface FixRun extends FixOptions {
  mode: "write" | "diff";
  /** Every scanned code file's text: where client bases and request functions are looked for (issue 41). */
  sources?: ReadonlyMap<string, string>;
}

const key = (finding: Finding) => `${finding.ruleId} ${finding.v1.method} ${finding.v1.path} ${finding.match}`;

/** The findings left, each not fixed one with its reason as a note; `diffed`: a diff was printed. */
export function fixFiles(
  files: readonly ScannedFile[],
  texts: ReadonlyMap<string, string>,
  around: ReadonlyMap<string, Surroundings>,
  run: FixRun,
): { files: ScannedFile[]; diffed: boolean } {
  const left: ScannedFile[] = [];
  let fixedCalls = 0;
  let fixedFakes = 0;
  let fixedFiles = 0;
  // `v2kit:` comments this run wrote above calls it moved with a body it did not migrate (marker.ts).
  let marked = 0;
  let markedReads = 0;
  /** The calls a file's fix marked, its marked reads added to `markedReads`. */
  const newMarks = (path: string, before: string, after: string) => {
    const [was, now] = [markedFindings(path, before), markedFindings(path, after)];
    const reads = (found: readonly Finding[]) => found.filter((x) => x.ruleId === "v1-response-field").length;
    markedReads += reads(now) - reads(was);
    return now.length - reads(now) - (was.length - reads(was));
  };
  const diffs = new Map<string, string>();
  // Fixed bodies whose GPU pools the bundled catalog snapshot chose (--unsafe-fixes without --catalog): said on stderr.
  const fromSnapshot: string[] = [];
  const { client, baseEdits, applied, fake, moved } = clientPlan(files, texts, run);
  const sourceOf = (path: string) => texts.get(path) ?? run.sources?.get(path);
  // A file that holds only a client's base (a config module) is fixed too.
  const entries: ScannedFile[] = [...files];
  for (const path of baseEdits.keys())
    if (!files.some((scanned) => scanned.path === path)) entries.push({ file: path.split("\\").join("/"), findings: [], path });
  // Reads of a call of another file (through a function returning its response, caller-reads.ts) move only when that
  // call's fix lands: such files are planned last, once the files of their calls are written or in the diff.
  const fileOfCall = new Map<Finding, string>();
  for (const entry of entries) for (const finding of entry.findings) fileOfCall.set(finding, entry.path);
  const readsElsewhere = (entry: ScannedFile) =>
    entry.findings.some((finding) => finding.fixInput?.responseOf !== undefined && fileOfCall.get(finding.fixInput.responseOf) !== entry.path);
  const order = new Map(entries.map((entry, index) => [entry.path, index]));
  entries.sort((a, b) => Number(readsElsewhere(a)) - Number(readsElsewhere(b)));
  const landed = new Set<string>();
  const results = new Map<string, FileFix>();
  const fixedElsewhere = (call: Finding) => {
    const path = fileOfCall.get(call);
    return path !== undefined && landed.has(path) && results.get(path)?.fixed.includes(call) === true;
  };
  // TypeScript models of v1's answer that change with their calls and reads (models.ts): decided once the calls are planned.
  const modelEdits = new Map<string, Edit[]>();
  const modelCalls = new Set<Finding>();
  const modelMoves = (call: Finding) => modelCalls.has(call);
  const planned = (entry: ScannedFile, source: string) =>
    fixFile(source, entry.path, entry.findings, { ...run, client, fake, fixedElsewhere, modelMoves }, [
      ...(baseEdits.get(entry.path) ?? []),
      ...(modelEdits.get(entry.path) ?? []),
    ]);
  for (const entry of entries) {
    const source = sourceOf(entry.path);
    if (source !== undefined && !readsElsewhere(entry)) results.set(entry.path, planned(entry, source));
  }
  if (run.unsafe) {
    const code = new Map([...(run.sources ?? [])].filter(([path]) => /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path)));
    const isFixed = (call: Finding) => results.get(fileOfCall.get(call) ?? "")?.fixed.includes(call) === true;
    for (const change of modelChanges(entries, sourceOf, code, isFixed)) {
      const entry = entries.find((one) => one.path === change.path) as ScannedFile;
      const before = results.get(change.path) as FileFix;
      modelEdits.set(change.path, [...(modelEdits.get(change.path) ?? []), ...change.edits]);
      for (const call of change.calls) modelCalls.add(call);
      const after = planned(entry, sourceOf(change.path) as string);
      // The file refuses the change, or a call no longer moves: the model and its reads stay as written.
      if (after.refused !== undefined || !change.calls.every((call) => after.fixed.includes(call))) {
        modelEdits.set(
          change.path,
          (modelEdits.get(change.path) ?? []).filter((edit) => !change.edits.includes(edit)),
        );
        for (const call of change.calls) modelCalls.delete(call);
        results.set(change.path, before);
      } else results.set(change.path, after);
    }
  }
  for (const entry of entries) {
    const source = sourceOf(entry.path);
    if (source !== undefined && readsElsewhere(entry)) results.set(entry.path, planned(entry, source));
    const result = results.get(entry.path);
    if (source === undefined || result === undefined) {
      left.push(entry);
      continue;
    }
    const reasons = new Map<string, string[]>();
    for (const { finding, reason } of result.notFixed) reasons.set(key(finding), [...(reasons.get(key(finding)) ?? []), reason]);
    let findings = entry.findings.filter((finding) => !result.fixed.includes(finding));
    if (result.refused) process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${result.refused}\n`);
    // Calls through a client whose paths v2 keeps, in a file with nothing else to change: migrated by their base's edit.
    const fakesOf = (list: readonly Finding[]) => list.filter((finding) => fake?.(finding) !== undefined).length;
    const movedHere = moved.filter((one) => one.file === entry.path);
    if (result.edits.length === 0) {
      fixedCalls += result.fixed.length;
      landed.add(entry.path);
    } else {
      const unpatchable = run.mode === "diff" ? unchangedText(entry.path, source) : undefined;
      if (unpatchable) {
        process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${unpatchable}: left out of the diff\n`);
        for (const finding of result.fixed) reasons.set(key(finding), [`${unpatchable}: left out of the diff`]);
        findings = entry.findings;
      } else if (run.mode === "diff") {
        // Forward slashes in the patch; on POSIX a backslash is part of the name.
        diffs.set(entry.path, unifiedDiff(relative(process.cwd(), entry.path).split(sep).join("/"), source, result.edits));
        landed.add(entry.path);
        fixedCalls += calls(result.fixed) - fakesOf(result.fixed);
        fromSnapshot.push(...snapshotNotes(entry.file, result.fixed));
        fixedFakes += movedHere.length;
        fixedFiles++;
        marked += newMarks(entry.path, source, result.text);
      } else {
        const unwritten = writeGuarded(entry.path, source, result.text);
        if (unwritten) {
          process.stderr.write(`v2kit migrate scan: ${printable(entry.file)}: ${unwritten}: not written\n`);
          for (const finding of result.fixed) reasons.set(key(finding), [`${unwritten}: not written`]);
          findings = entry.findings;
        } else {
          landed.add(entry.path);
          fixedCalls += calls(result.fixed) - fakesOf(result.fixed);
          fixedFakes += movedHere.length;
          fixedFiles++;
          marked += newMarks(entry.path, source, result.text);
          fromSnapshot.push(...snapshotNotes(entry.file, result.fixed));
          // What is left, at its place in the fixed text, with the reads of a fixed call's response that were not
          // rewritten too (the call is v2 now, so a new scan no longer ties them to it). In a client's file, as read
          // before the fix: once its base says v2, a scan reads the calls through it as v2 ones, including those left
          // as written (reported here, in this run).
          if (result.movedBase === undefined && !result.fixed.some((finding) => applied.has(finding)))
            findings = [
              ...resolveFindings(analyzeSource(result.text, entry.path), around.get(entry.path) ?? [], run.context),
              ...movedReads(
                source,
                result.edits,
                // Reads of another file's call: a new scan of this file alone no longer finds them.
                result.notFixed
                  .map((unfixed) => unfixed.finding)
                  .filter(
                    (finding) =>
                      finding.ruleId === "v1-response-field" &&
                      (result.fixed.includes(finding.fixInput?.responseOf as Finding) || !entry.findings.includes(finding.fixInput?.responseOf as Finding)),
                  ),
              ),
            ].sort((a, b) => a.line - b.line || a.column - b.column);
        }
      }
    }
    const annotated = findings.map((finding) => {
      const why = reasons.get(key(finding))?.shift();
      return why === undefined ? finding : withNote(finding, `not fixed: ${why}`);
    });
    // A fake moved with its client that still answers in v1's shape: reported where it now is (a written file: every
    // fake of a v2 URL in it, read again; a diff: the moved ones, where they are before the diff applies).
    if (result.edits.length > 0 && findings !== entry.findings) {
      if (run.mode === "write")
        annotated.splice(
          0,
          annotated.length,
          ...[...annotated.filter((finding) => finding.ruleId !== "v1-fake-response"), ...v2FakeFindings(entry.path, result.text, run.v2Base)].sort(
            (a, b) => a.line - b.line || a.column - b.column,
          ),
        );
      else annotated.push(...fakeResponseFindings(movedHere, source));
    }
    if (annotated.length > 0) left.push({ ...entry, findings: annotated });
  }
  left.sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0));
  // In the order the files were scanned, whatever order they were planned in.
  const diff = [...diffs]
    .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .map(([, text]) => text)
    .join("");
  if (run.mode === "diff") process.stdout.write(diff);
  const remaining = left.reduce((total, scanned) => total + calls(scanned.findings), 0);
  const reads = left.reduce((total, scanned) => total + scanned.findings.filter((x) => x.ruleId === "v1-response-field").length, 0);
  const documents = left.reduce((total, scanned) => total + scanned.findings.filter((x) => x.ruleId === "v1-openapi-document").length, 0);
  const verb = run.mode === "diff" ? "would fix" : "fixed";
  process.stderr.write(
    `v2kit migrate scan: ${verb} ${fixedCalls} call${fixedCalls === 1 ? "" : "s"}${fixedFakes > 0 ? ` and ${fixedFakes} test fake${fixedFakes === 1 ? "" : "s"} of them` : ""} in ${fixedFiles} file${fixedFiles === 1 ? "" : "s"}; ${remaining} call${remaining === 1 ? "" : "s"} left${reads > 0 ? `, ${reads} read${reads === 1 ? "" : "s"} of v1 response fields left` : ""}${remaining + reads > 0 ? ' (each says why in a "not fixed" note)' : ""}${documents > 0 ? `; ${documents} ${documents === 1 ? "copy" : "copies"} of the v1 OpenAPI document left as written (regenerate from the v2 one)` : ""}${marked > 0 ? `; ${marked} moved call${marked === 1 ? "" : "s"} marked with a \`v2kit:\` comment for ${marked === 1 ? "its body" : "their bodies"}, which v2kit did not migrate (a later scan reports ${marked === 1 ? "it" : "them"} as v1-body-left)` : ""}${markedReads > 0 ? `; ${markedReads} read${markedReads === 1 ? "" : "s"} of a moved call's v1 answer marked with a \`v2kit:\` comment (a later scan reports ${markedReads === 1 ? "it" : "them"} as v1-response-field)` : ""}\n`,
  );
  for (const line of fromSnapshot) process.stderr.write(line);
  if (run.mode === "diff") {
    for (const scanned of left) {
      for (const x of scanned.findings) {
        const note = x.notes.find((candidate) => candidate.message.startsWith("not fixed: "));
        if (note) process.stderr.write(`${printable(scanned.file)}:${x.line}:${x.column}: ${note.message}\n`);
        // A fake the diff moves whose canned body is v1's: said beside the patch, as the fix would list it.
        if (x.ruleId === "v1-fake-response")
          for (const shape of x.notes) process.stderr.write(`${printable(scanned.file)}:${x.line}:${x.column}: ${printable(shape.message)}\n`);
      }
    }
  }
  return { files: left, diffed: diff !== "" };
}

/** The notes of fixed calls whose GPU pools came from the bundled catalog snapshot, one stderr line each (`file:line:column: note`). */
function snapshotNotes(file: string, fixed: readonly Finding[]): string[] {
  return fixed.flatMap((finding) =>
    finding.notes
      .filter((note) => note.field === "gpuTypeIds" && note.message.includes(FROM_SNAPSHOT))
      .map((note) => `${printable(file)}:${finding.line}:${finding.column}: gpuTypeIds: ${printable(note.message)}\n`),
  );
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
): { client: FixOptions["client"]; baseEdits: Map<string, Edit[]>; applied: Set<Finding>; fake: FixOptions["fake"]; moved: Fake[] } {
  const baseEdits = new Map<string, Edit[]>();
  const applied = new Set<Finding>();
  const fakeDecided = new Map<Finding, { edits: Edit[] } | { reason: string }>();
  const moved: Fake[] = [];
  const fake = (finding: Finding) => fakeDecided.get(finding);
  const shown = (path: string) => printable(relative(process.cwd(), path).split(sep).join("/"));
  const found = run.sources ? clientUnits(run.sources, files, shown) : [];
  // Shell clients: a base with an environment default, in the script or a file it sources (issue 41).
  const claimed = new Set(found.flatMap((unit) => unit.members.map((member) => member.finding)));
  const shell = run.sources ? shellClientUnits(run.sources, files, claimed, shown) : [];
  // Rust crates: a default in one file, request methods in another, calls in the service modules.
  for (const unit of shell) for (const member of unit.members) claimed.add(member.finding);
  const units = run.sources ? [...found, ...shell, ...rustClientUnits(run.sources, files, claimed, shown)] : [];
  if (units.length === 0) return { client: undefined, baseEdits, applied, fake: undefined, moved };
  const fnOf = new Map<Finding, { fn: string; direct?: true; body?: SentElsewhere; fake?: GoFake; goBody?: GoSentBody }>();
  for (const unit of units)
    for (const member of unit.members)
      fnOf.set(member.finding, {
        fn: member.fn,
        ...(member.direct ? { direct: true as const } : {}),
        ...(member.body ? { body: member.body } : {}),
        ...(member.fake ? { fake: member.fake } : {}),
        ...(member.goBody ? { goBody: member.goBody } : {}),
      });
  const trial = new Map<Finding, string | undefined>();
  const trialRun = { ...run, client: (finding: Finding) => fnOf.get(finding) };
  for (const entry of files) {
    const source = texts.get(entry.path);
    if (source === undefined || !entry.findings.some((finding) => fnOf.has(finding))) continue;
    const result = fixFile(source, entry.path, entry.findings, trialRun);
    // A call whose v2 path is its v1 path (`GET /pods/{id}`) needs no edit of its own: it moves with the base.
    for (const finding of entry.findings) if (fnOf.has(finding)) trial.set(finding, undefined);
    for (const { finding, reason } of result.notFixed) if (fnOf.has(finding)) trial.set(finding, reason);
  }
  const v2Base = run.v2Base ?? DEFAULT_V2_BASE;
  const tied = tiedFakes(found, files, run.sources ?? new Map(), v2Base);
  const decided = new Map<Finding, { fn: string; direct?: true; reason?: string; body?: SentElsewhere; fake?: GoFake; goBody?: GoSentBody }>();
  const rejected = new Set<ClientUnit>();
  const decide = () => {
    decided.clear();
    baseEdits.clear();
    applied.clear();
    fakeDecided.clear();
    moved.length = 0;
    for (const unit of units) {
      const at = unit.bases.map((b) => `${shown(b.file)}:${b.line}`).join(", ");
      const route = (finding: Finding) => (finding.v2 ? `${finding.v2.method} ${finding.v2.path.replace(/^\/v2/, "")}` : "its v2 route");
      const why = (finding: Finding) => trial.get(finding) ?? (trial.has(finding) ? undefined : "v2kit could not plan it");
      const cannot = unit.members.filter((member) => why(member.finding) !== undefined);
      const base = `the path is relative to the v1 base \`${unit.name}\` (${at})`;
      // Test fakes of the client's requests move with it (issue 41): one that cannot keeps --fix from moving the base.
      const fakes = tied.get(unit) ?? [];
      const stuckFake = fakes.find((one) => "reason" in one.plan && one.sends.every((finding) => why(finding) === undefined));
      const fakeWhy = stuckFake && "reason" in stuckFake.plan ? `${shown(stuckFake.fake.file)}:${stuckFake.fake.line}: ${stuckFake.plan.reason}` : undefined;
      // A call left as written on a route v2 keeps would reach v2 with its v1 body once the base moved (landsWithItsBody):
      // the base moves only when each such call can carry a `v2kit:` comment that keeps it reported (marker.ts); else it stays.
      const landing =
        run.unsafe && cannot.length < unit.members.length
          ? cannot.filter((member) => landsWithItsBody(member.finding, fileOf(files, member.finding))).map((member) => member.finding)
          : [];
      const marks = new Map(
        landing.map((finding) => {
          const path = fileOf(files, finding);
          const source = texts.get(path) ?? run.sources?.get(path);
          return [finding, source === undefined ? undefined : stuckMarkerEdit(finding, path, source)];
        }),
      );
      const lands = landing.find((finding) => marks.get(finding) === undefined);
      for (const { finding, fn, direct, body, fake: memberFake, goBody } of unit.members) {
        const own = why(finding);
        let reason: string | undefined;
        if (unit.blocked)
          reason = `${base}, which v2kit changes only together with every call through it, and ${unit.blocked}: change the base and its calls by hand (this one to ${route(finding)})`;
        else if (unit.strays && !run.unsafe)
          reason = `${base}, which changes only together with every call through it, and its request functions also send ${unit.strays.length === 1 ? "a path" : `${unit.strays.length} paths`} that name${unit.strays.length === 1 ? "s" : ""} no v1 route v2kit knows (${unit.strays[0]}): v1 is retired, so ${unit.strays.length === 1 ? "it fails" : "they fail"} today as on v2; run with --unsafe-fixes to move the base past ${unit.strays.length === 1 ? "it" : "them"} (this one to ${route(finding)})`;
        else if (rejected.has(unit))
          reason = `${base}: a file of this client could not be fixed, so neither its base nor its calls change (this one: ${route(finding)})`;
        else if (lands === undefined && own !== undefined && marks.has(finding))
          reason = `${own}; its base \`${unit.name}\` becomes ${v2Base} with the other calls, so this call now sends its v1 body to ${route(finding)}, which v2 refuses (422): a \`v2kit:\` comment above it says so, and every later scan reports it until the body is v2's and the comment is deleted`;
        else if (lands !== undefined)
          reason =
            own !== undefined && landsWithItsBody(finding, fileOf(files, finding))
              ? `${own}; so the base \`${unit.name}\` stays v1, and its other calls with it: moved, the base alone would take this call to ${route(finding)} with the v1 body it sends now, which v2 refuses (422)`
              : `${base}, which v2kit changes only together with every call through it, and moving it would take the call at ${shown(fileOf(files, lands))}:${lands.line} to ${route(lands)} with a v1 body v2kit cannot migrate (v2 refuses it: 422): make that body the v2 one by hand, then run again (this one to ${route(finding)})`;
        else if (cannot.length === unit.members.length) reason = own;
        else if (memberFake && own !== undefined)
          // A Go test fake (go-fakes.ts) is not a call: left as written, it still answers as v1 did.
          reason = run.unsafe
            ? `${own}; its client's base \`${unit.name}\` becomes ${v2Base} with the calls, so a test through this fake passes on an answer the v2 service does not give`
            : `${own}; so the base \`${unit.name}\` stays v1, and its client's calls with it`;
        else if (cannot.length > 0 && !run.unsafe)
          reason =
            own !== undefined
              ? `${own}; so the base \`${unit.name}\` stays v1, and the other calls through \`${fn}\` with it`
              : `${base}, which changes only together with ${memberFake ? "its client's calls and test fakes" : `every call through \`${fn}\``}, and ${cannot.length} of ${unit.members.length} cannot be migrated (${shown(fileOf(files, cannot[0]?.finding))}:${cannot[0]?.finding.line}): run with --unsafe-fixes to migrate this one and the others that can be`;
        else if (own === undefined && fakeWhy !== undefined && !run.unsafe)
          reason = `${base}, which changes only together with the tests that fake its requests, and one of those cannot move with it (${fakeWhy}): run with --unsafe-fixes to move the client and the fakes that can move`;
        else if (own !== undefined)
          reason = `${own}; its base \`${unit.name}\` becomes ${v2Base} with the other calls, so this call, left as written, fails as it did before (v1 was retired on 2026-11-15): change it to ${route(finding)}`;
        decided.set(finding, {
          fn,
          ...(direct ? { direct } : {}),
          ...(body ? { body } : {}),
          ...(memberFake ? { fake: memberFake } : {}),
          ...(goBody ? { goBody } : {}),
          ...(reason === undefined ? {} : { reason }),
        });
      }
      const changes =
        !unit.blocked &&
        (!unit.strays || run.unsafe) &&
        !rejected.has(unit) &&
        lands === undefined &&
        cannot.length < unit.members.length &&
        ((cannot.length === 0 && fakeWhy === undefined) || run.unsafe);
      // A fake of a call left as written stays as written with it (a wildcard, while one call under it moves).
      const plans = new Map<Fake, TiedFake["plan"]>();
      for (const { fake: one, plan: planned, sends } of fakes) {
        const left = sends.filter((finding) => why(finding) !== undefined);
        plans.set(
          one,
          "edits" in planned && left.length > 0 && (left.length === sends.length || !fakePath(one).prefix)
            ? { reason: `the call it fakes (${shown(fileOf(files, left[0]))}:${left[0]?.line}) is not migrated, so the fake stays as written with it` }
            : planned,
        );
      }
      // A nock scope's host is shared by its interceptors: it moves only when all of them do.
      for (const [one, plan] of [...plans])
        if (one.host !== undefined && "edits" in plan && [...plans].some(([other, otherPlan]) => other.group === one.group && "reason" in otherPlan))
          plans.set(one, { reason: "another interceptor of its nock scope cannot move, and they share the scope's host" });
      for (const { fake: one, findings } of fakes) {
        const plan = plans.get(one) as TiedFake["plan"];
        const decision =
          changes && "edits" in plan
            ? plan
            : {
                reason: changes
                  ? `it fakes requests of the client \`${unit.name}\` (${at}), which moves to ${v2Base}, but ${"reason" in plan ? plan.reason : ""}: change it by hand`
                  : `it fakes requests of the client \`${unit.name}\` (${at}), whose base stays v1 in this run: it moves together with that base`,
              };
        for (const finding of findings) fakeDecided.set(finding, decision);
        if ("edits" in decision) {
          moved.push(one);
          for (const edit of decision.edits) baseEdits.set(one.file, [...(baseEdits.get(one.file) ?? []), edit]);
        }
      }
      if (!changes) continue;
      for (const member of unit.members) if (why(member.finding) === undefined) applied.add(member.finding);
      for (const b of unit.bases) baseEdits.set(b.file, [...(baseEdits.get(b.file) ?? []), { start: b.start, end: b.end, text: v2Base }]);
      for (const [finding, mark] of marks) {
        const path = fileOf(files, finding);
        if (mark !== undefined) baseEdits.set(path, [...(baseEdits.get(path) ?? []), mark]);
      }
    }
  };
  const client = (finding: Finding) => decided.get(finding);
  // A file of an applied client that refuses its fix (it would not parse, a call would still read as v1) takes the whole client back.
  for (let round = 0; round <= units.length; round++) {
    decide();
    let again = false;
    for (const unit of units) {
      if (rejected.has(unit) || !unit.members.some((member) => applied.has(member.finding))) continue;
      const paths = new Set([
        ...unit.bases.map((b) => b.file),
        ...unit.members.map((member) => fileOf(files, member.finding)),
        ...(tied.get(unit) ?? []).map((one) => one.fake.file),
      ]);
      for (const path of paths) {
        const source = texts.get(path) ?? run.sources?.get(path);
        const entry = files.find((scanned) => scanned.path === path);
        if (source === undefined) continue;
        if (fixFile(source, path, entry?.findings ?? [], { ...run, client, fake }, baseEdits.get(path)).refused !== undefined) {
          rejected.add(unit);
          again = true;
          break;
        }
      }
    }
    if (!again) break;
  }
  // Calls the moved base also serves that v2kit does not migrate (their paths name no v1 route): said once each, never silently.
  for (const unit of units)
    if (unit.strays && unit.members.some((member) => applied.has(member.finding)))
      for (const stray of unit.strays)
        process.stderr.write(
          `v2kit migrate scan: ${stray}: sent to the base \`${unit.name}\`, now ${v2Base}, and left as written: no v1 route v2kit knows (v1 is retired, so it failed before as well); check it against v2 by hand\n`,
        );
  return { client, baseEdits, applied, fake, moved };
}

/** A fake tied to a client: the edits that move it or why not, its own findings, and the client's calls it fakes. */
type TiedFake = { fake: Fake; plan: ReturnType<typeof planFake>; findings: Finding[]; sends: Finding[] };

/**
 * The test fakes and request assertions of each client unit's requests (issue 41): a fake of this
 * API's v1 base, in a file of the client's own language, that matches a route one of its calls
 * sends; with the edits that move it with the base, or why it cannot (v2 lacks the route, two fakes
 * of one table would become one, a fake of two clients). A fake of no client's calls is not tied.
 */
function tiedFakes(
  units: readonly ClientUnit[],
  files: readonly ScannedFile[],
  sources: ReadonlyMap<string, string>,
  v2Base: string,
): Map<ClientUnit, TiedFake[]> {
  const tied = new Map<ClientUnit, TiedFake[]>();
  const all = [...sources].flatMap(([path, text]) => fakesIn(path, text));
  if (all.length === 0) return tied;
  const languageOfFile = (path: string) => languageOf(path, sources.get(path) ?? "");
  const owners = new Map<Fake, ClientUnit[]>();
  for (const unit of units) {
    const languages = new Set(unit.bases.map((b) => languageOfFile(b.file)));
    for (const one of all)
      if (
        languages.has(languageOfFile(one.file)) &&
        unit.members.some((member) => member.finding.fixInput?.route !== undefined && fakeMatches(one, member.finding.fixInput.route))
      )
        owners.set(one, [...(owners.get(one) ?? []), unit]);
  }
  const plans = new Map<Fake, TiedFake["plan"]>();
  for (const [one, of] of owners)
    plans.set(
      one,
      of.length > 1 ? { reason: `it fakes requests of ${of.length} clients (${of.map((unit) => `\`${unit.name}\``).join(", ")})` } : planFake(one, v2Base),
    );
  const planned = [...plans];
  for (const [one, plan] of planned) {
    if (!("edits" in plan)) continue;
    const siblings = planned.filter(([other]) => other !== one && other.group === one.group);
    const text = (edits: readonly Edit[]) => edits.map((edit) => edit.text).join(" ");
    // Two keys of one `Http::fake` table that become one URL: the later would replace the earlier (v2 tells pod actions apart by the body).
    const twin = one.kind === "Http::fake" ? siblings.find(([, other]) => "edits" in other && text(other.edits) === text(plan.edits)) : undefined;
    if (twin) plans.set(one, { reason: `it would become the same URL as the fake at line ${twin[0].line} of the same table` });
  }
  for (const [one, of] of owners) {
    const scanned = files.find((file) => file.path === one.file)?.findings ?? [];
    const findings = scanned.filter((finding) => {
      const span = finding.fixInput?.site?.span;
      if (span !== undefined) return span[0] < one.url.end && one.url.start < span[1];
      return finding.line === one.line && finding.match !== "" && one.url.text.includes(finding.match);
    });
    for (const unit of of) {
      const sends = unit.members
        .map((member) => member.finding)
        .filter((finding) => finding.fixInput?.route !== undefined && fakeMatches(one, finding.fixInput.route));
      tied.set(unit, [...(tied.get(unit) ?? []), { fake: one, plan: plans.get(one) as TiedFake["plan"], findings, sends }]);
    }
  }
  return tied;
}

function fileOf(files: readonly ScannedFile[], finding: Finding | undefined): string {
  return files.find((x) => finding !== undefined && x.findings.includes(finding))?.path ?? "";
}
/** Read findings moved to their line in the fixed text (edits before them may add or remove lines). */
function movedReads(source: string, edits: readonly Edit[], reads: readonly Finding[]): Finding[] {
  const lines = (text: string) => text.split("\n").length - 1;
  return reads.map((read) => {
    const at = read.fixInput?.readAt ?? 0;
    const before = edits.filter((edit) => edit.end <= at);
    const shift = before.reduce((total, edit) => total + lines(edit.text) - lines(source.slice(edit.start, edit.end)), 0);
    // Edits earlier on the read's own line move its column.
    const lineStart = source.lastIndexOf("\n", at - 1) + 1;
    const sameLine = before.filter((edit) => edit.start >= lineStart && !edit.text.includes("\n"));
    const column = read.column + sameLine.reduce((total, edit) => total + edit.text.length - (edit.end - edit.start), 0);
    const copy: Finding = { ...read, line: read.line + shift, column };
    Object.defineProperty(copy, "fixInput", { value: read.fixInput });
    return copy;
  });
}

/** The calls among findings: not prose mentions, not reads of a response (`v1-response-field`), not a fake's canned response (`v1-fake-response`), not a copy of the v1 document. */
const calls = (findings: readonly Finding[]) =>
  findings.filter((x) => x.ruleId !== "v1-mention" && x.ruleId !== "v1-response-field" && x.ruleId !== "v1-fake-response" && x.ruleId !== "v1-openapi-document")
    .length;

function withNote(finding: Finding, message: string): Finding {
  const copy: Finding = { ...finding, notes: [...finding.notes, { level: "info", message }] };
  Object.defineProperty(copy, "fixInput", { value: finding.fixInput });
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
