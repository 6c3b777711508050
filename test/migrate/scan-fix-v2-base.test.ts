// A v1 path left on this API's v2 base (issue 41): `migrate scan --fix --unsafe-fixes` moves a
// client's base (`https://rest.runpod.io/v1` → `https://api.runpod.io/v2`) with the calls it can
// migrate and leaves the others as written (`/pods/{id}/reset`,
// a per-action call through a request function). A second scan must still report those, under
// their own rule id `v1-path-on-v2-base` (an error: the call fails), naming the v2 route; a fix
// rewrites such a path when the call migration would; a v2 path on the v2 base, the queue API and
// another API's v2 base stay unreported. The CLI runs as a child process on scratch copies of
// test/fixtures/scan-v2-base; fixed files are parsed by python3 and TypeScript's parser.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { files, has, jsonLines, run, scratchFolders } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-v2-base/", import.meta.url));
const RULE = "v1-path-on-v2-base";
const python = has("python3", ["--version"]);

interface JsonFinding {
  file: string;
  line: number;
  match: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
  notes: { level: string; message: string }[];
  confidence: string;
  ruleId: string;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const copyOf = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `v2kit-v2-base-${name}-`));
  made.push(dir);
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
};
const tree = scratchFolders("v2kit-v2-base-tree-");

/** Why a file of `dir` does not parse with its language's own parser (python3 -m py_compile, TypeScript), or undefined. */
function parseErrors(dir: string): string | undefined {
  for (const [file, text] of files(dir)) {
    if (file.endsWith(".py") && python) {
      const compiled = spawnSync("python3", ["-m", "py_compile", join(dir, file)], {
        encoding: "utf8",
        env: { ...process.env, PYTHONPYCACHEPREFIX: join(tmpdir(), "v2kit-v2-base-pycache") },
      });
      if (compiled.status !== 0) return `${file}: ${compiled.stderr}`;
    }
    if (file.endsWith(".ts")) {
      const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
      if (out.diagnostics?.length) return `${file}: ${ts.flattenDiagnosticMessageText(out.diagnostics[0]?.messageText ?? "", "\n")}`;
    }
  }
  return undefined;
}

const calls = (stdout: string) => jsonLines<JsonFinding>(stdout).filter((finding) => finding.ruleId !== "v1-response-field");
const shown = (finding: JsonFinding) =>
  `${finding.file} ${finding.v1.method} ${finding.v1.path} → ${finding.v2 ? `${finding.v2.method} ${finding.v2.path}` : "none"}`;

describe("after --fix --unsafe-fixes moved the base, a second scan reports the v1 calls left on it", () => {
  const cases: [name: string, left: string[]][] = [
    // `/endpoints?includeWorkers=true` moves with the base since round twelve: --unsafe-fixes drops the expansion.
    ["python", ["client.py POST /pods/{pod_id}/stop → POST /v2/pods/{id}/action", "manager.py POST /pods/{pod_id}/reset → POST /v2/pods/{id}/action"]],
    ["typescript", ["client.ts POST /pods/${id}/reset → POST /v2/pods/{id}/action"]],
  ];

  it.each(cases)("%s", (name, left) => {
    const dir = copyOf(name);
    const first = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    // The first run moved the base and reported these calls as v1 calls it left.
    expect(calls(first.stdout).map(shown).sort()).toEqual(left);
    const texts = [...files(dir).values()].join("\n");
    expect(texts).not.toContain("rest.runpod.io/v1");
    expect(texts).toContain("https://api.runpod.io/v2");

    // The second scan: the same calls, now on the v2 base, each an error naming its v2 route.
    const again = run(dir, ["--format", "json"]);
    expect(again.code).toBe(1);
    const found = calls(again.stdout);
    expect(found.map(shown).sort()).toEqual(left);
    for (const finding of found) {
      expect(finding.ruleId).toBe(RULE);
      expect(finding.confidence).toBe("certain");
      const note = finding.notes.find((candidate) => candidate.level === "error" && candidate.message.includes("the v2 base"));
      expect(note?.message).toContain(finding.v2 ? `its v2 route is ${finding.v2.method} ${finding.v2.path}` : "v2 has no equivalent");
    }
    // --fail-on: certain counts them, none never fails.
    expect(run(dir, ["--fail-on", "certain"]).code).toBe(1);
    expect(run(dir, ["--fail-on", "none"]).code).toBe(0);
    const pretty = run(dir, []).stdout;
    expect(pretty).toContain("v1 path on the v2 base");

    // A second --fix changes nothing (none of them can be migrated), and says why for each; the files parse.
    const before = files(dir);
    const second = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    expect(second.stderr).toMatch(/fixed 0 calls in 0 files/);
    expect(second.code).toBe(1);
    expect(files(dir)).toEqual(before);
    for (const finding of calls(second.stdout)) expect(finding.notes.some((note) => note.message.startsWith("not fixed: "))).toBe(true);
    expect(parseErrors(dir)).toBeUndefined();
  });

  it("SARIF names the rule, with level error, and every result points at its rule", () => {
    const dir = copyOf("python");
    run(dir, ["--fix", "--unsafe-fixes"]);
    const sarif = JSON.parse(run(dir, ["--format", "sarif"]).stdout) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string; defaultConfiguration: { level: string } }[] } };
        results: { ruleId: string; ruleIndex: number; level: string }[];
      }[];
    };
    expect(sarif.version).toBe("2.1.0");
    const [only] = sarif.runs;
    const rules = only?.tool.driver.rules ?? [];
    expect(rules.find((rule) => rule.id === RULE)?.defaultConfiguration.level).toBe("error");
    const results = (only?.results ?? []).filter((result) => result.ruleId === RULE);
    expect(results).toHaveLength(2);
    for (const result of only?.results ?? []) {
      expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
      expect(["none", "note", "warning", "error"]).toContain(result.level);
    }
    for (const result of results) expect(result.level).toBe("error");
  });
});

