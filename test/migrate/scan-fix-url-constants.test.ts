// Issue 41, round nine: a URL constant that holds base and resource (`PODS = f"{API}/pods"`), used
// by calls elsewhere in the file. Each use that sends a request is its own call: its method, its
// body (a literal of the same function, as `requests.post(PODS, json=payload)` sends it), its route
// (`f"{PODS}/{pod_id}"` is `/pods/{id}`). Before, only the first use was read and the body was
// looked for at the constant, so --unsafe-fixes moved the base while the call still sent its v1
// body (CastlesideGameStudio/spec-render-pipeline: 422 at the service). Fixture trees:
// test/fixtures/scan-clients/{python-url-constant,python-url-constant-stuck,ts-url-constant}/before.
// The CLI runs as a child process; fixed files parse (python3 -m py_compile, TypeScript's parser,
// node --check on the transpiled module), the fixed programs run against stubs that record what
// they send, and every body sent lints valid (`v2kit lint`, bundled schema and published document).

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expectLintsValid, files, has, jsonLines, pythonRequests, run, scratchFolders } from "./scan-harness.js";

const CLIENTS = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const tree = scratchFolders("v2kit-url-constants-");
const python = has("python3", ["--version"]);

/** A scratch copy of a fixture client's `before/`, with `extra` files beside it. */
const copyOf = (name: string, extra: Record<string, string> = {}) => tree({ ...Object.fromEntries(files(join(CLIENTS, name, "before"))), ...extra });

/** A stub of `requests` that prints each request it is asked to send as a JSON line. */
const REQUESTS_STUB = `import json as _json, sys
class _Response:
    text = ""
    def raise_for_status(self):
        pass
    def json(self):
        return {"id": "p1"}
def request(method, url, json=None, **kwargs):
    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")
    return _Response()
def get(url, **kwargs):
    return request("GET", url, **kwargs)
def post(url, **kwargs):
    return request("POST", url, **kwargs)
def delete(url, **kwargs):
    return request("DELETE", url, **kwargs)
`;

interface JsonFinding {
  file: string;
  line: number;
  ruleId: string;
  confidence: string;
  v1: { method: string; path: string };
  notes: { message: string }[];
}

const calls = (stdout: string) =>
  jsonLines<JsonFinding>(stdout)
    .filter((finding) => finding.ruleId === "v1-call")
    .map((finding) => `${finding.line} ${finding.v1.method} ${finding.v1.path} ${finding.confidence}`);

const compiles = (dir: string, file: string) => spawnSync("python3", ["-m", "py_compile", join(dir, file)], { encoding: "utf8" });

