// The formats of `v2kit scan` on CodeFinding literals (every rule id, the v2 ones included, which
// the checks report once wired), and the exit decision of --fail-on and --max-warnings.

import { describe, expect, it } from "vitest";
import type { CodeFinding } from "../../../code/types.js";
import { failing } from "../../../cli/scan/scan.js";
import { formatScan, github, JSON_KEYS, jsonLines, pretty, type ScannedSource, toScanSarif } from "../../../cli/scan/format.js";

const TEXT = [
  "import requests",
  "",
  'requests.patch("https://api.runpod.io/v2/endpoints/e1", json={"gpu": {"minCudaVersion": "12.1", "allowedCudaVersions": ["12.4"]}})',
  'requests.get("https://api.runpod.io/v2/serverless/endpoints")',
  'r = requests.get("https://api.runpod.io/v2/pods?limit=5").json()["pods"][0]["workersMin"]',
  "requests.post(URL, json=payload)",
  "",
].join("\n");

const at = (line: number, column: number, width: number) => ({ file: "src/client.py", line, column, endLine: line, endColumn: column + width });

const FINDINGS: CodeFinding[] = [
  {
    rule: "v2-invalid-body",
    level: "error",
    ...at(3, 68, 16),
    message: "gpu.minCudaVersion and gpu.allowedCudaVersions cannot both be set",
    operation: "updateEndpoint",
    verdict: { status: 422, rules: ["gpu-cuda-exclusive"] },
    hints: ["keep allowedCudaVersions, drop minCudaVersion"],
  },
  { rule: "v2-unknown-route", level: "error", ...at(4, 14, 46), message: "no route GET /v2/serverless/endpoints; closest: GET /v2/serverless" },
  { rule: "v2-unknown-query-param", level: "warning", ...at(5, 52, 5), message: "listPods takes no query parameter limit", operation: "listPods" },
  { rule: "v2-unknown-response-field", level: "warning", ...at(5, 78, 12), message: "the response of listPods has no field workersMin", operation: "listPods" },
  { rule: "v2-body-elsewhere", level: "note", ...at(6, 26, 7), message: "the body is built elsewhere: check it as a CreateEndpointRequest" },
  {
    rule: "v1-call",
    level: "error",
    ...at(6, 15, 3),
    message: "a call to the retired v1 API (POST /endpoints): use POST /v2/serverless",
    confidence: "inferred",
  },
];

const SOURCES: ScannedSource[] = [{ file: "src/client.py", text: TEXT, findings: FINDINGS }];

describe("--format json", () => {
  it("prints one object per finding per line, with the fixed keys in order; absent fields are null or []", () => {
    const lines = jsonLines(SOURCES)
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(FINDINGS.length);
    for (const line of lines) expect(Object.keys(line)).toEqual([...JSON_KEYS]);
    expect(lines[0]).toEqual({
      file: "src/client.py",
      line: 3,
      column: 68,
      endLine: 3,
      endColumn: 84,
      level: "error",
      rule: "v2-invalid-body",
      message: "gpu.minCudaVersion and gpu.allowedCudaVersions cannot both be set",
      operation: "updateEndpoint",
      verdict: { status: 422, rules: ["gpu-cuda-exclusive"] },
      hints: ["keep allowedCudaVersions, drop minCudaVersion"],
    });
    expect(lines[1]).toMatchObject({ operation: null, verdict: null, hints: [] });
  });
});

describe("--format pretty", () => {
  it("prints file:line:column, level, message and rule id, lint's verdict, a frame with the caret under the column, hints, and counts", () => {
    const out = pretty(SOURCES, false);
    expect(out).toContain(
      "src/client.py:3:68 error gpu.minCudaVersion and gpu.allowedCudaVersions cannot both be set  v2-invalid-body\n  lint: status 422, gpu-cuda-exclusive\n",
    );
    expect(out).toContain("src/client.py:5:52 warning listPods takes no query parameter limit  v2-unknown-query-param");
    expect(out).toContain("src/client.py:6:26 note the body is built elsewhere: check it as a CreateEndpointRequest  v2-body-elsewhere");
    expect(out).toContain("  hint: keep allowedCudaVersions, drop minCudaVersion");
    const lines = out.split("\n");
    const marked = lines.findIndex((line) => line.startsWith("  > 4 |"));
    const code = lines[marked] as string;
    const caret = lines[marked + 1] as string;
    // Column 14 of line 4 is the opening quote of the URL.
    expect(code[caret.indexOf("^")]).toBe('"');
    expect(out.trimEnd().split("\n").at(-1)).toBe("6 problems (3 errors, 2 warnings, 1 note)");
    expect(out).not.toContain("\u001b[");
  });

  it("colours only when asked (a TTY without NO_COLOR)", () => {
    expect(pretty(SOURCES, true)).toContain("\u001b[31;1merror\u001b[0m");
  });

  it("prints nothing for no findings", () => {
    expect(formatScan("pretty", [], false)).toBe("");
  });
});

