// v2kit generate: the heavy path. Loads swagger-parser and Ajv only when the inputs
// changed since the last run. It writes only files it owns (listed in its stamp by content
// hash), never follows a symlink inside --out, and replaces the output atomically
// (docs/generate-out.md).

import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Reuse } from "../../generators/artifacts.js";
import { bundled, packageRoot } from "../../schema-model/package-files.js";
import { InputError } from "../../input/read-input.js";
import { requireBundle } from "../code-cache.js";
import { CliError, type Command, usageError } from "../command.js";
import { printDiagnostics } from "../diagnostics.js";
import { drift } from "./check.js";
import { inventory, listed } from "./inventory.js";
import { resolveOut } from "./out-target.js";
import { missingDependencies, missingText, runtimePackages } from "./runtime-deps.js";
import { recoverLeftovers, replaceAtomically } from "./replace-atomically.js";
import { reuseFrom } from "./reuse.js";
import { artifactKey, codeHash, inputsHash, readStamp, sha, type Stamp } from "./stamp.js";
import { checkInPlace, writeInPlace } from "./write-in-place.js";

const HELP = `Usage: v2kit generate [--spec FILE] [--graphql FILE] [--rules FILE] [--out DIR] [--check]
                      [--allow-external-refs] [--rules-strict] [--force] [--quiet]
                      [--allow-foreign-files] [--overwrite-edits] [--js]

Emit TypeScript types, Ajv validators, the rule engine and property tests. After an edit, only
the parts whose own inputs changed are rebuilt; the rest is kept from the previous output.
Exit status: 0 written or up to date, 1 invalid input or (--check) output not current,
2 usage error, a folder generate refuses to write into, or an input that is not a regular
file or is larger than 64 MiB.

  --spec FILE             OpenAPI 3.0/3.1 document (default: the bundled schema/v2.openapi.yaml)
                            v2kit generate --spec openapi.json --out src/generated
  --graphql FILE          GraphQL operations file (default: bundled, only with the bundled schema)
                            v2kit generate --graphql schema/graphql.yaml --out generated
  --rules FILE            rules file (default: the bundled rules/v2.rules.yaml)
                            v2kit generate --rules rules/v2.rules.yaml --out generated
  --out DIR               where to write (default: output). A new or empty folder, or one
                          holding only files generate wrote; replaced as a whole, atomically
                            v2kit generate --out generated
  --check                 write nothing; exit 1 and list the generated files that differ, or
                          name a package the generated code loads that package.json lacks
                            v2kit generate --check
  --allow-external-refs   follow $refs to files outside the document's folder (URLs never)
                            v2kit generate --spec api/openapi.yaml --allow-external-refs --out generated
  --rules-strict          fail when a rule's operation or field is not in the document
                            v2kit generate --rules-strict --out generated
  --force                 rebuild everything, even when the inputs are unchanged
                            v2kit generate --force --out generated
  --quiet                 print errors only
                            v2kit generate --quiet --out generated
  --allow-foreign-files   write into a folder that also holds files generate did not write:
                          its own files are replaced one by one, the others left untouched
                            v2kit generate --out src --allow-foreign-files
  --overwrite-edits       replace generated files that were edited by hand since (and files
                          of the same name generate did not write); without it, generate refuses
                            v2kit generate --out generated --overwrite-edits
  --js                    JavaScript for projects without TypeScript: each module as .mjs with
                          its declarations beside it (.d.mts), runnable by node, typed in editors
                            v2kit generate --js --out generated
  -h, --help              show this help
`;

