// Scan coverage seen missing on real clients (issue 41, item 4), through the CLI as a user runs
// it: curl inside a double-quoted `"$(…)"` and after `do` in a one-line `while read` loop, Rust
// `format!` URLs (positional, indexed, inline names) with a `const` base, doc comments read as
// mentions (Rust `///`, `/** */`; a Java comment through the line scanner), and a docstring
// mention found past another URL naming `/pods`. The `--unsafe-fixes` diff applies with `git
// apply`, the fixed shell and Python still parse, and a second run finds only the prose.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { git, has, jsonLines, scan } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-coverage/", import.meta.url));
const hasGit = has("git", ["--version"]);
const hasPython = has("python3", ["--version"]);

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
  inferred: string[];
}

const rows = (stdout: string): string[] =>
  jsonLines<Row>(stdout)
    .filter((row) => row.file !== undefined)
    .map(
      (row) =>
        `${row.file}:${row.line} ${row.ruleId} ${row.v1.method} ${row.v1.path} -> ${row.v2?.method} ${row.v2?.path}${row.inferred.length ? ` [${row.inferred.join(",")}]` : ""}`,
    );

describe("scan coverage seen missing (issue 41, item 4)", () => {
  it("finds each call with its method and reads doc comments and docstrings as mentions", () => {
    const result = scan(FIXTURES, "--format", "json", ".");
    expect(result.status).toBe(0);
    expect(rows(result.stdout)).toEqual([
      // A doc comment and a line comment are prose (the line scanner, no Java lexer); the field is a call.
      "Pods.java:2 v1-mention GET /pods -> GET /v2/pods",
      "Pods.java:5 v1-mention DELETE /pods/{id} -> DELETE /v2/pods/{id}",
      "Pods.java:6 v1-call GET /endpoints -> GET /v2/serverless",
      // Rust: `///` and `/** */` are mentions; `format!` with `{}`, `{API}`, `{0}` against `const API: &str`.
      "client.rs:6 v1-mention GET /endpoints -> GET /v2/serverless",
      "client.rs:8 v1-call GET /endpoints -> GET /v2/serverless",
      "client.rs:12 v1-mention DELETE /endpoints/{id} -> DELETE /v2/serverless/{id}",
      "client.rs:16 v1-call DELETE /endpoints/{id} -> DELETE /v2/serverless/{id}",
      "client.rs:20 v1-call GET /templates/{id} -> GET /v2/templates/{id}",
      // The docstring names the docs URL (…/pods) first, then the route it calls.
      "docs.py:11 v1-mention POST /pods/{podId}/stop -> POST /v2/pods/{id}/action",
      "docs.py:13 v1-call POST /pods/{pod_id}/stop -> POST /v2/pods/{id}/action",
      // `"$(curl …)"` (twice), and `… | while read id; do curl -X DELETE …; done` with its method.
      "pods.sh:4 v1-call POST /pods/{POD_ID}/start -> POST /v2/pods/{id}/action",
      "pods.sh:6 v1-call GET /pods -> GET /v2/pods",
      "pods.sh:8 v1-call DELETE /pods/{id} -> DELETE /v2/pods/{id}",
    ]);
  });

  it.skipIf(!hasGit)("--diff --unsafe-fixes applies with git apply; the fixed files parse; a second run finds only the prose", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-coverage-"));
    try {
      cpSync(FIXTURES, dir, { recursive: true });
      expect(git(dir, "init", "-q", ".").status).toBe(0);
      expect(git(dir, "add", "-A").status).toBe(0);
      expect(git(dir, "commit", "-qm", "v1").status).toBe(0);
      const result = scan(dir, "--diff", "--unsafe-fixes", ".");
      const patch = join(dir, "..", `${dir.split("/").pop()}.patch`);
      writeFileSync(patch, result.stdout);
      try {
        const applied = git(dir, "apply", patch);
        expect(applied.stderr).toBe("");
        expect(applied.status).toBe(0);
      } finally {
        rmSync(patch, { force: true });
      }
      const sh = readFileSync(join(dir, "pods.sh"), "utf8");
      expect(sh).toContain(
        `started="$(curl -H 'Content-Type: application/json' -d '{"action": "start"}' -s -X POST "https://api.runpod.io/v2/pods/$POD_ID/action" -H`,
      );
      expect(sh).toContain(`pods="$(curl -s "https://api.runpod.io/v2/pods" -H`);
      expect(sh).toContain(`while read id; do curl -s -X DELETE "https://api.runpod.io/v2/pods/$id" -H`);
      expect(sh).toContain('label="pods: $(date)"');
      expect(spawnSync("bash", ["-n", join(dir, "pods.sh")], { encoding: "utf8" }).status).toBe(0);
      // Rust (no rustc here): the base constant and each path change together, nothing else does.
      const rs = readFileSync(join(dir, "client.rs"), "utf8");
      const before = readFileSync(join(FIXTURES, "client.rs"), "utf8");
      expect(rs).toBe(
        before
          .replace('const API: &str = "https://rest.runpod.io/v1";', 'const API: &str = "https://api.runpod.io/v2";')
          .replace('format!("{}/endpoints", API)', 'format!("{}/serverless", API)')
          .replace('format!("{API}/endpoints/{id}")', 'format!("{API}/serverless/{id}")'),
      );
      if (hasPython) expect(spawnSync("python3", ["-m", "py_compile", join(dir, "docs.py")], { encoding: "utf8" }).stderr).toBe("");
      // Every call is fixed; the doc comments and the docstring stay as written and are still reported as prose.
      const left = rows(scan(dir, "--format", "json", ".").stdout);
      expect(left.filter((line) => !line.includes("v1-mention"))).toEqual([]);
      expect(left).toHaveLength(5);
      expect(readFileSync(join(dir, "docs.py"), "utf8")).toContain("POST https://rest.runpod.io/v1/pods/{podId}/stop.");
      const java = readFileSync(join(dir, "Pods.java"), "utf8");
      expect(java).toContain(" * Lists pods: GET https://rest.runpod.io/v1/pods\n");
      expect(java).toContain('static final String LIST = "https://api.runpod.io/v2/serverless"; // GET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
