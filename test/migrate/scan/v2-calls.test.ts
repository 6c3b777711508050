// readV2Calls (issue 44): the calls to the v2 REST API the source reader finds, per language and
// call style, on fixture files that python3, node, bash and gofmt accept as code. Positions are
// checked against where the fixture text itself has the key or the URL, found by plain search.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { readV2Calls, scanSource, type V2Call } from "../../../migrate/index.js";
import { LEXERS } from "../../../migrate/scan/lex/languages.js";

const FIXTURES = fileURLToPath(new URL("fixtures/v2-calls/", import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/** The 1-based line and column of the `nth` occurrence of `needle` in `text` (plus `shift` characters). */
function where(text: string, needle: string, nth = 0, shift = 0): { line: number; column: number } {
  let offset = -1;
  for (let k = 0; k <= nth; k++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${needle} #${nth} is not in the fixture`);
  }
  offset += shift;
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before[before.length - 1] as string).length + 1 };
}

const at = (position: { line: number; column: number }) => ({ line: position.line, column: position.column });
const summary = (calls: V2Call[]) => calls.map((call) => `${call.method?.value ?? "?"} ${call.path} @${call.at.line}`);

describe("readV2Calls: Python (requests, httpx)", () => {
  const text = fixture("client.py");
  const calls = readV2Calls(text, "client.py");

  it("finds the v2 calls and only those: not the docstring, the queue API, GraphQL, another host's /v2 or the v1 call", () => {
    expect(summary(calls)).toEqual([
      "PATCH /v2/serverless/{endpoint_id} @13",
      "GET /v2/pods @22",
      "GET /v2/endpoints @29",
      "POST /v2/templates @33",
      "PATCH /v2/network-volumes/{volume_id} @44",
      "GET /v2/network-volumes/{volume_id} @47",
      "GET /v2/registries @55",
    ]);
  });

  it("base constant with an environment default + f-string: the call starts at the f-string, the method is certain", () => {
    const [call] = calls;
    expect(at(call!.at)).toEqual(where(text, 'f"{BASE}/serverless/{endpoint_id}"'));
    expect(text.slice(call!.at.offset, call!.end)).toBe('f"{BASE}/serverless/{endpoint_id}"');
    expect(call!.method).toEqual({ value: "PATCH", certain: true });
  });

  it("a literal body: its value, run-time values as placeholders, each key and value at its line and column", () => {
    const body = calls[0]!.body!;
    expect(body.value).toEqual({
      workersMin: "<workers>",
      gpu: { minCudaVersion: "12.1", allowedCudaVersions: ["12.4"] },
      name: "fixed",
    });
    expect(body.runtime).toEqual(["/workersMin"]);
    expect(at(body.keys["/workersMin"]!)).toEqual(where(text, '"workersMin"'));
    expect(at(body.keys["/gpu"]!)).toEqual(where(text, '"gpu"'));
    expect(at(body.keys["/gpu/minCudaVersion"]!)).toEqual(where(text, '"minCudaVersion"'));
    expect(at(body.keys["/gpu/allowedCudaVersions"]!)).toEqual(where(text, '"allowedCudaVersions"'));
    expect(at(body.values["/gpu/minCudaVersion"]!)).toEqual(where(text, '"12.1"'));
    expect(at(body.values["/workersMin"]!)).toEqual(where(text, '"workersMin": workers', 0, 14));
    expect(at(body.keys[""]!)).toEqual(where(text, '{"workersMin"'));
  });

  it("reads of the response: through `.json()` and a variable, and on list items", () => {
    expect(calls[0]!.reads.map((read) => read.path)).toEqual([["workersMax"]]);
    expect(at(calls[0]!.reads[0]!.at)).toEqual(where(text, '["workersMax"]'));
    expect(calls[1]!.reads.map((read) => read.path)).toEqual([["*", "desiredStatus"]]);
  });

  it("query parameters in the URL and in params=, each at its name", () => {
    const pods = calls[1]!;
    expect(pods.query.map((param) => param.name)).toEqual(["computeType", "name"]);
    expect(at(pods.query[0]!.at)).toEqual(where(text, "computeType"));
    expect(at(pods.query[1]!.at)).toEqual(where(text, '"name": "trainer"', 0, 1));
    expect(pods.queryOpen).toBeUndefined();
  });

  it("a wrong route is kept (the checks report it); a body built elsewhere is named", () => {
    expect(calls[2]!.path).toBe("/v2/endpoints");
    expect(calls[3]!.bodyElsewhere).toBe("payload");
    expect(calls[3]!.body).toBeUndefined();
  });

  it("a request function of a class whose base is a class attribute: each call with its path, method, literal body and the reads of its return", () => {
    const update = calls[4]!;
    expect(update.method).toEqual({ value: "PATCH", certain: true });
    expect(at(update.at)).toEqual(where(text, 'f"/network-volumes/{volume_id}"'));
    expect(update.body?.value).toEqual({ size: "<size>", name: "data" });
    expect(at(update.body!.keys["/size"]!)).toEqual(where(text, '"size"'));
    expect(calls[5]!.reads.map((read) => read.path)).toEqual([["dataCenterId"]]);
  });

  it("an httpx client object made with the base: its requests are calls", () => {
    expect(at(calls[6]!.at)).toEqual(where(text, '"/registries"'));
  });

  it("v1 calls stay findings of scanSource, as before", () => {
    const v1 = scanSource(text, "client.py").map((finding) => `${finding.v1.method} ${finding.v1.path} @${finding.line}`);
    expect(v1).toContain(`GET /pods @${where(text, "https://rest.runpod.io/v1/pods").line}`);
  });
});

