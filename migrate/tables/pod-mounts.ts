// v1 pod and template storage (volumeInGb, volumeMountPath, networkVolumeId) → v2 `mounts`
// ({persistent: {size, path}, network: [{volumeId, path}]}, published v2 document; see
// docs/schema-sources.md). v1 mounts one volume at `volumeMountPath`: the pod volume, or the
// network volume, which replaces it (v1 PodCreateInput.networkVolumeId).

import type { Note, TransformInput, TransformOutput } from "../types.js";

/** v1's documented default for `volumeMountPath`. */
const V1_MOUNT_PATH = "/workspace";

const isSet = (value: unknown) => value !== undefined && value !== null;

/** A create without any storage field: v1 gave the pod a volume by default, v2's default is unknown. */
export const V1_DEFAULT_VOLUME_NOTE = {
  level: "info",
  field: "volumeInGb",
  message: "not set: v1 defaulted volumeInGb to 20 (GB); v2's default is not shown, so none is written out: set `mounts.persistent` to keep a volume",
} as const;

export function podMounts({ body, mode }: TransformInput): TransformOutput {
  const { volumeInGb: size, volumeMountPath, networkVolumeId } = body;
  const notes: Note[] = [];
  const path = isSet(volumeMountPath) ? volumeMountPath : V1_MOUNT_PATH;
  const pathNote = isSet(volumeMountPath) ? "" : ` at the v1 default path ${V1_MOUNT_PATH}`;
  if (isSet(networkVolumeId)) {
    if (isSet(size)) {
      notes.push({ level: "warning", field: "volumeInGb", message: "dropped: in v1 the network volume replaces the pod volume" });
    }
    if (!isSet(volumeMountPath)) notes.push({ level: "info", field: "networkVolumeId", message: `mounted${pathNote} (v2 requires the path)` });
    // The path is the network volume's: the change list says so (issue 41: it named `mounts.persistent`).
    return { set: [["/mounts", { network: [{ volumeId: networkVolumeId, path }] }]], notes, to: { volumeMountPath: "/mounts/network/0/path" } };
  }
  if (size === 0) {
    notes.push({ level: "info", field: "volumeInGb", message: "0 means no volume: `mounts.persistent` is left out" });
    return { notes };
  }
  if (!isSet(size)) {
    // An update that moves only the mount path: v2's `mounts.persistent` needs both.
    notes.push({
      level: "error",
      field: "volumeMountPath",
      message: `v2 sets the pod volume as \`mounts.persistent\` {size, path}${mode === "update" ? " on update too" : ""}: restate volumeInGb`,
    });
    return { notes };
  }
  if (!isSet(volumeMountPath)) notes.push({ level: "info", field: "volumeInGb", message: `mounted${pathNote} (v2 requires the path)` });
  return { set: [["/mounts", { persistent: { size, path } }]], notes };
}
