// v1 ContainerRegistryAuthCreateInput → POST /v2/registries (CreateRegistryRequest). The spec
// does not show the v2 body; the published v2 document has the same three fields.

import type { BodyKind, MappingTable } from "../types.js";

const SAME = "same name and meaning (published v2 document)";

export const registryTable: MappingTable = {
  name: { to: "/name", how: "rename", note: SAME },
  username: { to: "/username", how: "rename", note: SAME },
  password: { to: "/password", how: "rename", note: SAME },
};

export const registryBody: BodyKind = { name: "registry", table: registryTable };
