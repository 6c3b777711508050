// One error style for every command (issue: consumer friction): JSON failures by line and column,
// did-you-mean for options, failed reads in words, never a raw Node error code or V8 "position N".

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../dist/cli/v2kit.js", import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });
const dir = mkdtempSync(path.join(tmpdir(), "v2kit-errors-"));

describe("one error style", () => {
  it("migrate reports malformed JSON by line and column, as lint does", () => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, '{"method": "POST",\n "path": "/pods", x}');
    const migrated = run("migrate", file);
    expect(migrated.stdout).toContain("must be JSON: Expected double-quoted property name at line 2, column 19");
    expect(migrated.stdout).not.toMatch(/position \d+/);
    const linted = run("lint", "--operation", "createPod", file);
    expect(linted.stdout).toContain("at line 2, column 19");
  });

  it("serve suggests the option meant, as lint and generate do", () => {
    const result = run("serve", "--prot", "1");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option --prot; did you mean --port?");
  });

  it("did-you-mean for option values too (lint --format, migrate scan --format and --fail-on)", () => {
    expect(run("lint", "--format", "prety", "--operation", "createPod", path.join(dir, "x.json")).stderr).toContain("did you mean pretty?");
    expect(run("migrate", "scan", "--format", "jsn", dir).stderr).toContain("did you mean json?");
    expect(run("migrate", "scan", "--fail-on", "certian", dir).stderr).toContain("did you mean certain?");
  });

  it("serve names itself, not lint, when a context file cannot be read or parsed", () => {
    const missing = path.join(dir, "no-catalog.json");
    const unread = run("serve", "--catalog", missing);
    expect(unread.status).toBe(2);
    expect(unread.stderr).toMatch(/^v2kit: serve: cannot read --catalog \S+no-catalog\.json: ENOENT, no such file/);
    const broken = path.join(dir, "broken-templates.json");
    writeFileSync(broken, '{"templates": [');
    const parsed = run("serve", "--templates", broken);
    expect(parsed.status).toBe(2);
    expect(parsed.stderr).toMatch(/^v2kit: serve: --templates \S+broken-templates\.json is not valid JSON: .* at line 1, column \d+/);
  });

  it("migrate scan says in words why a path cannot be read", () => {
    const result = run("migrate", "scan", path.join(dir, "nope"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("no such file or directory");
    expect(result.stderr).not.toMatch(/ENOENT|\bstat\b/);
  });
});

describe("errors of the variant the body chose", () => {
  it("scaling QUEUE_DELAY with queueDelay 0: one violation, none telling it to switch to REQUEST_COUNT", async () => {
    const { lint, loadValidators } = await import("../lint/lint.js");
    await loadValidators("createEndpoint");
    const body = { name: "e", type: "QUEUE", image: "a/b:1", scaling: { type: "QUEUE_DELAY", queueDelay: 0 }, gpu: { pools: ["ADA_24"] } };
    const result = lint(body, { operation: "createEndpoint" });
    expect(result.violations.map((violation) => [violation.path, violation.rule])).toEqual([["/scaling/queueDelay", "schema/minimum"]]);
    const unknown = lint({ ...body, scaling: { type: "FAST", queueDelay: 2 } }, { operation: "createEndpoint" });
    expect(unknown.violations.map((violation) => [violation.path, violation.message])).toEqual([
      ["/scaling/type", 'must name one of the variants of this value, not "FAST"'],
    ]);
  });
});
