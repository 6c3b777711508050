// v1 pod bodies (PodCreateInput, PodUpdateInput, PodUpdateInPlaceInput) → CreatePodRequest /
// UpdatePodRequest. The spec shows the v2 pod body only as `name`, `image`, `gpu` {id, count},
// `cpu`, `mounts`, `cloud` and the container settings; fields it does not show are dropped with
// a warning rather than guessed.

import type { BodyKind, MappingTable, Note, TransformInput, TransformOutput } from "../types.js";
import { list, presentFields, stringList } from "./values.js";

const NOT_SHOWN = "the v2 pod body in the spec has no such field; add it back if /v2/openapi.json offers one";
const PLACEMENT = "v2 has no placement priority: the scheduler places pods";

/** v1 pods ran on GPUs unless `computeType: CPU`. */
function podIsCpu(body: Record<string, unknown>): boolean {
  return body.computeType === "CPU";
}

/** computeType, gpuTypeIds, gpuCount, cpuFlavorIds, vcpuCount → `gpu: {id, count}` or `cpu`. */
export function podGpuOrCpu({ body, mode }: TransformInput): TransformOutput {
  const notes: Note[] = [];
  if (body.computeType !== undefined) {
    notes.push({ level: "info", field: "computeType", message: "v2 has no computeType: a GPU pod sets `gpu`, a CPU pod sets `cpu`" });
  }
  if (podIsCpu(body)) {
    for (const field of presentFields(body, ["gpuTypeIds", "gpuCount"])) {
      notes.push({ level: "warning", field, message: "dropped: a CPU pod has no GPU settings" });
    }
    const cpu: Record<string, unknown> = {};
    for (const field of presentFields(body, ["cpuFlavorIds", "vcpuCount"])) cpu[field] = body[field];
    notes.push({
      level: "warning",
      field: "computeType",
      message: "the v2 pod `cpu` shape is not shown in the spec: the v1 fields were moved under `cpu` unchanged; check them against /v2/openapi.json",
    });
    return { set: [["/cpu", cpu]], notes };
  }
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
  const count = body.gpuCount === undefined || body.gpuCount === null ? 1 : body.gpuCount;
  return { set: [["/gpu", { id: first, count }]], notes };
}

/** volumeInGb, volumeMountPath, networkVolumeId → `mounts`, whose shape the spec does not show. */
export function podMounts({ body }: TransformInput): TransformOutput {
  const fields = presentFields(body, ["volumeInGb", "volumeMountPath", "networkVolumeId"]);
  if (fields.length === 0) return {};
  const mounts: Record<string, unknown> = {};
  for (const field of fields) mounts[field] = body[field];
  return {
    set: [["/mounts", mounts]],
    notes: [
      {
        level: "warning",
        field: fields[0] as string,
        message: `the v2 \`mounts\` shape is not shown in the spec: ${fields.join(", ")} were moved under \`mounts\` unchanged; check them against /v2/openapi.json`,
      },
    ],
  };
}

/** v1 documents `ports` as a list but defaults it to a comma-separated string; v2 takes a list. */
export function portList({ body }: TransformInput): TransformOutput {
  const ports = body.ports;
  if (typeof ports === "string") {
    const items = ports
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== "");
    return { set: [["/ports", items]], notes: [{ level: "info", field: "ports", message: "comma-separated string split into a list" }] };
  }
  if (ports === null || ports === undefined) return {};
  return { set: [["/ports", ports]] };
}

