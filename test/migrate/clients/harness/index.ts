// The acceptance harness of issue 41: fixture clients (test/fixtures/clients/<name>/) run as
// their users run them, against `v2kit serve`, with their hosts redirected by a layer around the
// program (never an edit of it): Python through sitecustomize.py on PYTHONPATH, Node through a
// `--import` module that wraps fetch, shell and Rust (std only, it shells out to curl) through a
// `curl` first on PATH, Go through `go run -overlay` adding an init() that swaps
// http.DefaultTransport. Every request is recorded by the proxy (proxy.ts) in front of serve.
// test/migrate/clients/README.md describes the fixtures; clients-acceptance.test.ts is the acceptance test.

import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { REDIRECTED_HOSTS, type RecordedRequest, startClientProxy } from "./proxy.js";
import { toolchains } from "./toolchains.js";

export type { RecordedRequest } from "./proxy.js";

export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
export const CLI = join(ROOT, "dist/cli/v2kit.cjs");
export const FIXTURES = join(ROOT, "test/fixtures/clients");
const REDIRECT = fileURLToPath(new URL("./redirect/", import.meta.url));
/** The API key serve is started with and every fixture is given as RUNPOD_API_KEY. */
export const API_KEY = "fixture-key";

export type Language = "python" | "javascript" | "typescript" | "shell" | "go" | "rust" | "powershell";

/**
 * test/fixtures/clients/<name>/client.json, beside the client's tree in <name>/code/ (kept out
 * of the tree so that scan and --fix never read it).
 */
export interface ClientManifest {
  language: Language;
  /** The program, relative to the client's tree: a file, or for Go the main package's directory. */
  main: string;
  /** The line the program prints on its success path and only there. */
  successLine: string;
  /** A correct v2 client: must pass against serve without any fix. */
  control?: boolean;
  /** What the fixture shows, for the README and failure messages. */
  styles: string[];
  /** Every v1 REST call of the client as `file:line METHOD /v1-path` (the line of the path's string), for recall. */
  v1Calls?: string[];
}

export interface ClientRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** What the program sent, in order, with the status it got (proxy.ts). */
  requests: RecordedRequest[];
}

export const fixtureNames = (): string[] =>
  readdirSync(FIXTURES)
    .filter((name) => existsSync(join(FIXTURES, name, "client.json")))
    .sort();

/** The manifest of fixture `name`, or of the client.json at a path. */
export const readManifest = (nameOrFile: string): ClientManifest =>
  JSON.parse(readFileSync(nameOrFile.endsWith(".json") ? nameOrFile : join(FIXTURES, nameOrFile, "client.json"), "utf8")) as ClientManifest;

/** A scratch copy of fixture `name`'s client tree (<name>/code/), for a run or a fix. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `v2kit-client-${name}-`));
  cpSync(join(FIXTURES, name, "code"), dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (relative path → text), build output and VCS folders left out. */
export function filesOf(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = join(prefix, entry.name);
    if (entry.name === ".git" || entry.name === "target" || entry.name === "node_modules") continue;
    if (entry.isDirectory()) for (const [k, text] of filesOf(dir, rel)) out.set(k, text);
    else out.set(rel, readFileSync(join(dir, rel), "utf8"));
  }
  return out;
}

/** Why `language`'s programs cannot run here (a missing tool), or undefined when they can. */
export function cannotRun(language: Language): string | undefined {
  const t = toolchains();
  const need: Record<Language, [string, string | undefined][]> = {
    python: [["python3", t.python3]],
    javascript: [],
    typescript: [],
    shell: [
      ["bash", t.bash],
      ["curl", t.curl],
      ["jq", t.jq],
    ],
    go: [["go (apt-get install -y golang-go)", t.go]],
    rust: [
      ["cargo", t.cargo],
      ["curl", t.curl],
    ],
    powershell: [["pwsh (not in Debian's packages; the npm package pwsh downloads it at install)", t.pwsh]],
  };
  const missing = need[language].filter(([, path]) => path === undefined).map(([tool]) => tool);
  return missing.length ? `needs ${missing.join(", ")}` : undefined;
}

const requireHere = createRequire(import.meta.url);

interface Command {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** A build step run (untimed against the program) before the program. */
  build?: { file: string; args: string[] };
}

