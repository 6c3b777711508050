// Issue 13, item 10: numbers the service cannot take are not "valid". A literal past the float
// range (1e999, parsed as Infinity) is a 400 at its pointer, as malformed text is. (Integers past
// their format's bounds, 1e300, are not refused yet: see the README's Security and limits.)

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lint } from "../../runtime/index.js"; // the package entry: every operation's validators loaded

const root = path.resolve(import.meta.dirname, "../..");
const example = readFileSync(path.join(root, "examples/create-endpoint-gpu.json"), "utf8");
const op = { operation: "createEndpoint" };
const withMax = (literal: string) => example.replace(/"max":\s*5/, `"max": ${literal}`);

describe("numbers at the edges", () => {
  const table: [literal: string, status: number | null, rule?: string][] = [
    ["5", null],
    ["1e2", null],
    ["9007199254740991", null],
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
    const r = spawnSync(process.execPath, [path.join(root, "dist/cli/v2kit.js"), "lint", "--operation", "createEndpoint", "--format", "json", "-"], {
      input: withMax("1e999"),
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, status: 400, violations: [{ rule: "json/number", path: "/workers/max" }] });
  });
});
