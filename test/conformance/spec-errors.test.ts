// Invalid schemas and YAML alias bombs in --spec are input errors (issue 13, item 14): exit 1
// with the file and a JSON pointer, for `generate --spec` and `lint --spec` alike, never
// "internal error" (exit 70). And `lint --rules`/`--spec` warns about rules that do not fit the
// document exactly as generate does (item 15).

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, fixtures, repo, scratch } from "../fixtures/conformance/support.js";

const SCHEMA_AT = "/paths/~1v2~1endpoints/post/requestBody/content/application~1json/schema";

function specWith(dir: string, schema: unknown, version = "3.1.0"): string {
  const file = path.join(dir, "spec.json");
  const operation = {
    operationId: "createEndpoint",
    requestBody: { content: { "application/json": { schema } } },
    responses: { "200": { description: "ok" } },
  };
  writeFileSync(file, JSON.stringify({ openapi: version, info: { title: "t", version: "1" }, paths: { "/v2/endpoints": { post: operation } } }));
  return file;
}

/** A "billion laughs" YAML document: nine levels of nine aliases each. */
function aliasBomb(dir: string): string {
  const lines = ["openapi: 3.1.0", 'info: {title: t, version: "1"}', "paths: {}", "x-0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
  for (let i = 1; i < 9; i++)
    lines.push(
      `x-${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(", ")}]`,
    );
  const file = path.join(dir, "bomb.yaml");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const cases: { name: string; schema: unknown; pointer: string; message: RegExp }[] = [
  { name: "an unknown type", schema: { type: "bogus" }, pointer: `${SCHEMA_AT}/type`, message: /type must be equal to one of the allowed values/ },
  { name: "a string minimum", schema: { minimum: "x" }, pointer: `${SCHEMA_AT}/minimum`, message: /minimum must be number/ },
  { name: "an empty oneOf", schema: { oneOf: [] }, pointer: `${SCHEMA_AT}/oneOf`, message: /oneOf must NOT have fewer than 1 items/ },
  {
    name: "a foreign $schema",
    schema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" },
    pointer: `${SCHEMA_AT}/$schema`,
    message: /unsupported \$schema "http:\/\/json-schema.org\/draft-04\/schema#"/,
  },
  {
    name: "a nested invalid keyword",
    schema: { type: "object", properties: { a: { type: "bogus" } } },
    pointer: `${SCHEMA_AT}/properties/a/type`,
    message: /must be equal/,
  },
];

const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: repo, encoding: "utf8" });

describe("invalid schemas in --spec are input errors (exit 1, file and JSON pointer)", () => {
  for (const { name, schema, pointer, message } of cases) {
    it(name, () => {
      const dir = scratch("spec-error");
      const spec = specWith(dir, schema);
      const body = path.join(dir, "body.json");
      writeFileSync(body, "{}");
      for (const args of [
        ["generate", "--spec", spec, "--out", path.join(dir, "out")],
        ["lint", "--spec", spec, "--operation", "createEndpoint", body],
      ]) {
        const result = run(args);
        expect(result.stderr, args[0]).not.toMatch(/internal error|\n\s+at /);
        expect(result.status, `${args[0]}: ${result.stderr}`).toBe(1);
        expect(result.stderr).toContain(`spec.json: ${pointer}: `);
        expect(result.stderr).toMatch(message);
      }
    });
  }

  it("a YAML alias bomb", () => {
    const dir = scratch("alias-bomb");
    const spec = aliasBomb(dir);
    const body = path.join(dir, "body.json");
    writeFileSync(body, "{}");
    for (const args of [
      ["generate", "--spec", spec, "--out", path.join(dir, "out")],
      ["lint", "--spec", spec, "--operation", "createEndpoint", body],
    ]) {
      const result = run(args);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/bomb\.yaml: invalid YAML: .*aliases expand past the limit/);
    }
  });

  it("a valid 3.1 document with the OpenAPI dialect named in $schema still generates", () => {
    const dir = scratch("dialect-ok");
    const spec = specWith(dir, { $schema: "https://spec.openapis.org/oas/3.1/dialect/base", type: "object", properties: { name: { type: "string" } } });
    const body = path.join(dir, "body.json");
    writeFileSync(body, '{"name": "x"}');
    const result = run(["lint", "--spec", spec, "--rules", path.join(fixtures, "../../../rules/v2.rules.yaml"), "--operation", "createEndpoint", body]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.status, result.stderr).toBe(0);
  });
});

describe("lint --spec/--rules warns about rules that do not fit, as generate does", () => {
  it("the same warning lines on stderr from both commands", () => {
    const spec = path.join(fixtures, "openapi-3.1.yaml");
    const dir = scratch("rules-warn");
    const gen = run(["generate", "--spec", spec, "--out", path.join(dir, "out")]);
    expect(gen.status, gen.stderr).toBe(0);
    const warnings = gen.stderr.split("\n").filter((line) => line.startsWith("v2kit: warning: "));
    expect(warnings.join("\n")).toMatch(/warning: \/rules\/\d+: gpu-cpu-exactly-one: operation "createEndpoint" is not in the document; skipped for it/);
    const body = path.join(dir, "body.json");
    writeFileSync(body, "{}");
    const lint = run(["lint", "--spec", spec, "--operation", "formats31", body]);
    const lintWarnings = lint.stderr.split("\n").filter((line) => line.startsWith("v2kit: warning: "));
    expect(lintWarnings).toEqual(warnings);
  });
});
