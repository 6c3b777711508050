// The checks of `v2kit scan` (issue 44) on v2 calls as the reader hands them over: V2Call
// literals built here from source text written here (positions found in the text, fixes applied
// to it), held to the bundled document and to the published one (`spec`). What a user sees is
// asserted: rule, level, line and column, the closest route named, the verdict's status, rule ids
// and hints (the same as `v2kit lint`'s, run as a child process once), fixes only where exact.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type CheckOptions, checkCalls } from "../../code/check.js";
import { type CodeDocument, loadCodeDocument } from "../../code/document.js";
import type { CodeFinding } from "../../code/types.js";
import { check } from "../../lint/index.js";
import type { V2Call } from "../../migrate/scan/v2-call.js";
import { applyFix, find, textAt, writeBody } from "./helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PUBLISHED = join(ROOT, "..", "shared", "reference", "upstream-v2-openapi.json");

/** A call whose URL expression is `url` in `source`; `pathText` the plain path text in it, when the reader can give it. */
function callIn(source: string, url: string, path: string, method: string | undefined, extra: Partial<V2Call> & { plain?: string } = {}): V2Call {
  const at = find(source, url);
  const { plain, ...rest } = extra;
  return {
    at,
    end: at.offset + url.length,
    ...(method === undefined ? {} : { method: { value: method, certain: true } }),
    path,
    query: [],
    reads: [],
    ...(plain === undefined ? {} : { pathText: { at: find(source, plain, 0), text: plain } }),
    ...rest,
  };
}

const PY_HEAD = 'import requests\nBASE = "https://rest.runpod.io/v2"\n';

let published: CodeDocument;
beforeAll(async () => {
  published = await loadCodeDocument(PUBLISHED);
}, 60_000);

/** Both documents: the bundled one (no spec) and the published one given as `spec`. */
const DOCUMENTS: [name: string, options: () => CheckOptions][] = [
  ["bundled", () => ({})],
  ["published (spec)", () => ({ spec: published })],
];

