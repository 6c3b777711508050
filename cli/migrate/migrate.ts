// v2kit migrate: rewrite saved v1 requests (or responses) as v2 and lint them; `scan` finds v1
// calls in a source tree. The runtime does the work on plain data; this module reads files,
// walks directories and writes the output.

import { closest, didYouMean } from "../suggest.js";
import { describeParseError } from "../../lint/json-source.js";
import { contextFileFailure } from "../../lint/context-files.js";
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { CpuRecord, GpuRecord, TemplateRecord } from "../../engine/types.js";
import { isObject } from "../../engine/values.js";
import { formatRequestMigration, formatResponseMigration, type MigrationContext, migrateRequest, migrateResponse } from "../../migrate/index.js";
import { bundledCatalog } from "../../lint/lint.js";
import { liveHelp, liveParseOptions } from "../../live/flags.js";
import { InputError, readInputSync } from "../../input/read-input.js";
import type { LiveFlagValues } from "../../live/options.js";
import { CliError, type Command, type OptionSpecs, usageError } from "../command.js";
import { expandFileArgs } from "../expand-args.js";

const HELP = `Usage:
  v2kit migrate [--catalog FILE]... [--live] [--format pretty|json] FILE... | -
  v2kit migrate --response STATUS [--format pretty|json] FILE... | -
  v2kit migrate scan [--format pretty|json|sarif] [--fail-on mention|inferred|certain|none]
                     [--fix | --diff] [--unsafe-fixes] [--v2-base URL]
                     [--max-bytes N] [--no-gitignore] [--skip-unreadable] [--config FILE]
                     [--project-root DIR] [--catalog FILE]... [DIR|FILE...]

Rewrites each saved v1 request ({"method", "path", "body"}) as v2 and lints the new body.
--catalog FILE     a saved catalog response ({"gpus": [...]}, {"cpus": [...]} or {"templates": [...]});
                   repeatable; GPU and CPU collections not given come from the bundled snapshot:
                     v2kit migrate --catalog gpus.json --catalog cpus.json v1-request.json
                   scan: the catalog a found literal body is migrated with (gpuTypeIds -> gpu.pools)
                   and its fix written with; without it scan reads no catalog and says so, and
                   --unsafe-fixes chooses pools from the bundled snapshot, each note saying so:
                     v2kit migrate scan --catalog gpus.json src
--format FORMAT    pretty (default) or json: one object per input (per finding for scan), one a line;
                   scan also takes sarif:
                     v2kit migrate --format json v1-request.json
                     v2kit migrate scan --format sarif src > scan.sarif
--response STATUS  the files are saved v1 responses with this HTTP status: a list is wrapped for
                   its resource (needs {"method", "path", "status", "body"}), a {"message"} error
                   becomes a problem body:
                     v2kit migrate --response 200 examples/migrate/pod-list-response.json
scan DIR...        report v1 calls in source files: TypeScript/JavaScript, Python, Go, Rust,
                   PHP, shell, PowerShell and Markdown/MDX code blocks are parsed; other text
                   files are read line by line. Skips node_modules, .git, what .gitignore
                   ignores, binary and non-regular files, files over --max-bytes
--fail-on LEVEL    scan: exit 1 on any v1 call (inferred, the default), only on certain calls
                   (certain), on calls and prose mentions of v1 routes (mention), or never (none):
                     v2kit migrate scan --fail-on certain src
--fix              scan: rewrite the v1 calls in place (base URL, path, literal method and body),
                   all or nothing per call; prints the findings left, each with why it was not
                   fixed (docs/scan.md):
                     v2kit migrate scan --fix src
--diff             scan: print the fixes as one unified diff (paths relative to the current
                   directory, for git apply) and write nothing:
                     v2kit migrate scan --diff src > v2.patch
--unsafe-fixes     scan: with --fix or --diff, also make fixes that change more than URL, method and
                   a literal body: per-action pod routes gain their {"action": …} body; calls whose
                   body is built elsewhere get URL and method fixed; a client's base moves past the
                   calls it cannot migrate; a call so moved with a body v2kit did not write gets a
                   "v2kit:" comment above it, which later scans report (v1-body-left) until it is
                   deleted; a v1 expansion v2 serves at another route (includeWorkers) is dropped
                   from the query; GPU pools come from the bundled catalog snapshot when no
                   --catalog is given:
                     v2kit migrate scan --diff --unsafe-fixes src
--v2-base URL      scan: the v2 base URL a fix writes (default https://api.runpod.io/v2, the bundled
                   document's server):
                     v2kit migrate scan --diff --v2-base https://proxy.internal/runpod/v2 src
--config FILE      scan: with no DIR, read the "scan" section (include, exclude) of this config
                   instead of the nearest v2kit.config.json (docs/config.md):
                     v2kit migrate scan --config v2kit.config.json
--project-root DIR scan: the folder the config's "scan" paths must stay inside (default: the
                   config's own folder; a path outside it is exit 2):
                     v2kit migrate scan --project-root ..
--max-bytes N      scan: skip files larger than N bytes (default 1048576):
                     v2kit migrate scan --max-bytes 4194304 src
--no-gitignore     scan: read files that .gitignore ignores too:
                     v2kit migrate scan --no-gitignore src
--skip-unreadable  scan: a path that cannot be read (permissions, a name the system refuses) is
                   still reported on stderr but no longer makes the exit status 2:
                     v2kit migrate scan --skip-unreadable src

Live context: --live fetches the GPU and CPU catalog and the templates from the service instead
of --catalog (the API key comes from $V2KIT_API_KEY or --api-key-file, never from a flag):
${liveHelp("migrate", "v1-request.json", null)}
Exit codes: 0 all ok (scan: no v1 call found at the --fail-on level, after fixing with --fix); 1
any result not ok (scan: a v1 call found at the --fail-on level, left after --fix; --diff: the diff
is not empty or calls are left);
2 usage error or unreadable file (scan: any named or found path it cannot read, unless --skip-unreadable).
`;

