// Round nine, issue 41 item 1: a client unit's base name is matched where Python can reach it
// (docs/scan.md, "Whose name a base is"). Seen on public clients (round eight): a class attribute
// `base_url` was blocked by another file's function with a local variable `base_url`; a constant
// handed to `httpx.AsyncClient(base_url=…)` on `self._http` and sent through a `_request(method,
// path, json)` wrapper was not followed. Each tree is written here; the CLI runs as a child
// process; fixed files are checked with python3 -m py_compile and run against a stub.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, jsonLines, run, scratchFolders } from "./scan-harness.js";

const tree = scratchFolders("v2kit-client-scope-");
const python = has("python3", ["--version"]);
const httpx = python && has("python3", ["-c", "import httpx"]);

/** A stub `requests` that prints each request it is asked to send (method, URL, JSON body). */
const REQUESTS_STUB = [
  "import json as _json, sys",
  "class _Response:",
  "    status_code = 200",
  "    def json(self):",
  "        return {}",
  "def request(method, url, json=None, **kwargs):",
  '    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")',
  "    return _Response()",
  "def get(url, **kwargs):",
  '    return request("GET", url, **kwargs)',
  "def delete(url, **kwargs):",
  '    return request("DELETE", url, **kwargs)',
  "",
].join("\n");

const CLASS_CLIENT = [
  '"""Compute client with its base as a class attribute (a v2kit fixture)."""',
  "import requests",
  "",
  "",
  "class CloudClient:",
  '    api_root = "https://rest.runpod.io/v1"',
  "",
  "    def __init__(self, token):",
  "        self.token = token",
  "",
  "    def _headers(self):",
  '        return {"Authorization": f"Bearer {self.token}"}',
  "",
  "    def _send(self, method, path):",
  '        return requests.request(method, f"{self.api_root}{path}", headers=self._headers())',
  "",
  "    def _get(self, path):",
  '        return requests.get(f"{self.api_root}{path}", headers=self._headers()).json()',
  "",
  "    def _delete(self, path):",
  '        requests.delete(f"{self.api_root}{path}", headers=self._headers())',
  "",
  "    def pods(self):",
  '        return self._get("/pods")',
  "",
  "    def pod(self, pod_id):",
  '        return self._get(f"/pods/{pod_id}")',
  "",
  "    def volumes(self):",
  '        return self._get("/networkvolumes")',
  "",
  "    def drop_pod(self, pod_id):",
  '        self._delete(f"/pods/{pod_id}")',
  "",
].join("\n");

/** Another module's function with a local of the same name: a different variable. */
const PROXY = [
  "import requests",
  "",
  "",
  "def _control_url():",
  '    return "http://127.0.0.1:9000"',
  "",
  "",
  "def _forward(method, path):",
  "    api_root = _control_url()",
  '    url = f"{api_root}{path}"',
  "    return requests.request(method, url)",
  "",
  "",
  "def health():",
  '    return _forward("GET", "/health")',
  "",
].join("\n");

const CLASS_TEST = [
  "from deploy.cloud_client import CloudClient",
  "",
  "",
  "def test_root():",
  '    client = CloudClient("t")',
  '    assert client.api_root == "https://rest.runpod.io/v1"',
  "",
].join("\n");

const MODULE_CLIENT = [
  "import requests",
  "",
  'API = "https://rest.runpod.io/v1"',
  "",
  "",
  "def call(method, path):",
  '    return requests.request(method, f"{API}{path}").json()',
  "",
  "",
  "def templates():",
  '    return call("GET", "/templates")',
  "",
  "",
  "def drop_endpoint(endpoint_id):",
  '    return call("DELETE", f"/endpoints/{endpoint_id}")',
  "",
].join("\n");

const LOCAL_API = [
  "import requests",
  "",
  "",
  "def ping():",
  '    API = "http://localhost:8080"',
  '    return requests.get(f"{API}/status").status_code',
  "",
].join("\n");

interface Left {
  file: string;
  line: number;
  ruleId: string;
  notes: { message: string }[];
}

