// v2kit lint: check request (or response) bodies as the server would, offline.
// Only the lint runtime, the compiled engine and the formats load here; the on-the-fly engine
// compiler (ajv, yaml) only with --spec/--rules, and momoa only for invalid bodies.

import { closest, didYouMean } from "../suggest.js";
import { parseArgs } from "node:util";
import { liveHelp, liveParseOptions } from "../../live/flags.js";
import type { LintOptions } from "../../lint/lint.js";
import { builtin } from "../../input/builtin.js";
import { DEFAULT_MAX_BODY_BYTES, readInput } from "../../input/read-input.js";
import { contextFrom } from "../../lint/context-files.js";
import { type EngineSource, engineFor } from "../../lint/engine-for.js";
import { CliError, type Command, contextReading, usageError } from "../command.js";
import type { LintPool } from "./ndjson/pool.js";
import { expandFileArgs } from "../expand-args.js";
import { FORMAT_NAMES, type FormatName, type Formatter, loadFormatter } from "../format/index.js";
import { RESPONSE_STATUS } from "../config.js";

const USAGE = `Usage: v2kit lint --operation OP [--spec FILE] [--rules FILE]
                  [--catalog FILE]... [--templates FILE]... [--current FILE]
                  [--response STATUS] [--format pretty|json|problem|sarif|github]
                  [--ndjson [--jobs N]] [--max-body-bytes N] [--quiet] [--live] [--current-id ID] FILE... | -
       v2kit lint [--config FILE] [--project-root DIR] [--format …] [FILE...]

Check request bodies against the v2 schema and the cross-field rules, as the server would.
Exit status: 0 all valid, 1 any invalid (malformed JSON included) or output closed early
(| head), 2 usage error or unreadable file (FIFOs, devices and directories are refused).

Without --operation, v2kit.config.json (this folder or a parent) says which files are bodies of
which operation, with which context: no FILE lints every file it names, each FILE takes the entry
whose globs match it (docs/config.md).

Options:
  --operation OP      operationId or GraphQL operation name (required without a config);
                      graphql:NAME always names the GraphQL operation, a bare NAME only when
                      no operationId is NAME
                        v2kit lint --operation createEndpoint body.json
                        v2kit lint --operation graphql:saveTemplate template-request.json
  --catalog FILE      saved GPU or CPU catalog response ({"gpus": [...]} or {"cpus": [...]});
                      repeatable; a collection not given comes from the bundled snapshot
                        v2kit lint --operation createEndpoint --catalog gpus.json --catalog cpus.json body.json
  --templates FILE    saved templates response ({"templates": [...]}); repeatable, concatenated;
                      without it, template rules give warnings
                        v2kit lint --operation createEndpoint --templates templates.json body.json
  --current FILE      the resource as it is now, for PATCH operations
                        v2kit lint --operation updateEndpoint --current endpoint.json patch.json
  --response STATUS   check a response body of OP for STATUS (201, 2XX, default) instead
                        v2kit lint --operation createEndpoint --response 201 created.json
  --format FORMAT     pretty (default), json (one line per input), problem (the RFC 9457
                      body the server would send, nothing for a valid input), sarif, github
                        v2kit lint --operation createEndpoint --format json *.json
                        v2kit lint --operation createEndpoint --format sarif *.json > lint.sarif
                        v2kit lint --operation createEndpoint --format github *.json
  --ndjson            each input line is one body; one JSON result per line, file as FILE:LINE
                        v2kit lint --operation createEndpoint --ndjson bodies.ndjson
  --jobs N            with --ndjson: lint on N worker threads (default 1: this thread only);
                      0 or auto: one per available CPU. Output is the same, in input order
                        v2kit lint --operation createEndpoint --jobs auto --ndjson bodies.ndjson
  --spec FILE         check against another OpenAPI document (compiled at run time)
                        v2kit lint --spec openapi.yaml --operation createEndpoint body.json
  --rules FILE        check against another rules file (compiled at run time)
                        v2kit lint --rules my.rules.yaml --operation createEndpoint body.json
  --max-body-bytes N  refuse a body (a file, a --ndjson line, standard input, a --catalog,
                      --templates or --current file) larger than N bytes (default 16777216, 16 MiB)
                        v2kit lint --operation createEndpoint --max-body-bytes 67108864 big.json
  --quiet             errors only: no warnings in the output (a file with only warnings is
                      "valid"), and no warnings from compiling --spec/--rules on stderr
                        v2kit lint --quiet --spec openapi.json --operation createEndpoint body.json
  --config FILE       the v2kit.config.json to use instead of the nearest one
                        v2kit lint --config v2kit.config.json
  --project-root DIR  the folder the config's paths must stay inside (default: the config's own
                      folder; a path outside it is exit 2): for a config that names a shared file
                      further up, as in a monorepo
                        v2kit lint --project-root ../..
  -                   read the body from standard input
                        cat body.json | v2kit lint --operation createEndpoint -
  -h, --help          show this help

Live context (the API key comes from $V2KIT_API_KEY or --api-key-file, never from a flag):
${liveHelp("lint", "--operation createEndpoint body.json", "--operation updateEndpoint patch.json")}`;

