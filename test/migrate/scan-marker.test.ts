// The `v2kit:` comment `migrate scan --fix --unsafe-fixes` writes above a call it moved to v2 with a
// body it did not migrate (migrate/scan/marker.ts): where it goes in each language's statements,
// that the file still parses with it, and that a scan finds it again as a `v1-body-left` finding.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkSource } from "../../code/index.js";
import { fixFile } from "../../migrate/scan/fix.js";
import { scanSource } from "../../migrate/scan/index.js";
import { markedFindings, markerEdit, stuckMarkerText } from "../../migrate/scan/marker.js";
import { PRINTED_KEY_CLIENT } from "./marker-clients.js";

const WORDS = stuckMarkerText("POST /pods", "POST /v2/pods", "createPod");

/** `source` with the comment placed for the call whose path literal is `at` (its first occurrence). */
function marked(path: string, source: string, at: string): string | undefined {
  const edit = markerEdit(path, source, source.indexOf(at), WORDS);
  return edit === undefined ? undefined : source.slice(0, edit.start) + edit.text + source.slice(edit.end);
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
/** Writes `text` as `name` in a new folder, and runs `tool ARGS name` there: its exit status and output. */
function check(name: string, text: string, tool: string, args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-marker-"));
  scratch.push(dir);
  writeFileSync(join(dir, name), text);
  const ran = spawnSync(tool, [...args, name], { cwd: dir, encoding: "utf8" });
  return { status: ran.status, output: `${ran.stdout}${ran.stderr}` };
}

describe("where the v2kit: comment goes", () => {
  it("JavaScript: above the statement a call spread over lines begins, indented as it is; node still parses the file", () => {
    const source = [
      "async function createPod(apiKey, body) {",
      '  log.info("creating");',
      "  const pod =",
      "    await restRequest(",
      "      apiKey,",
      '      "POST",',
      '      "/pods",',
      "      body,",
      "    );",
      "  return pod;",
      "}",
      "",
    ].join("\n");
    const text = marked("client.js", source, '"/pods"');
    expect(text).toContain(`  log.info("creating");\n  // v2kit: ${WORDS}\n  const pod =\n`);
    expect(check("client.js", text as string, process.execPath, ["--check"]).status).toBe(0);
  });

  it("JavaScript: a chained call on its own line belongs to the statement above it", () => {
    const source = ["function create(http, body) {", "  return http", '    .post("/pods", body)', "    .then((r) => r.data);", "}", ""].join("\n");
    expect(marked("client.js", source, '"/pods"')).toContain(`{\n  // v2kit: ${WORDS}\n  return http\n`);
  });

  it("Python: above a statement continued by a backslash or open brackets, with CRLF line ends kept; python3 still compiles it", () => {
    const source = [
      "class Client:",
      "    def create(self, payload):",
      "        x = 1",
      "        return self._rest(",
      '            "POST", \\',
      '            "/pods", payload)',
      "",
    ].join("\r\n");
    const text = marked("client.py", source, '"/pods"') as string;
    expect(text).toContain(`        x = 1\r\n        # v2kit: ${WORDS}\r\n        return self._rest(\r\n`);
    expect(check("client.py", text, "python3", ["-m", "py_compile"]).status).toBe(0);
  });

  it("Go: above an if statement holding the call, in gofmt's layout", () => {
    const source = [
      "package client",
      "",
      "func (c *Client) CreatePod(req *Req) error {",
      '\tif err := c.Post("/pods", req); err != nil {',
      "\t\treturn err",
      "\t}",
      "\treturn nil",
      "}",
      "",
    ].join("\n");
    const text = marked("client.go", source, '"/pods"') as string;
    expect(text).toContain(`{\n\t// v2kit: ${WORDS}\n\tif err := c.Post(`);
    // gofmt -l names a file whose layout it would change.
    if (spawnSync("gofmt", ["-l"], { input: "" }).status === 0) expect(check("client.go", text, "gofmt", ["-l"]).output).toBe("");
  });

  it("shell: above the first line of a command continued by backslashes; bash still parses the script", () => {
    const source = ["#!/bin/bash", 'BASE="https://api.runpod.io/v2"', "echo start", "curl -s -X POST \\", '  "$BASE/pods" \\', '  -d "$BODY"', ""].join("\n");
    const text = marked("run.sh", source, '"$BASE/pods"') as string;
    expect(text).toContain(`echo start\n# v2kit: ${WORDS}\ncurl -s -X POST \\\n`);
    expect(check("run.sh", text, "bash", ["-n"]).status).toBe(0);
  });

  it("nowhere in prose, or where the statement's first line begins inside a string", () => {
    expect(markerEdit("README.md", "POST /pods\n", 0, WORDS)).toBeUndefined();
    const source = ["const a = `x", "y`; post('/pods', body);", ""].join("\n");
    expect(marked("client.js", source, "'/pods'")).toBeUndefined();
  });
});

describe("a scan finds the comment again", () => {
  it("as a v1-body-left finding at the comment, with both routes and what to do", () => {
    const text = ["def create(self, payload):", `    # v2kit: ${WORDS}`, '    return self._rest("POST", "/pods", payload)', ""].join("\n");
    expect(markedFindings("client.py", text)).toEqual([
      {
        line: 2,
        column: 7,
        match: `v2kit: ${WORDS}`,
        v1: { method: "POST", path: "/pods" },
        v2: { method: "POST", path: "/v2/pods" },
        notes: [
          {
            level: "error",
            message: "a fix moved this call to v2 and its body is still v1 (v2 refuses it: 422): make it the v2 createPod body, then delete this comment",
          },
        ],
        confidence: "certain",
        inferred: [],
        ruleId: "v1-body-left",
      },
    ]);
  });

  it("not in Markdown, and not in a comment that only mentions v2kit", () => {
    expect(markedFindings("notes.md", `# v2kit: ${WORDS}\n`)).toEqual([]);
    expect(markedFindings("client.py", "# v2kit: run it with --fix\n")).toEqual([]);
  });

  it("by `v2kit scan` too (the editor's and CI's check of code), as an error at the comment", () => {
    const text = ["def create(self, payload):", `    # v2kit: ${WORDS}`, '    return self._rest("POST", "/pods", payload)', ""].join("\n");
    const found = checkSource(text, "client.py").filter((finding) => finding.line === 2);
    expect(found.map((finding) => [finding.rule, finding.level, finding.column, finding.message])).toEqual([
      [
        "v1-call",
        "error",
        7,
        "a call a fix moved to v2 (POST /pods is now POST /v2/pods) with a body it did not migrate: make it the v2 body, then delete the `v2kit:` comment",
      ],
    ]);
  });

  it("fixFile alone (no client units): a file's URL constant moves past a stuck call on a route v2 keeps only with the comment", () => {
    const text = PRINTED_KEY_CLIENT;
    const result = fixFile(text, "pods.py", scanSource(text, "pods.py", [], { sites: true }), { unsafe: true });
    expect(result.text).toContain('BASE = "https://api.runpod.io/v2"');
    expect(result.text).toContain(`    print(body["imageName"])\n    # v2kit: ${WORDS}\n    return requests.post(`);
    expect(markedFindings("pods.py", result.text).map((finding) => finding.ruleId)).toEqual(["v1-body-left"]);
    // Without --unsafe-fixes nothing moves.
    expect(fixFile(text, "pods.py", scanSource(text, "pods.py", [], { sites: true }), { unsafe: false }).text).toBe(text);
  });

  it("a Markdown example whose body is a file (`-d @pod.json`) moves with its URL alone and no comment: the docs run nowhere", () => {
    const text = [
      "# Pods",
      "",
      "```bash",
      "curl -X POST https://rest.runpod.io/v1/pods \\",
      '  -H "Authorization: Bearer $KEY" \\',
      "  -d @pod.json",
      "```",
      "",
    ].join("\n");
    const result = fixFile(text, "README.md", scanSource(text, "README.md", [], { sites: true }), { unsafe: true });
    expect(result.text).toBe(text.replace("https://rest.runpod.io/v1/pods", "https://api.runpod.io/v2/pods"));
    expect(result.fixed).toHaveLength(1);
  });
});
