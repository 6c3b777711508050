// Issue 41, round twelve: what `--unsafe-fixes` may change that `--fix` may not, made the same for
// every way a call is written.
//   - A v1 expansion v2 serves at another route (`includeWorkers` on an endpoint) is dropped from
//     a literal query, as it already was from a query built at run time; a list filter or a switch
//     that lists other records (pods' `includeWorkers`) is never dropped.
//   - Without `--catalog`, an endpoint's `gpu.pools` come from the bundled catalog snapshot, and
//     the note says so; `--fix` alone still asks for `--catalog`; a given `--catalog` wins.
//   - What a call through a request function of the file reads back is its response (item 3, "the
//     request function's return"): `pod = self._request("GET", f"/pods/{id}")` then
//     `pod["desiredStatus"]` is a `v1-response-field` finding, rewritten with its call.
// Each fixed program is run with python3 against a stub `requests`, and what it sends is linted.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, jsonLines, pythonRequests, REQUESTS_STUB, run, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-twelve-");
const python = has("python3", ["--version"]);
const SNAPSHOT = (JSON.parse(readFileSync(new URL("../../schema/catalog/snapshot.json", import.meta.url), "utf8")) as { date: string }).date;

interface Note {
  level: string;
  field?: string;
  message: string;
}
interface Row {
  line: number;
  notes: Note[];
}

const WORKERS = `import requests

BASE = "https://rest.runpod.io/v1"


def endpoint_with_workers(endpoint_id):
    return requests.get(f"{BASE}/endpoints/{endpoint_id}?includeWorkers=true", timeout=10).json()


def pods_and_workers():
    return requests.get(f"{BASE}/pods?includeWorkers=true", timeout=10).json()
`;

const CREATE = `import requests

BASE = "https://rest.runpod.io/v1"


def create_endpoint(template_id):
    body = {"name": "e", "templateId": template_id, "gpuTypeIds": ["NVIDIA GeForce RTX 4090"], "workersMax": 2}
    return requests.post(f"{BASE}/endpoints", json=body, timeout=10).json()
`;

describe.skipIf(!python)("a literal query's v1 expansion", () => {
  it("--fix leaves it and says --unsafe-fixes drops it; --unsafe-fixes drops includeWorkers on an endpoint, never on pods", () => {
    const dir = scratch({ "client.py": WORKERS, "requests.py": REQUESTS_STUB });
    const safe = run(dir, ["--fix", "--format", "json"]);
    const endpoint = jsonLines<Row>(safe.stdout).find((row) => row.line === 7);
    expect(endpoint?.notes.map((note) => note.message).join("\n")).toContain(
      "--unsafe-fixes drops `includeWorkers` from the query, and the call no longer receives what it asked for",
    );
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(WORKERS);

    const unsafe = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file; 1 call left");
    const fixed = readFileSync(join(dir, "client.py"), "utf8");
    expect(fixed).toContain('requests.get(f"{BASE}/serverless/{endpoint_id}", timeout=10)');
    // Pods' includeWorkers also lists the pods that are workers: dropping it would answer other records.
    const pods = jsonLines<Row>(unsafe.stdout).filter((row) => row.line === 11);
    expect(pods.some((row) => row.notes.some((note) => note.level === "error" && note.field === "includeWorkers"))).toBe(true);
    expect(pythonRequests(dir, "client.endpoint_with_workers('ep1')")).toEqual([{ method: "GET", url: "https://api.runpod.io/v2/serverless/ep1", body: null }]);
    // A second run changes nothing.
    run(dir, ["--fix", "--unsafe-fixes"]);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(fixed);
  });
});

