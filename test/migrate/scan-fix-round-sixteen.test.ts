// Issue 41, round sixteen: what held back public clients not used before, each written here as a
// small client that is run before and after its fix.
//   - A base written inline in each request function (`requests.get("https://rest.runpod.io/v1" +
//     relative_path)`, `f"https://rest.runpod.io/v1{path}"`, a template literal): no name, so no
//     client, and every call through those functions was "relative to a base URL set elsewhere"
//     (yt-koike/dify-runpod). A request method named as the library call it makes (`def get(self,
//     path): return requests.get(…)`) is that request, not a call of itself.
//   - A path passed to a request function with no method stated (`api("/endpoints")`): a call,
//     whose method does not matter when v1 routes that path the same way under every method.
//   - `return response.json()` of a call whose callers' reads are found: one finding for the read,
//     in the caller, not a second with a `v2kit:` comment at the return.
//   - A whole v1 URL in a constant that a log line also prints (`console.log(\`POST ${startUrl}\`)`):
//     the log shows what is sent, so it does not hold the constant back (nevesb/idol-agency-maker).
//   - A fetch whose options literal has headers and no body: --fix gives it the action body (its
//     headers already name JSON, or get Content-Type added).

import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, expectLintsValid, jsonLines, nodeRequests, pythonLines, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-sixteen-");

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
}

/** `v2kit migrate scan ARGS app` in `dir` (the stub `requests` beside the client is not scanned). */
const run = (dir: string, args: string[]) => spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "app"], { cwd: dir, encoding: "utf8" });

const rows = (dir: string) => jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A stub `requests` that records each request and answers a pod list as each version does: v1 a bare array, v2 `{"pods": [...]}`. */
const REQUESTS = [
  "import json as _json, sys",
  "class _Response:",
  "    def __init__(self, url):",
  "        self.url = url",
  "    def json(self):",
  '        pods = [{"id": "p1"}]',
  '        return {"pods": pods} if "/v2/" in self.url else pods',
  "def request(method, url, json=None, **kwargs):",
  '    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")',
  "    return _Response(url)",
  "def get(url, **kwargs):",
  '    return request("GET", url, **kwargs)',
  "def post(url, **kwargs):",
  '    return request("POST", url, **kwargs)',
  "def delete(url, **kwargs):",
  '    return request("DELETE", url, **kwargs)',
  "",
].join("\n");

const INLINE_CLIENT = [
  "import json",
  "import requests",
  "",
  "",
  "class RunpodClient:",
  "    def __init__(self, api_key):",
  "        self._api_key = api_key",
  "",
  "    def request_get(self, relative_path):",
  "        return requests.get(",
  '            "https://rest.runpod.io/v1" + relative_path,',
  '            headers={"Authorization": f"Bearer {self._api_key}"},',
  "        )",
  "",
  "    def request_post(self, relative_path, data={}):",
  "        return requests.post(",
  '            "https://rest.runpod.io/v1" + relative_path,',
  '            headers={"Authorization": f"Bearer {self._api_key}", "Content-Type": "application/json"},',
  "            json=data,",
  "        )",
  "",
  "    def list_pods(self):",
  '        response = self.request_get("/pods")',
  "        return response.json()",
  "",
  "    def stop_pod(self, pod_id):",
  '        self.request_post(f"/pods/{pod_id}/stop")',
  "",
  "    def reset_pod(self, pod_id):",
  '        self.request_post(f"/pods/{pod_id}/reset")',
  "",
].join("\n");

const INLINE_CALLER = [
  "from app.client import RunpodClient",
  "",
  "",
  "def pod_ids(key):",
  "    runpod = RunpodClient(key)",
  '    return [pod["id"] for pod in runpod.list_pods()]',
  "",
].join("\n");

const INLINE_STEPS = ["from app.client import RunpodClient", "from app.tools import pod_ids", 'c = RunpodClient("k")', 'c.stop_pod("p1")', 'pod_ids("k")'].join(
  "\n",
);