describe("a v1 path on a v2 base is fixed where the call migration would fix it", () => {
  const manager = [
    "import requests",
    "",
    'BASE = "https://rest.runpod.io/v2"',
    "",
    "",
    "def delete_endpoint(endpoint_id):",
    '    requests.delete(f"{BASE}/endpoints/{endpoint_id}", timeout=30).raise_for_status()',
    "",
    "",
    "def start(pod_id):",
    '    requests.post(f"{BASE}/pods/{pod_id}/start", timeout=30).raise_for_status()',
    "",
    "",
    "def pod(pod_id):",
    '    return requests.get(f"{BASE}/pods/{pod_id}", timeout=30).json()',
    "",
    "",
    "def stop(pod_id, **options):",
    '    requests.post(f"{BASE}/pods/{pod_id}/stop", **options).raise_for_status()',
    "",
  ].join("\n");
  const client = [
    'const API = "https://api.runpod.io/v2";',
    "",
    "async function call(method: string, path: string): Promise<unknown> {",
    "  const res = await fetch(`${API}${path}`, { method });",
    "  return res.json();",
    "}",
    "",
    'export const volumes = () => call("GET", "/networkvolumes");',
    'export const registries = () => call("GET", "/containerregistryauth");',
    'export const pods = () => call("GET", "/pods");',
    'export const stop = (id: string) => call("POST", `/pods/${id}/stop`);',
    "",
  ].join("\n");

  it("--fix renames the path segments and adds an action body where the call provably sends no other; **options needs --unsafe-fixes; a request function never gets a body added", () => {
    const dir = tree({ "manager.py": manager, "client.ts": client });
    const scanned = calls(run(dir, ["--format", "json"]).stdout);
    expect(scanned.map(shown).sort()).toEqual([
      "client.ts GET /containerregistryauth → GET /v2/registries",
      "client.ts GET /networkvolumes → GET /v2/network-volumes",
      "client.ts POST /pods/${id}/stop → POST /v2/pods/{id}/action",
      "manager.py DELETE /endpoints/{endpoint_id} → DELETE /v2/serverless/{id}",
      "manager.py POST /pods/{pod_id}/start → POST /v2/pods/{id}/action",
      "manager.py POST /pods/{pod_id}/stop → POST /v2/pods/{id}/action",
    ]);
    expect(scanned.every((finding) => finding.ruleId === RULE)).toBe(true);

    const safe = run(dir, ["--fix", "--format", "json"]);
    expect(safe.stderr).toMatch(/fixed 4 calls in 2 files/);
    // The call names only `timeout=` after its URL: it sends no body, so {"action": "start"} is all v2 needs.
    expect(readFileSync(join(dir, "manager.py"), "utf8")).toContain(
      'requests.post(f"{BASE}/pods/{pod_id}/action", timeout=30, json={"action": "start"}).raise_for_status()',
    );
    const fixedTs = readFileSync(join(dir, "client.ts"), "utf8");
    expect(fixedTs).toContain('call("GET", "/network-volumes")');
    expect(fixedTs).toContain('call("GET", "/registries")');
    expect(readFileSync(join(dir, "manager.py"), "utf8")).toContain('requests.delete(f"{BASE}/serverless/{endpoint_id}"');
    const safeLeft = calls(safe.stdout);
    expect(safeLeft.map(shown).sort()).toEqual([
      "client.ts POST /pods/${id}/stop → POST /v2/pods/{id}/action",
      "manager.py POST /pods/{pod_id}/stop → POST /v2/pods/{id}/action",
    ]);
    // `**options` could carry a `json=` of its own: adding one is for --unsafe-fixes.
    expect(safeLeft.find((finding) => finding.file === "manager.py")?.notes.map((note) => note.message)).toContainEqual(
      expect.stringContaining("run with --unsafe-fixes for that change"),
    );

    const unsafe = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    expect(readFileSync(join(dir, "manager.py"), "utf8")).toContain(
      'requests.post(f"{BASE}/pods/{pod_id}/action", **options, json={"action": "stop"}).raise_for_status()',
    );
    // Through `call`, the body {"action": "stop"} would have to be an argument it does not take: reported, not changed.
    const left = calls(unsafe.stdout);
    expect(left.map(shown)).toEqual(["client.ts POST /pods/${id}/stop → POST /v2/pods/{id}/action"]);
    expect(left[0]?.notes.map((note) => note.message)).toContainEqual(expect.stringContaining("v2kit does not add a body to a call through `call`"));
    expect(readFileSync(join(dir, "client.ts"), "utf8")).toContain('call("POST", `/pods/${id}/stop`)');

    const settled = files(dir);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toMatch(/fixed 0 calls in 0 files/);
    expect(files(dir)).toEqual(settled);
    expect(parseErrors(dir)).toBeUndefined();
  });
});