describe("readV2Calls: JavaScript (fetch, axios)", () => {
  const text = fixture("client.mjs");
  const calls = readV2Calls(text, "client.mjs");

  it("finds the v2 calls and only those", () => {
    expect(summary(calls)).toEqual([
      "PATCH /v2/serverless/{id} @7",
      "GET /v2/templates @17",
      "GET /v2/pods @22",
      "GET /v2/serverless/endpoints @28",
      "POST /v2/network-volumes @33",
    ]);
  });

  it("fetch with a template literal on an env-default base: method option, JSON.stringify body with key positions, reads", () => {
    const [scale] = calls;
    expect(at(scale!.at)).toEqual(where(text, "`${API}/serverless/${id}`"));
    expect(scale!.method).toEqual({ value: "PATCH", certain: true });
    expect(scale!.body?.value).toEqual({ workersMax: "<max>", flashboot: true, gpuTypeIds: ["NVIDIA A40"] });
    expect(scale!.body?.runtime).toEqual(["/workersMax"]);
    expect(at(scale!.body!.keys["/gpuTypeIds"]!)).toEqual(where(text, "gpuTypeIds"));
    expect(at(scale!.body!.values["/flashboot"]!)).toEqual(where(text, "true, gpuTypeIds"));
    expect(scale!.reads.map((read) => read.path)).toEqual([["workersMin"]]);
  });

  it("axios params and a URL's searchParams are query parameters; reads of axios' data", () => {
    expect(calls[1]!.query.map((param) => [param.name, at(param.at)])).toEqual([
      ["includePublic", where(text, "includePublic")],
      ["limit", where(text, "limit }")],
    ]);
    expect(calls[1]!.reads.map((read) => read.path)).toEqual([["*", "imageName"]]);
    expect(calls[2]!.query.map((param) => param.name)).toEqual(["computeType"]);
    expect(calls[2]!.method).toEqual({ value: "GET", certain: false });
  });

  it("a query built at run time is open; the wrong route is kept", () => {
    expect(calls[3]!.query.map((param) => param.name)).toEqual(["includeWorkers"]);
    expect(calls[3]!.queryOpen).toBe(true);
  });

  it("an axios instance made with the base: its post is a call with the literal body", () => {
    expect(calls[4]!.body?.value).toEqual({ name: "v", size: 10, dataCenterId: "EU-RO-1" });
    expect(at(calls[4]!.body!.keys["/dataCenterId"]!)).toEqual(where(text, "dataCenterId"));
  });
});

