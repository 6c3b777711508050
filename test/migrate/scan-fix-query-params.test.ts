// Issue 41, item 2: a Python call's query passed as `params=` (requests, httpx; a dict literal at
// the call or one assigned in the same function) is read as a query written in the URL: each name
// renamed, dropped or kept as the v1→v2 query table says, each change named in the finding's
// notes. `--fix` changes only what is exact; an expansion v2 serves at another route is dropped by
// `--unsafe-fixes` only; a dict v2kit cannot read stops the fix. The fixed client parses
// (python3 -m py_compile) and, run against stub `requests`/`httpx` modules that build the URL the
// way they do (urlencode), sends a query whose every name the published v2 operation declares.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { has, jsonLines, PUBLISHED, pythonRequests, run, scratchFolders } from "./scan-harness.js";

const tree = scratchFolders("v2kit-query-params-");
const python = has("python3", ["--version"]);

/** A `requests`/`httpx` stand-in: prints the URL the library would send (the params urlencoded onto it). */
const HTTP_STUB = `import json as _json, sys
from urllib.parse import urlencode
class _Response:
    def json(self):
        return {}
def get(url, params=None, **kwargs):
    sent = url + ("?" + urlencode(params) if params else "")
    sys.stdout.write(_json.dumps({"method": "GET", "url": sent}) + "\\n")
    return _Response()
`;

const CLIENT = [
  "import httpx",
  "import requests",
  "",
  'BASE = "https://rest.runpod.io/v1"',
  "",
  "",
  "def costs(endpoint_id, key):",
  "    return requests.get(",
  '        f"{BASE}/billing/endpoints",',
  '        params={"endpointId": endpoint_id, "grouping": "endpointId", "bucketSize": "day"},',
  '        headers={"Authorization": f"Bearer {key}"},',
  "    ).json()",
  "",
  "",
  "def costs_since(endpoint_id, start):",
  "    params = {",
  '        "startTime": start,',
  '        "endpointId": endpoint_id,',
  '        "grouping": "endpointId",',
  "    }",
  '    return httpx.get(f"{BASE}/billing/endpoints", params=params).json()',
  "",
].join("\n");

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v2: { method: string; path: string } | null;
  notes: { level: string; field?: string; message: string }[];
}

/** The query names operation `path` (GET) declares in the published document, `$ref`s followed. */
function declaredQuery(path: string): string[] {
  const document = JSON.parse(readFileSync(PUBLISHED, "utf8")) as {
    paths: Record<string, { get?: { parameters?: { name?: string; in?: string; $ref?: string }[] } }>;
    components: { parameters: Record<string, { name: string; in: string }> };
  };
  return (document.paths[path]?.get?.parameters ?? [])
    .map((parameter) => (parameter.$ref ? document.components.parameters[parameter.$ref.split("/").pop() as string] : parameter))
    .filter((parameter) => parameter?.in === "query")
    .map((parameter) => parameter?.name as string);
}

/** Each query name of each sent URL is one the published v2 operation of its path declares. */
function expectDeclared(sent: { url: string }[]): void {
  if (!existsSync(PUBLISHED)) return;
  for (const { url } of sent) {
    const parsed = new URL(url);
    const declared = declaredQuery(parsed.pathname);
    expect(declared.length, parsed.pathname).toBeGreaterThan(0);
    for (const name of parsed.searchParams.keys()) expect(declared, `${name} on ${parsed.pathname}`).toContain(name);
  }
}

const compiles = (dir: string, file: string) => spawnSync("python3", ["-m", "py_compile", file], { cwd: dir, encoding: "utf8" });