const OPTIONS = {
  operation: { type: "string" },
  spec: { type: "string" },
  rules: { type: "string" },
  catalog: { type: "string", multiple: true },
  templates: { type: "string", multiple: true },
  current: { type: "string" },
  response: { type: "string" },
  format: { type: "string" },
  ndjson: { type: "boolean" },
  jobs: { type: "string" },
  "max-body-bytes": { type: "string" },
  config: { type: "string" },
  "project-root": { type: "string" },
  quiet: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  ...liveParseOptions,
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>["values"];

export const command: Command = { name: "lint", run };

async function run(args: string[]): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError("lint", error, OPTIONS);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const given = await expandFileArgs("lint", parsed.positionals);
  const usage = (message: string) => new CliError(`lint: ${message}\nRun 'v2kit lint --help' for usage.`);
  if (values.operation !== undefined && values.config !== undefined)
    throw usage("--config names the files and their operations: give --config or --operation, not both");
  if (values.operation !== undefined && values["project-root"] !== undefined)
    throw usage("--project-root bounds the paths a config names: --operation uses no config");
  if (given.filter((file) => file === "-").length > 1) throw usage("- (standard input) may be given once");
  const format = (values.format ?? (values.ndjson ? "json" : "pretty")) as FormatName;
  if (!FORMAT_NAMES.includes(format))
    throw usage(`unknown --format ${JSON.stringify(values.format)}; use one of ${FORMAT_NAMES.join(", ")}${didYouMean(String(values.format), FORMAT_NAMES)}`);
  if (values.ndjson && format !== "json") throw usage("--ndjson writes --format json only");
  quiet = values.quiet === true;
  if (quiet && values.ndjson) throw usage("--quiet is for whole files: an --ndjson result line keeps its warnings (filter them out of the JSON, e.g. with jq)");
  const jobs = jobsFrom(values.jobs);
  if (jobs === undefined)
    throw usage(
      `--jobs takes a number of worker threads from 1 to ${MAX_JOBS}, or 0 or auto for one per available CPU (${cpus()} here), not ${JSON.stringify(values.jobs)}`,
    );
  if (values.jobs !== undefined && !values.ndjson) throw usage("--jobs splits --ndjson input across worker threads: add --ndjson, or drop --jobs");
  if (values.response !== undefined && !RESPONSE_STATUS.test(values.response)) {
    throw usage(`--response takes an HTTP status such as 201, 2XX or default, not ${JSON.stringify(values.response)}`);
  }
  const maxBytes = maxBodyBytes(values["max-body-bytes"]);
  if (maxBytes === undefined) throw usage(`--max-body-bytes takes a whole number of bytes (at least 1), not ${JSON.stringify(values["max-body-bytes"])}`);
  limit = maxBytes;

  // No --operation: the project's v2kit.config.json says which files are bodies of what.
  const groups: Group[] = values.operation === undefined ? await configGroups(values, given, usage) : [{ values, files: given }];
  if (values.operation !== undefined && given.length === 0) throw usage("name at least one FILE, or - for standard input");
  // Bulk linting allocates steadily; V8's young generation starts small and grows with the run, so
  // peak memory would grow with the input. --jobs 1 lints on this thread: its young generation is
  // let grow to 8 MB once and held there, and the old generation grows by half its live size
  // between full collections (cli/lint/ndjson/heap.ts); --jobs N gives its worker threads the same
  // heap as flags (cli/lint/ndjson/pool.ts). Heap flags given to node (or in NODE_OPTIONS) win.
  const shared: GroupRun = { format, jobs, usage };
  if (values.ndjson && jobs === 1) {
    const { heapFlagsGiven, YoungGenerationCap } = await import("./ndjson/heap.js");
    if (!heapFlagsGiven()) shared.heap = new YoungGenerationCap(builtin<typeof import("node:v8")>("node:v8"));
  }
  let code = 0;
  for (const group of groups) {
    code = Math.max(code, await lintGroup(group.values as Values & { operation: string }, group.files, shared, group));
    if (closed) break;
  }
  if (shared.formatter) await write(shared.formatter.end());
  // A reader that went away (| head) left inputs unchecked: exit 0 would claim they were valid.
  return closed ? Math.max(code, 1) : code;
}