function commandFor(dir: string, manifest: ClientManifest): Command {
  const t = toolchains();
  const fetchRedirect = pathToFileURL(join(REDIRECT, "node/fetch-redirect.mjs")).href;
  const binDir = join(REDIRECT, "bin");
  const path = `${binDir}${delimiter}${process.env.PATH ?? ""}`;
  switch (manifest.language) {
    case "python":
      return { file: t.python3 as string, args: [manifest.main], env: { PYTHONPATH: join(REDIRECT, "python"), PYTHONDONTWRITEBYTECODE: "1" } };
    case "javascript":
      return { file: process.execPath, args: ["--import", fetchRedirect, manifest.main], env: {} };
    case "typescript": {
      const tsx = pathToFileURL(requireHere.resolve("tsx/esm")).href;
      return { file: process.execPath, args: ["--import", fetchRedirect, "--import", tsx, manifest.main], env: {} };
    }
    case "shell":
      return { file: t.bash as string, args: [manifest.main], env: { PATH: path, V2KIT_REAL_CURL: t.curl as string } };
    case "go": {
      const overlay = join(mkdtempSync(join(tmpdir(), "v2kit-client-overlay-")), "overlay.json");
      const added = join(dir, manifest.main, "zz_v2kit_redirect.go");
      writeFileSync(overlay, JSON.stringify({ Replace: { [added]: join(REDIRECT, "go/zz_v2kit_redirect.go") } }));
      return {
        file: t.go as string,
        args: ["run", "-overlay", overlay, `./${manifest.main}`],
        env: { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", CGO_ENABLED: "0" },
      };
    }
    case "rust":
      return {
        build: { file: t.cargo as string, args: ["build", "--offline", "--quiet"] },
        file: t.cargo as string,
        args: ["run", "--offline", "--quiet"],
        env: { PATH: path, V2KIT_REAL_CURL: t.curl as string, CARGO_TARGET_DIR: join(dir, "target") },
      };
    case "powershell":
      return { file: t.pwsh as string, args: ["-NoProfile", "-NonInteractive", "-File", manifest.main], env: {} };
  }
}

/** The environment a fixture runs in: this process's, less anything RUNPOD_* or V2KIT_* it might read a base URL from. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, value] of Object.entries(process.env)) if (value !== undefined && !/^(RUNPOD_|V2KIT_)/.test(k)) env[k] = value;
  return env;
}

function runChild(file: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ exitCode: number | null; stdout: string; stderr: string; timedOut: boolean }>((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout, stderr: `${stderr}${error.message}\n`, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, stdout, stderr, timedOut });
    });
  });
}

export interface Serve {
  url: string;
  stop(): Promise<void>;
}

/** `v2kit serve --port 0 --api-key API_KEY --seed 1` as a child process, once it prints its address. */
export function startServe(extraArgs: string[] = []): Promise<Serve> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--api-key", API_KEY, "--seed", "1", ...extraArgs], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ url: match[1] as string, stop });
    });
    child.on("exit", (code) => reject(new Error(`v2kit serve exited (${code}) before listening: ${err}`)));
  });
}

export interface RunOptions {
  /** Extra environment for the program (POLL_TRIES, POLL_INTERVAL_MS, WAIT_FOR_POD, …). */
  env?: Record<string, string>;
  /** Kill the program after this long (default 120 s: a first `go run` or `cargo run` builds). */
  timeoutMs?: number;
  /** Extra `v2kit serve` arguments. */
  serveArgs?: string[];
}

/** The pod wait every fixture honours: 40 tries, 100 ms apart (about 4 s), unless `env` says otherwise. */
export const POLL_ENV = { POLL_TRIES: "40", POLL_INTERVAL_MS: "100" };

/**
 * Runs the client in `dir` (a copy: see copyFixture) as `manifest` says, against a fresh `v2kit serve`,
 * its hosts redirected to the recording proxy. Throws when the language's tools are missing.
 */
export async function runClient(dir: string, manifest: ClientManifest, options: RunOptions = {}): Promise<ClientRun> {
  const missing = cannotRun(manifest.language);
  if (missing) throw new Error(`${manifest.language} fixture cannot run here: ${missing}`);
  const serve = await startServe(options.serveArgs);
  const proxy = await startClientProxy(serve.url);
  try {
    const command = commandFor(dir, manifest);
    const env = {
      ...baseEnv(),
      ...command.env,
      ...POLL_ENV,
      RUNPOD_API_KEY: API_KEY,
      V2KIT_REDIRECT_PROXY: proxy.url,
      V2KIT_REDIRECT_HOSTS: REDIRECTED_HOSTS.join(","),
      ...options.env,
    };
    const timeout = options.timeoutMs ?? 120_000;
    if (command.build) {
      const built = await runChild(command.build.file, command.build.args, dir, env, timeout);
      if (built.exitCode !== 0) return { ...built, requests: [] };
    }
    const result = await runChild(command.file, command.args, dir, env, timeout);
    return { ...result, requests: proxy.requests() };
  } finally {
    await proxy.close();
    await serve.stop();
  }
}

