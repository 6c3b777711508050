// v1 network volume bodies (NetworkVolumeCreateInput, NetworkVolumeUpdateInput) →
// CreateNetworkVolumeRequest / UpdateNetworkVolumeRequest. Spec "Network volume".

import type { BodyKind, MappingTable, TransformInput, TransformOutput } from "../types.js";

/** schema/v2.openapi.yaml, CreateNetworkVolumeRequest.size: 1..4096 (v1: 0..4000, so only the minimum can bite). */
export const V2_VOLUME_SIZE_MIN = 1;

export function volumeSize({ body }: TransformInput): TransformOutput {
  const size = body.size;
  if (size === null || size === undefined) return {};
  if (typeof size === "number" && Number.isInteger(size) && size < V2_VOLUME_SIZE_MIN) {
    return {
      set: [["/size", size]],
      notes: [
        {
          level: "error",
          field: "size",
          message: `${size} GB is below the v2 minimum of ${V2_VOLUME_SIZE_MIN} GB: choose a size of at least ${V2_VOLUME_SIZE_MIN}`,
        },
      ],
    };
  }
  return { set: [["/size", size]] };
}

export const networkVolumeTable: MappingTable = {
  name: { to: "/name", how: "rename", note: "same meaning" },
  size: { to: "/size", how: "custom", note: "GB; v2 needs at least 1", transform: volumeSize },
  dataCenterId: { to: "/dataCenter", how: "rename", note: "renamed (spec Versioning)" },
};

function volumeTypeNote({ mode }: TransformInput): TransformOutput {
  if (mode !== "create") return {};
  return {
    notes: [{ level: "info", message: "v2 adds an optional storage `type` (STANDARD or HIGH_PERFORMANCE); left unset as in v1" }],
  };
}

export const networkVolumeBody: BodyKind = { name: "network volume", table: networkVolumeTable, finish: volumeTypeNote };
