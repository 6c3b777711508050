// The GitHub Action (action.yml) and the pre-commit hooks (.pre-commit-hooks.yaml) as their
// runners use them (issue 23, item 4): the action's report step is cli/github-action.sh, run
// here with the runner's environment (inputs as V2KIT_*, $GITHUB_ACTION_PATH, $GITHUB_OUTPUT);
// each hook's `entry` runs with the file names pre-commit would pass.

import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  const r = spawnSync("bash", [path.join(repo, "cli/github-action.sh")], {
    cwd: project,
    encoding: "utf8",
    env: { ...process.env, GITHUB_ACTION_PATH: repo, GITHUB_OUTPUT: outputFile, V2KIT_OUT: path.join(out, "v2kit"), ...inputs },
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  return { code: r.status, log: `${r.stdout}${r.stderr}`, outputs, out: path.join(out, "v2kit") };
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
    expect(action.runs.steps.some((s) => s.run?.includes("cli/github-action.sh"))).toBe(true);
    expect(action.runs.steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif"))?.with?.["sarif_file"]).toContain(
      "steps.report.outputs.sarif",
    );
  });

  it("lints what the config names into SARIF and reports the failure as its output", () => {
    const r = report({ V2KIT_FORMAT: "sarif", V2KIT_FAIL_ON: "error" });
    expect(r.code).toBe(0);
    expect(r.outputs).toEqual({ sarif: r.out, status: "failed" });
    const sarif = JSON.parse(readFileSync(path.join(r.out, "lint.sarif"), "utf8")) as { runs: { results: { locations: unknown[] }[] }[] };
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

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(path.join(repo, ".pre-commit-hooks.yaml"), "utf8")) as {
    id: string;
    entry: string;
    language: string;
    pass_filenames?: boolean;
  }[];
  /** Runs a hook's entry as pre-commit would, with `v2kit` the built CLI. */
  const hook = (id: string, staged: string[]) => {
    const h = hooks.find((x) => x.id === id);
    if (!h) throw new Error(`no hook ${id}`);
    const [, ...args] = h.entry.split(" ");
    return spawnSync(process.execPath, [cli, ...args, ...(h.pass_filenames === false ? [] : staged)], { cwd: project, encoding: "utf8" }).status;
  };

  it("declares v2kit-lint and v2kit-migrate-scan as node hooks", () => {
    expect(hooks.map((h) => [h.id, h.language])).toEqual([
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
});
