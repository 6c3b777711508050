// Custom transforms of the endpoint table: the v1 fields whose v2 form depends on other fields.

import { selectPools } from "../gpu-selection.js";
import type { Note, TransformInput, TransformOutput } from "../types.js";
import { list, presentFields, stringList } from "./values.js";

const GPU_FIELDS = ["gpuTypeIds", "gpuCount", "allowedCudaVersions", "minCudaVersion"] as const;
const CPU_FIELDS = ["cpuFlavorIds", "vcpuCount"] as const;
/** v1 defaults (v1 document, EndpointCreateInput). */
export const V1_DEFAULTS = { scalerType: "QUEUE_DELAY", scalerValue: 4, idleTimeout: 5, vcpuCount: 2 } as const;

/** v1 chose GPU unless `computeType: CPU`; an update (no computeType) that names flavors is a CPU update. */
export function isCpuBody(body: Record<string, unknown>): boolean {
  if (body.computeType !== undefined) return body.computeType === "CPU";
  return body.cpuFlavorIds !== undefined && body.gpuTypeIds === undefined;
}

const dropped = (fields: readonly string[], why: string, level: Note["level"] = "warning"): Note[] =>
  fields.map((field) => ({ level, field, message: `dropped: ${why}` }));

/** computeType, gpuTypeIds, gpuCount, CUDA, cpuFlavorIds, vcpuCount → `gpu` or `cpu[]`. */
export function gpuOrCpuWorkers(input: TransformInput): TransformOutput {
  const { body } = input;
  const notes: Note[] = [];
  if (body.computeType !== undefined && body.computeType !== "GPU" && body.computeType !== "CPU") {
    return { notes: [{ level: "error", field: "computeType", message: `must be GPU or CPU, not ${JSON.stringify(body.computeType)}` }] };
  }
  if (body.computeType !== undefined) {
    notes.push({ level: "info", field: "computeType", message: "v2 has no computeType: a GPU endpoint sets `gpu`, a CPU endpoint sets `cpu`" });
  }
  const out = isCpuBody(body) ? cpuWorkers(input) : gpuTypesToPools(input);
  return { set: out.set, notes: [...notes, ...(out.notes ?? [])] };
}

/** The words of a `gpuTypeIds` note whose pools the bundled snapshot chose (`migrate scan --unsafe-fixes` says each on stderr). */
export const FROM_SNAPSHOT = "in the bundled catalog snapshot of";

/** Spec "Create a serverless endpoint", rule 14, plus `gpuCount` and the CUDA constraints. */
export function gpuTypesToPools({ body, mode, context }: TransformInput): TransformOutput {
  const set: [string, unknown][] = [];
  const notes = dropped(presentFields(body, CPU_FIELDS), "a GPU endpoint has no CPU flavors", "info");
  const typeIds = body.gpuTypeIds;
  if (typeIds !== undefined && typeIds !== null) {
    const ids = stringList(typeIds);
    const gpus = context.catalog?.gpus;
    if (!ids || ids.length === 0) {
      notes.push({ level: "error", field: "gpuTypeIds", message: "must list at least one GPU type id to choose `gpu.pools` from" });
    } else if (!gpus) {
      notes.push({ level: "error", field: "gpuTypeIds", message: "needs the GPU catalog to find pools: pass --catalog gpus.json" });
    } else {
      const selection = selectPools(ids, gpus);
      if (selection.unknown.length > 0) {
        notes.push({
          level: "error",
          field: "gpuTypeIds",
          message: `${list(selection.unknown)} not in the GPU catalog: choose listed types or pass a current catalog with --catalog`,
        });
      }
      if (selection.outsidePools.length > 0) {
        notes.push({
          level: "error",
          field: "gpuTypeIds",
          message: `${list(selection.outsidePools)} in no serverless pool: v2 serverless cannot select it; choose a card that has a pool`,
        });
      }
      if (selection.pools.length > 0) {
        set.push(["/gpu/pools", selection.pools]);
        if (selection.excludedTypes.length > 0) set.push(["/gpu/excludedTypes", selection.excludedTypes]);
        const excluding = selection.excludedTypes.length > 0 ? `, excluding ${list(selection.excludedTypes)}` : " (whole pools)";
        const from =
          context.snapshot === undefined
            ? ""
            : ` ${FROM_SNAPSHOT} ${context.snapshot} (no --catalog given): check them against \`GET /v2/catalog/gpus\`, or pass --catalog`;
        notes.push({ level: "info", field: "gpuTypeIds", message: `pools ${list(selection.pools)}${excluding} select exactly the v1 types${from}` });
      }
    }
  } else if (mode === "create") {
    notes.push({ level: "error", field: "gpuTypeIds", message: "v2 needs `gpu.pools`: name the GPU types the endpoint may use" });
  }
  if (body.gpuCount !== undefined && body.gpuCount !== null) set.push(["/gpu/count", body.gpuCount]);
  const allowed = body.allowedCudaVersions;
  const floor = body.minCudaVersion;
  if (allowed !== undefined && allowed !== null) set.push(["/gpu/allowedCudaVersions", allowed]);
  if (floor !== undefined && floor !== null) set.push(["/gpu/minCudaVersion", floor]);
  if (Array.isArray(allowed) && allowed.length > 0 && floor !== undefined && floor !== null) {
    notes.push({
      level: "error",
      field: "minCudaVersion",
      message: `v2 forbids a non-empty allowedCudaVersions with minCudaVersion: keep allowedCudaVersions (exactly ${list(stringList(allowed) ?? [])}) or minCudaVersion (${JSON.stringify(floor)} and above), and remove the other`,
    });
  }
  return { set, notes };
}

