// The consumer matrix's shared setup: one `npm pack` of this repo, one install of the tarball
// (plus vitest, openapi-fetch and fast-check, from the npm cache) in a scratch folder, and the example projects of
// examples/consumer/ (ESM, CommonJS, JavaScript-only) copied beside it, sharing that node_modules.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const repo = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(repo, "node_modules/.bin", name);
export const tools = { tsc: bin("tsc"), tsx: bin("tsx"), esbuild: bin("esbuild"), vitest: bin("vitest") };

// npm ignores SIGTERM while a registry socket is stalled (CI once hung 21 minutes on one install):
// every child here is killed with SIGKILL at its timeout, and an npm command killed that way is tried
// once more, since a stall is the registry's and rarely repeats.
const TIMEOUT_MS = 240_000;

export function run(cmd: string, args: string[], cwd: string): string {
  try {
    return runOnce(cmd, args, cwd);
  } catch (error) {
    if (cmd !== "npm" || !timedOut(error)) throw error;
    process.stderr.write(`${cmd} ${args.join(" ")} timed out after ${TIMEOUT_MS / 1000} s in ${cwd}: trying once more\n`);
    return runOnce(cmd, args, cwd);
  }
}

function timedOut(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; signal?: string } }).cause;
  return cause?.code === "ETIMEDOUT" || cause?.signal === "SIGKILL";
}

function runOnce(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: TIMEOUT_MS,
      killSignal: "SIGKILL",
      env: {
        ...process.env,
        npm_config_loglevel: "error",
        npm_config_fund: "false",
        npm_config_audit: "false",
        NODE_NO_WARNINGS: "1",
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      },
    });
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed in ${cwd}:\n${failure.stdout ?? ""}${failure.stderr ?? ""}${failure.message}`, {
      cause: error,
    });
  }
}

export interface Consumers {
  work: string;
  /** The example project folders, installed and generated: "esm" (type module) and "cjs" (type commonjs). */
  esm: string;
  cjs: string;
  /** The JavaScript-only example (no TypeScript installed), generated with --js. */
  js: string;
}

/** A version of a devDependency as this repo has it installed (so the install hits the cache). */
function installed(name: string): string {
  return (JSON.parse(readFileSync(path.join(repo, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

export function setUpConsumers(): Consumers {
  const work = mkdtempSync(path.join(tmpdir(), "v2kit-consumers-"));
  run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], repo);
  const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
  if (tarball === undefined) throw new Error("npm pack wrote no tarball");
  writeFileSync(path.join(work, "package.json"), JSON.stringify({ name: "consumers", private: true }));
  run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      path.join(work, tarball),
      `vitest@${installed("vitest")}`,
      `openapi-fetch@${installed("openapi-fetch")}`,
      // The generated property tests import fast-check, v2kit's optional peer: the project installs it (as the examples list it).
      `fast-check@${installed("fast-check")}`,
    ],
    work,
  );
  const out: Consumers = { work, esm: path.join(work, "esm"), cjs: path.join(work, "cjs"), js: path.join(work, "js") };
  for (const kind of ["esm", "cjs"] as const) {
    cpSync(path.join(repo, "examples/consumer", kind), out[kind], { recursive: true });
    mkdirSync(path.join(out[kind], "src"), { recursive: true });
    // What the example's `npm run generate` does, through the installed bin.
    run(path.join(work, "node_modules/.bin/v2kit"), ["generate", "--out", "src/generated", "--quiet"], out[kind]);
  }
  cpSync(path.join(repo, "examples/consumer/js"), out.js, { recursive: true });
  run(path.join(work, "node_modules/.bin/v2kit"), ["generate", "--js", "--out", "src/generated", "--quiet"], out.js);
  return out;
}
