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
// 3. (SourceBox-LLC/FineFoundry) A module base `API` joined in a request function `_req(method,
// path)` and also written whole at a call (`requests.delete(f"{API}/networkvolumes/{id}")`): the
// whole call was taken for a request function "called with no v1 path", so the client stayed v1.
// It is now a member of the client: its path is migrated at the call, the base moves once. And a
// second script with its own `_req` and its own base is another client: its calls are neither
// members of the first (its `_req("GET", "/networkvolumes")` was migrated while its base stayed
// v1 once the first client could move) nor blockers of it.
// 4. (piper-train-runpod-script) A JSX link to a page of the app (`<Link href={`/pods/${pod.id}`}>`)
// was reported as a call of `GET /pods/{id}`. A relative path as the value of a JSX `href`, `to`,
// `src` or `as` attribute is no request.
// 5. (FineFoundry) Bodies handed to a request function that forwards `**kw` to requests with JSON
// headers (`_req("POST", "/networkvolumes", data=json.dumps(body))`, `headers=_headers(key)` whose
// body writes `Content-Type: application/json`) were "not a literal v2kit reads", so the client
// stayed v1 under --fix. They are read as the call's JSON body, migrated in place with the keys
// set after them (an annotated `body: Dict[str, Any] = {…}` too), and the whole client moves.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, expectLintsValid, has, jsonLines, scanFix, scratchFolders } from "./scan-harness.js";

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

const INFRA = `import json
import requests

API = "https://rest.runpod.io/v1"


def _req(method, path, **kw):
    r = requests.request(method, f"{API}{path}", headers={"Authorization": "Bearer k"}, timeout=90, **kw)
    r.raise_for_status()
    return r


def list_volumes():
    return _req("GET", "/networkvolumes").json()


def get_template(template_id):
    return _req("GET", f"/templates/{template_id}").json()


def delete_volume(vol_id):
    r = requests.delete(f"{API}/networkvolumes/{vol_id}", headers={"Authorization": "Bearer k"}, timeout=90)
    return r.status_code
`;

/** Another script: its own base, its own `_req`, and a call v2kit cannot read (a path from a list). */
const PODS = `import requests

REST = "https://rest.runpod.io/v1"


def _req(method, path, **kw):
    return requests.request(method, f"{REST}{path}", timeout=90, **kw)


def volumes():
    return _req("GET", "/networkvolumes").json()


def logs(pod_id):
    for path in [f"/pods/{pod_id}/logs", f"/pods/{pod_id}/events"]:
        r = _req("GET", path)
        if r.ok:
            return r.json()
`;

const STUB = `import json as _json, sys
class _Response:
    ok = True
    status_code = 200
    def raise_for_status(self):
        pass
    def json(self):
        return {"networkVolumes": []}
def request(method, url, **kwargs):
    sys.stdout.write(_json.dumps({"method": method, "url": url}) + "\\n")
    return _Response()
def delete(url, **kwargs):
    return request("DELETE", url, **kwargs)
`;

describe.skipIf(!has("python3", ["--version"]))("a base joined in a request function and written whole at a call", () => {
  it("moves with the whole call and the request function's calls; the other script's client is left as it was", () => {
    const dir = scratch({ "infra.py": INFRA, "pods.py": PODS, "requests.py": STUB });
    const fixed = scanFix(dir);
    const infra = readFileSync(join(dir, "infra.py"), "utf8");
    expect(infra).toContain('API = "https://api.runpod.io/v2"');
    expect(infra).toContain('_req("GET", "/network-volumes")');
    expect(infra).toContain('requests.delete(f"{API}/network-volumes/{vol_id}"');
    // The other client: its `_req` is not the first one's; a path it guesses keeps its base v1, and its calls with it.
    expect(readFileSync(join(dir, "pods.py"), "utf8")).toBe(PODS);
    expect(fixed.stdout).toContain("pods.py:11:");
    const ran = spawnSync("python3", ["-B", "-c", "import infra; infra.list_volumes(); infra.get_template('t1'); infra.delete_volume('v1')"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(ran.stderr).toBe("");
    expect(
      ran.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { method: string; url: string }),
    ).toEqual([
      { method: "GET", url: "https://api.runpod.io/v2/network-volumes" },
      { method: "GET", url: "https://api.runpod.io/v2/templates/t1" },
      { method: "DELETE", url: "https://api.runpod.io/v2/network-volumes/v1" },
    ]);
  });
});

describe.skipIf(!has("python3", ["--version"]))("two modules, each with its own `_req`, over one imported base", () => {
  it("are one client: the base moves once and every call through either `_req` is migrated", () => {
    const request = (name: string, path: string) => `import requests
from config import API


def _req(method, path, **kw):
    return requests.request(method, f"{API}{path}", timeout=30, **kw)


def ${name}():
    return _req("GET", "${path}")
`;
    const dir = scratch({
      "config.py": 'API = "https://rest.runpod.io/v1"\n',
      "pods.py": request("list_pods", "/pods"),
      "volumes.py": request("list_volumes", "/networkvolumes"),
      "requests.py": `import json, sys\ndef request(method, url, **kwargs):\n    sys.stdout.write(json.dumps({"method": method, "url": url}) + "\\n")\n`,
    });
    const fixed = scanFix(dir);
    expect(fixed.stdout).not.toContain("not fixed");
    expect(readFileSync(join(dir, "config.py"), "utf8")).toBe('API = "https://api.runpod.io/v2"\n');
    const ran = spawnSync("python3", ["-B", "-c", "import pods, volumes; pods.list_pods(); volumes.list_volumes()"], { cwd: dir, encoding: "utf8" });
    expect(ran.stderr).toBe("");
    expect(
      ran.stdout
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { url: string }).url),
    ).toEqual(["https://api.runpod.io/v2/pods", "https://api.runpod.io/v2/network-volumes"]);
  });
});