/** Files linted as one operation with one context; `origin` places a config entry's "operation" (FILE:LINE:COLUMN: POINTER). */
interface Group {
  values: Values;
  files: string[];
  origin?: string;
  /** How a context file the config entry names is called in messages: the config's key and place, not a flag never given. */
  labels?: Partial<Record<"catalog" | "templates" | "current", string>>;
}

/** What every group of one run shares: one formatter (one SARIF document), the format, --jobs. */
interface GroupRun {
  format: FormatName;
  jobs: number;
  usage: (message: string) => CliError;
  formatter?: Formatter;
  /** --ndjson --jobs 1: this thread's young generation, held once grown (cli/lint/ndjson/heap.ts). */
  heap?: { check(): void };
}

/**
 * The groups of a run without --operation, from v2kit.config.json (--config, else the nearest
 * one up from here): each entry's operation and context, paths relative to the config; a
 * command-line context flag applies where the entry sets none.
 */
async function configGroups(values: Values, given: string[], usage: (message: string) => CliError): Promise<Group[]> {
  const [{ findConfig, readConfig, groupFiles, entrySettings, projectRootOption }, { locate }] = await Promise.all([
    import("../config.js"),
    import("../../lint/json-source.js"),
  ]);
  const file = values.config ?? findConfig(process.cwd());
  if (file === undefined)
    throw usage("--operation is required, or a v2kit.config.json (here or in a parent folder, or --config FILE) that names the files and their operations");
  const config = readConfig(file, projectRootOption("lint", values["project-root"]));
  if (config.lint.length === 0) throw new CliError(`${config.file}: has no "lint" entries: give --operation`, 2);
  if (values.ndjson) throw usage("--ndjson needs --operation (a config entry lints whole files)");
  const groups = await groupFiles(config, given);
  // The entry's settings win; a command-line flag fills what it leaves out (readConfig and the
  // flag parser have checked both statuses).
  return groups.map(({ entry, files }) => {
    const pointer = `/lint/${config.lint.indexOf(entry)}/operation`;
    const at = locate(config.text, pointer);
    const labels: Group["labels"] = {};
    for (const key of ["catalog", "templates", "current"] as const) {
      if (entry[key] === undefined) continue;
      const where = `/lint/${config.lint.indexOf(entry)}/${key}`;
      const place = locate(config.text, where);
      labels[key] = `the config's "${key}" (${config.file}:${place.line}:${place.column}: ${where})`;
    }
    return { files, values: { ...values, ...entrySettings(config, entry) }, origin: `${config.file}:${at.line}:${at.column}: ${pointer}`, labels };
  });
}

