// Issue 41, item 1: a body in a variable. `payload = {...}` then `requests.post(url, json=payload)`
// (or `data=json.dumps(payload)`), `const body = {...}` then `fetch(url, {body: JSON.stringify(body)})`
// or `axios.post(url, body)`: the literal is migrated in place when the variable is assigned once,
// from that literal, in the same function, and used only as that call's body. Otherwise (mutated,
// reassigned, used elsewhere) the call is reported and its URL is not moved, even with
// --unsafe-fixes: a v2 URL with a v1 body is refused (422), a wrong fix. Then a module constant
// used in f-strings by several functions (`BASE_URL = "…/v1"`) with one such call: --unsafe-fixes
// moves the base and reports that call (it fails as it did before); --fix leaves the script.
// The CLI runs as a child process; the fixed code runs as the user runs it (python3 with a stub
// `requests`, node with a stub `fetch` or `axios`), and every body it now sends lints valid under
// the bundled schema and the published v2 document.

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { expectLintsValid } from "./scan-harness.js";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const CLIENTS = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-variables-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const scan = (dir: string, ...flags: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", ...flags, "--format", "json", "."], { cwd: dir, encoding: "utf8" });

interface JsonFinding {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  notes: { message: string }[];
}

const findingsOf = (stdout: string): JsonFinding[] =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JsonFinding);

/** The "not fixed" note of the call finding at `line`. */
const notFixedAt = (stdout: string, line: number) =>
  findingsOf(stdout)
    .find((finding) => finding.line === line && finding.ruleId !== "v1-response-field")
    ?.notes.find((note) => note.message.startsWith("not fixed: "))?.message;

/** A `requests` module that prints each request (method, URL, JSON body from json= or data=), one JSON line each, and answers `{"id": "p1", "pods": []}`. */
const REQUESTS_STUB = `import json as _json, sys
class _Response:
    def raise_for_status(self):
        pass
    def json(self):
        return {"id": "p1", "pods": []}
def request(method, url, json=None, data=None, **kwargs):
    body = json if data is None else _json.loads(data)
    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": body}) + "\\n")
    return _Response()
def _verb(method):
    return lambda url, **kwargs: request(method, url, **kwargs)
get, post, patch, delete = _verb("GET"), _verb("POST"), _verb("PATCH"), _verb("DELETE")
`;

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Parses `file` with Python's own parser, then runs `code` with the stub `requests`: the requests it sends. */
function pythonSends(dir: string, file: string, code: string): Sent[] {
  const parsed = spawnSync("python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file], { cwd: dir, encoding: "utf8" });
  expect(parsed.stderr).toBe("");
  writeFileSync(join(dir, "requests.py"), REQUESTS_STUB);
  const ran = spawnSync("python3", ["-c", code], { cwd: dir, encoding: "utf8" });
  rmSync(join(dir, "requests.py"));
  rmSync(join(dir, "__pycache__"), { recursive: true, force: true });
  expect(ran.stderr).toBe("");
  return ran.stdout
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Sent);
}

