// Where the time goes when a target is missed: a V8 CPU profile (in process through the
// inspector, or of a child with --cpu-prof) folded into self time per function and per module.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fromRoot } from "./context.js";
import { type ChildOptions, runNode } from "./stats.js";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  /** What was profiled. */
  subject: string;
  /** The key of the figure whose gap it explains. */
  figure?: string;
  totalMs: number;
  functions: ProfileEntry[];
  modules: ProfileEntry[];
}

/** The package (node_modules/NAME), the file of this repo, or the V8/node category of a frame. */
function moduleOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("/node_modules/");
  if (nm !== -1) {
    const rest = file.slice(nm + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? file);
  }
  const relative = path.relative(fromRoot(), file);
  return relative.startsWith("..") ? file : relative;
}

export function summarize(profile: CpuProfile, subject: string, top = 12): ProfileSummary {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    const module = moduleOf(url, functionName);
    const name = `${functionName || "(anonymous)"} ${url === "" ? "" : `${module}:${lineNumber + 1}`}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    total += us;
  }
  const rank = (totals: Map<string, number>) =>
    [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 100) / 10, share: total === 0 ? 0 : Math.round((us / total) * 1000) / 10 }));
  return { subject, totalMs: Math.round(total / 1000), functions: rank(byFunction), modules: rank(byModule) };
}

/** Profile `fn` called in a loop for about `ms` milliseconds in this process. */
export async function profileInProcess(subject: string, fn: () => unknown, ms: number): Promise<ProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    const end = Date.now() + ms;
    while (Date.now() < end) for (let i = 0; i < 200; i++) fn();
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: CpuProfile };
    return summarize(profile, subject);
  } finally {
    session.disconnect();
  }
}

/** Profile one run of `node SCRIPT ARGS` with --cpu-prof. */
export async function profileChild(subject: string, script: string, args: readonly string[], options: ChildOptions = {}): Promise<ProfileSummary | null> {
  const dir = mkdtempSync(path.join(tmpdir(), "v2kit-prof-"));
  try {
    await runNode(script, args, { ...options, nodeFlags: [...(options.nodeFlags ?? []), "--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", "200"] });
    const file = readdirSync(dir).find((fileName) => fileName.endsWith(".cpuprofile"));
    if (file === undefined) return null;
    return summarize(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile, subject);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Profile one run of `node SCRIPT ARGS` with --cpu-prof, every thread: node writes one profile
 * per thread (worker threads too), named CPU.DATE.TIME.PID.THREAD.SEQ. One summary per thread,
 * the main thread (0) first, each subject naming its thread.
 */
export async function profileChildThreads(subject: string, script: string, args: readonly string[], options: ChildOptions = {}): Promise<ProfileSummary[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "v2kit-prof-"));
  try {
    await runNode(script, args, { ...options, nodeFlags: [...(options.nodeFlags ?? []), "--cpu-prof", "--cpu-prof-dir", dir, "--cpu-prof-interval", "200"] });
    return readdirSync(dir)
      .filter((fileName) => fileName.endsWith(".cpuprofile"))
      .map((fileName) => ({ fileName, pid: Number(fileName.split(".")[3]), thread: Number(fileName.split(".")[4]) }))
      .sort((a, b) => a.pid - b.pid || a.thread - b.thread)
      .map(({ fileName, thread }) =>
        summarize(
          JSON.parse(readFileSync(path.join(dir, fileName), "utf8")) as CpuProfile,
          `${subject}, ${thread === 0 ? "main thread" : `worker thread ${thread}`}`,
        ),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
