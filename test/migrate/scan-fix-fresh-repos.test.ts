// Round eight, issue 41: two readings seen on public clients not used before (docs/scan.md,
// "Repositories not used before (round eight)"), each with a fixture tree written here.
// 1. A name assigned a value that is no URL (`pod_id = pod.get("id")`) took the first URL
//    literal of a later line as its value (the C-like lexers give no line ends), so every
//    `f"/pods/{pod_id}"` of the file read as a URL and the calls were missed.
// 2. A constant holding base and resource (`PODS_URL = f"{API}/pods"`) used first by
//    `requests.post(f"{PODS_URL}/{pod_id}/stop")` was reported as `POST /pods` (create a pod),
//    and --unsafe-fixes moved `API` to v2: a v2 URL that is no v2 route, claimed fixed.
// The CLI runs as a child process; a fixed file is checked with python3 -m py_compile.

import { spawnSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI, has, scratchFolders } from "./scan-harness.js";

const CLIENTS = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const python = has("python3", ["--version"]);
const tree = scratchFolders("v2kit-fresh-repos-");

function copyOf(fixture: string): string {
  const dir = tree({});
  cpSync(join(CLIENTS, fixture, "before"), dir, { recursive: true });
  return dir;
}

const scan = (dir: string, ...flags: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", ...flags, "--format", "json", "--fail-on", "none", "."], { cwd: dir, encoding: "utf8" });

interface JsonFinding {
  line: number;
  ruleId: string;
  confidence: string;
  v1: { method: string; path: string };
}

const findingsOf = (stdout: string): JsonFinding[] =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JsonFinding)
    .filter((finding) => finding.ruleId === "v1-call");

describe("a later line's URL is no value of a name assigned before it", () => {
  it("finds the calls whose path holds that name, and --fix moves the class's base for all of them", () => {
    const dir = copyOf("python-later-url");
    const found = findingsOf(scan(dir).stdout).map((finding) => `${finding.v1.method} ${finding.v1.path} ${finding.confidence}`);
    expect(found).toEqual(["GET /pods/{pod_id} certain", "GET /templates certain"]);
    const fixed = scan(dir, "--fix");
    expect(fixed.status).toBe(0);
    const text = readFileSync(join(dir, "gpu_client.py"), "utf8");
    expect(text).toContain('api_root = "https://api.runpod.io/v2"');
    expect(text).toContain('f"https://{pod_id}-{port}.proxy.runpod.net"');
    expect(findingsOf(scan(dir).stdout)).toEqual([]);
    if (python) expect(spawnSync("python3", ["-m", "py_compile", join(dir, "gpu_client.py")]).status).toBe(0);
  });
});

describe("a URL constant whose use adds path after it", () => {
  // Round nine: the use is a call of its own (test/migrate/scan-fix-url-constants.test.ts), reported
  // with the route it sends and fixed as such; never as the route the constant names.
  it("is reported as the route the use sends, not the constant's, and --fix writes the v2 action route", () => {
    const dir = copyOf("python-path-constant");
    const found = findingsOf(scan(dir).stdout);
    expect(found.map((finding) => `${finding.line} ${finding.v1.method} ${finding.v1.path} ${finding.confidence}`)).toEqual([
      "11 POST /pods/{pod_id}/stop certain",
    ]);
    scan(dir, "--fix");
    const text = readFileSync(join(dir, "pods.py"), "utf8");
    expect(text).toContain('API = "https://api.runpod.io/v2"');
    expect(text).toContain('requests.post(f"{PODS_URL}/{pod_id}/action", headers={"Authorization": "Bearer " + token}, timeout=30, json={"action": "stop"})');
    if (python) expect(spawnSync("python3", ["-m", "py_compile", join(dir, "pods.py")]).status).toBe(0);
  });
});
