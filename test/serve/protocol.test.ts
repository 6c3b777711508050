// v2kit serve: authentication, routing errors, limits and robustness, as the service answers them.

import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { V2kitServer } from "../../serve/index.js";
import { parseRateLimit } from "../../serve/index.js";
import { parseRateLimit as parseRateLimitHeaders } from "../../live/rate-limit.js";
import { call, readJson, start, stop } from "./helpers.js";

const problemType = "application/problem+json";

describe("auth and routing", () => {
  let server: V2kitServer;
  beforeAll(async () => {
    server = await start({ apiKey: "right-key" });
  });
  afterAll(() => stop(server));

  it("401 with a problem body without a key, with a malformed header, and with another key than --api-key", async () => {
    for (const key of [null, "wrong-key"]) {
      const answer = await call(server, "GET", "/v2/serverless", undefined, key);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe(problemType);
      expect(answer.body).toMatchObject({ status: 401, title: "Unauthorized" });
    }
    const malformed = await fetch(`${server.url()}/v2/serverless`, { headers: { authorization: "Basic abc" } });
    expect(malformed.status).toBe(401);
    expect((await call(server, "GET", "/v2/serverless", undefined, "right-key")).status).toBe(200);
  });

  it("404 for a route the document does not have, 405 with Allow for a method it does not have", async () => {
    const unknown = await call(server, "GET", "/v2/nothing-here", undefined, "right-key");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe(problemType);
    const wrong = await call(server, "DELETE", "/v2/network-volumes", undefined, "right-key");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, POST");
    expect(wrong.body).toMatchObject({ status: 405 });
  });

  it("malformed JSON is the same 400 problem lint gives; a body over the limit is 413", async () => {
    const bad = await call(server, "POST", "/v2/serverless", '{"name": ', "right-key");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, title: "Bad Request" });
    const huge = await call(server, "POST", "/v2/serverless", { name: "x".repeat(2 * 1024 * 1024) }, "right-key");
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ status: 413 });
  });

  it("serves its own document at /v2/openapi.json", async () => {
    const doc = await call(server, "GET", "/v2/openapi.json", undefined, "right-key");
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: expect.any(Object) });
  });
});

describe("rate limits", () => {
  let server: V2kitServer;
  beforeAll(async () => {
    server = await start({ rateLimits: [parseRateLimit("3/minute"), parseRateLimit("100/hour")] });
  });
  afterAll(() => stop(server));

  it("RateLimit and RateLimit-Policy on every response (parsed by the --live parser), then 429 with Retry-After", async () => {
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await call(server, "GET", "/v2/pods");
      expect(answer.status).toBe(200);
      const windows = parseRateLimitHeaders(answer.headers.get("ratelimit"), answer.headers.get("ratelimit-policy"));
      expect(windows.map((entry) => [entry.window, entry.quota, entry.windowSeconds])).toEqual([
        ["minute", 3, 60],
        ["hour", 100, 3600],
      ]);
      seen.push(windows[0]?.remaining ?? -1);
    }
    expect(seen).toEqual([2, 1, 0]);
    const limited = await call(server, "GET", "/v2/pods");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ status: 429, detail: expect.stringContaining("minute") });
    // Quotas are per key.
    expect((await call(server, "GET", "/v2/pods", undefined, "another-key")).status).toBe(200);
  });

  it("rejects a malformed --rate-limit", () => {
    expect(() => parseRateLimit("lots")).toThrow(/N\/WINDOW/);
    expect(() => parseRateLimit("0/minute")).toThrow(/N ≥ 1/);
    expect(parseRateLimit("5/10s")).toEqual({ name: "10s", quota: 5, seconds: 10 });
  });
});

describe("robustness", () => {
  let server: V2kitServer;
  beforeAll(async () => {
    server = await start({ requestTimeoutMs: 500 });
  });
  afterAll(() => stop(server));

  it("concurrent requests are applied one at a time: 40 creates give 40 distinct ids, parallel PATCHes lose nothing", async () => {
    const body = readJson("examples/create-endpoint-gpu.json");
    const created = await Promise.all(Array.from({ length: 40 }, () => call(server, "POST", "/v2/serverless", body)));
    expect(created.every((a) => a.status === 201)).toBe(true);
    const ids = new Set(created.map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(40);
    const id = [...ids][0] as string;
    const patches = await Promise.all(Array.from({ length: 20 }, (_, i) => call(server, "PATCH", `/v2/serverless/${id}`, { workers: { max: 10 + i } })));
    expect(patches.every((a) => a.status === 200)).toBe(true);
    const final = (await call(server, "GET", `/v2/serverless/${id}`)).body as { workers: { max: number } };
    expect(patches.map((a) => (a.body as { workers: { max: number } }).workers.max)).toContain(final.workers.max);
  });

  it("a client that stops sending mid-body is cut off, and the server keeps answering", async () => {
    const { port } = new URL(server.url());
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("POST /v2/serverless HTTP/1.1\r\nhost: x\r\nauthorization: Bearer k\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{");
      });
      let received = "";
      socket.on("data", (chunk) => (received += String(chunk)));
      socket.on("close", () => resolve(received));
    });
    expect(closed).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect((await call(server, "GET", "/v2/serverless")).status).toBe(200);
  });

  it("garbage on the socket gets 400 and does not stop the server", async () => {
    const { port } = new URL(server.url());
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => socket.write("\x00\x01 NOT HTTP\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk) => (received += String(chunk)));
      socket.on("close", () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect((await call(server, "GET", "/v2/pods")).status).toBe(200);
  });
});
