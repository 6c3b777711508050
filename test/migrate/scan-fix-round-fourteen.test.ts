// Issue 41, round fourteen: three ways `migrate scan` misread public clients not used before, each
// written here as a small client that is run after its fix.
//   - A TypeScript body behind a type annotation (`const body: Record<string, unknown> = {…}`) in a
//     function with a declared return type (`async function createPod(…): Promise<Pod> {`): the
//     literal was "built elsewhere", and every function's `body` in the file one name.
//   - A base destructured in each function (`const { restBaseUrl } = getConfig()`): the binding was
//     taken for a request function called with no v1 path, which kept the whole client v1.
//   - Another API's `/v1` (`${PAYPAL_API_BASE}/v1/billing/subscriptions`), no v1 route, no URL of
//     this API near it: reported as a v1 call with "nothing to migrate".
// Each fixed JavaScript program runs under node with a `fetch` that records what it sends; each
// body sent lints valid under the bundled schema and the published document.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { expectLintsValid, jsonLines, nodeRequests, run, scratchFolders } from "./scan-harness.js";

const scratch = scratchFolders("v2kit-round-fourteen-");

interface Row {
  file: string;
  line: number;
  ruleId: string;
  v1: { method: string; path: string };
  notes: { level: string; message: string }[];
}

const calls = (stdout: string) =>
  jsonLines<Row>(stdout)
    .filter((row) => /^(?:v1-call|v1-path-on-v2-base)/.test(row.ruleId))
    .map((row) => `${row.file}:${row.line} ${row.v1.method} ${row.v1.path}`);

