// v1 pod bodies (PodCreateInput, PodUpdateInput, PodUpdateInPlaceInput) → CreatePodRequest /
// UpdatePodRequest. The spec names `name`, `image`, `gpu` {id, count}, `cpu`, `mounts`, `cloud`
// and the container settings; the shapes of `cpu` and `mounts` and the other v2 fields come from
// the published v2 document (docs/schema-sources.md). v1 fields that neither has are dropped
// with a note rather than guessed.

import type { BodyKind, MappingTable, Note, TransformInput, TransformOutput } from "../types.js";
import { podMounts, V1_DEFAULT_VOLUME_NOTE } from "./pod-mounts.js";
import { list, presentFields, stringList } from "./values.js";
import { containerArgs } from "./container-args.js";

const NO_V2 = "neither the spec nor the published v2 document has this pod field";
const PLACEMENT = "v2 has no placement priority: the scheduler places pods";

/** v1 pods ran on GPUs unless `computeType: CPU`. */
function podIsCpu(body: Record<string, unknown>): boolean {
  return body.computeType === "CPU";
}

/** cpuFlavorIds, vcpuCount → `cpu: {id, vcpuCount}` (one flavor; v1 listed fallbacks). */
function podCpu(body: Record<string, unknown>, notes: Note[]): TransformOutput {
  for (const field of presentFields(body, ["gpuTypeIds", "gpuCount", "allowedCudaVersions"])) {
    notes.push({ level: "warning", field, message: "dropped: a CPU pod has no GPU settings" });
  }
  const flavors = stringList(body.cpuFlavorIds) ?? [];
  const [first] = flavors;
  if (first === undefined) {
    notes.push({ level: "error", field: "cpuFlavorIds", message: "v2 needs `cpu.id`: name the CPU flavor the pod runs on" });
    return { notes };
  }
  if (flavors.length > 1) {
    notes.push({
      level: "warning",
      field: "cpuFlavorIds",
      message: `v2 pods take one CPU flavor: chose the first, ${JSON.stringify(first)}; v1 could fall back to ${list(flavors.slice(1))}`,
    });
  }
  // v1 documents vcpuCount's default as 2; v2 requires the count, so the default is written out.
  let vcpuCount = body.vcpuCount;
  if (vcpuCount === undefined || vcpuCount === null) {
    vcpuCount = 2;
    notes.push({ level: "info", field: "vcpuCount", message: "not set: the v1 default 2 is written out (v2 requires `cpu.vcpuCount`)" });
  }
  return { set: [["/cpu", { id: first, vcpuCount }]], notes };
}

/** computeType, gpuTypeIds, gpuCount, allowedCudaVersions, cpuFlavorIds, vcpuCount → `gpu` or `cpu`. */
export function podGpuOrCpu({ body, mode }: TransformInput): TransformOutput {
  const notes: Note[] = [];
  if (body.computeType !== undefined) {
    notes.push({ level: "info", field: "computeType", message: "v2 has no computeType: a GPU pod sets `gpu`, a CPU pod sets `cpu`" });
  }
  if (podIsCpu(body)) return podCpu(body, notes);
  for (const field of presentFields(body, ["cpuFlavorIds", "vcpuCount"])) {
    notes.push({ level: "info", field, message: "dropped: a GPU pod has no CPU flavor settings" });
  }
  const ids = stringList(body.gpuTypeIds);
  if (!ids || ids.length === 0) {
    if (mode === "create" || body.gpuTypeIds !== undefined) {
      notes.push({ level: "error", field: "gpuTypeIds", message: "v2 needs `gpu.id`: name the GPU type the pod runs on" });
    }
    if (body.gpuCount !== undefined && mode === "update") {
      notes.push({ level: "error", field: "gpuCount", message: "v2 sets `gpu` as {id, count}: restate the GPU type with gpuTypeIds" });
    }
    return { notes };
  }
  const [first] = ids as [string, ...string[]];
  if (ids.length > 1) {
    notes.push({
      level: "warning",
      field: "gpuTypeIds",
      message: `v2 pods take one GPU type: chose the first, ${JSON.stringify(first)}; v1 could fall back to ${list(ids.slice(1))}`,
    });
  }
  const gpu: Record<string, unknown> = { id: first, count: body.gpuCount === undefined || body.gpuCount === null ? 1 : body.gpuCount };
  const cuda = stringList(body.allowedCudaVersions);
  if (cuda && cuda.length > 0) gpu.allowedCudaVersions = cuda;
  return { set: [["/gpu", gpu]], notes };
}

/** `locked` exists on the v2 pod update body only (published v2 document). */
function podLocked({ body, mode }: TransformInput): TransformOutput {
  if (mode === "update") return { set: [["/locked", body.locked]] };
  return { notes: [{ level: "warning", field: "locked", message: "dropped: a v2 pod is locked by an update (`locked` on PATCH), not on create" }] };
}

