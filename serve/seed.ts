// The state a server starts with when no `--state` file exists yet: the catalog in use under the
// document's catalog list routes (those whose list key is `gpus`, `cpus` or `dataCenters`), and the templates
// given with `--templates` as the caller's own (`GET /v2/templates`).

import type { TemplateRecord } from "../engine/types.js";
import type { Api } from "./api.js";
import { behaviourOf } from "./families.js";
import type { Route } from "./routes.js";
import type { Resource, Snapshot } from "./store.js";

export function seedState(routes: readonly Route[], api: Api, templates: readonly TemplateRecord[]): Snapshot {
  const collections: Record<string, Resource[]> = {};
  for (const route of routes) {
    const b = behaviourOf(api.model, route);
    if (b.kind !== "list") continue;
    if (b.wrapper === "gpus") collections[b.collection] = api.catalog.gpus;
    else if (b.wrapper === "cpus") collections[b.collection] = api.catalog.cpus;
    else if (b.wrapper === "dataCenters") collections[b.collection] = api.catalog.dataCenters;
    else if (b.wrapper === "templates" && b.collection === "/v2/templates" && templates.length > 0) collections[b.collection] = [...templates];
  }
  return structuredClone({ version: 1, issued: 0, collections });
}