/** Spec "CPU config": one `{id, vcpuCount}` per v1 flavor, the v1 vCPU count for each. */
export function cpuWorkers({ body, mode }: TransformInput): TransformOutput {
  const notes = dropped(presentFields(body, GPU_FIELDS), "a CPU endpoint has no GPU settings (v2 rejects CUDA constraints on CPU)");
  const flavors = stringList(body.cpuFlavorIds);
  if (!flavors || flavors.length === 0) {
    const message =
      mode === "create" || body.cpuFlavorIds !== undefined
        ? "v2 needs at least one `cpu[]` entry: name the CPU flavors"
        : "v2 replaces the whole `cpu` list: restate the flavors with cpuFlavorIds";
    return { notes: [...notes, { level: "error", field: "cpuFlavorIds", message }] };
  }
  let vcpuCount = body.vcpuCount;
  if (vcpuCount === undefined || vcpuCount === null) {
    vcpuCount = V1_DEFAULTS.vcpuCount;
    notes.push({ level: "info", field: "vcpuCount", message: `not set: the v1 default ${vcpuCount} is written into each cpu[] entry` });
  }
  const unique = [...new Set(flavors)];
  if (unique.length < flavors.length) {
    notes.push({ level: "info", field: "cpuFlavorIds", message: "repeated flavors listed once (v2 rejects duplicate cpu[] entries)" });
  }
  return { set: [["/cpu", unique.map((id) => ({ id, vcpuCount }))]], notes };
}

/** scalerType + scalerValue → the `scaling` variant. */
export function scalerToScaling({ body, mode }: TransformInput): TransformOutput {
  const notes: Note[] = [];
  let type = body.scalerType;
  if (type === undefined || type === null) {
    if (mode === "update") {
      return { notes: [{ level: "error", field: "scalerValue", message: "v2 sets `scaling` as one object: restate scalerType with scalerValue" }] };
    }
    type = V1_DEFAULTS.scalerType;
    notes.push({ level: "info", field: "scalerType", message: `not set: the v1 default ${type} is written out` });
  }
  if (type !== "QUEUE_DELAY" && type !== "REQUEST_COUNT") {
    return { notes: [{ level: "error", field: "scalerType", message: `must be QUEUE_DELAY or REQUEST_COUNT, not ${JSON.stringify(type)}` }] };
  }
  let value = body.scalerValue;
  if (value === undefined || value === null) {
    value = V1_DEFAULTS.scalerValue;
    notes.push(
      mode === "create"
        ? { level: "info", field: "scalerValue", message: `not set: the v1 default ${value} is written out` }
        : {
            level: "warning",
            field: "scalerValue",
            message: `not set: v2 needs the value with the type, so the v1 default ${value} was used; restate the current value if it differs`,
          },
    );
  }
  const scaling = type === "QUEUE_DELAY" ? { type, queueDelay: value } : { type, requestCount: value };
  return { set: [["/scaling", scaling]], notes };
}

/** Spec "Workers": no idleTimeout for a QUEUE endpoint scaling on REQUEST_COUNT. */
export function idleTimeoutForScaler({ body }: TransformInput): TransformOutput {
  if (body.idleTimeout === undefined || body.idleTimeout === null) return {};
  if (body.scalerType === "REQUEST_COUNT") {
    return {
      notes: [{ level: "warning", field: "idleTimeout", message: "dropped: v2 rejects workers.idleTimeout on a QUEUE endpoint scaling on REQUEST_COUNT" }],
    };
  }
  return { set: [["/workers/idleTimeout", body.idleTimeout]] };
}

export function flashbootMode({ body }: TransformInput): TransformOutput {
  if (body.flashboot === true) return { set: [["/flashboot", "FLASHBOOT"]] };
  if (body.flashboot === false) return { set: [["/flashboot", "OFF"]] };
  if (body.flashboot === null) return {};
  return { notes: [{ level: "error", field: "flashboot", message: `must be true or false, not ${JSON.stringify(body.flashboot)}` }] };
}

/** networkVolumeId and networkVolumeIds → one `networkVolumes` list. */
export function networkVolumeList({ body }: TransformInput): TransformOutput {
  const one = typeof body.networkVolumeId === "string" ? [body.networkVolumeId] : [];
  const many = stringList(body.networkVolumeIds) ?? [];
  const notes: Note[] = [];
  if (body.networkVolumeIds !== undefined && body.networkVolumeIds !== null && !stringList(body.networkVolumeIds)) {
    notes.push({ level: "error", field: "networkVolumeIds", message: "must be a list of network volume ids" });
  }
  if (one.length > 0 && many.length > 0) {
    notes.push({ level: "info", field: "networkVolumeId", message: "merged with networkVolumeIds into one `networkVolumes` list" });
  }
  const volumes = [...new Set([...one, ...many])];
  return volumes.length > 0 ? { set: [["/networkVolumes", volumes]], notes } : { notes };
}
