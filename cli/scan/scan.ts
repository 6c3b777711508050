// v2kit scan: lint the requests written in source code, as `eslint src/` lints code. The files
// are walked as `migrate scan` walks them (cli/migrate/scan-walk.ts, the config's "scan"
// section); each file's findings come from code/index.ts checkSource; the formats are
// cli/scan/format.ts. Exit 0 clean, 1 findings at the --fail-on level (or warnings over
// --max-warnings), 2 usage error, bad config or an unreadable path.

import { statSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import type { CodeFinding } from "../../code/types.js";
import type { Bases, MigrationContext } from "../../migrate/index.js";
import { printable } from "../../lint/printable.js";
import { CliError, type Command, type OptionSpecs, usageError } from "../command.js";
import { expandFileArgs } from "../expand-args.js";
import { didYouMean } from "../suggest.js";
import { excluder, mergeBases, readSource, sourceFiles, surroundings, type Unreadable } from "../migrate/scan-walk.js";
import { atLeast, formatScan, SCAN_FORMATS, type ScanFormat, type ScannedSource } from "./format.js";

const HELP = `Usage:
  v2kit scan [--format pretty|json|sarif|github] [--fail-on error|warning|note|none]
             [--max-warnings N] [--spec FILE] [--catalog FILE]... [--config FILE]
             [--project-root DIR] [--max-bytes N] [--no-gitignore] [--skip-unreadable]
             [DIR|FILE...]

Checks the requests to the REST API written in source code (TypeScript/JavaScript, Python, Go,
Rust, PHP, shell, PowerShell, Markdown code blocks; other text files line by line), as a linter
checks code. Each call to the v2 API is checked against the document: a route or method it does not
have (v2-unknown-route, naming the closest route), a query parameter the operation does not take
(v2-unknown-query-param), a literal body lint rejects (v2-invalid-body, at the key or value), a
response field the code reads that the answer does not have (v2-unknown-response-field), a body
built elsewhere (v2-body-elsewhere, a note naming its type). Each call to the retired v1 API is
an error (v1-call). The queue API (api.runpod.ai/v2/<endpoint>/run …) and GraphQL are not
checked. docs/code-lint.md lists the rules.
With no DIR or FILE, reads the "scan" section of v2kit.config.json (docs/config.md):
  v2kit scan src
--format FORMAT    pretty (default: file:line:column, level, message, rule id and a code frame),
                   json (one object per finding, one a line), sarif (SARIF 2.1.0, for code
                   scanning) or github (workflow commands that annotate a pull request):
                     v2kit scan --format json src
                     v2kit scan --format sarif src > scan.sarif
                     v2kit scan --format github src
--fail-on LEVEL    exit 1 on a finding at this level or above: error (the default), warning,
                   note, or none (never):
                     v2kit scan --fail-on warning src
--max-warnings N   also exit 1 when there are more than N warnings (default: no limit):
                     v2kit scan --max-warnings 0 src
--spec FILE        the OpenAPI document (JSON or YAML) the v2 rules check calls against, instead
                   of the bundled one, e.g. a saved copy of /v2/openapi.json (v1-call does not
                   read it):
                     v2kit scan --spec openapi.json src
--catalog FILE     a saved catalog response ({"gpus": [...]}, {"cpus": [...]} or {"templates": [...]})
                   v2 literal bodies are linted with (gpu.pools, templates) and a v1 call's
                   literal body is migrated with for its hints; repeatable:
                     v2kit scan --catalog gpus.json src
--config FILE      with no DIR, read the "scan" section (include, exclude) of this config instead
                   of the nearest v2kit.config.json:
                     v2kit scan --config v2kit.config.json
--project-root DIR the folder the config's "scan" paths must stay inside (default: the config's
                   own folder; a path outside it is exit 2):
                     v2kit scan --project-root ..
--max-bytes N      skip files larger than N bytes (default 1048576):
                     v2kit scan --max-bytes 4194304 src
--no-gitignore     read files that .gitignore ignores too:
                     v2kit scan --no-gitignore src
--skip-unreadable  a path that cannot be read is still reported on stderr but no longer makes
                   the exit status 2:
                     v2kit scan --skip-unreadable src

Skips node_modules, .git, what .gitignore ignores, binary and non-regular files, and files over
--max-bytes, as v2kit migrate scan does.

Exit codes: 0 no finding at the --fail-on level and no more warnings than --max-warnings; 1
otherwise; 2 usage error, bad config (with its place) or a path that cannot be read (unless
--skip-unreadable).
`;

const MAX_SCAN_BYTES = 1024 * 1024;
const FAIL_ON = ["error", "warning", "note", "none"] as const;
export type FailOn = (typeof FAIL_ON)[number];

const OPTIONS = {
  format: { type: "string", default: "pretty" },
  "fail-on": { type: "string", default: "error" },
  "max-warnings": { type: "string" },
  spec: { type: "string" },
  catalog: { type: "string", multiple: true },
  config: { type: "string" },
  "project-root": { type: "string" },
  "max-bytes": { type: "string" },
  "no-gitignore": { type: "boolean" },
  "skip-unreadable": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function parse(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    throw usageError("scan", error, OPTIONS as unknown as OptionSpecs);
  }
}

const usage = (message: string) => new CliError(`scan: ${message}\nRun 'v2kit scan --help' for usage.`);

function oneOf<T extends string>(flag: string, value: string, known: readonly T[]): T {
  if (!(known as readonly string[]).includes(value))
    throw usage(`${flag} must be one of ${known.join(", ")}, not ${JSON.stringify(value)}${didYouMean(value, known)}`);
  return value as T;
}

function count(flag: string, value: string | undefined, unit: string): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw usage(`${flag} must be a whole number of ${unit}, not ${JSON.stringify(value)}`);
  return number;
}

