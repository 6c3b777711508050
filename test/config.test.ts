// v2kit.config.json (issue 23, item 1): `v2kit lint` without --operation finds the config in the
// current folder or a parent (or --config), lints every file it names or each FILE by the entry
// whose globs match, with the entry's context; a file no entry matches and an unknown key are
// exit 2 naming the config (did-you-mean for keys). The hand-written checks agree with the
// shipped JSON Schema (Ajv 2020).

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../cli/config.js";
import { CliError } from "../cli/command.js";

const repo = path.resolve(import.meta.dirname, "..");
const cli = path.join(repo, "dist/cli/v2kit.js");
let root: string;

const lint = (cwd: string, ...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, "lint", "--format", "json", ...args], { cwd, encoding: "utf8" });
  const lines = r.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { file: string; ok: boolean; status: number | null; violations: { rule: string }[] });
  return { code: r.status, lines, stderr: r.stderr };
};

const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof data === "string" ? data : JSON.stringify(data, null, 2));
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "v2kit-config-"));
  const example = (name: string) => path.join(repo, "examples", name);
  mkdirSync(path.join(root, "deploy/endpoints"), { recursive: true });
  copyFileSync(example("create-endpoint-gpu.json"), path.join(root, "deploy/endpoints/ok.json"));
  copyFileSync(example("create-endpoint-invalid.json"), path.join(root, "deploy/endpoints/bad.json"));
  copyFileSync(example("update-endpoint.json"), path.join(root, "deploy/patch.json"));
  copyFileSync(example("current-endpoint.json"), path.join(root, "deploy/current.json"));
  // A catalog in which ADA_24 holds the RTX 4090 only: the entry's own context decides.
  write(path.join(root, "ci/gpus.json"), { gpus: [{ id: "NVIDIA GeForce RTX 4090", pool: "ADA_24", displayName: "RTX 4090", memoryInGb: 24 }] });
  write(path.join(root, "v2kit.config.json"), {
    $schema: "./node_modules/v2kit/schema/v2kit.config.schema.json",
    lint: [
      { files: ["deploy/endpoints/*.json"], operation: "createEndpoint", catalog: ["ci/gpus.json"] },
      { files: ["deploy/patch.json"], operation: "updateEndpoint", current: "deploy/current.json" },
    ],
  });
  mkdirSync(path.join(root, "deep/er"), { recursive: true });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("v2kit lint with v2kit.config.json", () => {
  it("no FILE: lints every file the config names, each as its entry's operation, one exit status", () => {
    const r = lint(root);
    expect(r.stderr).toBe("");
    expect(r.lines.map((l) => [l.file, l.ok])).toEqual([
      ["deploy/endpoints/bad.json", false],
      // Valid against the bundled catalog, not against this entry's (see below).
      ["deploy/endpoints/ok.json", false],
      ["deploy/patch.json", true],
    ]);
    expect(r.code).toBe(1);
  });

  it("is found from a subfolder (the nearest config up), and paths in it are relative to it", () => {
    const r = lint(path.join(root, "deep/er"), "../../deploy/patch.json");
    expect(r.lines.map((l) => [l.file, l.ok])).toEqual([["../../deploy/patch.json", true]]);
    expect(r.code).toBe(0);
  });

  it("FILEs take the entry whose globs match them, with that entry's context (its catalog here)", () => {
    const r = lint(root, "deploy/endpoints/ok.json");
    // examples/create-endpoint-gpu.json selects ADA_24 and AMPERE_48: the config's catalog has no AMPERE_48.
    expect(r.lines[0]?.violations.map((v) => v.rule)).toContain("gpu-pools-known");
    expect(lint(root, "--operation", "createEndpoint", "deploy/endpoints/ok.json").lines[0]?.ok).toBe(true);
  });

  it("a FILE no entry matches is exit 2, naming the config", () => {
    const r = lint(root, "deploy/current.json");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path.join(root, "v2kit.config.json")}: no "lint" entry's "files" matches deploy/current.json`);
  });

  it("--config names another file; --config with --operation is a usage error", () => {
    write(path.join(root, "other/cfg.json"), { lint: [{ files: ["../deploy/patch.json"], operation: "updateEndpoint" }] });
    const r = lint(path.join(root, "deep"), "--config", path.join(root, "other/cfg.json"));
    expect(r.lines.map((l) => l.file)).toEqual(["../deploy/patch.json"]);
    expect(lint(root, "--config", "x.json", "--operation", "createEndpoint", "a.json").code).toBe(2);
  });

  it("no config and no --operation is a usage error that says how to give one", () => {
    const alone = mkdtempSync(path.join(tmpdir(), "v2kit-noconfig-"));
    const r = lint(alone, "a.json");
    rmSync(alone, { recursive: true, force: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--operation is required, or a v2kit\.config\.json/);
  });

  it("an unknown key is exit 2 with the pointer and a did-you-mean", () => {
    const file = path.join(root, "typo/v2kit.config.json");
    write(file, { lint: [{ files: ["*.json"], operation: "createEndpoint", catalogs: ["g.json"] }] });
    const r = lint(path.join(root, "typo"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}: /lint/0: unknown key "catalogs"; did you mean catalog?`);
  });

  it("malformed JSON is exit 2 with line and column", () => {
    const file = path.join(root, "broken/v2kit.config.json");
    write(file, '{\n  "lint": [\n    { "files": ["a.json"], }\n  ]\n}\n');
    const r = lint(path.join(root, "broken"));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:\\d+: not valid JSON`));
  });
});

