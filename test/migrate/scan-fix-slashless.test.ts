// Issue 41, item 1: paths without a leading slash. A client that sends `"pods"`,
// `f"endpoints/{id}"` or `` `pods/${id}/stop` `` through a request function that joins them to its
// base as paths (`base.rstrip("/") + "/" + path`, `f"{self.base}/{path}"`, `BASE + path` on a base
// ending in `/`, `urljoin(BASE, path)`, `new URL(path, API)`) is found and migrated as a client
// written with leading slashes is: the base and every call together, each path keeping its
// missing slash. Each case: the CLI as a child process, the fixed file compared whole, parsed by
// its language's tools, a second --fix changing nothing, and the Python clients run against a
// stub `requests` that prints the URL they send (no `//`, no missing `/`).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { has, pythonRequests, scan, scanFix, scratchFolders } from "./scan-harness.js";

const python = has("python3", ["--version"]);

const scratch = scratchFolders("v2kit-fix-slashless-");

/** A `requests` module that prints each request's method and URL, one JSON line each. */
const REQUESTS_STUB = `import json as _json, sys
def request(method, url, json=None, **kwargs):
    sys.stdout.write(_json.dumps({"method": method.upper(), "url": url, "body": json}) + "\\n")
def _verb(method):
    return lambda url, **kwargs: request(method, url, **kwargs)
get, post, patch, delete = _verb("GET"), _verb("POST"), _verb("PATCH"), _verb("DELETE")
`;

/** Each case: its file, the source, what --fix makes of it, and how many calls it holds. */
const CASES: { file: string; before: string; after: string; calls: number }[] = [
  {
    file: "functions.py",
    before: `import os

import requests

RUNPOD_REST_URL = os.environ.get("RUNPOD_REST_URL", "https://rest.runpod.io/v1")


def call(path, method="GET", data=None, base_url=RUNPOD_REST_URL):
    return requests.request(method, base_url.rstrip("/") + "/" + path, json=data)


def list_volumes():
    return call("networkvolumes")


def resize(endpoint_id, most):
    return call("endpoints/%s/update" % endpoint_id, "POST", {"workersMax": most})


def remove_pod(pod_id):
    return call("pods/" + pod_id, "DELETE")
`,
    after: `import os

import requests

RUNPOD_REST_URL = os.environ.get("RUNPOD_REST_URL", "https://api.runpod.io/v2")


def call(path, method="GET", data=None, base_url=RUNPOD_REST_URL):
    return requests.request(method, base_url.rstrip("/") + "/" + path, json=data)


def list_volumes():
    return call("network-volumes")


def resize(endpoint_id, most):
    return call("serverless/%s" % endpoint_id, "PATCH", {"workers": {"max": most}})


def remove_pod(pod_id):
    return call("pods/" + pod_id, "DELETE")
`,
    calls: 3,
  },
  {
    file: "session.py",
    before: `import requests


class Client:
    def __init__(self, base=None):
        self.base = base or "https://rest.runpod.io/v1"

    def _request(self, method, path, body=None):
        return requests.request(method, f"{self.base}/{path}", json=body)

    def endpoint(self, endpoint_id):
        return self._request("GET", f"endpoints/{endpoint_id}")

    def volume(self, volume_id):
        return self._request("GET", f"networkvolumes/{volume_id}")
`,
    after: `import requests


class Client:
    def __init__(self, base=None):
        self.base = base or "https://api.runpod.io/v2"

    def _request(self, method, path, body=None):
        return requests.request(method, f"{self.base}/{path}", json=body)

    def endpoint(self, endpoint_id):
        return self._request("GET", f"serverless/{endpoint_id}")

    def volume(self, volume_id):
        return self._request("GET", f"network-volumes/{volume_id}")
`,
    calls: 2,
  },
  {
    file: "slash.py",
    before: `from urllib.parse import urljoin

import requests

BASE = "https://rest.runpod.io/v1/"


def api_get(path):
    return requests.get(BASE + path)


def api_delete(path):
    return requests.delete(urljoin(BASE, path))


def pods():
    return api_get("pods")


def drop_endpoint(endpoint_id):
    return api_delete("endpoints/" + endpoint_id)
`,
    after: `from urllib.parse import urljoin

import requests

BASE = "https://api.runpod.io/v2/"


def api_get(path):
    return requests.get(BASE + path)


def api_delete(path):
    return requests.delete(urljoin(BASE, path))


def pods():
    return api_get("pods")


def drop_endpoint(endpoint_id):
    return api_delete("serverless/" + endpoint_id)
`,
    calls: 2,
  },
  {
    file: "client.mjs",
    before: `const BASE = "https://rest.runpod.io/v1/";

async function restRequest(method, path) {
  const response = await fetch(BASE + path, { method });
  return response.json();
}

export const listPods = () => restRequest("GET", "pods");
export const getEndpoint = (id) => restRequest("GET", \`endpoints/\${id}\`);
export const deleteVolume = (id) => restRequest("DELETE", "networkvolumes/" + id);
`,
    after: `const BASE = "https://api.runpod.io/v2/";

async function restRequest(method, path) {
  const response = await fetch(BASE + path, { method });
  return response.json();
}

// v2kit: GET /pods moved to GET /v2/pods, and this reads its v1 answer ([…]): v2 answers it at pods; change the read, then delete this comment
export const listPods = () => restRequest("GET", "pods");
export const getEndpoint = (id) => restRequest("GET", \`serverless/\${id}\`);
export const deleteVolume = (id) => restRequest("DELETE", "network-volumes/" + id);
`,
    calls: 3,
  },
  {
    file: "url.mjs",
    before: `const API = "https://rest.runpod.io/v1/";

function call(path, init) {
  return fetch(new URL(path, API), init);
}

export const dropVolume = (id) => call(\`networkvolumes/\${id}\`, { method: "DELETE" });
export const templates = () => call("templates", { method: "GET" });
`,
    after: `const API = "https://api.runpod.io/v2/";

function call(path, init) {
  return fetch(new URL(path, API), init);
}

export const dropVolume = (id) => call(\`network-volumes/\${id}\`, { method: "DELETE" });
export const templates = () => call("templates", { method: "GET" });
`,
    calls: 2,
  },
  {
    file: "client.ts",
    before: `export class Runpod {
  constructor(private readonly base: string = "https://rest.runpod.io/v1") {}

  private async send(method: string, path: string): Promise<unknown> {
    const response = await fetch(\`\${this.base}/\${path}\`, { method });
    return response.json();
  }

  endpoint(id: string): Promise<unknown> {
    return this.send("GET", \`endpoints/\${id}\`);
  }

  volumes(): Promise<unknown> {
    return this.send("GET", "networkvolumes");
  }
}
`,
    after: `export class Runpod {
  constructor(private readonly base: string = "https://api.runpod.io/v2") {}

  private async send(method: string, path: string): Promise<unknown> {
    const response = await fetch(\`\${this.base}/\${path}\`, { method });
    return response.json();
  }

  endpoint(id: string): Promise<unknown> {
    return this.send("GET", \`serverless/\${id}\`);
  }

  volumes(): Promise<unknown> {
    // v2kit: GET /networkvolumes moved to GET /v2/network-volumes, and this reads its v1 answer ([…]): v2 answers it at networkVolumes; change the read, then delete this comment
    return this.send("GET", "network-volumes");
  }
}
`,
    calls: 2,
  },
];