describe("round fourteen: what public clients not used before were misread as (issue 41)", () => {
  it("a TypeScript body behind a type annotation, in a function with a declared return type, is read and migrated; the fixed module sends a v2 body", () => {
    const dir = scratch({
      "client.ts": [
        'const BASE = "https://rest.runpod.io/v1";',
        'const GRAPHQL = "https://api.runpod.io/graphql";',
        "",
        "interface Pod {",
        "  id: string;",
        "}",
        "",
        "export async function whoAmI(): Promise<unknown> {",
        '  const body = JSON.stringify({ query: "{ myself { id } }" });',
        '  return (await fetch(GRAPHQL, { method: "POST", body })).json();',
        "}",
        "",
        "export async function createPod(input: { name: string; image: string; gpu: string }): Promise<Pod> {",
        "  const body: Record<string, unknown> = {",
        "    name: input.name,",
        "    imageName: input.image,",
        "    gpuTypeIds: [input.gpu],",
        "  };",
        '  const res = await fetch(`${BASE}/pods`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });',
        "  return (await res.json()) as Pod;",
        "}",
        "",
      ].join("\n"),
    });
    const found = jsonLines<Row>(run(dir, ["--format", "json", "--fail-on", "none"]).stdout).find((row) => row.v1.method === "POST");
    expect(found?.notes.map((note) => note.message).join("\n")).not.toContain("built elsewhere");
    expect(run(dir, ["--fix"]).stderr).toContain("fixed 1 call in 1 file; 0 calls left");
    const text = readFileSync(join(dir, "client.ts"), "utf8");
    expect(text).toContain('const BASE = "https://api.runpod.io/v2";');
    expect(text).toContain("const body: Record<string, unknown> = {\n    name: input.name,\n    image: input.image,\n    gpu: {");
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
    // The fixed module, its types stripped by TypeScript's own transpiler, sends the v2 body.
    writeFileSync(
      join(dir, "client.mjs"),
      ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
    );
    const sent = nodeRequests(dir, 'const c = await import("./client.mjs"); await c.createPod({ name: "a", image: "img:1", gpu: "NVIDIA RTX A4000" });');
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["POST https://api.runpod.io/v2/pods"]);
    expectLintsValid("createPod", sent[0]?.body);
  });

  it("a base destructured in each function moves with every call through it, and the fixed client sends v2 requests", () => {
    const dir = scratch({
      "config.mjs": [
        "export function getConfig() {",
        "  return {",
        '    restBaseUrl: "https://rest.runpod.io/v1",',
        '    graphqlUrl: "https://api.runpod.io/graphql",',
        "  };",
        "}",
        "",
      ].join("\n"),
      "client.mjs": [
        'import { getConfig } from "./config.mjs";',
        "",
        'const headers = () => ({ Authorization: "Bearer k", "Content-Type": "application/json" });',
        "",
        "export async function listEndpoints() {",
        "  const { restBaseUrl } = getConfig();",
        '  return fetch(`${restBaseUrl}/endpoints`, { method: "GET", headers: headers() });',
        "}",
        "",
        "export async function getVolume(id) {",
        "  const { restBaseUrl } = getConfig();",
        '  return fetch(`${restBaseUrl}/networkvolumes/${id}`, { method: "GET", headers: headers() });',
        "}",
        "",
        "export async function deletePod(id) {",
        "  const { restBaseUrl, graphqlUrl } = getConfig();",
        "  void graphqlUrl;",
        '  return fetch(`${restBaseUrl}/pods/${id}`, { method: "DELETE", headers: headers() });',
        "}",
        "",
      ].join("\n"),
    });
    const before = nodeRequests(dir, 'const c = await import("./client.mjs"); await c.listEndpoints(); await c.getVolume("v1x"); await c.deletePod("p1");');
    expect(before.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://rest.runpod.io/v1/endpoints",
      "GET https://rest.runpod.io/v1/networkvolumes/v1x",
      "DELETE https://rest.runpod.io/v1/pods/p1",
    ]);
    const fixed = run(dir, ["--fix"]);
    expect(fixed.stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    expect(readFileSync(join(dir, "config.mjs"), "utf8")).toContain('restBaseUrl: "https://api.runpod.io/v2",');
    expect(readFileSync(join(dir, "config.mjs"), "utf8")).toContain('graphqlUrl: "https://api.runpod.io/graphql",');
    const after = nodeRequests(dir, 'const c = await import("./client.mjs"); await c.listEndpoints(); await c.getVolume("v1x"); await c.deletePod("p1");');
    expect(after.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET https://api.runpod.io/v2/serverless",
      "GET https://api.runpod.io/v2/network-volumes/v1x",
      "DELETE https://api.runpod.io/v2/pods/p1",
    ]);
    expect(calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
  });

  it("another API's `/v1` that is no v1 route, with no URL of this API near it, is not reported; a v1 route there still is", () => {
    const dir = scratch({
      "billing.mjs": [
        'const PAYPAL_MODE = process.env.PAYPAL_MODE || "sandbox";',
        "const PAYPAL_API_BASE =",
        '  PAYPAL_MODE === "live"',
        '    ? "https://api-m.paypal.com"',
        '    : "https://api-m.sandbox.paypal.com";',
        "",
        "export async function subscribe(token, plan) {",
        "  return fetch(`${PAYPAL_API_BASE}/v1/billing/subscriptions`, {",
        '    method: "POST",',
        '    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },',
        "    body: JSON.stringify({ plan_id: plan }),",
        "  });",
        "}",
        "",
        "export async function pods(base) {",
        '  return fetch(`${base}/v1/pods`, { method: "GET" });',
        "}",
        "",
      ].join("\n"),
    });
    const found = calls(run(dir, ["--format", "json", "--fail-on", "none"]).stdout);
    expect(found).toEqual(["billing.mjs:16 GET /pods"]);
  });
  it('a query pair that was a literal of its own goes with its `+` (no `+ ""` left); the fixed program sends v2\'s query', () => {
    const dir = scratch({
      "bill.mjs": [
        'const BASE = "https://rest.runpod.io/v1";',
        'export const bill = (eid) => fetch(BASE + "/billing/endpoints?endpointId=" + eid + "&grouping=endpointId");',
        "",
      ].join("\n"),
      "bill.py": [
        "import requests",
        'BASE = "https://rest.runpod.io/v1"',
        "def bill(eid):",
        '    return requests.get(BASE + "/billing/endpoints?endpointId=" + eid + "&grouping=endpointId").json()',
        "",
      ].join("\n"),
    });
    expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 2 calls in 2 files; 0 calls left");
    const js = readFileSync(join(dir, "bill.mjs"), "utf8");
    const py = readFileSync(join(dir, "bill.py"), "utf8");
    expect(js).toContain('fetch(BASE + "/billing/serverless?serverlessId=" + eid);');
    expect(py).toContain('requests.get(BASE + "/billing/serverless?serverlessId=" + eid).json()');
    const sent = nodeRequests(dir, 'const b = await import("./bill.mjs"); await b.bill("e1");');
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual(["GET https://api.runpod.io/v2/billing/serverless?serverlessId=e1"]);
  });
});
