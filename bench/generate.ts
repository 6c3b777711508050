// 3. Generate: a cold `v2kit generate` (all artifacts) on our schema and on the upstream v2
// document, against openapi-typescript (types only) on the same documents in the same run; and
// a no-op `generate` (inputs unchanged, stamp current) against `node -e 0`.

import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type BenchConfig, cli, fromRoot, log, openapiTypescriptCli, upstreamDocument } from "./context.js";
import type { Breakdown, Figure, Row, Section } from "./figures.js";
import { met } from "./figures.js";
import { incremental } from "./generate-incremental.js";
import { type ProfileSummary, profileChild } from "./profile.js";
import { type ChildRun, interleaved, median, ratio, round, runNode } from "./stats.js";

function checked(what: string, run: ChildRun): ChildRun {
  if (run.code !== 0) throw new Error(`bench: ${what} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** Wall time and peak RSS of one contender over its runs. */
interface Cold {
  ms: number[];
  rssKiB: number[];
}

export async function generate(config: BenchConfig): Promise<Section> {
  const upstream = upstreamDocument();
  const bundledSpec = fromRoot("schema", "v2.openapi.yaml");
  const out = (name: string) => path.join(config.scratch, name);
  const contenders: Record<string, { script: string; args: string[] }> = {
    "v2kit generate, our schema": { script: cli(), args: ["generate", "--force", "--quiet", "--out", out("gen-ours")] },
    "openapi-typescript, our schema": { script: openapiTypescriptCli(), args: [bundledSpec, "-o", out("oat-ours.ts")] },
  };
  if ("file" in upstream) {
    contenders["v2kit generate, upstream v2"] = {
      script: cli(),
      args: ["generate", "--spec", upstream.file, "--force", "--quiet", "--out", out("gen-upstream")],
    };
    contenders["openapi-typescript, upstream v2"] = { script: openapiTypescriptCli(), args: [upstream.file, "-o", out("oat-upstream.ts")] };
  }
  const cold: Record<string, Cold> = Object.fromEntries(Object.keys(contenders).map((k) => [k, { ms: [], rssKiB: [] }]));
  log(`generate: ${config.generateRuns} cold runs of ${Object.keys(contenders).length} contenders`);
  await interleaved(
    Object.fromEntries(
      Object.entries(contenders).map(([name, contender]) => [
        name,
        async () => {
          const run = checked(name, await runNode(contender.script, contender.args, { rss: true }));
          cold[name]?.ms.push(run.ms);
          if (run.rssKiB !== null) cold[name]?.rssKiB.push(run.rssKiB);
          return run.ms;
        },
      ]),
    ),
    config.generateRuns,
  );
  const ms = (name: string) => (cold[name] ? median(cold[name].ms) : null);
  const mib = (name: string) => (cold[name] && cold[name].rssKiB.length > 0 ? round(Math.max(...cold[name].rssKiB) / 1024, 1) : null);
  const rows: Row[] = Object.keys(contenders).map((name) => ({
    run: name,
    "median ms": round(ms(name) ?? Number.NaN, 0),
    "peak RSS MiB": mib(name),
  }));

  // No-op: the stamp of gen-ours is current now; nothing may be rewritten.
  log(`generate: ${config.coldRuns} no-op runs`);
  const stamp = path.join(out("gen-ours"), ".v2kit-stamp.json");
  const before = statSync(stamp).mtimeMs;
  const noop = await interleaved(
    {
      node: async () => checked("node -e 0", await runNode("-e", ["0"])).ms,
      noop: async () => checked("no-op generate", await runNode(cli(), ["generate", "--quiet", "--out", out("gen-ours")])).ms,
    },
    config.coldRuns,
  );
  if (statSync(stamp).mtimeMs !== before) throw new Error("bench: the no-op generate rewrote its stamp: it was not a no-op");
  const noopMs = median(noop.noop);
  const nodeMs = median(noop.node);
  rows.push({ run: "v2kit generate, inputs unchanged (no-op)", "median ms": round(noopMs, 1), "peak RSS MiB": null });
  rows.push({ run: "node -e 0", "median ms": round(nodeMs, 1), "peak RSS MiB": null });

  const edits = await incremental(config, "file" in upstream ? { file: upstream.file, label: "upstream v2" } : { file: bundledSpec, label: "our schema" });
  rows.push(...edits.rows);

  const upstreamFigure: Figure = {
    key: "generate_vs_openapi_typescript",
    label: "cold `generate` upstream v2 (all artifacts) ÷ openapi-typescript (types only)",
    value: ratio(ms("v2kit generate, upstream v2"), ms("openapi-typescript, upstream v2")),
    unit: "×",
    target: { op: "<=", value: 1.0 },
    baseline:
      "file" in upstream
        ? `openapi-typescript: ${round((ms("openapi-typescript, upstream v2") ?? 0) / 1000, 2)} s, ${mib("openapi-typescript, upstream v2")} MiB; v2kit: ${round((ms("v2kit generate, upstream v2") ?? 0) / 1000, 2)} s, ${mib("v2kit generate, upstream v2")} MiB`
        : "n/a",
    ...("skipped" in upstream ? { skipped: upstream.skipped } : {}),
  };
  const noopFigure: Figure = {
    key: "noop_generate_vs_node",
    label: "no-op `generate` ÷ `node -e 0`",
    value: ratio(noopMs, nodeMs),
    unit: "×",
    target: { op: "<=", value: 2 },
    baseline: `none (node -e 0 ${round(nodeMs, 1)} ms, no-op generate ${round(noopMs, 1)} ms)`,
  };
  const profiles: ProfileSummary[] = [];
  const tables: Breakdown[] = [];
  const details: Record<string, unknown> = { coldMs: Object.fromEntries(Object.keys(cold).map((k) => [k, ms(k)])), noopMs, nodeMs };
  if (met(upstreamFigure) === false && "file" in upstream) {
    log("generate: stage breakdown and profile of the upstream generate (target missed)");
    const stagesFile = out("stages.json");
    checked("generate stages", await runNode(fromRoot("dist", "bench", "anchors", "generate-stages.js"), [upstream.file, stagesFile]));
    const breakdown = JSON.parse(readFileSync(stagesFile, "utf8")) as { stages: { stage: string; ms: number }[]; rssKiB: number };
    details.upstreamStages = breakdown;
    tables.push({
      title: `Cold generate of the upstream v2 document, stage by stage (one process, peak RSS ${round(breakdown.rssKiB / 1024, 1)} MiB)`,
      rows: breakdown.stages.map((timing) => ({ stage: timing.stage, ms: timing.ms })),
      figure: upstreamFigure.key,
    });
    const profile = await profileChild(
      "one cold `v2kit generate --spec upstream-v2-openapi.json --force` (--cpu-prof)",
      cli(),
      contenders["v2kit generate, upstream v2"]?.args ?? [],
    );
    if (profile) profiles.push({ ...profile, figure: upstreamFigure.key });
  }
  if (met(noopFigure) === false) {
    const profile = await profileChild("one no-op `v2kit generate` (--cpu-prof)", cli(), ["generate", "--quiet", "--out", out("gen-ours")]);
    if (profile) profiles.push({ ...profile, figure: noopFigure.key });
  }
  return {
    title: "Generate",
    method: `Cold: a fresh process with \`--force\` into a scratch directory, ${config.generateRuns} runs of each contender interleaved (ABBA), medians; peak RSS is the largest of the runs (${"file" in upstream ? "upstream v2 document present" : `upstream skipped: ${upstream.skipped}`}). v2kit writes every artifact (types, validators, rule engine, RULES.md, property tests); openapi-typescript writes types only. No-op: \`generate\` again into the same directory with its stamp current, ${config.coldRuns} runs alternating with \`node -e 0\`; the stamp's mtime is checked to prove nothing was regenerated. After an edit (bench/generate-incremental.ts): \`generate\` after a rules-only edit and after a one-schema edit, each with its own inputs and output folder edited again before every run, interleaved with a full \`--force\` run of the same document; ratios against that full run, no target.`,
    rows,
    figures: [upstreamFigure, noopFigure, ...edits.figures],
    profiles,
    tables,
    details,
  };
}
