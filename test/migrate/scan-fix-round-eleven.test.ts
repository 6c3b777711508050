// Issue 41, round eleven: a client whose base is defined in one module and written at each call
// in another (docs/scan.md, "Round eleven").
// 1. `from config import API` then `requests.post(f"{API}/endpoints", json={…})`; in JavaScript
// `import { BASE } from "./config.mjs"` then `fetch(`${BASE}/pods/${id}`)`. The file that makes
// the call does not define the base, so the scan could only infer it, and no client was formed:
// every call was left "relative to a base URL set elsewhere". The string is the base's name and
// then a literal path, so each call is one of the client's: its path is migrated at the call and
// the base moves once, in the module that defines it.
// 2. An import statement naming the base (`from m import GRAPHQL_URL, REST_URL`) is no use of it;
// it kept a whole client v1 ("used outside a request function") once the name was a base's.
// 3. (runpod/flash) A base read through an environment reader of the tree:
// `REST_URL = _env_url("RUNPOD_REST_URL", DEFAULT_REST_URL)`, where `_env_url` returns the
// environment's value or its default (`return default.rstrip("/")`). `REST_URL` is the base's
// name too. A function that returns something else made from the default (`f"{base}/pods"`) is
// no such reader, and its result is not the base.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, expectLintsValid, has, nodeRequests, pythonLines, REQUESTS_STUB, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-eleven-");
const python = has("python3", ["--version"]);

const CONFIG = `TIMEOUT = 10
API = "https://rest.runpod.io/v1"
`;

const ENDPOINTS = `import requests
from config import API, TIMEOUT


def create_endpoint(name, template_id):
    body = {"name": name, "templateId": template_id, "computeType": "CPU", "cpuFlavorIds": ["cpu3c"], "workersMin": 0, "workersMax": 2}
    r = requests.post(f"{API}/endpoints", json=body, timeout=TIMEOUT)
    r.raise_for_status()
    return r.json()


def get_endpoint(endpoint_id):
    return requests.get(f"{API}/endpoints/{endpoint_id}", timeout=TIMEOUT)


def delete_endpoint(endpoint_id):
    requests.delete(f"{API}/endpoints/{endpoint_id}", timeout=TIMEOUT).raise_for_status()
`;

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

describe.skipIf(!python)("a base imported from another module and written at each call", () => {
  it("moves once in its module, every call's path is migrated where it is written, and the program sends v2 requests that lint valid", () => {
    const dir = scratch({ "config.py": CONFIG, "endpoints.py": ENDPOINTS, "requests.py": REQUESTS_STUB });
    const drive = "import endpoints; endpoints.create_endpoint('e', 't1'); endpoints.get_endpoint('ep1'); endpoints.delete_endpoint('ep1')";
    // Before: every request goes to the retired v1 API.
    expect(pythonLines<Sent>(dir, drive).map((sent) => sent.url)).toEqual([
      "https://rest.runpod.io/v1/endpoints",
      "https://rest.runpod.io/v1/endpoints/ep1",
      "https://rest.runpod.io/v1/endpoints/ep1",
    ]);
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    expect(readFileSync(join(dir, "config.py"), "utf8")).toBe(CONFIG.replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    const endpoints = readFileSync(join(dir, "endpoints.py"), "utf8");
    expect(endpoints).toContain("from config import API, TIMEOUT\n");
    expect(endpoints).toContain('requests.get(f"{API}/serverless/{endpoint_id}", timeout=TIMEOUT)');
    const sent = pythonLines<Sent>(dir, drive);
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST https://api.runpod.io/v2/serverless",
      "GET https://api.runpod.io/v2/serverless/ep1",
      "DELETE https://api.runpod.io/v2/serverless/ep1",
    ]);
    expectLintsValid("createEndpoint", sent[0]?.body);
    expect(scanFix(dir).stderr).toContain("fixed 0 calls in 0 files; 0 calls left");
  });

  it("a use of the base outside any request function elsewhere (a module-level URL) still keeps it v1, saying where", () => {
    const dir = scratch({
      "config.py": CONFIG,
      "endpoints.py": ENDPOINTS,
      "links.py": 'from config import API\nDOCS = API + "/docs"\n',
      "requests.py": REQUESTS_STUB,
    });
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain("fixed 0 calls");
    expect(fixed.stdout).toContain("is also used outside a request function at links.py:2");
    expect(readFileSync(join(dir, "config.py"), "utf8")).toBe(CONFIG);
  });
});

