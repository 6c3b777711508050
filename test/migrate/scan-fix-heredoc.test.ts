// Issue 41, item 2: a shell here-document body (`curl … -d @- <<JSON`, `--data-binary @- <<'EOF'`)
// is the call's literal body. `migrate scan --fix` migrates it in place (keys renamed, a `$NAME`
// that stands for a number stays a bare splice, so it stays a number; the layout of its lines
// kept), and a real bash proves it: the fixed script runs with a `curl` on PATH that records what
// it would send, and each body it sends lints valid under the bundled schema and the published
// document. A here-document v2kit cannot read as bash does (a backquoted command) is reported,
// and its call is not moved, even with --unsafe-fixes: a v2 URL with a v1 body is a wrong fix.
// The fixture (test/fixtures/scan-clients/shell-heredoc) is also compared byte for byte, fixed
// twice and applied from --diff with git by scan-fix-clients.test.ts.

import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { expectLintsValid, files, has, jsonLines, run, scratchFolders } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const bash = has("bash", ["--version"]);
const tree = scratchFolders("v2kit-heredoc-");

interface Recorded {
  method: string;
  url: string;
  type: string;
  body: unknown;
}

/** Runs `script` of `dir` with bash, a `curl` on PATH that records each request (the body read from stdin for `@-`) and answers `{}`. */
function runRecorded(dir: string, script: string, env: Record<string, string> = {}): Recorded[] {
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
      '    -d|--data|--data-binary) body="$2"; [ "$body" = "@-" ] && body="$(cat)"; shift 2 ;;',
      '    -H) case "$2" in Content-Type:*) type="${2#Content-Type: }" ;; esac; shift 2 ;;',
      "    -*) shift ;;",
      '    *) url="$1"; shift ;;',
      "  esac",
      "done",
      'jq -cn --arg m "$method" --arg u "$url" --arg t "$type" --arg b "$body" \'{method: $m, url: $u, type: $t, body: (if $b == "" then null else ($b | fromjson) end)}\' >> "$CURL_LOG"',
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
    env: { PATH: `${bin}:${process.env.PATH ?? ""}`, CURL_LOG: log, RUNPOD_API_KEY: "k", USER: "ci", ...env },
  });
  expect(ran.stderr).toBe("");
  expect(ran.status).toBe(0);
  return jsonLines<Recorded>(readFileSync(log, "utf8"));
}

const jq = has("jq", ["--version"]);

describe.skipIf(!bash || !jq)("curl -d @- with a here-document body, run by bash", () => {
  it("--fix migrates both here-documents in place; the fixed script parses and sends valid v2 bodies, the number still a number", () => {
    const dir = tree({});
    const unfixed = tree({});
    cpSync(join(FIXTURES, "shell-heredoc", "before"), dir, { recursive: true });
    cpSync(join(FIXTURES, "shell-heredoc", "before"), unfixed, { recursive: true });
    const before = runRecorded(unfixed, "deploy.sh", { WORKERS_MIN: "2" });
    expect(before.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH https://rest.runpod.io/v1/endpoints/ep1",
      "POST https://rest.runpod.io/v1/templates",
      "DELETE https://rest.runpod.io/v1/endpoints/ep1",
    ]);
    expect(run(dir, ["--fix"]).stderr).toBe("v2kit migrate scan: fixed 3 calls in 1 file; 0 calls left\n");
    expect(readFileSync(join(dir, "deploy.sh"), "utf8")).toBe(readFileSync(join(FIXTURES, "shell-heredoc", "after", "deploy.sh"), "utf8"));
    expect(spawnSync("bash", ["-n", "deploy.sh"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const sent = runRecorded(dir, "deploy.sh", { WORKERS_MIN: "2" });
    expect(sent).toEqual([
      {
        method: "PATCH",
        url: "https://api.runpod.io/v2/serverless/ep1",
        type: "application/json",
        body: { workers: { min: 2, max: 3, idleTimeout: 5 } },
      },
      {
        method: "POST",
        url: "https://api.runpod.io/v2/templates",
        type: "application/json",
        // A quoted delimiter: bash sends `$USER` as written, before and after the fix.
        body: { name: "worker-$USER", image: "example/worker:3", disk: 10, serverless: true },
      },
      { method: "DELETE", url: "https://api.runpod.io/v2/serverless/ep1", type: "", body: null },
    ]);
    expectLintsValid("updateEndpoint", sent[0]?.body);
    expectLintsValid("createTemplate", sent[1]?.body);
  });

  it("a tab-stripped here-document (<<-) with a string splice and an escaped $ keeps them as bash reads them", () => {
    const script = [
      "#!/usr/bin/env bash",
      'BASE="https://rest.runpod.io/v1"',
      'NAME="w 1"',
      "if true; then",
      '\tcurl -X PATCH "$BASE/endpoints/e1" -H "Content-Type: application/json" -d @- <<-BODY',
      "\t{",
      '\t  "name": "$NAME costs \\$5",',
      '\t  "workersMax": 4',
      "\t}",
      "\tBODY",
      "fi",
      "",
    ].join("\n");
    const dir = tree({ "scale.sh": script });
    expect(run(dir, ["--fix"]).stderr).toBe("v2kit migrate scan: fixed 1 call in 1 file; 0 calls left\n");
    const fixed = readFileSync(join(dir, "scale.sh"), "utf8");
    expect(fixed).toContain('\t{\n\t  "name": "$NAME costs \\$5",\n\t  "workers": {\n\t    "max": 4\n\t  }\n\t}\n\tBODY\n');
    expect(spawnSync("bash", ["-n", "scale.sh"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const [sent] = runRecorded(dir, "scale.sh");
    expect(sent).toMatchObject({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: "w 1 costs $5", workers: { max: 4 } } });
    expectLintsValid("updateEndpoint", sent?.body);
  });
});

describe("a here-document v2kit cannot read as bash does", () => {
  it("is reported with why, and neither --fix nor --unsafe-fixes moves its URL", () => {
    const script = [
      "#!/usr/bin/env bash",
      'curl -X PATCH "https://rest.runpod.io/v1/endpoints/e1" -H "Content-Type: application/json" -d @- <<JSON',
      '{"name": "`hostname`", "workersMax": 4}',
      "JSON",
      "",
    ].join("\n");
    const dir = tree({ "scale.sh": script });
    const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    expect(result.stderr).toBe('v2kit migrate scan: fixed 0 calls in 0 files; 1 call left (each says why in a "not fixed" note)\n');
    expect(files(dir).get("scale.sh")).toBe(script);
    const [finding] = jsonLines<{ notes: { message: string }[] }>(result.stdout);
    expect(finding?.notes.map((note) => note.message)).toContainEqual(
      "not fixed: the here-document has a backquoted command: v2kit cannot tell what bash sends after a fix",
    );
  });

  it("one that is not JSON is reported, and --unsafe-fixes does not move its URL either", () => {
    const script = [
      "#!/usr/bin/env bash",
      'curl -X PATCH "https://rest.runpod.io/v1/endpoints/e1" -H "Content-Type: application/json" -d @- <<JSON',
      '{"workersMax": 4,}',
      "JSON",
      "",
    ].join("\n");
    const dir = tree({ "scale.sh": script });
    const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
    expect(files(dir).get("scale.sh")).toBe(script);
    const [finding] = jsonLines<{ notes: { message: string }[] }>(result.stdout);
    expect(finding?.notes.map((note) => note.message)).toContainEqual(
      "not fixed: the body written at the call is not JSON v2kit can read (a here-document): make it the v2 `updateEndpoint` body, then fix the call",
    );
  });
});
