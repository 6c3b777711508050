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
    run: async (config) => (await import("./lint-throughput.js")).lintThroughput(config),
    keys: ["lint_valid_vs_parse", "lint_invalid_vs_parse"],
  },
  { name: "cold", title: "Cold start", run: async (config) => (await import("./cold-start.js")).coldStart(config), keys: ["cold_lint_vs_node"] },
  {
    name: "generate",
    title: "Generate",
    run: async (config) => (await import("./generate.js")).generate(config),
    keys: ["generate_vs_openapi_typescript", "noop_generate_vs_node", "generate_rules_edit_vs_full", "generate_schema_edit_vs_full"],
  },
  {
    name: "ndjson",
    title: "Bulk NDJSON",
    run: async (config) => (await import("./ndjson.js")).ndjson(config),
    keys: ["ndjson_rss_1m_vs_10k", "ndjson_jobs2_rss_1m_vs_10k", "ndjson_vs_anchor", "ndjson_jobs_scaling"],
  },
  {
    name: "detection",
    title: "Detection of single-rule violations",
    run: async (config) => (await import("./detection.js")).detection(config),
    keys: ["detection_v2kit", "detection_ajv_upstream", "detection_zod_upstream"],
  },
  {
    name: "bundle",
    title: "Bundle size of a one-operation check",
    run: async (config) => (await import("./bundle-size.js")).bundleSize(config),
    keys: ["bundle_check_vs_ajv", "bundle_check_one_op_bytes", "bundle_ajv_standalone_bytes", "bundle_zod_bytes"],
  },
  {
    name: "scan",
    title: "migrate scan",
    run: async (config) => (await import("./scan.js")).scanBench(config),
    keys: ["scan_files_per_second", "scan_walk_files_per_second", "code_scan_vs_migrate_scan"],
  },
  {
    name: "serve",
    title: "Serve",
    run: async (config) => (await import("./serve.js")).serve(config),
    keys: ["serve_create_valid_vs_floor", "serve_create_invalid_vs_floor", "serve_import_vs_lint_import", "serve_state_create_20k_vs_2k"],
  },
  {
    name: "lsp",
    title: "Language server",
    run: async (config) => (await import("./lsp.js")).lspBench(config),
    keys: ["lsp_change_to_diagnostics_ms", "lsp_source_keystroke_ms"],
  },
  { name: "large", title: "Generate on large and cyclic documents", run: async (config) => (await import("./large-specs.js")).largeSpecs(config), keys: [] },
  // Last: it rebuilds dist/, which the sections above load from.
  { name: "tests", title: "npm test", run: async (config) => (await import("./npm-test.js")).npmTest(config), keys: ["npm_test_seconds"] },
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
  const only = values.only?.split(",").map((part) => part.trim());
  const unknown = only?.filter((name) => !SECTIONS.some((section) => section.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown --only section(s) ${unknown.join(", ")}; use ${SECTIONS.map((section) => section.name).join(", ")}`);
  const config = configFor(values.quick);
  const started = Date.now();
  const sections: Section[] = [];
  try {
    for (const section of SECTIONS) {
      if (only && !only.includes(section.name)) continue;
      try {
        sections.push(await section.run(config));
      } catch (error) {
        // One broken measurement must not hide the others: its figures are reported as skipped.
        log(`${section.name} failed: ${(error as Error).stack ?? error}`);
        const reason = `the measurement failed: ${(error as Error).message.split("\n")[0]}`;
        sections.push({
          title: section.title,
          method: `Failed in this run: ${reason}`,
          rows: [],
          figures: section.keys.map((key) => ({ key, label: key, value: null, unit: "×", baseline: "n/a", skipped: reason })),
          profiles: [],
        });
      }
    }
  } finally {
    rmSync(config.scratch, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  const host = machine();
  const figures = sections.flatMap((section) => section.figures);
  if (!only) {
    writeFileSync(fromRoot("BENCHMARKS.md"), render(sections, host, { quick: config.quick, seconds }));
    log(`wrote BENCHMARKS.md (${Math.round(seconds)} s)`);
  }
  for (const figure of figures)
    log(
      `${figure.key}: ${figure.value ?? `skipped (${figure.skipped})`}${figure.target ? ` (target ${figure.target.op} ${figure.target.value}: ${met(figure) ? "met" : met(figure) === false ? "MISSED" : "n/a"})` : ""}`,
    );
  if (values.json) {
    const json = {
      ...Object.fromEntries(figures.map((figure) => [figure.key, figure.value])),
      targets: Object.fromEntries(figures.filter((figure) => figure.target).map((figure) => [figure.key, figure.target])),
      met: Object.fromEntries(figures.filter((figure) => figure.target).map((figure) => [figure.key, met(figure)])),
      units: Object.fromEntries(
        figures.map((figure) => [
          figure.key,
          figure.unit === "%"
            ? "percent"
            : figure.unit === "B"
              ? "bytes"
              : figure.unit === "×"
                ? "ratio"
                : figure.unit === "s"
                  ? "seconds"
                  : figure.unit === "ms"
                    ? "milliseconds"
                    : figure.unit,
        ]),
      ),
      skipped: Object.fromEntries(figures.filter((figure) => figure.skipped).map((figure) => [figure.key, figure.skipped])),
      mode: config.quick ? "quick" : "full",
      seconds: Math.round(seconds),
      machine: host,
      details: Object.fromEntries(
        sections.map((section) => [
          section.title,
          { rows: section.rows, tables: section.tables ?? [], profiles: section.profiles, ...(section.details ?? {}) },
        ]),
      ),
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
