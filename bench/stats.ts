// Statistics and timing helpers: medians, interleaved runs (so that drift of the machine hits
// every contender alike), and child processes timed with their peak RSS.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** The median of the samples (the mean of the middle two for an even count); NaN when empty. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The quantile at `fraction` (0..1) by linear interpolation between closest ranks. */
export function quantile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, fraction));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

/** a ÷ b rounded to 3 decimals; null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return Math.round((a / b) * 1000) / 1000;
}

/**
 * Run every contender `runs` times, interleaved: round i runs them in order, round i+1 in
 * reverse (ABBA), so neither a warming nor a cooling machine favours one of them.
 * Returns the samples of each contender, by name.
 */
export async function interleaved<K extends string>(contenders: Record<K, () => Promise<number> | number>, runs: number): Promise<Record<K, number[]>> {
  const names = Object.keys(contenders) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const name of order) samples[name].push(await contenders[name]());
  }
  return samples;
}

export interface ChildRun {
  /** Wall time from spawn to exit, in milliseconds. */
  ms: number;
  /** Peak resident set size in KiB, when asked for and measurable. */
  rssKiB: number | null;
  code: number | null;
  stderr: string;
  timedOut: boolean;
  /** Peaks of process.memoryUsage() in KiB, when the memory probe was asked for. */
  memory: Record<string, number> | null;
}

export interface ChildOptions {
  /** Measure peak RSS (adds /usr/bin/time or a preloaded probe to the process). */
  rss?: boolean;
  cwd?: string;
  timeoutMs?: number;
  /** Extra node flags (for example --cpu-prof). */
  nodeFlags?: string[];
  /** Preload bench/memory-probe.js: peaks of heap, external and array buffers. */
  memoryProbe?: boolean;
}

const TIME = "/usr/bin/time";
const probe = fileURLToPath(new URL("./rss-probe.js", import.meta.url));
const memoryProbe = fileURLToPath(new URL("./memory-probe.js", import.meta.url));

/** How peak RSS is measured on this machine: GNU time, or the child reporting its own maxRSS. */
export const rssMethod = existsSync(TIME) ? "/usr/bin/time -f %M" : "process.resourceUsage().maxRSS (preloaded probe)";

/**
 * Run `node SCRIPT ARGS` as a fresh process with stdout discarded; wall time, exit code and
 * optionally peak RSS. Every contender is a node script, so every one pays the same wrapper.
 */
export function runNode(script: string, args: readonly string[], options: ChildOptions = {}): Promise<ChildRun> {
  const scratch = options.rss || options.memoryProbe ? mkdtempSync(path.join(tmpdir(), "v2kit-rss-")) : undefined;
  const rssFile = scratch === undefined || !options.rss ? undefined : path.join(scratch, "rss");
  const memoryFile = scratch === undefined || !options.memoryProbe ? undefined : path.join(scratch, "memory.json");
  const flags = [...(options.nodeFlags ?? []), ...(memoryFile === undefined ? [] : ["--import", pathToFileURL(memoryProbe).href])];
  let command = process.execPath;
  let argv = [...flags, ...(script === "-e" ? ["-e", ...args] : [script, ...args])];
  const env: NodeJS.ProcessEnv = { ...process.env, ...(memoryFile === undefined ? {} : { V2KIT_BENCH_MEMORY_FILE: memoryFile }) };
  if (rssFile !== undefined) {
    if (existsSync(TIME)) {
      argv = ["-f", "%M", "-o", rssFile, process.execPath, ...argv];
      command = TIME;
    } else {
      argv = ["--import", pathToFileURL(probe).href, ...argv];
      env.V2KIT_BENCH_RSS_FILE = rssFile;
    }
  }
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(command, argv, { cwd: options.cwd, env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    let timedOut = false;
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString("utf8");
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (timer) clearTimeout(timer);
      let rssKiB: number | null = null;
      if (rssFile !== undefined && existsSync(rssFile)) {
        // GNU time writes "Command exited with non-zero status N" before %M on failure.
        const last = readFileSync(rssFile, "utf8").trim().split("\n").at(-1) ?? "";
        const value = Number.parseInt(last, 10);
        rssKiB = Number.isFinite(value) ? value : null;
      }
      const memory = memoryFile !== undefined && existsSync(memoryFile) ? (JSON.parse(readFileSync(memoryFile, "utf8")) as Record<string, number>) : null;
      if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
      resolve({ ms, rssKiB, code, stderr, timedOut, memory });
    });
  });
}

setFlagsFromString("--expose-gc");
/** A full collection, so that one contender's garbage is not collected on the next one's time. */
export const collectGarbage = runInNewContext("gc") as () => void;

/** Call `fn` `batch` times in a row; nanoseconds per call (results kept live so V8 cannot drop them). */
export function nsPerCall(fn: () => unknown, batch: number): number {
  let sink = 0;
  collectGarbage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) if (fn() !== undefined) sink++;
  const ns = Number(process.hrtime.bigint() - start);
  if (sink < 0) throw new Error("unreachable");
  return ns / batch;
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
