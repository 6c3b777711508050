// Issue 41, round thirteen: what a program reads back through a function that returns a v1 call's
// response, in the module of the call or in one that imports it (item 3 across modules).
//   - `def get_endpoint(id): return call("endpoints/" + id)` in runpod_api.py, and
//     `current = api.get_endpoint(x)` then `current.get("workersMax")` in deploy.py: the read is a
//     `v1-response-field` finding in deploy.py, tied to the call in runpod_api.py, and
//     `--unsafe-fixes` rewrites it when (and only when) that call is migrated in the same run.
//   - `for v in api.list_volumes()` and `[v["id"] for v in …]` read a list: v2's wrapper key is
//     read where the list is used.
//   - Only names bound by an import v2kit reads: a function of the same name in another module is
//     not the one returning the call's response.
//   - A value whose type is written as v1's answer (a TypeScript type argument, a declared return
//     type) is reported, not rewritten.
// Each fixed Python program is run with python3 against a stub `requests` that answers as v2 does.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { files, git, has, jsonLines, run, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-thirteen-");
const python = has("python3", ["--version"]);

interface Row {
  file: string;
  line: number;
  match: string;
  ruleId: string;
  notes: { level: string; message: string }[];
  responseField?: { v1: string; v2: string | null };
}

/** A stub `requests` answering as v2 does: an endpoint with `workers`, the volume list under `networkVolumes`, a pod with `status`. */
const V2_ANSWERS = `import json as _json, sys
class _Response:
    def __init__(self, method, url):
        self.method, self.url = method, url
    def raise_for_status(self):
        pass
    def json(self):
        if "/v1/" in self.url:
            raise RuntimeError("404: v1 is retired")
        tail = self.url.rsplit("/", 1)[-1]
        if self.url.endswith("/network-volumes"):
            return {"networkVolumes": [{"id": "vol1", "dataCenter": "EU-RO-1"}]}
        if "/serverless/" in self.url:
            return {"id": tail, "workers": {"min": 0, "max": 4}}
        return {"id": tail, "status": "RUNNING"}
def request(method, url, json=None, **kwargs):
    sys.stderr.write(method + " " + url + "\\n")
    return _Response(method, url)
def get(url, **kwargs):
    return request("GET", url, **kwargs)
`;

const API = `import requests

BASE = "https://rest.runpod.io/v1"


def call(path, method="GET"):
    r = requests.request(method, BASE + "/" + path, timeout=10)
    r.raise_for_status()
    return r.json()


def list_volumes():
    return call("networkvolumes")


def get_endpoint(endpoint_id):
    return call("endpoints/" + endpoint_id)


def get_pod(pod_id):
    return call("pods/%s" % pod_id)


def pod_running(pod_id):
    return get_pod(pod_id)["desiredStatus"] == "RUNNING"
`;

const DEPLOY = `import runpod_api as api
from runpod_api import get_endpoint as endpoint_of, list_volumes


def report():
    ids = [v["id"] for v in api.list_volumes()]
    for volume in list_volumes():
        print(volume["dataCenterId"])
    current = api.get_endpoint("ep1")
    print(ids, current.get("workersMax"), endpoint_of("ep2")["workersMin"], api.pod_running("p1"))
`;

/** Another module with a function of the same name, which returns something else. */
const OTHER = `def get_endpoint(name):
    return {"workersMax": 1, "name": name}
`;

const USES_OTHER = `import other


def limit():
    return other.get_endpoint("x")["workersMax"]
`;

const runPython = (dir: string, program: string) => spawnSync("python3", ["-B", "-c", program], { cwd: dir, encoding: "utf8" });

