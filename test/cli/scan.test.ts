// `v2kit scan` (issue 44) run as a user runs it: the built CLI as a child process, on small trees
// written here. Each format, --fail-on, --max-warnings, exit codes 0/1/2, the config's "scan"
// section, an unreadable path, and did-you-mean on a misspelt flag, value or command.

import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratch } from "../fixtures/conformance/support.js";

const tree = (files: Record<string, string>): string => {
  const root = scratch("code-scan");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
};

const scan = (cwd: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, [cli, "scan", ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

const CLIENT = 'import requests\n\nBASE = "https://rest.runpod.io/v1"\n\n\ndef pods():\n    return requests.get(f"{BASE}/pods").json()\n';
const DEPLOY = "#!/bin/sh\ncurl -X DELETE https://rest.runpod.io/v1/pods/p1\n";
const V2 = 'const res = await fetch("https://api.runpod.io/v2/pods", { method: "GET" });\nexport const pods = await res.json();\n';
const NOTES = "# Pods\n\nCall GET /v1/pods to list pods.\n";

const project = () =>
  tree({
    "src/client.py": CLIENT,
    "src/deploy.sh": DEPLOY,
    "src/v2.ts": V2,
    "docs/notes.md": NOTES,
    "v2kit.config.json": '{ "scan": { "include": ["src"], "exclude": ["deploy.sh"] } }\n',
  });

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("v2kit scan DIR", () => {
  it("reports each v1 call as a v1-call error, exit 1; prose that names a route is not reported", () => {
    const root = project();
    const run = scan(root, "--format", "json", "src", "docs");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const lines = jsonLines(run.stdout);
    expect(lines.map((line) => `${line.file}:${line.line}:${line.column} ${line.rule} ${line.level}`)).toEqual([
      "src/client.py:7:33 v1-call error",
      "src/deploy.sh:2:16 v1-call error",
    ]);
    // The public contract: these keys, in this order, on every line.
    for (const line of lines)
      expect(Object.keys(line)).toEqual(["file", "line", "column", "endLine", "endColumn", "level", "rule", "message", "operation", "verdict", "hints"]);
    expect(lines[1]).toMatchObject({ endLine: 2, endColumn: 49, message: expect.stringContaining("use DELETE /v2/pods/p1"), operation: null, verdict: null });
  });

  it("exits 0 on a tree with v2 calls only, and prints nothing", () => {
    const root = tree({ "src/v2.ts": V2 });
    const run = scan(root, "src");
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("pretty: file:line:column, level, message, rule id, a code frame with a caret under the column, and a summary", () => {
    const run = scan(project(), "src/deploy.sh");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("src/deploy.sh:2:16 error a call to the retired v1 API (DELETE /pods/p1): use DELETE /v2/pods/p1  v1-call");
    const lines = run.stdout.split("\n");
    const at = lines.findIndex((line) => line.includes("> 2 | curl -X DELETE"));
    expect(at).toBeGreaterThan(0);
    const codeLine = lines[at] as string;
    const caretLine = lines[at + 1] as string;
    // The caret is under column 16 of the source line: the `h` of https.
    expect(caretLine.indexOf("^") - codeLine.indexOf("curl")).toBe(15);
    expect(run.stdout).toContain("1 problem (1 error, 0 warnings, 0 notes)");
    expect(run.stdout).not.toContain("\u001b[");
  });

  it("github: one ::error workflow command per finding, with file, line, col and the rule as title", () => {
    const run = scan(project(), "--format", "github", "src/deploy.sh");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      "::error file=src/deploy.sh,line=2,col=16,endLine=2,endColumn=49,title=v1-call::a call to the retired v1 API (DELETE /pods/p1): use DELETE /v2/pods/p1\n",
    );
  });

  it("sarif: SARIF 2.1.0, one run, every rule with its help and default level, results located by region", () => {
    const run = scan(project(), "--format", "sarif", "src");
    expect(run.code).toBe(1);
    const sarif = JSON.parse(run.stdout);
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs).toHaveLength(1);
    const [only] = sarif.runs;
    const rules = only.tool.driver.rules as { id: string; help: { text: string }; defaultConfiguration: { level: string } }[];
    expect(rules.map((rule) => `${rule.id}:${rule.defaultConfiguration.level}`)).toEqual([
      "v1-call:error",
      "v2-unknown-route:error",
      "v2-unknown-query-param:warning",
      "v2-invalid-body:error",
      "v2-unknown-response-field:warning",
      "v2-body-elsewhere:note",
      "v1-openapi-document:error",
    ]);
    for (const rule of rules) expect(rule.help.text.length).toBeGreaterThan(10);
    expect(only.results).toHaveLength(2);
    const [first] = only.results;
    expect(first).toMatchObject({ ruleId: "v1-call", ruleIndex: 0, level: "error" });
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "src/client.py", uriBaseId: "%SRCROOT%" },
      region: { startLine: 7, startColumn: 33, endLine: 7, endColumn: 38 },
    });
    expect(only.originalUriBaseIds["%SRCROOT%"].uri).toMatch(/^file:\/\/.*\/$/);
  });
});

