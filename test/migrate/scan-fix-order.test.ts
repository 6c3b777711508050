// Issue 41, item 2: a body `migrate scan --fix` writes back keeps the author's key order where the
// key survives, and its layout. A v2 key made from v1 fields stands where the first of them stood
// (`workers` where `workersMax` was, `max` before `min` when `workersMax` came first); an object
// carried whole keeps its own order (`env`); a member written on one line in a multi-line body
// stays on one line. Per language, the fixed file is compared whole, parsed by its own tools,
// run against a stub that prints what it sends, and what it sends lints valid; a second --fix
// changes nothing.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, pythonRequests, scanFix, scratchFolders } from "./scan-harness.js";

const python = has("python3", ["--version"]);
const bash = has("bash", ["--version"]);

const scratch = scratchFolders("v2kit-fix-order-");

/** `--fix` on `dir`: every call fixed, and a second run changes nothing. */
function fixAll(dir: string, names: string[], calls: number): Map<string, string> {
  const first = scanFix(dir);
  expect(first.stderr).toContain(`fixed ${calls} call${calls === 1 ? "" : "s"} in `);
  expect(first.stderr).toContain("; 0 calls left");
  const fixed = new Map(names.map((name) => [name, readFileSync(join(dir, name), "utf8")]));
  expect(scanFix(dir).stderr).toContain("fixed 0 calls in 0 files");
  for (const name of names) expect(readFileSync(join(dir, name), "utf8")).toBe(fixed.get(name));
  return fixed;
}

const REQUESTS_STUB = `import json as _json, sys
def _verb(method):
    def send(url, json=None, **kwargs):
        sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")
    return send
get, post, patch, delete = _verb("GET"), _verb("POST"), _verb("PATCH"), _verb("DELETE")
`;