const OPTIONS = {
  spec: { type: "string" },
  graphql: { type: "string" },
  rules: { type: "string" },
  out: { type: "string", default: "output" },
  check: { type: "boolean", default: false },
  "allow-external-refs": { type: "boolean", default: false },
  "rules-strict": { type: "boolean", default: false },
  force: { type: "boolean", default: false },
  quiet: { type: "boolean", default: false },
  "allow-foreign-files": { type: "boolean", default: false },
  "overwrite-edits": { type: "boolean", default: false },
  js: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

function parseOptions(args: string[]) {
  return parseArgs({ args, strict: true, allowPositionals: false, options: OPTIONS });
}

type Values = ReturnType<typeof parseOptions>["values"];

export const command: Command = {
  name: "generate",
  async run(args) {
    let values: Values;
    try {
      ({ values } = parseOptions(args));
    } catch (error) {
      throw usageError("generate", error, OPTIONS);
    }
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    let target = resolveOut(values.out);
    if (!values.check) {
      recoverLeftovers(target.dir); // a run killed mid-swap put the previous output aside
      if (!target.exists) target = resolveOut(values.out);
    }
    const out = target.dir;
    // This package's own output/ imports the package's engine; any other folder gets a copy of it.
    // It also holds the model `v2kit serve` reads for the bundled schema (schema-model/serve-model.ts).
    const own = isPackageOutput(out);
    const engine = values.js || !own ? undefined : enginePath(out);
    const inputs = [
      { role: "spec", file: values.spec ?? bundled.spec() },
      { role: "graphql", file: values.graphql ?? (values.spec ? "" : bundled.graphql()) },
      { role: "rules", file: values.rules ?? bundled.rules() },
      { role: "catalog/gpus", file: bundled.catalog("gpus") },
      { role: "catalog/cpus", file: bundled.catalog("cpus") },
      { role: "catalog/templates", file: bundled.catalog("templates") },
      { role: "catalog/snapshot", file: bundled.catalog("snapshot") },
    ].filter((i) => i.file !== "");
    for (const { file } of inputs.slice(0, 3)) if (!existsSync(file)) throw new CliError(`${file}: cannot read: no such file`);
    const previous = target.exists ? readStamp(out) : undefined;
    const code = codeHash();
    // JavaScript output is another layout of the same inputs: switching it rebuilds everything.
    let hash: string;
    try {
      hash = inputsHash(inputs, values.js ? `${code}\0js` : engine !== undefined ? `${code}\0engine:${engine}` : code);
    } catch (error) {
      throw refusal(error);
    }
    const found = target.exists ? inventory(out, previous) : { owned: [], edited: [], foreign: [] };
    if (
      !values.check &&
      !values.force &&
      previous?.sealed === true &&
      previous.inputs === hash &&
      found.edited.length === 0 &&
      ownedAllPresent(previous, found.owned)
    ) {
      if (!values.quiet) process.stdout.write(`v2kit: ${path.relative(process.cwd(), out) || "."} is up to date\n`);
      return 0;
    }
    if (!values.check) {
      refuseUnsafe(values, found);
      // Fail before the heavy work when a path generate wrote last time is now in the way.
      if (found.foreign.length > 0) checkInPlace(out, Object.keys(previous?.files ?? {}), previous, values["overwrite-edits"]);
    }

    // Artifacts whose inputs did not change are taken as they are; --check and --force build all.
    // An unsealed (hand-edited) stamp vouches for nothing: everything is built.
    const reuse = values.check || values.force || values.js || previous?.sealed !== true ? undefined : reuseFrom(out, previous, found.owned, code);
    const result = await runPipeline(values, reuse, engine, own);
    if (!values.quiet) printDiagnostics(result.diagnostics);
    const stamp: Stamp = { inputs: hash, files: {}, artifacts: {} };
    for (const [file, content] of result.files) stamp.files[file] = sha(content);
    for (const a of result.artifacts) (stamp.artifacts ??= {})[a.name] = { inputs: artifactKey(code, a.name, a.identity), files: a.files };
    // Packages the generated code loads that the project does not depend on (runtime-deps.ts).
    const needs = own ? undefined : missingDependencies(out, runtimePackages(result.files));
    if (values.check) {
      if (needs !== undefined && needs.missing.length > 0) {
        process.stderr.write(`v2kit: ${missingText(values.out, needs)}\n`);
        return 1;
      }
      const differ = drift(out, result.files, previous, stamp);
      if (differ.length > 0) {
        // A hand-edited file makes a plain generate refuse: name the flag that replaces it.
        // The command to run is this one without --check, every other flag kept (--out, --spec, …),
        // quoted for a POSIX shell: run as written, it writes where --check looked.
        const edited = found.edited.length > 0;
        const again = rerunCommand(args, edited && !values["overwrite-edits"] ? ["--overwrite-edits"] : []);
        const why = edited ? ` (${found.edited.length} generated file(s) were edited by hand)` : "";
        process.stderr.write(
          `v2kit: ${differ.length} file(s) in ${values.out} are not current${why}:\n${listed(differ, Infinity)}\nTo regenerate them, run: ${again}\n`,
        );
        return 1;
      }
      if (!values.quiet) process.stdout.write(`v2kit: ${values.out} is current (${result.files.size} files)\n`);
      return 0;
    }
    if (found.foreign.length === 0) {
      await replaceAtomically(out, result.files, stamp);
    } else {
      const { stale } = writeInPlace(out, result.files, stamp, previous, values["overwrite-edits"]);
      if (stale.length > 0)
        process.stderr.write(`v2kit: warning: kept ${stale.length} file(s) v2kit no longer generates, because they were edited:\n${listed(stale)}\n`);
    }
    if (!values.quiet) process.stdout.write(`v2kit: wrote ${result.files.size} files to ${values.out}${rebuilt(result.artifacts)}\n`);
    if (!values.quiet && needs !== undefined && needs.missing.length > 0) process.stderr.write(`v2kit: warning: ${missingText(values.out, needs)}\n`);
    return 0;
  },
};

/** A word as a POSIX shell reads it back: bare when it holds no special character, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `v2kit generate` with the arguments given minus --check, plus `extra`, each word quoted for the shell. */
function rerunCommand(args: readonly string[], extra: readonly string[]): string {
  const kept = args.filter((a) => a !== "--check");
  return ["v2kit", "generate", ...kept, ...extra].map(shellWord).join(" ");
}

/** Which artifacts were built and which kept, when some were kept (a full run says nothing more). */
function rebuilt(all: { name: string; reused: boolean; check?: true }[]): string {
  const artifacts = all.filter((a) => a.check === undefined);
  const kept = artifacts.filter((a) => a.reused).map((a) => a.name);
  if (kept.length === 0) return "";
  const built = artifacts.filter((a) => !a.reused).map((a) => a.name);
  return ` (rebuilt: ${built.length > 0 ? built.join(", ") : "none"}; unchanged: ${kept.join(", ")})`;
}

/** True when `out` is this package's own output/ folder (docs/generate-out.md). */
function isPackageOutput(out: string): boolean {
  try {
    return resolveOut(path.join(packageRoot(), "output")).dir === out;
  } catch {
    return false; // the package's output/ is not a folder: out cannot be it
  }
}

/**
 * The path from the package's own output/ folder `out` to the package's engine (engine/, POSIX):
 * its modules import the engine instead of carrying a copy of it (docs/generate-out.md).
 */
function enginePath(out: string): string {
  return path.relative(out, realpathSync(bundled.runtime())).split(path.sep).join("/");
}

function ownedAllPresent(stamp: Stamp, owned: string[]): boolean {
  return owned.length === Object.keys(stamp.files).length;
}

/** Never write into a folder holding the user's files, nor over hand edits, unless told to. */
function refuseUnsafe(values: Values, found: { edited: string[]; foreign: string[] }): void {
  if (found.foreign.length > 0 && !values["allow-foreign-files"]) {
    throw new CliError(
      `generate: --out ${values.out} holds ${found.foreign.length} item(s) v2kit did not write, and generate never writes into such a folder unless told so:\n${listed(found.foreign)}\n` +
        `Choose a new or empty folder for --out, or pass --allow-foreign-files to write v2kit's own files there and leave everything else untouched.`,
    );
  }
  if (found.edited.length > 0 && !values["overwrite-edits"]) {
    throw new CliError(
      `generate: ${found.edited.length} file(s) in ${values.out} were changed since v2kit wrote them:\n${listed(found.edited)}\n` +
        `Generated files are rewritten on every run: edit the inputs instead, move your changes elsewhere, or pass --overwrite-edits to replace them.`,
    );
  }
}

/**
 * The heavy path: from the bin (dist/cli/generate.cjs), the bundled pipeline beside it, one file
 * with its packages (scripts/bundle-cli.mjs); from tsc's output, its ES modules.
 */
async function loadPipeline(): Promise<typeof import("../../generators/pipeline-entry.js")> {
  if (typeof __V2KIT_COMMONJS_BUNDLE__ !== "undefined") {
    // With V8's code cache made at build time (cli/code-cache.ts), as require() would otherwise.
    return requireBundle(fileURLToPath(new URL("./generate-pipeline.cjs", import.meta.url))) as typeof import("../../generators/pipeline-entry.js");
  }
  return import("../../generators/pipeline-entry.js");
}

async function runPipeline(values: Values, reuse: Reuse | undefined, engine: string | undefined, serveModel: boolean) {
  const { generate, GenerateError, SpecError, RulesFileError } = await loadPipeline();
  try {
    return await generate({
      ...(values.spec ? { spec: values.spec } : {}),
      ...(values.graphql ? { graphql: values.graphql } : {}),
      ...(values.rules ? { rules: values.rules } : {}),
      allowExternalRefs: values["allow-external-refs"],
      rulesStrict: values["rules-strict"],
      ...(reuse ? { reuse } : {}),
      ...(values.js ? { js: true } : {}),
      ...(engine !== undefined ? { engine } : {}),
      ...(serveModel ? { serveModel } : {}),
    });
  } catch (error) {
    if (error instanceof SpecError || error instanceof GenerateError || error instanceof RulesFileError) throw new CliError(error.message, 1);
    throw refusal(error);
  }
}

/** A FIFO, a device or a file over the budget among the inputs (or what their $refs name) is exit 2: refused before it is read. */
function refusal(error: unknown): unknown {
  return error instanceof InputError ? new CliError(`generate: ${error.message}`, 2) : error;
}