describe.each(DOCUMENTS)("v2-unknown-route against the %s document", (_name, options) => {
  it("GET /v2/endpoints: the closest route is /v2/serverless, and the path text is fixed to it", () => {
    const source = `${PY_HEAD}resp = requests.get(f"{BASE}/endpoints", headers=HEADERS)\n`;
    const call = callIn(source, 'f"{BASE}/endpoints"', "/v2/endpoints", "GET", { plain: "/endpoints" });
    const [finding, ...rest] = checkCalls([call], "app.py", options());
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ rule: "v2-unknown-route", level: "error", file: "app.py", line: 3, column: 29, endLine: 3, endColumn: 39 });
    expect(finding?.message).toBe("GET /v2/endpoints is not a route of the v2 document: did you mean GET /v2/serverless?");
    expect(applyFix(source, finding?.fix as NonNullable<CodeFinding["fix"]>)).toContain('requests.get(f"{BASE}/serverless", headers=HEADERS)');
  });

  it("POST /v2/serverless/endpoints: the closest route is POST /v2/serverless, and nothing else of the call is judged", () => {
    const source = `${PY_HEAD}resp = requests.post(f"{BASE}/serverless/endpoints", json=payload)\n`;
    const call = callIn(source, 'f"{BASE}/serverless/endpoints"', "/v2/serverless/endpoints", "POST", {
      plain: "/serverless/endpoints",
      bodyElsewhere: "payload",
    });
    const findings = checkCalls([call], "app.py", options());
    expect(findings.map((finding) => [finding.rule, finding.line, finding.message])).toEqual([
      ["v2-unknown-route", 3, "POST /v2/serverless/endpoints is not a route of the v2 document: did you mean POST /v2/serverless?"],
    ]);
    expect(applyFix(source, findings[0]?.fix as NonNullable<CodeFinding["fix"]>)).toContain('requests.post(f"{BASE}/serverless", json=payload)');
  });

  it("GET /v2/serverless/endpoints is not the endpoint `endpoints`: the closest route is GET /v2/serverless", () => {
    const source = `${PY_HEAD}endpoints = requests.get(BASE + "/serverless/endpoints").json()\n`;
    const call = callIn(source, 'BASE + "/serverless/endpoints"', "/v2/serverless/endpoints", "GET", { plain: "/serverless/endpoints" });
    const [finding] = checkCalls([call], "app.py", options());
    expect(finding?.message).toBe("GET /v2/serverless/endpoints is not a route of the v2 document: did you mean GET /v2/serverless?");
    expect(applyFix(source, finding?.fix as NonNullable<CodeFinding["fix"]>)).toContain('requests.get(BASE + "/serverless").json()');
  });

  it("/v2/networkvolumes in a TypeScript fetch: the closest route is /v2/network-volumes, the whole URL's path fixed", () => {
    const source = 'const volumes = await fetch("https://rest.runpod.io/v2/networkvolumes", { headers });\n';
    const call = callIn(source, '"https://rest.runpod.io/v2/networkvolumes"', "/v2/networkvolumes", "GET", { plain: "/v2/networkvolumes" });
    const [finding] = checkCalls([call], "volumes.ts", options());
    expect(finding).toMatchObject({ rule: "v2-unknown-route", level: "error", line: 1, column: 52 });
    expect(finding?.message).toContain("did you mean GET /v2/network-volumes?");
    expect(applyFix(source, finding?.fix as NonNullable<CodeFinding["fix"]>)).toBe(
      'const volumes = await fetch("https://rest.runpod.io/v2/network-volumes", { headers });\n',
    );
  });

  it("GET /v2/pods/{id}/start names POST /v2/pods/{id}/action, with no fix (a fix cannot change the method)", () => {
    const source = `${PY_HEAD}requests.get(f"{BASE}/pods/{pod_id}/start")\n`;
    const call = callIn(source, 'f"{BASE}/pods/{pod_id}/start"', "/v2/pods/{pod_id}/start", "GET");
    const [finding] = checkCalls([call], "app.py", options());
    expect(finding).toMatchObject({ rule: "v2-unknown-route", level: "error", line: 3, column: 14 });
    expect(finding?.message).toBe("GET /v2/pods/{pod_id}/start is not a route of the v2 document: did you mean POST /v2/pods/{id}/action?");
    expect(finding?.fix).toBeUndefined();
  });

  it("v1's POST …/update names the resource's route, where v2 takes PATCH, with no fix", () => {
    const source = `${PY_HEAD}requests.post(f"{BASE}/serverless/{endpoint_id}/update", json=changes)\n`;
    const call = callIn(source, 'f"{BASE}/serverless/{endpoint_id}/update"', "/v2/serverless/{endpoint_id}/update", "POST");
    const [finding, ...rest] = checkCalls([call], "app.py", options());
    expect(rest).toEqual([]);
    expect(finding?.message).toMatch(
      /^POST \/v2\/serverless\/\{endpoint_id\}\/update is not a route of the v2 document: did you mean \S*PATCH\S* \/v2\/serverless\/\{id\}\?$/,
    );
    expect(finding?.fix).toBeUndefined();
  });

  it("a path that exists without the call's method names the methods it takes", () => {
    const source = `${PY_HEAD}requests.post(f"{BASE}/pods/{pod_id}", json={"name": "x"})\n`;
    const call = callIn(source, 'f"{BASE}/pods/{pod_id}"', "/v2/pods/{pod_id}", "POST");
    const [finding, ...rest] = checkCalls([call], "app.py", options());
    expect(rest).toEqual([]);
    expect(finding?.rule).toBe("v2-unknown-route");
    expect(finding?.message).toMatch(/^POST \/v2\/pods\/\{pod_id\} is not a route of the v2 document: \/v2\/pods\/\{id\} takes /);
    expect(
      finding?.message
        .replace(/.* takes /, "")
        .split(", ")
        .sort(),
    ).toEqual(["DELETE", "GET", "PATCH"]);
    expect(finding?.fix).toBeUndefined();
  });

  it("no fix without the path's plain text, nor when several routes are as close", () => {
    const source = `${PY_HEAD}requests.get(url)\n`;
    const noText = callIn(source, "url", "/v2/endpoints", "GET");
    expect(checkCalls([noText], "app.py", options())[0]?.fix).toBeUndefined();
    const tied = `${PY_HEAD}requests.get(BASE + "/catalog/zzz")\n`;
    const [finding] = checkCalls([callIn(tied, 'BASE + "/catalog/zzz"', "/v2/catalog/zzz", "GET", { plain: "/catalog/zzz" })], "app.py", options());
    expect(finding?.message).toBe(
      "GET /v2/catalog/zzz is not a route of the v2 document: did you mean GET /v2/catalog/cpus or GET /v2/catalog/datacenters or GET /v2/catalog/gpus (and 1 more)?",
    );
    expect(finding?.fix).toBeUndefined();
  });

  it("a resource the document does not have (/v2/user) gets no suggestion of an unrelated route, and no fix", () => {
    const source = `${PY_HEAD}me = requests.get(f"{BASE}/user/me").json()\n`;
    const call = callIn(source, 'f"{BASE}/user/me"', "/v2/user/me", "GET", { plain: "/user/me" });
    const [finding, ...rest] = checkCalls([call], "app.py", options());
    expect(rest).toEqual([]);
    expect(finding?.message).toBe("GET /v2/user/me is not a route of the v2 document: no route of the document is about this resource");
    expect(finding?.fix).toBeUndefined();
  });

  it("queue API calls that share /v2 are not reported", () => {
    const source = 'requests.post(f"https://api.runpod.ai/v2/{endpoint_id}/runsync", json={"input": {}})\n';
    const call = callIn(source, 'f"https://api.runpod.ai/v2/{endpoint_id}/runsync"', "/v2/{endpoint_id}/runsync", "POST");
    expect(checkCalls([call], "worker.py", options())).toEqual([]);
  });
});