describe.skipIf(!python)("reads through a function that returns a v1 call's response", () => {
  it("are reported in the module that reads them, tied to the call, with the function and the call's place", () => {
    const dir = scratch({ "runpod_api.py": API, "deploy.py": DEPLOY, "other.py": OTHER, "uses_other.py": USES_OTHER });
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).filter((row) => row.ruleId === "v1-response-field");
    const shown = rows.map((row) => `${row.file.replace(/^.*\//, "")}:${row.line} ${row.responseField?.v1} → ${row.responseField?.v2}`);
    expect(shown).toEqual([
      "runpod_api.py:25 desiredStatus → status",
      "deploy.py:6 […] → networkVolumes",
      "deploy.py:7 […] → networkVolumes",
      "deploy.py:8 dataCenterId → dataCenter",
      "deploy.py:10 workersMax → workers.max",
      "deploy.py:10 workersMin → workers.min",
    ]);
    const workersMax = rows.find((row) => row.responseField?.v1 === "workersMax");
    expect(workersMax?.notes[0]?.message).toContain("the value of `get_endpoint(…)`, which returns the response of the call at runpod_api.py:17");
    // `other.get_endpoint` is not runpod_api's: nothing in uses_other.py is reported.
    expect(rows.some((row) => row.file.endsWith("uses_other.py"))).toBe(false);
  });

  it("--unsafe-fixes rewrites them with their calls, across modules: the program that failed now reads v2's answers", () => {
    const dir = scratch({ "runpod_api.py": API, "deploy.py": DEPLOY, "requests.py": V2_ANSWERS });
    // Before: the v1 routes fail.
    expect(runPython(dir, "import deploy; deploy.report()").stderr).toContain("404: v1 is retired");
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    const deploy = readFileSync(join(dir, "deploy.py"), "utf8");
    expect(deploy).toContain('ids = [v["id"] for v in api.list_volumes()["networkVolumes"]]');
    expect(deploy).toContain('for volume in list_volumes()["networkVolumes"]:');
    expect(deploy).toContain('print(volume["dataCenter"])');
    expect(deploy).toContain('current.get("workers", {}).get("max"), endpoint_of("ep2")["workers"]["min"]');
    expect(readFileSync(join(dir, "runpod_api.py"), "utf8")).toContain('return get_pod(pod_id)["status"] == "RUNNING"');
    const after = runPython(dir, "import deploy; deploy.report()");
    expect(after.stdout).toBe("EU-RO-1\n['vol1'] 4 0 True\n");
    expect(after.stderr.split("\n").filter(Boolean)).toEqual([
      "GET https://api.runpod.io/v2/network-volumes",
      "GET https://api.runpod.io/v2/network-volumes",
      "GET https://api.runpod.io/v2/serverless/ep1",
      "GET https://api.runpod.io/v2/serverless/ep2",
      "GET https://api.runpod.io/v2/pods/p1",
    ]);
    // A second run changes nothing.
    const once = files(dir);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 0 calls in 0 files");
    expect(files(dir)).toEqual(once);
  });

  it("--diff --unsafe-fixes gives both modules' changes in one patch that git apply takes, the same as --fix writes", () => {
    const tree = { "runpod_api.py": API, "deploy.py": DEPLOY };
    const diffed = scratch(tree);
    const patch = run(diffed, ["--diff", "--unsafe-fixes"]).stdout;
    expect(patch.match(/^\+\+\+ b\/.*$/gm)).toEqual(["+++ b/runpod_api.py", "+++ b/deploy.py"]);
    git(diffed, "init", "-q");
    writeFileSync(join(diffed, "fix.patch"), patch);
    expect(git(diffed, "apply", "fix.patch").status).toBe(0);
    const written = scratch(tree);
    run(written, ["--fix", "--unsafe-fixes"]);
    expect(readFileSync(join(diffed, "deploy.py"), "utf8")).toBe(readFileSync(join(written, "deploy.py"), "utf8"));
    expect(readFileSync(join(diffed, "runpod_api.py"), "utf8")).toBe(readFileSync(join(written, "runpod_api.py"), "utf8"));
  });

  it("a read moves only with its call: --fix leaves both modules' reads, and a call left as v1 keeps its readers' v1 reads", () => {
    const dir = scratch({ "runpod_api.py": API, "deploy.py": DEPLOY });
    const safe = jsonLines<Row>(run(dir, ["--fix", "--format", "json"]).stdout).filter((row) => row.file.endsWith("deploy.py"));
    // Its code as it was; above each read, the `v2kit:` comment that keeps it reported once its call is v2 (marker.ts).
    const written = readFileSync(join(dir, "deploy.py"), "utf8");
    expect(written.replace(/^[ \t]*# v2kit: .*\n/gm, "")).toBe(DEPLOY);
    expect(written.match(/# v2kit: /g)?.length).toBe(5);
    expect(
      jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).filter(
        (row) => row.ruleId === "v1-response-field" && row.file.endsWith("deploy.py"),
      ).length,
    ).toBe(5);
    expect(safe.length).toBe(5);
    expect(safe.every((row) => row.notes.some((note) => note.message.includes("not fixed: a read of the response changes with its call")))).toBe(true);

    // The client's base cannot move (a path through it names no v1 route), so no call moves, even with --unsafe-fixes:
    // every reader stays v1, and says why.
    const stuck = API.replace('return call("endpoints/" + endpoint_id)', 'return call("endpoints/" + endpoint_id + "/unknown-action")');
    const other = scratch({ "runpod_api.py": stuck, "deploy.py": DEPLOY });
    const unsafe = jsonLines<Row>(run(other, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout).filter((row) => row.file.endsWith("deploy.py"));
    expect(readFileSync(join(other, "deploy.py"), "utf8")).toBe(DEPLOY);
    expect(unsafe.length).toBe(3);
    expect(unsafe.every((row) => row.notes.some((note) => note.message.includes("not fixed: its call is not fixed")))).toBe(true);
  });
});

const CLASS_CLIENT = `import requests


class RunpodClient:
    def __init__(self, base="https://rest.runpod.io/v1"):
        self.base = base

    def _request(self, method, path):
        r = requests.request(method, self.base + path, timeout=10)
        r.raise_for_status()
        return r.json()

    def get_pod(self, pod_id):
        return self._request("GET", f"/pods/{pod_id}")

    def is_running(self, pod_id):
        return self.get_pod(pod_id)["desiredStatus"] == "RUNNING"
`;

const CLASS_USER = `from runpod_client import RunpodClient


class Watcher:
    def __init__(self):
        self.client = RunpodClient()

    def state(self, pod_id):
        return self.client.get_pod(pod_id)["desiredStatus"]


def report(pod_id):
    client = RunpodClient()
    pod = client.get_pod(pod_id)
    print(pod.get("desiredStatus"), Watcher().state(pod_id), client.is_running(pod_id))


class Other:
    def get_pod(self, pod_id):
        return {"desiredStatus": "mine"}


def unrelated():
    return Other().get_pod("x")["desiredStatus"]
`;

describe.skipIf(!python)("reads through a method of a Python client class", () => {
  it("are followed on its instances (a name, self.client, self in the class), never on another class's method of the same name", () => {
    const dir = scratch({ "runpod_client.py": CLASS_CLIENT, "use.py": CLASS_USER, "requests.py": V2_ANSWERS });
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).filter((row) => row.ruleId === "v1-response-field");
    expect(rows.map((row) => `${row.file.replace(/^.*\//, "")}:${row.line} ${row.match}`)).toEqual([
      'runpod_client.py:17 ["desiredStatus"]',
      'use.py:9 ["desiredStatus"]',
      'use.py:15 .get("desiredStatus")',
    ]);
    expect(runPython(dir, "import use; use.report('p1')").stderr).toContain("404: v1 is retired");
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 1 call in 2 files; 0 calls left");
    const after = runPython(dir, "import use; use.report('p1')");
    expect(after.stdout).toBe("RUNNING RUNNING True\n");
    expect(readFileSync(join(dir, "use.py"), "utf8")).toContain('return Other().get_pod("x")["desiredStatus"]');
  });
});

const JS_CLIENT = `const BASE = "https://rest.runpod.io/v1";

async function call(method, path) {
  const response = await fetch(BASE + path, { method });
  return response.json();
}

export const pods = {
  get: (id) => call("GET", \`/pods/\${id}\`),
  list: () => call("GET", "/pods"),
};

export async function getEndpoint(id) {
  return call("GET", \`/endpoints/\${id}\`);
}
`;

const JS_MAIN = `import { getEndpoint as endpointOf, pods } from "./client.mjs";
import * as client from "./client.mjs";

const pod = await pods.get("p1");
const all = await client.pods.list();
const endpoint = await endpointOf("e1");
console.log(pod.desiredStatus, all.map((p) => p.id).length, endpoint.workersMax);
`;

describe("reads through a JavaScript function that returns a v1 call's response", () => {
  it("are followed through named and namespace imports, and --unsafe-fixes rewrites them; the fixed program reads v2's answers", () => {
    const dir = scratch({ "client.mjs": JS_CLIENT, "main.mjs": JS_MAIN });
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).filter((row) => row.ruleId === "v1-response-field");
    expect(rows.map((row) => `${row.file.replace(/^.*\//, "")}:${row.line} ${row.match}`)).toEqual([
      "main.mjs:7 .desiredStatus",
      "main.mjs:7 all",
      "main.mjs:7 .workersMax",
    ]);
    run(dir, ["--fix", "--unsafe-fixes"]);
    expect(readFileSync(join(dir, "main.mjs"), "utf8")).toContain("console.log(pod.status, all.pods.map((p) => p.id).length, endpoint.workers.max);");
    // Run against a fetch that answers as v2 does.
    const program = [
      "globalThis.fetch = async (url) => {",
      "  const u = String(url);",
      "  if (u.includes('/v1/')) return new Response('not found', { status: 404 });",
      "  const body = u.endsWith('/pods') ? { pods: [{ id: 'p1' }] } : u.includes('/serverless/') ? { workers: { max: 3 } } : { status: 'RUNNING' };",
      "  return new Response(JSON.stringify(body));",
      "};",
      "await import('./main.mjs');",
    ].join("\n");
    const ran = spawnSync(process.execPath, ["--input-type=module", "-e", program], { cwd: dir, encoding: "utf8" });
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toBe("RUNNING 1 3\n");
  });

  it("a value typed as v1's answer (a type argument, a declared return type) is reported through the function; a model used elsewhere is not changed", () => {
    const client = [
      'const BASE = "https://rest.runpod.io/v1";',
      "export interface Pod {",
      "  id: string;",
      "  desiredStatus: string;",
      "}",
      "async function send<T>(method: string, path: string): Promise<T> {",
      "  const response = await fetch(BASE + path, { method });",
      "  return (await response.json()) as T;",
      "}",
      "export const pods = {",
      '  get: (id: string) => send<Pod>("GET", `/pods/${id}`),',
      "};",
      "export function getEndpoint(id: string): Promise<{ workersMax: number }> {",
      '  return send("GET", `/endpoints/${id}`);',
      "}",
      "",
    ].join("\n");
    const main = [
      'import { getEndpoint, pods, type Pod } from "./client.js";',
      "export const label = (pod: Pod): string => pod.id;",
      "export async function show(): Promise<string> {",
      '  const pod = await pods.get("p1");',
      '  const endpoint = await getEndpoint("e1");',
      '  return [pod.desiredStatus, endpoint.workersMax].join(" ");',
      "}",
      "",
    ].join("\n");
    const dir = scratch({ "client.ts": client, "main.ts": main });
    const rows = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).filter((row) => row.ruleId === "v1-response-field");
    expect(rows.map((row) => row.responseField?.v1)).toEqual(["desiredStatus", "workersMax"]);
    for (const row of rows) expect(row.notes[0]?.message).toContain("the value's type is written as v1's answer");
    const left = jsonLines<Row>(run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout).filter((row) => row.ruleId === "v1-response-field");
    expect(left.length).toBe(2);
    for (const row of left) expect(row.notes.at(-1)?.message).toContain("not fixed: the value's type is written as v1's answer");
    // Its code as it was, each read marked with a `v2kit:` comment (marker.ts).
    const written = readFileSync(join(dir, "main.ts"), "utf8");
    expect(written.replace(/^[ \t]*\/\/ v2kit: .*\n/gm, "")).toBe(main);
    expect(written.match(/\/\/ v2kit: /g)?.length).toBe(2);
    // `Pod` is also main.ts's: changing it would change code v2kit does not migrate.
    expect(readFileSync(join(dir, "client.ts"), "utf8")).toContain("  desiredStatus: string;");
  });
});

