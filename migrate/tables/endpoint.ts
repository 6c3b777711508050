// v1 endpoint bodies (EndpointCreateInput, EndpointUpdateInput, EndpointUpdateInPlaceInput of
// the v1 document) → CreateEndpointRequest / UpdateEndpointRequest. Spec "Versioning".

import type { BodyKind, MappingTable, Note, TransformInput, TransformOutput } from "../types.js";
import { V1_DEFAULTS, flashbootMode, gpuOrCpuWorkers, idleTimeoutForScaler, networkVolumeList, scalerToScaling } from "./endpoint-transforms.js";
import { presentFields } from "./values.js";

export const endpointTable: MappingTable = {
  name: { to: "/name", how: "rename", note: "same meaning" },
  templateId: { to: "/templateId", how: "rename", note: "optional in v2 (v1 create required it)" },
  computeType: { to: null, how: "custom", note: "v2 sets `gpu` or `cpu` instead", transform: gpuOrCpuWorkers },
  gpuTypeIds: { to: "/gpu/pools", how: "custom", note: "pools holding the types, minus the other types of those pools", transform: gpuOrCpuWorkers },
  gpuCount: { to: "/gpu/count", how: "custom", note: "GPUs per worker; GPU endpoints only", transform: gpuOrCpuWorkers },
  allowedCudaVersions: { to: "/gpu/allowedCudaVersions", how: "custom", note: "CUDA lives inside `gpu`", transform: gpuOrCpuWorkers },
  minCudaVersion: { to: "/gpu/minCudaVersion", how: "custom", note: "CUDA lives inside `gpu`", transform: gpuOrCpuWorkers },
  cpuFlavorIds: { to: "/cpu", how: "custom", note: "one `{id, vcpuCount}` per flavor", transform: gpuOrCpuWorkers },
  vcpuCount: { to: "/cpu/*/vcpuCount", how: "custom", note: "written into every cpu[] entry", transform: gpuOrCpuWorkers },
  workersMin: { to: "/workers/min", how: "nest", note: "nested under `workers`" },
  workersMax: { to: "/workers/max", how: "nest", note: "nested under `workers`" },
  idleTimeout: { to: "/workers/idleTimeout", how: "custom", note: "nested under `workers`; not allowed with REQUEST_COUNT", transform: idleTimeoutForScaler },
  scalerType: { to: "/scaling/type", how: "custom", note: "selects the `scaling` variant", transform: scalerToScaling },
  scalerValue: { to: "/scaling", how: "custom", note: "queueDelay or requestCount, by scaler type", transform: scalerToScaling },
  flashboot: { to: "/flashboot", how: "custom", note: "true → FLASHBOOT, false → OFF", transform: flashbootMode },
  executionTimeoutMs: { to: "/timeout", how: "rename", note: "milliseconds in both" },
  networkVolumeId: { to: "/networkVolumes", how: "custom", note: "one list of volume ids", transform: networkVolumeList },
  networkVolumeIds: { to: "/networkVolumes", how: "custom", note: "one list of volume ids", transform: networkVolumeList },
  dataCenterIds: { to: "/dataCenterIds", how: "rename", note: "same meaning; empty lets the scheduler choose" },
};

const COMPUTE_FIELDS = ["computeType", "gpuTypeIds", "gpuCount", "allowedCudaVersions", "minCudaVersion", "cpuFlavorIds", "vcpuCount"];

/** What v2 requires on create that v1 left implicit: the routing type, the scaler, a name. */
function endpointCreateDefaults({ body, mode }: TransformInput, v2: Record<string, unknown>): TransformOutput {
  if (mode !== "create") return {};
  const set: [string, unknown][] = [["/type", "QUEUE"]];
  const notes: Note[] = [{ level: "info", field: "type", message: "set to QUEUE: v2 requires an explicit routing type, and every v1 endpoint is queue-based" }];
  if (v2.scaling === undefined && presentFields(body, ["scalerType", "scalerValue"]).length === 0) {
    set.push(["/scaling", { type: V1_DEFAULTS.scalerType, queueDelay: V1_DEFAULTS.scalerValue }]);
    notes.push({ level: "info", field: "scalerType", message: "not set: the v1 default QUEUE_DELAY with value 4 is written out (v2 requires `scaling`)" });
  }
  if (presentFields(body, ["idleTimeout"]).length === 0 && body.scalerType !== "REQUEST_COUNT") {
    set.push(["/workers/idleTimeout", V1_DEFAULTS.idleTimeout]);
    notes.push({ level: "info", field: "idleTimeout", message: "not set: the v1 default of 5 s is kept (the v2 default is 10 s)" });
  }
  if (typeof body.name !== "string") {
    notes.push({ level: "error", field: "name", message: "v2 requires a name on create: add one" });
  }
  if (typeof body.templateId !== "string") {
    notes.push({ level: "error", field: "templateId", message: "v1 create requires a templateId, and v2 needs it or an `image`: add the template" });
  }
  if (presentFields(body, COMPUTE_FIELDS).length === 0) {
    notes.push({
      level: "error",
      field: "gpuTypeIds",
      message: "v2 needs `gpu` or `cpu`: name the GPU types (gpuTypeIds) or CPU flavors the endpoint may use",
    });
  }
  return { set, notes };
}

export const endpointBody: BodyKind = { name: "endpoint", table: endpointTable, finish: endpointCreateDefaults };