describe("readV2Calls: Go (http.NewRequest) and shell (curl)", () => {
  it("Go: fmt.Sprintf and + on a base constant; the method argument; the body argument named", () => {
    const text = fixture("client.go");
    const calls = readV2Calls(text, "client.go");
    expect(summary(calls)).toEqual(["PATCH /v2/serverless/{id} @12", "GET /v2/pods @20"]);
    expect(calls[0]!.bodyElsewhere).toBe("bytes.NewBuffer(payload)");
    expect(calls[1]!.query.map((param) => [param.name, at(param.at)])).toEqual([["computeType", where(text, "computeType")]]);
  });

  it("shell: curl with a variable base, -X, -d JSON bodies with key positions (single and double quotes), @file", () => {
    const text = fixture("client.sh");
    const calls = readV2Calls(text, "client.sh");
    expect(summary(calls)).toEqual(["PATCH /v2/serverless/{ENDPOINT_ID} @3", "GET /v2/pods @7", "POST /v2/serverless/endpoints @8", "POST /v2/templates @9"]);
    expect(calls[0]!.body?.value).toEqual({ workersMin: 1, gpuTypeIds: ["NVIDIA A40"] });
    expect(at(calls[0]!.body!.keys["/gpuTypeIds"]!)).toEqual(where(text, '"gpuTypeIds"'));
    expect(at(calls[0]!.body!.values["/workersMin"]!)).toEqual(where(text, '"workersMin": 1', 0, 14));
    expect(calls[1]!.method).toEqual({ value: "GET", certain: true });
    expect(calls[2]!.body?.value).toEqual({ name: "<$NAME>", workersMax: 2 });
    expect(calls[2]!.body?.runtime).toEqual(["/name"]);
    expect(at(calls[2]!.body!.keys["/workersMax"]!)).toEqual(where(text, '\\"workersMax\\"', 0, 1));
    expect(calls[3]!.bodyElsewhere).toBe("@template.json");
  });
});

