// The v2kit client against v2kit serve: openapi-fetch typed by the generated `paths`, held to the
// contract by v2kit/client's middleware, talking to the local contract server. A valid create
// goes through and comes back typed and stored; an invalid one is stopped before it leaves.

import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as api from "../../output/index.mjs";
import type { paths } from "../../output/types.mjs";
import { ContractError, contractMiddleware } from "../../client/index.js";
import type { V2kitServer } from "../../serve/index.js";
import { readJson, start, stop } from "./helpers.js";

let server: V2kitServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => stop(server));

const body = readJson("examples/create-endpoint-gpu.json") as api.RequestBody<"createEndpoint">;

function client() {
  const apiClient = createClient<paths>({ baseUrl: server.url(), headers: { authorization: "Bearer test-key" } });
  apiClient.use(contractMiddleware({ api }));
  return apiClient;
}

describe("openapi-fetch + contractMiddleware against v2kit serve", () => {
  it("create → get → patch → list, every response inside the contract", async () => {
    const apiClient = client();
    const created = await apiClient.POST("/v2/serverless", { body });
    expect(created.response.status).toBe(201);
    const id = created.data?.id as string;
    expect(id).toMatch(/^[a-z0-9]{14}$/);
    const got = await apiClient.GET("/v2/serverless/{id}", { params: { path: { id } } });
    expect(got.data?.name).toBe(body.name);
    const patched = await apiClient.PATCH("/v2/serverless/{id}", { params: { path: { id } }, body: { workers: { max: 7 } } });
    expect(patched.data?.workers.max).toBe(7);
    const listed = await apiClient.GET("/v2/serverless");
    expect(listed.data?.endpoints.map((endpoint) => endpoint.id)).toContain(id);
  });

  it("an invalid body is stopped by the middleware with the same problem the server would give", async () => {
    const before = server.state().collections["/v2/serverless"]?.length ?? 0;
    const invalid = { ...body, cpu: [{ id: "cpu5c", vcpuCount: 4 }] } as api.RequestBody<"createEndpoint">;
    const error = await client()
      .POST("/v2/serverless", { body: invalid })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ContractError);
    const problem = (error as ContractError).problem;
    expect(problem?.status).toBe(400);
    // The server, sent the same body directly, answers the same problem.
    const direct = await fetch(`${server.url()}/v2/serverless`, {
      method: "POST",
      headers: { authorization: "Bearer test-key", "content-type": "application/json" },
      body: JSON.stringify(invalid),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toEqual(problem);
    expect(server.state().collections["/v2/serverless"]?.length ?? 0).toBe(before);
  });
});
