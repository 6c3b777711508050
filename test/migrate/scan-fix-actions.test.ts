// Issue 41: a v1 per-action pod route (`POST /v1/pods/{id}/stop`) is `POST /v2/pods/{id}/action`
// with `{"action": "stop"}` as its body (spec: "The v1 per-action pod routes (start, stop, reset,
// restart) become POST /v2/pods/{id}/action"). `--fix` adds that body where the call's written
// shape proves it sends no other: a request method of requests/httpx/axios (or of a client object
// the file makes with one) with only body-less keyword arguments after the URL, a `fetch` whose
// options literal has no headers and no spread. Anything else (a fetch with headers, `**options`)
// waits for --unsafe-fixes; a function of the user's own that takes no `json=` (a method called
// `post(self, url)`) never gets one, since the call would then raise TypeError. The fixed Python
// client runs against a stub `requests` that records what it sends; each body lints valid.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLintsValid, has, jsonLines, nodeRequests, pythonRequests, REQUESTS_STUB, run, scratchFolders } from "./scan-harness.js";

const tree = scratchFolders("v2kit-actions-");
const python = has("python3", ["--version"]);

const CLIENT = [
  "import requests",
  "",
  'BASE = "https://rest.runpod.io/v1"',
  "",
  "",
  "def stop(pod_id):",
  '    requests.post(f"{BASE}/pods/{pod_id}/stop", timeout=5).raise_for_status()',
  "",
  "",
  "def restart(pod_id):",
  "    with requests.Session() as session:",
  '        session.post(f"{BASE}/pods/{pod_id}/restart").raise_for_status()',
  "",
].join("\n");

const TS_CLIENT = [
  'import axios from "axios";',
  'const BASE = "https://rest.runpod.io/v1";',
  "const api = axios.create({ timeout: 1000 });",
  'export const stop = (id: string) => fetch(`${BASE}/pods/${id}/stop`, { method: "POST" });',
  "export const start = (id: string) => api.post(`${BASE}/pods/${id}/start`);",
  "",
].join("\n");

interface Left {
  file: string;
  line: number;
  notes: { message: string }[];
}

describe("--fix adds a per-action route's action body where the call provably sends no other", () => {
  it.skipIf(!python)("Python (requests, a Session): fixed by --fix, and the program sends {action} bodies that lint valid", () => {
    const dir = tree({ "client.py": CLIENT, "requests.py": REQUESTS_STUB });
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.py"), "utf8");
    expect(text).toContain('requests.post(f"{BASE}/pods/{pod_id}/action", timeout=5, json={"action": "stop"})');
    expect(text).toContain('session.post(f"{BASE}/pods/{pod_id}/action", json={"action": "restart"})');
    const sent = pythonRequests(dir, 'client.stop("p1"); client.restart("p1")');
    expect(sent).toEqual([
      { method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", body: { action: "stop" } },
      { method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", body: { action: "restart" } },
    ]);
    for (const request of sent) expectLintsValid("podAction", (request as { body: unknown }).body);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files; 0 calls left");
  });

  it("TypeScript (a fetch without headers, an axios.create client): fixed by --fix, with Content-Type for fetch", () => {
    const dir = tree({ "client.ts": TS_CLIENT });
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.ts"), "utf8");
    expect(text).toContain(
      'fetch(`${BASE}/pods/${id}/action`, { body: JSON.stringify({ action: "stop" }), headers: { "Content-Type": "application/json" }, method: "POST" })',
    );
    expect(text).toContain('api.post(`${BASE}/pods/${id}/action`, { action: "start" })');
  });

  it("a fetch whose options are one a line gets `body` and `headers` on lines of their own, and the fixed program sends JSON", () => {
    const dir = tree({
      "client.mjs": [
        'const BASE = "https://rest.runpod.io/v1";',
        "export async function stop(id) {",
        "  return fetch(`${BASE}/pods/${id}/stop`, {",
        '    method: "POST",',
        "  });",
        "}",
        "",
      ].join("\n"),
    });
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(text).toContain(
      [
        "  return fetch(`${BASE}/pods/${id}/action`, {",
        '    body: JSON.stringify({ action: "stop" }),',
        '    headers: { "Content-Type": "application/json" },',
        '    method: "POST",',
        "  });",
      ].join("\n"),
    );
    const sent = nodeRequests(dir, "const { stop } = await import('./client.mjs');\nawait stop('p1');");
    expect(sent).toEqual([{ url: "https://api.runpod.io/v2/pods/p1/action", method: "POST", type: "application/json", body: { action: "stop" } }]);
    expectLintsValid("podAction", sent[0]?.body);
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files; 0 calls left");
  });

  it("**options waits for --unsafe-fixes, saying so; a fetch whose options literal has headers and no body gains it under --fix, Content-Type added; a function of the user's own called post that takes no json= is reported", () => {
    const dir = tree({
      "mine.py": [
        'BASE = "https://rest.runpod.io/v1"',
        "",
        "",
        "class Mine:",
        "    def post(self, url):",
        "        return url",
        "",
        "",
        "mine = Mine()",
        "",
        "",
        "def stop(pod_id):",
        '    return mine.post(f"{BASE}/pods/{pod_id}/stop")',
        "",
      ].join("\n"),
      "spread.py": [
        "import requests",
        "",
        'BASE = "https://rest.runpod.io/v1"',
        "",
        "",
        "def stop(pod_id, **options):",
        '    return requests.post(f"{BASE}/pods/{pod_id}/stop", **options)',
        "",
      ].join("\n"),
      "headers.ts": [
        'const BASE = "https://rest.runpod.io/v1";',
        'export const stop = (id: string) => fetch(`${BASE}/pods/${id}/stop`, { method: "POST", headers: { Authorization: "Bearer k" } });',
        "",
      ].join("\n"),
    });
    const safe = run(dir, ["--fix", "--format", "json"]);
    // Round sixteen: an options literal with no `body` and no spread sends no other body, headers or not.
    expect(safe.stderr).toContain("fixed 1 call in 1 file; 2 calls left");
    expect(readFileSync(join(dir, "headers.ts"), "utf8")).toContain(
      'fetch(`${BASE}/pods/${id}/action`, { body: JSON.stringify({ action: "stop" }), method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer k" } })',
    );
    const left = jsonLines<Left>(safe.stdout);
    expect(left.map((finding) => finding.file).sort()).toEqual(["mine.py", "spread.py"]);
    for (const finding of left.filter((one) => one.file !== "mine.py"))
      expect(finding.notes.map((note) => note.message)).toContainEqual(expect.stringContaining("run with --unsafe-fixes for that change"));
    // `Mine.post(self, url)` takes no `json=`: adding one would raise TypeError (round eleven), so even --unsafe-fixes reports it.
    const mine = left.find((finding) => finding.file === "mine.py");
    expect(mine?.notes.map((note) => note.message)).toContainEqual(
      expect.stringContaining('v2kit cannot tell where this call would take a body: send {"action": "stop"}'),
    );
    const unsafe = run(dir, ["--fix", "--unsafe-fixes"]);
    expect(unsafe.stderr).toContain("fixed 1 call in 1 file; 1 call left");
    expect(readFileSync(join(dir, "mine.py"), "utf8")).toContain('return mine.post(f"{BASE}/pods/{pod_id}/stop")');
  });
});
