// v1 response fields → their place in the v2 response: the one table `migrate` (a saved list
// response's wrapper key) and `migrate scan` (reads of a call's response, issue 41 item 3) use.
// Sources: the v1 and v2 published documents' Pod, Endpoint, Template and NetworkVolume
// schemas, and the spec's "Versioning" section (renames, `workers`/`scaling` nesting, list
// wrappers).

/** v2 list operations and the key their response wraps the array in (schema/v2.openapi.yaml). */
export const LIST_KEYS: Readonly<Record<string, string>> = {
  listPods: "pods",
  listEndpoints: "endpoints",
  listTemplates: "templates",
  listNetworkVolumes: "networkVolumes",
  listRegistries: "registries",
};

/**
 * Where a v1 response field is in v2. `to`: its path of keys in the v2 resource, or null when
 * v2 has no one place for it (the note says what to read instead). `absent`: v2 may omit the
 * field where v1 sent it (a subscript that raises on a missing key is then not rewritten).
 */
export interface ResponseField {
  to: readonly string[] | null;
  note: string;
  absent?: true;
}

export type ResponseKind = "pod" | "endpoint" | "template" | "networkVolume";

export const RESPONSE_FIELDS: Readonly<Record<ResponseKind, Readonly<Record<string, ResponseField>>>> = {
  pod: {
    desiredStatus: { to: ["status"], note: "the pod's state is `status` (PodStatus: PROVISIONING, RUNNING, EXITED, …)" },
    lastStartedAt: { to: ["startedAt"], note: "renamed", absent: true },
    dockerStartCmd: { to: ["args"], note: "the start command is `args`", absent: true },
    imageName: { to: ["image"], note: "renamed" },
    containerDiskInGb: { to: null, note: "the container disk is `disk` (its v2 shape: see the Pod schema)" },
    volumeInGb: { to: null, note: "volumes are listed under `mounts`" },
    volumeMountPath: { to: null, note: "volumes are listed under `mounts`, each with its path" },
    networkVolume: { to: null, note: "volumes are listed under `mounts`" },
    costPerHr: { to: null, note: "the price is under `cost`" },
    adjustedCostPerHr: { to: null, note: "the price is under `cost`" },
    templateId: { to: null, note: "the template is `template`" },
    machineId: { to: null, note: "v2 has no machine id in the pod" },
    portMappings: { to: null, note: "ports are `ports`" },
  },
  endpoint: {
    workersMin: { to: ["workers", "min"], note: "nested under `workers`" },
    workersMax: { to: ["workers", "max"], note: "nested under `workers`" },
    idleTimeout: { to: ["workers", "idleTimeout"], note: "nested under `workers` (omitted for a REQUEST_COUNT queue endpoint)", absent: true },
    executionTimeoutMs: { to: ["timeout"], note: "renamed, milliseconds in both" },
    scalerType: { to: ["scaling", "type"], note: "nested under `scaling`" },
    scalerValue: { to: null, note: "`scaling.queueDelay` or `scaling.requestCount`, by `scaling.type`" },
    gpuTypeIds: { to: null, note: "GPU choices are `gpu.pools` (pools, not types)" },
    gpuCount: { to: ["gpu", "count"], note: "nested under `gpu` (null for a CPU endpoint)", absent: true },
    networkVolumeId: { to: null, note: "volumes are the list `networkVolumes`" },
    networkVolumeIds: { to: ["networkVolumes"], note: "renamed" },
    templateId: { to: null, note: "the v2 endpoint response names no template" },
    computeType: { to: null, note: "a GPU endpoint has `gpu`, a CPU endpoint `cpu`" },
    instanceIds: { to: null, note: "CPU flavors are `cpu[].id`" },
  },
  template: {
    imageName: { to: ["image"], note: "renamed" },
    containerDiskInGb: { to: ["disk"], note: "renamed" },
    isPublic: { to: ["public"], note: "renamed" },
    isServerless: { to: ["serverless"], note: "renamed" },
    containerRegistryAuthId: { to: null, note: "the registry is the object `registry`" },
    dockerStartCmd: { to: ["args"], note: "the start command is `args`", absent: true },
    volumeInGb: { to: null, note: "volumes are listed under `mounts`" },
    volumeMountPath: { to: null, note: "volumes are listed under `mounts`, each with its path" },
  },
  networkVolume: {
    dataCenterId: { to: ["dataCenter"], note: "renamed" },
  },
};

/** The kind of resource a v2 operation answers with (`getPod`, `listEndpoints`, `updateTemplate`; `podAction` answers the pod), if one. */
export function responseKindOf(operation: string | undefined): ResponseKind | undefined {
  if (operation === "podAction") return "pod";
  const match = /^(?:list|get|create|update)(Pod|Endpoint|Template|NetworkVolume)s?$/.exec(operation ?? "");
  if (!match) return undefined;
  const name = match[1] as string;
  return (name[0]?.toLowerCase() + name.slice(1)) as ResponseKind;
}
