// Property: any valid v1 endpoint or pod body migrates to a v2 body that passes lint, or the
// migration carries an error note naming the v1 field that blocks it. Fixed seed.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpointTable, type MappingTable, migrateRequest, podTable, type RequestMigration } from "../../migrate/index.js";
import { catalog } from "./helpers.js";

const SEED = 20261115;
const gpuIds = [...catalog.gpus.map((gpu) => gpu.id), "NVIDIA GeForce RTX 3070"];
const cudaVersions = ["11.8", "12.0", "12.4", "12.6", "12.8"];
const flavors = ["cpu3c", "cpu3g", "cpu5c", "cpu5g"];

/** A record of optional fields: each key present or absent. */
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });

const v1EndpointFields = {
  name: fc.string({ maxLength: 20 }),
  templateId: fc.constantFrom("tpl-1", "tpl-2"),
  computeType: fc.constantFrom("GPU", "CPU"),
  gpuTypeIds: fc.subarray(gpuIds, { minLength: 1, maxLength: 4 }),
  gpuCount: fc.integer({ min: 1, max: 8 }),
  allowedCudaVersions: fc.subarray(cudaVersions),
  minCudaVersion: fc.constantFrom(...cudaVersions),
  cpuFlavorIds: fc.subarray(flavors, { minLength: 1 }),
  vcpuCount: fc.integer({ min: 1, max: 64 }),
  workersMin: fc.integer({ min: 0, max: 5 }),
  workersMax: fc.integer({ min: 0, max: 10 }),
  idleTimeout: fc.integer({ min: 1, max: 3600 }),
  scalerType: fc.constantFrom("QUEUE_DELAY", "REQUEST_COUNT"),
  scalerValue: fc.integer({ min: 1, max: 100 }),
  flashboot: fc.boolean(),
  executionTimeoutMs: fc.integer({ min: 1000, max: 3_600_000 }),
  networkVolumeId: fc.constantFrom("nv-1", "nv-2"),
  networkVolumeIds: fc.array(fc.constantFrom("nv-1", "nv-2", "nv-3"), { maxLength: 3 }),
  dataCenterIds: fc.subarray(["EU-RO-1", "US-TX-3", "CA-MTL-1"]),
};
/** v1 EndpointCreateInput requires templateId; EndpointUpdateInput requires nothing. */
const v1EndpointCreate = fc.record(v1EndpointFields, { requiredKeys: ["templateId"] });
const v1EndpointUpdate = optional(v1EndpointFields);

const port = fc.tuple(fc.integer({ min: 1, max: 65535 }), fc.constantFrom("http", "tcp", "udp")).map(([number, protocol]) => `${number}/${protocol}`);
const v1Pod = optional({
  name: fc.string({ maxLength: 20 }),
  imageName: fc.constantFrom("ubuntu:24.04", "pytorch/pytorch:latest"),
  computeType: fc.constantFrom("GPU", "CPU"),
  gpuTypeIds: fc.subarray(gpuIds, { minLength: 1, maxLength: 3 }),
  gpuCount: fc.integer({ min: 1, max: 8 }),
  cpuFlavorIds: fc.subarray([...flavors, "cpu3m", "cpu5m"], { minLength: 1 }),
  vcpuCount: fc.integer({ min: 1, max: 32 }),
  containerDiskInGb: fc.option(fc.integer({ min: 0, max: 500 })),
  volumeInGb: fc.option(fc.integer({ min: 0, max: 500 })),
  volumeMountPath: fc.constantFrom("/workspace", "/data"),
  cloudType: fc.constantFrom("SECURE", "COMMUNITY"),
  dockerStartCmd: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  dockerEntrypoint: fc.array(fc.string({ maxLength: 8 }), { maxLength: 2 }),
  env: fc.dictionary(fc.stringMatching(/^[A-Z_]{1,8}$/), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  ports: fc.oneof(
    fc.array(port, { maxLength: 3 }),
    fc.array(port, { minLength: 1, maxLength: 3 }).map((ports) => ports.join(",")),
  ),
  containerRegistryAuthId: fc.constant("reg-1"),
  interruptible: fc.boolean(),
  locked: fc.boolean(),
  globalNetworking: fc.boolean(),
  countryCodes: fc.subarray(["US", "RO", "CA"]),
  dataCenterIds: fc.subarray(["EU-RO-1", "US-TX-3"]),
  gpuTypePriority: fc.constantFrom("availability", "custom"),
  minRAMPerGPU: fc.integer({ min: 1, max: 64 }),
  supportPublicIp: fc.boolean(),
  templateId: fc.constant("tpl-pod"),
  networkVolumeId: fc.constant("nv-1"),
});

/** The shared assertion: passes lint, or an error note names a v1 field of the table. */
function passesOrExplains(result: RequestMigration, table: MappingTable): void {
  expect(result.request).not.toBeNull();
  if (result.ok) {
    expect(result.lint?.ok).toBe(true);
    return;
  }
  const named = result.notes.filter((note) => note.level === "error" && note.field !== undefined && Object.hasOwn(table, note.field));
  expect(named, JSON.stringify({ notes: result.notes, violations: result.lint?.violations })).not.toEqual([]);
  // Every lint violation is accounted for by some error note.
  if (result.lint && !result.lint.ok) expect(result.notes.some((note) => note.level === "error")).toBe(true);
}

describe("arbitrary valid v1 bodies", () => {
  const context = { catalog };
  const cases = [
    ["endpoint create", "POST", "/endpoints", v1EndpointCreate, endpointTable],
    ["endpoint create without templateId", "POST", "/endpoints", v1EndpointUpdate, endpointTable],
    ["endpoint update", "PATCH", "/endpoints/ep-1", v1EndpointUpdate, endpointTable],
    ["pod create", "POST", "/pods", v1Pod, podTable],
  ] as const;
  it.each(cases)("%s: passes lint or names the blocking field", (_name, method, path, arbitrary, table) => {
    fc.assert(
      fc.property(arbitrary, (body) => passesOrExplains(migrateRequest({ method, path, body }, context), table)),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("produces some bodies that pass (the property is not vacuous)", () => {
    const samples = fc.sample(v1EndpointCreate, { seed: SEED, numRuns: 400 });
    const passing = samples.filter((body) => migrateRequest({ method: "POST", path: "/endpoints", body }, context).ok);
    expect(passing.length).toBeGreaterThan(10);
  });
});
