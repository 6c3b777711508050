// A query parameter the operation does not take (issue 45, item 3): a migrated v1 cleanup loop
// sends `GET /v2/pods?name=ci-test`; v2 listPods takes only `includeClusterPods`, so a server
// that ignored `name` would list every pod, and the loop would delete them all. serve answers
// 400 with an RFC 9457 problem naming the parameter; `--allow-unknown-query` answers as if it
// were absent and says so on stderr. Over HTTP, against a started server.

import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { V2kitServer } from "../../serve/index.js";
import { type Answer, call, CLI, start, stop } from "./helpers.js";

const pod = (name: string) => ({ name, image: "example/trainer:2", gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 } });
const obj = (a: Answer) => a.body as Record<string, unknown>;

describe("serve refuses a query parameter the operation does not take", () => {
  let server: V2kitServer;
  beforeAll(async () => {
    server = await start();
    for (const name of ["ci-test", "production"]) expect((await call(server, "POST", "/v2/pods", pod(name))).status).toBe(201);
  });
  afterAll(() => stop(server));

  it("GET /v2/pods?name=ci-test is 400 with a problem naming `name` and what listPods takes; no pod is listed", async () => {
    const response = await fetch(`${server.url()}/v2/pods?name=ci-test`, { headers: { authorization: "Bearer k" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      title: "Bad Request",
      status: 400,
      detail: "query parameter `name` is not taken by listPods (GET /v2/pods): it takes only `includeClusterPods`",
      errors: ["name: not a query parameter of listPods"],
    });
  });

  it("the parameters the document declares are answered: includeClusterPods, the catalog's filters", async () => {
    const pods = await call(server, "GET", "/v2/pods?includeClusterPods=true");
    expect(pods.status).toBe(200);
    expect((obj(pods).pods as unknown[]).length).toBe(2);
    expect((await call(server, "GET", "/v2/catalog/gpus?include=AVAILABILITY&product=SERVERLESS")).status).toBe(200);
    expect((await call(server, "GET", "/v2/catalog/datacenters?regions=EUROPE&globalNetwork=true")).status).toBe(200);
    expect((await call(server, "GET", "/v2/catalog/templates?source=official")).status).toBe(200);
    // Billing is not simulated (501), but its parameters pass the query check.
    expect((await call(server, "GET", "/v2/billing/pods?bucketSize=day&podId=p-1")).status).toBe(501);
  });

  it("on a route with no query parameters too, each unknown one named once; auth still comes first", async () => {
    const id = (obj(await call(server, "GET", "/v2/pods")).pods as { id: string }[])[0]?.id as string;
    const answer = await call(server, "DELETE", `/v2/pods/${id}?force=1&force=2&dryRun=true`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      detail: `query parameters \`force\`, \`dryRun\` are not taken by deletePod (DELETE /v2/pods/{id}): it takes no query parameters`,
      errors: ["force: not a query parameter of deletePod", "dryRun: not a query parameter of deletePod"],
    });
    expect((obj(await call(server, "GET", "/v2/pods")).pods as unknown[]).length).toBe(2);
    expect((await call(server, "GET", "/v2/pods?name=ci-test", undefined, null)).status).toBe(401);
  });
});

describe("createServer({ allowUnknownQuery: true })", () => {
  it("answers as if the parameter were absent and reports it to onWarning", async () => {
    const warnings: string[] = [];
    const server = await start({ allowUnknownQuery: true, onWarning: (message) => warnings.push(message) });
    try {
      const answer = await call(server, "GET", "/v2/pods?name=ci-test");
      expect(answer.status).toBe(200);
      expect(warnings).toEqual(["GET /v2/pods: ignored query parameter name (listPods: it takes only `includeClusterPods`)"]);
    } finally {
      await stop(server);
    }
  });
});

describe("v2kit serve --allow-unknown-query", () => {
  /** `v2kit serve --port 0 …args`: one GET, then its stderr once stopped. */
  async function once(args: string[], path: string): Promise<{ status: number; stderr: string }> {
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        out += String(chunk);
        const listening = /^listening on (http:\/\/\S+)$/m.exec(out);
        if (listening) resolve(listening[1] as string);
      });
      void closed.then(() => reject(new Error(`serve exited: ${stderr}`)));
    });
    const response = await fetch(`${url}${path}`, { headers: { authorization: "Bearer k" } });
    await response.arrayBuffer();
    child.kill("SIGTERM");
    await closed;
    return { status: response.status, stderr };
  }

  it("without it: 400; with it: 200 and a warning on stderr naming the parameter", async () => {
    expect((await once([], "/v2/pods?name=ci-test")).status).toBe(400);
    const lenient = await once(["--allow-unknown-query"], "/v2/pods?name=ci-test");
    expect(lenient.status).toBe(200);
    expect(lenient.stderr).toContain("v2kit serve: warning: GET /v2/pods: ignored query parameter name (listPods: it takes only `includeClusterPods`)\n");
  });
});