/** A TypeScript client whose calls are typed by its own models of v1's answers. */
const TS_MODELS = [
  'const BASE = "https://rest.runpod.io/v1";',
  "",
  "export interface Endpoint {",
  "  id: string;",
  "  templateId: string;",
  "  workersMin: number;",
  "  workersMax?: number;",
  "}",
  "",
  "export interface Pod {",
  "  id: string;",
  '  desiredStatus: "RUNNING" | "EXITED";',
  "}",
  "",
  "async function send<T>(method: string, path: string): Promise<T> {",
  "  const response = await fetch(BASE + path, { method });",
  "  return (await response.json()) as T;",
  "}",
  "",
  "export const endpoints = {",
  '  get: (id: string) => send<Endpoint>("GET", `/endpoints/${id}`),',
  '  list: () => send<Endpoint[]>("GET", "/endpoints"),',
  "};",
  "",
  "export const pods = {",
  '  get: (id: string) => send<Pod>("GET", `/pods/${id}`),',
  "};",
  "",
].join("\n");

const TS_MAIN = [
  'import { endpoints, pods } from "./client.js";',
  "",
  "export async function show(): Promise<string> {",
  '  const endpoint = await endpoints.get("e1");',
  "  const all = await endpoints.list();",
  '  const pod = await pods.get("p1");',
  '  const ready = pod.desiredStatus === "RUNNING";',
  '  const ids = all.map((e) => e.id).join(",");',
  "  return `${endpoint.workersMin} ${endpoint.templateId} ${ids} ${ready}`;",
  "}",
  "",
].join("\n");

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: [], noEmit: true },
});
const TSC = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
const typeCheck = (dir: string) => spawnSync(process.execPath, [TSC, "-p", dir], { encoding: "utf8" });

