// Fuzz (fast-check, fixed seed): arbitrary argument arrays through the lint, migrate and
// generate option parsers, in-process. Whatever the argv, a run ends with exit code 0, 1 or 2
// (a returned code, or a CliError/LiveError carrying one): never an internal error (70) or an
// uncaught exception. Kept off the network and the file system: no API key is set (live flags
// stop at "no API key" before any request), generate always reads a missing --spec and writes
// under a scratch --out, and lint's --ndjson (which sets V8 heap flags for the
// whole process: cli/lint/ndjson/heap.ts) is not drawn.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CliError, type Command } from "../../cli/command.js";
import { LiveError } from "../../live/errors.js";

const SEED = 1313;
const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "v2kit-fuzz-cli-"));
const example = path.join(root, "examples/create-endpoint-gpu.json");
const v1 = path.join(root, "examples/migrate");
const savedKey = process.env.V2KIT_API_KEY;

beforeAll(() => {
  delete process.env.V2KIT_API_KEY;
});
afterAll(() => {
  if (savedKey !== undefined) process.env.V2KIT_API_KEY = savedKey;
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a command with stdout/stderr captured; returns its exit code as cli/v2kit.ts would. */
async function exitCode(command: Command, args: string[]): Promise<number> {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof CliError || error instanceof LiveError) return error.exitCode;
    throw error;
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "-", "--", "-h", "--=", "--x=y", "-zz", "\u0000", "--operation=", "é", "1e999", "../../etc/passwd"),
);

function argv(vocabulary: readonly string[]) {
  return fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...vocabulary) }, { weight: 1, arbitrary: junk }), { maxLength: 8 });
}

const LINT = [
  "--operation",
  "createEndpoint",
  "updateEndpoint",
  "CreateEndpoint",
  "--format",
  "json",
  "pretty",
  "sarif",
  "github",
  "problem",
  "bogus",
  "--response",
  "201",
  "2XX",
  "default",
  "999",
  "--catalog",
  "--templates",
  "--current",
  "--max-body-bytes",
  "0",
  "10",
  "abc",
  "--live",
  "--current-id",
  "..",
  "--base-url",
  "http://192.0.2.2",
  "https://api.example.invalid",
  "--timeout-ms",
  "--cache-ttl",
  "--api-key-file",
  "/dev/null",
  "--no-cache",
  "--verbose",
  "--help",
  example,
  "/nonexistent.json",
  "-",
];
const MIGRATE = [
  "scan",
  "--format",
  "json",
  "pretty",
  "sarif",
  "--catalog",
  "--response",
  "200",
  "abc",
  "--live",
  "--current-id",
  "--help",
  example,
  v1,
  "/nonexistent.json",
];
const GENERATE = ["--check", "--force", "--quiet", "--rules-strict", "--allow-external-refs", "--rules", "--graphql", "--help", "/nonexistent.yaml", "x"];

describe("CLI argument parsing never crashes (fuzz, seed 1313)", () => {
  it("lint", async () => {
    const { command } = await import("../../cli/lint/lint.js");
    await fc.assert(
      fc.asyncProperty(argv(LINT), async (args) => {
        // stdin is never read: "-" would wait on the test runner's stdin
        const safe = args.filter((a) => a !== "-" && a !== "--ndjson");
        expect([0, 1, 2]).toContain(await exitCode(command, [...safe, "/nonexistent.json"]));
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 60_000);

  it("migrate", async () => {
    const { command } = await import("../../cli/migrate/migrate.js");
    await fc.assert(
      fc.asyncProperty(argv(MIGRATE), async (args) => {
        expect([0, 1, 2]).toContain(
          await exitCode(
            command,
            args.filter((a) => a !== "-"),
          ),
        );
      }),
      { seed: SEED, numRuns: 60 },
    );
  }, 60_000);

  it("generate (a missing --spec, a scratch --out)", async () => {
    const { command } = await import("../../cli/generate/generate.js");
    await fc.assert(
      fc.asyncProperty(argv(GENERATE), async (args) => {
        const code = await exitCode(command, [...args, "--spec", "/nonexistent.yaml", "--out", path.join(scratch, "out")]);
        expect([0, 1, 2]).toContain(code);
      }),
      { seed: SEED, numRuns: 40 },
    );
  }, 60_000);
});
