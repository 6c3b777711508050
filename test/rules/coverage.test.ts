// Every cross-field rule the specification states, as a given/want table: the rule id, the
// status the spec gives (or we chose), and one body that must break it. Removing or breaking a
// rule in rules/v2.rules.yaml fails this table, independently of the property tests the rules
// file generates for itself.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { check } from "../../output/index.mjs";
import type { CheckContext } from "../../engine/types.js";

const json = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8"));
const catalog = { gpus: json("schema/catalog/gpus.json").gpus, cpus: json("schema/catalog/cpus.json").cpus };
const templates = json("schema/catalog/templates.json").templates as { id: string; serverless: boolean }[];
const context: CheckContext = { catalog, templates };
const gpuBody = { name: "e", type: "QUEUE", image: "img:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["AMPERE_48"] } };
const cpuBody = { name: "e", type: "QUEUE", image: "img:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, cpu: [{ id: "cpu3c", vcpuCount: 4 }] };
const podTemplate = templates.find((t) => !t.serverless)?.id;

interface Case {
  rule: string;
  status: number;
  operation: string;
  body: unknown;
  context?: CheckContext;
}

const cases: Case[] = [
  { rule: "gpu-cpu-exactly-one", status: 400, operation: "createEndpoint", body: { ...gpuBody, cpu: cpuBody.cpu } },
  { rule: "gpu-cpu-exactly-one", status: 400, operation: "createEndpoint", body: { ...gpuBody, gpu: undefined } },
  { rule: "pod-gpu-cpu-exactly-one", status: 400, operation: "createPod", body: { name: "p", image: "img:1" } },
  { rule: "image-unless-template", status: 422, operation: "createEndpoint", body: { ...gpuBody, image: undefined } },
  {
    rule: "cuda-set-or-floor",
    status: 400,
    operation: "createEndpoint",
    body: { ...gpuBody, gpu: { pools: ["AMPERE_48"], allowedCudaVersions: ["12.4"], minCudaVersion: "12.1" } },
  },
  {
    rule: "pod-cuda-set-or-floor",
    status: 400,
    operation: "createPod",
    body: { name: "p", image: "img:1", gpu: { id: "NVIDIA L4", allowedCudaVersions: ["12.8"], minCudaVersion: "12.6" } },
  },
  { rule: "cuda-on-cpu-create", status: 422, operation: "createEndpoint", body: { ...cpuBody, allowedCudaVersions: ["12.4"] } },
  { rule: "lb-requires-request-count", status: 400, operation: "createEndpoint", body: { ...gpuBody, type: "LOAD_BALANCER" } },
  {
    rule: "idle-timeout-queue-request-count",
    status: 400,
    operation: "createEndpoint",
    body: { ...gpuBody, scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 30 } },
  },
  { rule: "excluded-types-need-pools", status: 422, operation: "updateEndpoint", body: { gpu: { excludedTypes: ["NVIDIA A40"] } } },
  // The compute family is fixed: `cpu` onto a stored GPU endpoint, `gpu` onto a CPU one, or both at once.
  {
    rule: "endpoint-compute-family-fixed",
    status: 400,
    operation: "updateEndpoint",
    body: { cpu: cpuBody.cpu },
    context: { ...context, current: { ...gpuBody, id: "e1" } },
  },
  {
    rule: "endpoint-compute-family-fixed",
    status: 400,
    operation: "updateEndpoint",
    body: { gpu: { count: 2 } },
    context: { ...context, current: { ...cpuBody, id: "e1" } },
  },
  { rule: "endpoint-compute-family-fixed", status: 400, operation: "updateEndpoint", body: { gpu: { count: 2 }, cpu: cpuBody.cpu } },
  // Judged on the stored endpoint: `type` cannot be sent on PATCH (published document), yet it decides.
  {
    rule: "lb-requires-request-count",
    status: 400,
    operation: "updateEndpoint",
    body: { scaling: { type: "QUEUE_DELAY", queueDelay: 4 } },
    context: { ...context, current: { ...gpuBody, id: "e1", type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 2 } } },
  },
  {
    rule: "idle-timeout-queue-request-count",
    status: 400,
    operation: "updateEndpoint",
    body: { scaling: { type: "REQUEST_COUNT", requestCount: 2 }, workers: { idleTimeout: 30 } },
    context: { ...context, current: { ...gpuBody, id: "e1" } },
  },
  { rule: "gpu-pools-known", status: 400, operation: "createEndpoint", body: { ...gpuBody, gpu: { pools: ["NVIDIA A40"] } } },
  {
    rule: "excluded-types-within-pools",
    status: 400,
    operation: "createEndpoint",
    body: { ...gpuBody, gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } },
  },
  {
    rule: "excluded-types-within-pools",
    status: 400,
    operation: "createEndpoint",
    body: { ...gpuBody, gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA A40", "NVIDIA RTX A6000"] } },
  },
  { rule: "cpu-flavor-known", status: 400, operation: "createEndpoint", body: { ...cpuBody, cpu: [{ id: "cpu9z", vcpuCount: 4 }] } },
  { rule: "vcpu-power-of-two", status: 422, operation: "createEndpoint", body: { ...cpuBody, cpu: [{ id: "cpu3c", vcpuCount: 6 }] } },
  { rule: "vcpu-within-flavor", status: 400, operation: "createEndpoint", body: { ...cpuBody, cpu: [{ id: "cpu3c", vcpuCount: 1024 }] } },
  { rule: "args-matches-cmd", status: 400, operation: "createEndpoint", body: { ...gpuBody, args: "python a.py", cmd: ["python", "b.py"] } },
  { rule: "template-exists", status: 404, operation: "createEndpoint", body: { ...gpuBody, templateId: "no-such-template" } },
  { rule: "template-is-serverless", status: 422, operation: "createEndpoint", body: { ...gpuBody, templateId: podTemplate } },
  {
    rule: "serverless-template-volume-zero",
    status: 400,
    operation: "saveTemplate",
    body: { input: { name: "t", imageName: "i:1", containerDiskInGb: 5, volumeInGb: 20, isServerless: true } },
  },
  { rule: "network-volume-size-grows", status: 400, operation: "updateNetworkVolume", body: { size: 50 }, context: { current: { id: "nv", size: 100 } } },
  { rule: "pod-gpu-type-known", status: 400, operation: "createPod", body: { name: "p", image: "img:1", gpu: { id: "AMPERE_48" } } },
  {
    rule: "serverless-template-no-volume",
    status: 400,
    operation: "createTemplate",
    body: { name: "t", image: "img:1", serverless: true, mounts: { persistent: { size: 20, path: "/workspace" } } },
  },
];