export interface ScanRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `v2kit migrate scan ARGS .` in `dir`, as a user runs it from the client's root. */
export function migrateScan(dir: string, args: string[]): ScanRun {
  const result = spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "."], { cwd: dir, encoding: "utf8", timeout: 120_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `git apply` of `patch` in `dir` (no repository needed): undefined when it applies, else git's message. */
export function gitApply(dir: string, patch: string): string | undefined {
  const file = join(mkdtempSync(join(tmpdir(), "v2kit-client-patch-")), "fix.patch");
  writeFileSync(file, patch);
  const result = spawnSync("git", ["apply", "--whitespace=nowarn", file], { cwd: dir, encoding: "utf8" });
  rmSync(file, { force: true });
  return result.status === 0 ? undefined : result.stderr || `git apply exited ${result.status}`;
}

const SOURCE = /\.(py|mjs|js|ts|sh|go|rs|ps1)$/;

/**
 * Each source file of the client in `dir` checked by its language's own parser or compiler:
 * python3's ast, `node --check`, `tsc --noEmit` over the client's tsconfig, `bash -n`, `gofmt -e`
 * and `go vet`, `cargo check --offline`, PowerShell's parser (only where pwsh exists). Returns
 * the problems found (file and message) and the checks that could not run here.
 */
export function parseCheck(dir: string, manifest: ClientManifest): { problems: string[]; unchecked: string[] } {
  const t = toolchains();
  const problems: string[] = [];
  const unchecked: string[] = [];
  const files = [...filesOf(dir).keys()].filter((file) => SOURCE.test(file) && !file.startsWith("target/"));
  const fail = (what: string, result: { status: number | null; stderr: string; stdout: string }) => {
    if (result.status !== 0) problems.push(`${what}: ${(result.stderr || result.stdout).trim()}`);
  };
  for (const file of files) {
    const path = join(dir, file);
    if (file.endsWith(".py")) {
      if (!t.python3) unchecked.push(`${file}: no python3`);
      else fail(file, spawnSync(t.python3, ["-c", "import ast,sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])", path], { encoding: "utf8" }));
    } else if (/\.m?js$/.test(file)) {
      fail(file, spawnSync(process.execPath, ["--check", path], { encoding: "utf8" }));
    } else if (file.endsWith(".sh")) {
      if (!t.bash) unchecked.push(`${file}: no bash`);
      else fail(file, spawnSync(t.bash, ["-n", path], { encoding: "utf8" }));
    } else if (file.endsWith(".go")) {
      if (!t.gofmt) unchecked.push(`${file}: no gofmt`);
      else fail(file, spawnSync(t.gofmt, ["-e", "-l", path], { encoding: "utf8" }));
    } else if (file.endsWith(".ps1")) {
      if (!t.pwsh) unchecked.push(`${file}: no pwsh, PowerShell's parser is not available here`);
      else {
        const script = `$e=$null; [void][System.Management.Automation.Language.Parser]::ParseFile('${path.replace(/'/g, "''")}', [ref]$null, [ref]$e); if ($e.Count) { $e | ForEach-Object { "$($_.Extent.StartLineNumber):$($_.Extent.StartColumnNumber) $($_.Message)" }; exit 1 }`;
        fail(file, spawnSync(t.pwsh, ["-NoProfile", "-NonInteractive", "-Command", script], { encoding: "utf8" }));
      }
    }
  }
  if (manifest.language === "typescript") {
    const tsc = requireHere.resolve("typescript/bin/tsc");
    // The client's own tsconfig, given this checkout's @types (the copy has no node_modules).
    const outside = mkdtempSync(join(tmpdir(), "v2kit-client-tsconfig-"));
    const wrapper = join(outside, "tsconfig.json");
    writeFileSync(
      wrapper,
      JSON.stringify({ extends: join(dir, "tsconfig.json"), compilerOptions: { noEmit: true, typeRoots: [join(ROOT, "node_modules/@types")] } }),
    );
    fail("tsc --noEmit", spawnSync(process.execPath, [tsc, "-p", wrapper], { cwd: dir, encoding: "utf8" }));
    rmSync(outside, { recursive: true, force: true });
  }
  if (manifest.language === "go") {
    if (!t.go) unchecked.push("go vet: no go (apt-get install -y golang-go)");
    else
      fail(
        "go vet ./...",
        spawnSync(t.go, ["vet", "./..."], {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local", CGO_ENABLED: "0" },
        }),
      );
  }
  if (manifest.language === "rust") {
    if (!t.cargo) unchecked.push("cargo check: no cargo");
    else
      fail(
        "cargo check --offline",
        spawnSync(t.cargo, ["check", "--offline", "--quiet"], { cwd: dir, encoding: "utf8", env: { ...process.env, CARGO_TARGET_DIR: join(dir, "target") } }),
      );
  }
  return { problems, unchecked };
}

/** Files that differ between two snapshots (filesOf), by relative path. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** A one-line summary of a run for failure messages: exit code, last lines of stderr, requests with their statuses. */
export function describeRun(run: ClientRun): string {
  const tail = (text: string) => text.trim().split("\n").slice(-8).join("\n    ");
  const sent = run.requests.map((request) => `${request.method} ${request.host}${request.path}${request.query} → ${request.status}`).join("\n    ");
  return `exit ${run.exitCode}${run.timedOut ? " (timed out)" : ""}\n  stdout:\n    ${tail(run.stdout)}\n  stderr:\n    ${tail(run.stderr)}\n  requests:\n    ${sent}`;
}

export const isDirectory = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();