interface RunOptions {
  format: ScanFormat;
  failOn: FailOn;
  maxWarnings?: number;
  maxBytes: number;
  gitignore: boolean;
  skipUnreadable: boolean;
  exclude?: { base: string; patterns: string[] };
  context?: MigrationContext;
  spec?: string;
}

/** Walks the roots as migrate scan does: first what each directory says of base URLs, then each file's findings. */
async function scanRoots(roots: readonly string[], options: RunOptions): Promise<number> {
  const { checkSource } = await import("../../code/index.js");
  const { analyzeSource } = await import("../../migrate/index.js");
  const unreadable: Unreadable[] = [];
  const sources: ScannedSource[] = [];
  const excluded = options.exclude ? await excluder(options.exclude) : undefined;
  // `--spec`: loaded once (swagger-parser, through import()), then every file is checked against it.
  const spec = options.spec === undefined ? undefined : await (await import("../../code/document.js")).loadCodeDocument(options.spec);
  const check = { ...(options.context ? { context: options.context } : {}), ...(spec === undefined ? {} : { spec }) };
  for (const root of roots) {
    const byDirectory = new Map<string, Bases>();
    const tree: Bases = { v1: false, v2: false };
    const texts: { path: string; text: string }[] = [];
    for (const path of await sourceFiles(root, { maxBytes: options.maxBytes, gitignore: options.gitignore, command: "scan" }, unreadable)) {
      if (excluded?.(path)) continue;
      const text = readSource(path, options.maxBytes);
      if (typeof text === "object") unreadable.push(text);
      if (typeof text !== "string") continue;
      const { bases } = analyzeSource(text, path);
      const dir = dirname(path);
      const merged = byDirectory.get(dir) ?? { v1: false, v2: false };
      mergeBases(merged, bases);
      byDirectory.set(dir, merged);
      mergeBases(tree, bases);
      texts.push({ path, text });
    }
    for (const { path, text } of texts) {
      const file = path.split("\\").join("/");
      const findings = checkSource(text, file, surroundings(path, root, byDirectory, tree), check);
      if (findings.length > 0) sources.push({ file, text, findings });
    }
  }
  const color = options.format === "pretty" && process.stdout.isTTY === true && !("NO_COLOR" in process.env && process.env.NO_COLOR !== "");
  process.stdout.write(formatScan(options.format, sources, color));
  for (const failure of unreadable)
    process.stderr.write(`v2kit scan: ${options.skipUnreadable ? "skipped" : "cannot read"} ${printable(failure.path)}: ${printable(failure.reason)}\n`);
  if (unreadable.length > 0 && !options.skipUnreadable) {
    process.stderr.write(
      `v2kit scan: ${unreadable.length} path${unreadable.length === 1 ? "" : "s"} could not be read, so the calls in ${unreadable.length === 1 ? "it" : "them"} are unchecked: exit 2 (--skip-unreadable to pass over them)\n`,
    );
    return 2;
  }
  return failing(
    sources.flatMap((source) => source.findings),
    options,
  )
    ? 1
    : 0;
}

/** Whether the run fails (exit 1): a finding at the --fail-on level or above, or more warnings than --max-warnings. */
export function failing(findings: readonly CodeFinding[], options: { failOn: FailOn; maxWarnings?: number }): boolean {
  const failOn = options.failOn;
  if (failOn !== "none" && findings.some((finding) => atLeast(finding.level, failOn))) return true;
  const warnings = findings.filter((finding) => finding.level === "warning").length;
  return options.maxWarnings !== undefined && warnings > options.maxWarnings;
}

export const command: Command = {
  name: "scan",
  async run(args) {
    const { values, positionals: given } = parse(args);
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const format = oneOf("--format", values.format, SCAN_FORMATS);
    const failOn = oneOf("--fail-on", values["fail-on"], FAIL_ON);
    const maxWarnings = count("--max-warnings", values["max-warnings"], "warnings");
    const maxBytes = count("--max-bytes", values["max-bytes"], "bytes") ?? MAX_SCAN_BYTES;
    if (values.spec !== undefined && statSync(values.spec, { throwIfNoEntry: false })?.isFile() !== true)
      throw usage(`--spec takes an OpenAPI document file, and ${JSON.stringify(values.spec)} is not one`);
    const positionals = await expandFileArgs("scan", given, { folders: true });
    const config = await import("../config.js");
    let roots = positionals;
    let loaded: Awaited<ReturnType<typeof config.scanConfig>>;
    if (roots.length === 0) {
      // No path: the "scan" section of v2kit.config.json (here or a parent, or --config) says what to read.
      loaded = await config.scanConfig("scan", values.config, values["project-root"]);
      if (loaded === undefined) throw usage('name a DIR or FILE to scan (or write a v2kit.config.json with a "scan" section)');
      roots = await config.scanRoots(loaded);
    } else if (values["project-root"] !== undefined || values.config !== undefined) {
      throw usage(`${values.config !== undefined ? "--config" : "--project-root"} applies when no DIR is given: with a DIR, no config is read`);
    }
    const catalogs = values.catalog ?? [];
    const context = catalogs.length > 0 ? (await import("../migrate/migrate.js")).loadContext(catalogs, "scan") : undefined;
    return scanRoots(roots, {
      format,
      failOn,
      ...(maxWarnings === undefined ? {} : { maxWarnings }),
      maxBytes,
      gitignore: values["no-gitignore"] !== true,
      skipUnreadable: values["skip-unreadable"] === true,
      ...(loaded?.scan?.exclude ? { exclude: { base: loaded.dir, patterns: loaded.scan.exclude } } : {}),
      ...(context ? { context } : {}),
      ...(values.spec === undefined ? {} : { spec: values.spec }),
    });
  },
};
