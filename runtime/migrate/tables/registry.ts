// v1 ContainerRegistryAuthCreateInput → POST /v2/registries. The spec does not show the v2
// registry body, so the three fields keep their names.

import type { BodyKind, MappingTable } from "../types.js";

const CARRIED = "carried over unchanged: the v2 registry body is not shown in the spec";

export const registryTable: MappingTable = {
  name: { to: "/name", how: "rename", note: CARRIED },
  username: { to: "/username", how: "rename", note: CARRIED },
  password: { to: "/password", how: "rename", note: CARRIED },
};

export const registryBody: BodyKind = {
  name: "registry",
  table: registryTable,
  finish: () => ({
    notes: [{ level: "warning", message: "the v2 registry body is not shown in the spec: name, username and password kept their v1 names" }],
  }),
};
