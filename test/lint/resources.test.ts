// Pods, templates, registries and the other operations the bundled schema takes from the
// published v2 document (docs/schema-sources.md): valid bodies pass, the bounds and closed shapes
// the service has are enforced, and the spec's cross-field rules apply.

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded

const pod = { name: "trainer", image: "example/pytorch:2.4", gpu: { id: "NVIDIA A40", count: 1 } };
const template = { name: "notebook", image: "example/pytorch:2.4" };

interface Case {
  name: string;
  operation: string;
  body: unknown;
  status: number | null;
  /** Where the first violation points, when the body is invalid. */
  at?: string;
  rule?: string;
}

const cases: Case[] = [
  // network volumes: the published floor of 10 GB (docs/schema-sources.md), the spec's 4 TB ceiling
  { name: "volume of 10 GB", operation: "createNetworkVolume", body: { name: "data", size: 10, dataCenter: "EU-RO-1" }, status: null },
  {
    name: "volume of 5 GB",
    operation: "createNetworkVolume",
    body: { name: "data", size: 5, dataCenter: "EU-RO-1" },
    status: 422,
    at: "/size",
    rule: "schema/minimum",
  },
  {
    name: "volume of 5 TB",
    operation: "createNetworkVolume",
    body: { name: "data", size: 5000, dataCenter: "EU-RO-1" },
    status: 422,
    at: "/size",
    rule: "schema/maximum",
  },
  { name: "volume resized to 5 GB", operation: "updateNetworkVolume", body: { size: 5 }, status: 422, at: "/size", rule: "schema/minimum" },
  // createPod
  { name: "GPU pod", operation: "createPod", body: pod, status: null },
  { name: "CPU pod", operation: "createPod", body: { name: "c", image: "i:1", cpu: { id: "cpu5c", vcpuCount: 4 } }, status: null },
  {
    name: "pod with persistent and network mounts, templateId and placement",
    operation: "createPod",
    body: {
      ...pod,
      templateId: "tpl-pod",
      dataCenterIds: ["EU-RO-1"],
      globalNetworking: true,
      startSsh: true,
      mounts: { persistent: { size: 20, path: "/workspace" }, network: [{ volumeId: "nv-1", path: "/data" }] },
    },
    status: null,
  },
  {
    name: "persistent volume below 10 GB",
    operation: "createPod",
    body: { ...pod, mounts: { persistent: { size: 5, path: "/w" } } },
    status: 422,
    at: "/mounts/persistent/size",
    rule: "schema/minimum",
  },
  {
    name: "persistent volume without a path",
    operation: "createPod",
    body: { ...pod, mounts: { persistent: { size: 20 } } },
    status: 422,
    at: "/mounts/persistent/path",
    rule: "schema/required",
  },
  { name: "the invented v1-style mounts shape", operation: "createPod", body: { ...pod, mounts: { volumeInGb: 20 } }, status: 422, at: "/mounts/volumeInGb" },
  {
    name: "two network volumes",
    operation: "createPod",
    body: {
      ...pod,
      mounts: {
        network: [
          { volumeId: "a", path: "/a" },
          { volumeId: "b", path: "/b" },
        ],
      },
    },
    status: 422,
    at: "/mounts/network",
    rule: "schema/maxItems",
  },
  {
    name: "the invented cpu shape",
    operation: "createPod",
    body: { name: "c", image: "i:1", cpu: { cpuFlavorIds: ["cpu5c"], vcpuCount: 4 } },
    status: 422,
    at: "/cpu/cpuFlavorIds",
  },
  {
    name: "unknown pod field",
    operation: "createPod",
    body: { ...pod, interruptible: true },
    status: 422,
    at: "/interruptible",
    rule: "schema/unevaluatedProperties",
  },
  { name: "both gpu and cpu", operation: "createPod", body: { ...pod, cpu: { id: "cpu5c", vcpuCount: 4 } }, status: 400, rule: "pod-gpu-cpu-exactly-one" },
  {
    name: "a pool id as the pod's GPU type",
    operation: "createPod",
    body: { ...pod, gpu: { id: "AMPERE_48" } },
    status: 400,
    at: "/gpu/id",
    rule: "pod-gpu-type-known",
  },
  { name: "image missing (the spec requires it)", operation: "createPod", body: { name: "p", templateId: "tpl-pod", gpu: pod.gpu }, status: 422, at: "/image" },
  // updatePod
  { name: "rename and lock a pod", operation: "updatePod", body: { name: "n", locked: true }, status: null },
  {
    name: "pod update with a bad mount",
    operation: "updatePod",
    body: { mounts: { persistent: { size: 1, path: "/w" } } },
    status: 422,
    at: "/mounts/persistent/size",
  },
  // templates
  {
    name: "pod template",
    operation: "createTemplate",
    body: { ...template, category: "NVIDIA", mounts: { persistent: { size: 20, path: "/workspace" } }, startSsh: true, startJupyter: false, public: false },
    status: null,
  },
  { name: "serverless template", operation: "createTemplate", body: { ...template, serverless: true, allowedCudaVersions: ["12.4"] }, status: null },
  { name: "template without image", operation: "createTemplate", body: { name: "t" }, status: 422, at: "/image", rule: "schema/required" },
  {
    name: "template category outside the enum",
    operation: "createTemplate",
    body: { ...template, category: "TPU" },
    status: 422,
    at: "/category",
    rule: "schema/enum",
  },
  {
    name: "serverless template with a pod volume",
    operation: "createTemplate",
    body: { ...template, serverless: true, mounts: { persistent: { size: 20, path: "/w" } } },
    status: 400,
    at: "/mounts/persistent",
    rule: "serverless-template-no-volume",
  },
  { name: "GraphQL field name in a REST template", operation: "createTemplate", body: { ...template, isPublic: true }, status: 422, at: "/isPublic" },
  { name: "rename a template", operation: "updateTemplate", body: { name: "t2" }, status: null },
  // registries, clusters, account
  { name: "registry credentials", operation: "createRegistry", body: { name: "hub", username: "me", password: "s3cret" }, status: null },
  {
    name: "registry without password",
    operation: "createRegistry",
    body: { name: "hub", username: "me" },
    status: 422,
    at: "/password",
    rule: "schema/required",
  },
  { name: "cluster rename", operation: "updateCluster", body: { name: "c2" }, status: null },
  { name: "empty cluster update", operation: "updateCluster", body: {}, status: 422, rule: "schema/minProperties" },
  { name: "SSH keys", operation: "updateSshKeys", body: { keys: ["ssh-ed25519 AAAAC3Nza me@host"] }, status: null },
  { name: "not an SSH key", operation: "updateSshKeys", body: { keys: ["hello"] }, status: 422, at: "/keys/0", rule: "schema/pattern" },
];

