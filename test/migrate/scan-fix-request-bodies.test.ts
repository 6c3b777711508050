// Issue 41, item 2: everything a call through a request function sends. Clients in the style of
// the public MCP servers keep one base and one request function (`runpodRequest(endpoint, method,
// body)`, `self._request(method, path, body)`) that sends its body parameter as JSON, and pass
// bodies to it in variables:
// - a literal assigned once in the calling function and passed to that parameter is the call's
//   body: migrated where it is written, with the URL (--fix);
// - a per-action pod route (`/pods/{id}/stop`) whose call leaves that parameter free gets its
//   `{"action": …}` body there (--fix: the call provably sends no other body);
// - a body built from the function's own arguments (`params`, `...updateParams`) keeps the keys it
//   is given: the URL and method move with --unsafe-fixes only, and the finding says the body is
//   built elsewhere.
// The fixture clients are test/fixtures/scan-clients/{ts,python}-request-function-*
// (scan-fix-clients.test.ts compares them byte for byte, parses them, fixes twice and applies
// --diff with git); here the fixed programs run against a stub that records what they send, and
// each literal body they send lints valid under the bundled schema and the published document.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { expectLintsValid, files, has, jsonLines, REQUESTS_STUB, run } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const python = has("python3", ["--version"]);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch copy of a fixture case's `before/`. */
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `v2kit-request-bodies-${name}-`));
  dirs.push(dir);
  cpSync(join(FIXTURES, name, "before"), dir, { recursive: true });
  return dir;
}

interface JsonFinding {
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  notes: { message: string }[];
}

const messagesAt = (findings: JsonFinding[], line: number) =>
  findings.find((finding) => finding.line === line && finding.ruleId !== "v1-response-field")?.notes.map((note) => note.message) ?? [];

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

interface Sent {
  method: string;
  url: string;
  body: unknown;
  contentType?: string | null;
}

