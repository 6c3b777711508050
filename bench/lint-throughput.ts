// 1. Lint throughput in process: text in → verdict (parse + schema + rules + resolved body),
// against JSON.parse of the same text (the floor) and Ajv alone on the parsed body (the
// generated standalone validator the engine itself runs).

import { engine } from "../output/index.mjs";
import type { ValidateFunction } from "../engine/types.js";
import { lint } from "../lint/lint.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { invalidBody, largeBody, validBody } from "./bodies.js";
import type { BenchConfig } from "./context.js";
import { fromRoot, log } from "./context.js";
import { type Breakdown, type Figure, met, type Row, type Section } from "./figures.js";
import { profileInProcess } from "./profile.js";
import { interleaved, median, nsPerCall, ratio, round, runNode } from "./stats.js";

const OPERATION = "createEndpoint";

export interface BodyResult {
  name: string;
  bytes: number;
  /** Median nanoseconds per call, by contender. */
  ns: { parse: number; ajv: number; parseAjv: number; lint: number };
}

/** Calls per batch so that one batch of `fn` takes about 25 ms. */
function batchSize(fn: () => unknown): number {
  let calls = 50;
  for (;;) {
    const ns = nsPerCall(fn, calls) * calls;
    if (ns > 5e6 || calls >= 1e6) return Math.max(50, Math.round((calls * 25e6) / ns));
    calls *= 4;
  }
}

async function measureBody(name: string, text: string, rounds: number): Promise<BodyResult> {
  const validate = engine.operations.get(OPERATION)?.request as ValidateFunction;
  const parsed = JSON.parse(text) as unknown;
  const fns = {
    parse: () => JSON.parse(text),
    ajv: () => validate(parsed),
    parseAjv: () => validate(JSON.parse(text)),
    lint: () => lint(text, { operation: OPERATION }),
  };
  const sizes = Object.fromEntries(Object.entries(fns).map(([k, fn]) => [k, batchSize(fn)])) as Record<keyof typeof fns, number>;
  // One discarded round warms every contender up before the measured ones.
  const contenders = Object.fromEntries(Object.entries(fns).map(([k, fn]) => [k, () => nsPerCall(fn, sizes[k as keyof typeof fns])])) as Record<
    keyof typeof fns,
    () => number
  >;
  await interleaved(contenders, 1);
  const samples = await interleaved(contenders, rounds);
  return {
    name,
    bytes: Buffer.byteLength(text),
    ns: { parse: median(samples.parse), ajv: median(samples.ajv), parseAjv: median(samples.parseAjv), lint: median(samples.lint) },
  };
}

/** The bench's bodies, each checked to be what its name says. */
function benchBodies(): Record<"valid" | "invalid" | "large", string> {
  const bodies = { valid: validBody(), invalid: invalidBody(), large: largeBody() };
  for (const [name, text] of Object.entries(bodies)) {
    const verdict = lint(text, { operation: OPERATION });
    if (verdict.ok !== (name !== "invalid"))
      throw new Error(`bench: the ${name} body must be ${name === "invalid" ? "invalid" : "valid"}: ${JSON.stringify(verdict.violations)}`);
  }
  return bodies;
}

/** Every body measured in this process (bench/lint-throughput-child.ts runs it in a fresh one). */
export async function measureBodies(rounds: number): Promise<BodyResult[]> {
  const results: BodyResult[] = [];
  for (const [name, text] of Object.entries(benchBodies())) results.push(await measureBody(name, text, rounds));
  return results;
}

/**
 * Processes the measurement runs in. One process's JIT state decides a lot: on a shared 2-core
 * machine the same build measured lint ÷ JSON.parse 1.7× in one process and 3.6× in the next.
 * The figure is the median of the processes' ratios; the spread is reported beside it.
 * Seven in a full run (about 30 s): a process now and then falls into a state where the invalid
 * body measures 1.3–1.6 times its usual ratio (a young generation sized differently after the
 * forced collections, docs/engine.md "The invalid path"); with three, two such processes of
 * three decided the figure. The median of seven moves only when four of them do.
 */
const PROCESSES = { quick: 2, full: 7 };