/** Lints one group of files as one operation with one context; the exit status of the group. */
async function lintGroup(values: Values & { operation: string }, files: string[], shared: GroupRun, group: Partial<Group> = {}): Promise<number> {
  const { origin } = group;
  const { format, jobs, usage, heap } = shared;
  // --jobs N: the workers start loading their engine now, beside this thread loading its own.
  const pool = values.ndjson && jobs > 1 ? await startPool(jobs, values.operation, values) : undefined;

  const [engine, { knownOperationLines, resolveOperation, unknownOperationAdvice }, { takesRequestBody }] = await Promise.all([
    engineFor(values, engineHooks(values)),
    import("../../lint/graphql/namespace.js"),
    import("../../lint/lint.js"),
  ]);
  // A config entry's operation is named where the config says it (FILE:LINE:COLUMN: POINTER).
  const said = origin === undefined ? "lint: " : `lint: ${origin}: `;
  const key = resolveOperation(engine, values.operation);
  if (key === undefined) {
    const advice = unknownOperationAdvice(engine, values.operation);
    const unknown = `${said}unknown operation ${JSON.stringify(values.operation)}`;
    // A near name is the one suggestion; the whole list only when nothing is close.
    if (advice.startsWith("Did you mean")) throw new CliError(`${unknown}; d${advice.slice(1)}`);
    throw new CliError(`${unknown}.${advice ? ` ${advice}` : ""} Known operations:\n  ${knownOperationLines(engine).join("\n  ")}`);
  }
  // An operation without a request body has nothing to lint: every body would pass (exit 0).
  if (values.response === undefined && !takesRequestBody(engine, key)) {
    const bodied = [...engine.operations.keys()].filter((k) => takesRequestBody(engine, k)).sort();
    // deleteTemplate (REST, no body) beside graphql:deleteTemplate (a body): the one meant.
    const match = bodied.find((k) => k === `graphql:${values.operation}`) ?? closest(values.operation, bodied);
    const near = match === undefined ? "" : ` (did you mean ${match}?)`;
    throw new CliError(
      `${said}${values.operation} takes no request body, so there is no body to lint: name an operation that takes one${near}, or give --response STATUS (a "response" in a config entry) to check one of its response bodies. Operations that take a request body:\n  ${bodied.join("\n  ")}`,
    );
  }
  if (values.live && (values.catalog !== undefined || values.templates !== undefined))
    throw usage("--live fetches the catalog and templates: drop --catalog/--templates, or --live");
  if (values["current-id"] !== undefined && values.current !== undefined) throw usage("give --current FILE or --current-id ID, not both");
  const reading = contextReading("lint");
  const labels = { ...reading.labels, ...group.labels };
  const options: LintOptions = { operation: values.operation, engine, ...(await contextFrom(values, { ...reading, labels, maxBytes: limit })) };
  if (values.live || values["current-id"] !== undefined) {
    const live = await import("../../live/index.js");
    const liveOptions = live.liveOptionsFrom(values, process.env);
    if (values.live) Object.assign(options, await live.liveContext(values.operation, engine.operations.get(key)?.needs ?? [], liveOptions));
    if (values["current-id"] !== undefined) options.current = await live.fetchCurrent(values.operation, values["current-id"], liveOptions);
  }
  if (values.response !== undefined) options.response = values.response;

  const color = format === "pretty" && process.stdout.isTTY === true && !process.env.NO_COLOR;
  // One formatter for the whole run: its end() closes the output once (SARIF: one document).
  shared.formatter ??= await loadFormatter(format, { engine, operation: values.operation, color });
  const formatter = shared.formatter;
  watchStdout();
  if (pool !== undefined) {
    const { engine: _, operation: __, response: ___, ...context } = options;
    pool.configure(context);
  }
  const lintNdjson = values.ndjson ? (await import("./ndjson/run.js")).lintNdjson : undefined;
  let code = 0;
  try {
    const output = {
      written,
      get closed() {
        return closed;
      },
    };
    for (const file of files) {
      if (closed) break;
      const outcome = lintNdjson
        ? await lintNdjson(file, { options, maxLine: limit, output, ...(pool ? { pool } : {}), ...(heap ? { heap } : {}) })
        : await lintFile(file, options, formatter);
      code = Math.max(code, outcome);
    }
  } finally {
    await pool?.close();
  }
  return code;
}

