// 2. Cold start: `v2kit lint --operation createEndpoint one.json` as a whole process, against
// `node -e 0` and a hand-written Ajv standalone script, runs alternating (ABBA); beside it the
// same command through tsc's unbundled entry (what the bundle saves, docs/cold-start.md).

import { readFileSync } from "node:fs";
import path from "node:path";
import { writeCreateEndpointValidator } from "./anchor-validator.js";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import type { Breakdown, Figure, Section } from "./figures.js";
import { met } from "./figures.js";
import { profileChild } from "./profile.js";
import { interleaved, median, quantile, ratio, round, runNode } from "./stats.js";
import { requestValidatorModule } from "./validator-export.js";

export async function coldStart(config: BenchConfig): Promise<Section> {
  const body = fromRoot("examples", "create-endpoint-gpu.json");
  const lintArgs = ["lint", "--operation", "createEndpoint", body];
  const anchor = fromRoot("dist", "bench", "anchors", "ajv-standalone-lint.js");
  const anchorArgs = [await writeCreateEndpointValidator(config.scratch), "validate", body];
  const allArgs = [fromRoot("dist", "output", requestValidatorModule("createEndpoint")), "request", body];
  const timed = (script: string, args: string[]) => async () => {
    const run = await runNode(script, args);
    if (run.code !== 0) throw new Error(`bench: ${script} ${args.join(" ")} exited ${run.code}: ${run.stderr}`);
    return run.ms;
  };
  log(`cold start: ${config.coldRuns} runs each`);
  const unbundled = fromRoot("dist", "cli", "v2kit.unbundled.js");
  const samples = await interleaved(
    {
      node: timed("-e", ["0"]),
      lint: timed(cli(), lintArgs),
      ajv: timed(anchor, anchorArgs),
      ajvAll: timed(anchor, allArgs),
      unbundled: timed(unbundled, lintArgs),
    },
    config.coldRuns,
  );
  const ms = {
    node: median(samples.node),
    lint: median(samples.lint),
    ajv: median(samples.ajv),
    ajvAll: median(samples.ajvAll),
    unbundled: median(samples.unbundled),
  };
  const rss = {
    node: (await runNode("-e", ["0"], { rss: true })).rssKiB,
    lint: (await runNode(cli(), lintArgs, { rss: true })).rssKiB,
    ajv: (await runNode(anchor, anchorArgs, { rss: true })).rssKiB,
    ajvAll: (await runNode(anchor, allArgs, { rss: true })).rssKiB,
    unbundled: (await runNode(unbundled, lintArgs, { rss: true })).rssKiB,
  };
  const row = (name: string, key: keyof typeof ms) => ({
    process: name,
    "median ms": round(ms[key], 1),
    "min ms": round(Math.min(...samples[key]), 1),
    "p90 ms": round(quantile(samples[key], 0.9), 1),
    "÷ node -e 0": ratio(ms[key], ms.node),
    "peak RSS MiB": rss[key] === null ? null : round(rss[key] / 1024, 1),
  });
  const figure: Figure = {
    key: "cold_lint_vs_node",
    label: "cold `lint` ÷ `node -e 0`",
    value: ratio(ms.lint, ms.node),
    unit: "×",
    target: { op: "<=", value: 1.3 },
    baseline: `Ajv standalone (createEndpoint schema only): ${ratio(ms.ajv, ms.node)}×; the same script loading v2kit's generated output/validators/createEndpoint.mjs: ${ratio(ms.ajvAll, ms.node)}× (node -e 0 ${round(ms.node, 1)} ms, lint ${round(ms.lint, 1)} ms); tsc's unbundled entry: ${ratio(ms.unbundled, ms.node)}×`,
  };
  const profiles = [];
  const tables: Breakdown[] = [];
  if (met(figure) === false) {
    log("cold start: step breakdown and profile of lint (target missed)");
    const stepsFile = path.join(config.scratch, "lint-steps.json");
    await runNode(fromRoot("dist", "bench", "anchors", "lint-steps.js"), [body, stepsFile]);
    const breakdown = JSON.parse(readFileSync(stepsFile, "utf8")) as { steps: { step: string; ms: number }[] };
    tables.push({
      title:
        "Cold `lint`, step by step, as tsc's unbundled modules load (the library entry's way; the CLI loads them as one bundle: the unbundled row above), one process, each import counting only what earlier steps did not load",
      rows: breakdown.steps.map((timing) => ({ step: timing.step, ms: timing.ms })),
      figure: figure.key,
    });
    const profile = await profileChild("one `v2kit lint` process (--cpu-prof)", cli(), lintArgs);
    if (profile) profiles.push(profile);
  }
  return {
    title: "Cold start",
    method: `Each process is spawned fresh with stdout discarded; wall time from spawn to exit. ${config.coldRuns} runs of each, alternating (ABBA); medians. The anchor is \`bench/anchors/ajv-standalone-lint.ts\`: read the file, JSON.parse, run one Ajv standalone validator — compiled in this run for the createEndpoint request schema alone (\`bench/anchor-validator.ts\`), and, second row, v2kit's generated per-operation module \`output/validators/createEndpoint.mjs\`. The last row runs the same lint through tsc's unbundled entry (\`dist/cli/v2kit.unbundled.js\`, one module per source file), to show what the bundled entry (\`scripts/bundle-cli.mjs\`, docs/cold-start.md) saves. Peak RSS from one extra run each.`,
    rows: [
      row("node -e 0", "node"),
      row("Ajv standalone script, createEndpoint schema only", "ajv"),
      row("the same script on output/validators/createEndpoint.mjs", "ajvAll"),
      row("v2kit lint --operation createEndpoint one.json", "lint"),
      row("the same, through tsc's unbundled entry (dist/cli/v2kit.unbundled.js)", "unbundled"),
    ],
    figures: [figure],
    profiles,
    tables,
    details: { ms, rssKiB: rss },
  };
}
