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
    const result = v2kit(root, "lint", "--operation", "getEndpoint", "body.json");
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("getEndpoint takes no request body");
    expect(result.stderr).toContain("give --response STATUS");
    expect(result.stderr).toMatch(/Operations that take a request body:\n {2}createCluster\n/);
    expect(result.stderr).toContain("\n  updateEndpoint");
    expect(result.stderr).not.toContain("\n  getEndpoint");
    expect(result.status).toBe(2);
    expect(v2kit(root, "schema", "--operation", "getEndpoint").status).toBe(2);
  });

  it("names the GraphQL operation of the same name that does take one", () => {
    const result = v2kit(root, "lint", "--operation", "deleteTemplate", "body.json");
    expect(result.stderr).toContain("did you mean graphql:deleteTemplate?");
    expect(result.status).toBe(2);
  });

  it("--response STATUS still checks a response body of it", () => {
    const result = v2kit(root, "lint", "--operation", "getEndpoint", "--response", "200", "--format", "json", "body.json");
    expect(JSON.parse(result.stdout.trim()) as { ok: boolean }).toMatchObject({ ok: false });
    expect(result.status).toBe(1);
  });

  it("a config entry naming one is refused at the entry's FILE:LINE:COLUMN and pointer", () => {
    const dir = path.join(root, "config-no-body");
    write(path.join(dir, "bodies/get.json"), { id: "x" });
    write(path.join(dir, "bodies/create.json"), { name: "x" });
    write(path.join(dir, "v2kit.config.json"), '{\n  "lint": [\n    { "files": ["bodies/get.json"], "operation": "getEndpoint" }\n  ]\n}\n');
    const result = v2kit(dir, "lint");
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`${path.join(dir, "v2kit.config.json")}:3:50: /lint/0/operation: getEndpoint takes no request body`);
    expect(result.status).toBe(2);
  });
});

describe("a config lint entry whose glob matches no file", () => {
  const dir = () => path.join(root, "config-unmatched");
  beforeAll(() => {
    write(path.join(dir(), "deploy/endpoints/ok.json"), { name: "x" });
    write(path.join(dir(), "deploy/patch.json"), {});
    write(
      path.join(dir(), "v2kit.config.json"),
      '{\n  "lint": [\n    { "files": ["deploy/endpoints/*.json"], "operation": "createEndpoint" },\n    { "files": ["deploy/pach.json"], "operation": "updateEndpoint" }\n  ]\n}\n',
    );
  });

  it("is exit 2 at the glob's FILE:LINE:COLUMN and pointer, though the other entry matches", () => {
    const result = v2kit(dir(), "lint");
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `${path.join(dir(), "v2kit.config.json")}:4:17: /lint/1/files/0: "deploy/pach.json" matches no file (entry /lint/1, operation updateEndpoint)`,
    );
    expect(result.status).toBe(2);
  });

  it("also when FILEs are given (a pre-commit hook naming staged files)", () => {
    const result = v2kit(dir(), "lint", "deploy/endpoints/ok.json");
    expect(result.stderr).toContain('/lint/1/files/0: "deploy/pach.json" matches no file');
    expect(result.status).toBe(2);
  });

  it("one glob of several that matches nothing is named, not hidden by its siblings", () => {
    const other = path.join(root, "config-unmatched-sibling");
    write(path.join(other, "a/one.json"), { name: "x" });
    write(path.join(other, "v2kit.config.json"), { lint: [{ files: ["a/*.json", "b/*.json", "!a/skip.json"], operation: "createEndpoint" }] });
    const result = v2kit(other, "lint");
    expect(result.stderr).toContain('/lint/0/files/1: "b/*.json" matches no file');
    expect(result.status).toBe(2);
  });
});

describe("lint --quiet", () => {
  const spec = path.join(repo, "../shared/reference/upstream-v2-openapi.json");
  const body = () => {
    const file = path.join(root, "quiet.json");
    write(file, { name: "x", templateId: "t", gpu: { pools: ["ADA_24"] }, workers: { max: 1 } });
    return file;
  };

  it("with --spec of the published document: no compile warnings on stderr, no warnings in the output, errors kept", () => {
    const loud = v2kit(root, "lint", "--spec", spec, "--operation", "createEndpoint", "--format", "json", body());
    expect(loud.stderr.split("\n").filter((line) => line.includes("warning")).length).toBe(12);
    const noisy = JSON.parse(loud.stdout) as { warnings: unknown[]; violations: unknown[] };
    expect(noisy.warnings.length).toBeGreaterThan(0);
    const quiet = v2kit(root, "lint", "--quiet", "--spec", spec, "--operation", "createEndpoint", "--format", "json", body());
    expect(quiet.stderr).toBe("");
    const line = JSON.parse(quiet.stdout) as { warnings: unknown[]; violations: unknown[] };
    expect(line.warnings).toEqual([]);
    expect(line.violations).toEqual(noisy.violations);
    expect(quiet.status).toBe(loud.status);
  });

  it("pretty output prints errors only", () => {
    const result = v2kit(root, "lint", "--quiet", "--operation", "createEndpoint", body());
    expect(result.stdout).toContain(" error ");
    expect(result.stdout).not.toContain("warning");
  });

  it("with --ndjson is a usage error (a result line keeps its warnings)", () => {
    const result = v2kit(root, "lint", "--quiet", "--ndjson", "--operation", "createEndpoint", body());
    expect(result.stderr).toContain("--quiet is for whole files");
    expect(result.status).toBe(2);
  });
});

describe("migrate with a mistyped subcommand", () => {
  it("migrate scna is exit 2 with did you mean scan?, not 'cannot read scna'", () => {
    const result = v2kit(root, "migrate", "scna");
    expect(result.stderr).toContain('unknown subcommand "scna"; did you mean scan?');
    expect(result.stderr).not.toContain("cannot read");
    expect(result.status).toBe(2);
  });

  it("a file of that name is still a FILE to migrate", () => {
    const result = v2kit(root, "migrate", "body.json");
    expect(result.stderr).not.toContain("unknown subcommand");
    const near = v2kit(root, "migrate", "scna.json");
    expect(near.stderr).toContain("cannot read scna.json");
  });
});

describe("a context file a config entry names that cannot be read", () => {
  it("is named as the config's key at its FILE:LINE:COLUMN and pointer, not as a --catalog never passed", () => {
    const dir = path.join(root, "config-missing-catalog");
    write(path.join(dir, "bodies/one.json"), { name: "x" });
    write(
      path.join(dir, "v2kit.config.json"),
      '{\n  "lint": [\n    { "files": ["bodies/*.json"], "operation": "createEndpoint",\n      "catalog": ["ci/gpus.json"] }\n  ]\n}\n',
    );
    const result = v2kit(dir, "lint");
    expect(result.stderr).toContain(`cannot read the config's "catalog" (${path.join(dir, "v2kit.config.json")}:4:18: /lint/0/catalog)`);
    expect(result.stderr).not.toContain("--catalog");
    expect(result.status).toBe(2);
  });
});