describe("JavaScript: a base imported from another module", () => {
  it("moves once, each fetch's path is migrated at the call, and the program sends v2 requests", () => {
    const dir = scratch({
      "config.mjs": 'export const BASE = "https://rest.runpod.io/v1";\n',
      "pods.mjs": [
        'import { BASE } from "./config.mjs";',
        "",
        "export async function podStatus(id) {",
        "  const r = await fetch(`${BASE}/pods/${id}`, { headers: { Authorization: `Bearer ${process.env.RUNPOD_API_KEY}` } });",
        "  return r.status;",
        "}",
        "",
        "export async function removeVolume(id) {",
        '  await fetch(`${BASE}/networkvolumes/${id}`, { method: "DELETE" });',
        "}",
        "",
      ].join("\n"),
    });
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files; 0 calls left");
    expect(readFileSync(join(dir, "config.mjs"), "utf8")).toBe('export const BASE = "https://api.runpod.io/v2";\n');
    const sent = nodeRequests(dir, "const pods = await import('./pods.mjs');\nawait pods.podStatus('p1');\nawait pods.removeVolume('v1');");
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods/p1",
      "DELETE https://api.runpod.io/v2/network-volumes/v1",
    ]);
    expect(scanFix(dir).stderr).toContain("fixed 0 calls in 0 files; 0 calls left");
  });
});

const URLS = `import os

DEFAULT_REST_URL = "https://rest.runpod.io/v1"


def _env_url(name, default):
    value = os.environ.get(name, "").strip()
    if value:
        return value.rstrip("/")
    return default.rstrip("/")


REST_URL = _env_url("RUNPOD_REST_URL", DEFAULT_REST_URL)
`;

const VOLUMES = `import requests
from urls import GRAPHQL_URL, REST_URL


def list_volumes():
    return requests.get(f"{REST_URL}/networkvolumes", timeout=5).json()
`;

describe.skipIf(!python)("a base read through an environment reader of the tree (runpod/flash)", () => {
  it("the reader's result is the base: the default moves to v2 and the call with it; the environment still overrides it", () => {
    const dir = scratch({ "urls.py": `${URLS}GRAPHQL_URL = "https://api.runpod.io/graphql"\n`, "volumes.py": VOLUMES, "requests.py": REQUESTS_STUB });
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain("fixed 1 call in 2 files; 0 calls left");
    expect(readFileSync(join(dir, "urls.py"), "utf8")).toContain('DEFAULT_REST_URL = "https://api.runpod.io/v2"');
    expect(readFileSync(join(dir, "volumes.py"), "utf8")).toContain('requests.get(f"{REST_URL}/network-volumes", timeout=5)');
    expect(pythonLines<Sent>(dir, "import volumes; volumes.list_volumes()").map((sent) => sent.url)).toEqual(["https://api.runpod.io/v2/network-volumes"]);
    expect(pythonLines<Sent>(dir, "import volumes; volumes.list_volumes()", { RUNPOD_REST_URL: "http://127.0.0.1:8787/v2/" }).map((sent) => sent.url)).toEqual([
      "http://127.0.0.1:8787/v2/network-volumes",
    ]);
  });

  it("a function that returns more than the default it is given is no reader: its result is not the base, and the base stays v1", () => {
    const joined = URLS.replace('    return default.rstrip("/")', '    return f"{default}/pods"');
    const dir = scratch({ "urls.py": `${joined}GRAPHQL_URL = "https://api.runpod.io/graphql"\n`, "volumes.py": VOLUMES, "requests.py": REQUESTS_STUB });
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain("fixed 0 calls");
    expect(readFileSync(join(dir, "urls.py"), "utf8")).toContain('DEFAULT_REST_URL = "https://rest.runpod.io/v1"');
    expect(readFileSync(join(dir, "volumes.py"), "utf8")).toBe(VOLUMES);
  });
});

