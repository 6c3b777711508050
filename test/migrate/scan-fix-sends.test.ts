// Issue 41, "wrong fixes" and item 2 ("everything a call sends"): what a call fixed by
// `migrate scan --fix --unsafe-fixes` (the CLI as a child process) sends, run the way the user
// runs it: python3 with a stub `requests` that prints each request, node with a stub `fetch` that
// builds the real `Request` (so the Content-Type is the one fetch would send), bash with a `curl`
// function that prints its `-d` word. Every body sent lints valid under the bundled schema and
// under the published v2 document (`lint --spec`), or the call is reported instead of fixed.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, expectLintsValid, has, PUBLISHED, pythonRequests, scanFix, scratchFolders } from "./scan-harness.js";

const python = has("python3", ["--version"]);

const scratch = scratchFolders("v2kit-fix-sends-");

const fix = (dir: string) => scanFix(dir, "--unsafe-fixes");

/** A `requests` module that prints each request (method, URL, JSON body, params), one JSON line each. */
const REQUESTS_STUB = `import json as _json, sys
def request(method, url, json=None, params=None, **kwargs):
    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json, "params": params}) + "\\n")
def _verb(method):
    return lambda url, **kwargs: request(method, url, **kwargs)
get, post, patch, delete = _verb("GET"), _verb("POST"), _verb("PATCH"), _verb("DELETE")
`;

function pythonSends(dir: string, call: string): { method: string; url: string; body: unknown }[] {
  const parsed = spawnSync("python3", ["-c", "import ast, sys; ast.parse(open('client.py').read())"], { cwd: dir, encoding: "utf8" });
  expect(parsed.stderr).toBe("");
  return pythonRequests(dir, call) as { method: string; url: string; body: unknown }[];
}

