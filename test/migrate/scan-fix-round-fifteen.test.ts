// Issue 41, round fifteen: what held back public clients not used before, each written here as a
// small client that is run after its fix.
//   - A URL assigned to a name before its call (`url = f"{self.BASE_URL}/networkvolumes/{id}"`, then
//     `self.session.delete(url)`): the method holding it was taken for a request function joining
//     its `volume_id` to the base, so every caller of that method (`Api.delete_volume`) was "called
//     with no v1 path" and the whole client stayed v1 (justinwlin/Runpod-Network-Volume-Storage-Tool).
//   - A client's fallback to a path v2 already has (`_make_request("GET", "/network-volumes")` after a
//     404 of `/networkvolumes`): a stray that "names no v1 route", so `--fix` kept the base. On the
//     v2 base it is a v2 call, and right.
//   - Headers from a helper of the file (`headers: runpodHeaders()`, whose one literal names
//     Content-Type) or a constant (`headers: HEADERS`): "built elsewhere", so a per-action route,
//     which gains a JSON body, was left (exportalling-design/isabelaos-web).
// Each fixed Python program runs with a stub `requests` that records what it sends; each body sent
// lints valid under the bundled schema and the published document.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, expectLintsValid, jsonLines, nodeRequests, pythonLines, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-fifteen-");

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
}

/** `v2kit migrate scan ARGS storage` in `dir` (the stub `requests` beside the client is not scanned). */
const run = (dir: string, args: string[]) => spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "storage"], { cwd: dir, encoding: "utf8" });

const calls = (stdout: string) =>
  jsonLines<Row>(stdout)
    .filter((row) => /^(?:v1-call|v1-path-on-v2-base)/.test(row.ruleId))
    .map((row) => `${row.file}:${row.line} ${row.v1.method} ${row.v1.path}`);

/** A stub `requests` whose Session records each request as one JSON line, and answers 404 to the v1 network volume list (so the client falls back). */
const REQUESTS = [
  "import json as _json, sys",
  "class HTTPError(Exception):",
  "    def __init__(self, response):",
  "        self.response = response",
  "class exceptions:",
  "    HTTPError = HTTPError",
  "    RequestException = HTTPError",
  "class _Response:",
  "    def __init__(self, status):",
  "        self.status_code = status",
  "    def raise_for_status(self):",
  "        if self.status_code >= 400:",
  "            raise HTTPError(self)",
  "    def json(self):",
  "        return {}",
  "class Session:",
  "    def __init__(self):",
  "        self.headers = {}",
  "    def request(self, method, url, json=None, **kwargs):",
  '        sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")',
  '        return _Response(404 if method == "GET" and url.endswith("/v1/networkvolumes") else 200)',
  "    def delete(self, url, **kwargs):",
  '        return self.request("DELETE", url, **kwargs)',
  "",
].join("\n");

const CLIENT = [
  "import requests",
  "",
  "",
  "class RunpodClient:",
  '    BASE_URL = "https://rest.runpod.io/v1"',
  "",
  "    def __init__(self, api_key):",
  "        self.session = requests.Session()",
  '        self.session.headers.update({"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"})',
  "",
  "    def _make_request(self, method, endpoint, **kwargs):",
  '        url = f"{self.BASE_URL}{endpoint}"',
  "        response = self.session.request(method, url, **kwargs)",
  "        response.raise_for_status()",
  "        return response.json()",
  "",
  "    def list_network_volumes(self):",
  "        try:",
  '            return self._make_request("GET", "/networkvolumes")',
  "        except requests.exceptions.HTTPError as e:",
  "            if e.response.status_code == 404:",
  '                return self._make_request("GET", "/network-volumes")',
  "            raise",
  "",
  "    def create_network_volume(self, name, size, datacenter_id):",
  '        data = {"name": name, "size": size, "dataCenterId": datacenter_id}',
  '        return self._make_request("POST", "/networkvolumes", json=data)',
  "",
  "    def get_network_volume(self, volume_id):",
  '        return self._make_request("GET", f"/networkvolumes/{volume_id}")',
  "",
  "    def delete_network_volume(self, volume_id):",
  '        url = f"{self.BASE_URL}/networkvolumes/{volume_id}"',
  "        response = self.session.delete(url)",
  "        response.raise_for_status()",
  "        return True",
  "",
].join("\n");

const API = [
  "from storage.client import RunpodClient",
  "",
  "",
  "class Api:",
  "    def __init__(self, key):",
  "        self.client = RunpodClient(key)",
  "",
  "    def delete_volume(self, volume_id):",
  "        return self.client.delete_network_volume(volume_id)",
  "",
].join("\n");