// 4. (transformerlab/skypilot) A request function also called with a literal path that names no v1
// route (`rest_request("GET", "/ping")` in a unit test with requests mocked) kept the whole client
// v1, even with --unsafe-fixes. Every call to the retired v1 base fails today, so such a call is a
// stray (as in Go since round nine): --fix reports the client, naming it; --unsafe-fixes moves the
// base past it, leaves it as written and says so.
const ADAPTOR = `import requests

_REST_BASE = "https://rest.runpod.io/v1"


def rest_request(method, path, json=None):
    return requests.request(method, f"{_REST_BASE}{path}", json=json).json()
`;

const VOLUME = `from adaptor import rest_request


def list_volumes():
    return rest_request("GET", "/networkvolumes")


def delete_volume(vol_id):
    rest_request("DELETE", f"/networkvolumes/{vol_id}")
`;

const ADAPTOR_TEST = `import adaptor


def test_rest_request_plain():
    assert adaptor.rest_request("GET", "/ping") == {}
`;

describe.skipIf(!python)("a request function also called with a path that names no v1 route (a stray)", () => {
  it("--fix leaves the client, naming the stray; --unsafe-fixes moves the base past it and the program sends v2 requests", () => {
    const dir = scratch({ "adaptor.py": ADAPTOR, "volume.py": VOLUME, "test_adaptor.py": ADAPTOR_TEST, "requests.py": REQUESTS_STUB });
    const safe = scanFix(dir);
    expect(safe.stderr).toContain("fixed 0 calls");
    expect(safe.stdout).toContain("a path that names no v1 route v2kit knows (test_adaptor.py:5 (`/ping…` through `rest_request`)): v1 is retired");
    expect(readFileSync(join(dir, "adaptor.py"), "utf8")).toBe(ADAPTOR);
    const unsafe = scanFix(dir, "--unsafe-fixes");
    expect(unsafe.stderr).toContain("fixed 2 calls in 2 files; 0 calls left");
    expect(unsafe.stderr).toContain(
      "test_adaptor.py:5 (`/ping…` through `rest_request`): sent to the base `_REST_BASE`, now https://api.runpod.io/v2, and left as written",
    );
    expect(readFileSync(join(dir, "test_adaptor.py"), "utf8")).toBe(ADAPTOR_TEST);
    expect(pythonLines<Sent>(dir, "import volume; volume.list_volumes(); volume.delete_volume('v1')").map(({ method, url }) => `${method} ${url}`)).toEqual([
      "GET https://api.runpod.io/v2/network-volumes",
      "DELETE https://api.runpod.io/v2/network-volumes/v1",
    ]);
  });
});

// 5. (halbritt/runpod-jobrunner) `--unsafe-fixes` added `json={"action": "start"}` to a call of the
// file's own `_json_request(self, method, url, *, payload=None)`, which takes no `json`: the fixed
// `start_pod` raised TypeError on every call. A function of the file with neither a `json`
// parameter nor `**kwargs` gets no body added; the call is reported with the body it needs.
const PROVIDER = `import json
import urllib.request

REST_PODS_URL = "https://rest.runpod.io/v1/pods"


class Provider:
    def _json_request(self, method, url, *, payload=None):
        body = None if payload is None else json.dumps(payload).encode()
        return urllib.request.Request(url, data=body, method=method)

    def start_pod(self, pod_id):
        return self._json_request("POST", f"{REST_PODS_URL}/{pod_id}/start", payload={})

    def delete_pod(self, pod_id):
        return self._json_request("DELETE", f"{REST_PODS_URL}/{pod_id}")
`;