describe("a URL constant used by several calls (Python)", () => {
  it("reports each call where it is made, with its own method and route", () => {
    const dir = copyOf("python-url-constant");
    const found = run(dir, ["--format", "json", "--fail-on", "none"]);
    expect(calls(found.stdout)).toEqual(["19 POST /pods certain", "25 GET /pods certain", "29 GET /pods/{pod_id} certain", "33 DELETE /pods/{pod_id} certain"]);
  });

  it.skipIf(!python)("--fix migrates the body the call sends with the base, and the program sends valid v2 requests", () => {
    const dir = copyOf("python-url-constant", { "requests.py": REQUESTS_STUB });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 4 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.py"), "utf8");
    expect(text).toContain('API = "https://api.runpod.io/v2"');
    expect(text).toContain('PODS = f"{API}/pods"');
    expect(text).not.toContain("gpuTypeIds");
    expect(compiles(dir, "client.py").status).toBe(0);
    const sent = pythonRequests(dir, 'pod = client.create("render"); client.listed(); client.get(pod); client.delete(pod)') as {
      method: string;
      url: string;
      body: unknown;
    }[];
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST https://api.runpod.io/v2/pods",
      "GET https://api.runpod.io/v2/pods",
      "GET https://api.runpod.io/v2/pods/p1",
      "DELETE https://api.runpod.io/v2/pods/p1",
    ]);
    expect(sent[0]?.body).toEqual({
      name: "render",
      image: "runpod/pytorch:2.1.0-py3.10-cuda11.8.0-devel-ubuntu22.04",
      gpu: { id: "NVIDIA A40", count: 1 },
      disk: 20,
    });
    expectLintsValid("createPod", sent[0]?.body);
    for (const request of sent.slice(1)) expect(request.body).toBeNull();
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files");
  });

  it.skipIf(!python)(
    "a body v2kit cannot write back is reported: --fix moves nothing; --unsafe-fixes moves the base with a v2kit: comment above that call, which a later scan reports",
    () => {
      const dir = copyOf("python-url-constant-stuck");
      const before = readFileSync(join(dir, "launch.py"), "utf8");
      const found = run(dir, ["--format", "json", "--fail-on", "none"]);
      expect(calls(found.stdout)).toEqual(["22 POST /pods certain", "25 GET /pods/{pod_id}/logs certain", "26 GET /pods/{pod_id} certain"]);

      const safe = run(dir, ["--fix", "--format", "json"]);
      expect(safe.stderr).toContain("fixed 0 calls in 0 files; 3 calls left");
      expect(readFileSync(join(dir, "launch.py"), "utf8")).toBe(before);
      const post = jsonLines<JsonFinding>(safe.stdout).find((finding) => finding.v1.method === "POST");
      // The start command's variable is read by the migration (the command becomes `args`): its v2 form depends on what it holds.
      expect(post?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining("not fixed: a value that is not a literal is read by the migration"),
      );

      // v2 keeps `POST /pods`: the base moves with the other calls, and the call that would send its v1 body there is marked (marker.ts).
      const unsafe = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(unsafe.stderr).toContain("fixed 1 call in 1 file; 2 calls left");
      expect(unsafe.stderr).toContain("1 moved call marked with a `v2kit:` comment for its body");
      const text = readFileSync(join(dir, "launch.py"), "utf8");
      expect(text).toContain('BASE = "https://api.runpod.io/v2"');
      expect(text).toContain(
        "    # v2kit: POST /pods moved to POST /v2/pods, and its body is still v1 (v2 refuses it: 422): make it the v2 createPod body, then delete this comment\n    created = requests.post(PODS_URL,",
      );
      const notes = jsonLines<JsonFinding>(unsafe.stdout).flatMap((finding) =>
        finding.notes.filter((note) => note.message.startsWith("not fixed: ")).map((note) => `${finding.line} ${note.message}`),
      );
      expect(notes).toContainEqual(
        expect.stringContaining(
          "22 not fixed: a value that is not a literal is read by the migration (as text v2 takes apart), so its v2 form depends on what it holds at run time: v2kit cannot write it back; its base `BASE` becomes https://api.runpod.io/v2 with the other calls, so this call now sends its v1 body to POST /pods, which v2 refuses (422): a `v2kit:` comment above it says so",
        ),
      );
      // A later scan: the marked call, at its comment.
      expect(
        jsonLines<JsonFinding & { ruleId: string }>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).map(
          (finding) => `${finding.line} ${finding.ruleId} ${finding.v1.method} ${finding.v1.path}`,
        ),
      ).toEqual(["22 v1-body-left POST /pods"]);
    },
  );

  it.skipIf(!python)("a local `url` of each function is its own call; a parameter of the same name is not the constant", () => {
    const dir = tree({
      "requests.py": REQUESTS_STUB,
      "client.py": [
        "import requests",
        "",
        'BASE = "https://rest.runpod.io/v1"',
        'PODS = f"{BASE}/pods"',
        "",
        "",
        "def listed():",
        '    url = f"{BASE}/pods"',
        "    return requests.get(url, timeout=5).json()",
        "",
        "",
        "def remove(pod_id):",
        '    url = f"{BASE}/pods/{pod_id}"',
        "    requests.delete(url, timeout=5).raise_for_status()",
        "",
        "",
        "def send(PODS):",
        "    return requests.post(PODS, timeout=5)",
        "",
        "",
        "def get(pod_id):",
        '    return requests.get(f"{PODS}/{pod_id}", timeout=5).json()',
        "",
      ].join("\n"),
    });
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([
      "8 GET /pods certain",
      "13 DELETE /pods/{pod_id} certain",
      "22 GET /pods/{pod_id} certain",
    ]);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 3 calls in 1 file; 0 calls left");
    expect(compiles(dir, "client.py").status).toBe(0);
    const sent = pythonRequests(dir, 'client.listed(); client.remove("p1"); client.get("p1"); client.send("https://example.com/hook")') as {
      method: string;
      url: string;
    }[];
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "DELETE https://api.runpod.io/v2/pods/p1",
      "GET https://api.runpod.io/v2/pods/p1",
      "POST https://example.com/hook",
    ]);
  });
});