describe("readV2Calls: more call styles", () => {
  it("Python: a body assigned once from a literal and sent by name, at the literal's keys; a query built at run time is open", () => {
    const text = [
      'BASE = "https://rest.runpod.io/v2"',
      "def create(name):",
      '    payload = {"name": name, "workersMax": 3, "template": {"imageName": "img"}}',
      '    r = requests.post(f"{BASE}/serverless", json=payload)',
      '    return r.json()["id"]',
      "def pods(params):",
      '    return requests.get(f"{BASE}/pods?{urlencode(params)}", params=params)',
    ].join("\n");
    const [create, pods] = readV2Calls(text, "a.py");
    expect(create?.body?.value).toEqual({ name: "<name>", workersMax: 3, template: { imageName: "img" } });
    expect(at(create!.body!.keys["/template/imageName"]!)).toEqual(where(text, '"imageName"'));
    expect(at(create!.body!.values["/workersMax"]!)).toEqual(where(text, "3,"));
    expect(create?.reads.map((read) => read.path)).toEqual([["id"]]);
    expect(pods?.path).toBe("/v2/pods");
    expect(pods?.queryOpen).toBe(true);
  });

  it("TypeScript: a request function joining its path parameter to the base, and the reads of what it returns", () => {
    const text = [
      'const API = "https://rest.runpod.io/v2";',
      "async function api(method: string, path: string, body?: unknown) {",
      "  const res = await fetch(`${API}${path}`, { method, body: JSON.stringify(body) });",
      "  return res.json();",
      "}",
      "export async function scale(id: string) {",
      '  const endpoint = await api("PATCH", `/serverless/${id}`, { workersMin: 0, scalerValue: 2 });',
      "  return endpoint.workersMax;",
      "}",
    ].join("\n");
    const calls = readV2Calls(text, "a.ts");
    expect(summary(calls)).toEqual(["PATCH /v2/serverless/{id} @7"]);
    expect(at(calls[0]!.at)).toEqual(where(text, "`/serverless/${id}`"));
    expect(calls[0]!.body?.value).toEqual({ workersMin: 0, scalerValue: 2 });
    expect(at(calls[0]!.body!.keys["/scalerValue"]!)).toEqual(where(text, "scalerValue"));
    expect(calls[0]!.reads.map((read) => read.path)).toEqual([["workersMax"]]);
  });

  it("TypeScript: a class method and an arrow function as request functions", () => {
    const text = [
      'const API = "https://rest.runpod.io/v2";',
      "class Runpod {",
      "  async request(method: string, path: string) {",
      "    const res = await fetch(`${API}${path}`, { method });",
      "    return res.json();",
      "  }",
      "  async pod(id: string) {",
      '    const pod = await this.request("GET", `/pods/${id}`);',
      "    return pod.desiredStatus;",
      "  }",
      "}",
      "const call = async (method: string, path: string) => {",
      "  return fetch(`${API}${path}`, { method });",
      "};",
      'export const stop = (id: string) => call("POST", `/pods/${id}/stop`);',
    ].join("\n");
    const calls = readV2Calls(text, "a.ts");
    expect(summary(calls)).toEqual(["GET /v2/pods/{id} @8", "POST /v2/pods/{id}/stop @15"]);
    expect(calls[0]!.reads.map((read) => read.path)).toEqual([["desiredStatus"]]);
  });

  it("Go: a method of a client type joining a base constant and its path parameter with +", () => {
    const text = [
      "package client",
      'import "net/http"',
      'const base = "https://rest.runpod.io/v2"',
      "type Client struct{ http *http.Client }",
      "func (c *Client) do(method, path string) (*http.Response, error) {",
      "\treq, _ := http.NewRequest(method, base+path, nil)",
      "\treturn c.http.Do(req)",
      "}",
      "func (c *Client) Pods() (*http.Response, error) {",
      '\treturn c.do("GET", "/pods?computeType=GPU")',
      "}",
      "func (c *Client) Stop(id string) (*http.Response, error) {",
      '\treturn c.do(http.MethodPost, "/pods/"+id+"/stop")',
      "}",
    ].join("\n");
    const calls = readV2Calls(text, "a.go");
    expect(summary(calls)).toEqual(["GET /v2/pods @10", "POST /v2/pods/{id}/stop @13"]);
    expect(calls[0]!.query.map((param) => [param.name, at(param.at)])).toEqual([["computeType", where(text, "computeType")]]);
    expect(calls[1]!.method).toEqual({ value: "POST", certain: true });
  });

  it("PowerShell: Invoke-RestMethod with -Method and a hashtable body", () => {
    const text = [
      '$Base = "https://rest.runpod.io/v2"',
      'Invoke-RestMethod -Method Patch -Uri "$Base/pods/$PodId" -Body (@{ name = "x"; gpuCount = 2 } | ConvertTo-Json)',
    ].join("\n");
    const calls = readV2Calls(text, "a.ps1");
    expect(summary(calls)).toEqual(["PATCH /v2/pods/{PodId} @2"]);
    expect(calls[0]!.body?.value).toEqual({ name: "x", gpuCount: 2 });
    expect(at(calls[0]!.body!.keys["/gpuCount"]!)).toEqual(where(text, "gpuCount"));
  });
});

