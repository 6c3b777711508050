// Issue 41, items 1 and 2, for shell clients: a request function `rp() { local method="$1"
// path="$2"; shift 2; curl -X "$method" "$RUNPOD_REST$path" … "$@"; }` called as `rp DELETE
// "/pods/$POD_ID"`, and a base with an environment default in a sourced file
// (`RUNPOD_REST="${RUNPOD_REST:-https://rest.runpod.io/v1}"` in config.env). Each call was reported
// as an inferred GET ("the call names no HTTP method"): `rp DELETE` read as GET is wrong. Now the
// method and path come from the call's arguments, and --fix moves config.env's default with the
// calls. The CLI runs as a child process on scratch copies; the fixed script passes `bash -n` and
// runs in bash with a `curl` on PATH that records what it is asked to send.

import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, files, git, has, jsonLines, scan, scratchFolders } from "./scan-harness.js";

const bash = has("bash", ["-c", "true"]);
const gitHere = has("git", ["--version"]);

const tree = scratchFolders("v2kit-shell-wrapper-");

interface Row {
  line: number;
  ruleId: string;
  confidence: string;
  methodSource?: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
}

const findings = (dir: string) =>
  jsonLines<Row>(scan(dir, "--format", "json", ".").stdout).map(
    (row) => `${row.line} ${row.v1.method} ${row.v1.path} → ${row.v2?.method} ${row.v2?.path} ${row.confidence}`,
  );

/** Runs `script` in bash with a `curl` that records each request (method, URL, body) and answers `{}`. */
function runRecorded(dir: string, script: string, env: Record<string, string> = {}): { method: string; url: string; body?: unknown; type?: string }[] {
  const bin = join(dir, ".bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "curl"),
    [
      "#!/usr/bin/env bash",
      'method=GET; url=""; body=""; type=""',
      'while [ "$#" -gt 0 ]; do',
      '  case "$1" in',
      '    -X|--request) method="$2"; shift 2 ;;',
      '    -d|--data) body="$2"; [ "$body" = "@-" ] && body="$(cat)"; [ "$method" = GET ] && method=POST; shift 2 ;;',
      '    -H) case "$2" in Content-Type:*) type="${2#Content-Type: }" ;; esac; shift 2 ;;',
      "    -*) shift ;;",
      '    *) url="$1"; shift ;;',
      "  esac",
      "done",
      'printf \'%s\\t%s\\t%s\\t%s\\n\' "$method" "$url" "$type" "$(printf %s "$body" | tr "\\n" " ")" >> "$CURL_LOG"',
      "echo '{}'",
      "",
    ].join("\n"),
  );
  chmodSync(join(bin, "curl"), 0o755);
  const log = join(dir, ".curl.log");
  writeFileSync(log, "");
  const ran = spawnSync("bash", [script], {
    cwd: dir,
    encoding: "utf8",
    env: { PATH: `${bin}:${process.env.PATH ?? ""}`, CURL_LOG: log, RUNPOD_API_KEY: "k", ...env },
  });
  expect(ran.stderr).toBe("");
  expect(ran.status).toBe(0);
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [method, url, type, body] = line.split("\t") as [string, string, string, string];
      return { method, url, ...(type ? { type } : {}), ...(body ? { body: JSON.parse(body) as unknown } : {}) };
    });
}

const CONFIG = `# Settings for deploy.sh; each can be overridden from the environment.
RUNPOD_REST="\${RUNPOD_REST:-https://rest.runpod.io/v1}"
RUNPOD_GRAPHQL="\${RUNPOD_GRAPHQL:-https://api.runpod.io/graphql}"
`;

const QUEUE = `curl -sS -X POST "https://api.runpod.ai/v2/$ENDPOINT_ID/run" -H "Content-Type: application/json" -d '{"input": {}}'`;
const GRAPHQL = `curl -sS -X POST "$RUNPOD_GRAPHQL?api_key=$RUNPOD_API_KEY" -H "Content-Type: application/json" -d '{"query": "query { myself { id } }"}'`;