describe.skipIf(!python)("Python: a body assigned once from a literal and sent once (issue 41, item 1)", () => {
  it("data=json.dumps(payload) is followed: --fix migrates the literal with the URL, and the request sent is valid v2", () => {
    const dir = scratch({
      "client.py": `import json
import requests

def scale(endpoint_id, most):
    payload = {"workersMin": 0, "workersMax": most}
    return requests.patch(f"https://rest.runpod.io/v1/endpoints/{endpoint_id}", data=json.dumps(payload), headers={"Content-Type": "application/json"})
`,
    });
    const fixed = scan(dir, "--fix");
    expect(findingsOf(fixed.stdout)).toEqual([]);
    const text = readFileSync(join(dir, "client.py"), "utf8");
    expect(text).toContain('    payload = {"workers": {"min": 0, "max": most}}\n');
    const [sent] = pythonSends(dir, "client.py", "import client; client.scale('e1', 3)");
    expect(sent).toEqual({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { max: 3, min: 0 } } });
    expectLintsValid("updateEndpoint", sent?.body);
  });

  it("json=payload in each of two functions, each with its own payload: both migrated, both valid", () => {
    const dir = scratch({
      "client.py": `import requests

def create(name):
    payload = {"name": name, "imageName": "runpod/pytorch", "gpuTypeIds": ["NVIDIA A40"]}
    return requests.post("https://rest.runpod.io/v1/pods", json=payload)

def scale(endpoint_id):
    payload = {"workersMax": 2}
    return requests.patch(f"https://rest.runpod.io/v1/endpoints/{endpoint_id}", json=payload)
`,
    });
    expect(findingsOf(scan(dir, "--fix").stdout)).toEqual([]);
    const [created, scaled] = pythonSends(dir, "client.py", "import client; client.create('p'); client.scale('e1')");
    expect(created).toMatchObject({ method: "POST", url: "https://api.runpod.io/v2/pods" });
    expectLintsValid("createPod", created?.body);
    expect(scaled).toMatchObject({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { max: 2 } } });
    expectLintsValid("updateEndpoint", scaled?.body);
  });

  it.each([
    ["changed through a nested key", `    payload["env"]["MODE"] = "train"\n`, "`payload` is also used at line 5"],
    ["handed to other code too", `    audit(payload)\n`, "`payload` is also used at line 5"],
    ["given a key v2 builds from several", `    payload["volumeInGb"] = 20\n`, "`volumeInGb`, set at line 5, is not one key in v2"],
    ["given a key set twice", `    payload["env"] = {}\n    payload["env"] = {"A": "1"}\n`, "`payload`'s key `env` is set more than once"],
    ["reassigned", `    if name == "big":\n        payload = {"name": name, "imageName": "runpod/pytorch:big"}\n`, "`payload` is assigned more than once"],
  ])("a payload %s: reported, and neither the body nor the URL changes, even with --unsafe-fixes", (_case, extra, why) => {
    const client = `import requests

def create(name):
    payload = {"name": name, "imageName": "runpod/pytorch"}
${extra}    return requests.post("https://rest.runpod.io/v1/templates", json=payload)
`;
    const dir = scratch({ "client.py": client });
    const left = scan(dir, "--fix", "--unsafe-fixes");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(client);
    const line = client.split("\n").findIndex((text) => text.includes("requests.post")) + 1;
    const note = notFixedAt(left.stdout, line);
    expect(note).toContain(why);
    expect(note).toMatch(/make it the v2 `createTemplate` body|set the v2 field there by hand/);
  });
});

/** Runs the ES module with stub `fetch` and `axios` that record each request: the real `Request` for fetch (its Content-Type). */
function nodeSends(dir: string, file: string, call: string): (Sent & { contentType?: string | null })[] {
  const checked = spawnSync(process.execPath, ["--check", file], { cwd: dir, encoding: "utf8" });
  expect(checked.stderr).toBe("");
  mkdirSync(join(dir, "node_modules", "axios"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "axios", "package.json"), JSON.stringify({ name: "axios", type: "module", exports: "./index.js" }));
  writeFileSync(
    join(dir, "node_modules", "axios", "index.js"),
    `const axios = { post: async (url, body) => { globalThis.sent.push({ method: "POST", url, body }); return { data: {} }; } };
export default axios;
`,
  );
  const script = `globalThis.sent = []; globalThis.fetch = async (url, o) => { const q = new Request(url, o); sent.push({ method: q.method, url: q.url, body: JSON.parse(await q.text()), contentType: q.headers.get("content-type") }); return { json: async () => ({}) }; };
const m = await import(${JSON.stringify(`./${file}`)}); await m.${call}; console.log(JSON.stringify(sent));`;
  const ran = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(ran.stderr).toBe("");
  // The last line: what the module itself prints (a `console.log` of the body) comes before it.
  return JSON.parse(ran.stdout.trim().split("\n").pop() ?? "") as (Sent & { contentType?: string | null })[];
}