describe("readV2Calls: where a fix can write (pathText, body names)", () => {
  it("the path's literal tail and each body key's plain name, at their offsets; none where the file's text differs", () => {
    const text = [
      "import requests",
      'API = "https://rest.runpod.io/v2"',
      'requests.get(f"{API}/endpoints", timeout=30)',
      'requests.patch(f"{API}/serverless/{eid}", json={"executionTimeoutMs": 600000, "gpu": {"count": 1}})',
      'requests.get(f"{API}/serverless/{eid}", timeout=30)',
    ].join("\n");
    const [list, patch, get] = readV2Calls(text, "a.py");
    expect(list?.pathText?.text).toBe("/endpoints");
    expect(text.slice(list!.pathText!.at.offset, list!.pathText!.at.offset + 10)).toBe("/endpoints");
    // A run-time segment ends the written tail: nothing after it to replace.
    expect(get?.pathText).toBeUndefined();
    expect(patch?.pathText).toBeUndefined();
    const names = patch?.body?.names ?? {};
    expect(Object.keys(names).sort()).toEqual(["/executionTimeoutMs", "/gpu", "/gpu/count"]);
    const nameAt = names["/executionTimeoutMs"]!.at.offset;
    expect(text.slice(nameAt, nameAt + "executionTimeoutMs".length)).toBe("executionTimeoutMs");
    expect(text[nameAt - 1]).toBe('"');
  });
});

describe("readV2Calls: patterns and dict keys beside a real call", () => {
  // runpod-plugins-official's hook fetches the document and checks its docs' claims with a regular
  // expression and a table of routes expected absent: only the fetch is a call.
  it("a regular expression over v2 paths and the keys of a dict are not calls; the document's URL is", () => {
    const text = [
      "import re, urllib.request",
      'SPEC = "https://api.runpod.io/v2/openapi.json"',
      'CLAIM = re.compile(r"(/v2/[A-Za-z0-9/_{}.-]*)")',
      'RULES = [("v2", "catalog", r"/v2/catalog/", "Already on REST v2.")]',
      'ABSENT = {"/v2/networkvolumes": "the 404 it replaced", "/v2/openapi": "the document"}',
      "urllib.request.urlopen(SPEC, timeout=30)",
    ].join("\n");
    expect(readV2Calls(text, "hook.py").map((call) => call.path)).toEqual(["/v2/openapi.json"]);
  });
});