const MAX_SCAN_BYTES = 1024 * 1024;
const FAIL_ON = ["mention", "inferred", "certain", "none"] as const;

function write(text: string): void {
  process.stdout.write(text);
}

function readInput(file: string): string {
  try {
    return readInputSync(file).toString("utf8"); // regular files and stdin only, at most 16 MiB
  } catch (error) {
    throw new CliError(error instanceof InputError ? error.message : `cannot read ${file}: ${(error as Error).message}`);
  }
}

function parseJson(text: string): { value: unknown } | { error: string } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    // The same words and place as lint: a reason, then line and column (never V8's "position N").
    if (body.trim() === "") return { error: "the input is empty" };
    const { reason, position } = describeParseError(body, error as Error);
    return { error: `${reason} at line ${position.line}, column ${position.column}` };
  }
}

/** The bundled snapshot: schema/catalog, from cli/migrate (source) or dist/cli/migrate. */
function bundledCatalogDir(): string {
  const candidates = ["../../schema/catalog/", "../../../schema/catalog/"].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  for (const dir of candidates) {
    try {
      statSync(join(dir, "gpus.json"));
      return dir;
    } catch {
      // try the next layout
    }
  }
  throw new CliError("the bundled catalog (schema/catalog/gpus.json) is missing from the package", 70);
}

/** The saved catalog files of --catalog; `command` prefixes a read error as lint's does ("migrate scan: cannot read --catalog FILE: …"). */
export function loadContext(files: readonly string[], command = "migrate"): MigrationContext {
  let gpus: GpuRecord[] | undefined;
  let cpus: CpuRecord[] | undefined;
  let templates: TemplateRecord[] | undefined;
  for (const file of files) {
    let read: string;
    try {
      read = readInputSync(file).toString("utf8");
    } catch (error) {
      throw new CliError(`${command}: cannot read --catalog ${file}: ${error instanceof InputError ? error.reason : (error as Error).message}`);
    }
    const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
    const parsed = parseJson(text);
    if ("error" in parsed) throw new CliError(`--catalog ${file} is not valid JSON: ${parsed.error}`);
    const value = parsed.value;
    if (!isObject(value) || !["gpus", "cpus", "templates"].some((key) => Array.isArray(value[key]))) {
      throw new CliError(`${file} must be a saved catalog response: {"gpus": [...]}, {"cpus": [...]} or {"templates": [...]}`);
    }
    const failure = contextFileFailure("--catalog", file, text, value, ["gpus", "cpus", "templates"]);
    if (failure !== undefined) throw new CliError(failure);
    if (Array.isArray(value.gpus)) gpus = value.gpus as GpuRecord[];
    if (Array.isArray(value.cpus)) cpus = value.cpus as CpuRecord[];
    if (Array.isArray(value.templates)) templates = value.templates as TemplateRecord[];
  }
  if (!gpus || !cpus) {
    bundledCatalogDir();
    // The very arrays lint reads: it then knows they are the dated snapshot (staleness warnings).
    const bundled = bundledCatalog();
    gpus ??= bundled.gpus;
    cpus ??= bundled.cpus;
  }
  return templates ? { catalog: { gpus, cpus }, templates } : { catalog: { gpus, cpus } };
}