/** Compiles the TypeScript module `file` of `dir` with TypeScript, then runs `calls` of it under a stub `fetch` that records each request. */
function typescriptSends(dir: string, file: string, calls: string): Sent[] {
  const out = ts.transpileModule(readFileSync(join(dir, file), "utf8"), {
    reportDiagnostics: true,
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  expect(out.diagnostics ?? []).toEqual([]);
  writeFileSync(join(dir, "client.mjs"), out.outputText);
  const script = `globalThis.sent = [];
globalThis.fetch = async (url, options) => {
  const request = new Request(url, options);
  const text = await request.text();
  sent.push({ method: request.method, url: request.url, body: text === "" ? null : JSON.parse(text), contentType: request.headers.get("content-type") });
  return { ok: true, status: 200, json: async () => ({}) };
};
const client = await import("./client.mjs");
${calls}
console.log(JSON.stringify(sent));`;
  const ran = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8", env: { ...process.env, RUNPOD_API_KEY: "k" } });
  expect(ran.stderr).toBe("");
  return JSON.parse(ran.stdout) as Sent[];
}

describe("TypeScript: bodies passed to the request function's body parameter (runpod-mcp-ts style)", () => {
  const name = "ts-request-function-unsafe";

  it("the scan says which bodies are built elsewhere; --fix alone changes nothing and says why", () => {
    const dir = copyOf(name);
    const text = readFileSync(join(dir, "src/runpod.ts"), "utf8");
    const before = jsonLines<JsonFinding>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    const create = lineOf(text, 'runpodRequest("/endpoints", "POST", params)');
    const update = lineOf(text, 'runpodRequest(`/pods/${podId}`, "PATCH", updateParams)');
    expect(messagesAt(before, create)).toContainEqual(
      expect.stringContaining("the body is built elsewhere (`params`): it must take the shape of the v2 `createEndpoint` request body"),
    );
    expect(messagesAt(before, update)).toContainEqual(
      expect.stringContaining("the body is built elsewhere (`updateParams`): it must take the shape of the v2 `updatePod` request body"),
    );
    const fixed = run(dir, ["--fix", "--format", "json"]);
    expect(files(dir)).toEqual(files(join(FIXTURES, name, "before")));
    const left = jsonLines<JsonFinding>(fixed.stdout);
    expect(messagesAt(left, create)).toContainEqual(
      expect.stringContaining(
        "not fixed: the body is built elsewhere: make it the v2 `createEndpoint` body, then run with --unsafe-fixes to change the URL and method alone",
      ),
    );
    // The per-action routes could be fixed by --fix ({"action": "stop"} goes to the free body
    // parameter), but the two bodies built elsewhere keep the base, so they wait with it.
    expect(messagesAt(left, lineOf(text, "`/pods/${podId}/stop`"))).toContainEqual(
      expect.stringContaining("which changes only together with every call through `runpodRequest`, and 2 of 7 cannot be migrated"),
    );
  });

  it("--fix --unsafe-fixes: the fixed program sends v2 requests, the literal and action bodies valid v2 JSON", () => {
    const dir = copyOf(name);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 7 calls in 1 file; 0 calls left");
    const sent = typescriptSends(
      dir,
      "src/runpod.ts",
      `await client.scaleDown("e1"); await client.stopPod("p1"); await client.startPod("p1");
await client.createEndpoint({ name: "w", templateId: "t1" }); await client.updatePod({ podId: "p1", name: "n" });
await client.getPod("p1"); await client.deletePod("p1");`,
    );
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH https://api.runpod.io/v2/serverless/e1",
      "POST https://api.runpod.io/v2/pods/p1/action",
      "POST https://api.runpod.io/v2/pods/p1/action",
      "POST https://api.runpod.io/v2/serverless",
      "PATCH https://api.runpod.io/v2/pods/p1",
      "GET https://api.runpod.io/v2/pods/p1",
      "DELETE https://api.runpod.io/v2/pods/p1",
    ]);
    expect(sent[0]?.body).toEqual({ workers: { min: 0, max: 2 } });
    expectLintsValid("updateEndpoint", sent[0]?.body);
    expect(sent[1]?.body).toEqual({ action: "stop" });
    expectLintsValid("podAction", sent[1]?.body);
    expect(sent[2]?.body).toEqual({ action: "start" });
    expectLintsValid("podAction", sent[2]?.body);
    for (const request of sent.slice(0, 3)) expect(request.contentType).toBe("application/json");
    // Built from the caller's arguments: sent as given (the finding said so before the fix).
    expect(sent[3]?.body).toEqual({ name: "w", templateId: "t1" });
  });

  it("a literal in a variable is the only body: --fix moves the base and every call, and the body sent is valid v2", () => {
    const dir = copyOf("ts-request-function-safe");
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 3 calls in 1 file; 0 calls left");
    const sent = typescriptSends(
      dir,
      "src/runpod.ts",
      `await client.resizeEndpoint("e1", 4); await client.getEndpoint("e1"); await client.deleteEndpoint("e1");`,
    );
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH https://api.runpod.io/v2/serverless/e1",
      "GET https://api.runpod.io/v2/serverless/e1",
      "DELETE https://api.runpod.io/v2/serverless/e1",
    ]);
    expectLintsValid("updateEndpoint", sent[0]?.body);
  });
});