/** The `v2kit:` comments a fix left above returned list answers (round sixteen), as `file:line v1-response-field`. */
const listComments = (text: string, file: string) =>
  text
    .split("\n")
    .flatMap((line, index) => (/^\s*# v2kit: GET \S+ moved to .*reads its v1 answer \(\[…\]\)/.test(line) ? [`${file}:${index + 1} v1-response-field`] : []));

const py = (dir: string, code: string) => spawnSync("python3", ["-c", code], { cwd: dir, encoding: "utf8" });
const compiles = (dir: string, file: string) => spawnSync("python3", ["-m", "py_compile", join(dir, file)], { encoding: "utf8" }).status;

describe("a class attribute base is the class's: another module's local of the same name does not block it", () => {
  it("--fix moves the attribute, every call through the class's request methods and the test asserting it; the other module stays", () => {
    const dir = tree({
      "deploy/__init__.py": "",
      "deploy/cloud_client.py": CLASS_CLIENT,
      "web/__init__.py": "",
      "web/proxy.py": PROXY,
      "tests/test_cloud_client.py": CLASS_TEST,
      "requests.py": REQUESTS_STUB,
    });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 4 calls in 2 files; 0 calls left");
    const client = readFileSync(join(dir, "deploy/cloud_client.py"), "utf8");
    expect(client).toContain('    api_root = "https://api.runpod.io/v2"');
    expect(client).toContain('return self._get("/network-volumes")');
    expect(readFileSync(join(dir, "web/proxy.py"), "utf8")).toBe(PROXY);
    expect(readFileSync(join(dir, "tests/test_cloud_client.py"), "utf8")).toContain('assert client.api_root == "https://api.runpod.io/v2"');
    // Left: only the `v2kit:` comments above the list methods' returns (their callers get v2's wrapped list).
    expect(jsonLines<Left>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).map((one) => `${one.file}:${one.line} ${one.ruleId}`)).toEqual(
      listComments(readFileSync(join(dir, "deploy/cloud_client.py"), "utf8"), "deploy/cloud_client.py"),
    );
    if (!python) return;
    for (const file of ["deploy/cloud_client.py", "web/proxy.py", "tests/test_cloud_client.py"]) expect(compiles(dir, file)).toBe(0);
    const ran = py(
      dir,
      'from deploy.cloud_client import CloudClient; c = CloudClient("t"); c.pods(); c.pod("p1"); c.volumes(); c.drop_pod("p1"); import tests.test_cloud_client as t; t.test_root()',
    );
    expect(ran.stderr).toBe("");
    expect(
      ran.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { method: "GET", url: "https://api.runpod.io/v2/pods", body: null },
      { method: "GET", url: "https://api.runpod.io/v2/pods/p1", body: null },
      { method: "GET", url: "https://api.runpod.io/v2/network-volumes", body: null },
      { method: "DELETE", url: "https://api.runpod.io/v2/pods/p1", body: null },
    ]);
  });
});

