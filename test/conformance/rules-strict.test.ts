// The bundled rules against a document they do not fit, through the CLI: by default each rule
// whose operation or field is missing is reported (rule id and JSON pointer into the rules
// file) and skipped; with --rules-strict the run fails with exit 1 and the same list. Never a crash.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, fixtures, scratch } from "../fixtures/conformance/support.js";

const spec = path.join(fixtures, "openapi-3.1.yaml");
const run = (...args: string[]) => spawnSync(process.execPath, [cli, "generate", "--spec", spec, ...args], { encoding: "utf8" });

describe("generate with rules whose targets are missing", () => {
  it("reports each missing target and skips it by default (exit 0)", () => {
    const out = scratch("rules-lenient");
    const result = run("--out", out);
    expect(result.stderr).not.toMatch(/internal error|TypeError|at .*\.js:\d+/);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/warning: \/rules\/\d+: gpu-cpu-exactly-one: operation "createEndpoint" is not in the document; skipped for it/);
    expect(result.stderr).toMatch(/warning: \/stages\/\d+: endpoint-patch-merge: operation "updateEndpoint" is not in the document/);
    expect(existsSync(path.join(out, "rules.mts"))).toBe(true);
  });

  it("fails with --rules-strict (exit 1), naming every rule and its pointer, and writes nothing", () => {
    const out = scratch("rules-strict");
    const result = run("--out", out, "--rules-strict");
    expect(result.stderr).not.toMatch(/internal error|TypeError|at .*\.js:\d+/);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/--rules-strict: \d+ rule\(s\) do not apply to this document/);
    expect(result.stderr).toMatch(/\/rules\/\d+: gpu-cpu-exactly-one: operation "createEndpoint" is not in the document/);
    expect(existsSync(path.join(out, "rules.mts"))).toBe(false);
  });
});
