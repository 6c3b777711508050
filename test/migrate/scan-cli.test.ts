// `migrate scan` as a user runs it: linear time on hostile long lines (issue 13 item 9), the
// walk (.gitignore, special files, size limit), --fail-on, and SARIF that code scanning takes.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { scanSource } from "../../migrate/index.js";
import { runCli } from "./helpers.js";

const tree = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), "v2kit-scan-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe("linear time on long lines (CPU time: the machine may be shared)", () => {
  const cpuMs = (run: () => void) => {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const filler = "var t=function(e,n){return n.map(function(r){return e[r]||null})};".repeat(30);
  const hostile: [string, string][] = [
    ["320 KB of ${", "${".repeat(160_000)],
    ["320 KB of ${ after a v1 URL", `"https://rest.runpod.io/v1/pods/${"${".repeat(160_000)}`],
    ["320 KB of { after an interpolated base", `{API}/pods/${"{".repeat(320_000)}`],
    ["320 KB of open parentheses before a route", `${"(".repeat(320_000)}"/pods"`],
    ["a 320 KB minified bundle line with v1 calls", `${filler}fetch(B+"/v1/pods/"+a,{method:"POST"});`.repeat(160)],
  ];
  const files = ["a.ts", "a.py", "a.go", "a.sh", "a.ps1", "a.md", "a.txt"];
  it.each(hostile)("%s: every reader finishes in well under a second", (_name, text) => {
    for (const file of files)
      expect(
        cpuMs(() => scanSource(text, file)),
        file,
      ).toBeLessThan(1000);
  });
  it("a line dense with v1 calls costs linear time: twice the text, about twice the time", () => {
    const call = `fetch("https://rest.runpod.io/v1/pods/"+a,{method:"POST"});`;
    scanSource(call.repeat(1000), "a.ts"); // warm up the JIT
    const small = cpuMs(() => scanSource(call.repeat(4000), "a.ts"));
    const large = cpuMs(() => scanSource(call.repeat(8000), "a.ts"));
    expect(large).toBeLessThan(3.5 * small + 100);
  });
});

describe("the walk", () => {
  it("respects .gitignore (nested files and negations); --no-gitignore reads everything", async () => {
    const root = tree({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".gitignore": "dist/\n*.log\n!keep.log\n",
      "src/a.ts": `fetch("https://rest.runpod.io/v1/pods");\n`,
      "dist/a.js": `fetch("https://rest.runpod.io/v1/pods");\n`,
      "x.log": "GET https://rest.runpod.io/v1/pods\n",
      "keep.log": "GET https://rest.runpod.io/v1/endpoints\n",
      "sub/.gitignore": "generated.py\n",
      "sub/generated.py": `requests.get("https://rest.runpod.io/v1/templates")\n`,
      "sub/x.log": "GET https://rest.runpod.io/v1/pods\n",
    });
    const run = await runCli(["scan", "--format", "json", root]);
    expect(jsonLines(run.stdout).map((finding) => relative(root, finding.file))).toEqual(["keep.log", "src/a.ts"]);
    // Scanning a subfolder still applies the .gitignore files above it, up to the repository root…
    expect((await runCli(["scan", join(root, "sub")])).stdout).toBe("no v1 calls found\n");
    // …but a root named on the command line is read even when they ignore it.
    const named = await runCli(["scan", "--format", "json", join(root, "dist")]);
    expect(jsonLines(named.stdout).map((finding) => relative(root, finding.file))).toEqual(["dist/a.js"]);
    const all = await runCli(["scan", "--format", "json", "--no-gitignore", root]);
    expect(jsonLines(all.stdout).map((finding) => relative(root, finding.file))).toEqual([
      "dist/a.js",
      "keep.log",
      "src/a.ts",
      "sub/generated.py",
      "sub/x.log",
      "x.log",
    ]);
  });

  it("skips FIFOs and files over --max-bytes; refuses a special file as a root (no hang)", async () => {
    const root = tree({ "a.sh": "curl https://rest.runpod.io/v1/pods\n", "big.sh": `curl https://rest.runpod.io/v1/pods\n${"#".repeat(5000)}\n` });
    execFileSync("mkfifo", [join(root, "pipe.sh")]);
    const run = await runCli(["scan", "--format", "json", "--max-bytes", "1000", root]);
    expect(jsonLines(run.stdout).map((finding) => relative(root, finding.file))).toEqual(["a.sh"]);
    const fifo = await runCli(["scan", join(root, "pipe.sh")]);
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toContain("is a FIFO (named pipe)");
    const zero = await runCli(["scan", "/dev/zero"]);
    expect(zero.code).toBe(2);
    expect((await runCli(["scan", "--max-bytes", "-1", root])).code).toBe(2);
  });
});