/** The worker threads of --jobs N, made from the flags alone (the context follows: LintPool.configure). */
async function startPool(jobs: number, operation: string, values: Values): Promise<LintPool> {
  const { LintPool } = await import("./ndjson/pool.js");
  return new LintPool(jobs, {
    operation,
    maxLine: limit,
    ...(values.response === undefined ? {} : { response: values.response }),
    ...(values.spec === undefined ? {} : { spec: values.spec }),
    ...(values.rules === undefined ? {} : { rules: values.rules }),
  });
}

/** The byte limit of one input; undefined when the flag is not a whole number of at least 1. */
function maxBodyBytes(text: string | undefined): number | undefined {
  if (text === undefined) return DEFAULT_MAX_BODY_BYTES;
  const bytes = Number(text);
  return /^\d+$/.test(text.trim()) && Number.isSafeInteger(bytes) && bytes >= 1 ? bytes : undefined;
}

/** The most worker threads --jobs takes: beyond this, threads only cost memory. */
const MAX_JOBS = 256;

/** --jobs: 1 by default; 0 or auto: the available parallelism; undefined when nonsense. */
function jobsFrom(text: string | undefined): number | undefined {
  if (text === undefined) return 1;
  const trimmed = text.trim();
  if (trimmed === "auto") return cpus();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const jobs = Number(trimmed);
  if (jobs === 0) return cpus();
  return jobs <= MAX_JOBS ? jobs : undefined;
}

/** The available parallelism (--jobs auto): node:os loads only when asked, not with every lint. */
const cpus = (): number => builtin<typeof import("node:os")>("node:os").availableParallelism();

/** --max-body-bytes, set once per run. */
let limit = DEFAULT_MAX_BODY_BYTES;

/** What lint does when --spec/--rules are compiled: warnings on stderr, a failure names the flags (cli/input-errors.ts). */
const engineHooks = (values: EngineSource) => async () => (await import("../input-errors.js")).engineHooks("lint", values, { quiet });

/** --quiet, set once per run: errors only. */
let quiet = false;

// ------------------------------------------------------------------ inputs

/** Set when the reader of stdout went away (`v2kit lint ... | head`): stop quietly. */
let closed = false;

let watching = false;

function watchStdout(): void {
  if (watching) return;
  watching = true;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
}

/** Write with backpressure, so that bulk output never piles up in memory. */
async function write(text: string): Promise<void> {
  if (closed || text === "" || process.stdout.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      process.stdout.off("drain", done);
      process.stdout.off("error", done);
      resolve();
    };
    process.stdout.on("drain", done);
    process.stdout.on("error", done);
  });
}

/** Write bytes that will be reused: resolves once they are out (or the reader went away). */
function written(data: Uint8Array): Promise<void> {
  if (closed || data.length === 0) return Promise.resolve();
  return new Promise((resolve) => process.stdout.write(data, () => resolve()));
}

/** One body per file. An unreadable file is named on stderr and makes the exit status 2. */
async function lintFile(file: string, options: LintOptions, formatter: Formatter): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await readInput(file, limit);
  } catch (error) {
    process.stderr.write(`v2kit: lint: ${(error as Error).message}\n`);
    return 2;
  }
  const { lintSource } = await import("../../lint/lint.js"); // loaded with the engine already
  const outcome = lintSource(bytes, options);
  if (quiet) outcome.result.warnings = [];
  await write(formatter.item({ file, ...outcome }));
  return outcome.result.ok ? 0 : 1;
}