export async function lintThroughput(config: BenchConfig): Promise<Section> {
  const bodies = benchBodies();
  const child = fromRoot("dist", "bench", "lint-throughput-child.js");
  const runs: BodyResult[][] = [];
  const processes = config.quick ? PROCESSES.quick : PROCESSES.full;
  for (let i = 0; i < processes; i++) {
    log(`lint throughput: process ${i + 1} of ${processes}`);
    const out = path.join(config.scratch, `lint-throughput-${i}.json`);
    const run = await runNode(child, [String(config.lintRounds), out]);
    if (run.code !== 0) throw new Error(`bench: ${child} exited ${run.code}: ${run.stderr}`);
    runs.push(JSON.parse(readFileSync(out, "utf8")) as BodyResult[]);
  }
  const nameOf = Object.keys(bodies);
  // Each contender: the median over processes of its per-process median.
  const results: BodyResult[] = nameOf.map((name) => {
    const mine = runs.map((processResults) => processResults.find((b) => b.name === name) as BodyResult);
    const pick = (k: keyof BodyResult["ns"]) => median(mine.map((b) => b.ns[k]));
    return { name, bytes: mine[0]?.bytes ?? 0, ns: { parse: pick("parse"), ajv: pick("ajv"), parseAjv: pick("parseAjv"), lint: pick("lint") } };
  });
  /** lint ÷ JSON.parse of each process, for one body. */
  const ratiosOf = (name: string) => runs.map((processResults) => processResults.find((b) => b.name === name) as BodyResult).map((b) => b.ns.lint / b.ns.parse);
  const perSecond = (ns: number) => Math.round(1e9 / ns);
  const rows: Row[] = results.map((result) => ({
    body: `${result.name} (${result.bytes} B)`,
    "JSON.parse /s": perSecond(result.ns.parse),
    "Ajv alone /s": perSecond(result.ns.ajv),
    "JSON.parse + Ajv /s": perSecond(result.ns.parseAjv),
    "lint /s": perSecond(result.ns.lint),
    "lint µs": round(result.ns.lint / 1000, 2),
    "JSON.parse + Ajv ÷ JSON.parse": ratio(result.ns.parseAjv, result.ns.parse),
    "lint ÷ JSON.parse": ratio(result.ns.lint, result.ns.parse),
  }));
  const by = (name: string) => results.find((result) => result.name === name) as BodyResult;
  const figure = (key: string, name: string, target: number): Figure => {
    const result = by(name);
    const ratios = ratiosOf(name);
    return {
      key,
      label: `lint ${name} body ÷ JSON.parse`,
      value: round(median(ratios), 3),
      unit: "×",
      target: { op: "<=", value: target },
      baseline: `JSON.parse + Ajv standalone: ${ratio(result.ns.parseAjv, result.ns.parse)}× (JSON.parse ${round(result.ns.parse / 1000, 2)} µs, lint ${round(result.ns.lint / 1000, 2)} µs); median of ${ratios.length} processes, which measured ${ratios.map((x) => `${round(x, 2)}×`).join(", ")}`,
    };
  };
  const figures = [figure("lint_valid_vs_parse", "valid", 1.6), figure("lint_invalid_vs_parse", "invalid", 3)];
  const profiles = [];
  const tables: Breakdown[] = [];
  for (const measured of figures) {
    if (met(measured) !== false) continue;
    const name = measured.key === "lint_valid_vs_parse" ? "valid" : "invalid";
    const text = bodies[name];
    const result = by(name);
    // lint = parse + Ajv + the rest (inspection, clone, stages, rules, verdict), by difference.
    const rest = result.ns.lint - result.ns.parseAjv;
    const part = (what: string, ns: number) => ({
      part: what,
      µs: round(ns / 1000, 2),
      "% of lint": round((ns / result.ns.lint) * 100, 1),
      "× JSON.parse": ratio(ns, result.ns.parse),
    });
    tables.push({
      title: `lint of the ${name} body, by difference of the medians`,
      rows: [
        part("JSON.parse", result.ns.parse),
        part("Ajv (schema)", result.ns.parseAjv - result.ns.parse),
        part("everything else: inspect, clone, stages, rules, verdict", rest),
        part("lint", result.ns.lint),
      ],
      figure: measured.key,
      note: `Meeting ≤ ${measured.target?.value}× leaves ${round((((measured.target?.value ?? 0) - 1) * result.ns.parse) / 1000, 2)} µs beyond JSON.parse for Ajv and the engine together; Ajv alone takes ${round((result.ns.parseAjv - result.ns.parse) / 1000, 2)} µs, the engine ${round(rest / 1000, 2)} µs.`,
    });
    log(`lint throughput: profiling the ${name} body (target missed)`);
    profiles.push({
      ...(await profileInProcess(`lint(${name} body) in a loop, in process`, () => lint(text, { operation: OPERATION }), config.quick ? 1500 : 4000)),
      figure: measured.key,
    });
  }
  return {
    title: "Lint throughput (in process)",
    method: `The measurement runs in ${processes} fresh processes one after another (\`bench/lint-throughput-child.ts\`): one process's JIT state can swing these ratios twofold on a shared machine, so each figure is the median of the processes' ratios (their spread is beside it), and the table shows each contender's median over the processes. In each process, each contender is called in batches of about 25 ms; batches of the four contenders are interleaved (ABBA order), one warm-up round is discarded, and the median ns per call is kept. \`lint\` is the library call \`lint(text, {operation: "createEndpoint"})\` (JSON text in, verdict with the resolved body out, bundled catalog). \`Ajv alone\` is the generated standalone validator (\`output/validators/createEndpoint.mjs\`) on the already parsed body; \`JSON.parse + Ajv\` parses then validates.`,
    rows,
    figures,
    profiles,
    tables,
    details: {
      ...Object.fromEntries(results.map((result) => [result.name, { bytes: result.bytes, ns: result.ns }])),
      processes: runs.map((run) => Object.fromEntries(run.map((result) => [result.name, result.ns]))),
    },
  };
}