describe("migrate scan with the config's scan section", () => {
  const scan = (cwd: string, ...args: string[]) =>
    spawnSync(process.execPath, [cli, "migrate", "scan", "--format", "json", ...args], { cwd, encoding: "utf8" });

  it("no DIR: reads what scan.include names, minus scan.exclude (gitignore-style, relative to the config)", () => {
    const dir = path.join(root, "scanning");
    write(path.join(dir, "src/client.py"), 'import requests\nrequests.get("https://rest.runpod.io/v1/pods")\n');
    write(path.join(dir, "src/vendor/old.py"), 'import requests\nrequests.get("https://rest.runpod.io/v1/templates")\n');
    write(path.join(dir, "other/skip.py"), 'import requests\nrequests.get("https://rest.runpod.io/v1/endpoints")\n');
    write(path.join(dir, "v2kit.config.json"), { scan: { include: ["src"], exclude: ["vendor/"] } });
    const r = scan(path.join(dir, "src"));
    expect(r.stderr).toBe("");
    const files = r.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { file: string }).file);
    expect(files).toEqual(["client.py"]);
    expect(r.status).toBe(1);
  });

  it("a config without a scan section still needs a DIR; --config without one is exit 2", () => {
    expect(scan(root).stderr).toContain('name a DIR to scan (or a v2kit.config.json with a "scan" section)');
    const r = scan(root, "--config", path.join(root, "v2kit.config.json"));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('has no "scan" section');
  });

  it("an include that matches nothing is exit 2 naming the config", () => {
    const dir = path.join(root, "scan-nothing");
    write(path.join(dir, "v2kit.config.json"), { scan: { include: ["srcs/**"] } });
    const r = scan(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('/scan/include: "srcs/**" matches no file or folder');
  });
});

describe("schema/v2kit.config.schema.json and the hand-written checks agree", () => {
  const schema = JSON.parse(readFileSync(path.join(repo, "schema/v2kit.config.schema.json"), "utf8")) as object;
  // strictRequired flags `anyOf: [{required: [lint]}, {required: [scan]}]`, whose properties are defined beside it.
  const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(schema);
  const cases: [string, unknown][] = [
    ["minimal", { lint: [{ files: ["a.json"], operation: "createEndpoint" }] }],
    [
      "every key",
      { $schema: "x", lint: [{ files: ["a"], operation: "o", catalog: ["g"], templates: ["t"], current: "c", response: "201", spec: "s", rules: "r" }] },
    ],
    ["empty", {}],
    ["unknown top key", { lint: [{ files: ["a"], operation: "o" }], lnt: [] }],
    ["no lint entries", { lint: [] }],
    ["entry without operation", { lint: [{ files: ["a"] }] }],
    ["entry without files", { lint: [{ operation: "o" }] }],
    ["files not a list", { lint: [{ files: "a.json", operation: "o" }] }],
    ["empty files", { lint: [{ files: [], operation: "o" }] }],
    ["empty operation", { lint: [{ files: ["a"], operation: "" }] }],
    ["bad response", { lint: [{ files: ["a"], operation: "o", response: "ok" }] }],
    ["unknown entry key", { lint: [{ files: ["a"], operation: "o", operations: "p" }] }],
    ["not an object", [1]],
    ["scan only", { scan: { include: ["src"], exclude: ["vendor/"] } }],
    ["scan without include", { scan: { exclude: ["vendor/"] } }],
    ["scan with an unknown key", { scan: { include: ["src"], includes: ["x"] } }],
    ["lint and scan", { lint: [{ files: ["a"], operation: "o" }], scan: { include: ["."] } }],
  ];
  it.each(cases)("%s", (name, config) => {
    const file = path.join(root, `agree-${name.replace(/\W+/g, "-")}.json`);
    write(file, config);
    let accepted = true;
    try {
      readConfig(file);
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      accepted = false;
    }
    expect(accepted, JSON.stringify(validate.errors)).toBe(validate(config));
  });
});
