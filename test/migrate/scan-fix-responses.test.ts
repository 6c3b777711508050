// What a call reads back (issue 41, item 3), through the CLI as a user runs it: each v1 field the
// code reads from a v1 call's response is a `v1-response-field` finding with its v2 place (JSON,
// SARIF, pretty), and `--unsafe-fixes` rewrites the certain reads together with the call, so the
// fixed Python and JavaScript programs run against stubs that answer as v2 does (`requests` and
// `fetch` refusing every other URL). `--fix` alone moves the calls but not the reads, and that
// program fails against the same stubs: the reads are what the fix adds.

import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { git, has, jsonLines, scan } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-responses/", import.meta.url));
const hasGit = has("git", ["--version"]);
const hasPython = has("python3", ["--version"]);

interface Row {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  notes: { level: string; field?: string; message: string }[];
  responseField?: { v1: string; v2: string | null };
}

const json = (stdout: string) => jsonLines<Row>(stdout);
const reads = (rows: Row[]) =>
  rows
    .filter((row) => row.ruleId === "v1-response-field")
    .map((row) => `${row.file}:${row.line}:${row.column} ${row.responseField?.v1} -> ${row.responseField?.v2}`);

/** A copy of the fixtures in a git repository, the stubs in place. */
function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-responses-"));
  cpSync(FIXTURES, dir, { recursive: true });
  expect(git(dir, "init", "-q", ".").status).toBe(0);
  expect(git(dir, "add", "-A").status).toBe(0);
  expect(git(dir, "commit", "-qm", "v1").status).toBe(0);
  copyFileSync(join(dir, "requests_stub.py"), join(dir, "requests.py"));
  return dir;
}

const runPython = (dir: string) => spawnSync("python3", ["client.py"], { cwd: dir, encoding: "utf8" });
const runNode = (dir: string) => spawnSync(process.execPath, ["--import", "./fetch-stub.mjs", "client.js"], { cwd: dir, encoding: "utf8" });

function applyDiff(dir: string, ...flags: string[]): string {
  const result = scan(dir, "--diff", ...flags, "client.py", "client.js");
  const patch = join(dir, "..", `${dir.split("/").pop()}.patch`);
  writeFileSync(patch, result.stdout);
  try {
    const applied = git(dir, "apply", patch);
    expect(applied.stderr).toBe("");
    expect(applied.status).toBe(0);
  } finally {
    rmSync(patch, { force: true });
  }
  return result.stderr;
}