describe("round sixteen: what public clients not used before were held back by (issue 41)", () => {
  it("a base written inline in each request function is one client: --unsafe-fixes moves every inline base with the calls, leaves reset (no v2 equivalent), and rewrites the caller's list read", () => {
    const tree = { "requests.py": REQUESTS, "app/__init__.py": "", "app/client.py": INLINE_CLIENT, "app/tools.py": INLINE_CALLER };
    const dir = scratch(tree);
    expect(rows(dir).map((row) => `${row.file}:${row.line} ${row.ruleId} ${row.v1.method} ${row.v1.path}`)).toEqual([
      "app/client.py:23 v1-call GET /pods",
      "app/client.py:27 v1-call POST /pods/{pod_id}/stop",
      "app/client.py:30 v1-call POST /pods/{pod_id}/reset",
      "app/tools.py:6 v1-response-field GET /pods",
    ]);
    expect(pythonLines<Sent>(dir, INLINE_STEPS).map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      "POST https://rest.runpod.io/v1/pods/p1/stop",
      "GET https://rest.runpod.io/v1/pods",
    ]);
    // --fix: reset cannot move, so the bases stay, every call with them, and the reason names the base.
    const kept = run(dir, ["--fix"]);
    expect(kept.stderr).toContain("fixed 0 calls");
    expect(kept.stdout).toContain("the path is relative to the v1 base `https://rest.runpod.io/v1` (app/client.py:11, app/client.py:17)");
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files; 1 call left");
    const text = readFileSync(join(dir, "app/client.py"), "utf8");
    expect(text.match(/"https:\/\/api\.runpod\.io\/v2" \+ relative_path/g)).toHaveLength(2);
    expect(text).toContain('self.request_post(f"/pods/{pod_id}/action", {"action": "stop"})');
    expect(text).toContain('self.request_post(f"/pods/{pod_id}/reset")');
    // The return passes the list on; the caller's read is the one rewritten, and the return gets no comment.
    expect(text).not.toContain("v2kit:");
    expect(readFileSync(join(dir, "app/tools.py"), "utf8")).toContain('return [pod["id"] for pod in runpod.list_pods()["pods"]]');
    const sent = pythonLines<Sent>(dir, INLINE_STEPS);
    expect(sent.map((one) => `${one.method} ${one.url}`)).toEqual(["POST https://api.runpod.io/v2/pods/p1/action", "GET https://api.runpod.io/v2/pods"]);
    expectLintsValid("podAction", sent[0]?.body);
    // Left: reset, on the v2 base now, reported.
    expect(rows(dir).map((row) => `${row.line} ${row.ruleId} ${row.v1.path}`)).toEqual(["30 v1-path-on-v2-base /pods/{pod_id}/reset"]);
  });

  it("an f-string base in request methods named get/post (each calls requests.get/post itself) moves with --fix", () => {
    const client = [
      "import requests",
      "",
      "",
      "class C:",
      "    def __init__(self, key):",
      "        self.key = key",
      "",
      "    def get(self, path):",
      '        return requests.get(f"https://rest.runpod.io/v1{path}", headers={"Authorization": f"Bearer {self.key}"})',
      "",
      "    def delete(self, path):",
      '        return requests.delete(f"https://rest.runpod.io/v1{path}", headers={"Authorization": f"Bearer {self.key}"})',
      "",
      "    def volume(self, volume_id):",
      '        return self.get(f"/networkvolumes/{volume_id}")',
      "",
      "    def drop_volume(self, volume_id):",
      '        return self.delete(f"/networkvolumes/{volume_id}")',
      "",
    ].join("\n");
    const dir = scratch({ "requests.py": REQUESTS, "app/__init__.py": "", "app/client.py": client });
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const steps = 'from app.client import C\nc = C("k")\nc.volume("v1")\nc.drop_volume("v1")';
    expect(pythonLines<Sent>(dir, steps).map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      "GET https://api.runpod.io/v2/network-volumes/v1",
      "DELETE https://api.runpod.io/v2/network-volumes/v1",
    ]);
    expect(rows(dir)).toEqual([]);
  });

  it("a template-literal base in a JS request function; a call with no method stated moves when v1 routes its path the same under every method", () => {
    const client = [
      "async function api(path, opts = {}) {",
      "  const r = await fetch(`https://rest.runpod.io/v1${path}`, { ...opts, headers: { Authorization: `Bearer ${process.env.KEY}` } });",
      "  return r.json();",
      "}",
      "export async function endpoint(id) {",
      "  return api(`/endpoints/${id}`);",
      "}",
      "export async function deleteEndpoint(id) {",
      '  return api(`/endpoints/${id}`, { method: "DELETE" });',
      "}",
      "",
    ].join("\n");
    const dir = scratch({ "app/client.mjs": client });
    const steps = 'const c = await import("./app/client.mjs"); await c.endpoint("e1"); await c.deleteEndpoint("e1");';
    expect(nodeRequests(dir, steps).map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      "GET https://rest.runpod.io/v1/endpoints/e1",
      "DELETE https://rest.runpod.io/v1/endpoints/e1",
    ]);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    expect(nodeRequests(dir, steps).map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      "GET https://api.runpod.io/v2/serverless/e1",
      "DELETE https://api.runpod.io/v2/serverless/e1",
    ]);
  });

  it("a call with no method stated that passes more than its path (a body the request function may send) is still left", () => {
    const client = [
      "async function api(path, body) {",
      '  return fetch(`https://rest.runpod.io/v1${path}`, { method: body ? "POST" : "GET", body: body && JSON.stringify(body) });',
      "}",
      'export const list = () => api("/endpoints");',
      'export const create = () => api("/endpoints", { name: "e", templateId: "t", gpuIds: "AMPERE_16" });',
      "",
    ].join("\n");
    const dir = scratch({ "app/client.mjs": client });
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stdout).toContain("app/client.mjs:5:");
    expect(fixed.stdout).toContain("v2kit cannot tell that this is a call");
    expect(readFileSync(join(dir, "app/client.mjs"), "utf8")).toContain('export const create = () => api("/endpoints", { name: "e"');
  });

  it("a whole v1 URL in a constant that a log line also prints moves with --fix, and the fetch, whose headers name JSON, gains the action body", () => {
    const script = [
      'const podId = process.argv[2] || "p1";',
      "const startUrl = `https://rest.runpod.io/v1/pods/${podId}/start`;",
      "const res = await fetch(startUrl, {",
      "  method: 'POST',",
      "  headers: {",
      "    Authorization: `Bearer ${process.env.KEY}`,",
      "    'Content-Type': 'application/json'",
      "  }",
      "});",
      "console.error(`POST ${startUrl} → ${res.status}`);",
      "",
    ].join("\n");
    const dir = scratch({ "app/start-pod.mjs": script });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "app/start-pod.mjs"), "utf8");
    expect(text).toContain("const startUrl = `https://api.runpod.io/v2/pods/${podId}/action`;");
    expect(text).toContain("console.error(`POST ${startUrl} → ${res.status}`);");
    const sent = nodeRequests(dir, 'await import("./app/start-pod.mjs");');
    expect(sent).toEqual([{ method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", type: "application/json", body: { action: "start" } }]);
    expectLintsValid("podAction", sent[0]?.body);
  });

  it("a constant that other code keeps (an exported table of links) still stays, and says why", () => {
    const script = [
      "const startUrl = `https://rest.runpod.io/v1/pods/p1/start`;",
      "await fetch(startUrl, { method: 'POST' });",
      "export const links = { start: startUrl };",
      "",
    ].join("\n");
    const dir = scratch({ "app/start-pod.mjs": script });
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stdout).toContain("which other code in this file uses too");
    expect(readFileSync(join(dir, "app/start-pod.mjs"), "utf8")).toBe(script);
  });

  it("a list call whose value a function returns to callers outside the tree is reported, and the moved call gets a `v2kit:` comment that later scans report", () => {
    const client = [
      "async function api(path, opts = {}) {",
      "  const r = await fetch(`https://rest.runpod.io/v1${path}`, opts);",
      "  return r.json();",
      "}",
      "export async function listEndpoints() {",
      '  return api("/endpoints");',
      "}",
      'export const listTemplates = () => api("/templates");',
      "",
    ].join("\n");
    const dir = scratch({ "app/client.mjs": client });
    const reads = rows(dir).filter((row) => row.ruleId === "v1-response-field");
    expect(reads.map((row) => `${row.line} ${row.v1.path}`)).toEqual(["6 /endpoints", "8 /templates"]);
    expect(run(dir, ["--fix"]).stderr).toContain("2 reads of a moved call's v1 answer marked");
    const text = readFileSync(join(dir, "app/client.mjs"), "utf8");
    expect(text).toContain(
      '  // v2kit: GET /endpoints moved to GET /v2/serverless, and this reads its v1 answer ([…]): v2 answers it at endpoints; change the read, then delete this comment\n  return api("/serverless");',
    );
    expect(text).toContain("// v2kit: GET /templates moved to GET /v2/templates");
    expect(spawnSync(process.execPath, ["--check", join(dir, "app/client.mjs")]).status).toBe(0);
    // The comments stay reported until the reads are v2's and the comments are deleted.
    expect(rows(dir).map((row) => `${row.line} ${row.ruleId}`)).toEqual(["6 v1-response-field", "9 v1-response-field"]);
  });

  it("a shell script's jq reads of the answer are reported and, under --unsafe-fixes, rewritten to v2's places; the fixed script prints what it printed before", () => {
    const script = [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      'API_BASE="https://rest.runpod.io/v1"',
      'api() { local method="$1" path="$2"; shift 2; curl -s -X "$method" "${API_BASE}${path}" "$@"; }',
      "api GET /pods | jq -r '.[] | \"\\(.id) \\(.desiredStatus)\"'",
      'info=$(api GET "/pods/p1")',
      'echo "$info" | jq -r .imageName',
      "jq -r '.desiredStatus' <<< \"$info\"",
      "",
    ].join("\n");
    // A curl that answers as each version does: v1 a bare list and `desiredStatus`, v2 `{"pods": [...]}` and `status`.
    const curl = [
      "#!/usr/bin/env bash",
      'url="${@: -1}"',
      'for a in "$@"; do case "$a" in http*) url="$a" ;; esac; done',
      'case "$url" in',
      '  */v1/pods) echo \'[{"id": "p1", "desiredStatus": "RUNNING"}]\' ;;',
      '  */v1/pods/p1) echo \'{"id": "p1", "desiredStatus": "RUNNING", "imageName": "img"}\' ;;',
      '  */v2/pods) echo \'{"pods": [{"id": "p1", "status": "RUNNING"}]}\' ;;',
      '  */v2/pods/p1) echo \'{"id": "p1", "status": "RUNNING", "image": "img"}\' ;;',
      "  *) echo '{}' ;;",
      "esac",
      "",
    ].join("\n");
    const dir = scratch({ "app/pods.sh": script, "bin/curl": curl });
    chmodSync(join(dir, "bin/curl"), 0o755);
    const runScript = () =>
      spawnSync("bash", ["app/pods.sh"], { cwd: dir, encoding: "utf8", env: { ...process.env, PATH: `${join(dir, "bin")}:${process.env.PATH ?? ""}` } });
    const tools = spawnSync("jq", ["--version"]).status === 0;
    const before = tools ? runScript() : undefined;
    if (before) expect(before.stdout).toBe("p1 RUNNING\nimg\nRUNNING\n");
    const reads = rows(dir).filter((row) => row.ruleId === "v1-response-field");
    expect(reads.map((row) => `${row.line}`)).toEqual(["5", "5", "7", "8"]);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "app/pods.sh"), "utf8");
    expect(text).toContain("api GET /pods | jq -r '.pods[] | \"\\(.id) \\(.status)\"'");
    expect(text).toContain('echo "$info" | jq -r .image\n');
    expect(text).toContain("jq -r '.status' <<< \"$info\"");
    expect(rows(dir)).toEqual([]);
    expect(spawnSync("bash", ["-n", join(dir, "app/pods.sh")]).status).toBe(0);
    if (tools) expect(runScript().stdout).toBe("p1 RUNNING\nimg\nRUNNING\n");
  });

  it("Go: a list call's answer decoded into a slice is reported, and --fix marks it with a `v2kit:` comment; a raw message (both shapes handled) is not", () => {
    const client = [
      "package volumes",
      "",
      "import (",
      '\t"context"',
      '\t"encoding/json"',
      '\t"net/http"',
      ")",
      "",
      'const base = "https://rest.runpod.io/v1"',
      "",
      "type Volume struct {",
      '\tID string `json:"id"`',
      "}",
      "",
      "func List(ctx context.Context) ([]Volume, error) {",
      '\treq, err := http.NewRequestWithContext(ctx, "GET", base+"/networkvolumes", nil)',
      "\tif err != nil {",
      "\t\treturn nil, err",
      "\t}",
      "\tresp, err := http.DefaultClient.Do(req)",
      "\tif err != nil {",
      "\t\treturn nil, err",
      "\t}",
      "\tdefer resp.Body.Close()",
      "\tvar volumes []Volume",
      "\terr = json.NewDecoder(resp.Body).Decode(&volumes)",
      "\treturn volumes, err",
      "}",
      "",
      "func Raw(ctx context.Context) (json.RawMessage, error) {",
      '\treq, err := http.NewRequestWithContext(ctx, "GET", base+"/templates", nil)',
      "\tif err != nil {",
      "\t\treturn nil, err",
      "\t}",
      "\tresp, err := http.DefaultClient.Do(req)",
      "\tif err != nil {",
      "\t\treturn nil, err",
      "\t}",
      "\tdefer resp.Body.Close()",
      "\tvar raw json.RawMessage",
      "\terr = json.NewDecoder(resp.Body).Decode(&raw)",
      "\treturn raw, err",
      "}",
      "",
    ].join("\n");
    const dir = scratch({ "app/go.mod": "module example.com/app\n\ngo 1.19\n", "app/volumes.go": client });
    expect(
      rows(dir)
        .filter((row) => row.ruleId === "v1-response-field")
        .map((row) => `${row.line} ${row.v1.path}`),
    ).toEqual(["26 /networkvolumes"]);
    run(dir, ["--fix"]);
    const text = readFileSync(join(dir, "app/volumes.go"), "utf8");
    expect(text).toContain(
      "\t// v2kit: GET /networkvolumes moved to GET /v2/network-volumes, and this reads its v1 answer ([…]): v2 answers it at networkVolumes; change the read, then delete this comment\n\terr = json.NewDecoder(resp.Body).Decode(&volumes)",
    );
    expect(rows(dir).map((row) => `${row.line} ${row.ruleId}`)).toEqual(["26 v1-response-field"]);
    if (spawnSync("gofmt", ["-l", "."], { cwd: join(dir, "app") }).status === 0)
      expect(spawnSync("gofmt", ["-l", "."], { cwd: join(dir, "app"), encoding: "utf8" }).stdout).toBe("");
  });

  it("Python: reads in an f-string's holes and an emptiness test of the list are rewritten with the loop; the fixed program prints v2's status", () => {
    const client = [
      "import requests",
      'REST_BASE = "https://rest.runpod.io/v1"',
      "",
      "",
      "def _get(path):",
      '    return requests.get(f"{REST_BASE}/{path}").json()',
      "",
      "",
      "def main():",
      '    pods = _get("pods")',
      "    if not pods:",
      '        print("No pods found.")',
      "    for p in pods:",
      "        print(f\"{p['id']} {p.get('name', '?'):6s} {p.get('desiredStatus','?')}\")",
      "",
    ].join("\n");
    const stub = REQUESTS.replace(
      'pods = [{"id": "p1"}]',
      'pods = [{"id": "p1", "name": "a", **({"status": "RUNNING"} if "/v2/" in self.url else {"desiredStatus": "RUNNING"})}]',
    );
    const dir = scratch({ "requests.py": stub, "app/__init__.py": "", "app/launch.py": client });
    const program = "from app.launch import main\nmain()";
    const printed = (at: string) => spawnSync("python3", ["-B", "-c", program], { cwd: at, encoding: "utf8" });
    expect(printed(dir).stdout.split("\n").slice(-2)).toEqual(["p1 a      RUNNING", ""]);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "app/launch.py"), "utf8");
    expect(text).toContain('    if not pods["pods"]:');
    expect(text).toContain("print(f\"{p['id']} {p.get('name', '?'):6s} {p.get('status','?')}\")");
    const after = printed(dir);
    expect(after.stderr).toBe("");
    expect(after.stdout.split("\n").slice(-2)).toEqual(["p1 a      RUNNING", ""]);
  });

  it("Python: a request function that sends `json=payload or {}` takes the per-action body as that argument, under --fix", () => {
    const client = [
      "import requests",
      'RUNPOD_REST_URL = "https://rest.runpod.io/v1"',
      "",
      "",
      "class Client:",
      "    def _rest_post(self, path, payload=None):",
      '        return requests.post(f"{RUNPOD_REST_URL}{path}", json=payload or {}, timeout=60)',
      "",
      "    def start(self, pod_id):",
      '        self._rest_post(f"/pods/{pod_id}/start")',
      "",
    ].join("\n");
    const dir = scratch({ "requests.py": REQUESTS, "app/__init__.py": "", "app/client.py": client });
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    const sent = pythonLines<Sent>(dir, 'from app.client import Client\nClient().start("p1")');
    expect(sent).toEqual([{ method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", body: { action: "start" } }]);
    expectLintsValid("podAction", sent[0]?.body);
  });

  it("a template body whose ports are an expression is not rewritten: v1's ports may be a comma-separated string, and v2kit cannot tell which it holds", () => {
    const client = [
      "import requests",
      'BASE = "https://rest.runpod.io/v1"',
      "",
      "",
      "def create_template(name, image, ports=None):",
      '    body = {"name": name, "imageName": image, "ports": list(ports) if ports is not None else ["80/http"]}',
      '    return requests.post(f"{BASE}/templates", json=body)',
      "",
      "",
      "def create_fixed(name, image):",
      '    body = {"name": name, "imageName": image, "ports": "8888/http,22/tcp"}',
      '    return requests.post(f"{BASE}/templates", json=body)',
      "",
    ].join("\n");
    const dir = scratch({ "app/client.py": client });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stdout).toContain("a value that is not a literal is read by the migration");
    const unsafe = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file");
    const text = readFileSync(join(dir, "app/client.py"), "utf8");
    // The literal string is split as v2 takes it; the expression is left, under a comment, never wrapped in a list.
    expect(text).toContain('body = {"name": name, "image": image, "ports": ["8888/http", "22/tcp"]}');
    expect(text).toContain('body = {"name": name, "imageName": image, "ports": list(ports) if ports is not None else ["80/http"]}');
    expect(text).toContain("# v2kit: POST /templates moved to POST /v2/templates, and its body is still v1");
  });

  it("a call left on a moved base stays reported when the directory also names another API's base", () => {
    const config = ['REST_BASE = "https://api.runpod.io/v2"', 'VAST_BASE = "https://console.vast.ai/api/v0"', ""].join("\n");
    const client = [
      "import requests",
      "from app.config import REST_BASE",
      "",
      "",
      "def create_endpoint(body):",
      '    return requests.post(f"{REST_BASE}" + "/endpoints", json=body)',
      "",
      "",
      "def post(path, body):",
      "    return requests.post(REST_BASE + path, json=body)",
      "",
      "",
      "def make(body):",
      '    return post("/endpoints", body)',
      "",
    ].join("\n");
    const dir = scratch({ "app/__init__.py": "", "app/config.py": config, "app/client.py": client });
    const found = rows(dir).filter((row) => row.ruleId === "v1-path-on-v2-base");
    expect(found.map((row) => `${row.file}:${row.line} ${row.v1.method} ${row.v1.path}`)).toContain("app/client.py:14 POST /endpoints");
  });

  it("a front end's request function whose base is the app's own server is not this API's call; the back end's proxy still is", () => {
    const front = [
      "const API_BASE =",
      "  import.meta.env.VITE_API_URL?.trim() ??",
      "  (import.meta.env.DEV ? 'http://localhost:3000/api' : '/api');",
      "",
      "async function runpodFetch(path: string, options: RequestInit = {}): Promise<Response> {",
      "  return fetch(`${API_BASE}${path}`, options);",
      "}",
      "",
      "export const startPod = (id: string) => runpodFetch(`/pods/${id}/start`, { method: 'POST' });",
      "",
    ].join("\n");
    const back = [
      "const RUNPOD_BASE = 'https://rest.runpod.io/v1';",
      "export async function proxyToRunPod(path, options = {}) {",
      "  return fetch(`${RUNPOD_BASE}${path}`, { method: options.method || 'GET' });",
      "}",
      "export const start = (id) => proxyToRunPod(`/pods/${id}/start`, { method: 'POST' });",
      "",
    ].join("\n");
    const dir = scratch({ "app/src/api.ts": front, "app/lib/proxy.js": back });
    expect(rows(dir).map((row) => `${row.file}:${row.line}`)).toEqual(["app/lib/proxy.js:5"]);
  });

  it("a notebook's JSON-escaped URL is read without the escape's backslash", () => {
    const notebook = JSON.stringify(
      { cells: [{ cell_type: "code", source: ["import requests\n", 'url = "https://rest.runpod.io/v1/pods"\n', "requests.get(url)\n"] }] },
      null,
      1,
    );
    const dir = scratch({ "app/scratch.ipynb": notebook });
    expect(rows(dir).map((row) => `${row.ruleId} ${row.v1.method} ${row.v1.path}`)).toEqual(["v1-call-inferred GET /pods"]);
  });
});
