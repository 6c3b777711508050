// `v2kit scan` on a copy of the retired v1 OpenAPI document (issue 41): one finding for the file,
// rule `v1-openapi-document` (listed in SARIF's rules, a GitHub annotation titled with it), not a
// `v1-call` per path; another API's document is not reported. The built CLI as a child process,
// on the fixture trees of test/fixtures/scan-openapi.

import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../fixtures/conformance/support.js";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/scan-openapi");

const scan = (...args: string[]) => {
  const run = spawnSync(process.execPath, [cli, "scan", ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

const jsonLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));

describe("v2kit scan: a copy of the v1 OpenAPI document", () => {
  it("is one error at its server URL, with the v2 document to fetch, and the json keys unchanged", () => {
    const run = scan("--format", "json", path.join(FIXTURES, "v1-json"));
    expect(run.code).toBe(1);
    const found = jsonLines(run.stdout);
    expect(found.map((finding) => `${path.basename(finding.file)} ${finding.rule}`)).toEqual(["client.py v1-call", "runpod-v1.json v1-openapi-document"]);
    const document = found[1];
    expect(Object.keys(document)).toEqual(["file", "line", "column", "endLine", "endColumn", "level", "rule", "message", "operation", "verdict", "hints"]);
    expect(document).toMatchObject({ line: 5, column: 15, endLine: 5, endColumn: 40, level: "error", operation: null, verdict: null });
    expect(document.message).toBe(
      "a copy of the retired v1 OpenAPI document (https://rest.runpod.io/v1): fetch the v2 document (GET https://api.runpod.io/v2/openapi.json) and regenerate the client from it",
    );
    expect(document.hints.join("\n")).toContain("never edit this file");
  });

  it("reads YAML and a document with no host; another API's document is not reported", () => {
    const yaml = jsonLines(scan("--format", "json", path.join(FIXTURES, "v1-yaml")).stdout);
    expect(yaml.map((finding) => [finding.rule, finding.line, finding.column])).toEqual([["v1-openapi-document", 8, 11]]);
    const noHost = jsonLines(scan("--format", "json", path.join(FIXTURES, "v1-swagger-no-host")).stdout);
    expect(noHost.map((finding) => [finding.rule, finding.line, finding.column, finding.endColumn])).toEqual([["v1-openapi-document", 7, 1, 6]]);
    for (const tree of ["other-api", "other-api-routes"]) {
      const found = jsonLines(scan("--format", "json", "--fail-on", "none", path.join(FIXTURES, tree)).stdout);
      expect({ tree, rules: found.filter((finding) => finding.rule.startsWith("v1-")) }).toEqual({ tree, rules: [] });
    }
  });

  it("lists the rule in SARIF and titles the GitHub annotation with it", () => {
    const sarif = JSON.parse(scan("--format", "sarif", path.join(FIXTURES, "v1-yaml")).stdout);
    const rules = sarif.runs[0].tool.driver.rules as { id: string; defaultConfiguration: { level: string } }[];
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe("v1-openapi-document");
    expect(rules[result.ruleIndex]).toMatchObject({ id: "v1-openapi-document", defaultConfiguration: { level: "error" } });
    const github = scan("--format", "github", path.join(FIXTURES, "v1-yaml")).stdout;
    expect(github).toMatch(
      /^::error file=.*openapi\.yaml,line=8,col=11,endLine=8,endColumn=36,title=v1-openapi-document::a copy of the retired v1 OpenAPI document/,
    );
    expect(github.trim().split("\n")).toHaveLength(1);
  });
});