describe("a relative path in a JSX link", () => {
  it("is a page of the app, not a call; a request beside it is still found", () => {
    const dir = scratch({
      "pods.tsx": `import Link from "next/link";
import { api } from "./api";

export function PodRow({ pod }: { pod: { id: string } }) {
  const stop = () => api.post(\`/pods/\${pod.id}/stop\`);
  return (
    <div>
      <Link href={\`/pods/\${pod.id}\`} className="w-full">details</Link>
      <a href="/pods">all pods</a>
      <button onClick={stop}>stop</button>
    </div>
  );
}
`,
    });
    const scanned = spawnSync(process.execPath, [CLI, "migrate", "scan", "--format", "json", "--fail-on", "none", "."], { cwd: dir, encoding: "utf8" });
    const found = jsonLines<{ line: number; v1: { method: string; path: string } }>(scanned.stdout);
    expect(found.map((finding) => `${finding.line} ${finding.v1.method} ${finding.v1.path}`)).toEqual(["5 POST /pods/${pod.id}/stop"]);
  });
});

const VOLUMES = `import json
from typing import Any, Dict

import requests

API = "https://rest.runpod.io/v1"


def _headers(key):
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def _req(method, path, key=None, **kw):
    r = requests.request(method, f"{API}{path}", headers=_headers(key), timeout=90, **kw)
    return r


def create_volume(name, size_gb, datacenter_id, key=None):
    body = {"name": name, "size": int(size_gb), "dataCenterId": datacenter_id}
    return _req("POST", "/networkvolumes", key=key, data=json.dumps(body)).json()


def resize_volume(vol_id, new_size_gb, keep_name=None, key=None):
    body: Dict[str, Any] = {"size": int(new_size_gb)}
    if keep_name:
        body["name"] = keep_name
    return _req("PATCH", f"/networkvolumes/{vol_id}", key=key, data=json.dumps(body)).json()
`;

const SENDS = `import json as _json, sys
class _Response:
    def json(self):
        return {}
def request(method, url, data=None, headers=None, **kwargs):
    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": _json.loads(data), "type": headers["Content-Type"]}) + "\\n")
    return _Response()
`;

describe.skipIf(!has("python3", ["--version"]))("a body handed to a request function that forwards **kw to requests with JSON headers", () => {
  it("is read as the body: --fix moves the client, and each request is the v2 one, sent as JSON", () => {
    const dir = scratch({ "volumes.py": VOLUMES, "requests.py": SENDS });
    const fixed = scanFix(dir);
    expect(fixed.stdout).not.toContain("not fixed");
    const text = readFileSync(join(dir, "volumes.py"), "utf8");
    expect(text).toContain('body = {"name": name, "size": int(size_gb), "dataCenter": datacenter_id}');
    const ran = spawnSync("python3", ["-B", "-c", "import volumes; volumes.create_volume('v', 50, 'EU-RO-1'); volumes.resize_volume('nv1', 80, 'w')"], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(ran.stderr).toBe("");
    const sent = ran.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { method: string; url: string; body: unknown; type: string });
    expect(sent).toEqual([
      { method: "POST", url: "https://api.runpod.io/v2/network-volumes", body: { name: "v", size: 50, dataCenter: "EU-RO-1" }, type: "application/json" },
      { method: "PATCH", url: "https://api.runpod.io/v2/network-volumes/nv1", body: { size: 80, name: "w" }, type: "application/json" },
    ]);
    expectLintsValid("createNetworkVolume", sent[0]?.body);
    expectLintsValid("updateNetworkVolume", sent[1]?.body);
  });

  it("without the JSON header the body is not known to be JSON: the call is reported and nothing changes", () => {
    const plain = VOLUMES.replace(', "Content-Type": "application/json"', "");
    const dir = scratch({ "volumes.py": plain });
    const fixed = scanFix(dir, "--unsafe-fixes");
    expect(readFileSync(join(dir, "volumes.py"), "utf8")).toBe(plain);
    expect(fixed.stdout).toContain("not fixed: the body this call passes to `_req` is not a literal v2kit reads");
  });
});