const STEPS = [
  "from storage.api import Api",
  'api = Api("key")',
  "api.client.list_network_volumes()",
  'api.client.create_network_volume("data", 50, "EU-RO-1")',
  'api.client.get_network_volume("vol1")',
  'api.delete_volume("vol1")',
].join("\n");

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

describe("round fifteen: what public clients not used before were held back by (issue 41)", () => {
  it("a URL assigned to a name before its call is a whole call through the base, not a request function: the client moves, and sends v2 requests", () => {
    const dir = scratch({ "requests.py": REQUESTS, "storage/__init__.py": "", "storage/client.py": CLIENT, "storage/api.py": API });
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([
      "storage/client.py:19 GET /networkvolumes",
      "storage/client.py:27 POST /networkvolumes",
      "storage/client.py:30 GET /networkvolumes/{volume_id}",
      "storage/client.py:33 DELETE /networkvolumes/{volume_id}",
    ]);
    // Before: v1 routes (the list falls back to a path v1 does not have).
    expect(pythonLines<Sent>(dir, STEPS).map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      "GET https://rest.runpod.io/v1/networkvolumes",
      "GET https://rest.runpod.io/v1/network-volumes",
      "POST https://rest.runpod.io/v1/networkvolumes",
      "GET https://rest.runpod.io/v1/networkvolumes/vol1",
      "DELETE https://rest.runpod.io/v1/networkvolumes/vol1",
    ]);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 4 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "storage/client.py"), "utf8");
    expect(text).toContain('BASE_URL = "https://api.runpod.io/v2"');
    expect(text).toContain('url = f"{self.BASE_URL}/network-volumes/{volume_id}"');
    // The fallback already named the v2 path: it is left as written.
    expect(text).toContain('                return self._make_request("GET", "/network-volumes")');
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
    const sent = pythonLines<Sent>(dir, STEPS);
    expect(sent.map((one) => `${one.method} ${one.url}`)).toEqual([
      "GET https://api.runpod.io/v2/network-volumes",
      "POST https://api.runpod.io/v2/network-volumes",
      "GET https://api.runpod.io/v2/network-volumes/vol1",
      "DELETE https://api.runpod.io/v2/network-volumes/vol1",
    ]);
    expectLintsValid("createNetworkVolume", sent[1]?.body);
  });

  it("a fallback path that v2 does not have either still keeps --fix from moving the base", () => {
    const dir = scratch({
      "requests.py": REQUESTS,
      "storage/__init__.py": "",
      "storage/client.py": CLIENT.replace('self._make_request("GET", "/network-volumes")', 'self._make_request("GET", "/volumes")'),
      "storage/api.py": API,
    });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 0 calls");
    expect(fixed.stdout).toContain("names no v1 route v2kit knows");
    expect(readFileSync(join(dir, "storage/client.py"), "utf8")).toContain('BASE_URL = "https://rest.runpod.io/v1"');
  });

  it("headers from a helper or a constant of the file that name Content-Type let a per-action call gain its JSON body; the fixed module sends it as JSON", () => {
    const client = [
      'const KEY = process.env.RUNPOD_API_KEY ?? "k";',
      'const HEADERS = { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" };',
      "",
      "function runpodHeaders() {",
      '  if (!KEY) throw new Error("no key");',
      "  return {",
      "    Authorization: `Bearer ${KEY}`,",
      '    "Content-Type": "application/json",',
      "  };",
      "}",
      "",
      "function plainHeaders() {",
      "  return { Authorization: `Bearer ${KEY}` };",
      "}",
      "",
      "export async function stopPod(podId) {",
      "  return fetch(`https://rest.runpod.io/v1/pods/${podId}/stop`, {",
      '    method: "POST",',
      "    headers: runpodHeaders(),",
      "  });",
      "}",
      "",
      "export async function startPod(podId) {",
      '  return fetch(`https://rest.runpod.io/v1/pods/${podId}/start`, { method: "POST", headers: HEADERS });',
      "}",
      "",
      "export async function restartPod(podId) {",
      '  return fetch(`https://rest.runpod.io/v1/pods/${podId}/restart`, { method: "POST", headers: plainHeaders() });',
      "}",
      "",
    ].join("\n");
    const dir = scratch({ "storage/pods.mjs": client });
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 1 call left");
    // A helper whose literal has no Content-Type: fetch would send the new body as text/plain.
    expect(fixed.stdout).toContain("the call's headers (`plainHeaders()`) are built elsewhere");
    const sent = nodeRequests(dir, 'const c = await import("./storage/pods.mjs"); await c.stopPod("p1"); await c.startPod("p2");');
    expect(sent).toEqual([
      { method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", type: "application/json", body: { action: "stop" } },
      { method: "POST", url: "https://api.runpod.io/v2/pods/p2/action", type: "application/json", body: { action: "start" } },
    ]);
    for (const one of sent) expectLintsValid("podAction", one.body);
  });
});