describe("a module constant base reaches the files that import it, not a same-named local elsewhere", () => {
  it("--fix moves the constant when another module only has a local `API` of its own", () => {
    const dir = tree({ "tools/__init__.py": "", "tools/api.py": MODULE_CLIENT, "tools/local.py": LOCAL_API });
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "tools/api.py"), "utf8");
    expect(text).toContain('API = "https://api.runpod.io/v2"');
    expect(readFileSync(join(dir, "tools/local.py"), "utf8")).toBe(LOCAL_API);
    if (python) expect(compiles(dir, "tools/api.py")).toBe(0);
  });

  it("a module that imports the constant and sends its own path with it still keeps the base, saying where", () => {
    const extra = ["import requests", "from tools.api import API", "", "", "def logs():", '    return requests.get(f"{API}/logs").text', ""].join("\n");
    const dir = tree({ "tools/__init__.py": "", "tools/api.py": MODULE_CLIENT, "tools/local.py": LOCAL_API, "tools/extra.py": extra });
    const fixed = run(dir, ["--fix", "--unsafe-fixes", "--format", "json", "--fail-on", "none"]);
    expect(readFileSync(join(dir, "tools/api.py"), "utf8")).toBe(MODULE_CLIENT);
    const left = jsonLines<Left>(fixed.stdout).filter((finding) => finding.file === "tools/api.py" && finding.ruleId !== "v1-response-field");
    expect(left).toHaveLength(2);
    for (const finding of left) expect(finding.notes.map((note) => note.message).join("\n")).toContain("`logs` uses `API`");
  });
});
const HTTPX_CLIENT = [
  '"""Async compute client on one httpx client (a v2kit fixture)."""',
  "from typing import Any",
  "",
  "import httpx",
  "",
  'COMPUTE_API = "https://rest.runpod.io/v1"',
  'GRAPH_URL = "https://api.runpod.io/graphql"',
  "",
  "",
  "class Compute:",
  "    def __init__(self, token: str) -> None:",
  "        self._http = httpx.AsyncClient(",
  "            base_url=COMPUTE_API,",
  '            headers={"Authorization": f"Bearer {token}"},',
  "        )",
  "",
  "    async def close(self) -> None:",
  "        await self._http.aclose()",
  "",
  "    async def _request(self, method: str, path: str, json: dict[str, Any] | None = None) -> Any:",
  "        resp = await self._http.request(method, path, json=json)",
  "        resp.raise_for_status()",
  "        return resp.json() if resp.content else None",
  "",
  "    async def _graph(self, query: str) -> Any:",
  '        resp = await self._http.post(GRAPH_URL, json={"query": query})',
  "        return resp.json()",
  "",
  "    async def pods(self) -> Any:",
  '        return await self._request("GET", "/pods")',
  "",
  "    async def pod(self, pod_id: str) -> Any:",
  '        return await self._request("GET", f"/pods/{pod_id}")',
  "",
  "    async def volume(self, name: str) -> Any:",
  '        return await self._request("POST", "/networkvolumes", json={"name": name, "size": 20, "dataCenterId": "EU-RO-1"})',
  "",
  "    async def drop_pod(self, pod_id: str) -> None:",
  '        await self._request("DELETE", f"/pods/{pod_id}")',
  "",
].join("\n");

/** Runs the fixed client against httpx's own MockTransport: every request it sends, as JSON lines. */
const HTTPX_RUN = [
  "import asyncio, json, httpx",
  "sent = []",
  "def answer(request):",
  "    body = json.loads(request.content) if request.content else None",
  '    sent.append({"method": request.method, "url": str(request.url), "body": body})',
  '    return httpx.Response(200, json={"id": "x"})',
  "real = httpx.AsyncClient.__init__",
  "def patched(self, *args, **kwargs):",
  '    kwargs["transport"] = httpx.MockTransport(answer)',
  "    real(self, *args, **kwargs)",
  "httpx.AsyncClient.__init__ = patched",
  "from compute import Compute",
  "async def main():",
  '    c = Compute("t")',
  '    await c.pods(); await c.pod("p1"); await c.volume("cache"); await c.drop_pod("p1"); await c.close()',
  "asyncio.run(main())",
  "for one in sent: print(json.dumps(one))",
].join("\n");

describe("an httpx client made with the base and sent through a request wrapper", () => {
  it("--fix moves the constant with every call through `_request`, and the body passed to it becomes v2's", () => {
    const dir = tree({ "compute.py": HTTPX_CLIENT });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 4 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "compute.py"), "utf8");
    expect(text).toContain('COMPUTE_API = "https://api.runpod.io/v2"');
    expect(text).toContain('GRAPH_URL = "https://api.runpod.io/graphql"');
    expect(text).toContain('"/network-volumes"');
    expect(jsonLines<Left>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).map((one) => `${one.file}:${one.line} ${one.ruleId}`)).toEqual(
      listComments(text, "compute.py"),
    );
    if (!python) return;
    expect(compiles(dir, "compute.py")).toBe(0);
    if (!httpx) return;
    const ran = py(dir, HTTPX_RUN);
    expect(ran.stderr).toBe("");
    const sent = ran.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { method: string; url: string; body: unknown });
    expect(sent.map((one) => `${one.method} ${one.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "GET https://api.runpod.io/v2/pods/p1",
      "POST https://api.runpod.io/v2/network-volumes",
      "DELETE https://api.runpod.io/v2/pods/p1",
    ]);
    expectLintsValid("createNetworkVolume", sent[2]?.body);
  });
});
