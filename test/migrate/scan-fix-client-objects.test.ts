// Issue 41, item 1: a v1 base handed to an HTTP client object (`httpx.Client(base_url=…)`,
// `axios.create({ baseURL })`) is a client's base like one a request function joins: --fix moves it
// with every call through the object's request methods (test/fixtures/scan-clients/python-httpx,
// python-httpx-action, js-axios-instance hold the whole fixes). Here, what must stop it: the object
// also sending a path that is not a v1 call, or passed on where v2kit cannot follow it, or called
// from another file with such a path. And a GraphQL client beside it is never changed. The CLI runs
// as a child process; the fixed file runs with python3 against a stub httpx that joins a base and a
// path the way httpx does (base path + relative path, checked against httpx 0.23 by hand).

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, jsonLines, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-client-objects-");
const python = has("python3", ["--version"]);

interface JsonFinding {
  line: number;
  ruleId: string;
  notes: { message: string }[];
}

const notFixed = (stdout: string) =>
  jsonLines<JsonFinding>(stdout)
    .filter((finding) => finding.ruleId !== "v1-response-field")
    .map((finding) => ({ line: finding.line, note: finding.notes.find((note) => note.message.startsWith("not fixed: "))?.message ?? "" }));

const HTTPX_CLIENT = `import httpx

BASE = "https://rest.runpod.io/v1"


class Api:
    def __init__(self, token, base_url=BASE):
        self._http = httpx.Client(base_url=base_url, headers={"Authorization": "Bearer " + token})

    def pods(self):
        return self._http.get("/pods").json()

    def scale(self, endpoint_id, most):
        return self._http.patch(f"/endpoints/{endpoint_id}", json={"workersMax": most, "idleTimeout": 7}).json()
`;

describe("migrate scan --fix: a base handed to an HTTP client object", () => {
  it("moves the base and the calls through the object; the fixed program sends v2 requests that lint valid", () => {
    const dir = scratch({ "api.py": HTTPX_CLIENT });
    const fixed = scanFix(dir, "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls in 1 file; 0 calls left/);
    const text = readFileSync(join(dir, "api.py"), "utf8");
    expect(text).toContain('BASE = "https://api.runpod.io/v2"');
    expect(text).toContain('self._http.patch(f"/serverless/{endpoint_id}", json={"workers": {');
    if (!python) return;
    // A stub httpx: Client(base_url=…).get/patch(path, json=…) prints the request it would send.
    writeFileSync(
      join(dir, "httpx.py"),
      [
        "import json",
        "class _Response:",
        "    def json(self):",
        "        return {}",
        "class Client:",
        "    def __init__(self, base_url, headers=None):",
        "        self.base = base_url.rstrip('/') + '/'",
        "    def _send(self, method, path, body=None):",
        "        print(json.dumps({'method': method, 'url': self.base + path.lstrip('/'), 'body': body}))",
        "        return _Response()",
        "    def get(self, path):",
        "        return self._send('GET', path)",
        "    def patch(self, path, json=None):",
        "        return self._send('PATCH', path, json)",
        "",
      ].join("\n"),
    );
    const ran = spawnSync("python3", ["-c", "import api; client = api.Api('k'); client.pods(); client.scale('ep1', 3)"], { cwd: dir, encoding: "utf8" });
    expect(ran.status, ran.stderr).toBe(0);
    const sent = jsonLines<{ method: string; url: string; body: unknown }>(ran.stdout);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "PATCH https://api.runpod.io/v2/serverless/ep1",
    ]);
    expectLintsValid("updateEndpoint", sent[1]?.body);
  });

  it("leaves the base when the object also sends a path that is not a v1 call, naming where", () => {
    const dir = scratch({ "api.py": `${HTTPX_CLIENT}\n    def spec(self):\n        return self._http.get("/openapi.json").json()\n` });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(readFileSync(join(dir, "api.py"), "utf8")).toBe(`${HTTPX_CLIENT}\n    def spec(self):\n        return self._http.get("/openapi.json").json()\n`);
    for (const { note } of notFixed(fixed.stdout))
      expect(note).toMatch(/`self\._http`, made with `BASE`, also sends a request at api\.py:17 with a path that is not a v1 call/);
  });

  it("leaves the base when the object is passed on as a value", () => {
    const source = `${HTTPX_CLIENT}\n    def raw(self):\n        return self._http\n`;
    const dir = scratch({ "api.py": source });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(readFileSync(join(dir, "api.py"), "utf8")).toBe(source);
    for (const { note } of notFixed(fixed.stdout)) expect(note).toMatch(/`self\._http`, made with `BASE`, is passed on as a value at api\.py:17/);
  });

  it("an axios instance imported by another file that calls it with another path keeps its base", () => {
    const http =
      'import axios from "axios";\nconst REST = "https://rest.runpod.io/v1";\nexport const api = axios.create({ baseURL: REST });\nexport const listPods = () => api.get("/pods");\n';
    const other = 'import { api } from "./http.mjs";\nexport const whoami = () => api.get("/user/settings");\n';
    const dir = scratch({ "http.mjs": http, "me.mjs": other });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(readFileSync(join(dir, "http.mjs"), "utf8")).toBe(http);
    expect(readFileSync(join(dir, "me.mjs"), "utf8")).toBe(other);
    expect(notFixed(fixed.stdout)).toEqual([{ line: 4, note: expect.stringMatching(/`api`, made with `REST`, .*me\.mjs:2/) as unknown as string }]);
  });

  it("a GraphQL client made beside it is left as it is, and does not stop the fix", () => {
    const source = HTTPX_CLIENT.replace(
      "    def pods(self):",
      '        self._graph = httpx.Client(base_url="https://api.runpod.io")\n\n    def me(self):\n        return self._graph.post("/graphql", json={"query": "{ myself { id } }"}).json()\n\n    def pods(self):',
    );
    const dir = scratch({ "api.py": source });
    const fixed = scanFix(dir, "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls in 1 file/);
    const text = readFileSync(join(dir, "api.py"), "utf8");
    expect(text).toContain('self._graph = httpx.Client(base_url="https://api.runpod.io")');
    expect(text).toContain('self._graph.post("/graphql", json={"query": "{ myself { id } }"})');
    expect(text).toContain('BASE = "https://api.runpod.io/v2"');
  });
});