describe.skipIf(!python)("a per-action call of the file's own function that takes no json=", () => {
  it("--unsafe-fixes adds no json= to it (it would raise TypeError): the call is reported with the body it needs, and the file still runs", () => {
    const dir = scratch({ "provider.py": PROVIDER });
    const fixed = scanFix(dir, "--unsafe-fixes");
    const text = readFileSync(join(dir, "provider.py"), "utf8");
    expect(text).not.toContain("json={");
    expect(text).toContain('self._json_request("POST", f"{REST_PODS_URL}/{pod_id}/start", payload={})');
    expect(fixed.stdout).toContain('v2kit cannot tell where this call would take a body: send {"action": "start"}');
    const ran = spawnSync(
      "python3",
      ["-B", "-c", "import provider; p = provider.Provider(); r = p.start_pod('p1'); d = p.delete_pod('p1'); print(r.full_url, d.full_url, d.get_method())"],
      { cwd: dir, encoding: "utf8" },
    );
    expect(ran.stderr).toBe("");
    expect(ran.stdout.trim()).toBe("https://api.runpod.io/v2/pods/p1/start https://api.runpod.io/v2/pods/p1 DELETE");
  });
});

// 6. (imtiaz-risat/piper-train-runpod-script, run against `v2kit serve`) A list response tested for
// being a list (`Array.isArray(data) ? data : []`, `isinstance(data, list)`) silently became empty
// once the call was v2, which wraps it (`{"pods": [...]}`): the page showed no pods. The test is now
// a v1 response read, reported with the wrapper's key; it is not rewritten (the value is used again
// after the test), and the fix run counts it among the reads left. (A scan of the fixed tree no
// longer sees it: reads are tied to v1 calls, and `v2kit scan` checks named fields only.)
describe("a list response tested for being a list", () => {
  it("is reported with its v2 wrapper key, in JavaScript and Python, and left as written by --unsafe-fixes", () => {
    const route = [
      'const BASE = "https://rest.runpod.io/v1";',
      "export async function pods() {",
      "  const data = await (await fetch(`${BASE}/pods`)).json();",
      "  const response = await fetch(`${BASE}/pods`);",
      "  const listed = await response.json();",
      "  return (Array.isArray(listed) ? listed : []).length;",
      "}",
      "",
    ].join("\n");
    const volumes =
      'import requests\nBASE = "https://rest.runpod.io/v1"\ndef volumes():\n    data = requests.get(f"{BASE}/networkvolumes").json()\n    return data if isinstance(data, list) else []\n';
    const dir = scratch({ "route.mjs": route, "vols.py": volumes });
    const found = spawnSync(process.execPath, [CLI, "migrate", "scan", "--format", "json", "."], { cwd: dir, encoding: "utf8" });
    const reads = found.stdout
      .split("\n")
      .filter((line) => line.includes('"v1-response-field"'))
      .map((line) => JSON.parse(line) as { file: string; line: number; notes: { message: string }[] });
    expect(reads.map((read) => `${read.file}:${read.line} ${read.notes[0]?.message ?? ""}`)).toEqual([
      'route.mjs:6 v2 answers {"pods": [...]}, not a bare list: read the list under "pods" where this value is used',
      'vols.py:5 v2 answers {"networkVolumes": [...]}, not a bare list: read the list under "networkVolumes" where this value is used',
    ]);
    const fixed = scanFix(dir, "--unsafe-fixes");
    expect(fixed.stderr).toContain("2 reads of v1 response fields left");
    expect(readFileSync(join(dir, "route.mjs"), "utf8")).toContain("Array.isArray(listed) ? listed : []");
    expect(readFileSync(join(dir, "vols.py"), "utf8")).toContain("return data if isinstance(data, list) else []");
  });
});
