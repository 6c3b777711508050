// BENCHMARKS.md: the summary table (figure, measured, target, met?, anchors measured in the
// same run), one section per measurement, the gaps with their profiles, and how to reproduce.

import os from "node:os";
import { type Figure, met, type Row, type Section } from "./figures.js";
import type { ProfileSummary } from "./profile.js";
import { rssMethod } from "./stats.js";

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  rss: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.platform()} ${os.release()} ${os.arch()}`,
    rss: rssMethod,
  };
}

const cell = (value: unknown): string => (value === null || value === undefined ? "–" : String(value).replace(/\|/g, "\\|").replace(/\n/g, " "));

export function table(rows: Row[]): string {
  if (rows.length === 0) return "";
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const numeric = columns.map((c) => rows.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === "number"));
  return [
    `| ${columns.join(" | ")} |`,
    `|${numeric.map((n) => (n ? "---:" : "---")).join("|")}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(" | ")} |`),
  ].join("\n");
}

const unitText = (f: Figure) => (f.unit === "files/s" || f.unit === "B" || f.unit === "s" || f.unit === "ms" ? ` ${f.unit}` : f.unit);
const shown = (f: Figure) => (f.value === null ? "skipped" : `${f.value}${unitText(f)}`);
const targetText = (f: Figure) => (f.target === undefined ? "anchor" : `${f.target.op === "<=" ? "≤" : "≥"} ${f.target.value}${unitText(f)}`);
const metText = (f: Figure) => {
  const m = met(f);
  if (f.target === undefined) return "–";
  return m === null ? `skipped: ${f.skipped ?? "not measured"}` : m ? "yes" : "**no**";
};

function summaryTable(figures: Figure[]): string {
  return table(
    figures.map((f) => ({
      figure: f.label,
      "`--json` key": `\`${f.key}\``,
      measured: shown(f),
      target: targetText(f),
      "met?": metText(f),
      "anchors (same run)": f.baseline,
    })),
  );
}

function profileText(p: ProfileSummary): string {
  return [
    `Profile: ${p.subject}, ${p.totalMs} ms of samples (self time).`,
    "",
    "Where the time goes, by module:",
    "",
    table(p.modules.map((m) => ({ module: m.name, "self ms": m.selfMs, "%": m.share }))),
    "",
    "Top functions:",
    "",
    table(p.functions.map((f) => ({ function: f.name, "self ms": f.selfMs, "%": f.share }))),
  ].join("\n");
}

export function render(sections: Section[], m: Machine, mode: { quick: boolean; seconds: number }): string {
  const figures = sections.flatMap((s) => s.figures);
  const missed = figures.filter((f) => met(f) === false);
  const out: string[] = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (`bench/run.ts`); do not edit by hand. Every number below was measured in the run that wrote this file, each v2kit figure beside its anchors (JSON.parse, Ajv, `node -e 0`, openapi-typescript, zod) measured in the same run.",
    "",
    `Run: ${mode.quick ? "`--quick` (fewer runs, NDJSON 10k/100k, smaller synthetic documents)" : "full"}, ${Math.round(mode.seconds)} s. Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}. Peak RSS via ${m.rss}.`,
    "",
    "## Summary",
    "",
    summaryTable(figures),
    "",
  ];
  for (const s of sections) {
    out.push(`## ${s.title}`, "", s.method, "", table(s.rows), "");
    for (const t of s.tables ?? []) if (t.figure === undefined) out.push(`${t.title}:`, "", table(t.rows), "", ...(t.note ? [t.note, ""] : []));
    for (const p of s.profiles) if (p.figure === undefined && s.figures.length === 0) out.push(profileText(p), "");
  }
  out.push("## Gaps", "");
  if (missed.length === 0) out.push("Every target with a measured value was met in this run.", "");
  for (const f of missed) {
    out.push(`### ${f.label}: ${shown(f)}, target ${targetText(f)}`, "", f.baseline, "");
    const section = sections.find((s) => s.figures.includes(f));
    for (const t of section?.tables ?? []) if (t.figure === f.key) out.push(`${t.title}:`, "", table(t.rows), "", ...(t.note ? [t.note, ""] : []));
    for (const p of section?.profiles ?? []) if (p.figure === undefined || p.figure === f.key) out.push(profileText(p), "");
  }
  out.push(
    "## How to reproduce",
    "",
    "```sh",
    "npm ci                         # installs and builds (openapi-typescript and zod are devDependencies)",
    "npm run build",
    "npm run bench                  # full run (under 10 minutes on 2 cores); rewrites BENCHMARKS.md",
    "npm run bench -- --quick       # fewer runs and smaller inputs (under 2 minutes)",
    "npm run -s bench -- --json     # also prints one JSON object (figures under stable keys) on stdout; -s keeps npm's banner out",
    "npm run bench -- --only lint,cold   # some sections only (lint, cold, generate, ndjson, detection, large); BENCHMARKS.md is not written",
    "```",
    "",
    "The upstream v2 document is read from `../shared/reference/upstream-v2-openapi.json`; without it the upstream figures are skipped with that reason. NDJSON inputs and synthetic documents are generated into the OS temporary directory and removed afterwards. Numbers vary from machine to machine: compare ratios, which are measured against anchors in the same run, rather than absolute times.",
    "",
  );
  return out.join("\n");
}
