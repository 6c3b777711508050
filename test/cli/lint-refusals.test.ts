// What `v2kit lint` refuses instead of passing silently (issue 43): an operation that takes no
// request body (every body was `valid`, exit 0), on the command line and in a config entry.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const cli = path.join(repo, "dist/cli/v2kit.js");
let root: string;

const v2kit = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8" });

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data, null, 2));
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "v2kit-lint-refusals-"));
  write(path.join(root, "body.json"), { anything: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("lint of an operation that takes no request body", () => {
  it("--operation getEndpoint is exit 2 naming the operations that take a body, as schema --operation getEndpoint refuses it", () => {
    const r = v2kit(root, "lint", "--operation", "getEndpoint", "body.json");
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("getEndpoint takes no request body");
    expect(r.stderr).toContain("give --response STATUS");
    expect(r.stderr).toMatch(/Operations that take a request body:\n {2}createCluster\n/);
    expect(r.stderr).toContain("\n  updateEndpoint");
    expect(r.stderr).not.toContain("\n  getEndpoint");
    expect(r.status).toBe(2);
    expect(v2kit(root, "schema", "--operation", "getEndpoint").status).toBe(2);
  });

  it("names the GraphQL operation of the same name that does take one", () => {
    const r = v2kit(root, "lint", "--operation", "deleteTemplate", "body.json");
    expect(r.stderr).toContain("did you mean graphql:deleteTemplate?");
    expect(r.status).toBe(2);
  });

  it("--response STATUS still checks a response body of it", () => {
    const r = v2kit(root, "lint", "--operation", "getEndpoint", "--response", "200", "--format", "json", "body.json");
    expect(JSON.parse(r.stdout.trim()) as { ok: boolean }).toMatchObject({ ok: false });
    expect(r.status).toBe(1);
  });

  it("a config entry naming one is refused at the entry's FILE:LINE:COLUMN and pointer", () => {
    const dir = path.join(root, "config-no-body");
    write(path.join(dir, "bodies/get.json"), { id: "x" });
    write(path.join(dir, "bodies/create.json"), { name: "x" });
    write(path.join(dir, "v2kit.config.json"), '{\n  "lint": [\n    { "files": ["bodies/get.json"], "operation": "getEndpoint" }\n  ]\n}\n');
    const r = v2kit(dir, "lint");
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${path.join(dir, "v2kit.config.json")}:3:50: /lint/0/operation: getEndpoint takes no request body`);
    expect(r.status).toBe(2);
  });
});
