// What `migrate scan` counts as a call of this API, and what `--fix` / `--diff` may rewrite
// (issue 45, items 2, 4 and 6), run as a user runs them: the CLI as a child process on a scratch
// tree, the diff applied with `git apply`, the fixed files parsed by python3 / node.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratchFolders } from "./scan-harness.js";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));

interface JsonFinding {
  file: string;
  line: number;
  v1: { method: string; path: string };
  confidence: string;
  inferred: string[];
  ruleId: string;
  notes: { level: string; message: string }[];
}

/** A scratch tree holding `files` (relative path → text). */
const tree = scratchFolders("v2kit-scope-");

function scan(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "."], { cwd: dir, encoding: "utf8" });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function findings(dir: string, ...args: string[]): JsonFinding[] {
  return scan(dir, "--format", "json", "--fail-on", "none", ...args)
    .stdout.split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JsonFinding);
}

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(join(entry.parentPath, entry.name).slice(dir.length + 1), readFileSync(join(entry.parentPath, entry.name), "utf8"));
  }
  return out;
}

const parses = (path: string): string => {
  const result = /\.py$/.test(path)
    ? spawnSync("python3", ["-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", path], { encoding: "utf8" })
    : spawnSync(process.execPath, ["--check", path], { encoding: "utf8" });
  return result.status === 0 ? "" : `${result.stderr}`;
};

