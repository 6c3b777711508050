// Issue 41, item 1: a request function called with a path and a query string kept in a variable
// (`runpodRequest(\`/pods${queryString}\`)` after `const queryString = q.toString() ? \`?${q}\` : ""`,
// or Python's `qs = f"?{urlencode(params)}" if params else ""`) is a v1 list call with a query
// built at run time, not a path v2kit cannot read: it was not reported, and it kept the whole
// client (runpod/runpod-mcp-ts: 48 calls through one base) from moving with --unsafe-fixes.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, scan, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-query-variable-");

interface JsonFinding {
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  notes: { level: string; message: string }[];
}

const CLIENT_TS = `const API_BASE_URL = "https://rest.runpod.io/v1"

async function runpodRequest(endpoint: string, method = "GET") {
  const response = await fetch(\`\${API_BASE_URL}\${endpoint}\`, { method, headers: { Authorization: "Bearer k" } })
  return response.json()
}

export async function listPods(params: { computeType?: string }) {
  const queryParams = new URLSearchParams()
  if (params.computeType) queryParams.append("computeType", params.computeType)
  const queryString = queryParams.toString()
    ? \`?\${queryParams.toString()}\`
    : ""
  return runpodRequest(\`/pods\${queryString}\`)
}

export async function getVolume(id: string) {
  return runpodRequest(\`/networkvolumes/\${id}\`)
}

export async function dropEndpoint(id: string) {
  return runpodRequest(\`/endpoints/\${id}\`, "DELETE")
}
`;

describe("migrate scan: a query string kept in a variable", () => {
  it("reads `/pods${queryString}` as the list route with a query built at run time (TypeScript, a conditional over lines)", () => {
    const dir = scratch({ "client.ts": CLIENT_TS });
    const findings = jsonLines<JsonFinding>(scan(dir, "--format", "json", ".").stdout);
    const list = findings.find((finding) => finding.line === 14 && finding.ruleId !== "v1-response-field");
    expect(list?.v1).toEqual({ method: "GET", path: "/pods?${queryParams.toString()}" });
    // Its builder's names are read (scan-fix-query-builder.test.ts): a list filter v2 does not take stays an error.
    const messages = list?.notes.map((note) => note.message).join("\n");
    expect(messages).toMatch(/the query is built at run time in `queryParams` \(URLSearchParams, line 9\): it may send `computeType`/);
    expect(messages).toMatch(/a query parameter v2 `listPods` does not take .*the filter does not carry over/);
  });

  it('reads Python\'s `f"?{…}" if … else ""` the same way (it already did: kept as a guard)', () => {
    const source = [
      "from urllib.parse import urlencode",
      "import requests",
      "",
      'BASE = "https://rest.runpod.io/v1"',
      "",
      "def list_endpoints(**filters):",
      '    qs = f"?{urlencode(filters)}" if filters else ""',
      '    return requests.get(f"{BASE}/endpoints{qs}").json()',
      "",
    ].join("\n");
    const dir = scratch({ "client.py": source });
    const findings = jsonLines<JsonFinding>(scan(dir, "--format", "json", ".").stdout);
    const calls = findings.filter((finding) => finding.ruleId !== "v1-response-field");
    expect(calls.map((finding) => [finding.line, finding.v1.method, finding.v1.path])).toEqual([[8, "GET", "/endpoints?{urlencode(filters)}"]]);
  });

  it("no longer keeps the client's base: --unsafe-fixes moves it with the calls that migrate, and reports the list call", () => {
    const dir = scratch({ "client.ts": CLIENT_TS });
    const fixed = scanFix(dir, "--unsafe-fixes", "--format", "json");
    expect(fixed.stderr).toMatch(/fixed 2 calls in 1 file; 1 call left/);
    const text = readFileSync(join(dir, "client.ts"), "utf8");
    expect(text).toContain('const API_BASE_URL = "https://api.runpod.io/v2"');
    expect(text).toContain("runpodRequest(`/network-volumes/${id}`)");
    expect(text).toContain('runpodRequest(`/serverless/${id}`, "DELETE")');
    expect(text).toContain("runpodRequest(`/pods${queryString}`)");
    // The list call, and its answer returned to callers outside the file (`{"pods": [...]}` in v2).
    const left = jsonLines<JsonFinding>(fixed.stdout);
    expect(left.map((finding) => `${finding.line} ${finding.ruleId}`)).toEqual(["14 v1-response-field", "14 v1-call"]);
    expect(left[1]?.notes.map((note) => note.message).join("\n")).toMatch(/fails as it did before/);
  });

  it("a conditional whose branches are not a query and nothing stays unread (`/pods${suffix}`)", () => {
    const source = CLIENT_TS.replace("? `?${queryParams.toString()}`", "? `/${queryParams.toString()}`");
    const dir = scratch({ "client.ts": source });
    const findings = jsonLines<JsonFinding>(scan(dir, "--format", "json", ".").stdout);
    expect(findings.some((finding) => finding.line === 14)).toBe(false);
  });
});