/** Runs the ES module `file` in `dir` with a stub `fetch`, awaiting `call` of it: the requests it made. */
function nodeSends(dir: string, file: string, call: string): { method: string; url: string; body: unknown }[] {
  const script = `const sent = []; globalThis.fetch = async (url, o) => { sent.push({ method: o.method, url, body: JSON.parse(o.body) }); return {}; };
const m = await import(${JSON.stringify(`./${file}`)}); await m.${call}; console.log(JSON.stringify(sent));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as { method: string; url: string; body: unknown }[];
}

const PY = `import requests

API = "https://rest.runpod.io/v1"


def scale(endpoint_id, low):
    return requests.post(f"{API}/endpoints/{endpoint_id}/update", json={"workersMax": 3, "name": "worker", "workersMin": low, "idleTimeout": 5})


def create(name):
    return requests.post(
        f"{API}/pods",
        json={
            "name": name,
            "imageName": "runpod/worker:2",
            "gpuTypeIds": ["NVIDIA A40"],
            "gpuCount": 1,
            "env": {"ZETA": "1", "ALPHA": "2"},
            "ports": ["8888/http", "22/tcp"],
            "containerDiskInGb": 20,
            "cloudType": "SECURE",
        },
    )
`;

const PY_FIXED = `import requests

API = "https://api.runpod.io/v2"


def scale(endpoint_id, low):
    return requests.patch(f"{API}/serverless/{endpoint_id}", json={"workers": {"max": 3, "min": low, "idleTimeout": 5}, "name": "worker"})


def create(name):
    return requests.post(
        f"{API}/pods",
        json={
            "name": name,
            "image": "runpod/worker:2",
            "gpu": {
                "id": "NVIDIA A40",
                "count": 1,
            },
            "env": {"ZETA": "1", "ALPHA": "2"},
            "ports": ["8888/http", "22/tcp"],
            "disk": 20,
            "cloud": "SECURE",
        },
    )
`;

describe.skipIf(!python)("Python: a dict keeps its key order and layout", () => {
  it("one line stays one line, a multi-line dict keeps its indentation, trailing commas and one-line members", () => {
    const dir = scratch({ "requests.py": REQUESTS_STUB, "client.py": PY });
    const fixed = fixAll(dir, ["client.py"], 2);
    expect(fixed.get("client.py")).toBe(PY_FIXED);
    expect(spawnSync("python3", ["-m", "py_compile", join(dir, "client.py")], { encoding: "utf8" }).stderr).toBe("");
    const sent = pythonRequests(dir, "client.scale('e1', 1); client.create('w')") as { body: unknown }[];
    // The order sent is the order written.
    expect(sent.map((request) => JSON.stringify(request.body))).toEqual([
      '{"workers":{"max":3,"min":1,"idleTimeout":5},"name":"worker"}',
      '{"name":"w","image":"runpod/worker:2","gpu":{"id":"NVIDIA A40","count":1},"env":{"ZETA":"1","ALPHA":"2"},"ports":["8888/http","22/tcp"],"disk":20,"cloud":"SECURE"}',
    ]);
    expectLintsValid("updateEndpoint", sent[0]?.body);
    expectLintsValid("createPod", sent[1]?.body);
  });
});

const MJS = `export async function create(name) {
  return fetch("https://rest.runpod.io/v1/pods", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name,
      imageName: "runpod/worker:2",
      env: { ZETA: "1", ALPHA: "2" },
      gpuCount: 1,
      gpuTypeIds: ["NVIDIA A40"]
    }),
  });
}
`;

const MJS_FIXED = `export async function create(name) {
  return fetch("https://api.runpod.io/v2/pods", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name,
      image: "runpod/worker:2",
      env: { ZETA: "1", ALPHA: "2" },
      gpu: {
        count: 1,
        id: "NVIDIA A40"
      }
    }),
  });
}
`;

const TS = `export async function scale(id: string, low: number): Promise<Response> {
  return fetch(\`https://rest.runpod.io/v1/endpoints/\${id}/update\`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ workersMax: 3, name: "worker", workersMin: low }) });
}
`;

const TS_FIXED = `export async function scale(id: string, low: number): Promise<Response> {
  return fetch(\`https://api.runpod.io/v2/serverless/\${id}\`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ workers: { max: 3, min: low }, name: "worker" }) });
}
`;

describe("JavaScript and TypeScript: an object literal keeps its key order and layout", () => {
  it("shorthand and padding kept, no trailing comma added, a one-line member stays one line", () => {
    const dir = scratch({ "client.mjs": MJS, "client.ts": TS });
    const fixed = fixAll(dir, ["client.mjs", "client.ts"], 2);
    expect(fixed.get("client.mjs")).toBe(MJS_FIXED);
    expect(fixed.get("client.ts")).toBe(TS_FIXED);
    expect(spawnSync(process.execPath, ["--check", join(dir, "client.mjs")], { encoding: "utf8" }).stderr).toBe("");
    const compiled = ts.transpileModule(fixed.get("client.ts") as string, {
      reportDiagnostics: true,
      fileName: "client.ts",
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    expect(compiled.diagnostics ?? []).toEqual([]);
    writeFileSync(join(dir, "compiled.mjs"), compiled.outputText);
    const [created] = nodeSends(dir, "client.mjs", 'create("w")');
    const [scaled] = nodeSends(dir, "compiled.mjs", 'scale("e1", 1)');
    expect(JSON.stringify(created?.body)).toBe('{"name":"w","image":"runpod/worker:2","env":{"ZETA":"1","ALPHA":"2"},"gpu":{"count":1,"id":"NVIDIA A40"}}');
    expect(JSON.stringify(scaled?.body)).toBe('{"workers":{"max":3,"min":1},"name":"worker"}');
    expectLintsValid("createPod", created?.body);
    expectLintsValid("updateEndpoint", scaled?.body);
  });
});

const SH = `curl -s -X POST "https://rest.runpod.io/v1/endpoints/$ID/update" -H "Content-Type: application/json" -d '{"workersMax": 3, "name": "worker", "idleTimeout": 5}'
curl -s -X POST "https://rest.runpod.io/v1/endpoints/$ID/update" -H "Content-Type: application/json" -d "{\\"workersMax\\": \${MAX}, \\"name\\": \\"$NAME\\", \\"workersMin\\": 1}"
`;

const SH_FIXED = `curl -s -X PATCH "https://api.runpod.io/v2/serverless/$ID" -H "Content-Type: application/json" -d '{"workers": {"max": 3, "idleTimeout": 5}, "name": "worker"}'
curl -s -X PATCH "https://api.runpod.io/v2/serverless/$ID" -H "Content-Type: application/json" -d "{\\"workers\\": {\\"max\\": \${MAX}, \\"min\\": 1}, \\"name\\": \\"$NAME\\"}"
`;

describe.skipIf(!bash)("shell: the JSON of a curl -d word keeps its key order", () => {
  it("single- and double-quoted words; bash sends the bodies in that order, and they lint valid", () => {
    const dir = scratch({ "scale.sh": SH });
    const fixed = fixAll(dir, ["scale.sh"], 2);
    expect(fixed.get("scale.sh")).toBe(SH_FIXED);
    expect(spawnSync("bash", ["-n", join(dir, "scale.sh")], { encoding: "utf8" }).stderr).toBe("");
    const script = `curl() { while [ $# -gt 0 ]; do if [ "$1" = -d ]; then printf '%s\\n' "$2"; shift; fi; shift; done; }; ID=e1 MAX=4 NAME=w; source ./scale.sh`;
    const sent = spawnSync("bash", ["-c", script], { cwd: dir, encoding: "utf8" });
    expect(sent.stderr).toBe("");
    const bodies = sent.stdout.trim().split("\n");
    expect(bodies).toEqual(['{"workers": {"max": 3, "idleTimeout": 5}, "name": "worker"}', '{"workers": {"max": 4, "min": 1}, "name": "w"}']);
    for (const body of bodies) expectLintsValid("updateEndpoint", JSON.parse(body));
  });
});

const PS = `function Set-Scale($Id, $Min) {
    $Body = @{
        workersMax = 3
        name = 'worker'
        workersMin = $Min
    }
    Invoke-RestMethod -Method Post -Uri "https://rest.runpod.io/v1/endpoints/$Id/update" -ContentType 'application/json' -Body ($Body | ConvertTo-Json)
    Invoke-RestMethod -Method Post -Uri "https://rest.runpod.io/v1/endpoints/$Id/update" -ContentType 'application/json' -Body '{"workersMax": 3, "name": "worker", "workersMin": 1}'
}
`;

const PS_FIXED = `function Set-Scale($Id, $Min) {
    $Body = @{
        workers = @{
            max = 3
            min = $Min
        }
        name = 'worker'
    }
    Invoke-RestMethod -Method Patch -Uri "https://api.runpod.io/v2/serverless/$Id" -ContentType 'application/json' -Body ($Body | ConvertTo-Json)
    Invoke-RestMethod -Method Patch -Uri "https://api.runpod.io/v2/serverless/$Id" -ContentType 'application/json' -Body '{"workers": {"max": 3, "min": 1}, "name": "worker"}'
}
`;

describe("PowerShell: a hashtable and a JSON string keep their key order", () => {
  it("the hashtable keeps its lines and indentation; the JSON string lints valid", () => {
    const dir = scratch({ "Scale.ps1": PS });
    expect(fixAll(dir, ["Scale.ps1"], 2).get("Scale.ps1")).toBe(PS_FIXED);
    expectLintsValid("updateEndpoint", JSON.parse('{"workers": {"max": 3, "min": 1}, "name": "worker"}'));
  });
});