describe("TypeScript: a generic request function that hands its body to another one, which sends it", () => {
  const client = [
    'const BASE = "https://rest.runpod.io/v1";',
    "",
    "async function send<T>(method: string, url: string, body?: unknown): Promise<T> {",
    "  const response = await fetch(url, {",
    "    method,",
    '    headers: { Authorization: "Bearer k", "Content-Type": "application/json" },',
    "    body: body === undefined ? undefined : JSON.stringify(body),",
    "  });",
    "  return (await response.json()) as T;",
    "}",
    "",
    "export function restRequest<T>(method: string, path: string, body?: unknown): Promise<T> {",
    "  return send<T>(method, `${BASE}${path}`, body);",
    "}",
    "",
    'export const scale = (id: string, workersMin: number) => restRequest<unknown>("PATCH", `/endpoints/${id}`, { workersMin, workersMax: 3 });',
    'export const stop = (id: string) => restRequest<unknown>("POST", `/pods/${id}/stop`);',
    "",
  ].join("\n");

  it("the literal at the call and the action body are sent through both functions: --fix --unsafe-fixes, run under a stub fetch", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-request-bodies-generic-"));
    dirs.push(dir);
    writeFileSync(join(dir, "client.ts"), client);
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    const fixed = readFileSync(join(dir, "client.ts"), "utf8");
    expect(fixed).toContain('restRequest<unknown>("PATCH", `/serverless/${id}`, { workers: { min: workersMin, max: 3 } })');
    expect(fixed).toContain('restRequest<unknown>("POST", `/pods/${id}/action`, { action: "stop" })');
    const sent = typescriptSends(dir, "client.ts", `await client.scale("e1", 1); await client.stop("p1");`);
    expect(sent.map((request) => [request.method, request.url, request.body])).toEqual([
      ["PATCH", "https://api.runpod.io/v2/serverless/e1", { workers: { min: 1, max: 3 } }],
      ["POST", "https://api.runpod.io/v2/pods/p1/action", { action: "stop" }],
    ]);
    expectLintsValid("updateEndpoint", sent[0]?.body);
    expectLintsValid("podAction", sent[1]?.body);
    const again = files(dir);
    run(dir, ["--fix", "--unsafe-fixes"]);
    expect(files(dir)).toEqual(again);
  });
});

describe("an object member is no variable: a migrated pod body's `gpu: { id: … }` does not become `${id}`", () => {
  it("a call whose path interpolates `id` keeps it a path parameter, so a second --fix changes nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-request-bodies-member-"));
    dirs.push(dir);
    const text = [
      'const pod = { name: "w", gpu: { id: "NVIDIA L40S", count: 1 } };',
      "export const get = (id: string) => fetch(`https://rest.runpod.io/v1/endpoints/${id}?includeWorkers=true`);",
      "",
    ].join("\n");
    writeFileSync(join(dir, "client.ts"), text);
    const [finding] = jsonLines<JsonFinding>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(finding?.v1).toEqual({ method: "GET", path: "/endpoints/${id}?includeWorkers=true" });
    // --unsafe-fixes drops the expansion (round twelve): `${id}` is still the endpoint's id in the v2 path.
    run(dir, ["--fix", "--unsafe-fixes"]);
    const fixed = text.replace("https://rest.runpod.io/v1/endpoints/${id}?includeWorkers=true", "https://api.runpod.io/v2/serverless/${id}");
    expect(readFileSync(join(dir, "client.ts"), "utf8")).toBe(fixed);
    run(dir, ["--fix", "--unsafe-fixes"]);
    expect(readFileSync(join(dir, "client.ts"), "utf8")).toBe(fixed);
  });
});

describe.skipIf(!python)("Python: bodies passed to a request method's `body` parameter, sent as json=body", () => {
  it("--fix --unsafe-fixes: the literal in a variable migrated, stop given its action body, the settings parameter's call moved alone", () => {
    const dir = copyOf("python-request-function-unsafe");
    const text = readFileSync(join(dir, "client.py"), "utf8");
    const before = jsonLines<JsonFinding>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(messagesAt(before, lineOf(text, 'self._request("POST", "/endpoints", settings)'))).toContainEqual(
      expect.stringContaining("the body is built elsewhere (`settings`)"),
    );
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 4 calls in 1 file; 0 calls left");
    writeFileSync(join(dir, "requests.py"), REQUESTS_STUB);
    const ran = spawnSync(
      "python3",
      ["-c", "import client; f = client.Fleet('k'); f.scale('e1', 3); f.stop('p1'); f.create_endpoint({'name': 'w'}); f.pod('p1')"],
      { cwd: dir, encoding: "utf8" },
    );
    expect(ran.stderr).toBe("");
    const sent = jsonLines<Sent>(ran.stdout);
    expect(sent).toEqual([
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { min: 0, max: 3, idleTimeout: 5 } } },
      { method: "POST", url: "https://api.runpod.io/v2/pods/p1/action", body: { action: "stop" } },
      { method: "POST", url: "https://api.runpod.io/v2/serverless", body: { name: "w" } },
      { method: "GET", url: "https://api.runpod.io/v2/pods/p1", body: null },
    ]);
    expectLintsValid("updateEndpoint", sent[0]?.body);
    expectLintsValid("podAction", sent[1]?.body);
  });
});