function migrateFiles(files: readonly string[], format: string, context: MigrationContext): number {
  let allOk = true;
  for (const file of files) {
    const parsed = parseJson(readInput(file));
    const result =
      "value" in parsed
        ? migrateRequest(parsed.value, context)
        : { ok: false, request: null, notes: [{ level: "error" as const, message: `must be JSON: ${parsed.error}` }], lint: null };
    allOk &&= result.ok;
    if (format === "json") {
      write(`${JSON.stringify({ file, ok: result.ok, request: result.request, notes: result.notes, lint: result.lint })}\n`);
    } else {
      const v1 = "value" in parsed && isObject(parsed.value) ? parsed.value : {};
      write(formatRequestMigration(file, v1, result));
    }
  }
  return allOk ? 0 : 1;
}

function migrateResponses(files: readonly string[], status: number, format: string): number {
  let allOk = true;
  for (const file of files) {
    const parsed = parseJson(readInput(file));
    const result =
      "value" in parsed
        ? migrateResponse(status, parsed.value)
        : { ok: false, response: null, notes: [{ level: "error" as const, message: `must be JSON: ${parsed.error}` }] };
    allOk &&= result.ok;
    write(format === "json" ? `${JSON.stringify({ file, ...result })}\n` : formatResponseMigration(file, result));
  }
  return allOk ? 0 : 1;
}

async function scanCommand(roots: string[], format: string, values: Record<string, unknown>, config?: import("../config.js").Config): Promise<number> {
  const failOn = String(values["fail-on"]);
  if (!(FAIL_ON as readonly string[]).includes(failOn))
    throw new CliError(`--fail-on must be one of ${FAIL_ON.join(", ")}, not ${JSON.stringify(failOn)}${didYouMean(failOn, FAIL_ON)}`);
  const rawMax = values["max-bytes"];
  const maxBytes = rawMax === undefined ? MAX_SCAN_BYTES : Number(rawMax);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new CliError(`--max-bytes must be a whole number of bytes, not ${JSON.stringify(rawMax)}`);
  if (values.fix === true && values.diff === true) throw new CliError("use --fix (write the fixes) or --diff (print them), not both");
  const fixing = values.fix === true ? "write" : values.diff === true ? "diff" : undefined;
  if (fixing === undefined && (values["unsafe-fixes"] === true || values["v2-base"] !== undefined))
    throw new CliError(`${values["unsafe-fixes"] === true ? "--unsafe-fixes" : "--v2-base"} goes with --fix or --diff`);
  const v2Base = values["v2-base"] === undefined ? undefined : v2BaseOf(String(values["v2-base"]));
  const catalogs = (values.catalog as string[] | undefined) ?? [];
  const { scanRoots } = await import("./scan.js");
  return scanRoots(roots, {
    format,
    failOn: failOn as (typeof FAIL_ON)[number],
    maxBytes,
    gitignore: values["no-gitignore"] !== true,
    skipUnreadable: values["skip-unreadable"] === true,
    ...(fixing ? { fix: fixing } : {}),
    ...(values["unsafe-fixes"] === true ? { unsafeFixes: true } : {}),
    ...(v2Base === undefined ? {} : { v2Base }),
    ...(config?.scan?.exclude ? { exclude: { base: config.dir, patterns: config.scan.exclude } } : {}),
    // --catalog: the same files, checks and errors as plain migrate. Without it, no catalog, except that
    // --unsafe-fixes chooses GPU pools from the bundled snapshot, each such body saying so (docs/scan.md).
    ...(catalogs.length > 0
      ? { context: loadContext(catalogs, "migrate scan") }
      : values["unsafe-fixes"] === true
        ? { context: { ...loadContext([], "migrate scan"), snapshot: bundledCatalog().date } }
        : {}),
  });
}