// Issue 45, item 2.
describe("a path is this API's only when its base says so", () => {
  const others = {
    "cluster/pods.py": [
      "import os",
      "",
      "import requests",
      "",
      'APISERVER = os.environ.get("APISERVER", "https://kubernetes.default.svc")',
      "",
      "",
      "def pods():",
      '    return requests.get(APISERVER + "/api/v1/pods").json()',
      "",
      "",
      "def service_endpoints():",
      '    return requests.get(APISERVER + "/api/v1/endpoints").json()',
      "",
      "",
      "def together(endpoint_id):",
      '    return requests.delete(f"https://api.together.xyz/v1/endpoints/{endpoint_id}")',
      "",
    ].join("\n"),
    "cluster/pods.sh": [
      'curl -s -H "Authorization: Bearer $TOKEN" "$APISERVER/api/v1/pods"',
      "curl -s https://kubernetes.default.svc/api/v1/endpoints",
      "kubectl get --raw /api/v1/pods",
      'kubectl get --raw "/api/v1/namespaces/default/endpoints"',
      "curl -X DELETE https://api.together.xyz/v1/endpoints/abc",
      "",
    ].join("\n"),
    "cluster/client.go": [
      "package cluster",
      "",
      'import "net/http"',
      "",
      'const APIServer = "https://kubernetes.default.svc"',
      "",
      "func Pods() (*http.Response, error) {",
      '\treturn http.Get(APIServer + "/api/v1/pods")',
      "}",
      "",
      "func Endpoints() (*http.Response, error) {",
      '\treturn http.Get(APIServer + "/api/v1/endpoints")',
      "}",
      "",
    ].join("\n"),
  };

  it("Kubernetes /api/v1 (Python, curl, kubectl get --raw, Go) and api.together.xyz/v1: not reported, not fixed", () => {
    const dir = tree(others);
    const before = snapshot(dir);
    const run = scan(dir);
    expect(run.stdout).toBe("no v1 calls found\n");
    expect(run.code).toBe(0);
    const diff = scan(dir, "--diff", "--unsafe-fixes");
    expect(diff.stdout).toBe("");
    expect(diff.code).toBe(0);
    scan(dir, "--fix", "--unsafe-fixes");
    expect(snapshot(dir)).toEqual(before);
  });

  it("beside them, this API's v1 calls are still certain and fixed", () => {
    const dir = tree({
      ...others,
      "runpod/pods.py": 'import requests\n\n\ndef pods():\n    return requests.get("https://rest.runpod.io/v1/pods").json()\n',
    });
    // The call (its bare-list `return …json()` is a `v1-response-field` read, held in scan-fix-responses.test.ts).
    expect(
      findings(dir)
        .filter((finding) => finding.ruleId !== "v1-response-field")
        .map((finding) => `${finding.file}:${finding.line} ${finding.v1.method} ${finding.v1.path} ${finding.confidence}`),
    ).toEqual(["runpod/pods.py:5 GET /pods certain"]);
    const diff = scan(dir, "--diff");
    // The bare list it returns is v1's answer: the read gets its `v2kit:` comment (marker.ts).
    expect(diff.stdout.split("\n").filter((line) => /^[-+](?![-+])/.test(line))).toEqual([
      '-    return requests.get("https://rest.runpod.io/v1/pods").json()',
      "+    # v2kit: GET /pods moved to GET /v2/pods, and this reads its v1 answer ([…]): v2 answers it at pods; change the read, then delete this comment",
      '+    return requests.get("https://api.runpod.io/v2/pods").json()',
    ]);
  });

  it("a /v1 path through a wrapper whose base is unknown: inferred, never fixed", () => {
    const dir = tree({
      "lib/api.py":
        'import os\n\nimport requests\n\nBASE = os.environ["API_URL"]\n\n\ndef call(method, path):\n    return requests.request(method, BASE + path)\n',
      "jobs/cleanup.py": 'from lib.api import call\n\n\ndef cleanup(pod_id):\n    call("GET", "/v1/pods")\n    call("DELETE", "/v1/pods/" + pod_id)\n',
    });
    const got = findings(dir);
    expect(
      got.map((finding) => `${finding.file}:${finding.line} ${finding.v1.method} ${finding.v1.path} ${finding.confidence} ${finding.inferred.join(",")}`),
    ).toEqual(["jobs/cleanup.py:5 GET /pods inferred base", "jobs/cleanup.py:6 DELETE /pods/{pod_id} inferred base"]);
    for (const finding of got)
      expect(finding.notes.map((note) => note.message)).toContain(
        "host inferred: the path states /v1 but not its host, and no URL of this API was found around it",
      );
    const diff = scan(dir, "--diff", "--unsafe-fixes");
    expect(diff.stdout).toBe("");
    expect(diff.stderr).toContain("jobs/cleanup.py:5:18: not fixed: the path states /v1 but its host is set elsewhere");
  });

  it("a /v1 path whose host is set elsewhere in a folder that names this API's server: certain, and still not fixed", () => {
    const dir = tree({
      "svc/config.py": 'import os\n\nHOST = os.environ.get("RUNPOD_HOST", "https://rest.runpod.io")\n',
      "svc/client.py": 'import requests\n\nfrom .config import HOST\n\n\ndef pods():\n    return requests.get(HOST + "/v1/pods")\n',
    });
    expect(findings(dir).map((finding) => `${finding.file}:${finding.line} ${finding.confidence}`)).toEqual(["svc/client.py:7 certain"]);
    const diff = scan(dir, "--diff", "--unsafe-fixes");
    expect(diff.stdout).toBe("");
    expect(diff.stderr).toContain(
      "svc/client.py:7:33: not fixed: the path states /v1 but its host is set elsewhere: change the path to GET /v2/pods in the same change that points that host at https://api.runpod.io",
    );
  });

  it("a base function another folder defines with the v1 server's URL ties the call to this API: certain, not fixed", () => {
    const dir = tree({
      "src/_shared/backend.ts": 'export function restV1Base(env: { URL?: string }): string {\n  return env.URL ?? "https://rest.runpod.io/v1";\n}\n',
      "src/tools/pods.ts":
        'import { restV1Base } from "../_shared/backend.js";\n\nexport const create = (env: object, body: unknown) => callRestUrl(`${restV1Base(env)}/pods`, "POST", body);\n',
    });
    const [finding, ...rest] = findings(dir);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ file: "src/tools/pods.ts", line: 3, v1: { method: "POST", path: "/pods" }, confidence: "certain" });
    expect(finding?.notes.map((note) => note.message)).toContain("the base comes from `restV1Base`, which the scanned tree defines with the v1 base URL");
    expect(scan(dir, "--diff", "--unsafe-fixes").stdout).toBe("");
  });

  it("a proxy base tied to this API by its name is this API's: certain, and its /v1 fixed to /v2", () => {
    const dir = tree({
      "client.mjs": 'const RUNPOD_PROXY = "http://localhost:8080/runpod/v1";\nexport const pods = () => fetch(`${RUNPOD_PROXY}/pods`);\n',
    });
    expect(findings(dir).map((finding) => `${finding.line} ${finding.confidence}`)).toEqual(["2 certain"]);
    scan(dir, "--fix");
    expect(readFileSync(join(dir, "client.mjs"), "utf8")).toBe(
      'const RUNPOD_PROXY = "http://localhost:8080/runpod/v2";\nexport const pods = () => fetch(`${RUNPOD_PROXY}/pods`);\n',
    );
    expect(parses(join(dir, "client.mjs"))).toBe("");
  });
});