describe.each(DOCUMENTS)("v2-unknown-query-param against the %s document", (_name, options) => {
  it("a query name listPods does not declare is a warning at the name, naming the closest declared one", () => {
    const source = `${PY_HEAD}requests.get(f"{BASE}/pods", params={"includeClusterPod": True, "includeClusterPods": False})\n`;
    const call = callIn(source, 'f"{BASE}/pods"', "/v2/pods", "GET", {
      query: [
        { name: "includeClusterPod", at: find(source, "includeClusterPod") },
        { name: "includeClusterPods", at: find(source, "includeClusterPods") },
      ],
    });
    const findings = checkCalls([call], "app.py", options());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: "v2-unknown-query-param", level: "warning", line: 3, column: 39, endColumn: 56, operation: "listPods" });
    expect(textAt(source, 3, 39)).toMatch(/^includeClusterPod"/);
    expect(findings[0]?.message).toBe("GET /v2/pods (listPods) has no query parameter `includeClusterPod`: did you mean `includeClusterPods`?");
  });

  it("an operation without query parameters says so; an open query with nothing literal gives nothing", () => {
    const source = `${PY_HEAD}requests.get(f"{BASE}/serverless?limit=5")\nrequests.get(f"{BASE}/serverless?{qs}")\n`;
    const limited = callIn(source, 'f"{BASE}/serverless?limit=5"', "/v2/serverless", "GET", { query: [{ name: "limit", at: find(source, "limit") }] });
    const open = callIn(source, 'f"{BASE}/serverless?{qs}"', "/v2/serverless", "GET", { queryOpen: true });
    const findings = checkCalls([limited, open], "app.py", options());
    expect(findings.map((finding) => [finding.rule, finding.line, finding.message])).toEqual([
      ["v2-unknown-query-param", 3, "GET /v2/serverless (listEndpoints) has no query parameter `limit`: it takes no query parameters"],
    ]);
  });
});

