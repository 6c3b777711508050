// v1 template bodies (TemplateCreateInput, TemplateUpdateInput, TemplateUpdateInPlaceInput) →
// CreateTemplateRequest / UpdateTemplateRequest. The spec gives four renames (imageName → image,
// containerDiskInGb → disk, isPublic → public, containerRegistryAuthId → registry) and the
// container settings shared with pods and endpoints; `serverless`, `category` and `mounts` come
// from the published v2 document (docs/schema-sources.md).

import type { BodyKind, MappingTable } from "../types.js";
import { portList } from "./pod.js";
import { podMounts } from "./pod-mounts.js";
import { containerArgs } from "./container-args.js";

const PUBLISHED = "same meaning (published v2 document)";

export const templateTable: MappingTable = {
  name: { to: "/name", how: "rename", note: "same meaning" },
  imageName: { to: "/image", how: "rename", note: "renamed (spec Versioning)" },
  containerDiskInGb: { to: "/disk", how: "rename", note: "renamed (spec Versioning)" },
  isPublic: { to: "/public", how: "rename", note: "renamed (spec Versioning)" },
  containerRegistryAuthId: { to: "/registry", how: "rename", note: "renamed (spec Versioning)" },
  isServerless: { to: "/serverless", how: "rename", note: "the v2 template's `serverless` flag" },
  dockerStartCmd: { to: "/args", how: "custom", note: "container CMD: the `cmd` list of v2 `args` (JSON-object form)", transform: containerArgs },
  dockerEntrypoint: {
    to: "/args",
    how: "custom",
    note: "container ENTRYPOINT: the `entrypoint` list of v2 `args` (JSON-object form)",
    transform: containerArgs,
  },
  env: { to: "/env", how: "rename", note: "same object of strings" },
  ports: { to: "/ports", how: "custom", note: "a list of `<port>/<protocol>`", transform: portList },
  category: { to: "/category", how: "rename", note: PUBLISHED },
  volumeInGb: { to: "/mounts/persistent/size", how: "custom", note: "the pod volume: `mounts.persistent`", transform: podMounts },
  volumeMountPath: { to: "/mounts/persistent/path", how: "custom", note: "the pod volume's mount path", transform: podMounts },
  readme: { to: null, how: "drop", note: "neither the spec nor the published v2 document has a template readme" },
};

export const templateBody: BodyKind = { name: "template", table: templateTable };
