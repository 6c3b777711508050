// The package entry (`import * as api from "v2kit"`) holds what its own docs use: `routes` (so
// `contractMiddleware({ api })` works), the bundled dated `catalog`, and a `check` that falls back
// to that catalog as `lint` does, so the two give the same verdict.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ContractError, contractMiddleware } from "../runtime/client/index.js";
import * as api from "../runtime/index.js";

const bodies = readFileSync(new URL("../examples/bodies.ndjson", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return []; // the file holds a malformed line on purpose (lint --ndjson's example)
    }
  });
const examples = ["create-endpoint-gpu.json", "create-endpoint-cpu.json", "create-endpoint-invalid.json"].map(
  (f) => JSON.parse(readFileSync(new URL(`../examples/${f}`, import.meta.url), "utf8")) as unknown,
);

describe("the package entry", () => {
  it("check() without a catalog uses the bundled snapshot: the same verdict as lint() on every example body", () => {
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of [...bodies, ...examples]) {
      const checked = api.check("createEndpoint", body);
      const linted = api.lint(body, { operation: "createEndpoint" });
      expect({ status: checked.status, violations: checked.violations, warnings: checked.warnings }).toEqual({
        status: linted.status,
        violations: linted.violations,
        warnings: linted.warnings,
      });
    }
    const outside = {
      name: "e",
      type: "QUEUE",
      image: "a/b:1",
      scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
      gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] },
    };
    expect(api.check("createEndpoint", outside).status).toBe(400);
  });

  it("exports routes and the dated catalog snapshot", () => {
    expect(api.routes.some(([method, path, op]) => method === "POST" && path === "/v2/serverless" && op === "createEndpoint")).toBe(true);
    expect(api.catalog.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(api.catalog.gpus.length).toBeGreaterThan(10);
    expect(api.catalog.cpus.every((c) => typeof c.id === "string")).toBe(true);
  });

  it("contractMiddleware({ api }) with the whole entry as api refuses a body as lint does, with no catalog given", async () => {
    const middleware = contractMiddleware({ api });
    const send = (body: unknown) =>
      middleware.onRequest({
        request: new Request("http://localhost/v2/serverless", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
        schemaPath: "/v2/serverless",
      });
    const base = { name: "e", type: "QUEUE", image: "a/b:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["AMPERE_48"] } };
    await expect(send(base)).resolves.toBeUndefined();
    const refused = await send({ ...base, gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ContractError);
    expect((refused as ContractError).problem.status).toBe(400);
  });
});