describe("lint of the resource operations", () => {
  test.each(cases)("$operation: $name", ({ operation, body, status, at, rule }) => {
    const result = lint(body, { operation });
    expect(result.status, JSON.stringify(result.violations)).toBe(status);
    expect(result.ok).toBe(status === null);
    if (at !== undefined) expect(result.violations.map((violation) => violation.path)).toContain(at);
    if (rule !== undefined) expect(result.violations.map((violation) => violation.rule)).toContain(rule);
  });

  test("the CLI rejects `mounts.persistent.size: 5` with 422 and points at it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-resources-"));
    const file = path.join(dir, "pod.json");
    writeFileSync(file, JSON.stringify({ ...pod, mounts: { persistent: { size: 5, path: "/workspace" } } }));
    const cli = path.resolve(import.meta.dirname, "../../dist/cli/v2kit.js");
    const run = (): { status: number; stdout: string } => {
      try {
        return { status: 0, stdout: execFileSync(process.execPath, [cli, "lint", "--operation", "createPod", "--format", "json", file], { encoding: "utf8" }) };
      } catch (error) {
        return error as { status: number; stdout: string };
      }
    };
    const { status, stdout } = run();
    expect(status).toBe(1);
    const verdict = JSON.parse(stdout) as { status: number; violations: { path: string; message: string }[] };
    expect(verdict.status).toBe(422);
    expect(verdict.violations[0]).toMatchObject({ path: "/mounts/persistent/size", message: "must be >= 10" });
  });
});