describe("JavaScript: a body in a const (issue 41, item 1)", () => {
  const client = `import axios from "axios";
const BASE = "https://rest.runpod.io/v1";
const KEY = "k";

export async function scale(id, most) {
  const body = { workersMin: 0, workersMax: most };
  const res = await fetch(\`\${BASE}/endpoints/\${id}\`, { method: "PATCH", headers: { Authorization: \`Bearer \${KEY}\` }, body: JSON.stringify(body) });
  return res.json();
}

export async function createPod(name) {
  const pod = { name, imageName: "runpod/pytorch", gpuTypeIds: ["NVIDIA A40"] };
  const { data } = await axios.post(\`\${BASE}/pods\`, pod, { headers: { Authorization: \`Bearer \${KEY}\` } });
  return data;
}
`;

  it("fetch with JSON.stringify(body) and axios.post(url, body): migrated in place, sent as valid v2 JSON", () => {
    const dir = scratch({ "client.mjs": client });
    expect(findingsOf(scan(dir, "--fix").stdout).filter((finding) => finding.ruleId !== "v1-response-field")).toEqual([]);
    const [scaled] = nodeSends(dir, "client.mjs", "scale('e1', 3)");
    expect(scaled).toMatchObject({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", contentType: "application/json" });
    expectLintsValid("updateEndpoint", scaled?.body);
    const [created] = nodeSends(dir, "client.mjs", "createPod('p')");
    expect(created).toMatchObject({ method: "POST", url: "https://api.runpod.io/v2/pods" });
    expectLintsValid("createPod", created?.body);
  });

  it("a body with a member v2 moves deeper set after it is built (`body.workersMax = n`): reported, the file unchanged with --unsafe-fixes", () => {
    const mutated = `const KEY = "k";
export async function scale(id, most) {
  const body = { name: "w" };
  if (most) body.workersMax = most;
  const res = await fetch(\`https://rest.runpod.io/v1/endpoints/\${id}\`, { method: "PATCH", headers: { Authorization: \`Bearer \${KEY}\` }, body: JSON.stringify(body) });
  return res.json();
}
`;
    const dir = scratch({ "client.mjs": mutated });
    const left = scan(dir, "--fix", "--unsafe-fixes");
    expect(readFileSync(join(dir, "client.mjs"), "utf8")).toBe(mutated);
    expect(notFixedAt(left.stdout, 5)).toContain("`workersMax`, set at line 4, is not one key in v2 (it moves to `workers.max`)");
  });

  it("keys set after the literal that v2 renames (`body.imageName = image`, `body.dataCenterId = dc`): --fix renames them where they are set, and each branch sends valid v2", () => {
    const dir = scratch({
      "client.mjs": `const KEY = "k";
export async function createTemplate(name, image) {
  const body = { name, containerDiskInGb: 10 };
  if (image) body.imageName = image;
  console.log("creating", JSON.stringify(body));
  const res = await fetch("https://rest.runpod.io/v1/templates", { method: "POST", headers: { Authorization: \`Bearer \${KEY}\` }, body: JSON.stringify(body) });
  return res.json();
}

export async function createVolume(name, dc) {
  const body = { name, size: 50 };
  body.dataCenterId = dc;
  const res = await fetch("https://rest.runpod.io/v1/networkvolumes", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return res.json();
}
`,
    });
    expect(findingsOf(scan(dir, "--fix").stdout).filter((finding) => finding.ruleId !== "v1-response-field")).toEqual([]);
    const text = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(text).toContain("  const body = { name, disk: 10 };\n  if (image) body.image = image;\n");
    expect(text).toContain("  body.dataCenter = dc;\n");
    const [created] = nodeSends(dir, "client.mjs", "createTemplate('t', 'runpod/worker')");
    expect(created).toMatchObject({ method: "POST", url: "https://api.runpod.io/v2/templates", body: { name: "t", disk: 10, image: "runpod/worker" } });
    expectLintsValid("createTemplate", created?.body);
    const [volume] = nodeSends(dir, "client.mjs", "createVolume('v', 'EU-RO-1')");
    expect(volume).toMatchObject({ url: "https://api.runpod.io/v2/network-volumes", body: { name: "v", size: 50, dataCenter: "EU-RO-1" } });
    expectLintsValid("createNetworkVolume", volume?.body);
  });
});

describe.skipIf(!python)("Python: keys set after the literal, under an `if` (issue 41, item 2)", () => {
  it('kept and renamed keys (`data["name"] = name`, `data["dataCenterId"] = dc`) and a `print(json.dumps(data))`: --fix migrates the call, renames the key where it is set, and every branch sends valid v2', () => {
    const client = `import json
import requests

BASE = "https://rest.runpod.io/v1"

def create_volume(name, size, dc):
    data = {"name": name, "size": size}
    data["dataCenterId"] = dc
    print("volume:", json.dumps(data, indent=2))
    return requests.post(f"{BASE}/networkvolumes", json=data).json()

def update_volume(volume_id, name=None, size=None):
    data = {}
    if name is not None:
        data["name"] = name
    if size is not None:
        data['size'] = size
    return requests.patch(f"{BASE}/networkvolumes/{volume_id}", json=data).json()
`;
    const dir = scratch({ "client.py": client });
    expect(findingsOf(scan(dir, "--fix").stdout).filter((finding) => finding.ruleId !== "v1-response-field")).toEqual([]);
    const text = readFileSync(join(dir, "client.py"), "utf8");
    expect(text).toContain('    data = {"name": name, "size": size}\n    data["dataCenter"] = dc\n');
    expect(text).toContain("        data['size'] = size\n");
    const sent = pythonSends(
      dir,
      "client.py",
      "import client; client.create_volume('v', 50, 'EU-RO-1'); client.update_volume('nv1', name='w'); client.update_volume('nv1', size=80); client.update_volume('nv1', 'w', 90)",
    );
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "POST https://api.runpod.io/v2/network-volumes",
      "PATCH https://api.runpod.io/v2/network-volumes/nv1",
      "PATCH https://api.runpod.io/v2/network-volumes/nv1",
      "PATCH https://api.runpod.io/v2/network-volumes/nv1",
    ]);
    expect(sent[0]?.body).toEqual({ name: "v", size: 50, dataCenter: "EU-RO-1" });
    expectLintsValid("createNetworkVolume", sent[0]?.body);
    for (const request of sent.slice(1)) expectLintsValid("updateNetworkVolume", request.body);
  });

  it("a key set from a loop over other keys (`data[key] = value`): reported, nothing changes even with --unsafe-fixes", () => {
    const client = `import requests

def update_endpoint(endpoint_id, template_id, **kwargs):
    data = {"templateId": template_id}
    for key, value in kwargs.items():
        data[key] = value
    return requests.patch(f"https://rest.runpod.io/v1/endpoints/{endpoint_id}", json=data).json()
`;
    const dir = scratch({ "client.py": client });
    const left = scan(dir, "--fix", "--unsafe-fixes");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(client);
    expect(notFixedAt(left.stdout, 7)).toContain("`data` is also used at line 6");
  });
});