/** `--v2-base`: an absolute http(s) URL without query or fragment; a trailing slash is dropped. */
function v2BaseOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`--v2-base must be an absolute URL such as https://api.runpod.io/v2, not ${JSON.stringify(text)}`);
  }
  // Written into string literals of every language scan reads: nothing that needs quoting there.
  if (/[\s'"`{}\\<>$%]/.test(text)) throw new CliError(`--v2-base must not contain spaces, quotes, braces, backslashes, <, >, $ or %: ${JSON.stringify(text)}`);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.search !== "" || url.hash !== "")
    throw new CliError(`--v2-base must be an http(s) URL without query or fragment, not ${JSON.stringify(text)}`);
  return text.replace(/\/+$/, "");
}

/** The flags of `migrate scan` alone (parsing, and did-you-mean on a misspelt one). */
const SCAN_OPTIONS = {
  "fail-on": { type: "string", default: "inferred" },
  "max-bytes": { type: "string" },
  "no-gitignore": { type: "boolean" },
  "skip-unreadable": { type: "boolean" },
  fix: { type: "boolean" },
  diff: { type: "boolean" },
  "unsafe-fixes": { type: "boolean" },
  "v2-base": { type: "string" },
  config: { type: "string" },
  "project-root": { type: "string" },
  catalog: { type: "string", multiple: true },
} as const;

function options(args: string[], scanning: boolean) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: "string", default: "pretty" },
        help: { type: "boolean", short: "h" },
        ...(scanning ? SCAN_OPTIONS : {}),
        ...(scanning ? {} : { catalog: { type: "string", multiple: true }, response: { type: "string" }, ...liveParseOptions }),
      },
    });
  } catch (error) {
    const flags: OptionSpecs = { format: { type: "string" }, help: { type: "boolean" } };
    if (scanning) Object.assign(flags, SCAN_OPTIONS);
    if (!scanning) Object.assign(flags, { catalog: { type: "string" }, response: { type: "string" } }, liveParseOptions);
    throw usageError(scanning ? "migrate scan" : "migrate", error, flags);
  }
}

export const command: Command = {
  name: "migrate",
  async run(args) {
    const scanning = args[0] === "scan";
    // `migrate scna`: a word near "scan" that names no file is a mistyped subcommand, not a FILE.
    const first = args[0];
    if (
      !scanning &&
      first !== undefined &&
      !first.startsWith("-") &&
      closest(first, ["scan"]) !== undefined &&
      statSync(first, { throwIfNoEntry: false }) === undefined
    )
      throw new CliError(
        `migrate: unknown subcommand ${JSON.stringify(first)}; did you mean scan? (migrate FILE... rewrites saved v1 requests; migrate scan DIR... finds v1 calls in code)\nRun 'v2kit migrate --help' for usage.`,
      );
    const { values, positionals: given } = options(scanning ? args.slice(1) : args, scanning);
    if (values.help) {
      write(HELP);
      return 0;
    }
    const positionals = await expandFileArgs(scanning ? "migrate scan" : "migrate", given, { folders: scanning });
    const formats = scanning ? ["pretty", "json", "sarif"] : ["pretty", "json"];
    const format = String(values.format);
    if (!formats.includes(format))
      throw new CliError(`--format must be one of ${formats.join(", ")}, not ${JSON.stringify(format)}${didYouMean(format, formats)}`);
    if (scanning && positionals.length === 0) {
      // No DIR: the "scan" section of v2kit.config.json (here or a parent, or --config) says what to read.
      const config = await (
        await import("../config.js")
      ).scanConfig("migrate scan", values.config as string | undefined, values["project-root"] as string | undefined);
      if (config) return scanCommand(await (await import("../config.js")).scanRoots(config), format, values, config);
    }
    if (positionals.length === 0)
      throw new CliError(
        `${scanning ? 'name a DIR to scan (or a v2kit.config.json with a "scan" section)' : "name a FILE, or - for standard input"}\n\n${HELP}`,
      );
    if (scanning && values["project-root"] !== undefined)
      throw new CliError("--project-root bounds the paths a config names: with a DIR given, no config is read");
    if (scanning) return scanCommand(positionals, format, values);
    if (values.response !== undefined) {
      const status = Number(values.response);
      if (!Number.isInteger(status) || status < 100 || status > 599)
        throw new CliError(`--response must be an HTTP status (100-599), not ${JSON.stringify(values.response)}`);
      if (values.catalog !== undefined) throw new CliError("--catalog does not apply to --response");
      return migrateResponses(positionals, status, format);
    }
    if (values["current-id"] !== undefined) throw new CliError("--current-id applies to lint; migrate reads only the catalog and templates");
    if (values.live) {
      if (values.catalog !== undefined) throw new CliError("--live fetches the catalog and templates: drop --catalog, or --live");
      const live = await import("../../live/index.js");
      const context = await live.liveContext("createEndpoint", ["catalog", "templates"], live.liveOptionsFrom(values as LiveFlagValues, process.env));
      return migrateFiles(positionals, format, { ...loadContext([]), ...context });
    }
    return migrateFiles(positionals, format, loadContext((values.catalog as string[] | undefined) ?? []));
  },
};