describe("--format github", () => {
  it("writes ::error, ::warning and ::notice commands with the location and the rule as title; hints on escaped new lines", () => {
    const lines = github(SOURCES).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "::error file=src/client.py,line=3,col=68,endLine=3,endColumn=84,title=v2-invalid-body::gpu.minCudaVersion and gpu.allowedCudaVersions cannot both be set%0Akeep allowedCudaVersions, drop minCudaVersion",
    );
    expect(lines[2]).toMatch(/^::warning file=src\/client.py,line=5,col=52,.*title=v2-unknown-query-param::/);
    expect(lines[4]).toMatch(/^::notice file=src\/client.py,line=6,col=26,.*title=v2-body-elsewhere::/);
  });

  it("escapes a property's , and : and a message's control characters: a finding cannot start a command line", () => {
    const finding: CodeFinding = {
      rule: "v1-call",
      level: "error",
      file: "a,b:c.py",
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      message: "x\n::error::forged\r",
    };
    expect(github([{ file: "a,b:c.py", findings: [finding] }])).toBe(
      "::error file=a%2Cb%3Ac.py,line=1,col=1,endLine=1,endColumn=2,title=v1-call::x%0A::error::forged%0D\n",
    );
  });
});

describe("--format sarif", () => {
  it("lists every rule once, points each result at its rule, and keeps the operation and verdict as properties", () => {
    const run = toScanSarif(SOURCES, "/work/project").runs[0] as ReturnType<typeof toScanSarif>["runs"][number];
    const ids = run.tool.driver.rules.map((rule) => rule.id);
    expect(ids).toEqual([
      "v1-call",
      "v2-unknown-route",
      "v2-unknown-query-param",
      "v2-invalid-body",
      "v2-unknown-response-field",
      "v2-body-elsewhere",
      "v1-openapi-document",
    ]);
    for (const result of run.results) expect(ids[result.ruleIndex as number]).toBe(result.ruleId);
    expect(run.results.map((result) => result.level)).toEqual(["error", "error", "warning", "warning", "note", "error"]);
    expect(run.results[0]).toMatchObject({
      message: { text: "gpu.minCudaVersion and gpu.allowedCudaVersions cannot both be set\nkeep allowedCudaVersions, drop minCudaVersion" },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "src/client.py", uriBaseId: "%SRCROOT%" },
            region: { startLine: 3, startColumn: 68, endLine: 3, endColumn: 84 },
          },
        },
      ],
      properties: { operation: "updateEndpoint", verdict: { status: 422, rules: ["gpu-cuda-exclusive"] } },
    });
    expect(run.results[5]?.properties).toEqual({ confidence: "inferred" });
    expect(new Set(run.results.map((result) => result.partialFingerprints["v2kitFinding/v1"])).size).toBe(FINDINGS.length);
  });
});

describe("the exit decision", () => {
  const only = (level: CodeFinding["level"], count: number): CodeFinding[] =>
    Array.from({ length: count }, (_unused, i) => ({ ...(FINDINGS[0] as CodeFinding), level, line: i + 1 }));

  it("--fail-on: error fails on errors only (the default); warning on warnings too; note on anything; none never", () => {
    expect(failing(only("warning", 3), { failOn: "error" })).toBe(false);
    expect(failing(only("error", 1), { failOn: "error" })).toBe(true);
    expect(failing(only("warning", 1), { failOn: "warning" })).toBe(true);
    expect(failing(only("note", 1), { failOn: "warning" })).toBe(false);
    expect(failing(only("note", 1), { failOn: "note" })).toBe(true);
    expect(failing(only("error", 5), { failOn: "none" })).toBe(false);
  });

  it("--max-warnings N fails on more than N warnings, whatever --fail-on says", () => {
    expect(failing(only("warning", 2), { failOn: "none", maxWarnings: 2 })).toBe(false);
    expect(failing(only("warning", 3), { failOn: "none", maxWarnings: 2 })).toBe(true);
    expect(failing(only("warning", 1), { failOn: "error", maxWarnings: 0 })).toBe(true);
    expect(failing(only("note", 9), { failOn: "error", maxWarnings: 0 })).toBe(false);
  });
});
