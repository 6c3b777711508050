// v2kit generate: the heavy path. Loads swagger-parser, Ajv and ts-morph only when the inputs
// changed since the last run (a stamp file records the inputs' hash and the files written).

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bundled } from "../../generators/paths.js";
import { CliError, type Command, usageError } from "../command.js";
import { printable } from "../../runtime/printable.js";

const HELP = `Usage: v2kit generate [--spec FILE] [--graphql FILE] [--rules FILE] [--out DIR] [--check]
                      [--allow-external-refs] [--rules-strict] [--force] [--quiet]

Emit TypeScript types, Ajv validators, the rule engine and property tests.

  --spec FILE             OpenAPI 3.0/3.1 document (default: the bundled schema/v2.openapi.yaml)
                            v2kit generate --spec openapi.json --out src/generated
  --graphql FILE          GraphQL operations file (default: bundled, only with the bundled schema)
  --rules FILE            rules file (default: the bundled rules/v2.rules.yaml)
  --out DIR               where to write (default: output)
  --check                 write nothing; exit 1 and list the files that differ
                            v2kit generate --check
  --allow-external-refs   follow $refs to files outside the document's folder (URLs never)
  --rules-strict          fail when a rule's operation or field is not in the document
  --force                 regenerate even when the inputs are unchanged
  --quiet                 print errors only
`;

const STAMP = ".v2kit-stamp.json";

interface Stamp {
  inputs: string;
  files: Record<string, string>;
}

const sha = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Hash of every input: the documents, the rules, the catalog and the generator's own code. */
function inputsHash(files: string[]): string {
  const hash = createHash("sha256");
  for (const f of files)
    hash
      .update(f)
      .update("\0")
      .update(existsSync(f) ? readFileSync(f) : "");
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The compiled generator, and the sources it copies or renders as they are: the runtime copied
  // into output/runtime and the handlebars layouts.
  const sources = [bundled.runtime(), path.join(path.dirname(bundled.runtime()), "../generators/templates")];
  for (const dir of [path.join(here, "../../generators"), path.join(here, "../../rules"), ...sources]) {
    for (const f of filesUnder(dir)) hash.update(f).update(readFileSync(path.join(dir, f)));
  }
  return hash.digest("hex");
}

function upToDate(out: string, inputs: string): boolean {
  try {
    const stamp = JSON.parse(readFileSync(path.join(out, STAMP), "utf8")) as Stamp;
    if (stamp.inputs !== inputs) return false;
    return Object.entries(stamp.files).every(([f, h]) => sha(readFileSync(path.join(out, f))) === h);
  } catch {
    return false;
  }
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      spec: { type: "string" },
      graphql: { type: "string" },
      rules: { type: "string" },
      out: { type: "string", default: "output" },
      check: { type: "boolean", default: false },
      "allow-external-refs": { type: "boolean", default: false },
      "rules-strict": { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}

export const command: Command = {
  name: "generate",
  async run(args) {
    let values: ReturnType<typeof parseOptions>["values"];
    try {
      ({ values } = parseOptions(args));
    } catch (error) {
      throw usageError("generate", error);
    }
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const out = path.resolve(values.out);
    const inputFiles = [
      values.spec ?? bundled.spec(),
      values.graphql ?? (values.spec ? "" : bundled.graphql()),
      values.rules ?? bundled.rules(),
      bundled.catalog("gpus"),
      bundled.catalog("cpus"),
      bundled.catalog("templates"),
    ].filter(Boolean);
    for (const f of inputFiles.slice(0, 3)) if (!existsSync(f)) throw new CliError(`${f}: cannot read: no such file`);
    const inputs = inputsHash(inputFiles);
    if (!values.check && !values.force && upToDate(out, inputs)) {
      if (!values.quiet) process.stdout.write(`v2kit: ${path.relative(process.cwd(), out) || "."} is up to date\n`);
      return 0;
    }
    const { generate, GenerateError } = await import("../../generators/pipeline.js");
    const { SpecError } = await import("../../generators/load.js");
    const { RulesFileError } = await import("../../rules/load.js");
    let result: Awaited<ReturnType<typeof generate>>;
    try {
      result = await generate({
        ...(values.spec ? { spec: values.spec } : {}),
        ...(values.graphql ? { graphql: values.graphql } : {}),
        ...(values.rules ? { rules: values.rules } : {}),
        allowExternalRefs: values["allow-external-refs"],
        rulesStrict: values["rules-strict"],
      });
    } catch (error) {
      if (error instanceof SpecError || error instanceof GenerateError || error instanceof RulesFileError) throw new CliError(error.message, 1);
      throw error;
    }
    if (!values.quiet) {
      for (const d of result.diagnostics) process.stderr.write(`v2kit: ${d.level}: ${d.pointer ? `${printable(d.pointer)}: ` : ""}${printable(d.message)}\n`);
    }
    if (values.check) {
      const differ: string[] = [];
      for (const [file, content] of result.files) {
        const target = path.join(out, file);
        if (!existsSync(target) || readFileSync(target, "utf8") !== content) differ.push(file);
      }
      for (const file of filesUnder(out)) if (file !== STAMP && !result.files.has(file.split(path.sep).join("/"))) differ.push(`${file} (not generated)`);
      if (differ.length > 0) {
        process.stderr.write(
          `v2kit: ${differ.length} file(s) in ${values.out} are not current; run 'v2kit generate':\n${differ.map((f) => `  ${f}`).join("\n")}\n`,
        );
        return 1;
      }
      if (!values.quiet) process.stdout.write(`v2kit: ${values.out} is current (${result.files.size} files)\n`);
      return 0;
    }
    const stamp: Stamp = { inputs, files: {} };
    for (const file of filesUnder(out)) if (file !== STAMP && !result.files.has(file.split(path.sep).join("/"))) rmSync(path.join(out, file));
    for (const [file, content] of result.files) {
      const target = path.join(out, file);
      mkdirSync(path.dirname(target), { recursive: true });
      if (!existsSync(target) || readFileSync(target, "utf8") !== content) writeFileSync(target, content);
      stamp.files[file] = sha(content);
    }
    writeFileSync(path.join(out, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    if (!values.quiet) process.stdout.write(`v2kit: wrote ${result.files.size} files to ${values.out}\n`);
    return 0;
  },
};
