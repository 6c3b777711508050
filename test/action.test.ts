// The GitHub Action (action.yml) and the pre-commit hooks (.pre-commit-hooks.yaml) as their
// runners use them (issue 23, item 4): the action's report step is cli/github-action.sh, run
// here with the runner's environment (inputs as V2KIT_*, $GITHUB_ACTION_PATH, $GITHUB_OUTPUT);
// each hook's `entry` runs with the file names pre-commit would pass.

import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

const repo = path.resolve(import.meta.dirname, "..");
const cli = path.join(repo, "dist/cli/v2kit.js");
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "v2kit-action-"));
  mkdirSync(path.join(project, "deploy"), { recursive: true });
  copyFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), path.join(project, "deploy/ok.json"));
  copyFileSync(path.join(repo, "examples/create-endpoint-invalid.json"), path.join(project, "deploy/bad.json"));
  writeFileSync(path.join(project, "v2kit.config.json"), JSON.stringify({ lint: [{ files: ["deploy/*.json"], operation: "createEndpoint" }] }));
  writeFileSync(path.join(project, "client.py"), 'import requests\nrequests.delete("https://rest.runpod.io/v1/pods/" + pod_id)\n');
  writeFileSync(path.join(project, "clean.py"), 'import requests\nrequests.get("https://api.runpod.io/v2/pods")\n');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The report step, as the runner runs it: returns its exit code, log and outputs. */
function report(inputs: Record<string, string>) {
  const out = mkdtempSync(path.join(tmpdir(), "v2kit-action-out-"));
  const outputFile = path.join(out, "github-output");
  writeFileSync(outputFile, "");
  const result = spawnSync("bash", [path.join(repo, "cli/github-action.sh")], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GITHUB_ACTION_PATH: repo, GITHUB_OUTPUT: outputFile, V2KIT_OUT: path.join(out, "v2kit"), ...inputs },
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { code: result.status, log: `${result.stdout}${result.stderr}`, outputs, out: path.join(out, "v2kit") };
}

describe("action.yml", () => {
  const action = parse(readFileSync(path.join(repo, "action.yml"), "utf8")) as {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; steps: { uses?: string; run?: string; with?: Record<string, string> }[] };
  };

  it("is a composite action with the inputs the docs name, SARIF by default, uploaded by codeql-action", () => {
    expect(action.runs.using).toBe("composite");
    expect(Object.keys(action.inputs)).toEqual(["files", "config", "operation", "format", "fail-on", "migrate-scan"]);
    expect(action.inputs["format"]?.default).toBe("sarif");
    expect(action.runs.steps.some((step) => step.run?.includes("cli/github-action.sh"))).toBe(true);
    expect(action.runs.steps.find((step) => step.uses?.startsWith("github/codeql-action/upload-sarif"))?.with?.["sarif_file"]).toContain(
      "steps.report.outputs.sarif",
    );
  });

  it("lints what the config names into SARIF and reports the failure as its output", () => {
    const result = report({ V2KIT_FORMAT: "sarif", V2KIT_FAIL_ON: "error" });
    expect(result.code).toBe(0);
    expect(result.outputs).toEqual({ sarif: result.out, status: "failed" });
    const sarif = JSON.parse(readFileSync(path.join(result.out, "lint.sarif"), "utf8")) as { runs: { results: { locations: unknown[] }[] }[] };
    expect(sarif.runs[0]?.results.length).toBeGreaterThan(0);
  });

  it("annotates with `github` format, lints given files as an operation, and runs migrate scan too", () => {
    const ok = report({ V2KIT_FORMAT: "github", V2KIT_FILES: "deploy/ok.json", V2KIT_OPERATION: "createEndpoint" });
    expect(ok.outputs["status"]).toBe("ok");
    const scanned = report({ V2KIT_FORMAT: "github", V2KIT_FILES: "deploy/ok.json", V2KIT_OPERATION: "createEndpoint", V2KIT_SCAN: "client.py" });
    expect(scanned.outputs["status"]).toBe("failed");
    expect(scanned.log).toContain("::warning file=client.py,line=2,col=");
    const bad = report({ V2KIT_FORMAT: "github", V2KIT_FILES: "deploy/bad.json", V2KIT_OPERATION: "createEndpoint" });
    expect(bad.log).toMatch(/::error file=deploy\/bad\.json,line=\d+,col=\d+/);
  });

  it("refuses a wrong input, and a run lint cannot do, with an error annotation", () => {
    expect(report({ V2KIT_FORMAT: "xml" }).log).toContain("::error title=v2kit::format must be sarif or github");
    const unknown = report({ V2KIT_FORMAT: "github", V2KIT_FILES: "deploy/ok.json", V2KIT_OPERATION: "createEndpoin" });
    expect(unknown.code).toBe(2);
    expect(unknown.log).toContain("v2kit lint could not run (exit 2)");
  });
});