const DEPLOY = `#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")"
source ./config.env

# rp METHOD PATH [curl arguments]: one REST call.
rp() {
  local method="$1" path="$2"
  shift 2
  curl -sS -X "$method" "$RUNPOD_REST$path" -H "Authorization: Bearer $RUNPOD_API_KEY" "$@"
}

ENDPOINT_ID="\${1:-ep1}"
POD_ID="\${2:-pod1}"
WORKERS_MIN="\${WORKERS_MIN:-1}"
rp GET /endpoints
rp PATCH "/endpoints/$ENDPOINT_ID" -H "Content-Type: application/json" -d "{\\"workersMin\\": \${WORKERS_MIN}}"
curl -sS "$RUNPOD_REST/endpoints/$ENDPOINT_ID" -H "Authorization: Bearer $RUNPOD_API_KEY"
if rp GET "/networkvolumes" >/dev/null; then echo "volumes: read"; fi
rp DELETE "/pods/$POD_ID"
rp DELETE /endpoints/"$ENDPOINT_ID"
${QUEUE}
${GRAPHQL}
`;

describe("a shell request function rp METHOD PATH, its base a default in a sourced config.env", () => {
  it("each call is reported with the method its first argument passes to curl -X, certain, and the base that config.env names", () => {
    const dir = tree({ "config.env": CONFIG, "deploy.sh": DEPLOY });
    expect(findings(dir)).toEqual([
      "16 GET /endpoints → GET /v2/serverless certain",
      "17 PATCH /endpoints/{ENDPOINT_ID} → PATCH /v2/serverless/{id} certain",
      "18 GET /endpoints/{ENDPOINT_ID} → GET /v2/serverless/{id} certain",
      "19 GET /networkvolumes → GET /v2/network-volumes certain",
      "20 DELETE /pods/{POD_ID} → DELETE /v2/pods/{id} certain",
      "21 DELETE /endpoints/{ENDPOINT_ID} → DELETE /v2/serverless/{id} certain",
    ]);
    const row = jsonLines<Row>(scan(dir, "--format", "json", ".").stdout).find((finding) => finding.line === 20);
    expect(row).toMatchObject({ ruleId: "v1-call", methodSource: "argument 1 of rp(), which it sends as curl's -X" });
  });

  it("--fix changes config.env's default and every call in one change; the script parses, and sends v2 requests with a valid body", () => {
    const dir = tree({ "config.env": CONFIG, "deploy.sh": DEPLOY });
    const fixed = scan(dir, "--fix", ".");
    expect(fixed.stderr).toBe("v2kit migrate scan: fixed 6 calls in 2 files; 0 calls left\n");
    expect(readFileSync(join(dir, "config.env"), "utf8")).toBe(CONFIG.replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    const script = readFileSync(join(dir, "deploy.sh"), "utf8");
    expect(script).toBe(
      DEPLOY.replace("rp GET /endpoints\n", "rp GET /serverless\n")
        .replace(`rp PATCH "/endpoints/$ENDPOINT_ID"`, `rp PATCH "/serverless/$ENDPOINT_ID"`)
        .replace(`-d "{\\"workersMin\\": \${WORKERS_MIN}}"`, `-d "{\\"workers\\": {\\"min\\": \${WORKERS_MIN}}}"`)
        .replace(`"$RUNPOD_REST/endpoints/$ENDPOINT_ID"`, `"$RUNPOD_REST/serverless/$ENDPOINT_ID"`)
        .replace(`rp GET "/networkvolumes"`, `rp GET "/network-volumes"`)
        .replace(`rp DELETE /endpoints/"$ENDPOINT_ID"`, `rp DELETE /serverless/"$ENDPOINT_ID"`),
    );
    // The queue API and GraphQL lines are as written.
    expect(script.split("\n").filter((line) => line === QUEUE || line === GRAPHQL)).toEqual([QUEUE, GRAPHQL]);
    if (!bash) return;
    expect(spawnSync("bash", ["-n", "deploy.sh"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const sent = runRecorded(dir, "deploy.sh", { WORKERS_MIN: "2" });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/serverless",
      "PATCH https://api.runpod.io/v2/serverless/ep1",
      "GET https://api.runpod.io/v2/serverless/ep1",
      "GET https://api.runpod.io/v2/network-volumes",
      "DELETE https://api.runpod.io/v2/pods/pod1",
      "DELETE https://api.runpod.io/v2/serverless/ep1",
      "POST https://api.runpod.ai/v2/ep1/run",
      "POST https://api.runpod.io/graphql?api_key=k",
    ]);
    // The shell number is still a number.
    expect(sent[1]).toMatchObject({ type: "application/json", body: { workers: { min: 2 } } });
    expectLintsValid("updateEndpoint", sent[1]?.body);
    // A second --fix changes nothing.
    const before = files(dir);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 0 calls in 0 files; 0 calls left\n");
    expect(files(dir)).toEqual(before);
  });

  it.skipIf(!gitHere)("git apply takes --diff, and gives the files --fix writes", () => {
    const fixedDir = tree({ "config.env": CONFIG, "deploy.sh": DEPLOY });
    scan(fixedDir, "--fix", ".");
    const dir = tree({ "config.env": CONFIG, "deploy.sh": DEPLOY });
    git(dir, "init", "-q");
    const diff = scan(dir, "--diff", ".");
    expect(diff.stdout).toContain("+++ b/config.env");
    writeFileSync(join(dir, ".patch"), diff.stdout);
    expect(git(dir, "apply", ".patch").stderr).toBe("");
    rmSync(join(dir, ".patch"));
    expect(files(dir)).toEqual(files(fixedDir));
  });

  it('source "$(dirname "$0")/config.env" is the same file: the default moves with the calls; a config.env of another folder is not it', () => {
    const viaDirname = DEPLOY.replace('cd "$(dirname "$0")"\nsource ./config.env', 'source "$(dirname "$0")/config.env"');
    expect(viaDirname).not.toBe(DEPLOY);
    const dir = tree({ "config.env": CONFIG, "deploy.sh": viaDirname });
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 6 calls in 2 files; 0 calls left\n");
    expect(readFileSync(join(dir, "config.env"), "utf8")).toBe(CONFIG.replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    const elsewhere = tree({ "deploy.sh": DEPLOY.replace("source ./config.env", "source ./settings/config.env") });
    mkdirSync(join(elsewhere, "other"));
    writeFileSync(join(elsewhere, "other", "config.env"), CONFIG);
    expect(scan(elsewhere, "--fix", ".").stderr).toMatch(/^v2kit migrate scan: fixed 0 calls in 0 files; 6 calls left/);
    expect(readFileSync(join(elsewhere, "other", "config.env"), "utf8")).toBe(CONFIG);
  });

  it("a base named by a program that does not source config.env stays, with every call, and each says where", () => {
    const dir = tree({ "config.env": CONFIG, "deploy.sh": DEPLOY, "tool.py": 'import os\nprint(os.environ["RUNPOD_REST"])\n' });
    const fixed = scan(dir, "--fix", ".");
    expect(fixed.stderr).toBe('v2kit migrate scan: fixed 0 calls in 0 files; 6 calls left (each says why in a "not fixed" note)\n');
    expect(readFileSync(join(dir, "config.env"), "utf8")).toBe(CONFIG);
    expect(fixed.stdout).toContain("`RUNPOD_REST` is also named in tool.py, which does not source config.env");
  });
});

const LIB = `# Shared settings.
export RUNPOD_REST="\${RUNPOD_REST:-https://rest.runpod.io/v1}"
`;

const ROLLOUT = `#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")"
. ./lib.sh

function rp {
  local verb=$1
  local route=$2
  shift 2
  curl -sS --request "$verb" "\${RUNPOD_REST}\${route}" "$@"
}

POD_ID="\${1:-pod1}"
rp GET /pods
rp POST /endpoints -H "Content-Type: application/json" -d @- <<JSON
{"name": "rollout", "templateId": "t1", "workersMin": 0}
JSON
rp POST "/pods/$POD_ID/stop"
`;

describe('function rp { … --request "$verb" "${RUNPOD_REST}${route}" "$@"; }, its base exported by a sourced lib.sh', () => {
  it("the methods are read from the calls; a here-document body is the call's, read (v2 refuses this one: no gpu or cpu): --fix leaves the client, --unsafe-fixes moves it", () => {
    const dir = tree({ "lib.sh": LIB, "rollout.sh": ROLLOUT });
    expect(findings(dir)).toEqual([
      "14 GET /pods → GET /v2/pods certain",
      "15 POST /endpoints → POST /v2/serverless certain",
      "18 POST /pods/{POD_ID}/stop → POST /v2/pods/{id}/action certain",
    ]);
    const safe = scan(dir, "--fix", ".");
    expect(safe.stderr).toBe('v2kit migrate scan: fixed 0 calls in 0 files; 3 calls left (each says why in a "not fixed" note)\n');
    expect(files(dir)).toEqual(
      new Map([
        ["lib.sh", LIB],
        ["rollout.sh", ROLLOUT],
      ]),
    );
    expect(safe.stdout).toContain("not fixed: gpuTypeIds: v2 needs `gpu` or `cpu`");

    const unsafe = scan(dir, "--fix", "--unsafe-fixes", ".");
    expect(unsafe.stderr).toBe('v2kit migrate scan: fixed 2 calls in 2 files; 1 call left (each says why in a "not fixed" note)\n');
    expect(readFileSync(join(dir, "lib.sh"), "utf8")).toBe(LIB.replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    const script = readFileSync(join(dir, "rollout.sh"), "utf8");
    expect(script).toBe(
      ROLLOUT.replace(`rp POST "/pods/$POD_ID/stop"`, `rp POST "/pods/$POD_ID/action" -H 'Content-Type: application/json' -d '{"action": "stop"}'`),
    );
    expect(unsafe.stdout).toContain(
      "its base `RUNPOD_REST` becomes https://api.runpod.io/v2 with the other calls, so this call, left as written, fails as it did before (v1 was retired on 2026-11-15): change it to POST /serverless",
    );
    if (!bash) return;
    expect(spawnSync("bash", ["-n", "rollout.sh"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const sent = runRecorded(dir, "rollout.sh");
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/pods",
      "POST https://api.runpod.io/v2/endpoints",
      "POST https://api.runpod.io/v2/pods/pod1/action",
    ]);
    expect(sent[2]).toMatchObject({ type: "application/json", body: { action: "stop" } });
    const before = files(dir);
    scan(dir, "--fix", "--unsafe-fixes", ".");
    expect(files(dir)).toEqual(before);
  });
});

const SELF = `#!/bin/sh
API="\${API:-https://rest.runpod.io/v1}"
api() { curl -fsS -X "$1" "$API$2" -H "Authorization: Bearer $RUNPOD_API_KEY"; }
TEMPLATE_ID="\${1:-t1}"
api GET /templates
api DELETE "/templates/$TEMPLATE_ID"
`;

describe('api() { curl -X "$1" "$API$2"; }, its base a default in the script itself', () => {
  it("the calls are certain with their methods; --fix moves the default and the calls; an echo of the base keeps them all", () => {
    const dir = tree({ "run.sh": SELF });
    expect(findings(dir)).toEqual(["5 GET /templates → GET /v2/templates certain", "6 DELETE /templates/{TEMPLATE_ID} → DELETE /v2/templates/{id} certain"]);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 2 calls in 1 file; 0 calls left\n");
    expect(readFileSync(join(dir, "run.sh"), "utf8")).toBe(SELF.replace("https://rest.runpod.io/v1", "https://api.runpod.io/v2"));
    if (bash) {
      const sent = runRecorded(dir, "run.sh");
      expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
        "GET https://api.runpod.io/v2/templates",
        "DELETE https://api.runpod.io/v2/templates/t1",
      ]);
    }
    const echoed = tree({ "run.sh": `${SELF}echo "using $API"\n` });
    const left = scan(echoed, "--fix", ".");
    expect(left.stderr).toBe('v2kit migrate scan: fixed 0 calls in 0 files; 2 calls left (each says why in a "not fixed" note)\n');
    expect(left.stdout).toContain("`API` is also used at run.sh:7, which is not a v1 call v2kit reads");
  });
});

// openai/parameter-golf's scripts/runpod.sh: the base a plain assignment (no environment default), `_api METHOD PATH [curl args]`.
const PLAIN = `#!/usr/bin/env bash
set -euo pipefail
API_BASE="https://rest.runpod.io/v1"
_api() {
    local method="$1" path="$2"
    shift 2
    curl -s -X "$method" -H "Authorization: Bearer \${RUNPOD_API_KEY}" "\${API_BASE}\${path}" "$@"
}
pod_id="\${1:-p1}"
_api GET "/pods/\${pod_id}" > /dev/null
_api POST "/pods/\${pod_id}/stop" > /dev/null
_api DELETE "/pods/\${pod_id}" > /dev/null
`;

describe('API_BASE="https://rest.runpod.io/v1", a plain assignment, with _api METHOD PATH', () => {
  it("is the client's base: --fix moves it with every call, the stop call given its action body; the fixed script sends v2 requests", () => {
    const dir = tree({ "runpod.sh": PLAIN });
    // Run before the fix in a copy (the recording curl's log would be scanned).
    if (bash)
      expect(runRecorded(tree({ "runpod.sh": PLAIN }), "runpod.sh").map((request) => `${request.method} ${request.url}`)).toEqual([
        "GET https://rest.runpod.io/v1/pods/p1",
        "POST https://rest.runpod.io/v1/pods/p1/stop",
        "DELETE https://rest.runpod.io/v1/pods/p1",
      ]);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 3 calls in 1 file; 0 calls left\n");
    const text = readFileSync(join(dir, "runpod.sh"), "utf8");
    expect(text).toContain('API_BASE="https://api.runpod.io/v2"');
    expect(findings(dir)).toEqual([]);
    if (bash) {
      expect(spawnSync("bash", ["-n", "runpod.sh"], { cwd: dir }).status).toBe(0);
      const sent = runRecorded(dir, "runpod.sh");
      expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
        "GET https://api.runpod.io/v2/pods/p1",
        "POST https://api.runpod.io/v2/pods/p1/action",
        "DELETE https://api.runpod.io/v2/pods/p1",
      ]);
      expect(sent[1]?.body).toEqual({ action: "stop" });
      expectLintsValid("podAction", sent[1]?.body);
    }
  });
});

// kasuncp/gemma4-retro-recurrence's runpod.sh: `api METHOD PATH [json-body]`, two curls (with and without `-d "$body"`).
const TWO_CURLS = `#!/usr/bin/env bash
: "\${API_BASE:=https://rest.runpod.io/v1}"
api() {
    # api METHOD PATH [json-body]
    local method="$1" path="$2" body="\${3:-}"
    if [[ -n "$body" ]]; then
        curl -sS -X "$method" -H "Authorization: Bearer $RUNPOD_API_KEY" \\
            -H "Content-Type: application/json" \\
            -d "$body" "$API_BASE$path"
    else
        curl -sS -X "$method" -H "Authorization: Bearer $RUNPOD_API_KEY" "$API_BASE$path"
    fi
}
api GET /pods > /dev/null
api POST "/pods/p1/stop" > /dev/null
api DELETE "/pods/p1" > /dev/null
`;

describe("api METHOD PATH [json-body] with two curls that agree on the method, the path and the base", () => {
  it("is one request function: the methods are the calls' own, --fix moves the base, and the stop call gets its body as the third argument", () => {
    const dir = tree({ "runpod.sh": TWO_CURLS });
    expect(findings(dir)).toEqual([
      "14 GET /pods → GET /v2/pods certain",
      "15 POST /pods/p1/stop → POST /v2/pods/p1/action certain",
      "16 DELETE /pods/p1 → DELETE /v2/pods/p1 certain",
    ]);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 3 calls in 1 file; 0 calls left\n");
    const text = readFileSync(join(dir, "runpod.sh"), "utf8");
    expect(text).toContain(`api POST "/pods/p1/action" '{"action": "stop"}' > /dev/null`);
    if (bash) {
      expect(spawnSync("bash", ["-n", "runpod.sh"], { cwd: dir }).status).toBe(0);
      const sent = runRecorded(dir, "runpod.sh");
      expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
        "GET https://api.runpod.io/v2/pods",
        "POST https://api.runpod.io/v2/pods/p1/action",
        "DELETE https://api.runpod.io/v2/pods/p1",
      ]);
      expect(sent[1]).toMatchObject({ type: "application/json", body: { action: "stop" } });
    }
  });
});

describe('a request function whose curl names JSON\'s Content-Type and forwards "$@"', () => {
  it("the action body is added at the call without a second Content-Type header", () => {
    const script = PLAIN.replace(
      'curl -s -X "$method" -H "Authorization: Bearer ${RUNPOD_API_KEY}" "${API_BASE}${path}" "$@"',
      'curl -s -X "$method" -H "Authorization: Bearer ${RUNPOD_API_KEY}" -H "Content-Type: application/json" "${API_BASE}${path}" "$@"',
    );
    expect(script).toContain('-H "Content-Type: application/json"');
    const dir = tree({ "runpod.sh": script });
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 3 calls in 1 file; 0 calls left\n");
    expect(readFileSync(join(dir, "runpod.sh"), "utf8")).toContain(`_api POST "/pods/\${pod_id}/action" -d '{"action": "stop"}' > /dev/null`);
    if (bash) {
      const sent = runRecorded(dir, "runpod.sh");
      expect(sent[1]).toMatchObject({ method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", type: "application/json", body: { action: "stop" } });
    }
  });
});