describe.skipIf(!python)("a literal passed to a request function (issue 41, wrong fixes)", () => {
  it("is migrated with the URL when the function sends that parameter as json=; the sent body is v2 and valid", () => {
    const dir = scratch({
      "requests.py": REQUESTS_STUB,
      "client.py": `import requests
ID = "abc123"
def call(method, url, body=None):
    return requests.request(method, url, json=body, headers={"Authorization": "Bearer x"})

def scale_down():
    call("PATCH", f"https://rest.runpod.io/v1/endpoints/{ID}", {"workersMax": 0})
`,
    });
    const result = fix(dir);
    expect(result.stderr).not.toContain("not fixed");
    const [sent] = pythonSends(dir, "client.scale_down()");
    expect(sent).toMatchObject({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/abc123", body: { workers: { max: 0 } } });
    expectLintsValid("updateEndpoint", sent?.body);
  });

  it("is reported, and the file left as it was, when the function does not send it as the JSON body", () => {
    const client = `import requests
ID = "abc123"
def call(method, url, query=None):
    return requests.request(method, url, params=query)

def scale_down():
    call("PATCH", f"https://rest.runpod.io/v1/endpoints/{ID}", {"workersMax": 0})
`;
    const dir = scratch({ "requests.py": REQUESTS_STUB, "client.py": client });
    const result = fix(dir);
    expect(result.stdout).toContain("client.py:7:");
    expect(result.stdout).toContain("not fixed: the literal passed to the request function may be the body it sends");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(client);
  });

  it("JavaScript: a literal passed to a function that JSON.stringify()s it is migrated", () => {
    const dir = scratch({
      "client.mjs": `async function api(method, url, payload) {
  return fetch(url, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
}
export const scale = (id) => api("PATCH", \`https://rest.runpod.io/v1/endpoints/\${id}\`, { workersMax: 2, workersMin: 1 });
`,
    });
    fix(dir);
    const [sent] = nodeSends(dir, "client.mjs", "scale('abc123')");
    expect(sent).toMatchObject({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/abc123", body: { workers: { max: 2, min: 1 } } });
    expectLintsValid("updateEndpoint", sent?.body);
  });
});

/** Runs the ES module with a stub fetch that builds the real Request: the Content-Type fetch would send. */
function nodeSends(dir: string, file: string, call: string): { method: string; url: string; body: unknown; contentType: string | null }[] {
  const checked = spawnSync(process.execPath, ["--check", file], { cwd: dir, encoding: "utf8" });
  expect(checked.stderr).toBe("");
  const script = `const sent = []; globalThis.fetch = async (url, o) => { const q = new Request(url, o); sent.push({ method: q.method, url: q.url, body: JSON.parse(await q.text()), contentType: q.headers.get("content-type") }); return {}; };
const m = await import(${JSON.stringify(`./${file}`)}); await m.${call}; console.log(JSON.stringify(sent));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as { method: string; url: string; body: unknown; contentType: string | null }[];
}

describe("a fixed fetch with a JSON body sends Content-Type: application/json (issue 41, item 2)", () => {
  it("added to the headers literal in its layout, or as a headers option; a Content-Type already there is kept", () => {
    const dir = scratch({
      "client.mjs": `const KEY = "k";
export async function scale(id) {
  return fetch(\`https://rest.runpod.io/v1/endpoints/\${id}\`, {
    method: "PATCH",
    headers: {
      Authorization: \`Bearer \${KEY}\`,
    },
    body: JSON.stringify({ workersMin: 1, workersMax: 3 }),
  });
}
export const bare = (id) => fetch(\`https://rest.runpod.io/v1/endpoints/\${id}\`, { method: "PATCH", body: JSON.stringify({ workersMin: 1 }) });
export const own = (id) => fetch(\`https://rest.runpod.io/v1/endpoints/\${id}\`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ workersMin: 1 }) });
`,
    });
    fix(dir);
    const text = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(text).toContain(`    headers: {\n      "Content-Type": "application/json",\n      Authorization: \`Bearer \${KEY}\`,\n    },`);
    for (const call of ["scale('e1')", "bare('e1')", "own('e1')"]) {
      const [sent] = nodeSends(dir, "client.mjs", call);
      expect(sent?.url).toBe("https://api.runpod.io/v2/serverless/e1");
      expect(sent?.contentType).toBe("application/json");
      expectLintsValid("updateEndpoint", sent?.body);
    }
    expect(text.match(/content-type/gi)?.length).toBe(3);
  });

  it("headers v2kit cannot read (a variable) leave the call reported, not fixed", () => {
    const client = `const H = { Authorization: "Bearer k" };
export const scale = (id) => fetch(\`https://rest.runpod.io/v1/endpoints/\${id}\`, { method: "PATCH", headers: H, body: JSON.stringify({ workersMin: 1 }) });
`;
    const dir = scratch({ "client.mjs": client });
    const result = fix(dir);
    expect(result.stdout).toContain("client.mjs:2:");
    expect(result.stdout).toContain("are built elsewhere: v2 needs `Content-Type: application/json`");
    expect(readFileSync(join(dir, "client.mjs"), "utf8")).toBe(client);
  });
});

describe.skipIf(!python)("a migrated pod body uses args and says where each field went (issue 41, wrong fixes)", () => {
  const client = `import requests
def create():
    requests.post("https://rest.runpod.io/v1/pods", json={"name": "p", "imageName": "a/b:1", "gpuTypeIds": ["NVIDIA L4"], "dockerStartCmd": ["python", "x.py"], "dockerEntrypoint": ["bash", "-c"], "volumeMountPath": "/data", "networkVolumeId": "nv1"}, headers={"Authorization": "Bearer x"})
`;

  it("sends args (the spec's JSON-object form), not cmd/entrypoint, valid under both documents", () => {
    const dir = scratch({ "requests.py": REQUESTS_STUB, "client.py": client });
    fix(dir);
    const [sent] = pythonSends(dir, "client.create()");
    const body = sent?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("cmd");
    expect(body).not.toHaveProperty("entrypoint");
    expect(JSON.parse(body.args as string)).toEqual({ entrypoint: ["bash", "-c"], cmd: ["python", "x.py"] });
    expectLintsValid("createPod", body);
  });

  it("the change list names the place the written body has: volumeMountPath under mounts.network", () => {
    const dir = scratch({ "client.py": client });
    const result = spawnSync(process.execPath, [CLI, "migrate", "scan", "--format", "json", "."], { cwd: dir, encoding: "utf8" });
    const finding = JSON.parse(result.stdout.trim().split("\n")[0] as string) as {
      body: { v1: Record<string, unknown>; v2: Record<string, unknown>; changes: { field: string; to: string | null }[] };
    };
    const to = Object.fromEntries(finding.body.changes.map((change) => [change.field, change.to]));
    expect(to.volumeMountPath).toBe("/mounts/network/0/path");
    expect(to.dockerStartCmd).toBe("/args");
    // Every place the list names holds a value in the written body.
    const at = (pointer: string) =>
      pointer
        .split("/")
        .slice(1)
        .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], finding.body.v2);
    for (const change of finding.body.changes) if (change.to !== null) expect({ change, value: at(change.to) }).not.toMatchObject({ value: undefined });
    expect(at("/mounts/network/0/path")).toBe("/data");
  });
});