// Issue 43: the Action ran `npm ci` of the whole repository (516 packages, dev tools included) and
// a build on every run. Now dist/ is built once per Action ref and runner image and restored by
// actions/cache; a restored run installs nothing, and the CLI runs from dist/ with no node_modules.
describe("action.yml installs nothing when the built dist/ is restored", () => {
  type Step = { id?: string; name?: string; uses?: string; run?: string; if?: string; with?: Record<string, string> };
  const steps = (parse(readFileSync(path.join(repo, "action.yml"), "utf8")) as { runs: { steps: Step[] } }).runs.steps;
  const step = (id: string) => {
    const found = steps.find((candidate) => candidate.id === id);
    if (found === undefined) throw new Error(`action.yml has no step with id ${id}`);
    return found;
  };
  const build = steps.find((candidate) => candidate.run?.includes("scripts/action-build.sh"));
  let scratchRoot: string;

  /** The Action's folder as the runner checks it out (the files git has, no node_modules), with or without dist/. */
  function actionCheckout(withDist: boolean): string {
    const root = mkdtempSync(path.join(scratchRoot, "action-"));
    const tracked = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" })
      .stdout.split("\0")
      .filter(Boolean);
    for (const file of tracked) {
      if (/^(test|docs|examples)\//.test(file)) continue;
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      copyFileSync(path.join(repo, file), path.join(root, file));
    }
    if (withDist)
      cpSync(path.join(repo, "dist"), path.join(root, "dist"), { recursive: true, filter: (from) => !/[\\/]dist[\\/](test|bench)([\\/]|$)/.test(from) });
    return root;
  }

  /** A step's `run`, as the runner runs it: bash, with the Action's folder and an output file. */
  function runStep(run: string, actionPath: string, cwd: string, env: Record<string, string> = {}) {
    const outputFile = path.join(mkdtempSync(path.join(scratchRoot, "out-")), "github-output");
    writeFileSync(outputFile, "");
    const result = spawnSync("bash", ["-e", "-c", run], {
      cwd,
      encoding: "utf8",
      env: { ...process.env, GITHUB_ACTION_PATH: actionPath, GITHUB_OUTPUT: outputFile, ...env },
    });
    const outputs = Object.fromEntries(
      readFileSync(outputFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    return { code: result.status, log: `${result.stdout}${result.stderr}`, outputs };
  }

  /** A bin folder whose `npm` records its arguments and fails: no step may install when dist/ is there. */
  function npmStub(): { bin: string; calls: string } {
    const bin = mkdtempSync(path.join(scratchRoot, "bin-"));
    const calls = path.join(bin, "calls");
    writeFileSync(path.join(bin, "npm"), `#!/usr/bin/env bash\necho "$*" >> ${JSON.stringify(calls)}\nexit 99\n`, { mode: 0o755 });
    return { bin, calls };
  }

  beforeAll(() => {
    scratchRoot = mkdtempSync(path.join(tmpdir(), "v2kit-action-install-"));
  });
  afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

  it("restores dist/ from actions/cache by the key step, builds and saves it only on a miss, before the report; no other step runs npm", () => {
    const restore = step("cache");
    expect(restore.uses).toBe("actions/cache/restore@v4");
    const save = steps.find((candidate) => candidate.uses?.startsWith("actions/cache/save@"));
    for (const cached of [restore, save]) {
      expect(cached?.with?.["path"]).toBe("${{ github.action_path }}/dist");
      expect(cached?.with?.["key"]).toBe("${{ steps.key.outputs.key }}");
    }
    const onMiss = "${{ steps.cache.outputs.cache-hit != 'true' }}";
    expect(build?.if).toBe(onMiss);
    expect(save?.if).toBe(onMiss);
    // key, restore, build, save, then the report: a report that fails the job still leaves the build saved.
    const at = (wanted: Step | undefined) => steps.indexOf(wanted as Step);
    expect([at(step("key")), at(restore), at(build), at(save), at(step("report"))]).toEqual(
      [at(step("key")), at(restore), at(build), at(save), at(step("report"))].sort((a, b) => a - b),
    );
    expect(at(save)).toBeGreaterThan(0);
    expect(steps.filter((other) => other !== build && /\bnpm\b/.test(other.run ?? ""))).toEqual([]);
  });

  it("the key step: one key for the same sources, a new one when a source changes, none of dist/ in it", () => {
    const first = actionCheckout(false);
    const second = actionCheckout(true);
    const key = (root: string) => runStep(step("key").run ?? "", root, root).outputs["key"];
    const firstKey = key(first);
    expect(firstKey).toMatch(/^v2kit-dist-[a-z0-9]+-[a-z0-9]+-node[\d.]+-[0-9a-f]{32}$/);
    expect(key(second)).toBe(firstKey);
    writeFileSync(path.join(second, "lint/lint.ts"), `${readFileSync(path.join(second, "lint/lint.ts"), "utf8")}\n// changed\n`);
    expect(key(second)).not.toBe(firstKey);
  });

  it("restored dist/: the build step installs nothing, and lint and migrate scan run with no node_modules", () => {
    const root = actionCheckout(true);
    const { bin, calls } = npmStub();
    const built = runStep(build?.run ?? "", root, root, { PATH: `${bin}:${process.env["PATH"] ?? ""}` });
    expect(built.code, built.log).toBe(0);
    expect(built.log).toContain("nothing to install");
    expect(existsSync(calls)).toBe(false);
    expect(existsSync(path.join(root, "node_modules"))).toBe(false);
    // The report step, from that folder: a body with errors (positions come from the bundled
    // JSON parser) and a v1 call found by migrate scan (the bundled .gitignore matcher).
    const reportStep = step("report");
    const out = path.join(scratchRoot, "report-out");
    const reported = runStep(reportStep.run ?? "", root, project, {
      V2KIT_FORMAT: "github",
      V2KIT_FAIL_ON: "error",
      V2KIT_FILES: "deploy/bad.json",
      V2KIT_OPERATION: "createEndpoint",
      V2KIT_SCAN: ".",
      V2KIT_CONFIG: "",
      V2KIT_OUT: out,
    });
    expect(reported.code, reported.log).toBe(0);
    expect(reported.outputs["status"]).toBe("failed");
    expect(reported.log).toMatch(/::error file=deploy\/bad\.json,line=\d+,col=\d+/);
    expect(reported.log).toContain("::warning file=client.py,line=2,col=");
    expect(reported.log).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)/);
  });

  it("no dist/ (the Action's first run): the build step runs npm ci in the Action's folder, and fails when it fails", () => {
    const root = actionCheckout(false);
    const { bin, calls } = npmStub();
    const built = runStep(build?.run ?? "", root, root, { PATH: `${bin}:${process.env["PATH"] ?? ""}` });
    expect(built.code).toBe(99);
    expect(readFileSync(calls, "utf8")).toBe(`ci --prefix ${root} --no-audit --no-fund\n`);
  });

  it("a first run's build keeps in dist/ only what the report step runs: no node_modules, compiled tests, benchmarks or maps", () => {
    const root = actionCheckout(false);
    const bin = mkdtempSync(path.join(scratchRoot, "bin-"));
    // npm ci as it ends in the Action's folder: the build's tools installed and dist/ built, tests and maps included.
    const fakeBuild = [
      `mkdir -p "$3/node_modules/typescript" "$3/dist/cli" "$3/dist/node_modules/ajv" "$3/dist/test/cli" "$3/dist/bench"`,
      `touch "$3/dist/cli/v2kit.cjs" "$3/dist/cli/v2kit.cjs.map" "$3/dist/node_modules/ajv/index.cjs" "$3/dist/test/cli/lint.test.js" "$3/dist/bench/run.js"`,
    ].join("\n");
    writeFileSync(path.join(bin, "npm"), `#!/usr/bin/env bash\n${fakeBuild}\n`, { mode: 0o755 });
    const built = runStep(build?.run ?? "", root, root, { PATH: `${bin}:${process.env["PATH"] ?? ""}` });
    expect(built.code, built.log).toBe(0);
    const left = spawnSync("find", [".", "-type", "f"], { cwd: root, encoding: "utf8" })
      .stdout.split("\n")
      .filter((file) => file.startsWith("./dist/") || file.startsWith("./node_modules/"));
    expect(left.sort()).toEqual(["./dist/cli/v2kit.cjs", "./dist/node_modules/ajv/index.cjs"]);
    expect(existsSync(path.join(root, "node_modules"))).toBe(false);
  });
});

// Issue 45, item 14.
describe("action inputs never reach a workflow command raw", () => {
  /** The lines of the log the runner reads as workflow commands. */
  const commands = (log: string) => log.split(/\r?\n|\r/).filter((line) => line.startsWith("::"));

  it.each([
    ["format", "V2KIT_FORMAT", "xml\n::add-mask::hello"],
    ["format", "V2KIT_FORMAT", "50%\r\n::stop-commands::token"],
    ["fail-on", "V2KIT_FAIL_ON", "error\n::add-mask::hello"],
  ])("a %s input with a line break is escaped the runner's way: one command line", (_name, variable, value) => {
    const result = report({ V2KIT_FORMAT: "github", [variable]: value });
    expect(result.code).toBe(2);
    const lines = commands(result.log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::error title=v2kit::(format|fail-on) must be /);
    const escaped = value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    expect(lines[0]).toContain(`'${escaped}'`);
  });

  it("a file named with a leading dash is a file to lint, not an option", () => {
    copyFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), path.join(project, "-dash.json"));
    try {
      const result = report({ V2KIT_FORMAT: "github", V2KIT_FILES: "-dash.json", V2KIT_OPERATION: "createEndpoint" });
      expect(result.outputs["status"]).toBe("ok");
      expect(result.code).toBe(0);
    } finally {
      rmSync(path.join(project, "-dash.json"));
    }
  });
});

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(path.join(repo, ".pre-commit-hooks.yaml"), "utf8")) as {
    id: string;
    entry: string;
    args?: string[];
    language: string;
    pass_filenames?: boolean;
  }[];
  /** Runs a hook as pre-commit does (entry split as a shell would, then args, then the staged names), with `v2kit` the built CLI. */
  const run = (id: string, staged: string[], cwd = project, args?: string[]) => {
    const hook = hooks.find((x) => x.id === id);
    if (!hook) throw new Error(`no hook ${id}`);
    expect(hook.entry).not.toMatch(/["'\\$]/); // plain words: splitting at spaces is what shlex.split does with them
    const [, ...entry] = hook.entry.split(/\s+/);
    // A config's `args` replaces the hook's own, as in pre-commit.
    return spawnSync(process.execPath, [cli, ...entry, ...(args ?? hook.args ?? []), ...(hook.pass_filenames === false ? [] : staged)], {
      cwd,
      encoding: "utf8",
    });
  };
  const hook = (id: string, staged: string[]) => run(id, staged).status;

  it("declares v2kit-lint and v2kit-migrate-scan as node hooks", () => {
    expect(hooks.map((listed) => [listed.id, listed.language])).toEqual([
      ["v2kit-lint", "node"],
      ["v2kit-migrate-scan", "node"],
    ]);
  });

  it("v2kit-lint fails the commit on an invalid body the config names", () => {
    expect(hook("v2kit-lint", ["package.json"])).toBe(1);
  });

  it("v2kit-migrate-scan fails on a staged file with a v1 call and passes clean files", () => {
    expect(hook("v2kit-migrate-scan", ["client.py", "clean.py"])).toBe(1);
    expect(hook("v2kit-migrate-scan", ["clean.py"])).toBe(0);
  });

  // Issue 45, item 13.
  it("v2kit-migrate-scan takes every staged name as a file, however it starts", () => {
    const repoDir = mkdtempSync(path.join(tmpdir(), "v2kit-hook-names-"));
    const v1 = 'import requests\nrequests.get("https://rest.runpod.io/v1/pods")\n';
    try {
      for (const name of ["client.py", "--fail-on=none", "--fix", "-dash.py", "-v1.py"]) writeFileSync(path.join(repoDir, name), name === "-v1.py" ? v1 : "");
      writeFileSync(path.join(repoDir, "client.py"), v1);
      // A committed file named --fail-on=none must not pass the gate.
      const gate = run("v2kit-migrate-scan", ["--fail-on=none", "client.py"], repoDir);
      expect(gate.stdout).toContain("client.py:2:");
      expect(gate.status).toBe(1);
      // One named --fix must not rewrite the other staged files.
      const fix = run("v2kit-migrate-scan", ["--fix", "client.py"], repoDir);
      expect(fix.status).toBe(1);
      expect(readFileSync(path.join(repoDir, "client.py"), "utf8")).toBe(v1);
      // A name starting with a dash is scanned, not a usage error.
      expect(run("v2kit-migrate-scan", ["-dash.py"], repoDir).status).toBe(0);
      const dashed = run("v2kit-migrate-scan", ["-v1.py"], repoDir);
      expect(dashed.stdout).toContain("-v1.py:2:");
      expect(dashed.status).toBe(1);
      // The documented stricter args, ending in --: options apply, names stay files.
      const strict = run("v2kit-migrate-scan", ["--fail-on=none", "client.py"], repoDir, ["--fail-on", "inferred", "--"]);
      expect(strict.stdout).toContain("client.py:2:");
      expect(strict.status).toBe(1);
    } finally {
      rmSync(repoDir, { recursive: true, force: true });
    }
  });

  it("v2kit-migrate-scan with args written before the default -- (no --) still runs: options apply to the staged files", () => {
    const repoDir = mkdtempSync(path.join(tmpdir(), "v2kit-hook-args-"));
    try {
      // A relative path with no base in sight is an inferred finding: --fail-on inferred fails on it, the default does not.
      writeFileSync(path.join(repoDir, "client.py"), 'import requests\nrequests.get(BASE + "/pods")\n');
      const plain = run("v2kit-migrate-scan", ["client.py"], repoDir);
      const strict = run("v2kit-migrate-scan", ["client.py"], repoDir, ["--fail-on", "inferred"]);
      expect(plain.status, plain.stdout + plain.stderr).toBe(0);
      expect(strict.status, strict.stdout + strict.stderr).toBe(1);
    } finally {
      rmSync(repoDir, { recursive: true, force: true });
    }
  });

  it("lint takes -- as the end of options too: a body named -dash.json is linted", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-lint-dash-"));
    try {
      copyFileSync(path.join(repo, "examples/create-endpoint-invalid.json"), path.join(dir, "-dash.json"));
      const result = spawnSync(process.execPath, [cli, "lint", "--operation", "createEndpoint", "--format", "json", "--", "-dash.json"], {
        cwd: dir,
        encoding: "utf8",
      });
      expect((JSON.parse(result.stdout) as { file: string; ok: boolean }).file).toBe("-dash.json");
      expect(result.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
