// v2kit lint on GraphQL bodies, the way a user runs it: bodies as the official clients build
// them (fixtures/clients/*.json record repo, path and commit), and the place of an invalid
// value inside the query string in the pretty code frame, --format json and --format github.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = join(root, "dist/cli/v2kit.js");
const scratch = mkdtempSync(join(tmpdir(), "v2kit-graphql-"));
const fixtures = fileURLToPath(new URL("fixtures/clients/", import.meta.url));

function lint(args: string[]) {
  const result = spawnSync(process.execPath, [cli, "lint", ...args], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Write `text` to a scratch file; its path. */
function file(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** 1-based line and column of the first `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0): string {
  const offset = text.indexOf(needle);
  expect(offset, `${needle} in the file`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset + shift).split("\n");
  return `${before.length}:${(before.at(-1) ?? "").length + 1}`;
}

interface ClientFixture {
  source: { repo: string; path: string; commit: string; built: string };
  operation: string;
  want: { ok: boolean; rules?: string[] };
  reason: string;
  body: unknown;
}

const clients = readdirSync(fixtures)
  .filter((fileName) => fileName.endsWith(".json"))
  .sort()
  .map((fileName) => ({ name: fileName, ...(JSON.parse(readFileSync(join(fixtures, fileName), "utf8")) as ClientFixture) }));

describe("bodies as the official clients and the docs build them", () => {
  test("every fixture names its source", () => {
    expect(clients.length).toBeGreaterThanOrEqual(10);
    for (const client of clients) expect(client.source.commit, client.name).toMatch(/^[0-9a-f]{40}$/);
  });

  test.each(clients)("$name: $reason", ({ name, operation, want, body }) => {
    const result = lint(["--operation", operation, "--format", "json", file(name, `${JSON.stringify(body, null, 2)}\n`)]);
    const verdict = JSON.parse(result.stdout) as { ok: boolean; violations: { rule: string }[] };
    expect(verdict.ok).toBe(want.ok);
    expect(result.code).toBe(want.ok ? 0 : 1);
    expect(verdict.violations.map((violation) => violation.rule)).toEqual(want.rules ?? []);
  });
});

describe("the place of an invalid inline value", () => {
  const fixture = clients.find((client) => client.name === "python-serverless-volume.json") as ClientFixture;
  const text = `${JSON.stringify(fixture.body, null, 2)}\n`;
  const path = file("python-serverless-volume.json", text);
  // The SDK's query is multi-line with escaped quotes before the value: the column is that of
  // `20` in the file, not in the decoded query.
  const where = positionOf(text, "volumeInGb: 20", "volumeInGb: ".length);

  test("pretty: file:line:col and a caret under the value in the code frame", () => {
    const result = lint(["--operation", "saveTemplate", path]);
    expect(result.code).toBe(1);
    const [head, message, frame] = [result.stdout.split("\n")[0], result.stdout.split("\n")[1], result.stdout.split("\n").slice(2, 5).join("\n")];
    expect(head).toBe(`${path}:${where} error serverless-template-volume-zero 400`);
    expect(message).toBe(
      "  /query: must set `volumeInGb` to 0 on a serverless template: 20 is not one of 0 (argument input.volumeInGb, query line 5, column 141)",
    );
    const caret = frame.split("\n").find((line) => line.includes("^")) ?? "";
    const shown = frame.split("\n").find((line) => line.startsWith("  >")) ?? "";
    expect(shown.charAt(caret.indexOf("^"))).toBe("2");
    expect(shown.slice(caret.indexOf("^"), caret.indexOf("^") + 2)).toBe("20");
  });

  test("--format json: the pointer into the body as given, the argument path in the message", () => {
    const result = lint(["--operation", "saveTemplate", "--format", "json", path]);
    const verdict = JSON.parse(result.stdout) as { violations: { path: string; message: string }[]; problem: { errors: string[] } };
    expect(verdict.violations[0]?.path).toBe("/query");
    expect(verdict.violations[0]?.message).toMatch(/\(argument input\.volumeInGb, query line 5, column 141\)$/);
    expect(verdict.problem.errors[0]).toMatch(/^\/query: must set `volumeInGb` to 0/);
  });

  test("--format github: the same line and column", () => {
    const result = lint(["--operation", "saveTemplate", "--format", "github", path]);
    const [line, col] = where.split(":");
    expect(result.stdout).toContain(`::error file=${path},line=${line},col=${col},title=serverless-template-volume-zero::`);
  });

  test('escapes before the value (\\n, \\t, \\", \\u00e9, a surrogate pair) are counted as the file has them', () => {
    const query =
      'mutation {\n\tsaveTemplate(input: {name: "caf\u00e9 \\"x\\" \ud83d\ude80", imageName: "i", containerDiskInGb: 1, volumeInGb: 0, dockerArgs: 7}) { id }\n}';
    for (const body of [
      JSON.stringify({ query }, null, 2),
      JSON.stringify({ query }).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
    ]) {
      const result = lint(["--operation", "saveTemplate", file("escapes.json", body)]);
      expect(result.stdout.split("\n")[0]).toBe(
        `${join(scratch, "escapes.json")}:${positionOf(body, "dockerArgs: 7", "dockerArgs: ".length)} error schema/type 422`,
      );
    }
  });

  test("a syntax error in the query is a 400 at its place in the file", () => {
    const body = '{\n  "query": "mutation {\\n  saveTemplate(input: {name: \\"x\\") { id }\\n}"\n}\n';
    const result = lint(["--operation", "saveTemplate", file("syntax.json", body)]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")[0]).toBe(`${join(scratch, "syntax.json")}:${positionOf(body, ") { id }")} error graphql/syntax 400`);
    expect(result.stdout).toContain('/query: must be a GraphQL document: Syntax Error: Expected Name, found ")". (query line 2, column 33)');
  });
});

describe("operation names", () => {
  const body = file("secret.json", '{"query": "mutation { secretCreate(input: {name: \\"n\\", value: \\"v\\"}) { id } }"}');

  test("graphql:NAME and the bare name lint the same GraphQL operation", () => {
    for (const operation of ["secretCreate", "graphql:secretCreate"]) expect(lint(["--operation", operation, body]).code).toBe(0);
  });

  test("a mutation the spec does not name is a usage error that says what v2kit knows", () => {
    const result = lint(["--operation", "podFindAndDeployOnDemand", body]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'unknown operation "podFindAndDeployOnDemand". It is neither an operationId of the document nor a GraphQL operation v2kit knows (graphql:deleteTemplate, graphql:saveTemplate, graphql:secretCreate, graphql:secretDelete: the ones the specification names).',
    );
    expect(result.stderr).toContain("  secretCreate (GraphQL; also graphql:secretCreate)\n");
  });

  test("a near miss is suggested", () => {
    expect(lint(["--operation", "graphql:secretcreate", body]).stderr).toContain('unknown operation "graphql:secretcreate"; did you mean secretCreate?');
  });
});
