// v2kit serve: the lifecycle of each resource over plain fetch, as a client under test sees it.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { V2kitServer } from "../../serve/index.js";
import { type Answer, call, readJson, start, stop } from "./helpers.js";

let server: V2kitServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => stop(server));
beforeEach(() => server.reset());

const obj = (a: Answer) => a.body as Record<string, unknown>;

describe("endpoints", () => {
  it("create → list → get → patch → delete, with the resolved body, an id, createdAt and requestUrls", async () => {
    const created = await call(server, "POST", "/v2/serverless", readJson("examples/create-endpoint-gpu.json"));
    expect(created.status).toBe(201);
    const endpoint = obj(created);
    const id = endpoint.id as string;
    expect(id).toMatch(/^[a-z0-9]{14}$/);
    expect(Number.isNaN(Date.parse(endpoint.createdAt as string))).toBe(false);
    expect(endpoint.workers).toEqual({ min: 0, max: 5, idleTimeout: 30 });
    expect(endpoint.gpu).toMatchObject({ count: 1, minCudaVersion: null });
    expect(endpoint.requestUrls).toMatchObject({
      run: `${server.url()}/v2/${id}/run`,
      runSync: `${server.url()}/v2/${id}/runsync`,
      status: `${server.url()}/v2/${id}/status/{job_id}`,
      purgeQueue: `${server.url()}/v2/${id}/purge-queue`,
    });

    const list = await call(server, "GET", "/v2/serverless");
    expect(list.status).toBe(200);
    expect(obj(list).endpoints).toEqual([endpoint]);
    expect((await call(server, "GET", `/v2/serverless/${id}`)).body).toEqual(endpoint);

    const patched = await call(server, "PATCH", `/v2/serverless/${id}`, readJson("examples/update-endpoint.json"));
    expect(patched.status).toBe(200);
    // Update rules 1–2: pools and exclusions are replaced together; other fields are kept.
    expect(obj(patched).gpu).toMatchObject({ pools: ["AMPERE_48", "ADA_48_PRO"], excludedTypes: ["NVIDIA A40"] });
    expect(obj(patched).workers).toMatchObject({ max: 6, min: 0 });
    expect(obj(patched).name).toBe(endpoint.name);
    expect(obj(patched).createdAt).toBe(endpoint.createdAt);

    expect((await call(server, "DELETE", `/v2/serverless/${id}`)).status).toBe(204);
    const gone = await call(server, "GET", `/v2/serverless/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-type")).toBe("application/problem+json");
    expect(obj(gone)).toMatchObject({ status: 404, title: "Not Found" });
  });

  it("a load-balancer endpoint gets a base URL under /lb/<id> on the server's address and /ping health unless HEALTH_CHECK_PATH is set", async () => {
    const body = { ...(readJson("examples/create-endpoint-cpu.json") as object), type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 4 } };
    const created = await call(server, "POST", "/v2/serverless", { ...body, env: { HEALTH_CHECK_PATH: "/healthz" } });
    expect(created.status).toBe(201);
    const id = obj(created).id as string;
    expect(obj(created).requestUrls).toEqual({ base: `${server.url()}/lb/${id}`, health: `${server.url()}/lb/${id}/healthz` });
  });

  it("a PATCH is judged against the stored endpoint: a CUDA floor against a stored set is 400", async () => {
    const id = obj(await call(server, "POST", "/v2/serverless", readJson("examples/create-endpoint-gpu.json"))).id as string;
    const patched = await call(server, "PATCH", `/v2/serverless/${id}`, { gpu: { minCudaVersion: "12.4" } });
    expect(patched.status).toBe(400);
    expect(JSON.stringify(patched.body)).toContain("allowedCudaVersions");
    // Nothing changed.
    expect(obj(await call(server, "GET", `/v2/serverless/${id}`)).gpu).toMatchObject({ minCudaVersion: null });
  });

  it("ids are repeatable with a seed", async () => {
    const first = obj(await call(server, "POST", "/v2/serverless", readJson("examples/create-endpoint-gpu.json"))).id;
    server.reset();
    const again = obj(await call(server, "POST", "/v2/serverless", readJson("examples/create-endpoint-gpu.json"))).id;
    expect(again).toBe(first);
  });
});

describe("pods", () => {
  const pod = { name: "trainer", image: "example/trainer:2", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } };

  it("create → action stop/start → delete; an unknown action is the engine's 422", async () => {
    const created = await call(server, "POST", "/v2/pods", pod);
    expect(created.status).toBe(201);
    const id = obj(created).id as string;
    expect((await call(server, "POST", `/v2/pods/${id}/action`, { action: "stop" })).status).toBeLessThan(300);
    expect(obj(await call(server, "GET", "/v2/pods")).pods).toEqual([expect.objectContaining({ id, status: "EXITED" })]);
    expect((await call(server, "POST", `/v2/pods/${id}/action`, { action: "start" })).status).toBeLessThan(300);
    expect(obj(await call(server, "GET", "/v2/pods")).pods).toEqual([expect.objectContaining({ id, status: "RUNNING" })]);
    const reset = await call(server, "POST", `/v2/pods/${id}/action`, { action: "reset" });
    expect(reset.status).toBe(422);
    expect((await call(server, "DELETE", `/v2/pods/${id}`)).status).toBe(204);
    expect(obj(await call(server, "GET", "/v2/pods")).pods).toEqual([]);
  });

  it("terminate removes the pod; an action on an unknown pod is 404", async () => {
    const id = obj(await call(server, "POST", "/v2/pods", pod)).id as string;
    expect((await call(server, "POST", `/v2/pods/${id}/action`, { action: "terminate" })).status).toBeLessThan(300);
    expect((await call(server, "POST", `/v2/pods/${id}/action`, { action: "start" })).status).toBe(404);
  });
});

describe("network volumes", () => {
  it("create → grow → shrinking is refused → list", async () => {
    const created = await call(server, "POST", "/v2/network-volumes", { name: "models", size: 100, dataCenter: "EU-RO-1" });
    expect(created.status).toBe(201);
    const id = obj(created).id as string;
    expect((await call(server, "PATCH", `/v2/network-volumes/${id}`, { size: 200 })).status).toBe(200);
    const shrink = await call(server, "PATCH", `/v2/network-volumes/${id}`, { size: 50 });
    expect(shrink.status).toBe(400);
    expect(obj(await call(server, "GET", "/v2/network-volumes")).networkVolumes).toEqual([expect.objectContaining({ id, size: 200 })]);
  });
});

describe("templates (REST)", () => {
  it("create → list → get → patch → delete; an endpoint created from it takes its image", async () => {
    const created = await call(server, "POST", "/v2/templates", { name: "worker-tpl", image: "example/worker:3", serverless: true });
    expect(created.status).toBe(201);
    const id = obj(created).id as string;
    expect(obj(await call(server, "GET", "/v2/templates")).templates).toEqual([expect.objectContaining({ id, name: "worker-tpl" })]);
    expect(obj(await call(server, "GET", `/v2/templates/${id}`))).toMatchObject({ id, image: "example/worker:3" });
    const patched = await call(server, "PATCH", `/v2/templates/${id}`, { image: "example/worker:4" });
    expect(patched.status).toBe(200);
    expect(obj(patched)).toMatchObject({ id, name: "worker-tpl", image: "example/worker:4" });
    const endpoint = await call(server, "POST", "/v2/serverless", {
      name: "from-template",
      type: "QUEUE",
      templateId: id,
      scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
      gpu: { pools: ["ADA_24"] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    expect(obj(endpoint).image).toBe("example/worker:4");
    expect((await call(server, "DELETE", `/v2/templates/${id}`)).status).toBe(204);
    expect((await call(server, "GET", `/v2/templates/${id}`)).status).toBe(404);
  });
});

describe("catalog", () => {
  it("lists the catalog in use and reads one record by id; an unknown id is 404", async () => {
    const gpus = obj(await call(server, "GET", "/v2/catalog/gpus")).gpus as { id: string }[];
    expect(gpus.length).toBeGreaterThan(0);
    const first = gpus[0] as { id: string };
    expect((await call(server, "GET", `/v2/catalog/gpus/${encodeURIComponent(first.id)}`)).body).toEqual(first);
    expect((await call(server, "GET", "/v2/catalog/gpus/NO-SUCH-GPU")).status).toBe(404);
  });
});
