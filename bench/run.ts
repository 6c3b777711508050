// `npm run bench [-- --quick] [-- --json] [-- --only lint,cold,...]`: every measurement in one
// run, each v2kit figure beside its anchors; writes BENCHMARKS.md (unless --only), prints the
// figures as one JSON object with --json. Progress goes to stderr.

import { rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type BenchConfig, configFor, fromRoot, log } from "./context.js";
import { met, type Section } from "./figures.js";
import { machine, render } from "./report.js";

/** The measurements, in the order they run and appear; each module loads only when it runs. */
const SECTIONS: { name: string; title: string; run: (config: BenchConfig) => Promise<Section>; keys: string[] }[] = [
  {
    name: "lint",
    title: "Lint throughput (in process)",
    run: async (c) => (await import("./lint-throughput.js")).lintThroughput(c),
    keys: ["lint_valid_vs_parse", "lint_invalid_vs_parse"],
  },
  { name: "cold", title: "Cold start", run: async (c) => (await import("./cold-start.js")).coldStart(c), keys: ["cold_lint_vs_node"] },
  {
    name: "generate",
    title: "Generate",
    run: async (c) => (await import("./generate.js")).generate(c),
    keys: ["generate_vs_openapi_typescript", "noop_generate_vs_node", "generate_rules_edit_vs_full", "generate_schema_edit_vs_full"],
  },
  {
    name: "ndjson",
    title: "Bulk NDJSON",
    run: async (c) => (await import("./ndjson.js")).ndjson(c),
    keys: ["ndjson_rss_1m_vs_10k", "ndjson_jobs2_rss_1m_vs_10k", "ndjson_vs_anchor", "ndjson_jobs_scaling"],
  },
  {
    name: "detection",
    title: "Detection of single-rule violations",
    run: async (c) => (await import("./detection.js")).detection(c),
    keys: ["detection_v2kit", "detection_ajv_upstream", "detection_zod_upstream"],
  },
  {
    name: "bundle",
    title: "Bundle size of a one-operation check",
    run: async (c) => (await import("./bundle-size.js")).bundleSize(c),
    keys: ["bundle_check_vs_ajv", "bundle_check_one_op_bytes", "bundle_ajv_standalone_bytes", "bundle_zod_bytes"],
  },
  {
    name: "scan",
    title: "migrate scan",
    run: async (c) => (await import("./scan.js")).scanBench(c),
    keys: ["scan_files_per_second", "scan_walk_files_per_second"],
  },
  {
    name: "serve",
    title: "Serve",
    run: async (c) => (await import("./serve.js")).serve(c),
    keys: ["serve_create_valid_vs_floor", "serve_create_invalid_vs_floor", "serve_import_vs_lint_import"],
  },
  { name: "lsp", title: "Language server", run: async (c) => (await import("./lsp.js")).lspBench(c), keys: ["lsp_change_to_diagnostics_ms"] },
  { name: "large", title: "Generate on large and cyclic documents", run: async (c) => (await import("./large-specs.js")).largeSpecs(c), keys: [] },
  // Last: it rebuilds dist/, which the sections above load from.
  { name: "tests", title: "npm test", run: async (c) => (await import("./npm-test.js")).npmTest(c), keys: ["npm_test_seconds"] },
];

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      quick: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      only: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write("Usage: npm run bench -- [--quick] [--json] [--only lint,cold,generate,ndjson,detection,bundle,scan,serve,large,tests]\n");
    return 0;
  }
  const only = values.only?.split(",").map((s) => s.trim());
  const unknown = only?.filter((name) => !SECTIONS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown --only section(s) ${unknown.join(", ")}; use ${SECTIONS.map((s) => s.name).join(", ")}`);
  const config = configFor(values.quick);
  const started = Date.now();
  const sections: Section[] = [];
  try {
    for (const s of SECTIONS) {
      if (only && !only.includes(s.name)) continue;
      try {
        sections.push(await s.run(config));
      } catch (error) {
        // One broken measurement must not hide the others: its figures are reported as skipped.
        log(`${s.name} failed: ${(error as Error).stack ?? error}`);
        const reason = `the measurement failed: ${(error as Error).message.split("\n")[0]}`;
        sections.push({
          title: s.title,
          method: `Failed in this run: ${reason}`,
          rows: [],
          figures: s.keys.map((key) => ({ key, label: key, value: null, unit: "×", baseline: "n/a", skipped: reason })),
          profiles: [],
        });
      }
    }
  } finally {
    rmSync(config.scratch, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const m = machine();
  const figures = sections.flatMap((s) => s.figures);
  if (!only) {
    writeFileSync(fromRoot("BENCHMARKS.md"), render(sections, m, { quick: config.quick, seconds }));
    log(`wrote BENCHMARKS.md (${Math.round(seconds)} s)`);
  }
  for (const f of figures)
    log(
      `${f.key}: ${f.value ?? `skipped (${f.skipped})`}${f.target ? ` (target ${f.target.op} ${f.target.value}: ${met(f) ? "met" : met(f) === false ? "MISSED" : "n/a"})` : ""}`,
    );
  if (values.json) {
    const json = {
      ...Object.fromEntries(figures.map((f) => [f.key, f.value])),
      targets: Object.fromEntries(figures.filter((f) => f.target).map((f) => [f.key, f.target])),
      met: Object.fromEntries(figures.filter((f) => f.target).map((f) => [f.key, met(f)])),
      units: Object.fromEntries(
        figures.map((f) => [
          f.key,
          f.unit === "%"
            ? "percent"
            : f.unit === "B"
              ? "bytes"
              : f.unit === "×"
                ? "ratio"
                : f.unit === "s"
                  ? "seconds"
                  : f.unit === "ms"
                    ? "milliseconds"
                    : f.unit,
        ]),
      ),
      skipped: Object.fromEntries(figures.filter((f) => f.skipped).map((f) => [f.key, f.skipped])),
      mode: config.quick ? "quick" : "full",
      seconds: Math.round(seconds),
      machine: m,
      details: Object.fromEntries(sections.map((s) => [s.title, { rows: s.rows, tables: s.tables ?? [], profiles: s.profiles, ...(s.details ?? {}) }])),
    };
    process.stdout.write(`${JSON.stringify(json)}\n`);
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exitCode = 2;
  },
);