describe.each(DOCUMENTS)("v2-invalid-body against the %s document", (_name, options) => {
  it("PATCH /v2/serverless/{id} whose gpu sets minCudaVersion and allowedCudaVersions: cuda-set-or-floor at the key", () => {
    const value = { gpu: { minCudaVersion: "12.1", allowedCudaVersions: ["12.4"] } };
    const { text, body } = writeBody('await fetch(`${BASE}/serverless/${id}`, { method: "PATCH", body: JSON.stringify(', value);
    const source = `${text}) });\n`;
    const call = callIn(source, "`${BASE}/serverless/${id}`", "/v2/serverless/{id}", "PATCH", { body });
    const findings = checkCalls([call], "deploy.ts", options());
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      rule: "v2-invalid-body",
      level: "error",
      line: 3,
      column: 6,
      operation: "updateEndpoint",
      verdict: { status: 400, rules: ["cuda-set-or-floor"] },
    });
    expect(textAt(source, 3, 6)).toMatch(/^minCudaVersion"/);
    expect(finding?.message).toContain("/gpu/minCudaVersion must not combine a non-empty `gpu.allowedCudaVersions` with `gpu.minCudaVersion`");
    expect(finding?.hints?.[0]).toMatch(/^Use `allowedCudaVersions` for an exact set or `minCudaVersion` for a floor/);
  });

  it("`workersMin` at the top of an endpoint body names /workers/min, with no fix (not a rename at the same level)", () => {
    const value = {
      name: "sdxl",
      templateId: "tpl-1",
      type: "QUEUE",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      workersMin: 1,
    };
    const { text, body } = writeBody("payload = ", value);
    const source = `${PY_HEAD}${text}\nrequests.post(f"{BASE}/serverless", json=payload)\n`;
    const call = callIn(source, 'f"{BASE}/serverless"', "/v2/serverless", "POST", { body: shift(body, PY_HEAD.length, 2) });
    const findings = checkCalls([call], "app.py", options());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: "v2-invalid-body", level: "error", line: 16, column: 4, operation: "createEndpoint" });
    expect(textAt(source, 16, 4)).toBe('workersMin": 1');
    expect(findings[0]?.message).toContain("`workersMin` is a v1 field: v2 has it at `/workers/min` (nested under `workers`)");
    expect(findings[0]?.verdict?.status).toBe(422);
    expect(findings[0]?.fix).toBeUndefined();
  });

  it("a v1 name that is a rename at the same level (executionTimeoutMs → timeout) gets a fix that makes the body valid", () => {
    const value = {
      name: "sdxl",
      templateId: "tpl-1",
      type: "QUEUE",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      executionTimeoutMs: 600000,
    };
    const { text, body } = writeBody("payload = ", value);
    const call = callIn(`${text}\n`, "payload", "/v2/serverless", "POST", { body });
    const [finding, ...rest] = checkCalls([call], "app.py", options());
    expect(rest).toEqual([]);
    expect(finding?.message).toContain("`executionTimeoutMs` is a v1 field: v2 has it at `/timeout`");
    const fixed = applyFix(text, finding?.fix as NonNullable<CodeFinding["fix"]>);
    const literal = JSON.parse(fixed.slice("payload = ".length)) as Record<string, unknown>;
    expect(literal).toHaveProperty("timeout", 600000);
    expect(check("createEndpoint", literal).ok).toBe(true);
  });

  it("gpuTypeIds and idleTimeout at the top of an endpoint body name their v2 places, each at its own key", () => {
    const value = {
      name: "sdxl",
      templateId: "tpl-1",
      type: "QUEUE",
      gpu: { pools: ["ADA_24"] },
      scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
      gpuTypeIds: ["NVIDIA L4"],
      idleTimeout: 5,
    };
    const { text, body } = writeBody("payload = ", value);
    const findings = checkCalls([callIn(text, "payload", "/v2/serverless", "POST", { body })], "app.py", options());
    expect(findings.map((finding) => [finding.line, finding.column, /v2 has it at `([^`]+)`/.exec(finding.message)?.[1]])).toEqual([
      [14, 4, "/gpu/pools"],
      [17, 4, "/workers/idleTimeout"],
    ]);
    expect(textAt(text, 14, 4)).toMatch(/^gpuTypeIds"/);
    expect(textAt(text, 17, 4)).toMatch(/^idleTimeout"/);
  });

  it("a required member left out is reported at the literal's opening bracket", () => {
    const { text, body } = writeBody("payload = ", { name: "vol", size: 10 });
    const findings = checkCalls([callIn(text, "payload", "/v2/network-volumes", "POST", { body })], "app.py", options());
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((finding) => finding.line === 1 && finding.column === 11)).toBe(true);
    expect(textAt(text, 1, 11)).toBe("{");
    expect(findings.map((finding) => finding.message).join("\n")).toContain("/dataCenter is required [schema/required]");
  });

  it("values filled at run time are not reported, whatever the placeholder", () => {
    const value = { name: "sdxl", templateId: "tpl-1", type: "QUEUE", gpu: { pools: ["ADA_24"], count: 1 }, scaling: { type: "QUEUE_DELAY", queueDelay: 4 } };
    const runtime = ["/name", "/templateId", "/gpu/count", "/scaling/queueDelay", "/type"];
    const { text, body } = writeBody("payload = ", value, runtime);
    expect(checkCalls([callIn(text, "payload", "/v2/serverless", "POST", { body })], "app.py", options())).toEqual([]);
    // A floor filled at run time next to a literal set: the code may send "" (no floor), which is valid.
    const patch = writeBody("patch = ", { gpu: { minCudaVersion: "12.1", allowedCudaVersions: ["12.4"] } }, ["/gpu/minCudaVersion"]);
    expect(checkCalls([callIn(patch.text, "patch", "/v2/serverless/{id}", "PATCH", { body: patch.body })], "app.py", options())).toEqual([]);
    // …but a literal violation next to run-time values still is.
    const bad = writeBody("patch = ", { name: "x", gpu: { count: "two" } }, ["/name"]);
    const findings = checkCalls([callIn(bad.text, "patch", "/v2/serverless/{id}", "PATCH", { body: bad.body })], "app.py", options());
    expect(findings.map((finding) => [finding.rule, finding.line, finding.column, finding.verdict?.rules])).toEqual([
      ["v2-invalid-body", 4, 14, ["schema/type"]],
    ]);
  });
});

describe("v2-invalid-body gives the verdict `v2kit lint` gives", () => {
  it.each([
    ["bundled", [] as string[], () => ({})],
    ["published (lint --spec)", ["--spec", PUBLISHED], () => ({ spec: published })],
  ] as const)(
    "%s: status, rule ids and hints equal the CLI's for the same body",
    (_name, flags, options) => {
      const value = { name: "sdxl", templateId: "tpl-1", workersMin: 1, gpuTypeIds: ["NVIDIA L4"], idleTimeout: 5 };
      const { text, body } = writeBody("payload = ", value);
      const findings = checkCalls([callIn(text, "payload", "/v2/serverless", "POST", { body })], "app.py", options());
      const dir = mkdtempSync(join(tmpdir(), "v2kit-code-check-"));
      try {
        writeFileSync(join(dir, "body.json"), JSON.stringify(value));
        const cli = spawnSync(
          process.execPath,
          [join(ROOT, "dist", "cli", "v2kit.js"), "lint", ...flags, "--operation", "createEndpoint", "--format", "json", join(dir, "body.json")],
          { encoding: "utf8" },
        );
        expect(cli.status).toBe(1);
        const verdict = JSON.parse(cli.stdout) as { status: number; violations: { rule: string; path: string; hint?: string }[] };
        expect(findings.map((finding) => finding.message)).toEqual(
          verdict.violations.map((violation) => expect.stringContaining(`${violation.path || "the body"} `)),
        );
        for (const finding of findings)
          expect(finding.verdict).toEqual({ status: verdict.status, rules: [...new Set(verdict.violations.map((violation) => violation.rule))] });
        verdict.violations.forEach((violation, i) => {
          if (violation.hint !== undefined) expect(findings[i]?.hints?.[0]).toBe(violation.hint);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe.each(DOCUMENTS)("v2-unknown-response-field against the %s document", (_name, options) => {
  it("a v1 field read from a pod names its v2 place; fields the response has are not reported", () => {
    const source = `${PY_HEAD}pod = requests.get(f"{BASE}/pods/{pod_id}").json()\nif pod["desiredStatus"] == "RUNNING" and pod["status"] and pod["env"]["HF_TOKEN"]:\n`;
    const call = callIn(source, 'f"{BASE}/pods/{pod_id}"', "/v2/pods/{pod_id}", "GET", {
      reads: [
        { path: ["desiredStatus"], at: find(source, '["desiredStatus"]'), match: '["desiredStatus"]' },
        { path: ["status"], at: find(source, '["status"]'), match: '["status"]' },
        { path: ["env", "HF_TOKEN"], at: find(source, '["env"]'), match: '["env"]["HF_TOKEN"]' },
      ],
    });
    const findings = checkCalls([call], "app.py", options());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: "v2-unknown-response-field", level: "warning", line: 4, column: 7, endColumn: 24, operation: "getPod" });
    expect(findings[0]?.message).toBe(
      "the response of GET /v2/pods/{id} (getPod) has no field `desiredStatus`: `desiredStatus` is a v1 field; v2 has `status` (the pod's state is `status` (PodStatus: PROVISIONING, RUNNING, EXITED, …))",
    );
  });

  it("a list read as v1's bare array names the wrapper key; the records' fields are followed through it", () => {
    const source = `${PY_HEAD}eps = requests.get(f"{BASE}/serverless").json()\nfor ep in eps: print(ep["workersMin"])\nfor ep in eps["endpoints"]: print(ep["workersMin"], ep["workers"]["max"])\n`;
    const call = callIn(source, 'f"{BASE}/serverless"', "/v2/serverless", "GET", {
      reads: [
        { path: ["*", "workersMin"], at: find(source, '["workersMin"]', 0), match: '["workersMin"]' },
        { path: ["endpoints", "*", "workersMin"], at: find(source, '["workersMin"]', 1), match: '["workersMin"]' },
        { path: ["endpoints", "*", "workers", "max"], at: find(source, '["workers"]'), match: '["workers"]["max"]' },
      ],
    });
    const findings = checkCalls([call], "app.py", options());
    expect(findings.map((finding) => [finding.line, finding.message.replace(/^.*has no field /, "")])).toEqual([
      [4, "`*`: the response is an object that holds the list in `endpoints` (v1 answered a bare list)"],
      [5, "`endpoints.*.workersMin`: `workersMin` is a v1 field; v2 has `workers.min` (nested under `workers`)"],
    ]);
  });
});

describe.each(DOCUMENTS)("v2-body-elsewhere and valid calls against the %s document", (_name, options) => {
  it("a body built elsewhere is a note naming the operation's request type", () => {
    const source = `${PY_HEAD}requests.post(f"{BASE}/serverless", json=build_payload(cfg))\n`;
    const call = callIn(source, 'f"{BASE}/serverless"', "/v2/serverless", "POST", { bodyElsewhere: "build_payload(cfg)" });
    const findings = checkCalls([call], "app.py", options());
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: "v2-body-elsewhere", level: "note", line: 3, column: 15, operation: "createEndpoint" });
    expect(findings[0]?.message).toContain('is a CreateEndpointRequest (RequestBody<"createEndpoint"> in v2kit\'s types)');
  });

  it("a valid call gives no finding", () => {
    const value = { gpu: { pools: ["ADA_24"], count: 1 }, workers: { min: 0, max: 3 } };
    const { text, body } = writeBody("patch = ", value);
    const source = `${text}\nep = requests.patch(f"{BASE}/serverless/{endpoint_id}", json=patch).json()\nprint(ep["workers"]["max"])\n`;
    const call = callIn(source, 'f"{BASE}/serverless/{endpoint_id}"', "/v2/serverless/{endpoint_id}", "PATCH", {
      body,
      reads: [{ path: ["workers", "max"], at: find(source, '["workers"]'), match: '["workers"]["max"]' }],
    });
    expect(checkCalls([call], "app.py", options())).toEqual([]);
  });
});

describe("the options and the document", () => {
  it("a catalog given is the one lint judges pools by", () => {
    const { text, body } = writeBody("patch = ", { gpu: { pools: ["ADA_24"] } });
    const call = callIn(text, "patch", "/v2/serverless/{id}", "PATCH", { body });
    expect(checkCalls([call], "app.py")).toEqual([]);
    const amperesOnly = { gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48" }], cpus: [] };
    const findings = checkCalls([call], "app.py", { catalog: amperesOnly });
    expect(findings.map((finding) => [finding.rule, finding.line, finding.column, finding.verdict])).toEqual([
      ["v2-invalid-body", 4, 7, { status: 400, rules: ["gpu-pools-known"] }],
    ]);
    expect(textAt(text, 4, 7)).toBe('"ADA_24"');
  });

  it("without a method at the call, a path with one GET and a read picks the GET operation", () => {
    const source = `${PY_HEAD}pod = http(f"{BASE}/pods/{pod_id}")\nprint(pod["desiredStatus"])\n`;
    const call: V2Call = {
      ...callIn(source, 'f"{BASE}/pods/{pod_id}"', "/v2/pods/{pod_id}", undefined),
      reads: [{ path: ["desiredStatus"], at: find(source, '["desiredStatus"]'), match: '["desiredStatus"]' }],
    };
    expect(checkCalls([call], "app.py").map((finding) => [finding.rule, finding.operation, finding.line])).toEqual([
      ["v2-unknown-response-field", "getPod", 4],
    ]);
  });

  it("a document that cannot be read is a SpecError naming the file", async () => {
    const missing = join(tmpdir(), "v2kit-no-such-openapi.json");
    await expect(loadCodeDocument(missing)).rejects.toMatchObject({ name: "SpecError", code: "spec-unreadable" });
  });
});

/** A body's positions moved by `offset` characters and `lines` lines (the body written after `lines` lines of other text). */
function shift(body: NonNullable<V2Call["body"]>, offset: number, lines: number): NonNullable<V2Call["body"]> {
  const move = <T extends { line: number; offset: number }>(at: T): T => ({ ...at, line: at.line + lines, offset: at.offset + offset });
  const moveAll = (positions: Record<string, { line: number; column: number; offset: number }>) =>
    Object.fromEntries(Object.entries(positions).map(([pointer, at]) => [pointer, move(at)]));
  return {
    ...body,
    keys: moveAll(body.keys),
    values: moveAll(body.values),
    names: Object.fromEntries(Object.entries(body.names ?? {}).map(([pointer, name]) => [pointer, { ...name, at: move(name.at) }])),
  };
}
