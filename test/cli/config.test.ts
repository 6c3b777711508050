// v2kit.config.json (issue 23, item 1): `v2kit lint` without --operation finds the config in the
// current folder or a parent (or --config), lints every file it names or each FILE by the entry
// whose globs match, with the entry's context; a file no entry matches and an unknown key are
// exit 2 naming the config (did-you-mean for keys). The hand-written checks agree with the
// shipped JSON Schema (Ajv 2020).

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../cli/config.js";
import { CliError } from "../../cli/command.js";

const repo = path.resolve(import.meta.dirname, "../..");
const cli = path.join(repo, "dist/cli/v2kit.js");
let root: string;

const lint = (cwd: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [cli, "lint", "--format", "json", ...args], { cwd, encoding: "utf8" });
  const lines = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { file: string; ok: boolean; status: number | null; violations: { rule: string }[] });
  return { code: result.status, lines, stderr: result.stderr };
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
    const result = lint(root);
    expect(result.stderr).toBe("");
    expect(result.lines.map((line) => [line.file, line.ok])).toEqual([
      ["deploy/endpoints/bad.json", false],
      // Valid against the bundled catalog, not against this entry's (see below).
      ["deploy/endpoints/ok.json", false],
      ["deploy/patch.json", true],
    ]);
    expect(result.code).toBe(1);
  });

  it("is found from a subfolder (the nearest config up), and paths in it are relative to it", () => {
    const result = lint(path.join(root, "deep/er"), "../../deploy/patch.json");
    expect(result.lines.map((line) => [line.file, line.ok])).toEqual([["../../deploy/patch.json", true]]);
    expect(result.code).toBe(0);
  });

  it("FILEs take the entry whose globs match them, with that entry's context (its catalog here)", () => {
    const result = lint(root, "deploy/endpoints/ok.json");
    // examples/create-endpoint-gpu.json selects ADA_24 and AMPERE_48: the config's catalog has no AMPERE_48.
    expect(result.lines[0]?.violations.map((violation) => violation.rule)).toContain("gpu-pools-known");
    expect(lint(root, "--operation", "createEndpoint", "deploy/endpoints/ok.json").lines[0]?.ok).toBe(true);
  });

  it("a FILE no entry matches is exit 2, naming the config", () => {
    const result = lint(root, "deploy/current.json");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path.join(root, "v2kit.config.json")}: no "lint" entry's "files" matches deploy/current.json`);
  });

  it("--config names another file; --config with --operation is a usage error", () => {
    write(path.join(root, "other/cfg.json"), { lint: [{ files: ["../deploy/patch.json"], operation: "updateEndpoint" }] });
    // Its paths stay inside its folder unless --project-root widens the project (issue 45, item 12).
    expect(lint(path.join(root, "deep"), "--config", path.join(root, "other/cfg.json")).code).toBe(2);
    const result = lint(path.join(root, "deep"), "--config", path.join(root, "other/cfg.json"), "--project-root", root);
    expect(result.lines.map((line) => line.file)).toEqual(["../deploy/patch.json"]);
    expect(lint(root, "--config", "x.json", "--operation", "createEndpoint", "a.json").code).toBe(2);
  });

  it("no config and no --operation is a usage error that says how to give one", () => {
    const alone = mkdtempSync(path.join(tmpdir(), "v2kit-noconfig-"));
    const result = lint(alone, "a.json");
    rmSync(alone, { recursive: true, force: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--operation is required, or a v2kit\.config\.json/);
  });

  it("an unknown key is exit 2 with the pointer and a did-you-mean", () => {
    const file = path.join(root, "typo/v2kit.config.json");
    write(file, { lint: [{ files: ["*.json"], operation: "createEndpoint", catalogs: ["g.json"] }] });
    const result = lint(path.join(root, "typo"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: /lint/0: unknown key "catalogs"; did you mean catalog?`);
  });

  it("malformed JSON is exit 2 with line and column", () => {
    const file = path.join(root, "broken/v2kit.config.json");
    write(file, '{\n  "lint": [\n    { "files": ["a.json"], }\n  ]\n}\n');
    const result = lint(path.join(root, "broken"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3:\\d+: not valid JSON`));
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
    const result = scan(path.join(dir, "src"));
    expect(result.stderr).toBe("");
    const files = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { file: string }).file);
    expect(files).toEqual(["client.py"]);
    expect(result.status).toBe(1);
  });

  it("a config without a scan section still needs a DIR; --config without one is exit 2", () => {
    expect(scan(root).stderr).toContain('name a DIR to scan (or a v2kit.config.json with a "scan" section)');
    const result = scan(root, "--config", path.join(root, "v2kit.config.json"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('has no "scan" section');
  });

  it("an include that matches nothing is exit 2 naming the config", () => {
    const dir = path.join(root, "scan-nothing");
    write(path.join(dir, "v2kit.config.json"), { scan: { include: ["srcs/**"] } });
    const result = scan(dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('/scan/include: "srcs/**" matches no file or folder');
  });
});

// Issue 45, item 12.
describe("the paths a config names stay inside its project", () => {
  const SECRET = "CANARY_7d1e=do-not-print";
  /** A project beside `outside/` (a secret) and `neighbour/` (another project's v1 client). */
  const layout = (name: string, config: unknown) => {
    const base = path.join(root, "escape", name);
    write(path.join(base, "outside/secret.json"), `${SECRET}\n`);
    write(path.join(base, "neighbour/client.py"), 'import requests\nrequests.get("https://rest.runpod.io/v1/pods")\n');
    write(path.join(base, "project/deploy/ok.json"), readFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), "utf8"));
    write(path.join(base, "project/v2kit.config.json"), `${JSON.stringify(config, null, 2)}\n`);
    return { base, project: path.join(base, "project"), config: path.join(base, "project/v2kit.config.json") };
  };
  const entry = (extra: Record<string, unknown>) => ({ lint: [{ files: ["deploy/*.json"], operation: "createEndpoint", ...extra }] });

  it.each([
    ["files ../outside/*", { lint: [{ files: ["deploy/*.json", "../outside/*"], operation: "createEndpoint" }] }, "/lint/0/files/1", 3, 7],
    ["files /proc/self/environ", { lint: [{ files: ["/proc/self/environ"], operation: "createEndpoint" }] }, "/lint/0/files/0", 3, 7],
    ["an absolute catalog", entry({ catalog: ["/etc/passwd"] }), "/lint/0/catalog/0", 3, 7],
    ["spec ../outside", entry({ spec: "../outside/secret.json" }), "/lint/0/spec", 3, 7],
    ["rules ../outside", entry({ rules: "../outside/secret.json" }), "/lint/0/rules", 3, 7],
    ["current ../outside", entry({ current: "../outside/secret.json" }), "/lint/0/current", 3, 7],
  ])("lint: %s is exit 2 at the entry's line, column and pointer; nothing is read or printed", (name, config, pointer) => {
    const { project, config: file } = layout(name.replace(/\W+/g, "-"), config);
    const result = lint(project);
    expect(result.stderr).not.toContain(SECRET);
    expect(result.lines).toEqual([]);
    expect(result.code).toBe(2);
    const at = positionOf(readFileSync(file, "utf8"), pointerValue(config, pointer));
    expect(result.stderr).toMatch(new RegExp(`${escape(file)}:${at}: ${escape(pointer)}: ".*" names a path outside the project \\(the config's folder, `));
    expect(result.stderr).toContain("give the path on the command line, or --project-root DIR");
  });

  it("lint: a glob that reaches outside through a symbolic link is refused at that glob", () => {
    const { base, project, config } = layout("lint-symlink", { lint: [{ files: ["deploy/*.json", "**/*.json"], operation: "createEndpoint" }] });
    symlinkSync(path.join(base, "outside"), path.join(project, "deploy/data"));
    const result = lint(project);
    expect(result.stderr).not.toContain(SECRET);
    const at = positionOf(readFileSync(config, "utf8"), "**/*.json");
    expect(result.stderr).toContain(`${config}:${at}: /lint/0/files/1: "**/*.json" matches "${path.join(base, "outside/secret.json")}" outside the project`);
    expect(result.code).toBe(2);
  });

  it("migrate scan --fix: scan.include of ../neighbour, an absolute path or a link out is exit 2, and the neighbour is not rewritten", () => {
    for (const [name, include] of [
      ["relative", "../neighbour"],
      ["absolute", "ABS"],
      ["link", "nb"],
    ] as const) {
      const { base, project, config } = layout(`scan-${name}`, {});
      const abs = path.join(base, "neighbour");
      writeFileSync(config, `${JSON.stringify({ scan: { include: ["deploy", include === "ABS" ? abs : include] } }, null, 2)}\n`);
      if (include === "nb") symlinkSync(abs, path.join(project, "nb"));
      const result = spawnSync(process.execPath, [cli, "migrate", "scan", "--fix"], { cwd: project, encoding: "utf8" });
      expect(readFileSync(path.join(abs, "client.py"), "utf8")).toContain("https://rest.runpod.io/v1/pods");
      const at = positionOf(readFileSync(config, "utf8"), include === "ABS" ? abs : include);
      expect(result.stderr).toMatch(new RegExp(`${escape(config)}:${at}: /scan/include/1: ".*" names a path outside the project`));
      expect(result.status).toBe(2);
    }
  });

  it("the command line says otherwise: --project-root widens the project, a path given as an argument is read", () => {
    const { base, project } = layout("said-otherwise", { scan: { include: ["../neighbour"] } });
    const result = spawnSync(process.execPath, [cli, "migrate", "scan", "--format", "json", "--project-root", ".."], { cwd: project, encoding: "utf8" });
    expect(result.stdout).toContain("client.py");
    expect(result.status).toBe(1);
    const named = spawnSync(process.execPath, [cli, "migrate", "scan", "--format", "json", path.join(base, "neighbour")], { cwd: project, encoding: "utf8" });
    expect(named.stdout).toContain("client.py");
    expect(lint(project, "--project-root", "missing-folder").code).toBe(2);
  });
});

function pointerValue(data: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], data);
}

/** LINE:COLUMN (1-based) where `value`, as JSON, first appears in `text`. */
function positionOf(text: string, value: unknown): string {
  const before = text.slice(0, text.indexOf(JSON.stringify(value))).split("\n");
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    let refused: unknown;
    try {
      readConfig(file);
    } catch (error) {
      refused = error;
    }
    expect(refused === undefined, JSON.stringify(validate.errors)).toBe(validate(config));
    if (refused !== undefined) {
      expect(refused).toBeInstanceOf(CliError);
      expect((refused as CliError).exitCode).toBe(2);
    }
  });
});