describe("--format json: a literal body at the call site", () => {
  it("is migrated under the finding's `body` key: v1, v2 and each field's change", async () => {
    const root = tree({ "deploy.sh": `curl -X POST https://rest.runpod.io/v1/endpoints/$ID/update -d '{"workersMin": 1}'\n` });
    const run = await runCli(["scan", "--format", "json", root]);
    const [finding] = jsonLines(run.stdout);
    expect(finding.body).toEqual({
      v1: { workersMin: 1 },
      v2: { workers: { min: 1 } },
      changes: [{ field: "workersMin", to: "/workers/min", how: "nest", reason: "nested under `workers`" }],
    });
    const pretty = await runCli(["scan", root]);
    expect(pretty.stdout).toContain('  body    {"workers":{"min":1}}');
  });
});

describe("--fail-on", () => {
  const root = tree({
    "certain.sh": "curl -X DELETE https://rest.runpod.io/v1/pods/p1\n",
    "urls.txt": "ENDPOINTS_URL=https://rest.runpod.io/v1/endpoints\n",
  });
  const onlyInferred = tree({ "urls.txt": "ENDPOINTS_URL=https://rest.runpod.io/v1/endpoints\n" });
  // Prose names a route: a mention, which fails only --fail-on mention.
  const onlyMention = tree({ "README.md": "Create one with `POST /v1/pods`.\n" });
  it.each([
    ["inferred", root, 1],
    ["certain", root, 1],
    ["none", root, 0],
    ["inferred", onlyInferred, 1],
    ["certain", onlyInferred, 0],
    ["mention", onlyMention, 1],
    ["inferred", onlyMention, 0],
    ["certain", onlyMention, 0],
  ] as const)("--fail-on %s", async (level, dir, code) => {
    const run = await runCli(["scan", "--fail-on", level, dir]);
    expect(run.code).toBe(code);
    expect(run.stdout).toMatch(/v1 calls? found/);
  });
  it("rejects another level with exit 2", async () => {
    const run = await runCli(["scan", "--fail-on", "warning", root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--fail-on must be one of mention, inferred, certain, none");
  });
});

describe("SARIF for GitHub code scanning", () => {
  it("uses relative URIs under %SRCROOT%, rule ids per confidence, and fingerprints that ignore line shifts", async () => {
    const sarifOf = async () => JSON.parse((await runCli(["scan", "--format", "sarif", "test/fixtures/scan/shell"])).stdout);
    const sarif = await sarifOf();
    const run = sarif.runs[0];
    expect(run.originalUriBaseIds["%SRCROOT%"].uri).toMatch(/^file:\/\/.*\/$/);
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual([
      "v1-call",
      "v1-call-inferred",
      "v1-mention",
      "v1-response-field",
      "v1-path-on-v2-base",
      "v1-fake-response",
      "v1-body-left",
      "v1-openapi-document",
    ]);
    const first = run.results[0];
    expect(first.locations[0].physicalLocation.artifactLocation).toEqual({ uri: "test/fixtures/scan/shell/scripts/deploy.sh", uriBaseId: "%SRCROOT%" });
    expect(first.locations[0].physicalLocation.region).toEqual({ startLine: 10, startColumn: 14, endColumn: 19 });
    expect(first.ruleIndex).toBe(0);
    expect(Object.keys(first.partialFingerprints)).toEqual(["v2kitFinding/v1"]);
    const fingerprints = new Set(run.results.map((result: { partialFingerprints: Record<string, string> }) => result.partialFingerprints["v2kitFinding/v1"]));
    expect(fingerprints.size).toBe(run.results.length);

    const shifted = tree({ "a.sh": "curl -X DELETE https://rest.runpod.io/v1/pods/p1\n" });
    const before = JSON.parse((await runCli(["scan", "--format", "sarif", shifted])).stdout).runs[0].results[0];
    writeFileSync(join(shifted, "a.sh"), "#!/bin/sh\n\ncurl -X DELETE https://rest.runpod.io/v1/pods/p1\n");
    const after = JSON.parse((await runCli(["scan", "--format", "sarif", shifted])).stdout).runs[0].results[0];
    expect(after.locations[0].physicalLocation.region.startLine).toBe(3);
    expect(after.partialFingerprints).toEqual(before.partialFingerprints);
  });
});