// Issue 45, item 4.
describe("a base constant other files use is changed only with all its uses", () => {
  const exporter = {
    "src/config.ts": 'export const BASE = "https://rest.runpod.io/v1";\n\nexport async function listPods() {\n  return fetch(`${BASE}/pods`);\n}\n',
    "src/app.ts": 'import { BASE } from "./config";\n\nexport async function getEndpoint(id: string) {\n  return fetch(`${BASE}/endpoints/${id}`);\n}\n',
  };

  // Issue 41 (round eleven): every use of the base in the tree is a call v2kit can migrate, so the
  // base changes with all of them, in one change (before, an importer's call could not be followed,
  // and the base was left).
  it("TypeScript: an exported BASE whose every use is a call moves with both calls, in both files", () => {
    const dir = tree(exporter);
    const fixed = scan(dir, "--fix");
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files; 0 calls left");
    expect(readFileSync(join(dir, "src/config.ts"), "utf8")).toBe(exporter["src/config.ts"].replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    expect(readFileSync(join(dir, "src/app.ts"), "utf8")).toBe(exporter["src/app.ts"].replace("/endpoints/", "/serverless/"));
    expect(findings(dir)).toEqual([]);
    expect(scan(dir, "--diff").stdout).toBe("");
  });

  it("Python: a module-level BASE another file imports moves with the importer's call; a same-named constant of another module is its own", () => {
    const dir = tree({
      "pkg/config.py": 'import requests\n\nBASE = "https://rest.runpod.io/v1"\n\n\ndef pods():\n    return requests.get(f"{BASE}/pods")\n',
      "app.py": 'import requests\n\nfrom pkg.config import BASE\n\n\ndef endpoint(eid):\n    return requests.get(f"{BASE}/endpoints/{eid}")\n',
      "tools/standalone.py": 'import requests\n\nBASE = "https://rest.runpod.io/v1"\n\n\ndef templates():\n    return requests.get(f"{BASE}/templates")\n',
      "tools/report.py": 'from tools.standalone import BASE\n\nprint("templates come from", BASE)\n',
    });
    const fixed = scan(dir, "--fix");
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files");
    expect(readFileSync(join(dir, "pkg/config.py"), "utf8")).toContain('BASE = "https://api.runpod.io/v2"');
    expect(readFileSync(join(dir, "app.py"), "utf8")).toContain('requests.get(f"{BASE}/serverless/{eid}")');
    // tools/report.py prints the other BASE outside any request function: that base is left, saying where.
    expect(readFileSync(join(dir, "tools/standalone.py"), "utf8")).toContain('BASE = "https://rest.runpod.io/v1"');
    expect(fixed.stdout).toContain("not fixed: the v1 base comes from `BASE`, which tools/report.py uses too");
    expect(findings(dir).map((finding) => `${finding.file}:${finding.line}`)).toEqual(["tools/standalone.py:7"]);
    for (const file of ["pkg/config.py", "app.py", "tools/standalone.py"]) expect(parses(join(dir, file)), file).toBe("");
  });

  it("shell: a variable a sourcing script reads, or one exported, is left; the calls on it say why", () => {
    const dir = tree({
      "scripts/common.sh": 'API="https://rest.runpod.io/v1"\ncurl -s "$API/pods"\n',
      "scripts/deploy.sh": '. "$(dirname "$0")/common.sh"\ncurl -s "$API/endpoints/$ID"\n',
      "jobs/env.sh": 'BASE="https://rest.runpod.io/v1"\nexport BASE\ncurl -s "$BASE/templates"\n',
    });
    const diff = scan(dir, "--diff");
    expect(diff.stdout).toBe("");
    expect(diff.stderr).toContain("scripts/common.sh:2:14: not fixed: the v1 base comes from `API`, which scripts/deploy.sh uses too");
    expect(diff.stderr).toContain("jobs/env.sh:3:15: not fixed: the v1 base comes from `BASE`, which is exported");
  });

  it("Go: an exported (capitalised) base constant is left; an unexported one only its own file uses is fixed", () => {
    const dir = tree({
      "rest/client.go":
        'package rest\n\nimport "net/http"\n\nconst BaseURL = "https://rest.runpod.io/v1"\n\nfunc Pods() (*http.Response, error) {\n\treturn http.Get(BaseURL + "/pods")\n}\n',
      "rest/templates.go":
        'package rest\n\nimport "net/http"\n\nconst templatesBase = "https://rest.runpod.io/v1"\n\nfunc Templates() (*http.Response, error) {\n\treturn http.Get(templatesBase + "/templates")\n}\n',
    });
    const diff = scan(dir, "--diff");
    expect(diff.stdout).toContain('+const templatesBase = "https://api.runpod.io/v2"');
    expect(diff.stdout).not.toContain("BaseURL =");
    expect(diff.stderr).toContain("rest/client.go:8:29: not fixed: the v1 base comes from `BaseURL`, which is exported");
  });
});

// Issue 45, item 6.
describe("--fix, --diff and --unsafe-fixes rewrite calls only, never a URL that is logged or compared", () => {
  const files = {
    "legacy.py": [
      "import logging",
      "",
      "import requests",
      "",
      "logger = logging.getLogger(__name__)",
      'LEGACY_URL = "https://rest.runpod.io/v1/pods"',
      "print(LEGACY_URL)",
      'logger.info("moved from %s", "https://rest.runpod.io/v1/endpoints")',
      "",
      "",
      "def delete_pod(pod_id):",
      '    return requests.delete(f"https://rest.runpod.io/v1/pods/{pod_id}")',
      "",
      "",
      "def test_url(resp):",
      '    assert resp.url == "https://rest.runpod.io/v1/pods"',
      "",
    ].join("\n"),
    "probe.mjs": [
      'console.log("v1 base was https://rest.runpod.io/v1/templates");',
      'export const check = (url) => url === "https://rest.runpod.io/v1/networkvolumes";',
      'export const remove = (id) => fetch(`https://rest.runpod.io/v1/pods/${id}`, { method: "DELETE" });',
      "",
    ].join("\n"),
  };
  const notCalls = ["legacy.py:6", "legacy.py:8", "legacy.py:16", "probe.mjs:1", "probe.mjs:2"];

  it("scan reports the strings that are not calls as inferred (method), and the calls as certain", () => {
    const dir = tree(files);
    const got = findings(dir).map((finding) => `${finding.file}:${finding.line} ${finding.confidence} ${finding.inferred.join(",")}`);
    expect(got).toEqual([
      "legacy.py:6 inferred method",
      "legacy.py:8 inferred method",
      "legacy.py:12 certain ",
      "legacy.py:16 inferred method",
      "probe.mjs:1 inferred method",
      "probe.mjs:2 inferred method",
      "probe.mjs:3 certain ",
    ]);
  });

  it.each([[[]], [["--unsafe-fixes"]]])("--diff %j touches only the calls; the others are left with a reason; git apply takes it", (extra) => {
    const dir = tree(files);
    const diff = scan(dir, "--diff", ...extra);
    const changed = diff.stdout.split("\n").filter((line) => /^[-+](?![-+])/.test(line));
    expect(changed.filter((line) => line.startsWith("-"))).toEqual([
      '-    return requests.delete(f"https://rest.runpod.io/v1/pods/{pod_id}")',
      '-export const remove = (id) => fetch(`https://rest.runpod.io/v1/pods/${id}`, { method: "DELETE" });',
    ]);
    for (const where of notCalls) expect(diff.stderr).toMatch(new RegExp(`${where}:\\d+: not fixed: v2kit cannot tell that this is a call`));
    writeFileSync(join(dir, "fix.patch"), diff.stdout);
    const applied = spawnSync("git", ["apply", "fix.patch"], { cwd: dir, encoding: "utf8" });
    expect(applied.status, applied.stderr).toBe(0);
  });

  it("--fix leaves every line that is not a call byte for byte; the next scan still reports them and not the calls", () => {
    const dir = tree(files);
    const before = snapshot(dir);
    const fixed = scan(dir, "--fix");
    expect(fixed.stderr).toContain("fixed 2 calls in 2 files; 5 calls left");
    const after = snapshot(dir);
    for (const where of notCalls) {
      const [file, line] = where.split(":") as [string, string];
      expect(after.get(file)?.split("\n")[Number(line) - 1], where).toBe(before.get(file)?.split("\n")[Number(line) - 1]);
    }
    expect(after.get("legacy.py")).toContain('requests.delete(f"https://api.runpod.io/v2/pods/{pod_id}")');
    for (const file of ["legacy.py", "probe.mjs"]) expect(parses(join(dir, file)), file).toBe("");
    const again = findings(dir).map((finding) => `${finding.file}:${finding.line}`);
    expect(again).toEqual(notCalls);
  });
});

// Issue 45, item 6.
describe("a curl command the line scanner reads states its method", () => {
  const brief = async (text: string, file: string) => {
    const { scanSource } = await import("../../migrate/index.js");
    return scanSource(text, file).map((finding) => `${finding.v1.method} ${finding.v1.path} ${finding.confidence}`);
  };

  it("curl without -X is GET, with data POST, when the command is wholly on its line", async () => {
    expect(await brief('      run: curl -s https://rest.runpod.io/v1/endpoints -H "Authorization: Bearer $KEY"\n', "ci.yml")).toEqual([
      "GET /endpoints certain",
    ]);
    expect(await brief("curl -d @pod.json https://rest.runpod.io/v1/pods\n", "notes.txt")).toEqual(["POST /pods certain"]);
  });

  it("a command continued on the next line may send data there: the method stays inferred", async () => {
    expect(await brief("      run: curl -s https://rest.runpod.io/v1/pods \\\n        -d @pod.json\n", "ci.yml")).toEqual(["GET /pods inferred"]);
  });
});
