// Issue 13, item 10: numbers the service cannot take are not "valid". A literal past the float
// range (1e999, parsed as Infinity) is a 400 at its pointer, as malformed text is. An integer past
// the range it can be checked in (its format's, else ±(2^53 − 1)) is a 422 schema/maximum or
// schema/minimum at its pointer.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded

const root = path.resolve(import.meta.dirname, "../..");
const example = readFileSync(path.join(root, "examples/create-endpoint-gpu.json"), "utf8");
const op = { operation: "createEndpoint" };
const withMax = (literal: string) => example.replace(/"max":\s*5/, `"max": ${literal}`);

describe("numbers at the edges", () => {
  const table: [literal: string, status: number | null, rule?: string][] = [
    ["5", null],
    ["1e2", null],
    ["9007199254740991", null],
    ["9007199254740992", 422, "schema/maximum"],
    ["9007199254740993", 422, "schema/maximum"],
    ["1e300", 422, "schema/maximum"],
    ["-1e300", 422, "schema/minimum"],
    ["1e999", 400, "json/number"],
    ["-1e999", 400, "json/number"],
    [`1${"0".repeat(400)}`, 400, "json/number"],
  ];
  it.each(table)("workers.max: %s -> %s", (literal, status, rule) => {
    expect(withMax(literal)).toContain(`"max": ${literal}`);
    const result = lint(withMax(literal), op);
    expect(result.status).toBe(status);
    if (rule) expect(result.violations).toContainEqual(expect.objectContaining({ rule, path: "/workers/max" }));
  });

  it("NaN and Infinity in a value handed to lint() are 400 at their pointer", () => {
    const body = JSON.parse(example) as { workers: Record<string, unknown> };
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = lint({ ...body, workers: { ...body.workers, max: bad } }, op);
      expect(result.violations[0]).toMatchObject({ rule: "json/number", status: 400, path: "/workers/max" });
    }
  });

  it("the CLI exits 1 with the pointer", () => {
    const result = spawnSync(process.execPath, [path.join(root, "dist/cli/v2kit.js"), "lint", "--operation", "createEndpoint", "--format", "json", "-"], {
      input: withMax("1e999"),
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, status: 400, violations: [{ rule: "json/number", path: "/workers/max" }] });
  });

  it("an int32 field is bounded by ±2^31 under lint --spec; a tighter bound of the document wins", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-int32-"));
    try {
      const spec = path.join(dir, "spec.json");
      const schema = {
        type: "object",
        properties: { a: { type: "integer", format: "int32" }, b: { type: "integer", maximum: 10 }, c: { type: "integer", format: "int64" } },
      };
      const operation = {
        operationId: "createThing",
        requestBody: { content: { "application/json": { schema } } },
        responses: { "200": { description: "ok" } },
      };
      writeFileSync(spec, JSON.stringify({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/v2/things": { post: operation } } }));
      const bodies = ['{"a": 2147483647, "b": 10, "c": 9007199254740991}', '{"a": 2147483648}', '{"a": -2147483649}', '{"b": 11}', '{"c": 1e300}'];
      const result = spawnSync(
        process.execPath,
        [path.join(root, "dist/cli/v2kit.js"), "lint", "--spec", spec, "--operation", "createThing", "--ndjson", "--format", "json", "-"],
        {
          input: bodies.join("\n"),
          encoding: "utf8",
        },
      );
      const [ok, a, aLow, b, cHigh] = result.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as unknown);
      expect(ok).toMatchObject({ ok: true });
      expect(a).toMatchObject({ violations: [{ rule: "schema/maximum", path: "/a", message: "must be <= 2147483647" }] });
      expect(aLow).toMatchObject({ violations: [{ rule: "schema/minimum", path: "/a" }] });
      expect(b).toMatchObject({ violations: [{ rule: "schema/maximum", path: "/b", message: "must be <= 10" }] });
      expect(cHigh).toMatchObject({ violations: [{ rule: "schema/maximum", path: "/c" }] });
      expect(result.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
