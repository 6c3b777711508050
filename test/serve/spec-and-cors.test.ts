// v2kit serve with another document and for browser clients: GET /v2/openapi.json serves the
// document in use (even when it does not declare the route), the GraphQL operations stay
// available with --spec, and --cors answers preflights without a key. lint --response accepts a
// GraphQL result in its {"data": …} wrapper.

import { existsSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { lint, loadValidators } from "../../lint/lint.js";
import type { V2kitServer } from "../../serve/index.js";
import { call, start, stop } from "./helpers.js";
import { SHARED_ABSENT } from "../fixtures/conformance/support.js";

const UPSTREAM = new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url);
if (!existsSync(UPSTREAM)) console.log(`skipping the --spec cases: ${SHARED_ABSENT}`);

let server: V2kitServer | undefined;
afterEach(async () => {
  if (server) await stop(server);
  server = undefined;
});

const gql = async (running: V2kitServer, query: string) => {
  const response = await fetch(`${running.url()}/graphql?api_key=k`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
};

describe("serve --spec", () => {
  it.skipIf(!existsSync(UPSTREAM))("GET /v2/openapi.json is the document in use, and GraphQL answers", async () => {
    server = await start({ spec: UPSTREAM.pathname });
    const doc = await call(server, "GET", "/v2/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body).toEqual(JSON.parse(readFileSync(UPSTREAM, "utf8")));
    expect((await call(server, "GET", "/v2/openapi.json", undefined, null)).status).toBe(401);
    const created = await gql(server, 'mutation { secretCreate(input: {name: "db", value: "x"}) { id name } }');
    expect(created.status).toBe(200);
    expect(created.body.data?.secretCreate).toMatchObject({ name: "db" });
  });

  it("the bundled document is served at /v2/openapi.json too", async () => {
    server = await start();
    const doc = await call(server, "GET", "/v2/openapi.json");
    expect(doc.status).toBe(200);
    expect((doc.body as { openapi: string }).openapi).toMatch(/^3\./);
  });
});

describe("serve --cors", () => {
  const preflight = (running: V2kitServer, origin: string) =>
    fetch(`${running.url()}/v2/pods`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
    });

  it("a listed origin: preflight answered without a key, responses carry the CORS headers", async () => {
    server = await start({ cors: ["http://localhost:5173"] });
    const pre = await preflight(server, "http://localhost:5173");
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
    expect(pre.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
    const get = await fetch(`${server.url()}/v2/pods`, { headers: { origin: "http://localhost:5173", authorization: "Bearer k" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(get.headers.get("access-control-expose-headers")).toBe("RateLimit, RateLimit-Policy, Retry-After");
    const other = await preflight(server, "http://evil.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("* allows any origin; without --cors a preflight is treated as any request (401 without a key)", async () => {
    server = await start({ cors: ["*"] });
    expect((await preflight(server, "http://anything.example")).headers.get("access-control-allow-origin")).toBe("*");
    await stop(server);
    server = await start();
    const pre = await preflight(server, "http://localhost:5173");
    expect(pre.status).toBe(401);
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("lint --response of a GraphQL operation", () => {
  it("accepts the {data: {<name>: result}} wrapper the spec names, with pointers into the whole body", async () => {
    await loadValidators("graphql:secretCreate", { responses: true });
    const ok = lint({ data: { secretCreate: { id: "s1", name: "db", description: null } } }, { operation: "graphql:secretCreate", response: 200 });
    expect(ok.ok).toBe(true);
    const aliased = lint({ data: { mine: { id: "s1", name: "db", description: null } } }, { operation: "graphql:secretCreate", response: 200 });
    expect(aliased.ok).toBe(true);
    const bad = lint({ data: { secretCreate: { id: 5, name: "db", description: null } } }, { operation: "graphql:secretCreate", response: 200 });
    expect(bad.violations.map((violation) => violation.path)).toEqual(["/data/secretCreate/id"]);
    const bare = lint({ id: "s1", name: "db", description: null }, { operation: "graphql:secretCreate", response: 200 });
    expect(bare.ok).toBe(true);
  });
});
