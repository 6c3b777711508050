// Given/want for the source scanner, then the examples/scan-tree sample through the CLI in
// each format.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanSource } from "../../migrate/index.js";
import { runCli } from "./helpers.js";

describe("scanSource", () => {
  const rows: [string, string, { line: number; column: number; v1: string; v2: string | null }[]][] = [
    ["host URL", `fetch("https://rest.runpod.io/v1/pods")`, [{ line: 1, column: 8, v1: "GET /pods", v2: "GET /v2/pods" }]],
    [
      "the v1 server with a port",
      `url = "https://rest.runpod.io:443/v1/endpoints/ep-1"`,
      [{ line: 1, column: 8, v1: "GET /endpoints/ep-1", v2: "GET /v2/serverless/ep-1" }],
    ],
    // Issue 45, item 2: a `/v1` on another host, or under a path prefix, is another API's.
    ["another host, port: another API", `url = "http://localhost:9000/v1/endpoints/ep-1"`, []],
    ["another API's /v1/endpoints", `requests.get(f"https://api.together.xyz/v1/endpoints/{eid}")`, []],
    ["/api/v1 under the v1 host is no v1 route either", `fetch("https://rest.runpod.io/api/v1/pods")`, []],
    [
      "bare /v1 path, verb on the line",
      `requests.post(API + "/v1/networkvolumes")`,
      [{ line: 1, column: 22, v1: "POST /networkvolumes", v2: "POST /v2/network-volumes" }],
    ],
    [
      "JS template after a base",
      'x\nfetch(`${BASE}/pods/${id}/start`, { method: "POST" })',
      [{ line: 2, column: 15, v1: "POST /pods/${id}/start", v2: "POST /v2/pods/{id}/action" }],
    ],
    [
      "Python f-string after a base",
      `requests.delete(f"{API}/pods/{pod_id}")`,
      [{ line: 1, column: 24, v1: "DELETE /pods/{pod_id}", v2: "DELETE /v2/pods/{id}" }],
    ],
    ["route-shaped literal", `const r = "/pods/{id}/start";`, [{ line: 1, column: 12, v1: "POST /pods/{id}/start", v2: "POST /v2/pods/{id}/action" }]],
    ["billing trap", `get("/billing/endpoints")`, [{ line: 1, column: 6, v1: "GET /billing/endpoints", v2: "GET /v2/billing/serverless" }]],
    ["v1 URL to no v1 route", `"https://rest.runpod.io/v1/pods/p/logs"`, [{ line: 1, column: 2, v1: "GET /pods/p/logs", v2: null }]],
    // The method of a generic request function's call is its first argument, whatever its type arguments hold.
    [
      "type arguments with an object type",
      'const API = "https://rest.runpod.io/v1";\nawait rest<{ id: string; name?: string }>("DELETE", `${API}/pods/${id}`);',
      [{ line: 2, column: 60, v1: "DELETE /pods/${id}", v2: "DELETE /v2/pods/{id}" }],
    ],
    [
      "nested type arguments closed by >>",
      'const API = "https://rest.runpod.io/v1";\nawait rest<Array<{ id: string }>>("POST", `${API}/pods/${id}/stop`);',
      [{ line: 2, column: 50, v1: "POST /pods/${id}/stop", v2: "POST /v2/pods/{id}/action" }],
    ],
    ["v2 URL", `fetch("https://rest.example.io/v2/pods")`, []],
    // A test fake's wildcard key once moved to v2 (Laravel `Http::fake`): no call, so a fixed test file is not refused.
    ["a v2 URL with a wildcard", `Http::fake(['https://api.runpod.io/v2/pods*' => Http::response([], 200)]);`, []],
    ["literal that is not a route", `const page = "/templates/readme.html";`, []],
    ["literal with no route", `const p = "/pods/p-1/logs";`, []],
    ["word, not a path", `const pods = "/podsomething";`, []],
  ];
  it.each(rows)("%s", (_name, text, want) => {
    const got = scanSource(text).map((finding) => ({
      line: finding.line,
      column: finding.column,
      v1: `${finding.v1.method} ${finding.v1.path}`,
      v2: finding.v2 && `${finding.v2.method} ${finding.v2.path}`,
    }));
    expect(got).toEqual(want);
  });

  it("reports one finding for a URL that all patterns match", () => {
    expect(scanSource(`"https://rest.runpod.io/v1/pods/{podId}/stop"`)).toHaveLength(1);
  });

  it("carries the route notes: reset is an error", () => {
    const [finding] = scanSource(`requests.post(f"{API}/v1/pods/{pod_id}/reset")`);
    expect(finding?.notes.some((note) => note.level === "error" && note.field === "reset")).toBe(true);
  });
});

