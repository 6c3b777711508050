// v2kit/client: the openapi-fetch middleware, against a loopback node:http server. A valid
// request goes out; an invalid one never reaches the server and yields the problem body (thrown
// or as the response); a response outside the document is reported.

import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as api from "../../output/index.mjs";
import { ContractError, contractMiddleware } from "../../client/index.js";

/** A minimal openapi-typescript-style `paths` for the two routes used (wt-types emits the full one in types.mts). */
interface paths {
  "/v2/serverless": {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { "application/json": api.RequestBody<"createEndpoint"> } };
      responses: { 201: { headers: Record<string, unknown>; content: { "application/json": unknown } } };
    };
  };
  "/v2/serverless/{id}": {
    get: {
      parameters: { query?: never; header?: never; path: { id: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: { headers: Record<string, unknown>; content: { "application/json": unknown } } };
    };
  };
}

const repo = path.resolve(import.meta.dirname, "../..");
const current = JSON.parse(readFileSync(path.join(repo, "examples/current-endpoint.json"), "utf8")) as Record<string, unknown>;
const valid = JSON.parse(readFileSync(path.join(repo, "examples/create-endpoint-gpu.json"), "utf8")) as api.RequestBody<"createEndpoint">;
/** gpu and cpu together: the spec's exactly-one rule (400). */
const invalid = { ...valid, cpu: [{ id: "cpu5c", vcpuCount: 4 }] } as api.RequestBody<"createEndpoint">;

/** What the server saw, and what it answers for GET /v2/serverless/{id}. */
const seen: { method: string; url: string; body: string }[] = [];
let getBody: unknown = {};
let server: Server;
let baseUrl = "";

function handle(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    seen.push({ method: request.method ?? "", url: request.url ?? "", body });
    response.setHeader("content-type", "application/json");
    if (request.method === "POST") {
      response.statusCode = 201;
      response.end(JSON.stringify(endpoint("ep-1", JSON.parse(body) as Record<string, unknown>)));
    } else {
      response.statusCode = 200;
      response.end(JSON.stringify(getBody));
    }
  });
}

/** An Endpoint resource the document accepts (the example of `lint --response 200`), with another id. */
function endpoint(id: string, body: Record<string, unknown>): Record<string, unknown> {
  return { ...current, name: body.name, id };
}

beforeAll(async () => {
  server = createServer(handle);
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("contractMiddleware", () => {
  it("lets a valid request through and accepts a response that matches the document", async () => {
    const client = createClient<paths>({ baseUrl });
    client.use(contractMiddleware({ api }));
    const before = seen.length;
    const { data, error, response } = await client.POST("/v2/serverless", { body: valid });
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ id: "ep-1", name: "sdxl-queue" });
    expect(seen.slice(before).map((request) => [request.method, request.url])).toEqual([["POST", "/v2/serverless"]]);
  });

  it("throws a ContractError with the problem body, and the server never sees the request", async () => {
    const client = createClient<paths>({ baseUrl });
    client.use(contractMiddleware({ api }));
    const before = seen.length;
    const thrown = await client.POST("/v2/serverless", { body: invalid }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ContractError);
    const error = thrown as ContractError;
    expect(error.side).toBe("request");
    expect(error.operation).toBe("createEndpoint");
    expect(error.problem.status).toBe(400);
    expect(error.result.violations.map((violation) => violation.rule)).toContain("gpu-cpu-exactly-one");
    expect(seen.length).toBe(before);
  });

  it('returns the problem body as the response with onInvalidRequest: "response"', async () => {
    const client = createClient<paths>({ baseUrl });
    client.use(contractMiddleware({ api, onInvalidRequest: "response" }));
    const before = seen.length;
    const { data, error, response } = await client.POST("/v2/serverless", { body: invalid });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(error).toEqual(api.check("createEndpoint", invalid).problem);
    expect(seen.length).toBe(before);
  });

  it("reports a response body outside the document: thrown by default, or passed on to onReport", async () => {
    getBody = { id: 42, name: ["not", "a", "string"] };
    const strict = createClient<paths>({ baseUrl });
    strict.use(contractMiddleware({ api }));
    const thrown = await strict.GET("/v2/serverless/{id}", { params: { path: { id: "ep-1" } } }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ContractError);
    expect((thrown as ContractError).side).toBe("response");
    expect((thrown as ContractError).responseStatus).toBe(200);
    expect((thrown as ContractError).result.violations.some((violation) => violation.path === "/id")).toBe(true);

    const reports: ContractError[] = [];
    const lenient = createClient<paths>({ baseUrl });
    lenient.use(contractMiddleware({ api, onInvalidResponse: "report", onReport: (error) => reports.push(error) }));
    const { data } = await lenient.GET("/v2/serverless/{id}", { params: { path: { id: "ep-1" } } });
    expect(data).toEqual(getBody);
    expect(reports.map((report) => [report.side, report.operation])).toEqual([["response", "getEndpoint"]]);
  });

  it("accepts a response body the document describes", async () => {
    getBody = endpoint("ep-2", valid as unknown as Record<string, unknown>);
    const client = createClient<paths>({ baseUrl });
    client.use(contractMiddleware({ api }));
    const { data, error } = await client.GET("/v2/serverless/{id}", { params: { path: { id: "ep-2" } } });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ id: "ep-2" });
  });
});