describe("readV2Calls: what is not a call", () => {
  const none: [string, string, string][] = [
    ["queue API /runsync", "a.py", 'requests.post(f"https://api.runpod.ai/v2/{endpoint_id}/runsync", json={"input": {}})'],
    ["queue API /run (fetch)", "a.ts", "fetch(`https://api.runpod.ai/v2/${id}/run`, { method: 'POST', body: '{}' });"],
    ["queue API /status", "a.sh", 'curl "https://api.runpod.ai/v2/$ID/status/$JOB"'],
    ["queue API /health on a constant", "a.py", 'QUEUE = "https://api.runpod.ai/v2"\nrequests.get(f"{QUEUE}/{endpoint_id}/health")'],
    ["queue-shaped path on a bare /v2", "a.py", 'HOST = "https://api.runpod.io"\nrequests.post(f"/v2/{endpoint_id}/runsync", json={})'],
    ["queue API's old host: api.runpod.io/v2/{endpoint}/run", "a.sh", "curl -X POST https://api.runpod.io/v2/$ENDPOINT_ID/run -d '{\"input\": {}}'"],
    ["queue API's old host with a literal endpoint id", "a.py", 'requests.get("https://api.runpod.io/v2/abc123xyz/status/job-1")'],
    [
      "the queue API's endpoint URL held in a variable, on the old host",
      "a.py",
      'url = f"https://api.runpod.io/v2/{endpoint_id}"\nrequests.post(url, json={"input": {}})',
    ],
    ["the queue API's OpenAI-compatible route", "a.ts", 'fetch("https://api.runpod.io/v2/abc123xyz/openai/v1/chat/completions", { method: "POST" });'],
    ["a test's name", "a.test.ts", "it('v2 → GET https://api.runpod.io/v2/serverless/{id}/workers, caps workers', async () => {});"],
    ["a log line", "a.py", 'logger.info("POST https://rest.runpod.io/v2/pods failed")'],
    ["GraphQL POST", "a.py", 'requests.post("https://api.runpod.io/graphql", json={"query": "{ myself { id } }"})'],
    ["another host's /v2", "a.ts", 'fetch("https://api.example.com/v2/pods");'],
    ["a v1 call", "a.py", 'requests.get("https://rest.runpod.io/v1/pods")'],
    ["a base constant alone", "a.py", 'BASE = "https://rest.runpod.io/v2"'],
    ["a bare /v2 with no base around", "a.py", 'requests.get("/v2/pods")'],
    // Seen in public code (runpod-plugins-official hooks, runpod-mcp tests, objctp/runpod-cli's transport): none sends a request to a route.
    ["a glob of v2 URLs in a test's fake", "a.py", 'fake = {"https://api.runpod.io/v2/pods*": []}\nuse(fake)'],
    ["a whole path filled at run time, outside a request function", "a.test.ts", "assert.equal(b.base + b.list, `https://api.runpod.io/v2${list}`);"],
    ["a shell URL that is the base and a run-time path", "a.sh", 'base="https://api.runpod.io/v2"\ncurl -fsS "$base$path"'],
    ["Markdown: code blocks and prose are mentions", "README.md", fixture("README.md")],
    ["a Python docstring", "a.py", 'def f():\n    """Calls https://rest.runpod.io/v2/pods."""\n    return 1'],
  ];
  it.each(none)("%s", (_name, file, text) => {
    expect(readV2Calls(text, file)).toEqual([]);
  });

  it("a REST resource's path that ends like a queue operation is a (wrong) REST route, kept for the checks", () => {
    const text = 'requests.get("https://rest.runpod.io/v2/serverless/health")';
    expect(summary(readV2Calls(text, "a.py"))).toEqual(["GET /v2/serverless/health @1"]);
  });

  it("a curl command inside a string a shell runs is a call, at its URL, with curl's method", () => {
    const text = 'subprocess.run("curl -X DELETE https://rest.runpod.io/v2/pods/abc", shell=True)';
    const calls = readV2Calls(text, "a.py");
    expect(summary(calls)).toEqual(["DELETE /v2/pods/abc @1"]);
    expect(at(calls[0]!.at)).toEqual(where(text, "https://"));
    expect(calls[0]!.method?.certain).toBe(true);
  });

  it("v2-rest.runpod.io, which public clients use for the same API, is this API's v2 base", () => {
    const text = 'API = "https://v2-rest.runpod.io/v2"\nrequests.get(f"{API}/serverless/endpoints")';
    expect(summary(readV2Calls(text, "a.py"))).toEqual(["GET /v2/serverless/endpoints @2"]);
  });

  it("a bare /v2 path is a call where a base URL of this API is around, not where another API's v2 base is", () => {
    const text = 'requests.get("/v2/pods", params={"computeType": "GPU"})';
    const ours = [{ where: "this directory", bases: { v1: false, v2: true, restV2: true, ours: true } }];
    const theirs = [{ where: "this directory", bases: { v1: false, v2: true, otherV2: true } }];
    expect(summary(readV2Calls(text, "a.py", ours))).toEqual(["GET /v2/pods @1"]);
    expect(readV2Calls(text, "a.py", theirs)).toEqual([]);
  });

  it("a file that does not contain /v2 is not lexed", () => {
    const lexer = vi.spyOn(LEXERS, "python");
    try {
      expect(readV2Calls('requests.get("https://rest.runpod.io/v1/pods")\n'.repeat(50), "a.py")).toEqual([]);
      expect(lexer).not.toHaveBeenCalled();
      readV2Calls('requests.get("https://rest.runpod.io/v2/pods")', "a.py");
      expect(lexer).toHaveBeenCalledTimes(1);
    } finally {
      lexer.mockRestore();
    }
  });
});

describe("the fixtures are code their languages accept", () => {
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: FIXTURES, stdio: "pipe" });
  it("python3, node, bash and gofmt parse them", () => {
    run("python3", ["-c", "import ast, sys; ast.parse(open('client.py').read())"]);
    run(process.execPath, ["--check", "client.mjs"]);
    run("bash", ["-n", "client.sh"]);
    run("gofmt", ["-e", "client.go"]);
  });
});