export const podTable: MappingTable = {
  name: { to: "/name", how: "rename", note: "same meaning" },
  imageName: { to: "/image", how: "rename", note: "renamed" },
  computeType: { to: null, how: "custom", note: "v2 sets `gpu` or `cpu` instead", transform: podGpuOrCpu },
  gpuTypeIds: { to: "/gpu/id", how: "custom", note: "one GPU type: the first", transform: podGpuOrCpu },
  gpuCount: { to: "/gpu/count", how: "custom", note: "nested under `gpu`", transform: podGpuOrCpu },
  cpuFlavorIds: { to: "/cpu", how: "custom", note: "nested under `cpu` (shape not shown)", transform: podGpuOrCpu },
  vcpuCount: { to: "/cpu", how: "custom", note: "nested under `cpu` (shape not shown)", transform: podGpuOrCpu },
  containerDiskInGb: { to: "/disk", how: "rename", note: "renamed" },
  volumeInGb: { to: "/mounts", how: "custom", note: "under `mounts` (shape not shown)", transform: podMounts },
  volumeMountPath: { to: "/mounts", how: "custom", note: "under `mounts` (shape not shown)", transform: podMounts },
  networkVolumeId: { to: "/mounts", how: "custom", note: "under `mounts` (shape not shown)", transform: podMounts },
  cloudType: { to: "/cloud", how: "rename", note: "renamed; SECURE is still the default" },
  dockerStartCmd: { to: "/cmd", how: "rename", note: "container CMD in exec form" },
  dockerEntrypoint: { to: "/entrypoint", how: "rename", note: "container ENTRYPOINT in exec form" },
  env: { to: "/env", how: "rename", note: "same object of strings" },
  ports: { to: "/ports", how: "custom", note: "a list of `<port>/<protocol>`", transform: portList },
  containerRegistryAuthId: { to: "/registry", how: "rename", note: "renamed" },
  templateId: { to: null, how: "drop", note: `${NOT_SHOWN} (then drop imageName only if the template names the image)` },
  dataCenterIds: { to: null, how: "drop", note: NOT_SHOWN },
  allowedCudaVersions: { to: null, how: "drop", note: `v2 pod \`gpu\` fields beyond id and count are not shown in the spec; ${NOT_SHOWN}` },
  countryCodes: { to: null, how: "drop", note: NOT_SHOWN },
  globalNetworking: { to: null, how: "drop", note: NOT_SHOWN },
  interruptible: { to: null, how: "drop", note: `${NOT_SHOWN}; without it the pod is not interruptible` },
  locked: { to: null, how: "drop", note: NOT_SHOWN },
  minDiskBandwidthMBps: { to: null, how: "drop", note: NOT_SHOWN },
  minDownloadMbps: { to: null, how: "drop", note: NOT_SHOWN },
  minUploadMbps: { to: null, how: "drop", note: NOT_SHOWN },
  minRAMPerGPU: { to: null, how: "drop", note: NOT_SHOWN },
  minVCPUPerGPU: { to: null, how: "drop", note: NOT_SHOWN },
  supportPublicIp: { to: null, how: "drop", note: NOT_SHOWN },
  cpuFlavorPriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
  dataCenterPriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
  gpuTypePriority: { to: null, how: "drop", note: PLACEMENT, level: "info" },
};

/** v2 requires `name` and `image` on create, and one of `gpu`/`cpu`. */
function podCreateRequirements({ body, mode }: TransformInput, v2: Record<string, unknown>): TransformOutput {
  if (mode !== "create") return {};
  const set: [string, unknown][] = [];
  const notes: Note[] = [];
  if (v2.name === undefined) {
    set.push(["/name", "my pod"]);
    notes.push({ level: "info", field: "name", message: 'not set: the v1 default "my pod" is written out (v2 requires a name)' });
  }
  if (v2.image === undefined) {
    notes.push({ level: "error", field: "imageName", message: "v2 requires `image` on a pod: name the container image" });
  }
  if (presentFields(body, ["computeType", "gpuTypeIds", "gpuCount", "cpuFlavorIds", "vcpuCount"]).length === 0) {
    notes.push({ level: "error", field: "gpuTypeIds", message: "v2 needs `gpu` or `cpu`: name the GPU type (gpuTypeIds) or set computeType CPU" });
  }
  return { set, notes };
}

export const podBody: BodyKind = { name: "pod", table: podTable, finish: podCreateRequirements };
