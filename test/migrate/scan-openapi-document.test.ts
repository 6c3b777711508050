// A copy of the retired v1 OpenAPI document kept in a repository (issue 41) is one finding,
// `v1-openapi-document`, at its server URL (or its `paths` key), never one v1 call per path, and
// `--fix` never edits it; another API's document with v1-looking paths is not reported at all.
// Run as a user runs it: the built CLI as a child process, on the trees of
// test/fixtures/scan-openapi (written here: a v1-shaped document in JSON, in YAML, a Swagger 2.0
// one that names no host, another provider's document and a scheduler's).

import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../fixtures/conformance/support.js";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/scan-openapi");
const PUBLISHED_V2 = path.resolve(import.meta.dirname, "../../../shared/reference/upstream-v2-openapi.json");

const run = (args: string[], cwd = process.cwd()) => {
  const child = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
};

const jsonLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));

const scanJson = (tree: string) => jsonLines(run(["migrate", "scan", "--format", "json", "--fail-on", "none", path.join(FIXTURES, tree)]).stdout);

/** A copy of the fixture trees named, in a git repository (so a fix shows as a diff). */
function copyOf(...trees: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), "v2kit-openapi-doc-"));
  for (const tree of trees) cpSync(path.join(FIXTURES, tree), path.join(root, tree), { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: root });
  execFileSync("git", ["add", "-A"], { cwd: root });
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "fixtures"], { cwd: root });
  return root;
}