describe("a TypeScript model of v1's answer", () => {
  it("changes to v2's shape with its calls and every read of them, and the project still type-checks", () => {
    const dir = scratch({ "client.ts": TS_MODELS, "main.ts": TS_MAIN, "tsconfig.json": TSCONFIG, "package.json": '{"type":"module"}' });
    expect(typeCheck(dir).stdout).toBe("");
    const fixed = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stderr).toContain("fixed 3 calls in 2 files; 0 calls left, 1 read of v1 response fields left");
    const client = readFileSync(join(dir, "client.ts"), "utf8");
    // Nested members become one, in the first one's place, with their types and optional marks; a member v2 has no
    // one place for stays; a renamed member is renamed; the list call is typed by v2's wrapper.
    expect(client).toContain("export interface Endpoint {\n  id: string;\n  templateId: string;\n  workers: { min: number; max?: number };\n}");
    expect(client).toContain('  status: "RUNNING" | "EXITED";');
    expect(client).toContain('list: () => send<{ endpoints: Endpoint[] }>("GET", "/serverless"),');
    const main = readFileSync(join(dir, "main.ts"), "utf8");
    expect(main).toContain('const ready = pod.status === "RUNNING";');
    expect(main).toContain('const ids = all.endpoints.map((e) => e.id).join(",");');
    expect(main).toContain("return `${endpoint.workers.min} ${endpoint.templateId} ${ids} ${ready}`;");
    expect(typeCheck(dir).stdout).toBe("");
    // The templateId read stays reported (v2's endpoint names no template); a second run changes nothing.
    const again = files(dir);
    run(dir, ["--fix", "--unsafe-fixes"]);
    expect(files(dir)).toEqual(again);
  });

  it.each([
    ["a changed member read in a way v2kit does not rewrite", ["${endpoint.workersMin} ", "${endpoint.workersMin ?? 0} "]],
    ["the list used in a way v2kit does not rewrite", ["${ids}", '${all.map((e) => e.id).join(",")}']],
    ["a changed member destructured", ["  const ready = ", "  const { workersMin: low } = endpoint;\n  console.log(low);\n  const ready = "]],
  ])("is not changed when the code has %s: the reads stay reported, and the project still type-checks", (_, [from, to]) => {
    const main = TS_MAIN.replace(from as string, to as string);
    expect(main).not.toBe(TS_MAIN);
    const dir = scratch({ "client.ts": TS_MODELS, "main.ts": main, "tsconfig.json": TSCONFIG, "package.json": '{"type":"module"}' });
    const left = jsonLines<Row>(run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout).filter((row) => row.file.endsWith("main.ts"));
    expect(left.some((row) => row.notes.some((note) => note.message.includes("not fixed: the value's type is written as v1's answer")))).toBe(true);
    const client = readFileSync(join(dir, "client.ts"), "utf8");
    expect(client).toContain("  workersMin: number;");
    expect(client).toContain('send<Endpoint[]>("GET", "/serverless")');
    // The Pod model is independent: it changes with its own reads.
    expect(client).toContain('  status: "RUNNING" | "EXITED";');
    expect(typeCheck(dir).stdout).toBe("");
  });
});