describe("migrate scan reads a Python call's params= dict as the call's query", () => {
  it("names each change to the dict's keys in the finding's notes", () => {
    const dir = tree({ "client.py": CLIENT });
    const rows = jsonLines<Row>(run(dir, ["--fail-on", "none", "--format", "json"]).stdout).filter((row) => row.ruleId === "v1-call");
    expect(rows.map((row) => [row.line, row.v2?.path])).toEqual([
      [9, "/v2/billing/serverless?serverlessId=…&bucketSize=day"],
      [21, "/v2/billing/serverless?startTime=…&serverlessId=…"],
    ]);
    for (const row of rows) {
      expect(row.notes).toContainEqual(expect.objectContaining({ field: "endpointId", message: expect.stringContaining("renamed `serverlessId`") }));
      expect(row.notes).toContainEqual(expect.objectContaining({ field: "grouping", message: expect.stringContaining("query parameter dropped") }));
    }
  });

  it.skipIf(!python)("--fix renames and drops keys in the dict; the fixed client parses and sends names v2 declares", () => {
    const dir = tree({ "client.py": CLIENT, "requests.py": HTTP_STUB, "httpx.py": HTTP_STUB });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.py"), "utf8");
    expect(text).toContain('        params={"serverlessId": endpoint_id, "bucketSize": "day"},\n');
    expect(text).toContain('    params = {\n        "startTime": start,\n        "serverlessId": endpoint_id,\n    }\n');
    expect(compiles(dir, "client.py").status).toBe(0);
    const sent = pythonRequests(dir, 'client.costs("e1", "k"); client.costs_since("e1", "2026-11-01T00:00:00Z")') as { url: string }[];
    expect(sent.map((request) => request.url)).toEqual([
      "https://api.runpod.io/v2/billing/serverless?serverlessId=e1&bucketSize=day",
      "https://api.runpod.io/v2/billing/serverless?startTime=2026-11-01T00%3A00%3A00Z&serverlessId=e1",
    ]);
    expectDeclared(sent);
  });

  it.skipIf(!python)("an expansion v2 serves at another route is dropped from the dict by --unsafe-fixes only", () => {
    const client = [
      "import requests",
      "",
      'BASE = "https://rest.runpod.io/v1"',
      "",
      "",
      "def endpoint(endpoint_id):",
      '    params = {"includeWorkers": "true", "includeTemplate": "true"}',
      '    return requests.get(f"{BASE}/endpoints/{endpoint_id}", params=params).json()',
      "",
    ].join("\n");
    const dir = tree({ "client.py": client, "requests.py": HTTP_STUB });
    const safe = run(dir, ["--fix"]);
    expect(safe.stderr).toContain("fixed 0 calls in 0 files; 1 call left");
    expect(safe.stdout).toContain("--unsafe-fixes drops `includeWorkers` from the query");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(client);
    const unsafe = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain("    params = {}\n");
    expect(compiles(dir, "client.py").status).toBe(0);
    expect(pythonRequests(dir, 'client.endpoint("e1")')).toEqual([{ method: "GET", url: "https://api.runpod.io/v2/serverless/e1" }]);
  });

  it("a params= dict changed before the call, or a filter v2 lacks, is reported and left as written", () => {
    const client = [
      "import requests",
      "",
      'BASE = "https://rest.runpod.io/v1"',
      "",
      "",
      "def costs(endpoint_id, grouping):",
      '    params = {"endpointId": endpoint_id}',
      '    params["grouping"] = grouping',
      '    return requests.get(f"{BASE}/billing/endpoints", params=params).json()',
      "",
      "",
      "def pods(gpu):",
      '    return requests.get(f"{BASE}/pods", params={"gpuTypeId": gpu}).json()',
      "",
    ].join("\n");
    const dir = tree({ "client.py": client });
    const rows = jsonLines<Row>(run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout).filter((row) => row.ruleId === "v1-call");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(client);
    const errors = (line: number) =>
      rows
        .find((row) => row.line === line)
        ?.notes.filter((note) => note.level === "error")
        .map((note) => note.message);
    expect(errors(9)).toEqual([expect.stringContaining("the query string is built at run time")]);
    expect(errors(13)).toEqual([expect.stringContaining("a query parameter v2 `listPods` does not take")]);
  });

  it("a later scan reports v1 query names left on a v2 route of the v2 base (v1-path-on-v2-base), not the v2 names", () => {
    const client = [
      'const BASE = "https://rest.runpod.io/v2";',
      "export async function pods(gpu?: string) {",
      "  const query = new URLSearchParams();",
      '  if (gpu) query.append("gpuTypeId", gpu);',
      '  const queryString = query.toString() ? `?${query.toString()}` : "";',
      "  return (await fetch(`${BASE}/pods${queryString}`)).json();",
      "}",
      "export const pod = (id: string) => fetch(`${BASE}/pods/${id}?includeClusterPods=true`);",
      "export const clusterPods = () => fetch(`${BASE}/pods?includeClusterPods=true`);",
      "",
    ].join("\n");
    const billing = [
      "import requests",
      "",
      'BASE = "https://rest.runpod.io/v2"',
      "",
      "",
      "def costs(endpoint_id):",
      '    return requests.get(f"{BASE}/billing/serverless", params={"endpointId": endpoint_id}).json()',
      "",
      "",
      "def costs_v2(endpoint_id):",
      '    return requests.get(f"{BASE}/billing/serverless", params={"serverlessId": endpoint_id}).json()',
      "",
    ].join("\n");
    const dir = tree({ "client.ts": client, "billing.py": billing });
    const rows = jsonLines<Row>(run(dir, ["--fail-on", "none", "--format", "json"]).stdout);
    expect(rows.map((row) => [row.file, row.line, row.ruleId, row.notes[0]?.message])).toEqual([
      ["billing.py", 7, "v1-path-on-v2-base", expect.stringContaining("sends v1 query parameter `endpointId` (of v1 `GET /billing/endpoints`)")],
      ["client.ts", 6, "v1-path-on-v2-base", expect.stringContaining("sends v1 query parameter `gpuTypeId` (of v1 `GET /pods`)")],
    ]);
    expect(rows[0]?.notes).toContainEqual(expect.objectContaining({ field: "endpointId", message: expect.stringContaining("renamed `serverlessId`") }));
  });
});