describe("migrate scan: a copy of the v1 OpenAPI document", () => {
  it("reports a JSON copy once, at its server URL, with the v2 document to fetch instead, and keeps the JSON keys", () => {
    const found = scanJson("v1-json");
    const documents = found.filter((finding) => finding.file.endsWith("runpod-v1.json"));
    expect(documents).toHaveLength(1);
    const [document] = documents;
    expect(Object.keys(document)).toEqual(["file", "line", "column", "match", "v1", "v2", "notes", "confidence", "inferred", "ruleId"]);
    expect(document).toMatchObject({
      line: 5,
      column: 15,
      match: "https://rest.runpod.io/v1",
      v1: { method: "GET", path: "/openapi.json" },
      v2: { method: "GET", path: "/v2/openapi.json" },
      confidence: "certain",
      inferred: [],
      ruleId: "v1-openapi-document",
    });
    const said = document.notes.map((note: { message: string }) => note.message).join("\n");
    expect(said).toContain("copy of the retired v1 OpenAPI document");
    expect(said).toContain("GET https://api.runpod.io/v2/openapi.json");
    expect(said).toContain("v2kit generate --spec");
    expect(said).toContain("never edit this file");
    // The text at the reported place is the URL reported (line and column as an editor counts them).
    const line = readFileSync(path.join(FIXTURES, "v1-json/runpod-v1.json"), "utf8").split("\n")[4] as string;
    expect(line.slice(document.column - 1, document.column - 1 + document.match.length)).toBe(document.match);
    // The client beside it is still a v1 call.
    expect(found.filter((finding) => finding.file.endsWith("client.py")).map((finding) => finding.ruleId)).toEqual(["v1-call"]);
  });

  it.skipIf(!existsSync(PUBLISHED_V2))("names the v2 document where the published v2 document's server serves it (the spec: /v2/openapi.json)", () => {
    const published = JSON.parse(readFileSync(PUBLISHED_V2, "utf8")) as { servers: { url: string }[] };
    const [document] = scanJson("v1-json").filter((finding) => finding.ruleId === "v1-openapi-document");
    expect(document.notes[1].message).toContain(`GET ${published.servers[0]?.url.replace(/\/$/, "")}/v2/openapi.json`);
  });

  it("reports a YAML copy once, at its `url:` value", () => {
    const found = scanJson("v1-yaml");
    expect(found.map((finding) => [finding.ruleId, finding.line, finding.column, finding.match])).toEqual([
      ["v1-openapi-document", 8, 11, "https://rest.runpod.io/v1"],
    ]);
  });

  it("reports a document that names no host by its routes, at its `paths` key, with the base inferred", () => {
    const found = scanJson("v1-swagger-no-host");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ruleId: "v1-openapi-document", line: 7, column: 1, match: "paths", confidence: "inferred", inferred: ["base"] });
    expect(found[0].notes[0].message).toContain("it names no host, and every route it declares is a v1 route; 4 paths");
  });

  it("does not report another API's document: another host in its servers, or routes that are not all v1's", () => {
    for (const tree of ["other-api", "other-api-routes"]) {
      const result = run(["migrate", "scan", "--format", "json", path.join(FIXTURES, tree)]);
      expect({ tree, stdout: result.stdout, code: result.code }).toEqual({ tree, stdout: "", code: 0 });
    }
  });

  it("pretty output says it is the document, not a call; SARIF lists the rule and points the result at it", () => {
    const pretty = run(["migrate", "scan", "--fail-on", "none", path.join(FIXTURES, "v1-yaml")]).stdout;
    expect(pretty).toContain("openapi.yaml:8:11: copy of the retired v1 OpenAPI document → fetch GET /v2/openapi.json and regenerate the client from it\n");
    expect(pretty.trim().split("\n").at(-1)).toBe("no v1 calls found; 1 copy of the v1 OpenAPI document");
    const sarif = JSON.parse(run(["migrate", "scan", "--format", "sarif", path.join(FIXTURES, "v1-yaml")]).stdout);
    const rules = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(rules).toContain("v1-openapi-document");
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe("v1-openapi-document");
    expect(rules[result.ruleIndex]).toBe("v1-openapi-document");
    expect(result.level).toBe("warning");
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 8, startColumn: 11, endColumn: 36 });
  });

  it("--fix --unsafe-fixes and --diff never edit a document, and fix the client beside it", () => {
    const root = copyOf("v1-json", "v1-yaml", "v1-swagger-no-host", "other-api");
    const documents = ["v1-json/runpod-v1.json", "v1-yaml/openapi.yaml", "v1-swagger-no-host/swagger.yaml", "other-api/openapi.yaml"];
    const before = new Map(documents.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));

    const diff = run(["migrate", "scan", "--diff", "--unsafe-fixes", "."], root);
    expect(diff.stdout).toContain("+++ b/v1-json/client.py");
    expect(diff.stdout.match(/^\+\+\+ .*$/gm)).toEqual(["+++ b/v1-json/client.py"]);

    const fixed = run(["migrate", "scan", "--fix", "--unsafe-fixes", "--format", "json", "--fail-on", "none", "."], root);
    expect(fixed.stderr).toContain("fixed 1 call in 1 file; 0 calls left; 3 copies of the v1 OpenAPI document left as written (regenerate from the v2 one)");
    for (const file of documents) expect({ file, text: readFileSync(path.join(root, file), "utf8") }).toEqual({ file, text: before.get(file) });
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" })).toBe(" M v1-json/client.py\n");
    expect(readFileSync(path.join(root, "v1-json/client.py"), "utf8")).toContain('requests.delete(f"https://api.runpod.io/v2/pods/{pod_id}"');
    // Python's own compiler takes the fixed file (no .pyc written).
    execFileSync("python3", ["-c", "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')", path.join(root, "v1-json/client.py")]);
    // What is left: the three documents, once each.
    expect(jsonLines(fixed.stdout).map((finding) => `${finding.file} ${finding.ruleId}`)).toEqual([
      "v1-json/runpod-v1.json v1-openapi-document",
      "v1-swagger-no-host/swagger.yaml v1-openapi-document",
      "v1-yaml/openapi.yaml v1-openapi-document",
    ]);
    // A second run changes nothing.
    run(["migrate", "scan", "--fix", "--unsafe-fixes", "."], root);
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" })).toBe(" M v1-json/client.py\n");
    expect(readdirSync(root).sort()).toEqual([".git", "other-api", "v1-json", "v1-swagger-no-host", "v1-yaml"]);
  });
});