describe("a use of a URL constant that is no call of its own", () => {
  it("keeps the base v1, even with --unsafe-fixes, for a constant built from it and used through .format(); a log line of the URL does not keep it (round sixteen)", () => {
    const dir = tree({
      "logged.py": [
        "import logging",
        "import requests",
        "",
        'BASE = "https://rest.runpod.io/v1"',
        'PODS = f"{BASE}/pods"',
        "",
        "",
        "def listed():",
        '    logging.info("listing %s", PODS)',
        "    return requests.get(PODS, timeout=5)",
        "",
      ].join("\n"),
      "formatted.py": [
        "import requests",
        "",
        'BASE = "https://rest.runpod.io/v1"',
        'PODS = f"{BASE}/pods"',
        'POD = f"{PODS}/{{id}}"',
        "",
        "",
        "def listed():",
        "    return requests.get(PODS, timeout=5)",
        "",
        "",
        "def get(pod_id):",
        "    return requests.get(POD.format(id=pod_id), timeout=5)",
        "",
      ].join("\n"),
    });
    const formatted = files(dir).get("formatted.py");
    const fixed = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    // The logged URL is the one sent: moved, the log shows the v2 URL, as it is sent.
    expect(fixed.stderr).toContain("fixed 1 call in 1 file; 1 call left");
    const logged = readFileSync(join(dir, "logged.py"), "utf8");
    expect(logged).toContain('BASE = "https://api.runpod.io/v2"');
    expect(logged).toContain('    logging.info("listing %s", PODS)');
    const left = jsonLines<JsonFinding>(fixed.stdout).filter(
      (finding) => finding.v1.method === "GET" && finding.notes.some((note) => /not fixed/.test(note.message)),
    );
    expect(left.length).toBeGreaterThan(0);
    for (const finding of left.filter((one) => one.file === "formatted.py"))
      expect(finding.notes.map((note) => note.message)).toContainEqual(expect.stringContaining("which other code in this file uses too"));
    expect(files(dir).get("formatted.py")).toBe(formatted);
  });
});

describe("a URL constant used by several calls (TypeScript)", () => {
  it("each fetch is its own call; --fix migrates the body JSON.stringify sends, and the program sends valid v2 requests", () => {
    const dir = copyOf("ts-url-constant");
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([
      "15 POST /pods certain",
      "25 GET /pods/${id} certain",
      "30 DELETE /pods/${id} certain",
    ]);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 3 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.ts"), "utf8");
    expect(text).toContain('const API = "https://api.runpod.io/v2";');
    const parsed = ts.transpileModule(text, { reportDiagnostics: true, fileName: "client.ts", compilerOptions: { module: ts.ModuleKind.ESNext } });
    expect(parsed.diagnostics ?? []).toEqual([]);
    writeFileSync(join(dir, "client.mjs"), parsed.outputText);
    expect(spawnSync(process.execPath, ["--check", join(dir, "client.mjs")], { encoding: "utf8" }).status).toBe(0);
    writeFileSync(
      join(dir, "main.mjs"),
      [
        "globalThis.fetch = async (url, options = {}) => {",
        '  process.stdout.write(JSON.stringify({ method: options.method ?? "GET", url, contentType: options.headers?.["Content-Type"] ?? null, body: options.body === undefined ? null : JSON.parse(options.body) }) + "\\n");',
        '  return { json: async () => ({ id: "p1" }) };',
        "};",
        'const client = await import("./client.mjs");',
        'const id = await client.createPod("render");',
        "await client.getPod(id);",
        "await client.deletePod(id);",
        "",
      ].join("\n"),
    );
    const ran = spawnSync(process.execPath, ["main.mjs"], { cwd: dir, encoding: "utf8" });
    expect(ran.stderr).toBe("");
    const sent = jsonLines<{ method: string; url: string; contentType: string | null; body: unknown }>(ran.stdout);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST https://api.runpod.io/v2/pods",
      "GET https://api.runpod.io/v2/pods/p1",
      "DELETE https://api.runpod.io/v2/pods/p1",
    ]);
    expect(sent[0]?.contentType).toBe("application/json");
    expectLintsValid("createPod", sent[0]?.body);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files");
  });
});