describe.skipIf(!python)("a module constant used in f-strings by several functions, with one call that cannot migrate (issue 41, item 1)", () => {
  const copy = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `v2kit-fix-variables-${name}-`));
    dirs.push(dir);
    cpSync(join(CLIENTS, name, "before"), dir, { recursive: true });
    return dir;
  };
  const script = "runpod_manager.py";
  const templateLine = (text: string) => text.split("\n").findIndex((line) => line.includes("/templates")) + 1;

  it("--unsafe-fixes: the base moves, the calls that can migrate send valid v2 requests, the queue call is untouched, and the template call says it fails as before", () => {
    const dir = copy("module-constant-unsafe");
    const before = readFileSync(join(dir, script), "utf8");
    const left = scan(dir, "--fix", "--unsafe-fixes");
    const after = readFileSync(join(dir, script), "utf8");
    expect(after).toContain('BASE_URL = "https://api.runpod.io/v2"\n');
    expect(after).toContain('f"https://api.runpod.ai/v2/{endpoint_id}/runsync"');
    const calls = findingsOf(left.stdout).filter((finding) => finding.ruleId !== "v1-response-field");
    expect(calls.map((finding) => `${finding.line} ${finding.v1.method} ${finding.v1.path}`)).toEqual([
      `${templateLine(before)} POST /templates/{template_id}/update`,
    ]);
    const note = calls[0]?.notes.find((each) => each.message.startsWith("not fixed: "))?.message;
    expect(note).toContain("`volumeInGb`, set at line");
    expect(note).toContain("so this call, left as written, fails as it did before (v1 was retired on 2026-11-15)");
    const sent = pythonSends(
      dir,
      script,
      "import runpod_manager as m; m.list_pods(); m.create_pod('trainer', 'NVIDIA A40'); m.scale_endpoint('ep1', 2); m.delete_pod('p1'); m.run_job('ep1', 'hi')",
    );
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "POST https://api.runpod.io/v2/pods",
      "PATCH https://api.runpod.io/v2/serverless/ep1",
      "DELETE https://api.runpod.io/v2/pods/p1",
      "POST https://api.runpod.ai/v2/ep1/runsync",
    ]);
    expectLintsValid("createPod", sent[1]?.body);
    expectLintsValid("updateEndpoint", sent[2]?.body);
    expect(sent[4]?.body).toEqual({ input: { prompt: "hi" } });
  });

  it("--fix: the script is left as it was, and each call says which call keeps the base v1", () => {
    const dir = copy("module-constant-safe");
    const before = readFileSync(join(dir, script), "utf8");
    const left = scan(dir, "--fix");
    expect(readFileSync(join(dir, script), "utf8")).toBe(before);
    const createLine = before.split("\n").findIndex((line) => line.includes('requests.post(f"{BASE_URL}/pods"')) + 1;
    expect(notFixedAt(left.stdout, createLine)).toContain(
      `\`BASE_URL\`, which is also the base of the call at line ${templateLine(before)}, which cannot be migrated with --fix: run with --unsafe-fixes`,
    );
  });
});
