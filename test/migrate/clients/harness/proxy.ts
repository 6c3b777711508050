// The loopback front door the redirect layers send a fixture client's requests to. A redirected
// URL keeps the host it was written for as its first path segment
// (`https://rest.runpod.io/v1/pods` → `http://127.0.0.1:PORT/rest.runpod.io/v1/pods`), so one
// port serves every host and each request is recorded with the host the code named:
// - the REST and GraphQL hosts (`rest.runpod.io`, `api.runpod.io`) go to `v2kit serve`;
// - the queue API (`api.runpod.ai/v2/{id}/run`, `/runsync`, `/status/{job}`, `/health`) is
//   answered here, because serve does not simulate it: a call the fix must leave alone still
//   works after the fix only if it still reaches this host with this path;
// - any other host gets 502, so a redirect layer that rewrites too much shows up.
// serve keeps no request log; this is it.

import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Hosts whose requests go on to `v2kit serve`: the v1 server, the v2 server (the fix's default base, live/flags.ts) and GraphQL. */
export const SERVE_HOSTS = ["rest.runpod.io", "api.runpod.io"] as const;
/** The queue (job) API host, answered by the stub below. */
export const QUEUE_HOST = "api.runpod.ai";
export const REDIRECTED_HOSTS: readonly string[] = [...SERVE_HOSTS, QUEUE_HOST];

export interface RecordedRequest {
  /** The host the client's code named. */
  host: string;
  method: string;
  /** The path without the query string, as the client sent it (`/v1/pods`). */
  path: string;
  /** The query string with its `?`, or "". */
  query: string;
  /** The request's `content-type` header, or undefined. */
  contentType: string | undefined;
  /** The request body as text ("" when none). */
  body: string;
  /** The status the client got back. */
  status: number;
}

export interface ClientProxy {
  /** `http://127.0.0.1:PORT`, what the redirect layers rewrite to. */
  url: string;
  /** Every request since the last `clear()`, in arrival order. */
  requests(): RecordedRequest[];
  clear(): void;
  close(): Promise<void>;
}

const readAll = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });

const json = (response: ServerResponse, status: number, body: unknown): number => {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  response.end(text);
  return status;
};

/** The queue API's answers, enough for a client that submits a job and reads its status. */
function answerQueue(method: string, path: string, request: IncomingMessage, response: ServerResponse, jobs: { next: number }): number {
  if (!/^Bearer \S+$/.test(request.headers.authorization ?? "")) return json(response, 401, { error: "Unauthorized" });
  const run = /^\/v2\/([A-Za-z0-9_-]+)\/(run|runsync)$/.exec(path);
  if (run && method === "POST") {
    jobs.next += 1;
    const id = `job-${jobs.next}`;
    return json(response, 200, run[2] === "run" ? { id, status: "IN_QUEUE" } : { id, status: "COMPLETED", output: { ok: true } });
  }
  const status = /^\/v2\/([A-Za-z0-9_-]+)\/status\/([A-Za-z0-9_-]+)$/.exec(path);
  if (status && method === "GET") return json(response, 200, { id: status[2], status: "COMPLETED", output: { ok: true } });
  if (/^\/v2\/([A-Za-z0-9_-]+)\/health$/.test(path) && method === "GET") {
    return json(response, 200, { jobs: { completed: jobs.next, failed: 0, inProgress: 0, inQueue: 0, retried: 0 }, workers: { idle: 0, running: 0 } });
  }
  return json(response, 404, { error: `the queue API has no ${method} ${path}` });
}

function forward(serveUrl: URL, method: string, pathAndQuery: string, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<number> {
  return new Promise((resolve) => {
    const headers = { ...request.headers, host: serveUrl.host };
    const upstream = httpRequest({ hostname: serveUrl.hostname, port: serveUrl.port, method, path: pathAndQuery, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on("end", () => resolve(answer.statusCode ?? 502));
    });
    upstream.on("error", (error) => resolve(json(response, 502, { error: `v2kit serve did not answer: ${error.message}` })));
    upstream.end(body);
  });
}

/** Starts the proxy on a free loopback port in front of the serve listening at `serveUrl`. */
export async function startClientProxy(serveUrl: string): Promise<ClientProxy> {
  const target = new URL(serveUrl);
  const log: RecordedRequest[] = [];
  const jobs = { next: 0 };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const method = (request.method ?? "GET").toUpperCase();
      const raw = request.url ?? "/";
      const match = /^\/([^/?#]+)(\/[^?#]*)?(\?[^#]*)?$/.exec(raw);
      const body = await readAll(request);
      const host = match?.[1] ?? "";
      const path = match?.[2] ?? "/";
      const query = match?.[3] ?? "";
      let status: number;
      if ((SERVE_HOSTS as readonly string[]).includes(host)) status = await forward(target, method, path + query, request, body, response);
      else if (host === QUEUE_HOST) status = answerQueue(method, path, request, response, jobs);
      else status = json(response, 502, { error: `no redirected host in ${raw}: the redirect layer sent a URL it should not have` });
      log.push({ host, method, path, query, contentType: request.headers["content-type"], body: body.toString("utf8"), status });
    })().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => log.map((request) => ({ ...request })),
    clear: () => void log.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
