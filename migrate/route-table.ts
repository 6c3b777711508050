// Every v1 route of the v1 document and where it goes in v2: spec "Versioning", path mapping
// table and changes. `operation` is the operationId in schema/v2.openapi.yaml when the v2
// schema has that route; a route without one is still where the path mapping leads.

import { endpointBody } from "./tables/endpoint.js";
import { networkVolumeBody } from "./tables/network-volume.js";
import { podBody } from "./tables/pod.js";
import { registryBody } from "./tables/registry.js";
import { templateBody } from "./tables/template.js";
import type { BodyKind, BodyMode, Note } from "./types.js";

export interface RouteMapping {
  method: string;
  /** v1 path with its parameter names, relative to `{legacy_base_url}/v1`. */
  v1: string;
  v2Method: string;
  /** v2 path with `{id}`, or null when v2 has no equivalent. */
  v2: string | null;
  operation?: string;
  body?: { kind: BodyKind; mode: BodyMode };
  /** The body of `POST /v2/pods/{id}/action`. */
  action?: string;
  notes?: Note[];
}

const POST_UPDATE: Note = { level: "info", message: "the v1 `POST …/update` route is a PATCH on the resource in v2" };
const PER_ACTION: Note = { level: "info", message: "v1 per-action pod routes are one v2 route, `POST /v2/pods/{id}/action`, with the action in the body" };

const resource = (
  v1: string,
  v1Param: string,
  v2: string,
  kind: BodyKind | undefined,
  ops: { list?: string; create?: string; get?: string; update?: string; remove?: string; updatable?: boolean },
): RouteMapping[] => {
  const one = `${v1}/{${v1Param}}`;
  const rows: RouteMapping[] = [
    { method: "GET", v1, v2Method: "GET", v2, operation: ops.list },
    { method: "POST", v1, v2Method: "POST", v2, operation: ops.create, body: kind && { kind, mode: "create" } },
    { method: "GET", v1: one, v2Method: "GET", v2: `${v2}/{id}`, operation: ops.get },
    { method: "DELETE", v1: one, v2Method: "DELETE", v2: `${v2}/{id}`, operation: ops.remove },
  ];
  if (ops.updatable !== false) {
    const update = kind && { kind, mode: "update" as const };
    rows.push(
      { method: "PATCH", v1: one, v2Method: "PATCH", v2: `${v2}/{id}`, operation: ops.update, body: update },
      { method: "POST", v1: `${one}/update`, v2Method: "PATCH", v2: `${v2}/{id}`, operation: ops.update, body: update, notes: [POST_UPDATE] },
    );
  }
  return rows;
};

const podAction = (action: string): RouteMapping => ({
  method: "POST",
  v1: `/pods/{podId}/${action}`,
  v2Method: "POST",
  v2: "/v2/pods/{id}/action",
  operation: "podAction",
  action,
  notes: [PER_ACTION],
});

export const ROUTES: readonly RouteMapping[] = [
  ...resource("/pods", "podId", "/v2/pods", podBody, {
    list: "listPods",
    create: "createPod",
    get: "getPod",
    update: "updatePod",
    remove: "deletePod",
  }),
  podAction("start"),
  podAction("stop"),
  podAction("restart"),
  {
    ...podAction("reset"),
    notes: [{ level: "error", field: "reset", message: 'v2 has no reset action and no equivalent: send `{"action": "stop"}`, then `{"action": "start"}`' }],
  },
  ...resource("/endpoints", "endpointId", "/v2/serverless", endpointBody, {
    list: "listEndpoints",
    create: "createEndpoint",
    get: "getEndpoint",
    update: "updateEndpoint",
    remove: "deleteEndpoint",
  }),
  ...resource("/templates", "templateId", "/v2/templates", templateBody, {
    list: "listTemplates",
    create: "createTemplate",
    get: "getTemplate",
    update: "updateTemplate",
    remove: "deleteTemplate",
  }),
  ...resource("/networkvolumes", "networkVolumeId", "/v2/network-volumes", networkVolumeBody, {
    list: "listNetworkVolumes",
    create: "createNetworkVolume",
    get: "getNetworkVolume",
    update: "updateNetworkVolume",
    remove: "deleteNetworkVolume",
  }),
  ...resource("/containerregistryauth", "containerRegistryAuthId", "/v2/registries", registryBody, {
    list: "listRegistries",
    create: "createRegistry",
    get: "getRegistry",
    remove: "deleteRegistry",
    updatable: false,
  }),
  { method: "GET", v1: "/billing/pods", v2Method: "GET", v2: "/v2/billing/pods", operation: "listPodBilling" },
  {
    method: "GET",
    v1: "/billing/endpoints",
    v2Method: "GET",
    v2: "/v2/billing/serverless",
    operation: "listServerlessBilling",
    notes: [
      {
        level: "info",
        message:
          "v1 /billing/endpoints is serverless billing, which v2 serves at /v2/billing/serverless; /v2/billing/endpoints is Public Endpoint billing, a different resource",
      },
    ],
  },
  { method: "GET", v1: "/billing/networkvolumes", v2Method: "GET", v2: "/v2/billing/network-volumes", operation: "listNetworkVolumeBilling" },
  { method: "GET", v1: "/openapi.json", v2Method: "GET", v2: "/v2/openapi.json", operation: "getOpenApiDocument" },
  {
    method: "GET",
    v1: "/docs",
    v2Method: "GET",
    v2: null,
    notes: [{ level: "error", message: "v2 names no documentation page route: read /v2/openapi.json instead" }],
  },
];

/** The v1 resource path segments that `migrate scan` looks for. */
export const V1_RESOURCES = ["pods", "endpoints", "templates", "networkvolumes", "containerregistryauth", "billing"] as const;

/**
 * The host of the v1 document's server (`servers[0].url` of the published /v1/openapi.json is
 * `https://rest.runpod.io/v1`; the spec writes it `{legacy_base_url}/v1`). A fix turns a URL on
 * this host into the v2 base; `/v1` on another host counts as this API's only when the code ties
 * it by name (`RUNPOD_PROXY`), and then becomes `/v2`.
 */
export const V1_SERVER_HOST = "rest.runpod.io";