/** v1 documents `ports` as a list but defaults it to a comma-separated string; v2 takes a list. */
export function portList({ body }: TransformInput): TransformOutput {
  const ports = body.ports;
  if (typeof ports === "string") {
    const items = ports
      .split(",")
      .map((port) => port.trim())
      .filter((port) => port !== "");
    return { set: [["/ports", items]], notes: [{ level: "info", field: "ports", message: "comma-separated string split into a list" }] };
  }
  if (ports === null || ports === undefined) return {};
  return { set: [["/ports", ports]] };
}

const gpuOrCpu = { how: "custom", transform: podGpuOrCpu } as const;
const mounts = { how: "custom", transform: podMounts } as const;

export const podTable: MappingTable = {
  name: { to: "/name", how: "rename", note: "same meaning" },
  imageName: { to: "/image", how: "rename", note: "renamed" },
  computeType: { to: null, ...gpuOrCpu, note: "v2 sets `gpu` or `cpu` instead" },
  gpuTypeIds: { to: "/gpu/id", ...gpuOrCpu, note: "one GPU type: the first" },
  gpuCount: { to: "/gpu/count", ...gpuOrCpu, note: "nested under `gpu`" },
  allowedCudaVersions: { to: "/gpu/allowedCudaVersions", ...gpuOrCpu, note: "nested under `gpu`" },
  cpuFlavorIds: { to: "/cpu/id", ...gpuOrCpu, note: "one CPU flavor: the first" },
  vcpuCount: { to: "/cpu/vcpuCount", ...gpuOrCpu, note: "nested under `cpu`" },
  containerDiskInGb: { to: "/disk", how: "rename", note: "renamed" },
  volumeInGb: { to: "/mounts/persistent/size", ...mounts, note: "the pod volume: `mounts.persistent`" },
  volumeMountPath: { to: "/mounts/persistent/path", ...mounts, note: "the mount path of the pod or network volume" },
  networkVolumeId: { to: "/mounts/network/0/volumeId", ...mounts, note: "`mounts.network[0]`" },
  cloudType: { to: "/cloud", how: "rename", note: "renamed; SECURE is still the default" },
  dockerStartCmd: { to: "/args", how: "custom", note: "container CMD: the `cmd` list of v2 `args` (JSON-object form)", transform: containerArgs },
  dockerEntrypoint: {
    to: "/args",
    how: "custom",
    note: "container ENTRYPOINT: the `entrypoint` list of v2 `args` (JSON-object form)",
    transform: containerArgs,
  },
  env: { to: "/env", how: "rename", note: "same object of strings" },
  ports: { to: "/ports", how: "custom", note: "a list of `<port>/<protocol>`", transform: portList },
  containerRegistryAuthId: { to: "/registry", how: "rename", note: "renamed" },
  templateId: { to: "/templateId", how: "rename", note: "same meaning" },
  dataCenterIds: { to: "/dataCenterIds", how: "rename", note: "same meaning" },
  globalNetworking: { to: "/globalNetworking", how: "rename", note: "same meaning" },
  locked: { to: "/locked", how: "custom", note: "update only", transform: podLocked },
  countryCodes: { to: null, how: "drop", note: NO_V2 },
  interruptible: { to: null, how: "drop", note: `${NO_V2}; without it the pod is not interruptible` },
  minDiskBandwidthMBps: { to: null, how: "drop", note: NO_V2 },
  minDownloadMbps: { to: null, how: "drop", note: NO_V2 },
  minUploadMbps: { to: null, how: "drop", note: NO_V2 },
  minRAMPerGPU: { to: null, how: "drop", note: NO_V2 },
  minVCPUPerGPU: { to: null, how: "drop", note: NO_V2 },
  supportPublicIp: { to: null, how: "drop", note: NO_V2 },
  cpuFlavorPriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
  dataCenterPriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
  gpuTypePriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
};

/** v2 requires `name` and `image` on create (spec, Other v2 routes), and one of `gpu`/`cpu`. */
function podCreateRequirements({ body, mode }: TransformInput, v2: Record<string, unknown>): TransformOutput {
  if (mode !== "create") return {};
  const set: [string, unknown][] = [];
  const notes: Note[] = [];
  if (v2.name === undefined) {
    set.push(["/name", "my pod"]);
    notes.push({ level: "info", field: "name", message: 'not set: the v1 default "my pod" is written out (v2 requires a name)' });
  }
  if (v2.image === undefined) {
    const why = v2.templateId === undefined ? "" : " (also with `templateId`: the spec requires `image` on every pod create)";
    notes.push({ level: "error", field: "imageName", message: `v2 requires \`image\` on a pod${why}: name the container image` });
  }
  if (presentFields(body, ["volumeInGb", "volumeMountPath", "networkVolumeId"]).length === 0) notes.push({ ...V1_DEFAULT_VOLUME_NOTE });
  if (presentFields(body, ["computeType", "gpuTypeIds", "gpuCount", "cpuFlavorIds", "vcpuCount"]).length === 0) {
    notes.push({ level: "error", field: "gpuTypeIds", message: "v2 needs `gpu` or `cpu`: name the GPU type (gpuTypeIds) or set computeType CPU" });
  }
  return { set, notes };
}

export const podBody: BodyKind = { name: "pod", table: podTable, finish: podCreateRequirements };
