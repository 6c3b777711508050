// Issue 13, item 12: text from input never reaches a terminal or a CI log as control characters.
// A body key holding `\n::add-mask::…\n::warning title=…::` must not print a line GitHub Actions
// runs as a workflow command; ESC and BEL are never printed raw, in any format, in code frames,
// generate warnings, or migrate output.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { printable } from "../../lint/printable.js";

const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "v2kit.js");
const dir = mkdtempSync(join(tmpdir(), "v2kit-harden-escape-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INJECTION = "\n::add-mask::hunter2\n::warning title=pwned::owned\r\n\u001b[2J\u0007\u009b31m\u2028";
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

function v2kit(args: string[], input = "") {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, input, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every line of GitHub-format output is one of our own annotations; nothing else is a command. */
function expectOnlyOwnCommands(text: string) {
  for (const line of text.split("\n").filter((row) => row !== "")) expect(line).toMatch(/^::(error|warning) file=/);
}

function expectNoCommandLines(text: string) {
  for (const line of text.split("\n")) expect(line.trimStart().startsWith("::")).toBe(false);
}

describe("printable", () => {
  const table: [string, string][] = [
    ["plain text", "plain text"],
    ["tab\tstays", "tab\tstays"],
    ["a\nb", "a\\nb"],
    ["a\r\nb", "a\\r\\nb"],
    ["\u001b[31mred", "\\e[31mred"],
    ["bell\u0007", "bell\\u0007"],
    ["c1\u009b", "c1\\u009b"],
    ["del\u007f", "del\\u007f"],
    ["ls\u2028ps\u2029", "ls\\u2028ps\\u2029"],
    ["bidi\u202eevil\u2066", "bidi\\u202eevil\\u2066"],
  ];
  test.each(table)("%j -> %j", (given, want) => expect(printable(given)).toBe(want));
});

describe("lint formats", () => {
  const body = join(dir, "key.json");
  writeFileSync(body, JSON.stringify({ name: "x", [INJECTION]: 1, image: INJECTION }));
  const malformed = join(dir, "raw.json");
  writeFileSync(malformed, `{"name": "x\u001b[2J\u0007",\n "a": ]`);

  test.each(["pretty", "github", "sarif", "json", "problem"])("--format %s prints no raw control character and no command line", (format) => {
    for (const file of [body, malformed]) {
      const result = v2kit(["lint", "--operation", "createEndpoint", "--format", format, file]);
      expect(result.code).toBe(1);
      expect(result.stdout).not.toMatch(RAW_CONTROL);
      if (format === "github") expectOnlyOwnCommands(result.stdout);
      else expectNoCommandLines(result.stdout);
    }
  });

  test("pretty shows raw text escaped in the code frame, the caret under the escape", () => {
    const result = v2kit(["lint", "--operation", "createEndpoint", malformed]);
    expect(result.stdout).toContain('{"name": "x\\e[2J\\u0007",');
    const lines = result.stdout.split("\n");
    const at = lines.findIndex((line) => line.startsWith("  > 1 |"));
    expect(lines[at + 1]?.indexOf("^")).toBe(lines[at]?.indexOf("\\e"));
  });

  test("a file name holding a command is escaped in github and pretty output", () => {
    const evil = "evil\n::warning title=x::owned.json";
    writeFileSync(join(dir, evil), "{}");
    const github = v2kit(["lint", "--operation", "createEndpoint", "--format", "github", evil]);
    expectOnlyOwnCommands(github.stdout);
    const pretty = v2kit(["lint", "--operation", "createEndpoint", evil]);
    expectNoCommandLines(pretty.stdout);
    expect(pretty.stdout).toContain("evil\\n::warning");
  });
});

describe("generate warnings and migrate output", () => {
  test("a spec pattern holding control characters is warned about escaped", () => {
    const spec = join(dir, "spec.json");
    const pattern = `(${INJECTION}`; // not a valid pattern: generate warns and names it
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {
          "/x": {
            post: {
              operationId: "createThing",
              requestBody: { content: { "application/json": { schema: { type: "object", properties: { a: { type: "string", pattern } } } } } },
              responses: { "204": { description: "none" } },
            },
          },
        },
      }),
    );
    const result = v2kit(["generate", "--spec", spec, "--out", join(dir, "out"), "--force"]);
    expect(result.stderr).toContain("pattern");
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expectNoCommandLines(result.stderr);
  });

  test("migrate and migrate scan print no raw control character", () => {
    const v1 = join(dir, "v1.json");
    writeFileSync(v1, JSON.stringify({ method: "POST", path: `/endpoints${INJECTION}`, body: { name: INJECTION, [INJECTION]: 1 } }));
    const migrate = v2kit(["migrate", v1]);
    expect(migrate.stdout).not.toMatch(RAW_CONTROL);
    expectNoCommandLines(migrate.stdout);

    const src = join(dir, "src");
    spawnSync("mkdir", [src]);
    writeFileSync(join(src, "client.js"), `fetch("https://rest.runpod.io/v1/endpoints/\u001b[2J\u0007x")\n`);
    const scan = v2kit(["migrate", "scan", src]);
    expect(scan.stdout).toContain("v1 call GET /endpoints/");
    expect(scan.stdout).not.toMatch(RAW_CONTROL);
  });
});
