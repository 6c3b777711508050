// `createServer()`: a node:http server that answers like the service. Routing, auth, rate
// limits, latency, body limits and errors live here; what a route does lives in handlers.ts.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadApi, reportUnderivable } from "./api.js";
import { ServeError } from "./errors.js";
import { behaviourOf } from "./families.js";
import { handleGraphql } from "./graphql.js";
import { handle, type Reply, templatesOf } from "./handlers.js";
import { BodyTooLarge, problem, readBody, send } from "./http.js";
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_REQUEST_TIMEOUT_MS, type ServeOptions } from "./options.js";
import { RateLimiter } from "./rate-limit.js";
import { takesInWords, unknownQuery, unknownQueryProblem } from "./query.js";
import { buildRoutes, matchRoute } from "./routes.js";
import { StateFile } from "./journal.js";
import { type Snapshot, Store } from "./store.js";
import { seedState } from "./seed.js";
import { DEFAULT_POD_STARTUP_READS, PodLifecycle } from "./pod-lifecycle.js";
import { unsupportedMediaType } from "./media-type.js";
import { badQueryValues } from "./synthetic.js";
import { balancerReply, byHost, byPath } from "./load-balancer.js";

export interface V2kitServer extends Server {
  /** Back to the state the server started with (the `--state` file as it was, or the seed). */
  reset(): void;
  /** A copy of the current state, in the `--state` file's format. */
  state(): Snapshot;
  /** `http://host:port` once listening. */
  url(): string;
  /** Required response fields nothing can provide (derive.ts), by operation: those operations answer 500 when they need one. */
  underivable(): { operation: string; pointers: string[] }[];
}

const unauthorized = (detail: string): Reply => ({ status: 401, body: problem(401, "Unauthorized", detail) });

/** Spec, Authentication: Bearer on REST, `api_key` in the query string on GraphQL. */
function credential(request: IncomingMessage, url: URL, graphql: boolean): string | Reply {
  if (graphql) {
    const key = url.searchParams.get("api_key");
    return key ? key : unauthorized("the api_key query parameter is missing");
  }
  const header = request.headers.authorization;
  if (header === undefined) return unauthorized("the Authorization header is missing: send `Authorization: Bearer <API_KEY>`");
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  return match ? (match[1] as string) : unauthorized("the Authorization header is malformed: expected `Bearer <API_KEY>`");
}

