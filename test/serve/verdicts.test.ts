// Every rule of the rules file gives the same verdict over HTTP as `lint`: generated bodies (valid
// ones, and each rule's violations) go through both paths and must get equal problem bodies.
// Valid creates must always come back 201, inside the document's response contract (never 500).

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import data from "../../output/tests/model.json" with { type: "json" };
import { contextFor, rulesFor, type TestModel, validBodies, violate } from "../../testing/index.js";
import { lint } from "../../lint/lint.js";
import type { V2kitServer } from "../../serve/index.js";
import { call, start, stop } from "./helpers.js";

const model = data as unknown as TestModel;
const SEED = Number(process.env.V2KIT_SEED ?? 20261122);
const RUNS = Number(process.env.V2KIT_RUNS ?? 12);
const { catalog, templates } = model.context;

let server: V2kitServer;
beforeAll(async () => {
  server = await start({ ...(catalog ? { catalog } : {}), ...(templates ? { templates } : {}) });
});
afterAll(() => stop(server));

const lintProblem = (operation: string, body: unknown, current?: unknown) =>
  lint(JSON.stringify(body), { operation, ...(catalog ? { catalog } : {}), ...(templates ? { templates } : {}), ...(current === undefined ? {} : { current }) })
    .problem;

const schemaValid = (operation: string) => (body: unknown) => {
  const context = contextFor(model, operation);
  return lint(body, { operation, ...context }).violations.every((violation) => !violation.rule.startsWith("schema/"));
};

/** Creates over HTTP: the operations whose route is a POST on a collection. */
const CREATES: [operation: string, path: string][] = [
  ["createEndpoint", "/v2/serverless"],
  ["createPod", "/v2/pods"],
];

describe.each(CREATES)("%s over HTTP", (operation, path) => {
  it("valid bodies: 201 with a body inside the response contract, as lint accepts them", async () => {
    const bodies = fc.sample(validBodies(model, operation, schemaValid(operation)), { seed: SEED, numRuns: RUNS });
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      const expected = lintProblem(operation, body);
      const answer = await call(server, "POST", path, body);
      if (expected === null) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      else expect(answer.body).toEqual(expected);
    }
  });

  it.each(rulesFor(model, operation).map((rule) => [rule.id, rule] as const))("%s: the same status and problem body as lint", async (_id, rule) => {
    let compared = 0;
    // Some rules can only be broken on some bodies (CPU rules on CPU bodies): draw more, compare RUNS.
    for (const body of fc.sample(validBodies(model, operation, schemaValid(operation)), { seed: SEED, numRuns: RUNS * 6 })) {
      if (compared >= RUNS) break;
      const bad = violate(model, rule, operation, body);
      if (bad === undefined) continue;
      const expected = lintProblem(operation, bad);
      const answer = await call(server, "POST", path, bad);
      expect(answer.status).toBe(expected?.status ?? 201);
      if (expected) expect(answer.body).toEqual(expected);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });
});

/** PATCH routes: a resource is created first, then patched with generated (violating) patches. */
const UPDATES: [operation: string, create: string, path: string][] = [
  ["updateEndpoint", "createEndpoint", "/v2/serverless"],
  ["updatePod", "createPod", "/v2/pods"],
];

describe.each(UPDATES)("%s over HTTP", (operation, createOperation, path) => {
  it.each(rulesFor(model, operation).map((rule) => [rule.id, rule] as const))("%s: the same verdict as lint against the stored resource", async (_id, rule) => {
    const [seedBody] = fc.sample(validBodies(model, createOperation, schemaValid(createOperation)), { seed: SEED, numRuns: 1 });
    const created = await call(server, "POST", path, seedBody);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    let compared = 0;
    for (const patch of fc.sample(validBodies(model, operation, schemaValid(operation)), { seed: SEED, numRuns: RUNS })) {
      const bad = violate(model, rule, operation, patch) ?? patch;
      const current = server.state().collections[path]?.find((record) => record.id === id);
      const expected = lintProblem(operation, bad, current);
      const answer = await call(server, "PATCH", `${path}/${id}`, bad);
      if (expected) {
        expect(answer.body).toEqual(expected);
        compared++;
      } else expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect(compared).toBeGreaterThanOrEqual(0);
  });
});
