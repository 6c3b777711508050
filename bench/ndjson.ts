// 4. Bulk: `v2kit lint --ndjson` over generated files of 10k…1M bodies: MB/s, and peak RSS at
// the largest ÷ peak RSS at the smallest (streaming must keep memory flat), for --jobs 1 and
// --jobs 2. Throughput on one file of 200k bodies (50k with --quick): --jobs 1 against the anchor,
// a hand-written readline + JSON.parse + Ajv standalone loop over the same file, and --jobs 2
// against --jobs 1, run interleaved in the same run.

import { createWriteStream, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { ndjsonMix } from "./bodies.js";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import { type Figure, met, type Row, type Section } from "./figures.js";
import { type ProfileSummary, profileChildThreads } from "./profile.js";
import { type ChildRun, interleaved, median, ratio, round, runNode } from "./stats.js";
import { requestValidatorModule } from "./validator-export.js";

/** Write `count` bodies (cycling through the mix) to `file`, in constant memory. */
async function writeNdjson(file: string, count: number): Promise<number> {
  const mix = ndjsonMix();
  const block = Array.from({ length: 1000 }, (_, i) => mix[i % mix.length]).join("\n") + "\n";
  const stream = createWriteStream(file);
  let written = 0;
  while (written < count) {
    const batch = Math.min(1000, count - written);
    const chunk = batch === 1000 ? block : Array.from({ length: batch }, (_, i) => mix[i % mix.length]).join("\n") + "\n";
    if (!stream.write(chunk)) await once(stream, "drain");
    written += batch;
  }
  stream.end();
  await once(stream, "finish");
  return statSync(file).size;
}

/** Peaks of the JS heap and of buffers (the memory probe), in MiB. */
function memoryColumns(run: ChildRun | null): Row {
  const memory = run?.memory ?? null;
  const mib = (key: string) => (memory?.[key] === undefined ? null : round((memory[key] as number) / 1024, 1));
  return {
    "heap used MiB": mib("heapUsed"),
    "retained after GC MiB": mib("retainedHeap"),
    "heap total MiB": mib("heapTotal"),
    "external MiB": mib("external"),
    "array buffers MiB": mib("arrayBuffers"),
  };
}

const label = (count: number) => (count >= 1_000_000 ? `${count / 1_000_000}M` : `${count / 1000}k`);

const lintArgs = (file: string, jobs: number) => ["lint", "--operation", "createEndpoint", "--ndjson", "--jobs", String(jobs), file];

/** One run of lint --ndjson; exit 1 is expected (the mix holds invalid bodies on purpose). */
async function lintRun(file: string, jobs: number, options: { rss?: boolean; memoryProbe?: boolean } = {}): Promise<ChildRun> {
  const run = await runNode(cli(), lintArgs(file, jobs), options);
  if (run.code !== 1) throw new Error(`bench: lint --ndjson --jobs ${jobs} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** A row of the throughput table from the median wall time of its runs. */
function rateRow(run: string, count: number, bytes: number, ms: number[]): Row {
  const seconds = median(ms) / 1000;
  return { run, MB: round(bytes / 1e6, 1), s: round(seconds, 2), "MB/s": round(bytes / 1e6 / seconds, 1), "bodies/s": Math.round(count / seconds) };
}

export async function ndjson(config: BenchConfig): Promise<Section> {
  const sizes = config.ndjsonSizes;
  const exportName = requestValidatorModule("createEndpoint");
  const rows: Row[] = [];
  const runs = new Map<number, ChildRun>();
  const jobRuns = new Map<number, ChildRun>();
  const first = sizes[0] as number;
  const last = sizes.at(-1) as number;
  for (const count of sizes) {
    const file = path.join(config.scratch, `bodies-${count}.ndjson`);
    const bytes = await writeNdjson(file, count);
    log(`ndjson: ${label(count)} bodies (${round(bytes / 1e6, 1)} MB)`);
    for (const jobs of count === first || count === last ? [1, 2] : [1]) {
      const run = await lintRun(file, jobs, { rss: true, memoryProbe: true });
      (jobs === 1 ? runs : jobRuns).set(count, run);
      rows.push({
        run: `v2kit lint --ndjson --jobs ${jobs}, ${label(count)} bodies`,
        MB: round(bytes / 1e6, 1),
        s: round(run.ms / 1000, 2),
        "MB/s": round(bytes / 1e6 / (run.ms / 1000), 1),
        "bodies/s": Math.round(count / (run.ms / 1000)),
        "peak RSS MiB": run.rssKiB === null ? null : round(run.rssKiB / 1024, 1),
        ...memoryColumns(run),
      });
    }
    rmSync(file);
  }
  const figure = rssFigure("ndjson_rss_1m_vs_10k", "NDJSON peak RSS", runs, first, last);
  const jobsFigure = rssFigure("ndjson_jobs2_rss_1m_vs_10k", "NDJSON --jobs 2 peak RSS", jobRuns, first, last);
  const speed = await throughput(config, exportName);
  // Where the growth is: peak RSS against the peaks of the JS heap and of buffers.
  const components: [string, (r: ChildRun) => number | null][] = [
    ["peak RSS", (childRun) => childRun.rssKiB],
    ["JS heap used", (childRun) => childRun.memory?.heapUsed ?? null],
    ["JS heap retained after a full GC at exit", (childRun) => childRun.memory?.retainedHeap ?? null],
    ["JS heap reserved (heapTotal)", (childRun) => childRun.memory?.heapTotal ?? null],
    ["external (Buffers, streams)", (childRun) => childRun.memory?.external ?? null],
    ["array buffers (part of external)", (childRun) => childRun.memory?.arrayBuffers ?? null],
  ];
  const firstRun = runs.get(first);
  const lastRun = runs.get(last);
  const growth: Row[] =
    firstRun && lastRun
      ? components.map(([name, get]) => {
          const a = get(firstRun);
          const b = get(lastRun);
          return {
            "memory (peak)": name,
            [`${label(first)} MiB`]: a === null ? null : round(a / 1024, 1),
            [`${label(last)} MiB`]: b === null ? null : round(b / 1024, 1),
            "growth MiB": a === null || b === null ? null : round((b - a) / 1024, 1),
          };
        })
      : [];
  return {
    title: "Bulk NDJSON",
    method: `Files of ${sizes.map(label).join(", ")} createEndpoint bodies are written to the scratch directory (a cycle of the valid GPU, valid CPU, large and invalid bodies: one in four invalid), linted by one \`v2kit lint --operation createEndpoint --ndjson --jobs 1 FILE\` process each (and \`--jobs 2\` at the smallest and the largest) with stdout discarded (/dev/null); wall time and peak RSS of the whole process (worker threads included); \`bench/memory-probe.ts\`, preloaded, samples the main thread's \`process.memoryUsage()\` every 100 ms to tell JS heap from buffers. Throughput: ${speed.method}`,
    rows: [...rows, ...speed.rows],
    figures: [figure, jobsFigure, ...speed.figures],
    profiles: speed.profiles,
    tables: [
      {
        title: `Where the memory grows, ${label(first)} → ${label(last)} bodies (peaks of \`process.memoryUsage()\`, sampled every 100 ms; RSS beyond heap + external is the allocator and code)`,
        rows: growth,
        figure: figure.key,
        note: retainedNote(firstRun, lastRun),
      },
    ],
    details: {
      sizes,
      rssKiB: Object.fromEntries([...runs].map(([count, childRun]) => [count, childRun.rssKiB])),
      ms: Object.fromEntries([...runs].map(([count, childRun]) => [count, childRun.ms])),
      jobs2RssKiB: Object.fromEntries([...jobRuns].map(([count, childRun]) => [count, childRun.rssKiB])),
      throughput: speed.details,
    },
  };
}

/** The conclusion the retained heap allows: a leak keeps objects alive, GC lag does not. */
function retainedNote(a: ChildRun | undefined, b: ChildRun | undefined): string | undefined {
  const before = a?.memory?.retainedHeap;
  const after = b?.memory?.retainedHeap;
  if (before === undefined || after === undefined) return undefined;
  const grew = round((after - before) / 1024, 1);
  return grew < 2
    ? `The heap retained after a full collection stays at ${round(before / 1024, 1)} → ${round(after / 1024, 1)} MiB: nothing accumulates per body (no leak). The growth is V8 sizing its heap to the allocation rate (heap total) and read-stream chunks waiting for a collection (array buffers): less allocation per body, or smaller/fewer live chunks, flattens it.`
    : `The heap retained after a full collection grows by ${grew} MiB (${round(before / 1024, 1)} → ${round(after / 1024, 1)} MiB): something is kept per body — a leak to find with a heap snapshot.`;
}

/** Peak RSS of the largest run ÷ the smallest (flat memory: close to 1). */
function rssFigure(key: string, what: string, runs: Map<number, ChildRun>, first: number, last: number): Figure {
  const rssFirst = runs.get(first)?.rssKiB ?? null;
  const rssLast = runs.get(last)?.rssKiB ?? null;
  const mib = (kib: number | null) => (kib === null ? "?" : round(kib / 1024, 1));
  return {
    key,
    label: `${what} ${label(last)} ÷ ${label(first)}`,
    value: ratio(rssLast, rssFirst),
    unit: "×",
    target: { op: "<=", value: 1.2 },
    baseline: `none (${label(first)}: ${mib(rssFirst)} MiB, ${label(last)}: ${mib(rssLast)} MiB)`,
    ...(rssFirst === null ? { skipped: "peak RSS not measurable here" } : {}),
  };
}

/**
 * Bodies per second on one file, interleaved (ABBA) so that a busy machine weighs on each
 * contender alike: the anchor, --jobs 1 and --jobs 2; medians of 3 rounds (2 with --quick).
 */
async function throughput(
  config: BenchConfig,
  exportName: string,
): Promise<{ method: string; rows: Row[]; figures: Figure[]; profiles: ProfileSummary[]; details: unknown }> {
  const count = config.quick ? 50_000 : 200_000;
  const rounds = config.quick ? 2 : 3;
  const file = path.join(config.scratch, `bodies-throughput-${count}.ndjson`);
  const bytes = await writeNdjson(file, count);
  const anchor = fromRoot("dist", "bench", "anchors", "ndjson-parse-ajv.js");
  const cpus = availableParallelism();
  const loadBefore = loadavg()[0] as number;
  log(`ndjson: throughput on ${label(count)} bodies (${round(bytes / 1e6, 1)} MB), ${rounds} round(s), ${cpus} CPU(s)`);
  const ms = await interleaved(
    {
      anchor: async () => {
        const run = await runNode(anchor, [exportName, file]);
        if (run.code !== 0) throw new Error(`bench: the NDJSON anchor exited ${run.code}: ${run.stderr}`);
        return run.ms;
      },
      jobs1: async () => (await lintRun(file, 1)).ms,
      jobs2: async () => (await lintRun(file, 2)).ms,
    },
    rounds,
  );
  const rate = (samples: number[]) => count / (median(samples) / 1000);
  const [anchorRate, oneRate, twoRate] = [rate(ms.anchor), rate(ms.jobs1), rate(ms.jobs2)];
  // Linux shares the CPU between sessions (autogroups), not threads: on a machine already busy
  // with other work, two threads of one process get no more CPU than one. The load says how busy.
  const ceiling = await threadCeiling();
  const load = `load average ${round(loadBefore, 1)} before, ${round(loadavg()[0] as number, 1)} after; a CPU loop on 2 threads ÷ 1 thread: ${ceiling ?? "?"}×`;
  const perSecond = (bodiesPerSecond: number) => `${Math.round(bodiesPerSecond / 100) / 10}k bodies/s`;
  const figures: Figure[] = [
    {
      key: "ndjson_vs_anchor",
      label: "lint --ndjson (--jobs 1) bodies/s ÷ readline + JSON.parse + Ajv standalone",
      value: ratio(oneRate, anchorRate),
      unit: "×",
      target: { op: ">=", value: 1.0 },
      baseline: `anchor ${perSecond(anchorRate)}, --jobs 1 ${perSecond(oneRate)}`,
    },
    {
      key: "ndjson_jobs_scaling",
      label: "lint --ndjson --jobs 2 bodies/s ÷ --jobs 1",
      value: ratio(twoRate, oneRate),
      unit: "×",
      target: { op: ">=", value: 1.8 },
      baseline: `--jobs 1 ${perSecond(oneRate)}, --jobs 2 ${perSecond(twoRate)}; ${load}`,
      ...(cpus < 2 ? { skipped: "one CPU available: two threads cannot run at once" } : {}),
    },
  ];
  const profiles = await gapProfiles(file, figures);
  rmSync(file);
  return {
    method: `one file of ${label(count)} bodies of the same mix (${round(bytes / 1e6, 1)} MB); ${rounds} round(s) of the anchor (\`bench/anchors/ndjson-parse-ajv.ts\`: readline + JSON.parse + the Ajv standalone createEndpoint validator, one JSON result line per body), \`--jobs 1\` and \`--jobs 2\`, interleaved, each a whole process (start-up included) writing to /dev/null; bodies/s from the median wall time; ${cpus} CPU(s) available, ${load} (on a machine busy with other sessions, --jobs 2 gets no more CPU than --jobs 1: the CPU loop on 2 threads ÷ 1 thread, measured right after, is the most this machine allowed at the time).`,
    rows: [
      rateRow(`anchor: readline + JSON.parse + Ajv standalone, ${label(count)} bodies`, count, bytes, ms.anchor),
      rateRow(`v2kit lint --ndjson --jobs 1, ${label(count)} bodies (throughput)`, count, bytes, ms.jobs1),
      rateRow(`v2kit lint --ndjson --jobs 2, ${label(count)} bodies (throughput)`, count, bytes, ms.jobs2),
    ],
    figures,
    profiles,
    details: { bodies: count, bytes, rounds, cpus, load: [loadBefore, loadavg()[0]], threadCeiling: ceiling, ms },
  };
}

/**
 * Where the time goes for each missed throughput figure, profiled (--cpu-prof, every thread) on
 * the same file in the same run: --jobs 1 (one process: it holds its own young generation,
 * cli/lint/ndjson/heap.ts) for ndjson_vs_anchor;
 * --jobs 2's main thread and one worker for ndjson_jobs_scaling.
 */
async function gapProfiles(file: string, figures: Figure[]): Promise<ProfileSummary[]> {
  const profiles: ProfileSummary[] = [];
  const missed = (key: string) => figures.some((figure) => figure.key === key && met(figure) === false);
  if (missed("ndjson_vs_anchor")) {
    log("ndjson: profiling --jobs 1 (ndjson_vs_anchor missed)");
    const [one] = await profileChildThreads("`v2kit lint --ndjson --jobs 1`", cli(), lintArgs(file, 1));
    if (one) profiles.push({ ...one, figure: "ndjson_vs_anchor" });
  }
  if (missed("ndjson_jobs_scaling")) {
    log("ndjson: profiling --jobs 2 (ndjson_jobs_scaling missed)");
    const [main, worker] = await profileChildThreads("`v2kit lint --ndjson --jobs 2`", cli(), lintArgs(file, 2));
    for (const profile of [main, worker]) if (profile) profiles.push({ ...profile, figure: "ndjson_jobs_scaling" });
  }
  return profiles;
}

/**
 * What the machine lets two threads do right now: a CPU-bound loop on two worker threads ÷ the
 * same work on one (2.0 on two idle cores). The --jobs 2 scaling cannot be above it.
 */
async function threadCeiling(): Promise<number | null> {
  const { Worker } = await import("node:worker_threads");
  const source = `const { parentPort, workerData } = require("node:worker_threads");
    let x = 0; for (let i = 0; i < workerData; i++) x = (x * 31 + i) % 1000003;
    parentPort.postMessage(x);`;
  const spin = (iterations: number) =>
    new Promise((resolve, reject) => new Worker(source, { eval: true, workerData: iterations }).on("message", resolve).on("error", reject));
  const work = 4e8;
  let started = performance.now();
  await spin(work);
  const one = performance.now() - started;
  started = performance.now();
  await Promise.all([spin(work / 2), spin(work / 2)]);
  return ratio(one, performance.now() - started);
}