export async function createServer(options: ServeOptions = {}): Promise<V2kitServer> {
  const startupReads = options.podStartupReads ?? DEFAULT_POD_STARTUP_READS;
  if (!Number.isSafeInteger(startupReads) || startupReads < 0) {
    throw new ServeError("invalid-option", `createServer: podStartupReads must be a whole number from 0 up, not ${String(options.podStartupReads)}`);
  }
  const api = await loadApi(options);
  const routes = buildRoutes(api.model.operations);
  // The collections with pod actions (`/v2/pods/{id}/action`) start up on a schedule (pod-lifecycle.ts).
  const podCollections = new Set<string>();
  for (const route of routes) {
    const behaviour = behaviourOf(api.model, route);
    if (behaviour.kind === "action") podCollections.add(behaviour.collection);
  }
  const pods = new PodLifecycle(startupReads, podCollections);
  const store = new Store(options.seed);
  const state = options.stateFile ? new StateFile(options.stateFile) : undefined;
  state?.acquire(); // a second server on the same file is refused (state-lock.ts)
  let initial: Snapshot;
  try {
    initial = state?.load() ?? seedState(routes, api, options.templates ?? []);
  } catch (error) {
    state?.close();
    throw error;
  }
  store.reset(initial);
  // Fields every starting record of a collection has (catalog records) count as provided.
  const seeded = new Map<string, Set<string>>();
  for (const [name, records] of Object.entries(initial.collections)) {
    if (records.length === 0) continue;
    const common = new Set(Object.keys(records[0] as object));
    for (const record of records) for (const key of common) if (!Object.hasOwn(record, key)) common.delete(key);
    seeded.set(name, common);
  }
  reportUnderivable(api, seeded);
  if (state) {
    state.open(store.snapshot());
    store.onChange = (change) => state.record(change);
  }
  const limiter = new RateLimiter(options.rateLimits ?? []);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = options.now ?? (() => new Date());
  // Acknowledged changes are on disk before the answer is sent (journal.ts).
  const changed = () => state?.flush(() => store.snapshot());

  async function respond(request: IncomingMessage, response: ServerResponse): Promise<Reply & { headers?: Record<string, string> }> {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = (request.method ?? "GET").toUpperCase();
    // A browser's preflight carries no key: answered before auth when the origin is allowed.
    if (method === "OPTIONS" && cors !== undefined && request.headers["access-control-request-method"] !== undefined) {
      return { status: 204, headers: preflightHeaders(request) };
    }
    // Spec, Versioning 1: the document in use is served at /v2/openapi.json, whatever it declares.
    if (method === "GET" && url.pathname === "/v2/openapi.json") {
      const key = credential(request, url, false);
      if (typeof key !== "string") return key;
      if (options.apiKey !== undefined && key !== options.apiKey) return unauthorized("the API key is invalid");
      return { status: 200, body: api.document };
    }
    // A load balancer's own URLs (load-balancer.ts): a Host `<endpoint_id>.…` naming one, or `/lb/<endpoint_id>/…` no route of the document takes.
    const hosted = byHost(store, request.headers.host, url.pathname);
    const graphql = hosted === undefined && (url.pathname === "/graphql" || url.pathname.endsWith("/graphql"));
    let match = graphql || hosted ? undefined : matchRoute(routes, method, url.pathname);
    let balancer = hosted;
    if (match?.kind === "not-found") {
      balancer = byPath(url.pathname);
      if (balancer === undefined) return { status: 404, body: problem(404, "Not Found", `no route ${url.pathname} in the document`) };
      match = undefined;
    }
    const key = credential(request, url, graphql);
    if (typeof key !== "string") return key;
    if (options.apiKey !== undefined && key !== options.apiKey) return unauthorized("the API key is invalid");
    const rate = limiter.take(key);
    if (rate.exceeded) {
      const detail = `rate limit exceeded for the ${rate.exceeded.window} window; retry after ${rate.exceeded.retryAfter} s`;
      return { status: 429, body: problem(429, "Too Many Requests", detail), headers: { ...rate.headers, "Retry-After": String(rate.exceeded.retryAfter) } };
    }
    const headers = rate.headers;
    if (balancer) return { ...balancerReply(store, balancer, method), headers };
    if (graphql || match === undefined) {
      if (method !== "POST") return { status: 405, body: problem(405, "Method Not Allowed", "GraphQL takes POST"), headers: { ...headers, Allow: "POST" } };
      const reply = handleGraphql(api, store, await readBody(request, maxBody), { templates: templatesOf(store) });
      if (reply.status < 300) changed();
      return { ...reply, headers };
    }
    if (match.kind === "method-not-allowed") {
      return {
        status: 405,
        body: problem(405, "Method Not Allowed", `${method} is not allowed on ${url.pathname}`),
        headers: { ...headers, Allow: match.allow.join(", ") },
      };
    }
    // A query parameter the operation does not take is refused, not ignored (query.ts).
    const unknown = unknownQuery(match.route, url.searchParams);
    if (unknown.length > 0) {
      if (!options.allowUnknownQuery) return { status: 400, body: unknownQueryProblem(match.route, unknown), headers };
      options.onWarning?.(
        `${method} ${url.pathname}: ignored query parameter${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")} (${match.route.operation.id}: ${takesInWords(match.route)})`,
      );
    }
    if (match.route.template.endsWith("/openapi.json")) return { status: 200, body: api.document, headers };
    const body = match.route.operation.request ? await readBody(request, maxBody) : undefined;
    // A body in a media type the document does not declare for the operation: 415 (media-type.ts).
    const unsupported = body === undefined ? undefined : unsupportedMediaType(match.route, request.headers["content-type"], body);
    if (unsupported) return { ...unsupported, headers: { ...headers, ...unsupported.headers } };
    const behaviour = behaviourOf(api.model, match.route);
    // A synthetic answer (synthetic.ts) still judges the query: values outside the parameters' schemas are 400.
    if (behaviour.kind === "not-simulated" && api.synthesizes && match.route.method === "GET") {
      const bad = badQueryValues(api.model, match.route.operation.parameters, url.searchParams);
      if (bad.length > 0) {
        const detail = `${bad.length === 1 ? "a query value does" : "query values do"} not fit the parameters of ${match.route.operation.id} (${match.route.method} ${match.route.template}): ${bad.join("; ")}`;
        return { status: 400, body: problem(400, "Bad Request", detail, bad), headers };
      }
    }
    const requestBase = options.requestBase ?? origin(request, server);
    const reply = handle({
      api,
      store,
      route: match.route,
      behaviour,
      params: match.params,
      body,
      requestBase,
      now,
      pods,
      changed,
    });
    void response;
    return { ...reply, headers: { ...headers, ...reply.headers } };
  }

  const cors = options.cors === undefined || options.cors.length === 0 ? undefined : new Set(options.cors);
  /** The origin to allow for this request: `*` when any is, the request's own when listed, else none. */
  const allowedOrigin = (request: IncomingMessage): string | undefined => {
    if (cors === undefined) return undefined;
    if (cors.has("*")) return "*";
    const requested = request.headers.origin;
    return typeof requested === "string" && cors.has(requested) ? requested : undefined;
  };
  const corsHeaders = (request: IncomingMessage): Record<string, string> => {
    const allowed = allowedOrigin(request);
    if (allowed === undefined) return {};
    return {
      "Access-Control-Allow-Origin": allowed,
      "Access-Control-Expose-Headers": "RateLimit, RateLimit-Policy, Retry-After",
      ...(allowed === "*" ? {} : { Vary: "Origin" }),
    };
  };
  const preflightHeaders = (request: IncomingMessage): Record<string, string> => {
    if (allowedOrigin(request) === undefined) return {};
    const asked = request.headers["access-control-request-headers"];
    return {
      "Access-Control-Allow-Methods": "GET, POST, PATCH, PUT, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": typeof asked === "string" && /^[\w\s,-]*$/.test(asked) && asked.trim() !== "" ? asked : "Authorization, Content-Type",
      "Access-Control-Max-Age": "600",
    };
  };

  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // Node checks the request deadline on this interval (30 s by default): check well within it.
  const checking = Math.max(100, Math.min(1000, Math.floor(requestTimeout / 2)));
  const server = createHttpServer({ requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: checking }, (request, response) => {
    respond(request, response)
      .catch((error: unknown): Reply => {
        if (error instanceof BodyTooLarge) return { status: 413, body: problem(413, "Content Too Large", `the request body is larger than ${maxBody} bytes`) };
        return { status: 500, body: problem(500, "Internal Server Error", `v2kit serve failed: ${(error as Error)?.message ?? String(error)}`) };
      })
      .then(async (reply: Reply & { headers?: Record<string, string> }) => {
        if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
        const headers = cors === undefined ? reply.headers : { ...corsHeaders(request), ...reply.headers };
        send(response, reply.status, request.method === "HEAD" ? undefined : reply.body, headers, reply.contentType);
      })
      .catch(() => response.destroy());
  }) as V2kitServer;
  // Bytes that are not HTTP, or a client too slow to send its request: answer and hang up.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    else socket.destroy();
  });
  server.reset = () => {
    store.reset(initial);
    pods.reset();
    limiter.reset();
    state?.compact(store.snapshot());
  };
  // A clean stop leaves the whole state in FILE itself (and an empty journal beside it).
  server.on("close", () => {
    state?.compact(store.snapshot());
    state?.close();
  });
  server.state = () => store.snapshot();
  server.underivable = () => structuredClone(api.underivable);
  server.url = () => {
    const address = server.address() as AddressInfo | null;
    if (!address) throw new ServeError("not-listening", "the server is not listening");
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };
  return server;
}

function origin(request: IncomingMessage, server: V2kitServer): string {
  const host = request.headers.host;
  return host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : server.url();
}
