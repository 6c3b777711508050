// v2kit serve: the GraphQL endpoint for the four template and secret mutations, with the key in
// the query string (spec, Authentication 5) and the same verdicts as `lint --operation graphql:*`.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lint } from "../../lint/lint.js";
import type { V2kitServer } from "../../serve/index.js";
import { call, readJson, start, stop } from "./helpers.js";

let server: V2kitServer;
beforeAll(async () => {
  server = await start();
});
afterAll(() => stop(server));
beforeEach(() => server.reset());

async function gql(body: unknown, key: string | null = "test-key") {
  const response = await fetch(`${server.url()}/graphql${key === null ? "" : `?api_key=${key}`}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as Record<string, unknown> };
}

const save = (name: string, extra = "") => ({
  query: `mutation { saveTemplate(input: {name: "${name}", imageName: "example/worker:1", containerDiskInGb: 10, volumeInGb: 0, isServerless: true${extra}}) { id name imageName } }`,
});

describe("GraphQL", () => {
  it("saveTemplate creates (inline arguments) and answers the selected fields under data", async () => {
    const answer = await gql(save("worker-tpl"));
    expect(answer.status).toBe(200);
    const saved = (answer.body.data as { saveTemplate: Record<string, unknown> }).saveTemplate;
    expect(saved).toEqual({ id: expect.stringMatching(/^[a-z0-9]{14}$/), name: "worker-tpl", imageName: "example/worker:1" });
  });

  it("a template saved over GraphQL can be used by createEndpoint, and cannot be deleted while in use", async () => {
    const saved = (await gql(save("in-use"))).body.data as { saveTemplate: { id: string } };
    const body = { name: "ep", type: "QUEUE", templateId: saved.saveTemplate.id, scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["ADA_24"] } };
    const created = await call(server, "POST", "/v2/serverless", body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ image: "example/worker:1" }); // template merge
    const refused = await gql({ query: 'mutation { deleteTemplate(templateName: "in-use") }' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain("in use");
    await call(server, "DELETE", `/v2/serverless/${(created.body as { id: string }).id}`);
  });

  it("variables and operationName work; a second template with the same name fails", async () => {
    const query = "mutation Save($input: SaveTemplateInput!) { saveTemplate(input: $input) { id name } }";
    const input = { name: "dup", imageName: "img:2", containerDiskInGb: 5, volumeInGb: 0, isServerless: true };
    expect((await gql({ query, variables: { input }, operationName: "Save" })).status).toBe(200);
    const again = await gql({ query, variables: { input }, operationName: "Save" });
    expect(again.status).toBe(400);
    expect(again.body.detail).toContain("exists already");
  });

  it("an invalid input gets exactly lint's status and problem body", async () => {
    const bad = save("bad", ", volumeInGb: 5");
    const expected = lint(JSON.stringify(bad), { operation: "graphql:saveTemplate" });
    expect(expected.ok).toBe(false);
    const answer = await gql(bad);
    expect(answer.status).toBe(expected.status);
    expect(answer.type).toBe("application/problem+json");
    expect(answer.body).toEqual(expected.problem);
  });

  it("secretCreate never returns the value; secretDelete of an unknown id is 404", async () => {
    const created = await gql({ query: 'mutation { secretCreate(input: {name: "hf", value: "hf_secret"}) { id name description } }' });
    expect(created.status).toBe(200);
    const secret = (created.body.data as { secretCreate: { id: string } }).secretCreate;
    expect(secret).toEqual({ id: expect.any(String), name: "hf", description: null });
    expect(JSON.stringify(server.state())).toContain("hf_secret"); // kept, as the service keeps it
    expect((await gql({ query: `mutation { secretDelete(id: "${secret.id}") }` })).body).toEqual({ data: { secretDelete: null } });
    expect((await gql({ query: `mutation { secretDelete(id: "${secret.id}") }` })).status).toBe(404);
  });

  it("needs api_key in the query string (401 problem without); a query document is lint's 400", async () => {
    const anonymous = await gql(save("x"), null);
    expect(anonymous.status).toBe(401);
    const query = await gql({ query: "query { myself { id } }" });
    expect(query.status).toBe(400);
    expect(query.type).toBe("application/problem+json");
  });

  it("templates listed nowhere else stay GraphQL's; REST /v2/templates lists the --templates ones", async () => {
    await gql(save("graphql-only"));
    const listed = await call(server, "GET", "/v2/templates");
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain("graphql-only");
    void readJson;
  });
});
