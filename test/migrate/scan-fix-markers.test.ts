// Issue 41: `--unsafe-fixes` moves a client's base past a call it cannot migrate on a route v2 keeps
// (`POST /pods` with a v1 body), or one whose body it cannot see (a parameter handed on), only with a
// `v2kit:` comment above that call (migrate/scan/marker.ts). Moved, the call reads as a v2 call to
// any later scan; the comment is what keeps it reported (`v1-body-left`). Each client here is run
// before and after its fix with a `fetch` or `requests` that records what it sends.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRINTED_KEY_CLIENT } from "./marker-clients.js";
import { CLI, files, git, jsonLines, nodeRequests, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-markers-");

const v2kit = (dir: string, ...args: string[]) => spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "src"], { cwd: dir, encoding: "utf8" });

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
}

const JS_CLIENT = [
  'const REST_BASE = "https://rest.runpod.io/v1";',
  "",
  "async function restRequest(method, path, body) {",
  "  const res = await fetch(`${REST_BASE}${path}`, {",
  "    method,",
  '    headers: { "Content-Type": "application/json" },',
  "    body: body === undefined ? undefined : JSON.stringify(body),",
  "  });",
  "  return res.json();",
  "}",
  "",
  "export async function createPod(opts) {",
  "  const body = { name: opts.name, imageName: opts.image, gpuTypeIds: [opts.gpu], gpuCount: 1 };",
  "  console.error(`creating ${body.name} with ${body.gpuCount} GPU`);",
  '  return restRequest("POST", "/pods", body);',
  "}",
  "",
  "export async function stopPod(id) {",
  "  return restRequest(`POST`, `/pods/${id}/stop`);",
  "}",
  "",
  "export async function listPods() {",
  '  return restRequest("GET", "/pods");',
  "}",
  "",
].join("\n");

/** A stub `requests` (`request`, `post`, `delete`) that writes each request it is asked to send to stderr as one JSON line. */
const REQUESTS = [
  "import json as _json, sys",
  "class _Response:",
  "    def json(self):",
  "        return {}",
  "def request(method, url, json=None, **kwargs):",
  '    sys.stderr.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")',
  "    return _Response()",
  "def post(url, json=None, **kwargs):",
  '    return request("POST", url, json)',
  "def delete(url, **kwargs):",
  '    return request("DELETE", url)',
  "",
].join("\n");

const STEPS =
  'const c = await import("./src/client.mjs"); await c.listPods(); await c.stopPod("p1"); await c.createPod({ name: "a", image: "img:1", gpu: "NVIDIA A40" });';

