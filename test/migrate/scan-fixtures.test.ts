// One fixture tree per language under test/fixtures/scan/, written in the styles public
// clients use; each tree's expected.json lists every finding (file, line, column, v1 and v2
// method and path, confidence) and the lines that must not be reported. The scan must match
// the list exactly: a missing finding, a wrong method or route, or any extra finding fails.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

interface Expected {
  findings: { file: string; line: number; column: number; v1: string; v2: string | null; confidence: string; inferred: string[] }[];
  clean: { file: string; lines: number[]; why: string }[];
}

const FIXTURES = "test/fixtures/scan";
const trees = readdirSync(FIXTURES).sort();

describe.each(trees)("migrate scan %s", (tree) => {
  const root = join(FIXTURES, tree);
  const expected = JSON.parse(readFileSync(join(root, "expected.json"), "utf8")) as Expected;

  it("finds exactly the expected v1 calls, with method, route and confidence", async () => {
    const run = await runCli(["scan", "--format", "json", root]);
    const got = run.stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      // The calls: reads of their responses (`v1-response-field`) are held by scan-fix-responses.test.ts.
      .filter((finding) => finding.ruleId !== "v1-response-field")
      .map((finding) => ({
        file: finding.file.slice(root.length + 1),
        line: finding.line,
        column: finding.column,
        v1: `${finding.v1.method} ${finding.v1.path}`,
        v2: finding.v2 && `${finding.v2.method} ${finding.v2.path}`,
        confidence: finding.confidence,
        inferred: finding.inferred,
      }));
    expect(got).toEqual(expected.findings);
    expect(run.code).toBe(expected.findings.length > 0 ? 1 : 0);
  });

  it("reports nothing on the lines that are already v2 or not calls", async () => {
    const run = await runCli(["scan", "--format", "json", root]);
    const reported = new Set(
      run.stdout
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .map((finding) => `${finding.file.slice(root.length + 1)}:${finding.line}`),
    );
    expect(expected.clean.length).toBeGreaterThan(0);
    for (const { file, lines } of expected.clean) for (const line of lines) expect(reported.has(`${file}:${line}`), `${file}:${line}`).toBe(false);
  });
});

describe("the fixture trees cover every class of the issue", () => {
  const all = trees.flatMap((tree) =>
    (JSON.parse(readFileSync(join(FIXTURES, tree, "expected.json"), "utf8")) as Expected).findings.map((finding) => ({ tree, ...finding })),
  );
  const has = (tree: string, file: string, line: number, v1: string) =>
    all.some((finding) => finding.tree === tree && finding.file === file && finding.line === line && finding.v1 === v1);

  it("method on another line than the path (curl, PowerShell, Go)", () => {
    expect(has("shell", "scripts/deploy.sh", 10, "POST /pods")).toBe(true);
    expect(has("powershell", "RunPodTools/RunPodTools.psm1", 11, "POST /pods")).toBe(true);
    expect(has("go", "v1client/pods.go", 21, "POST /pods/{podID}/stop")).toBe(true);
  });

  it("paths built by concatenation and formatting", () => {
    expect(has("go", "v1client/pods.go", 26, "PATCH /endpoints/{endpointID}")).toBe(true);
    expect(has("python", "legacy/api.py", 29, "DELETE /templates/{template_id}")).toBe(true);
    expect(has("ts", "src/client.ts", 26, "POST /pods/${podId}/stop")).toBe(true);
    expect(has("powershell", "RunPodTools/RunPodTools.psm1", 29, "POST /pods/{PodId}/stop")).toBe(true);
  });

  it("every language tree has findings and clean lines", () => {
    expect(trees).toEqual(["go", "js", "markdown", "powershell", "python", "shell", "ts"]);
    for (const tree of trees) expect(all.some((finding) => finding.tree === tree)).toBe(true);
  });
});
