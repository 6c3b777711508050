// Issue 41, item 1: a request function whose method comes from a default argument
// (`def call(path, method="GET", body=None)`, `async function api(path, method = "GET", body)`).
// A call that leaves the method out (`call("/pods")`) sends the default: scan reads it as that
// method (it was "inferred", which stopped the whole client's --fix), so the base and every call
// through the function move to v2 together. The CLI runs as a child process; the fixed code runs
// (python3 with a stub `requests`, node with a stub `fetch`) and the body it sends lints valid
// under the bundled schema and the published v2 document.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { expectLintsValid, REQUESTS_STUB } from "./scan-harness.js";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const FIXTURE = fileURLToPath(new URL("../fixtures/scan-clients/python-default-method/before/", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-default-method-"));
  dirs.push(dir);
  return dir;
};

const scan = (dir: string, ...flags: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", ...flags, "--format", "json", "."], { cwd: dir, encoding: "utf8" });

const findingsOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { line: number; ruleId: string; confidence: string; methodSource?: string; v1: { method: string; path: string } });

describe.skipIf(!python)('Python: def call(path, method="GET", body=None)', () => {
  it("a call without a method is read as GET, certain, with where the method comes from", () => {
    const dir = scratchDir();
    cpSync(FIXTURE, dir, { recursive: true });
    const list = findingsOf(scan(dir, "--fail-on", "none").stdout).find((finding) => finding.v1.path === "/pods" && finding.ruleId !== "v1-response-field");
    expect(list).toMatchObject({ v1: { method: "GET" }, confidence: "certain", ruleId: "v1-call", methodSource: "the default of method in call()" });
  });

  it("--fix moves the base and every call through the function; the fixed client sends v2 requests, the body valid", () => {
    const dir = scratchDir();
    cpSync(FIXTURE, dir, { recursive: true });
    const fixed = scan(dir, "--fix");
    expect(fixed.stderr).toContain("fixed 5 calls in 1 file; 0 calls left");
    const parsed = spawnSync("python3", ["-c", "import ast, sys; ast.parse(open('client.py').read())"], { cwd: dir, encoding: "utf8" });
    expect(parsed.stderr).toBe("");
    writeFileSync(join(dir, "requests.py"), REQUESTS_STUB);
    const ran = spawnSync(
      "python3",
      ["-c", "import client; client.list_pods(); client.get_pod('p1'); client.list_volumes(); client.scale('e1', 2); client.remove_template('t1')"],
      { cwd: dir, encoding: "utf8" },
    );
    expect(ran.stderr).toBe("");
    const sent = ran.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { method: string; url: string; body: unknown });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "GET https://api.runpod.io/v2/pods/p1",
      "GET https://api.runpod.io/v2/network-volumes",
      "PATCH https://api.runpod.io/v2/serverless/e1",
      "DELETE https://api.runpod.io/v2/templates/t1",
    ]);
    expect(sent[3]?.body).toEqual({ workers: { max: 2 } });
    expectLintsValid("updateEndpoint", sent[3]?.body);
  });

  it("a call that passes the method through *args is not read from the default", () => {
    const dir = scratchDir();
    writeFileSync(
      join(dir, "client.py"),
      `import requests
API_BASE = "https://rest.runpod.io/v1"
def call(path, method="GET", body=None):
    return requests.request(method, f"{API_BASE}{path}", json=body)
def spread(rest):
    return call("/pods", *rest)
`,
    );
    const found = findingsOf(scan(dir, "--fail-on", "none").stdout);
    expect(found[0]?.confidence).toBe("inferred");
  });
});

describe('JavaScript: async function api(path, method = "GET", body)', () => {
  it("--fix moves the base with the calls; the fixed module sends v2 requests as JSON, the body valid", () => {
    const dir = scratchDir();
    writeFileSync(
      join(dir, "api.mjs"),
      `const BASE = "https://rest.runpod.io/v1";

async function api(path, method = "GET", body = undefined) {
  const res = await fetch(\`\${BASE}\${path}\`, { method, headers: { "Content-Type": "application/json" }, body: body && JSON.stringify(body) });
  return res.json();
}

export const listPods = () => api("/pods");
export const scale = (id, most) => api(\`/endpoints/\${id}\`, "PATCH", { workersMax: most });
`,
    );
    expect(scan(dir, "--fix").stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    expect(spawnSync(process.execPath, ["--check", "api.mjs"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const script = `const sent = []; globalThis.fetch = async (url, o) => { const q = new Request(url, o); const text = await q.text(); sent.push({ method: q.method, url: q.url, body: text ? JSON.parse(text) : null, contentType: q.headers.get("content-type") }); return { json: async () => ({}) }; };
const m = await import("./api.mjs"); await m.listPods(); await m.scale("e1", 3); console.log(JSON.stringify(sent));`;
    const ran = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
    expect(ran.stderr).toBe("");
    const sent = JSON.parse(ran.stdout) as { method: string; url: string; body: unknown; contentType: string }[];
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "PATCH https://api.runpod.io/v2/serverless/e1",
    ]);
    expect(sent[1]?.contentType).toBe("application/json");
    expectLintsValid("updateEndpoint", sent[1]?.body);
  });
});