describe("a call a moved base takes to v2 with a body v2kit did not write is marked, and stays reported", () => {
  it("JavaScript: the create call whose v1 body is also read elsewhere gets the comment; the others move and send v2 requests", () => {
    const dir = scratch({ "src/client.mjs": JS_CLIENT });
    git(dir, "init", "-q");
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "v1 client");
    // --fix alone moves nothing: one call through the base cannot be migrated.
    expect(v2kit(dir, "--fix").stderr).toContain("fixed 0 calls");
    const fixed = v2kit(dir, "--fix", "--unsafe-fixes");
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 1 call left");
    expect(fixed.stdout).toContain("so this call now sends its v1 body to POST /pods, which v2 refuses (422): a `v2kit:` comment above it says so");
    const text = readFileSync(join(dir, "src/client.mjs"), "utf8");
    expect(text).toContain('const REST_BASE = "https://api.runpod.io/v2";');
    expect(text).toContain(
      '  console.error(`creating ${body.name} with ${body.gpuCount} GPU`);\n  // v2kit: POST /pods moved to POST /v2/pods, and its body is still v1 (v2 refuses it: 422): make it the v2 createPod body, then delete this comment\n  return restRequest("POST", "/pods", body);',
    );
    // What the program sends now: two v2 calls, and the marked one with its v1 body, as the comment says.
    expect(nodeRequests(dir, STEPS)).toEqual([
      { method: "GET", url: "https://api.runpod.io/v2/pods", type: "application/json" },
      { method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", type: "application/json", body: { action: "stop" } },
      {
        method: "POST",
        url: "https://api.runpod.io/v2/pods",
        type: "application/json",
        body: { name: "a", imageName: "img:1", gpuTypeIds: ["NVIDIA A40"], gpuCount: 1 },
      },
    ]);
    // A later scan reports the marked call, and fails: it does not read as a finished migration.
    const rescan = v2kit(dir, "--format", "json");
    expect(rescan.status).toBe(1);
    expect(jsonLines<Row>(rescan.stdout).map((row) => `${row.file}:${row.line} ${row.ruleId} ${row.v1.method} ${row.v1.path} → ${row.v2?.path}`)).toEqual([
      "src/client.mjs:15 v1-body-left POST /pods → /v2/pods",
      // The list the client returns to its callers as it is (v2 wraps it), marked too (round sixteen).
      "src/client.mjs:24 v1-response-field GET /pods → /v2/pods",
    ]);
    // A second fix changes nothing; the diff of a fresh copy is the same change.
    const after = files(dir, "src");
    expect(v2kit(dir, "--fix", "--unsafe-fixes").stderr).toContain("fixed 0 calls in 0 files; 1 call left");
    expect(files(dir, "src")).toEqual(after);
    git(dir, "stash", "-q");
    const diff = v2kit(dir, "--diff", "--unsafe-fixes").stdout;
    expect(spawnSync("git", ["apply", "-"], { cwd: dir, input: diff, encoding: "utf8" }).status).toBe(0);
    expect(files(dir, "src")).toEqual(after);
  });

  it("Python: a body handed on from the caller (a parameter) moves with its URL only with the comment, and a later scan reports it", () => {
    const client = [
      "import requests",
      "",
      'REST_URL = "https://rest.runpod.io/v1"',
      "",
      "",
      "class Api:",
      "    def _rest(self, method, path, payload=None):",
      '        return requests.request(method, f"{REST_URL}{path}", json=payload).json()',
      "",
      "    def list_volumes(self):",
      '        return self._rest("GET", "/networkvolumes")',
      "",
      "    def create_pod(self, payload):",
      '        return self._rest("POST", "/pods", payload)',
      "",
    ].join("\n");

    const dir = scratch({ "src/api.py": client, "requests.py": REQUESTS });
    const fixed = v2kit(dir, "--fix", "--unsafe-fixes").stderr;
    expect(fixed).toContain("fixed 2 calls in 1 file; 0 calls left");
    expect(fixed).toContain("1 moved call marked with a `v2kit:` comment for its body, which v2kit did not migrate (a later scan reports it as v1-body-left)");
    const text = readFileSync(join(dir, "src/api.py"), "utf8");
    expect(text).toContain(
      '    def create_pod(self, payload):\n        # v2kit: POST /pods moved to POST /v2/pods, and its body is built where v2kit cannot see it: check that it is the v2 createPod body, then delete this comment\n        return self._rest("POST", "/pods", payload)',
    );
    const ran = spawnSync(
      "python3",
      ["-B", "-c", 'import sys; sys.path.insert(0, "src"); import api; a = api.Api(); a.list_volumes(); a.create_pod({"name": "x"})'],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect(ran.status, ran.stderr).toBe(0);
    const sent = ran.stderr
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { method: string; url: string });
    expect(sent.map((one) => `${one.method} ${one.url}`)).toEqual(["GET https://api.runpod.io/v2/network-volumes", "POST https://api.runpod.io/v2/pods"]);
    const rescan = v2kit(dir, "--format", "json");
    expect(rescan.status).toBe(1);
    expect(jsonLines<Row>(rescan.stdout).map((row) => `${row.file}:${row.line} ${row.ruleId}`)).toEqual([
      "src/api.py:11 v1-response-field",
      "src/api.py:15 v1-body-left",
    ]);
  });

  it("Python: a body literal whose renamed key the function also prints is left v1 (migrated, the print would raise KeyError), marked, and the program still runs", () => {
    const dir = scratch({ "src/pods.py": PRINTED_KEY_CLIENT, "requests.py": REQUESTS });
    const fixed = v2kit(dir, "--fix", "--unsafe-fixes");
    expect(fixed.stdout).toContain("the body is built from a literal in this function, but `body` is also used at line 8");
    const text = readFileSync(join(dir, "src/pods.py"), "utf8");
    expect(text).toContain('BASE = "https://api.runpod.io/v2"');
    expect(text).toContain(
      '    body = {"name": name, "imageName": "img:1", "gpuTypeIds": ["NVIDIA A40"], "gpuCount": 1}\n    print(body["imageName"])\n    # v2kit: POST /pods moved to POST /v2/pods, and its body is still v1',
    );
    // The program runs: the print still finds its key.
    const ran = spawnSync("python3", ["-B", "-c", 'import sys; sys.path.insert(0, "src"); import pods; pods.create("a"); pods.remove("v1")'], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toBe("img:1\n");
    expect(ran.stderr).toContain('"url": "https://api.runpod.io/v2/network-volumes/v1"');
    expect(jsonLines<Row>(v2kit(dir, "--format", "json").stdout).map((row) => `${row.file}:${row.line} ${row.ruleId}`)).toEqual(["src/pods.py:9 v1-body-left"]);
    // A second fix leaves the marked call, saying whose the body is now.
    expect(v2kit(dir, "--fix", "--unsafe-fixes").stdout).toContain(
      "not fixed: its body is written by hand: make it the v2 one, then delete the `v2kit:` comment above the call",
    );
  });
});
