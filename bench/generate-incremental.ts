// Generate after an edit (issue 14: "skip work whose inputs did not change"): a cold `generate`
// after a rules-only edit and after a one-schema edit, each against a full `--force` run of the
// same document measured in the same run, interleaved. Each contender has its own copy of the
// inputs and its own output folder, primed by one full run; before every timed run its input
// is edited again (a rule's message, one string property's maxLength), so every run sees an edit.

import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse, stringify } from "yaml";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import type { Figure, Row } from "./figures.js";
import { type ChildRun, interleaved, median, ratio, round, runNode } from "./stats.js";

type Json = Record<string, unknown>;

function checked(what: string, run: ChildRun): ChildRun {
  if (run.code !== 0) throw new Error(`bench: ${what} exited ${run.code}: ${run.stderr}`);
  return run;
}

/** The first component schema (by name) with a plain string property: the schema edit's target. */
function stringProperty(doc: Json): Json {
  const schemas = ((doc.components ?? {}) as { schemas?: Record<string, Json> }).schemas ?? {};
  for (const name of Object.keys(schemas).sort()) {
    const properties = (schemas[name]?.properties ?? {}) as Record<string, Json>;
    const found = Object.values(properties).find((property) => property.type === "string" && property.enum === undefined && property.format === undefined);
    if (found) return found;
  }
  throw new Error("bench: the document has no component schema with a plain string property to edit");
}

export async function incremental(config: BenchConfig, spec: { file: string; label: string }): Promise<{ rows: Row[]; figures: Figure[] }> {
  const dir = path.join(config.scratch, "incremental");
  const rulesFile = fromRoot("rules", "v2.rules.yaml");
  const specOf = (name: string) => path.join(dir, `${name}.json`);
  const rulesOf = (name: string) => path.join(dir, `${name}.rules.yaml`);
  const names = ["full", "rules-edit", "schema-edit"] as const;
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    writeFileSync(specOf(name), JSON.stringify(parse(readFileSync(spec.file, "utf8"))));
    copyFileSync(rulesFile, rulesOf(name));
  }
  const run = (name: string, ...extra: string[]) =>
    runNode(cli(), ["generate", "--spec", specOf(name), "--rules", rulesOf(name), "--out", path.join(dir, `out-${name}`), "--quiet", ...extra]);
  for (const name of names) checked(`priming ${name}`, await run(name, "--force"));
  let edits = 0;
  const editRules = () => {
    const rules = parse(readFileSync(rulesOf("rules-edit"), "utf8")) as { rules: Json[] };
    (rules.rules[0] as Json).message = `must hold (bench edit ${++edits})`;
    writeFileSync(rulesOf("rules-edit"), stringify(rules));
  };
  const editSchema = () => {
    const doc = JSON.parse(readFileSync(specOf("schema-edit"), "utf8")) as Json;
    stringProperty(doc).maxLength = 1000 + ++edits;
    writeFileSync(specOf("schema-edit"), JSON.stringify(doc));
  };
  log(`generate: ${config.generateRuns} runs each of a full generate and generates after a rules-only and a one-schema edit (${spec.label})`);
  const samples = await interleaved(
    {
      full: async () => checked("full generate", await run("full", "--force")).ms,
      rules: async () => (editRules(), checked("generate after a rules edit", await run("rules-edit")).ms),
      schema: async () => (editSchema(), checked("generate after a schema edit", await run("schema-edit")).ms),
    },
    config.generateRuns,
  );
  const full = median(samples.full);
  const rules = median(samples.rules);
  const schema = median(samples.schema);
  const rows: Row[] = [
    { run: `v2kit generate --force, ${spec.label} (full, same run)`, "median ms": round(full, 0), "peak RSS MiB": null },
    { run: `v2kit generate after a rules-only edit, ${spec.label}`, "median ms": round(rules, 0), "peak RSS MiB": null },
    { run: `v2kit generate after a one-schema edit, ${spec.label}`, "median ms": round(schema, 0), "peak RSS MiB": null },
  ];
  const baseline = `full generate --force ${round(full, 0)} ms (${spec.label}, same run)`;
  const figures: Figure[] = [
    {
      key: "generate_rules_edit_vs_full",
      label: "cold `generate` after a rules-only edit ÷ full `generate --force`",
      value: ratio(rules, full),
      unit: "×",
      baseline,
    },
    {
      key: "generate_schema_edit_vs_full",
      label: "cold `generate` after a one-schema edit ÷ full `generate --force`",
      value: ratio(schema, full),
      unit: "×",
      baseline,
    },
  ];
  return { rows, figures };
}