describe("a shell number stays a number (issue 41, wrong fixes)", () => {
  it('-d "{\\"workersMin\\": ${WORKERS_MIN}}" sends {"workers": {"min": 3}} when bash runs the fixed script', () => {
    const dir = scratch({
      "scale.sh": `#!/bin/bash
curl -X PATCH "https://rest.runpod.io/v1/endpoints/$ID" -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d "{\\"workersMin\\": \${WORKERS_MIN}}"
`,
    });
    fix(dir);
    const syntax = spawnSync("bash", ["-n", "scale.sh"], { cwd: dir, encoding: "utf8" });
    expect(syntax.status).toBe(0);
    const script = `curl() { while [ $# -gt 0 ]; do case "$1" in -d) printf '%s\\n' "$2"; shift 2;; *) shift;; esac; done; }; ID=e1 KEY=k WORKERS_MIN=3; source ./scale.sh`;
    const result = spawnSync("bash", ["-c", script], { cwd: dir, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const body = JSON.parse(result.stdout) as unknown;
    expect(body).toEqual({ workers: { min: 3 } });
    expectLintsValid("updateEndpoint", body);
  });
});

/** The query parameter names the published v2 document declares for `GET path`. */
function publishedQuery(path: string): string[] {
  const doc = JSON.parse(readFileSync(PUBLISHED, "utf8")) as {
    paths: Record<string, { get: { parameters: ({ $ref: string } | { name: string; in: string })[] } }>;
    components: { parameters: Record<string, { name: string; in: string }> };
  };
  return (doc.paths[path]?.get.parameters ?? [])
    .map((param) => ("$ref" in param ? doc.components.parameters[param.$ref.split("/").pop() as string] : param))
    .filter((param) => param?.in === "query")
    .map((param) => param?.name as string);
}

describe.skipIf(!python)("query parameters renamed or dropped as the documents say (issue 41, item 2)", () => {
  it("endpointId becomes serverlessId, grouping=endpointId goes, each named; grouping=gpuTypeId is reported", () => {
    const client = `import requests
def serverless(eid):
    return requests.get(f"https://rest.runpod.io/v1/billing/endpoints?endpointId={eid}&grouping=endpointId&bucketSize=day", headers={"Authorization": "Bearer x"})
def by_gpu():
    return requests.get("https://rest.runpod.io/v1/billing/pods?grouping=gpuTypeId", headers={"Authorization": "Bearer x"})
`;
    const dir = scratch({ "requests.py": REQUESTS_STUB, "client.py": client });
    const scan = spawnSync(process.execPath, [CLI, "migrate", "scan", "--format", "json", "."], { cwd: dir, encoding: "utf8" });
    const first = JSON.parse(scan.stdout.split("\n")[0] as string) as { line: number; notes: { field?: string; message: string }[] };
    expect(first.line).toBe(3);
    expect(first.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "endpointId", message: expect.stringContaining("renamed `serverlessId`") }),
        expect.objectContaining({ field: "grouping", message: expect.stringContaining("query parameter dropped") }),
      ]),
    );
    const result = fix(dir);
    expect(result.stdout).toContain("client.py:5:");
    expect(result.stdout).toContain("not fixed: grouping: `grouping=gpuTypeId` has no v2 counterpart");
    const [sent] = pythonSends(dir, "client.serverless('ep1')");
    const url = new URL(sent?.url as string);
    expect(`${url.origin}${url.pathname}`).toBe("https://api.runpod.io/v2/billing/serverless");
    expect([...url.searchParams]).toEqual([
      ["serverlessId", "ep1"],
      ["bucketSize", "day"],
    ]);
    const takes = publishedQuery("/v2/billing/serverless");
    for (const key of url.searchParams.keys()) expect(takes).toContain(key);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('"https://rest.runpod.io/v1/billing/pods?grouping=gpuTypeId"');
  });
});
