// Issue 43: the load-balancer URLs serve handed out, `http://<id>.127.0.0.1:PORT`, resolved for no
// client. They are now `{request_base}/lb/<id>` on the server's own address: each client a user
// has on this machine (Node's fetch, curl, Python's urllib) reaches them, and what answers is the
// simulated load balancer (501 naming the endpoint: no workers run here; 404 for any other id).
// A Host of the spec's shape, `<id>.<host>`, is routed the same way for clients that set it.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, readJson } from "./helpers.js";

const AUTH = { authorization: "Bearer test-key" };

/** What python3's urllib gets for `url` (with the Bearer key): `status body`, 4xx/5xx included. */
const PYTHON_GET = `
import sys, urllib.request, urllib.error
request = urllib.request.Request(sys.argv[1], headers={"Authorization": "Bearer test-key"})
try:
    with urllib.request.urlopen(request, timeout=10) as response:
        print(response.status, response.read().decode())
except urllib.error.HTTPError as error:
    print(error.code, error.read().decode())
`;

/** The `detail` of a problem body given as JSON text. */
const detailOf = (text: string): string => (JSON.parse(text) as { detail: string }).detail;

describe("serve: load-balancer URLs", () => {
  const serve = { url: "", child: undefined as ReturnType<typeof spawn> | undefined, exited: Promise.resolve<number | null>(null) };
  let stdout = "";
  let id = "";
  let urls: { base: string; health: string };

  beforeAll(async () => {
    // `v2kit serve --port 0` as a user starts it, its whole stdout kept (the banner's two lines).
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--seed", "1"], { stdio: ["ignore", "pipe", "pipe"] });
    serve.child = child;
    serve.exited = new Promise((resolve) => child.on("close", (code) => resolve(code)));
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    serve.url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += String(chunk);
        const found = /^listening on (http:\/\/\S+)$/m.exec(stdout);
        if (found && stdout.includes("load-balancing")) resolve(found[1] as string);
      });
      void serve.exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    });
    const body = { ...(readJson("examples/create-endpoint-cpu.json") as object), type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT", requestCount: 4 } };
    const created = await fetch(`${serve.url}/v2/serverless`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: string; requestUrls: { base: string; health: string } };
    id = endpoint.id;
    urls = endpoint.requestUrls;
  }, 60_000);

  afterAll(async () => {
    serve.child?.kill("SIGTERM");
    await serve.exited;
  });

  it("hands out URLs on its own address: {request_base}/lb/<id>, health /ping under it", () => {
    expect(urls).toEqual({ base: `${serve.url}/lb/${id}`, health: `${serve.url}/lb/${id}/ping` });
  });

  it("Node's fetch reaches the health URL: the simulated load balancer answers 501 naming the endpoint", async () => {
    const response = await fetch(urls.health, { headers: AUTH });
    expect(response.status).toBe(501);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toContain(`"${id}"`);
    expect(problem.detail).toContain("GET /ping");
    expect(problem.detail).toContain("simulated");
  });

  it("curl reaches it (and the base with a worker path), and so does a request with the spec's Host shape", () => {
    const curl = (...args: string[]) =>
      execFileSync("curl", ["-sS", "-H", "Authorization: Bearer test-key", "-w", "\n%{http_code}", ...args], { encoding: "utf8", timeout: 20_000 });
    const health = curl(urls.health).split("\n");
    expect(health[1]).toBe("501");
    expect(detailOf(health[0]!)).toContain(`"${id}"`);
    const worker = curl("-X", "POST", "-d", "{}", `${urls.base}/v1/generate`).split("\n");
    expect(worker[1]).toBe("501");
    expect(detailOf(worker[0]!)).toContain("POST /v1/generate");
    const port = new URL(serve.url).port;
    const hosted = curl("-H", `Host: ${id}.127.0.0.1:${port}`, `${serve.url}/ping`).split("\n");
    expect(hosted[1]).toBe("501");
    expect(detailOf(hosted[0]!)).toContain(`"${id}"`);
  });

  it("python3's urllib reaches it", () => {
    const run = spawnSync("python3", ["-c", PYTHON_GET, urls.health], { encoding: "utf8", timeout: 20_000 });
    expect(run.status, run.stderr).toBe(0);
    const [status, ...rest] = run.stdout.trim().split(" ");
    expect(status).toBe("501");
    expect(detailOf(rest.join(" "))).toContain(`"${id}"`);
  });

  it("an id that is no load-balancing endpoint is 404; a key is needed as on every route", async () => {
    expect((await fetch(`${serve.url}/lb/nope/ping`, { headers: AUTH })).status).toBe(404);
    expect((await fetch(urls.health)).status).toBe(401);
  });

  it("the start-up banner says where load balancers answer, and that it is a simulation", () => {
    expect(stdout).toMatch(/^load-balancing endpoints at http:\/\/127\.0\.0\.1:\d+\/lb\/<endpoint id> \(simulated: no workers run; docs\/serve\.md\)$/m);
  });
});