describe("no false positive on a v2 base", () => {
  it("v2 routes of the bundled document, the queue API, GraphQL and another API's v2 base are not reported", () => {
    const v2Paths = [
      "/pods",
      "/pods/{pod_id}",
      "/pods/{pod_id}/action",
      "/pods/{pod_id}/logs",
      "/templates",
      "/templates/{template_id}",
      "/billing",
      "/billing/pods",
      "/billing/endpoints",
      "/billing/serverless",
      "/billing/network-volumes",
      "/billing/clusters",
      "/serverless",
      "/serverless/{endpoint_id}/workers",
      "/network-volumes/{volume_id}",
      "/registries",
      "/registries/delegations",
      "/catalog/templates",
      "/clusters/{cluster_id}/pods",
    ];
    const rest = [
      "import requests",
      "",
      'BASE = "https://rest.runpod.io/v2"',
      'API = "https://api.runpod.io/v2"',
      "",
      "",
      "def everything(pod_id, template_id, endpoint_id, volume_id, cluster_id):",
      ...v2Paths.flatMap((path) => [`    requests.get(f"{BASE}${path}", timeout=30)`, `    requests.get(f"{API}${path}", timeout=30)`]),
      '    requests.post(f"https://api.runpod.ai/v2/{endpoint_id}/run", json={"input": {}}, timeout=30)',
      '    requests.post("https://api.runpod.io/graphql", json={"query": "{ myself { id } }"}, timeout=30)',
      "",
    ].join("\n");
    const relative = [
      'const BASE = "https://rest.runpod.io/v2";',
      "",
      "async function get(path: string): Promise<unknown> {",
      "  return (await fetch(`${BASE}${path}`)).json();",
      "}",
      "",
      ...v2Paths.map((path, index) => `export const read${index} = (id: string) => get(\`${path.replace(/\{\w+\}/g, "${id}")}\`);`),
      "",
    ].join("\n");
    // Another API's v2 base: its `/templates/{id}/update` is that API's, not a v1 path of this one.
    const other = [
      "import requests",
      "",
      'OTHER = "https://api.example.com/v2"',
      "",
      "",
      "def update(template_id):",
      '    requests.post(f"{OTHER}/templates/{template_id}/update", timeout=30)',
      "",
    ].join("\n");
    const dir = tree({ "rest/client.py": rest, "web/client.ts": relative, "other/client.py": other });
    const result = run(dir, ["--format", "json"]);
    expect(jsonLines<JsonFinding>(result.stdout)).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe("v2-rest.runpod.io is this API's v2 host too", () => {
  // Public clients (runpod/runpod-mcp before its default moved to api.runpod.io) call the same v2
  // API on `https://v2-rest.runpod.io/v2`: a v1 path there fails as it does on api.runpod.io.
  it("a v1 path on `https://v2-rest.runpod.io/v2` is reported and fixed like one on api.runpod.io; its v2 routes are not reported", () => {
    const client = [
      "import requests",
      "",
      'CONTROL_PLANE = "https://v2-rest.runpod.io/v2"',
      "",
      "",
      "def endpoints():",
      '    return requests.get(f"{CONTROL_PLANE}/endpoints", timeout=30).json()',
      "",
      "",
      "def pods():",
      '    return requests.get(f"{CONTROL_PLANE}/pods", timeout=30).json()',
      "",
    ].join("\n");
    const dir = tree({ "client.py": client });
    const scanned = calls(run(dir, ["--format", "json"]).stdout);
    expect(scanned.map(shown)).toEqual(["client.py GET /endpoints → GET /v2/serverless"]);
    expect(scanned[0]?.ruleId).toBe(RULE);
    expect(run(dir, ["--fix"]).stderr).toMatch(/fixed 1 call in 1 file/);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('requests.get(f"{CONTROL_PLANE}/serverless", timeout=30)');
  });
});