/** Why `text` does not parse as the language of `file` (python3, node --check, TypeScript), or "" when it does. */
function parseError(dir: string, file: string, text: string): string {
  if (file.endsWith(".py")) return spawnSync("python3", ["-m", "py_compile", join(dir, file)], { encoding: "utf8" }).stderr;
  if (file.endsWith(".mjs")) return spawnSync(process.execPath, ["--check", join(dir, file)], { encoding: "utf8" }).stderr;
  const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
  return (out.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")).join("\n");
}

describe.skipIf(!python)("a path without its leading slash is found and fixed with its base (issue 41)", () => {
  it.each(CASES)("$file: every call found with its method, the base and the paths fixed together", ({ file, before, after, calls }) => {
    const dir = scratch({ [file]: before });
    const found = scan(dir, "--format", "json", ".");
    const findings = found.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { ruleId: string });
    expect(findings.filter((finding) => finding.ruleId !== "v1-mention" && finding.ruleId !== "v1-response-field").length).toBe(calls);
    const fixed = scanFix(dir);
    expect(fixed.stderr).toContain(`fixed ${calls} calls in 1 file; 0 calls left`);
    const text = readFileSync(join(dir, file), "utf8");
    expect(text).toBe(after);
    expect(parseError(dir, file, text)).toBe("");
    expect(scanFix(dir).stderr).toContain("fixed 0 calls in 0 files");
    expect(readFileSync(join(dir, file), "utf8")).toBe(after);
  });

  it("the fixed Python clients send their requests to v2 URLs joined with one slash", () => {
    // The texts the case above proves --fix writes.
    const dir = scratch({
      "requests.py": REQUESTS_STUB,
      // pythonRequests imports `client` first.
      "client.py": "",
      ...Object.fromEntries(CASES.filter((testCase) => testCase.file.endsWith(".py")).map((testCase) => [testCase.file, testCase.after])),
    });
    const sent = pythonRequests(
      dir,
      "import functions, session, slash; functions.list_volumes(); functions.resize('e1', 2); functions.remove_pod('p1'); " +
        "c = session.Client(); c.endpoint('e1'); c.volume('v1'); slash.pods(); slash.drop_endpoint('e1')",
    );
    expect(sent).toEqual([
      { method: "GET", url: "https://api.runpod.io/v2/network-volumes", body: null },
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { max: 2 } } },
      { method: "DELETE", url: "https://api.runpod.io/v2/pods/p1", body: null },
      { method: "GET", url: "https://api.runpod.io/v2/serverless/e1", body: null },
      { method: "GET", url: "https://api.runpod.io/v2/network-volumes/v1", body: null },
      { method: "GET", url: "https://api.runpod.io/v2/pods", body: null },
      { method: "DELETE", url: "https://api.runpod.io/v2/serverless/e1", body: null },
    ]);
  });

  it("a bare resource word is not a path where nothing joins it as one", () => {
    const source = `import requests

BASE = "https://rest.runpod.io/v1"


def count(kind):
    return {"pods": 1, "endpoints": 2}.get(kind)


def label(kind):
    return kind.upper()


def main():
    print(count("pods"), label("endpoints"), requests.get(BASE + "/pods"))
`;
    const dir = scratch({ "client.py": source });
    const found = scan(dir, "--format", "json", ".");
    const paths = found.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { v1: { path: string } }).v1.path);
    expect(paths).toEqual(["/pods"]);
  });
});
