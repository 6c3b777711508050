// Random valid create bodies of every resource, created through `serve` on the bundled schema,
// give records the published document's response schemas accept: what a client typed from the
// service's own `/v2/openapi.json` reads is there, with the published types. Bodies come from
// the bundled request schemas, repaired by every rule (the same generator as the rules'
// property tests), so the server must also accept each one (201): lint and serve agree.

import fc from "fast-check";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relativeDefs } from "../../generators/emit/emit-tests.js";
import { loadEngine } from "../../generators/engine-on-the-fly.js";
import type { ApiModel } from "../../schema-model/model.js";
import { loadModel } from "../../generators/pipeline.js";
import data from "../../output/tests/model.json" with { type: "json" };
import { type Engine, evaluateResponse } from "../../engine/evaluate.js";
import { type TestModel, validBodies } from "../../testing/index.js";
import type { V2kitServer } from "../../serve/index.js";
import { call, start, stop } from "./helpers.js";
import { SHARED_ABSENT } from "../fixtures/conformance/support.js";

const UPSTREAM = fileURLToPath(new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url));
const present = existsSync(UPSTREAM);
if (!present) console.log(`skipping the published-records property test: ${SHARED_ABSENT}`);

const SEED = Number(process.env.V2KIT_SEED ?? 20261125);
const RUNS = Number(process.env.V2KIT_RUNS ?? 25);

/** The create operations of the bundled schema: POST on a collection with a JSON body. */
const CREATES = ["createPod", "createEndpoint", "createTemplate", "createNetworkVolume", "createRegistry", "createCluster"];

let server: V2kitServer;
let published: Engine;
let bundled: ApiModel;
let model: TestModel;
beforeAll(async () => {
  if (!present) return;
  server = await start();
  published = await loadEngine({ spec: UPSTREAM });
  bundled = await loadModel({});
  // The rules' test model, with every create operation's request schema (some have no rules).
  const base = data as unknown as TestModel;
  const rerooted = (schema: unknown) => relativeDefs(schema ?? {}) as Record<string, unknown>;
  const requests = { ...base.requests };
  for (const id of CREATES) requests[id] ??= rerooted(bundled.operations.find((op) => op.id === id)?.request?.schema);
  model = { ...base, requests };
});
afterAll(async () => {
  if (server) await stop(server);
});

describe.skipIf(!present).each(CREATES)("%s through serve", (operation) => {
  it("every created record, its get and its list entry are valid under the published response schemas", async () => {
    const op = bundled.operations.find((candidate) => candidate.id === operation);
    const collection = op?.path as string;
    const getId = bundled.operations.find((candidate) => candidate.method === "GET" && candidate.path === `${collection}/{id}`)?.id as string;
    const listId = bundled.operations.find((candidate) => candidate.method === "GET" && candidate.path === collection)?.id as string;
    const bodies = fc.sample(validBodies(model, operation), { seed: SEED, numRuns: RUNS });
    expect(bodies.length).toBe(RUNS);
    for (const body of bodies) {
      const created = await call(server, "POST", collection, body);
      expect(created.status, `${JSON.stringify(body)} → ${JSON.stringify(created.body)}`).toBe(201);
      const verdict = evaluateResponse(published, operation, "201", created.body);
      expect(verdict.violations, JSON.stringify(created.body)).toEqual([]);
      const { id } = created.body as { id: string };
      const got = await call(server, "GET", `${collection}/${id}`);
      expect(evaluateResponse(published, getId, "200", got.body).violations).toEqual([]);
    }
    const list = await call(server, "GET", collection);
    expect(evaluateResponse(published, listId, "200", list.body).violations).toEqual([]);
  }, 120_000);
});