describe("v2kit migrate scan examples/scan-tree", () => {
  it("lists every v1 call with file:line:col and exits 1", async () => {
    const run = await runCli(["scan", "examples/scan-tree"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("examples/scan-tree/src/client.ts:5:28: v1 call GET /pods → GET /v2/pods");
    expect(run.stdout).toContain("examples/scan-tree/scripts/billing.py:12:32: v1 call GET /billing/endpoints → GET /v2/billing/serverless");
    expect(run.stdout).toContain("13 v1 calls found (11 certain, 2 inferred)");
    expect(run.stdout).toContain("examples/scan-tree/internal/rest/pods.go:6:23: v1 call POST /pods/{podID}/stop → POST /v2/pods/{id}/action\n");
    expect(run.stdout).not.toContain("src/next/");
    expect(run.stdout).not.toContain('/v2/pods"');
  });

  it("prints what docs/reference/migrate.md shows for this tree", async () => {
    const readme = readFileSync("docs/reference/migrate.md", "utf8");
    const shown = /\$ v2kit migrate scan examples\/scan-tree\n([\s\S]*?)\$ echo \$\?\n1\n/.exec(readme)?.[1];
    expect(shown).toBeDefined();
    expect((await runCli(["scan", "examples/scan-tree"])).stdout).toBe(shown);
  });

  it("prints one JSON object per finding, per line", async () => {
    const run = await runCli(["scan", "--format", "json", "examples/scan-tree"]);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    // 13 calls and mentions, and one read of a response: `listPods` returns the bare v1 list (issue 41, item 3).
    expect(lines).toHaveLength(14);
    expect(lines.filter((finding) => finding.ruleId === "v1-response-field")).toHaveLength(1);
    expect(lines.find((finding) => finding.file.endsWith("billing.py"))).toMatchObject({
      file: "examples/scan-tree/scripts/billing.py",
      line: 12,
      column: 32,
      v2: { method: "GET", path: "/v2/billing/serverless" },
    });
    expect(lines.map((finding) => `${finding.v1.method} ${finding.v1.path}`)).toContain("POST /pods/{pod_id}/reset");
  });

  it("writes SARIF 2.1.0 with one result per finding", async () => {
    const run = await runCli(["scan", "--format", "sarif", "examples/scan-tree"]);
    const sarif = JSON.parse(run.stdout);
    expect(sarif.version).toBe("2.1.0");
    const results = sarif.runs[0].results;
    expect(results).toHaveLength(14);
    const billing = results.find((result: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
      result.locations[0]?.physicalLocation.artifactLocation.uri.endsWith("billing.py"),
    );
    expect(billing.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "examples/scan-tree/scripts/billing.py", uriBaseId: "%SRCROOT%" },
      region: { startLine: 12, startColumn: 32, endColumn: 53 },
    });
    expect(results.filter((result: { level: string }) => result.level === "error")).toHaveLength(1);
  });

  it("skips node_modules, .git, binary and large files; exits 0 when nothing is found, 2 for a missing directory", async () => {
    const clean = mkdtempSync(join(tmpdir(), "v2kit-scan-"));
    writeFileSync(join(clean, "app.ts"), `fetch("https://rest.example.io/v2/pods");\n`);
    writeFileSync(join(clean, "blob.bin"), Buffer.from([0x2f, 0x76, 0x31, 0x2f, 0x70, 0x6f, 0x64, 0x73, 0x00]));
    writeFileSync(join(clean, "big.ts"), `"/v1/pods"\n`.repeat(120_000));
    for (const skipped of ["node_modules", ".git"]) {
      mkdirSync(join(clean, skipped));
      writeFileSync(join(clean, skipped, "index.js"), `module.exports = "https://rest.runpod.io/v1/pods";\n`);
    }
    const run = await runCli(["scan", clean]);
    expect(run.stdout).toBe("no v1 calls found\n");
    expect(run.code).toBe(0);
    expect((await runCli(["scan", "no/such/dir"])).code).toBe(2);
  });
});
