// The CLI explains itself (issue 13, item 17): a mistyped flag, command or operation gets a
// "did you mean", a folder where a file is expected gets a message, quoted globs are expanded
// by v2kit itself, `v2kit help CMD` prints the command's help, --version is documented.
// Runs the built CLI (dist/) in child processes, from the repository root.

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../cli/suggest.js";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

const run = (args: string[], cwd = repo) => {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe("suggestions", () => {
  it("edit distance counts a swap of two letters once", () => {
    const table: [string, string, number][] = [
      ["operation", "operation", 0],
      ["opration", "operation", 1],
      ["oepration", "operation", 1],
      ["chek", "check", 1],
      ["", "abc", 3],
      ["kitten", "sitting", 3],
    ];
    for (const [a, b, want] of table) expect(editDistance(a, b), `${a} → ${b}`).toBe(want);
  });

  it("a name differing in case always matches; a far one never does", () => {
    const ops = ["createEndpoint", "createPod", "updateEndpoint", "listPods"];
    expect(closest("CreateEndpoint", ops)).toBe("createEndpoint");
    expect(closest("CREATEPOD", ops)).toBe("createPod");
    expect(closest("createEndpont", ops)).toBe("createEndpoint");
    expect(closest("deleteEverything", ops)).toBeUndefined();
    expect(closest("x", ops)).toBeUndefined();
  });
});

describe("mistyped input, through the CLI", () => {
  const cases: { name: string; args: string[]; want: RegExp; notWant?: RegExp }[] = [
    {
      name: "lint flag",
      args: ["lint", "--opration", "createEndpoint", "examples/create-endpoint-gpu.json"],
      want: /^v2kit: lint: unknown option --opration; did you mean --operation\?\nRun 'v2kit lint --help' for usage\.\n$/,
    },
    { name: "generate flag", args: ["generate", "--chek"], want: /^v2kit: generate: unknown option --chek; did you mean --check\?\n/ },
    { name: "migrate flag", args: ["migrate", "--catalg", "x.json"], want: /unknown option --catalg; did you mean --catalog\?/ },
    {
      name: "migrate scan flag",
      args: ["migrate", "scan", "--formatt", "json", "src"],
      want: /migrate scan: unknown option --formatt; did you mean --format\?/,
    },
    { name: "context flag", args: ["context", "pull", "--outt", "x"], want: /context: unknown option --outt; did you mean --out\?/ },
    { name: "flag far from any", args: ["lint", "--zzzzzzzz", "x"], want: /^v2kit: lint: unknown option --zzzzzzzz\n/, notWant: /did you mean/ },
    { name: "a string flag without its value", args: ["generate", "--out"], want: /generate: --out needs a value \(--out VALUE\)/ },
    { name: "a boolean flag with a value", args: ["generate", "--check=yes"], want: /generate: --check takes no value/ },
    {
      name: "a positional where none is taken",
      args: ["generate", "openapi.json"],
      want: /generate: unexpected argument "openapi.json": generate takes options only/,
    },
    { name: "command", args: ["lnt"], want: /^v2kit: unknown command "lnt"; did you mean lint\?\n/ },
    { name: "top-level option", args: ["--verison"], want: /^v2kit: unknown option "--verison"; did you mean --version\?\n/ },
    {
      name: "operation in the wrong case",
      args: ["lint", "--operation", "CreateEndpoint", "examples/create-endpoint-gpu.json"],
      want: /^v2kit: lint: unknown operation "CreateEndpoint"; did you mean createEndpoint\?\n$/,
    },
    {
      name: "operation far from any lists them all",
      args: ["lint", "--operation", "frobnicate", "examples/create-endpoint-gpu.json"],
      want: /Known operations:\n {2}createCluster\n/,
    },
  ];
  for (const { name, args, want, notWant } of cases) {
    it(name, () => {
      const result = run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(want);
      expect(result.stderr).not.toMatch(/internal error|To specify a positional argument/);
      if (notWant) expect(result.stderr).not.toMatch(notWant);
    });
  }
});

describe("files, folders and globs", () => {
  it("a folder as FILE is a usage error that says what to do, not EISDIR", () => {
    for (const args of [
      ["lint", "--operation", "createEndpoint", "examples"],
      ["migrate", "examples/migrate"],
    ]) {
      const result = run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/is a folder; name the files in it, or quote a glob for v2kit to expand: 'examples(\/migrate)?\/\*\.json'/);
      expect(result.stderr).not.toContain("EISDIR");
    }
  });

  it("a quoted glob is expanded by v2kit, in sorted order, as the shell would", () => {
    const result = run(["lint", "--operation", "createEndpoint", "--format", "json", "examples/create-endpoint-*.json"]);
    expect(result.code).toBe(1); // create-endpoint-invalid.json is invalid
    const files = result.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { file: string }).file);
    expect(files).toEqual(["examples/create-endpoint-cpu.json", "examples/create-endpoint-gpu.json", "examples/create-endpoint-invalid.json"]);
  });

  it("globs: **, braces, absolute patterns, and a file whose name has glob characters is taken as is", () => {
    const dir = scratch("globs");
    mkdirSync(path.join(dir, "a/b"), { recursive: true });
    const body = readFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), "utf8");
    for (const file of ["a/one.json", "a/b/two.json", "a/b/three.txt", "[literal].json"]) writeFileSync(path.join(dir, file), body);
    const lint = (pattern: string) => {
      const result = run(["lint", "--operation", "createEndpoint", "--format", "json", pattern], dir);
      return {
        code: result.code,
        files:
          result.stdout.trim() === ""
            ? []
            : result.stdout
                .trim()
                .split("\n")
                .map((line) => (JSON.parse(line) as { file: string }).file),
        stderr: result.stderr,
      };
    };
    expect(lint("a/**/*.json").files).toEqual(["a/b/two.json", "a/one.json"]);
    expect(lint("a/{one,b/two}.json").files).toEqual(["a/b/two.json", "a/one.json"]);
    expect(lint(path.join(dir, "a/*.json")).files).toEqual([path.join(dir, "a/one.json")]);
    expect(lint("[literal].json").files).toEqual(["[literal].json"]);
    const none = lint("nothing/*.json");
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/lint: no file matches nothing\/\*\.json/);
  });

  it("migrate expands globs too", () => {
    const result = run(["migrate", "--format", "json", "examples/migrate/*-create.json"]);
    const files = result.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { file: string }).file);
    expect(files).toEqual(["examples/migrate/endpoint-create.json", "examples/migrate/pod-create.json"]);
  });
});

describe("help and version", () => {
  it("v2kit help CMD prints the command's help, exit 0", () => {
    for (const name of ["generate", "lint", "migrate", "context"]) {
      const viaHelp = run(["help", name]);
      const viaFlag = run([name, "--help"]);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
      expect(viaHelp.stdout).toMatch(new RegExp(`Usage:\\s+v2kit ${name}`));
    }
  });

  it("the top-level usage names help CMD and --version, and --version prints the package version", () => {
    const usage = run(["help"]);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain("v2kit help <command>");
    expect(usage.stdout).toContain("v2kit --version");
    const version = run(["--version"]);
    expect(version.stdout).toBe(`${(JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { version: string }).version}\n`);
    const readme = readFileSync(path.join(repo, "README.md"), "utf8");
    expect(readme).toContain("v2kit --version");
    expect(readme).toContain("v2kit help lint");
  });

  it("generate --help shows an example for every flag", () => {
    const help = run(["generate", "--help"]).stdout;
    const flags = [...help.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1] as string);
    expect(flags.length).toBeGreaterThanOrEqual(11);
    for (const flag of flags) expect(help, flag).toMatch(new RegExp(`^ +v2kit generate .*${flag}( |$)`, "m"));
  });
});
