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
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const numeric = columns.map((column) => rows.every((row) => row[column] === null || row[column] === undefined || typeof row[column] === "number"));
  return [
    `| ${columns.join(" | ")} |`,
    `|${numeric.map((isNumeric) => (isNumeric ? "---:" : "---")).join("|")}|`,
    ...rows.map((row) => `| ${columns.map((column) => cell(row[column])).join(" | ")} |`),
  ].join("\n");
}

const unitText = (figure: Figure) =>
  figure.unit === "files/s" || figure.unit === "B" || figure.unit === "s" || figure.unit === "ms" ? ` ${figure.unit}` : figure.unit;
const shown = (figure: Figure) => (figure.value === null ? "skipped" : `${figure.value}${unitText(figure)}`);
const targetText = (figure: Figure) =>
  figure.target === undefined ? "anchor" : `${figure.target.op === "<=" ? "≤" : "≥"} ${figure.target.value}${unitText(figure)}`;
const metText = (figure: Figure) => {
  const outcome = met(figure);
  if (figure.target === undefined) return "–";
  return outcome === null ? `skipped: ${figure.skipped ?? "not measured"}` : outcome ? "yes" : "**no**";
};

function summaryTable(figures: Figure[]): string {
  return table(
    figures.map((figure) => ({
      figure: figure.label,
      "`--json` key": `\`${figure.key}\``,
      measured: shown(figure),
      target: targetText(figure),
      "met?": metText(figure),
      "anchors (same run)": figure.baseline,
    })),
  );
}

function profileText(profile: ProfileSummary): string {
  return [
    `Profile: ${profile.subject}, ${profile.totalMs} ms of samples (self time).`,
    "",
    "Where the time goes, by module:",
    "",
    table(profile.modules.map((entry) => ({ module: entry.name, "self ms": entry.selfMs, "%": entry.share }))),
    "",
    "Top functions:",
    "",
    table(profile.functions.map((entry) => ({ function: entry.name, "self ms": entry.selfMs, "%": entry.share }))),
  ].join("\n");
}

export function render(sections: Section[], host: Machine, mode: { quick: boolean; seconds: number }): string {
  const figures = sections.flatMap((section) => section.figures);
  const missed = figures.filter((figure) => met(figure) === false);
  const out: string[] = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (`bench/run.ts`); do not edit by hand. Every number below was measured in the run that wrote this file, each v2kit figure beside its anchors (JSON.parse, Ajv, `node -e 0`, openapi-typescript, zod) measured in the same run.",
    "",
    `Run: ${mode.quick ? "`--quick` (fewer runs, NDJSON 10k/100k, smaller synthetic documents)" : "full"}, ${Math.round(mode.seconds)} s. Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, Node ${host.node}, ${host.os}. Peak RSS via ${host.rss}.`,
    "",
    "## Summary",
    "",
    summaryTable(figures),
    "",
  ];
  for (const section of sections) {
    out.push(`## ${section.title}`, "", section.method, "", table(section.rows), "");
    for (const t of section.tables ?? []) if (t.figure === undefined) out.push(`${t.title}:`, "", table(t.rows), "", ...(t.note ? [t.note, ""] : []));
    for (const profile of section.profiles) if (profile.figure === undefined && section.figures.length === 0) out.push(profileText(profile), "");
  }
  out.push("## Gaps", "");
  if (missed.length === 0) out.push("Every target with a measured value was met in this run.", "");
  for (const figure of missed) {
    out.push(`### ${figure.label}: ${shown(figure)}, target ${targetText(figure)}`, "", figure.baseline, "");
    const section = sections.find((candidate) => candidate.figures.includes(figure));
    for (const t of section?.tables ?? []) if (t.figure === figure.key) out.push(`${t.title}:`, "", table(t.rows), "", ...(t.note ? [t.note, ""] : []));
    for (const profile of section?.profiles ?? []) if (profile.figure === undefined || profile.figure === figure.key) out.push(profileText(profile), "");
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