describe("every rule of the specification", () => {
  const file = parse(readFileSync(new URL("../../rules/v2.rules.yaml", import.meta.url), "utf8")) as {
    rules: { id: string; status: number; operations: string[] }[];
  };

  it.each(cases)("$rule ($status) rejects its example", (testCase) => {
    const declared = file.rules.find((rule) => rule.id === testCase.rule);
    expect(declared, `rule ${testCase.rule} is missing from rules/v2.rules.yaml`).toBeDefined();
    expect(declared?.status).toBe(testCase.status);
    expect(declared?.operations).toContain(testCase.operation);
    const result = check(testCase.operation, JSON.parse(JSON.stringify(testCase.body)), testCase.context ?? context);
    expect(result.violations.filter((violation) => !violation.rule.startsWith("schema/")).map((violation) => violation.rule)).toEqual([testCase.rule]);
  });

  it("lists every rule of the rules file", () => {
    expect(new Set(cases.map((testCase) => testCase.rule))).toEqual(new Set(file.rules.map((rule) => rule.id)));
  });
});

describe("transforms", () => {
  const template = templates.find((t) => t.serverless) as { id: string; env?: Record<string, string>; allowedCudaVersions?: string[]; image?: string };
  it("body fields beat the template's; env merges key by key, body winning", () => {
    const verdict = check("createEndpoint", { ...gpuBody, image: undefined, templateId: template.id, env: { MINE: "1" } }, context);
    const resolved = verdict.resolved as { image: string; env: Record<string, string> };
    expect(resolved.image).toBe(template.image);
    expect(resolved.env).toEqual({ ...template.env, MINE: "1" });
    const own = check("createEndpoint", { ...gpuBody, image: "mine:2", templateId: template.id }, context).resolved as { image: string };
    expect(own.image).toBe("mine:2");
  });

  it("the template's allowedCudaVersions seeds a GPU create only when the body sets neither CUDA field", () => {
    const seeded = check("createEndpoint", { ...gpuBody, templateId: template.id }, context).resolved as { gpu: { allowedCudaVersions?: string[] } };
    expect(seeded.gpu.allowedCudaVersions).toEqual(template.allowedCudaVersions);
    const floor = check("createEndpoint", { ...gpuBody, templateId: template.id, gpu: { pools: ["AMPERE_48"], minCudaVersion: "12.1" } }, context);
    expect((floor.resolved as { gpu: { allowedCudaVersions?: string[] } }).gpu.allowedCudaVersions).toBeUndefined();
    expect(floor.ok).toBe(true);
    const cpu = check("createEndpoint", { ...cpuBody, templateId: template.id }, context).resolved as { gpu?: unknown };
    expect(cpu.gpu).toBeUndefined();
  });

  it("defaults: workers 0/3/10, flashboot OFF, timeout 300000, gpu.count 1; no idleTimeout for QUEUE + REQUEST_COUNT", () => {
    expect(check("createEndpoint", gpuBody, context).resolved).toMatchObject({
      workers: { min: 0, max: 3, idleTimeout: 10 },
      flashboot: "OFF",
      timeout: 300000,
      gpu: { count: 1 },
    });
    const rc = check("createEndpoint", { ...gpuBody, scaling: { type: "REQUEST_COUNT", requestCount: 1 } }, context).resolved as {
      workers: Record<string, number>;
    };
    expect(rc.workers).toEqual({ min: 0, max: 3 });
  });

  it("PATCH: pools without excludedTypes clear the exclusions; omitting pools keeps both", () => {
    const current = {
      id: "ep",
      type: "QUEUE",
      gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA A40"], count: 1, allowedCudaVersions: [], minCudaVersion: null },
    };
    const repooled = check("updateEndpoint", { gpu: { pools: ["ADA_24"] } }, { ...context, current }).resolved as { gpu: Record<string, unknown> };
    expect(repooled.gpu.pools).toEqual(["ADA_24"]);
    expect(repooled.gpu.excludedTypes).toBeUndefined();
    const counted = check("updateEndpoint", { gpu: { count: 2 } }, { ...context, current }).resolved as { gpu: Record<string, unknown> };
    expect(counted.gpu).toMatchObject({ pools: ["AMPERE_48"], excludedTypes: ["NVIDIA A40"], count: 2 });
  });

  it("resolving is idempotent: checking the resolved body again resolves to itself", () => {
    const once = check("createEndpoint", { ...gpuBody, templateId: template.id }, context).resolved;
    const { templateId: _t, ...again } = once as Record<string, unknown>;
    expect(check("createEndpoint", again, context).resolved).toEqual(again);
  });
});
