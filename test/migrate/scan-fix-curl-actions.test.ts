// Issue 41, item 2: a curl command of a v1 per-action route (`POST …/pods/$ID/stop`) that sends no
// body gets its v2 form under --fix: `POST …/pods/$ID/action` with `{"action": "stop"}` and a JSON
// Content-Type (spec: "The v1 per-action pod routes … become POST /v2/pods/{id}/action"). Only when
// every word of the command is read and none could carry a body (a data, form, upload or config
// option, or a word that is one whole variable such as `$CURL_OPTS` or `"$@"`); otherwise the call
// waits for --unsafe-fixes, as before. The fixed script runs in bash with `curl` a function that
// prints its arguments, and the body it sends lints valid.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, run, scratchFolders } from "./scan-harness.js";

const bash = has("bash", ["--version"]);
const tree = scratchFolders("v2kit-curl-actions-");

const SCRIPT = `#!/usr/bin/env bash
set -euo pipefail
BASE="https://rest.runpod.io/v1"
curl -sS -X POST "$BASE/pods/$POD_ID/stop" \\
  -H "Authorization: Bearer $RUNPOD_API_KEY"
curl -sS -X DELETE "$BASE/pods/$OLD_ID" -H "Authorization: Bearer $RUNPOD_API_KEY"
`;

/** `curl` as a function: its arguments, one JSON array a line. */
const PRELUDE = `curl() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1:]))' "$@"; }\nexport -f curl\n`;

describe("a curl command of a per-action route that sends no body", () => {
  it("--fix adds the action body and moves the base with the other call; bash runs it and the body lints valid", () => {
    const dir = tree({ "pods.sh": SCRIPT });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "pods.sh"), "utf8");
    expect(text).toContain('BASE="https://api.runpod.io/v2"');
    if (!bash) return;
    expect(spawnSync("bash", ["-n", join(dir, "pods.sh")]).status).toBe(0);
    const ran = spawnSync("bash", ["-c", `${PRELUDE}. ./pods.sh`], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, POD_ID: "p1", OLD_ID: "p2", RUNPOD_API_KEY: "k" },
    });
    expect(ran.stderr).toBe("");
    const [stop, remove] = ran.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as string[]);
    expect(stop).toContain("https://api.runpod.io/v2/pods/p1/action");
    expect(stop?.[stop.indexOf("-X") + 1]).toBe("POST");
    expect(stop?.[stop.indexOf("-H") + 1]).toBe("Content-Type: application/json");
    const body = JSON.parse(stop?.[stop.indexOf("-d") + 1] ?? "null") as unknown;
    expect(body).toEqual({ action: "stop" });
    expectLintsValid("podAction", body);
    expect(remove).toContain("https://api.runpod.io/v2/pods/p2");
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls");
  });

  it.each([
    ["a data option on a continuation line", (text: string) => text.replace('  -H "Authorization', '  -d @extra.json -H "Authorization')],
    [
      "a short-option cluster holding d",
      (text: string) => text.replace('curl -sS -X POST "$BASE/pods/$POD_ID/stop"', "curl -sSd '{}' -X POST \"$BASE/pods/$POD_ID/stop\""),
    ],
    ["a config file", (text: string) => text.replace('curl -sS -X POST "$BASE/pods/$POD_ID/stop"', 'curl -K ./curlrc -X POST "$BASE/pods/$POD_ID/stop"')],
    [
      "a whole-variable word",
      (text: string) => text.replace('curl -sS -X POST "$BASE/pods/$POD_ID/stop"', 'curl $CURL_OPTS -X POST "$BASE/pods/$POD_ID/stop"'),
    ],
    ["the script's own arguments", (text: string) => text.replace('curl -sS -X POST "$BASE/pods/$POD_ID/stop"', 'curl "$@" -X POST "$BASE/pods/$POD_ID/stop"')],
  ])("with %s, --fix leaves the script as written and says --unsafe-fixes would add the body", (_, edit) => {
    const script = edit(SCRIPT);
    expect(script).not.toBe(SCRIPT);
    const dir = tree({ "pods.sh": script });
    const fixed = run(dir, ["--fix"]);
    expect(readFileSync(join(dir, "pods.sh"), "utf8")).toBe(script);
    expect(fixed.stdout + fixed.stderr).toContain("run with --unsafe-fixes");
  });
});
