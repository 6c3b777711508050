// Test fakes and mocks of a client's v1 requests move with the client (issue 41): when `migrate
// scan --fix` moves a client's v1 base to v2, the URLs its tests fake or assert (Laravel
// `Http::fake` keys and `Http::assertSent` URLs, Python `responses`, JavaScript nock and msw) move
// in the same fix, so the tests still match what the client sends; a fake's canned v1-shaped
// response is reported (`v1-fake-response`, saying what v2 answers instead), and a fake of a call
// left as written stays as written with it. Each fixed file goes through its own parser (php -l,
// python3 -m py_compile, node --check) and the fixed tests run: Python with the `responses` library
// when it is installed, JavaScript against small stand-ins for nock and msw written here (they
// answer fetch by method and URL, as the libraries do). The CLI runs as a child process.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, git, has, jsonLines, scan, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-fakes-");
const php = has("php", ["--version"]);
const pythonResponses = has("python3", ["-c", "import requests, responses"]);
if (!php) console.log("scan-fix-fakes: php not found: fixed PHP files are not checked with php -l here");
if (!pythonResponses) console.log("scan-fix-fakes: python3 with requests and responses not found: the fixed Python tests are compiled, not run");

interface JsonFinding {
  file: string;
  line: number;
  ruleId: string;
  match: string;
  notes: { level: string; message: string }[];
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");
const parses = (tool: string, args: string[], cwd: string) => {
  const result = spawnSync(tool, args, { cwd, encoding: "utf8" });
  expect(result.status, result.stdout + result.stderr).toBe(0);
};
/** The `v1-fake-response` findings' notes, by file. */
const fakeResponses = (stdout: string) =>
  jsonLines<JsonFinding>(stdout)
    .filter((finding) => finding.ruleId === "v1-fake-response")
    .map((finding) => `${finding.file}:${finding.line} ${finding.notes.map((note) => note.message).join(" | ")}`);

const PHP_CLIENT = `<?php

use Illuminate\\Support\\Facades\\Http;

class Pods
{
    public function __construct(protected string $apiKey, protected string $baseUrl = 'https://rest.runpod.io/v1') {}

    public function stop(string $id): bool
    {
        return $this->http()->post("/pods/{$id}/stop")->successful();
    }

    public function get(string $id): ?array
    {
        return $this->http()->get("/pods/{$id}")->json();
    }

    public function pods(): array
    {
        return $this->http()->get('/pods')->json();
    }

    public function volumes(): array
    {
        return $this->http()->get('/networkvolumes')->json();
    }

    protected function http()
    {
        return Http::withToken($this->apiKey)->baseUrl($this->baseUrl);
    }
}
`;

const PHP_TEST = `<?php

use Illuminate\\Support\\Facades\\Http;

it('stops a pod', function () {
    Http::fake(['https://rest.runpod.io/v1/pods*' => Http::response([], 200)]);
    (new Pods('k'))->stop('p1');
    Http::assertSent(fn ($request) => $request->url() === 'https://rest.runpod.io/v1/pods/p1/stop');
});

it('reads a pod and the volumes', function () {
    Http::fake([
        'https://rest.runpod.io/v1/pods/p1' => Http::response(['id' => 'p1', 'desiredStatus' => 'RUNNING'], 200),
        'https://rest.runpod.io/v1/networkvolumes' => Http::response([['id' => 'v1', 'dataCenterId' => 'EU-RO-1']], 200),
    ]);
    expect((new Pods('k'))->get('p1')['id'])->toBe('p1');
    expect((new Pods('k'))->volumes())->toHaveCount(1);
});
`;

const PY_CLIENT = `import requests

API_BASE = "https://rest.runpod.io/v1"


class PodClient:
    def __init__(self, api_key, base_url=API_BASE):
        self.api_key = api_key
        self.base_url = base_url

    def _request(self, method, path, body=None):
        response = requests.request(method, f"{self.base_url}{path}", json=body, headers={"Authorization": f"Bearer {self.api_key}"})
        response.raise_for_status()
        return response.json()

    def list_pods(self):
        return self._request("GET", "/pods")

    def get_pod(self, pod_id):
        return self._request("GET", f"/pods/{pod_id}")

    def list_volumes(self):
        return self._request("GET", "/networkvolumes")
`;

const PY_TEST = `import responses

from client import PodClient


@responses.activate
def test_get_pod():
    responses.add(responses.GET, "https://rest.runpod.io/v1/pods/p1", json={"id": "p1", "desiredStatus": "RUNNING"})
    assert PodClient("k").get_pod("p1")["id"] == "p1"


@responses.activate
def test_list_volumes():
    responses.get("https://rest.runpod.io/v1/networkvolumes", json=[{"id": "v1"}])
    assert PodClient("k").list_volumes()[0]["id"] == "v1"


if __name__ == "__main__":
    test_get_pod()
    test_list_volumes()
    print("tests: ok")
`;

const JS_CLIENT = `const API_BASE = "https://rest.runpod.io/v1";

export class PodClient {
  constructor(apiKey, baseUrl = API_BASE) {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
  }

  async request(method, path) {
    const response = await fetch(\`\${this.baseUrl}\${path}\`, { method, headers: { Authorization: \`Bearer \${this.apiKey}\` } });
    if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
    return response.json();
  }

  listPods() {
    return this.request("GET", "/pods");
  }

  getEndpoint(id) {
    return this.request("GET", \`/endpoints/\${id}\`);
  }
}
`;

const JS_NOCK_TEST = `import assert from "node:assert/strict";
import nock from "nock";
import { PodClient } from "../client.js";

nock("https://rest.runpod.io").get("/v1/endpoints/e1").reply(200, { id: "e1", workersMin: 0 });
const endpoint = await new PodClient("k").getEndpoint("e1");
assert.equal(endpoint.id, "e1");
console.log("endpoints: ok");
`;

const JS_MSW_TEST = `import assert from "node:assert/strict";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { PodClient } from "../client.js";

const server = setupServer(http.get("https://rest.runpod.io/v1/pods", () => HttpResponse.json([{ id: "p1", desiredStatus: "RUNNING" }])));
server.listen();
const pods = await new PodClient("k").listPods();
assert.equal(pods.length ?? pods.pods.length, 1);
console.log("pods: ok");
`;

/** Stand-ins for nock and msw: each answers `fetch` by method and URL, and refuses any other request. */
const NOCK = `const interceptors = [];
globalThis.fetch = async (url, init = {}) => {
  const method = (init.method ?? "GET").toUpperCase();
  const hit = interceptors.findIndex((one) => one.method === method && one.url === String(url));
  if (hit < 0) throw new Error(\`nock: no match for \${method} \${url}\`);
  const [one] = interceptors.splice(hit, 1);
  return new Response(JSON.stringify(one.body), { status: one.status, headers: { "Content-Type": "application/json" } });
};
export default function nock(origin) {
  const scope = {};
  for (const verb of ["get", "post", "patch", "delete"])
    scope[verb] = (path) => ({ reply: (status, body) => (interceptors.push({ method: verb.toUpperCase(), url: origin + path, status, body }), scope) });
  return scope;
}
`;
const MSW = `const handler = (method) => (url, resolver) => ({ method, url, resolver });
export const http = { get: handler("GET"), post: handler("POST"), patch: handler("PATCH"), delete: handler("DELETE") };
export const HttpResponse = { json: (body, init = {}) => new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { "Content-Type": "application/json" } }) };
`;
const MSW_NODE = `export function setupServer(...handlers) {
  return {
    listen() {
      globalThis.fetch = async (url, init = {}) => {
        const method = (init.method ?? "GET").toUpperCase();
        const one = handlers.find((candidate) => candidate.method === method && candidate.url === String(url));
        if (!one) throw new Error(\`msw: no handler for \${method} \${url}\`);
        return one.resolver();
      };
    },
  };
}
`;
const JS_TREE = {
  "package.json": '{ "name": "pods-client", "type": "module", "private": true }\n',
  "client.js": JS_CLIENT,
  "test/endpoints.test.js": JS_NOCK_TEST,
  "test/pods.test.js": JS_MSW_TEST,
  "node_modules/nock/package.json": '{ "name": "nock", "type": "module", "main": "index.js" }\n',
  "node_modules/nock/index.js": NOCK,
  "node_modules/msw/package.json": '{ "name": "msw", "type": "module", "exports": { ".": "./index.js", "./node": "./node.js" } }\n',
  "node_modules/msw/index.js": MSW,
  "node_modules/msw/node.js": MSW_NODE,
};

describe("migrate scan --fix moves a client's test fakes with it", () => {
  it("Laravel: Http::fake keys and Http::assertSent URLs move with the base, and v1-shaped canned bodies are reported", () => {
    const dir = scratch({ "src/Pods.php": PHP_CLIENT, "tests/PodsTest.php": PHP_TEST });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 4 calls and 4 test fakes of them in 2 files; 0 calls left/);
    expect(read(dir, "src/Pods.php")).toContain("protected string $baseUrl = 'https://api.runpod.io/v2'");
    const test = read(dir, "tests/PodsTest.php");
    expect(test).toContain("Http::fake(['https://api.runpod.io/v2/pods*' => Http::response([], 200)]);");
    expect(test).toContain("$request->url() === 'https://api.runpod.io/v2/pods/p1/action'");
    expect(test).toContain("'https://api.runpod.io/v2/pods/p1' => Http::response(['id' => 'p1', 'desiredStatus' => 'RUNNING'], 200),");
    expect(test).toContain("'https://api.runpod.io/v2/network-volumes' => Http::response(");
    expect(test).not.toContain("rest.runpod.io");
    // The canned bodies are left as written, and said to be v1's: a bare list v2 wraps, a renamed field.
    expect(fakeResponses(fixed.stdout)).toEqual([
      "tests/PodsTest.php:13 this fake's canned response has v1's shape: `desiredStatus` is `status` in v2 (the pod's state is `status` (PodStatus: PROVISIONING, RUNNING, EXITED, …)); make it what v2 answers",
      "tests/PodsTest.php:14 this fake's canned response has v1's shape: v2 answers a list wrapped in an object, `{\"networkVolumes\": [...]}`, where this fake answers a bare list; make it what v2 answers | this fake's canned response has v1's shape: `dataCenterId` is `dataCenter` in v2 (renamed); make it what v2 answers",
    ]);
    if (php) for (const file of ["src/Pods.php", "tests/PodsTest.php"]) parses("php", ["-l", file], dir);
    const again = scanFix(dir, "--unsafe-fixes");
    expect(again.stderr).toMatch(/fixed 0 calls in 0 files/);
    expect(read(dir, "tests/PodsTest.php")).toBe(test);
    // Later scans still say so: the fakes are v2 URLs now, with v1 bodies.
    const later = scan(dir, "--format", "json", ".");
    expect(fakeResponses(later.stdout)).toEqual(fakeResponses(fixed.stdout));
    const failing = scan(dir, ".");
    expect(failing.stdout).toMatch(/no v1 calls found; 2 test fakes answering in v1's shape/);
  });

  it("Laravel: --diff prints the same change as a patch git apply takes, and says which canned bodies are v1's", () => {
    const fixedDir = scratch({ "src/Pods.php": PHP_CLIENT, "tests/PodsTest.php": PHP_TEST });
    scanFix(fixedDir, "--unsafe-fixes");
    const dir = scratch({ "src/Pods.php": PHP_CLIENT, "tests/PodsTest.php": PHP_TEST });
    const diffed = spawnSync(process.execPath, [CLI, "migrate", "scan", "--diff", "--unsafe-fixes", "."], { cwd: dir, encoding: "utf8" });
    expect(diffed.stdout).toContain("+    Http::fake(['https://api.runpod.io/v2/pods*' => Http::response([], 200)]);");
    expect(diffed.stderr).toMatch(/would fix 4 calls and 4 test fakes of them in 2 files/);
    expect(diffed.stderr).toContain("tests/PodsTest.php:13:63: this fake's canned response has v1's shape: `desiredStatus` is `status` in v2");
    writeFileSync(join(dir, "fix.patch"), diffed.stdout);
    const applied = git(dir, "apply", "fix.patch");
    expect(applied.status, applied.stderr).toBe(0);
    for (const file of ["src/Pods.php", "tests/PodsTest.php"]) expect(read(dir, file)).toBe(read(fixedDir, file));
  });

  it("Laravel: without --unsafe-fixes the base stays (a per-action call), and so do its fakes, each saying why", () => {
    const dir = scratch({ "src/Pods.php": PHP_CLIENT, "tests/PodsTest.php": PHP_TEST });
    const fixed = scanFix(dir, "--format", "json");
    expect(read(dir, "src/Pods.php")).toBe(PHP_CLIENT);
    expect(read(dir, "tests/PodsTest.php")).toBe(PHP_TEST);
    const notes = jsonLines<JsonFinding>(fixed.stdout)
      .filter((finding) => finding.file === "tests/PodsTest.php")
      .map((finding) => finding.notes.at(-1)?.message ?? "");
    expect(notes).toHaveLength(4);
    for (const note of notes)
      expect(note).toMatch(/^not fixed: it fakes requests of the client `\$baseUrl` \(src\/Pods\.php:7\), whose base stays v1 in this run/);
  });

  it("Laravel: a fake of a call v2 cannot take, and fakes one table would merge, stay v1 and are reported", () => {
    const client = PHP_CLIENT.replace(
      "    public function get(",
      '    public function reset(string $id): bool\n    {\n        return $this->http()->post("/pods/{$id}/reset")->successful();\n    }\n\n    public function start(string $id): bool\n    {\n        return $this->http()->post("/pods/{$id}/start")->successful();\n    }\n\n    public function get(',
    );
    const test = `<?php

use Illuminate\\Support\\Facades\\Http;

it('resets, starts and stops', function () {
    Http::fake(['https://rest.runpod.io/v1/pods/p1/reset' => Http::response([], 200)]);
    Http::fake([
        'https://rest.runpod.io/v1/pods/p1/start' => Http::response([], 200),
        'https://rest.runpod.io/v1/pods/p1/stop' => Http::response([], 200),
    ]);
    Http::fake(['https://rest.runpod.io/v1/pods/p1' => Http::response(['id' => 'p1'], 200)]);
});
`;
    const dir = scratch({ "src/Pods.php": client, "tests/PodsTest.php": test });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(read(dir, "src/Pods.php")).toContain("'https://api.runpod.io/v2'");
    expect(read(dir, "tests/PodsTest.php")).toBe(test.replace("'https://rest.runpod.io/v1/pods/p1' =>", "'https://api.runpod.io/v2/pods/p1' =>"));
    const left = jsonLines<JsonFinding>(fixed.stdout).filter((finding) => finding.file === "tests/PodsTest.php");
    const why = (line: number) => left.find((finding) => finding.line === line)?.notes.at(-1)?.message ?? "";
    expect(why(6)).toMatch(/the call it fakes \(src\/Pods\.php:\d+\) is not migrated, so the fake stays as written with it/);
    expect(why(8)).toMatch(/it would become the same URL as the fake at line 9 of the same table/);
    expect(why(9)).toMatch(/it would become the same URL as the fake at line 8 of the same table/);
    // The reset call itself is reported on the v2 base, as before.
    expect(jsonLines<JsonFinding>(fixed.stdout).some((finding) => finding.file === "src/Pods.php" && finding.match.includes("/reset"))).toBe(true);
    if (php) parses("php", ["-l", "tests/PodsTest.php"], dir);
  });

  it("Python: responses fakes move with the client under --fix, and the fixed tests pass", () => {
    const dir = scratch({ "client.py": PY_CLIENT, "tests/test_client.py": PY_TEST });
    const fixed = scanFix(dir, "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 3 calls and 2 test fakes of them in 2 files; 0 calls left/);
    expect(read(dir, "client.py")).toContain('API_BASE = "https://api.runpod.io/v2"');
    const test = read(dir, "tests/test_client.py");
    // `json=` of a fake is its canned response, not a request body.
    expect(test).toContain('responses.add(responses.GET, "https://api.runpod.io/v2/pods/p1", json={"id": "p1", "desiredStatus": "RUNNING"})');
    expect(test).toContain('responses.get("https://api.runpod.io/v2/network-volumes", json=[{"id": "v1"}])');
    expect(fakeResponses(fixed.stdout).map((line) => line.replace(/ this fake.*?: /, " "))).toEqual([
      "tests/test_client.py:8 `desiredStatus` is `status` in v2 (the pod's state is `status` (PodStatus: PROVISIONING, RUNNING, EXITED, …)); make it what v2 answers",
      'tests/test_client.py:14 v2 answers a list wrapped in an object, `{"networkVolumes": [...]}`, where this fake answers a bare list; make it what v2 answers',
    ]);
    parses("python3", ["-m", "py_compile", "client.py", "tests/test_client.py"], dir);
    if (pythonResponses) {
      const ran = spawnSync("python3", ["tests/test_client.py"], { cwd: dir, encoding: "utf8", env: { ...process.env, PYTHONPATH: dir } });
      expect(ran.stdout + ran.stderr).toContain("tests: ok");
    }
    expect(scanFix(dir).stderr).toMatch(/fixed 0 calls in 0 files/);
  });

  it("JavaScript: nock and msw fakes move with the client under --fix, and the fixed tests pass", () => {
    const dir = scratch(JS_TREE);
    const fixed = scanFix(dir, "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls and 2 test fakes of them in 3 files; 0 calls left/);
    expect(read(dir, "test/endpoints.test.js")).toContain('nock("https://api.runpod.io").get("/v2/serverless/e1").reply(200, { id: "e1", workersMin: 0 });');
    expect(read(dir, "test/pods.test.js")).toContain('http.get("https://api.runpod.io/v2/pods", () =>');
    expect(fakeResponses(fixed.stdout).map((line) => line.replace(/ this fake's canned response has v1's shape: /g, " "))).toEqual([
      "test/endpoints.test.js:5 `workersMin` is `workers.min` in v2 (nested under `workers`); make it what v2 answers",
      'test/pods.test.js:6 v2 answers a list wrapped in an object, `{"pods": [...]}`, where this fake answers a bare list; make it what v2 answers | `desiredStatus` is `status` in v2 (the pod\'s state is `status` (PodStatus: PROVISIONING, RUNNING, EXITED, …)); make it what v2 answers',
    ]);
    for (const file of ["client.js", "test/endpoints.test.js", "test/pods.test.js"]) {
      parses(process.execPath, ["--check", file], dir);
      const ran = spawnSync(process.execPath, [file], { cwd: dir, encoding: "utf8" });
      expect(ran.status, ran.stderr).toBe(0);
    }
    expect(scanFix(dir).stderr).toMatch(/fixed 0 calls in 0 files/);
  });
});
