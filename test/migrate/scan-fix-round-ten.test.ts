// Issue 41, round ten: readings found wrong on public code not used before (docs/scan.md,
// "Repositories not used before (round ten)").
// 1. (Stefan-Heimersheim/runpod_cli, SourceBox-LLC/FineFoundry) A
// base constant is kept v1 when another file of the tree uses it, since changing it would move
// that file's calls too. "Uses" was a text match, so a word inside a string or a comment of
// another file (`"--url"` in a shell snippet, "Hugging Face API token" in a UI label) kept a
// whole client v1. Names are now matched in code only (strings reduced to what they interpolate,
// comments dropped); a real use in code (an import, an f-string hole) still keeps the base.
// 2. (imtiaz-risat/piper-train-runpod-script) In shell, `pod_id=$(curl -s "https://…/v1/pods?…")`
// gave `pod_id` the URL inside the command as its value, so `curl -X DELETE ".../pods/$pod_id"`
// read as `DELETE /pods/https:/…`, "not a route": the call was left. A command's output is no
// constant; the DELETE is now read and fixed, and the shell still runs it.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { has, scanFix, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-names-in-code-");

const CLIENT = `import requests

API = "https://rest.runpod.io/v1"


def volume(volume_id):
    url = f"{API}/networkvolumes/{volume_id}"
    return requests.get(url, timeout=30).json()
`;

describe("a base constant named by another file", () => {
  it.each([
    ["a string of a shell command", 'SETUP = """\ncurl --url "$API" -s\n"""\n'],
    ["a UI label", 'LABEL = "Hugging Face API token"  # API\n'],
    ["a comment", "# url and API are set in client.py\nimport client\n"],
  ])("only inside %s: not a use, so --fix moves the base with the call", (_where, other) => {
    const dir = scratch({ "client.py": CLIENT, "ui.py": `import client\n${other}` });
    const fixed = scanFix(dir);
    expect(fixed.stdout).not.toContain("not fixed");
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('API = "https://api.runpod.io/v2"');
    expect(readFileSync(join(dir, "client.py"), "utf8")).toContain('url = f"{API}/network-volumes/{volume_id}"');
  });

  it.each([
    ["an f-string hole", 'import client\nfrom client import API\nHEALTH = f"{API}/openapi.json"\n'],
    ["a qualified name", "import client\nprint(client.API)\n"],
  ])("in code (%s): a use, so the base and the call stay v1 and the call says which file", (_where, other) => {
    const dir = scratch({ "client.py": CLIENT, "ui.py": other });
    const fixed = scanFix(dir);
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(CLIENT);
    expect(fixed.stdout).toContain("the v1 base comes from `API`, which ui.py uses too");
  });
});

describe.skipIf(!has("bash", ["--version"]))("a shell variable assigned a command's output", () => {
  const SCRIPT = `#!/usr/bin/env bash
set -e
pod_id=$(curl -sS "https://rest.runpod.io/v1/pods?name=$POD_NAME" -H "Authorization: Bearer $KEY" | jq -r '.[0].id')
for i in 1 2 3; do
  if curl --fail -sS -X DELETE "https://rest.runpod.io/v1/pods/$pod_id" -H "Authorization: Bearer $KEY"; then
    exit 0
  fi
done
`;

  it("is no constant: the DELETE through it is read and fixed, and bash runs the fixed script", () => {
    const dir = scratch({ "kill_pod.sh": SCRIPT });
    const fixed = scanFix(dir);
    const text = readFileSync(join(dir, "kill_pod.sh"), "utf8");
    expect(text).toContain('curl --fail -sS -X DELETE "https://api.runpod.io/v2/pods/$pod_id"');
    // The lookup by name stays v1 and reported: v2 `listPods` has no name filter.
    expect(text).toContain('"https://rest.runpod.io/v1/pods?name=$POD_NAME"');
    expect(fixed.stdout).toContain("name: a query parameter v2 `listPods` does not take");
    // bash with `curl` and `jq` as functions that print what they are given: the DELETE goes to the v2 URL.
    const ran = spawnSync("bash", ["-c", `curl() { echo "curl $*"; }; jq() { echo p1; }; export -f curl jq; POD_NAME=x KEY=k bash kill_pod.sh`], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(ran.stdout).toContain("curl --fail -sS -X DELETE https://api.runpod.io/v2/pods/p1 -H Authorization: Bearer k");
  });
});