describe.skipIf(!python)("GPU pools of a migrated endpoint without --catalog", () => {
  it("--fix asks for --catalog; --unsafe-fixes takes the bundled snapshot's pools, names the snapshot, and the body it sends lints valid", () => {
    const dir = scratch({ "client.py": CREATE, "requests.py": REQUESTS_STUB });
    const safe = run(dir, ["--fix", "--format", "json"]);
    expect(safe.stdout).toContain("needs the GPU catalog to find pools: pass --catalog gpus.json");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(CREATE);

    // --diff says where the snapshot chose pools, beside the patch; --fix says it too, as it writes.
    const diff = run(dir, ["--diff", "--unsafe-fixes"]);
    expect(diff.stdout).toContain('+    body = {"name": "e", "templateId": template_id, "gpu": {"pools": ["ADA_24"], "excludedTypes": ["NVIDIA L4"]}');
    const said = `client.py:8:34: gpuTypeIds: pools "ADA_24", excluding "NVIDIA L4" select exactly the v1 types in the bundled catalog snapshot of ${SNAPSHOT} (no --catalog given): check them against \`GET /v2/catalog/gpus\`, or pass --catalog`;
    expect(diff.stderr).toContain(said);
    const unsafe = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    expect(unsafe.stderr).toContain(said);
    const [sent] = pythonRequests(dir, "client.create_endpoint('t1')") as { url: string; body: { gpu: { pools: string[] } } }[];
    expect(sent?.url).toBe("https://api.runpod.io/v2/serverless");
    expect(sent?.body.gpu.pools).toEqual(["ADA_24"]);
    expectLintsValid("createEndpoint", sent?.body);
  });

  it("a --catalog given wins over the snapshot, its pools carry no snapshot note, and --fix checks the fix against that catalog", () => {
    const dir = scratch({ "client.py": CREATE, "requests.py": REQUESTS_STUB });
    writeFileSync(join(dir, "gpus.json"), JSON.stringify({ gpus: [{ id: "NVIDIA GeForce RTX 4090", pool: "MY_POOL" }] }));
    const unsafe = run(dir, ["--fix", "--unsafe-fixes", "--catalog", "gpus.json", "--format", "json"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file");
    expect(unsafe.stdout).not.toContain("bundled catalog snapshot");
    const [sent] = pythonRequests(dir, "client.create_endpoint('t1')") as { body: { gpu: { pools: string[] } } }[];
    expect(sent?.body.gpu.pools).toEqual(["MY_POOL"]);
  });
});

/** A stub `requests` whose responses are v2's: a pod read answers `{"id": …, "status": "RUNNING"}`. */
const V2_ANSWERS = `import json as _json, sys
class _Response:
    def __init__(self, url):
        self.url = url
    def raise_for_status(self):
        pass
    def json(self):
        return {"id": self.url.rsplit("/", 1)[-1], "status": "RUNNING"}
def request(method, url, json=None, **kwargs):
    sys.stderr.write(method + " " + url + "\\n")
    return _Response(url)
`;

const THROUGH = `import json
import requests


class Pods:
    def __init__(self, base="https://rest.runpod.io/v1"):
        self.base = base

    def _request(self, method, path):
        r = requests.request(method, self.base + path, timeout=10)
        r.raise_for_status()
        return self._parse(r)

    def _parse(self, r):
        return json.loads(json.dumps(r.json()))

    def is_running(self, pod_id):
        pod = self._request("GET", f"/pods/{pod_id}")
        return pod["desiredStatus"] == "RUNNING"


def running(pod_id):
    return Pods().is_running(pod_id)
`;

describe.skipIf(!python)("what a call through a request function reads back", () => {
  it("is reported, and --unsafe-fixes rewrites it with its call: the fixed program reads v2's status", () => {
    const dir = scratch({ "client.py": THROUGH, "requests.py": V2_ANSWERS });
    const scanned = run(dir, ["--format", "json", "--fail-on", "none"]);
    const read = jsonLines<Row & { ruleId: string; responseField?: { v1: string; v2: string } }>(scanned.stdout).find(
      (row) => row.ruleId === "v1-response-field",
    );
    expect(read).toMatchObject({ line: 19, responseField: { v1: "desiredStatus", v2: "status" } });
    // Before: the v1 read of a v2 answer fails.
    const before = spawnSync("python3", ["-B", "-c", "import client; print(client.running('p1'))"], { cwd: dir, encoding: "utf8" });
    expect(before.stderr).toContain("KeyError: 'desiredStatus'");
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('return pod["status"] == "RUNNING"');
    const after = spawnSync("python3", ["-B", "-c", "import client; print(client.running('p1'))"], { cwd: dir, encoding: "utf8" });
    expect(after.stdout.trim()).toBe("True");
    expect(after.stderr).toBe("GET https://api.runpod.io/v2/pods/p1\n");
  });

  it("a request function that does not return the parsed body ties no read to the call", () => {
    const dir = scratch({ "client.py": THROUGH.replace("return self._parse(r)", "return r"), "requests.py": V2_ANSWERS });
    const rows = jsonLines<Row & { ruleId: string }>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(rows.some((row) => row.ruleId === "v1-response-field")).toBe(false);
  });

  it("a value typed as v1's answer (`restRequest<Pod[]>`) is reported, not rewritten: the rewrite would not type-check", () => {
    const client = [
      "interface Pod { id: string }",
      'const BASE = "https://rest.runpod.io/v1";',
      "async function restRequest<T>(method: string, path: string): Promise<T> {",
      "  const r = await fetch(`${BASE}${path}`, { method });",
      "  return (await r.json()) as T;",
      "}",
      "export async function listPods(): Promise<string[]> {",
      '  const pods = await restRequest<Pod[]>("GET", "/pods");',
      "  return pods.map((p) => p.id);",
      "}",
      "",
    ].join("\n");
    const dir = scratch({ "client.ts": client });
    const rows = jsonLines<Row & { ruleId: string }>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    const read = rows.find((row) => row.ruleId === "v1-response-field");
    expect(read?.notes[0]?.message).toContain("a type argument of the call");
    run(dir, ["--fix", "--unsafe-fixes"]);
    const fixed = readFileSync(join(dir, "client.ts"), "utf8");
    expect(fixed).toContain('const BASE = "https://api.runpod.io/v2";');
    expect(fixed).toContain("  return pods.map((p) => p.id);");
  });

  it("code that already reads v2's wrapper key beside its list test handles both answers, and is not reported", () => {
    const both = THROUGH.replace(
      '        pod = self._request("GET", f"/pods/{pod_id}")\n        return pod["desiredStatus"] == "RUNNING"',
      '        pods = self._request("GET", "/pods")\n        return pods if isinstance(pods, list) else pods.get("pods", [])',
    );
    expect(both).not.toBe(THROUGH);
    const dir = scratch({ "client.py": both });
    const rows = jsonLines<Row & { ruleId: string }>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(rows.map((row) => row.ruleId)).toEqual(["v1-call"]);
  });
});
