// Given/want: the spec's path mapping table (section Versioning), the changes it lists, and
// every row of the route table.

import { describe, expect, it } from "vitest";
import { ROUTES, migrateRoute, parseV1Path } from "../../migrate/index.js";

describe("spec path mapping table", () => {
  const rows: [string, string, string, string][] = [
    ["GET", "/pods", "GET", "/v2/pods"],
    ["GET", "/endpoints", "GET", "/v2/serverless"],
    ["GET", "/templates", "GET", "/v2/templates"],
    ["GET", "/networkvolumes", "GET", "/v2/network-volumes"],
    ["GET", "/containerregistryauth", "GET", "/v2/registries"],
    ["GET", "/billing/pods", "GET", "/v2/billing/pods"],
    ["GET", "/billing/endpoints", "GET", "/v2/billing/serverless"],
    ["GET", "/billing/networkvolumes", "GET", "/v2/billing/network-volumes"],
    ["GET", "/pods/{podId}", "GET", "/v2/pods/{id}"],
    ["GET", "/endpoints/{endpointId}", "GET", "/v2/serverless/{id}"],
    ["GET", "/networkvolumes/{networkVolumeId}", "GET", "/v2/network-volumes/{id}"],
    ["GET", "/templates/{templateId}", "GET", "/v2/templates/{id}"],
    ["GET", "/containerregistryauth/{containerRegistryAuthId}", "GET", "/v2/registries/{id}"],
    ["POST", "/pods/{podId}/start", "POST", "/v2/pods/{id}/action"],
    ["POST", "/pods/{podId}/stop", "POST", "/v2/pods/{id}/action"],
    ["POST", "/pods/{podId}/restart", "POST", "/v2/pods/{id}/action"],
    ["POST", "/pods/{podId}/reset", "POST", "/v2/pods/{id}/action"],
    ["POST", "/pods/{podId}/update", "PATCH", "/v2/pods/{id}"],
    ["POST", "/endpoints/{endpointId}/update", "PATCH", "/v2/serverless/{id}"],
    ["POST", "/templates/{templateId}/update", "PATCH", "/v2/templates/{id}"],
    ["POST", "/networkvolumes/{networkVolumeId}/update", "PATCH", "/v2/network-volumes/{id}"],
    ["DELETE", "/pods/abc123", "DELETE", "/v2/pods/abc123"],
    ["GET", "/v1/endpoints/ep-9", "GET", "/v2/serverless/ep-9"],
    ["GET", "https://rest.example.io/v1/networkvolumes/nv-1", "GET", "/v2/network-volumes/nv-1"],
    ["get", "http://localhost:8080/v1/pods/", "GET", "/v2/pods"],
    ["POST", "/pods/${podId}/start", "POST", "/v2/pods/{id}/action"],
    ["POST", "/pods/:podId/stop", "POST", "/v2/pods/{id}/action"],
  ];
  it.each(rows)("%s %s → %s %s", (method, path, v2Method, v2Path) => {
    const migrated = migrateRoute(method, path);
    expect({ method: migrated.method, path: migrated.path }).toEqual({ method: v2Method, path: v2Path });
  });

  it("never sends serverless billing to /v2/billing/endpoints, and says why", () => {
    const migrated = migrateRoute("GET", "/billing/endpoints");
    expect(migrated.path).not.toBe("/v2/billing/endpoints");
    expect(migrated.notes.map((note) => note.message).join(" ")).toMatch(/Public Endpoint billing/);
  });

  it("refuses a reset with an error note that suggests stop then start", () => {
    const notes = migrateRoute("POST", "/pods/p/reset").notes.filter((note) => note.level === "error");
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toMatch(/stop.*start/);
  });

  it("reports a path that is not a v1 route, and a v2 path", () => {
    expect(migrateRoute("PUT", "/pods").notes[0]?.level).toBe("error");
    expect(migrateRoute("GET", "/v2/pods").notes[0]?.message).toMatch(/already a v2 path/);
  });

  it("keeps the query and the v1 prefix handling apart", () => {
    expect(parseV1Path("https://rest.example.io/v1/pods?x=1")).toEqual({ segments: ["pods"], query: "?x=1" });
  });
});

describe("route table", () => {
  it.each(ROUTES.map((route) => [route.method, route.v1, route] as const))("%s %s is a well-formed mapping", (_m, _p, route) => {
    if (route.v2 === null) {
      expect(route.notes?.some((note) => note.level === "error")).toBe(true);
      return;
    }
    expect(route.v2).toMatch(/^\/v2\//);
    // v1 parameter names never survive into v2: every resource id is `{id}`.
    expect(route.v2).not.toMatch(/\{(?!id\})/);
    expect(route.v2.includes("{id}")).toBe(route.v1.includes("{"));
    if (route.body || route.action) expect(["POST", "PATCH"]).toContain(route.v2Method);
    if (route.v1.endsWith("/update")) expect(route.v2Method).toBe("PATCH");
  });

  it("has one row per v1 method and path", () => {
    const keys = ROUTES.map((route) => `${route.method} ${route.v1}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
