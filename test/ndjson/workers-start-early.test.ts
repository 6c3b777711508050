// Issue 14, bulk: with --jobs N the worker threads start loading their engine before the main
// thread has checked the operation and read the context files. An error found after they
// started must end the run as it does with --jobs 1: the same message and exit code, nothing on
// stdout, and promptly (a worker left holding the process would hang it). Runs the built CLI.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = join(root, "dist/cli/v2kit.js");
let dir: string;

function lint(args: string[]) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [cli, "lint", ...args], { cwd: dir, timeout: 30_000 });
  return {
    code: result.status,
    signal: result.signal,
    stdout: result.stdout.toString("utf8"),
    stderr: result.stderr.toString("utf8"),
    ms: Date.now() - started,
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "v2kit-ndjson-early-"));
  const body = JSON.stringify(JSON.parse(readFileSync(join(root, "examples", "create-endpoint-gpu.json"), "utf8")));
  writeFileSync(join(dir, "bodies.ndjson"), `${body}\n`.repeat(50));
  writeFileSync(join(dir, "not-a-catalog.json"), '{"items": []}');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("an error found after the workers started ends the run as --jobs 1 does", () => {
  const cases: [string, string[]][] = [
    ["an unknown operation", ["--operation", "createEndpiont"]],
    ["an unreadable --catalog", ["--operation", "createEndpoint", "--catalog", "missing.json"]],
    ["a --catalog that is not a catalog", ["--operation", "createEndpoint", "--catalog", "not-a-catalog.json"]],
    ["an unreadable --spec", ["--spec", "missing.yaml", "--operation", "createEndpoint"]],
  ];
  for (const [name, args] of cases) {
    test(name, () => {
      const one = lint([...args, "--ndjson", "bodies.ndjson"]);
      const two = lint([...args, "--ndjson", "--jobs", "2", "bodies.ndjson"]);
      expect(one.code, one.stderr).toBe(2);
      expect(two.signal, "killed by the 30 s timeout: the run hung").toBeNull();
      expect(two.code).toBe(2);
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout).toBe("");
      expect(two.ms).toBeLessThan(15_000);
    });
  }

  test("and a good run after the same start prints every line", () => {
    const result = lint(["--operation", "createEndpoint", "--ndjson", "--jobs", "2", "bodies.ndjson"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split("\n").filter((line) => line !== "")).toHaveLength(50);
  });
});