describe("--fail-on and --max-warnings", () => {
  it("--fail-on none exits 0 with the findings printed; note and warning still fail on an error", () => {
    const root = project();
    expect(scan(root, "--fail-on", "none", "src").code).toBe(0);
    expect(scan(root, "--fail-on", "none", "src").stdout).toContain("v1-call");
    expect(scan(root, "--fail-on", "warning", "src").code).toBe(1);
    expect(scan(root, "--fail-on", "note", "src").code).toBe(1);
  });

  it("--max-warnings: v1-call is an error, not a warning, so --max-warnings 0 alone does not fail a tree of errors at --fail-on none", () => {
    const root = project();
    expect(scan(root, "--fail-on", "none", "--max-warnings", "0", "src").code).toBe(0);
    const bad = scan(root, "--max-warnings", "-1", "src");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--max-warnings");
  });

  it("a misspelt --fail-on value is exit 2 with the closest level", () => {
    const run = scan(project(), "--fail-on", "eror", "src");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fail-on must be one of error, warning, note, none, not "eror"; did you mean error?');
  });
});

describe("usage errors: exit 2 with did-you-mean", () => {
  it("a misspelt flag names the flag it is close to", () => {
    const run = scan(project(), "--max-warning", "3", "src");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option --max-warning; did you mean --max-warnings?");
  });

  it("a misspelt format names the closest format", () => {
    const run = scan(project(), "--format", "sarf", "src");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("did you mean sarif?");
  });

  it("a misspelt command names scan", () => {
    const run = spawnSync(process.execPath, [cli, "scna", "src"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown command "scna"; did you mean scan?');
  });

  it("no path and no config is exit 2 that says what to give", () => {
    const root = tree({ "src/v2.ts": V2 });
    const run = scan(root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('name a DIR or FILE to scan (or write a v2kit.config.json with a "scan" section)');
  });
});

describe('the config\'s "scan" section', () => {
  it("with no path, reads its include and leaves out its exclude", () => {
    const run = scan(project(), "--format", "json");
    expect(run.code).toBe(1);
    expect(jsonLines(run.stdout).map((line) => line.file)).toEqual(["src/client.py"]);
  });

  it("a bad config is exit 2 with its file and JSON pointer", () => {
    const root = tree({ "src/v2.ts": V2, "v2kit.config.json": '{ "scan": { "includes": ["src"] } }\n' });
    const run = scan(root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('v2kit.config.json: /scan: unknown key "includes"; did you mean include?');
  });

  it("an include that matches nothing is exit 2, not a pass", () => {
    const root = tree({ "src/v2.ts": V2, "v2kit.config.json": '{ "scan": { "include": ["lib/**/*.py"] } }\n' });
    const run = scan(root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/scan/include: "lib/**/*.py" matches no file or folder');
  });
});

describe("unreadable paths", () => {
  it("a missing path is exit 2 named on stderr; --skip-unreadable reports it and lets the findings decide", () => {
    const root = tree({ "src/v2.ts": V2 });
    const run = scan(root, "src", "nope");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("v2kit scan: cannot read nope: no such file or directory");
    const skipped = scan(root, "--skip-unreadable", "src", "nope");
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain("v2kit scan: skipped nope: no such file or directory");
  });

  it.skipIf(process.getuid?.() === 0)("a folder it may not read is exit 2", () => {
    const root = tree({ "src/a/client.py": CLIENT, "src/b/v2.ts": V2 });
    chmodSync(path.join(root, "src/a"), 0o000);
    try {
      const run = scan(root, "--format", "json", "src");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("cannot read src/a: permission denied");
    } finally {
      chmodSync(path.join(root, "src/a"), 0o755);
    }
  });
});