describe("reads of a v1 call's response (issue 41, item 3)", () => {
  it("reports each v1 field read with its v2 place, a note that says what to change, in JSON, SARIF and pretty output", () => {
    const result = scan(FIXTURES, "--format", "json", "client.py", "client.js");
    const rows = json(result.stdout);
    expect(reads(rows)).toEqual([
      "client.py:10:14 desiredStatus -> status",
      "client.py:12:15 desiredStatus -> status",
      "client.py:18:16 idleTimeout -> workers.idleTimeout",
      "client.py:19:15 workersMin -> workers.min",
      "client.py:20:16 workersMax -> workers.max",
      "client.py:26:16 idleTimeout -> workers.idleTimeout",
      "client.py:26:37 scalerValue -> null",
      "client.py:32:14 […] -> pods",
      "client.py:33:41 desiredStatus -> status",
      "client.py:34:23 […] -> pods",
      "client.js:7:10 […] -> endpoints",
      "client.js:7:42 workersMax -> workers.max",
      "client.js:13:13 desiredStatus -> status",
    ]);
    for (const row of rows.filter((x) => x.ruleId === "v1-response-field")) {
      expect(row.notes.length).toBeGreaterThan(0);
      expect(row.notes[0]?.message).toMatch(/read |by hand/);
    }
    const scaler = rows.find((x) => x.responseField?.v1 === "scalerValue");
    expect(scaler?.notes[0]?.message).toContain("`scaling.queueDelay` or `scaling.requestCount`");
    const list = rows.find((x) => x.file === "client.py" && x.responseField?.v2 === "pods");
    expect(list?.notes[0]?.message).toBe('v2 answers {"pods": [...]}, not a bare list: read the list as `pods["pods"]`');

    const sarif = JSON.parse(scan(FIXTURES, "--format", "sarif", "client.py").stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number; message: { text: string } }[] }[];
    };
    const run = sarif.runs[0];
    const index = run?.tool.driver.rules.findIndex((x) => x.id === "v1-response-field") ?? -1;
    expect(index).toBeGreaterThanOrEqual(0);
    const results = run?.results.filter((x) => x.ruleId === "v1-response-field") ?? [];
    expect(results).toHaveLength(10);
    expect(results.every((x) => x.ruleIndex === index)).toBe(true);
    expect(results[0]?.message.text).toContain("v1 response field desiredStatus of GET /pods/{pod_id} → status in GET /v2/pods/{id}");

    const pretty = scan(FIXTURES, "client.py", "client.js").stdout;
    expect(pretty).toContain("7 v1 calls found (7 certain, 0 inferred); 13 reads of v1 response fields");
  });

  it.skipIf(!hasGit || !hasPython)(
    "--unsafe-fixes rewrites the certain reads with their call: the fixed programs run against v2 stubs; --fix alone leaves them failing",
    () => {
      const safe = repo();
      const unsafe = repo();
      try {
        // Before any fix: both programs call v1 and fail.
        expect(runPython(safe).status).not.toBe(0);
        expect(runNode(safe).status).not.toBe(0);

        // --fix alone: the calls move, the reads do not, each says why; the programs still fail.
        const stderr = applyDiff(safe);
        expect(stderr).toContain("client.py:10:14: not fixed: a read of the response changes with its call: run with --unsafe-fixes to rewrite it");
        expect(runPython(safe).status).not.toBe(0);
        expect(runNode(safe).status).not.toBe(0);

        const unsafeErr = applyDiff(unsafe, "--unsafe-fixes");
        // Uncertain reads are reported, not rewritten.
        expect(unsafeErr).toContain("client.py:26:16: not fixed: the read is not one v2kit can rewrite for certain: change it by hand");
        expect(unsafeErr).toContain("client.py:26:37: not fixed: the read is not one v2kit can rewrite for certain: change it by hand");
        const py = readFileSync(join(unsafe, "client.py"), "utf8");
        expect(py).toContain('    while pod["status"] != "RUNNING":');
        expect(py).toContain('    return pod["status"]');
        expect(py).toContain('    idle = data.get("workers", {}).get("idleTimeout", 5)');
        expect(py).toContain('    low = data["workers"]["min"]');
        expect(py).toContain('    high = data.get("workers", {}).get("max")');
        expect(py).toContain('    return data["idleTimeout"], data["scalerValue"]');
        expect(py).toContain('    for p in pods["pods"]:');
        expect(py).toContain('        names.append(p["name"] + ":" + p.get("status"))');
        expect(py).toContain('    return names, len(pods["pods"])');
        const js = readFileSync(join(unsafe, "client.js"), "utf8");
        expect(js).toContain('  return data.endpoints.map((e) => e.name + " " + e.workers.max);');
        expect(js).toContain("  return pod.status;");
        expect(spawnSync("python3", ["-m", "py_compile", "client.py"], { cwd: unsafe, encoding: "utf8" }).stderr).toBe("");
        expect(spawnSync(process.execPath, ["--check", "client.js"], { cwd: unsafe, encoding: "utf8" }).stderr).toBe("");

        const pyRun = runPython(unsafe);
        expect(pyRun.stderr).toBe("");
        expect(pyRun.stdout).toBe("RUNNING\n(10, 0, 3)\n(['a:RUNNING'], 1)\n");
        const jsRun = runNode(unsafe);
        expect(jsRun.stderr).toBe("");
        expect(jsRun.stdout).toBe('["e 3"]\nRUNNING\n');

        // A second run changes nothing.
        expect(scan(unsafe, "--diff", "--unsafe-fixes", "client.py", "client.js").stdout).toBe("");
      } finally {
        rmSync(safe, { recursive: true, force: true });
        rmSync(unsafe, { recursive: true, force: true });
      }
    },
  );

  it("--fix --unsafe-fixes writes the same, and still reports the reads it left, at their place in the fixed file", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-responses-fix-"));
    try {
      cpSync(FIXTURES, dir, { recursive: true });
      const result = scan(dir, "--fix", "--unsafe-fixes", "--format", "json", "client.py");
      // Each read left under a moved call gets a `v2kit:` comment above its line (marker.ts), so it moves down two lines.
      expect(reads(json(result.stdout))).toEqual(["client.py:28:16 idleTimeout -> workers.idleTimeout", "client.py:28:37 scalerValue -> null"]);
      const lines = readFileSync(join(dir, "client.py"), "utf8").split("\n");
      const line = lines[27] as string;
      expect(line.slice(15, 30)).toBe('["idleTimeout"]');
      expect(line.slice(36, 51)).toBe('["scalerValue"]');
      expect(lines[25]).toMatch(
        /^\s*# v2kit: GET \/endpoints\/\{endpointId\} moved to GET \/v2\/serverless\/\{id\}, and this reads its v1 answer \(idleTimeout\)/,
      );
      // A second fix leaves them, saying the call moved already; a later scan reports both reads again, from their comments.
      expect(scan(dir, "--fix", "--unsafe-fixes", "client.py").stdout).toContain(
        "not fixed: its call moved to v2 in an earlier fix: change the read by hand, then delete the `v2kit:` comment above it",
      );
      expect(reads(json(scan(dir, "--format", "json", "client.py").stdout))).toEqual([
        "client.py:26:7 idleTimeout -> workers.idleTimeout",
        "client.py:27:7 scalerValue -> null",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
