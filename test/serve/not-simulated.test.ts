// v2kit serve: what it answers 501 is exactly what docs/serve.md lists; list routes of stored
// resources (clusters) come from the store; terminate answers the published 204; the pod CUDA
// rule (published CreateGpuConfig) refuses a set with a floor.

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadModel } from "../../generators/pipeline.js";
import { behaviourOf } from "../../serve/families.js";
import type { V2kitServer } from "../../serve/index.js";
import { buildRoutes } from "../../serve/routes.js";
import { call, ROOT, start, stop } from "./helpers.js";

let server: V2kitServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => stop(server));
beforeEach(() => server.reset());

/** The rows of the "Routes answered 501" table of docs/serve.md: `METHOD /path`. */
function documented(): string[] {
  const text = readFileSync(new URL("docs/serve.md", ROOT), "utf8");
  const section = text.slice(text.indexOf("## Routes answered 501"), text.indexOf("## Limits"));
  return [...section.matchAll(/^\| (GET|PUT|POST|PATCH|DELETE) \| `([^`]+)` \|/gm)].map((match) => `${match[1]} ${match[2]}`).sort();
}

describe("routes answered 501", () => {
  it("docs/serve.md lists every route the server does not simulate, and no other", async () => {
    const model = await loadModel({});
    const notSimulated = buildRoutes(model.operations)
      .filter((route) => !route.template.endsWith("/openapi.json") && behaviourOf(model, route).kind === "not-simulated")
      .map((route) => `${route.method} ${route.template}`)
      .sort();
    expect(documented()).toEqual(notSimulated);
  });

  it("each documented route answers 501 with a problem body naming it", async () => {
    const endpoint = (await call(server, "POST", "/v2/serverless", JSON.parse(readFileSync(new URL("examples/create-endpoint-gpu.json", ROOT), "utf8"))))
      .body as { id: string };
    const pod = (await call(server, "POST", "/v2/pods", { name: "p", image: "a/b:1", gpu: { id: "NVIDIA L4" } })).body as { id: string };
    for (const row of documented()) {
      const [method, template] = row.split(" ") as [string, string];
      const path = template.replace("{id}", template.startsWith("/v2/pods") ? pod.id : endpoint.id).replace("{workerId}", "w1");
      const answer = await call(server, method, path, method === "PUT" ? { keys: [] } : undefined);
      expect(answer.status, row).toBe(501);
      expect((answer.body as { detail: string }).detail).toContain(template);
    }
  });
});

describe("stored resources", () => {
  it("GET /v2/clusters lists the clusters created, in the published list shape", async () => {
    expect((await call(server, "GET", "/v2/clusters")).body).toEqual({ clusters: [] });
    const body = { name: "c1", type: "TRAINING", compute: { gpuTypeId: "NVIDIA H100 80GB HBM3", gpuCountPerPod: 8, podCount: 2 }, image: "a/b:1" };
    expect((await call(server, "POST", "/v2/clusters", { name: "c1" })).status).toBe(422); // the published request shape
    const created = await call(server, "POST", "/v2/clusters", body);
    expect(created.status).toBe(201);
    const list = await call(server, "GET", "/v2/clusters");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ clusters: [created.body] });
  });

  it("terminate answers 204 with no body and removes the pod; stop answers 200 with the pod", async () => {
    const pod = (await call(server, "POST", "/v2/pods", { name: "p", image: "a/b:1", gpu: { id: "NVIDIA L4" } })).body as { id: string };
    const stopped = await call(server, "POST", `/v2/pods/${pod.id}/action`, { action: "stop" });
    expect(stopped.status).toBe(200);
    expect((stopped.body as { status: string }).status).toBe("EXITED");
    const terminated = await call(server, "POST", `/v2/pods/${pod.id}/action`, { action: "terminate" });
    expect(terminated.status).toBe(204);
    expect(terminated.body).toBeUndefined();
    expect((await call(server, "GET", `/v2/pods/${pod.id}`)).status).toBe(404);
  });

  it("createPod with a CUDA set and a floor is 400 (pod-cuda-set-or-floor); an empty set with a floor is fine", async () => {
    const refused = await call(server, "POST", "/v2/pods", {
      name: "p",
      image: "a/b:1",
      gpu: { id: "NVIDIA L4", allowedCudaVersions: ["12.8"], minCudaVersion: "12.6" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("allowedCudaVersions");
    const fine = await call(server, "POST", "/v2/pods", {
      name: "p",
      image: "a/b:1",
      gpu: { id: "NVIDIA L4", allowedCudaVersions: [], minCudaVersion: "12.6" },
    });
    expect(fine.status).toBe(201);
  });
});
