// Live context against a real HTTP server on 127.0.0.1 (port 0): auth, problem bodies, 429
// retries, timeouts, the disk cache, rate-limit headers, and `v2kit context pull` as a child
// process. Nothing here reaches beyond loopback.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { retryAfterSeconds } from "../../live/client.js";
import { resolveApiKey } from "../../live/key.js";
import {
  DEFAULT_BASE_URL,
  LiveError,
  type LiveOptions,
  fetchCurrent,
  liveContext,
  liveHelp,
  liveOptionsFrom,
  liveParseOptions,
  parseRateLimit,
  pullContext,
} from "../../live/index.js";

const KEY = "sk-live-test-0123456789-SECRET";
const FORBIDDEN_KEY = "sk-no-access-SECRET";

const FIXTURES: Record<string, unknown> = {
  "/v2/catalog/gpus": { gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48", cudaVersions: ["12.4"] }] },
  "/v2/catalog/cpus": { cpus: [{ id: "cpu3c", vcpu: { min: 2, max: 32 }, ramGbPerVcpu: 2 }] },
  "/v2/templates": { templates: [{ id: "own-1", name: "mine" }] },
  "/v2/catalog/templates": { templates: [{ id: "pub-1", name: "public" }] },
  "/v2/serverless/ep-1": { id: "ep-1", name: "worker", gpu: { pools: ["AMPERE_48"] } },
  "/v2/serverless/ep-cuda": {
    id: "ep-cuda",
    name: "worker",
    type: "QUEUE",
    gpu: { pools: ["AMPERE_48"], allowedCudaVersions: ["12.4"], minCudaVersion: null },
  },
  "/v2/pods/pod-1": { id: "pod-1", name: "box" },
  "/broken/v2/catalog/gpus": { gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48" }, "NVIDIA L4"] },
  "/broken/v2/catalog/cpus": { cpus: [{ id: "cpu3c" }] },
};

interface Received {
  path: string;
  authorization: string | undefined;
}

// ---------------------------------------------------------------- the fake service

let server: Server;
let baseUrl: string;
let received: Received[] = [];
/** Path → number of 429s still to send before serving it. */
let limited = new Map<string, number>();
let retryAfter = "2";
let slowPaths = new Set<string>();

function problem(res: ServerResponse, status: number, title: string, detail: string, errors?: string[]) {
  res.writeHead(status, { "content-type": "application/problem+json" });
  res.end(JSON.stringify({ title, status, detail, ...(errors ? { errors } : {}) }));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? "";
  received.push({ path, authorization: req.headers.authorization });
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${KEY}` && auth !== `Bearer ${FORBIDDEN_KEY}`) {
    return problem(res, 401, "Unauthorized", "Bearer token missing or invalid.", ["Authorization: no valid bearer token"]);
  }
  const count = received.filter((request) => request.path === path).length;
  res.setHeader("RateLimit", `"minute";r=${60 - count};t=30, "hour";r=${1000 - count};t=1800`);
  res.setHeader("RateLimit-Policy", `"minute";q=60;w=60, "hour";q=1000;w=3600`);
  if (auth === `Bearer ${FORBIDDEN_KEY}`) return problem(res, 403, "Forbidden", "This key cannot read the catalog.");
  const left = limited.get(path) ?? 0;
  if (left > 0) {
    limited.set(path, left - 1);
    res.setHeader("Retry-After", retryAfter);
    return problem(res, 429, "Too Many Requests", "Per-user rate limit exceeded for window minute.");
  }
  if (path === "/v2/pods/evil") return problem(res, 500, "Oops", "bad \u001b[2J\u0007 bytes", ["line\u001b]0;title"]);
  const body = FIXTURES[path];
  if (body === undefined) return problem(res, 404, "Not Found", `No resource at ${path}.`);
  const send = () => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (slowPaths.has(path)) setTimeout(send, 1000);
  else send();
}

let cacheDir: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  received = [];
  limited = new Map();
  retryAfter = "2";
  slowPaths = new Set();
  cacheDir = await mkdtemp(join(tmpdir(), "v2kit-live-cache-"));
});
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

const options = (extra: Partial<LiveOptions> = {}): LiveOptions => ({
  baseUrl,
  apiKey: KEY,
  cache: { dir: cacheDir, ttlSeconds: 300 },
  sleep: async () => {},
  ...extra,
});

async function liveError(promise: Promise<unknown>): Promise<LiveError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(LiveError);
  return error as LiveError;
}

async function cacheContents(): Promise<string[]> {
  const names = existsSync(cacheDir) ? await readdir(cacheDir) : [];
  return Promise.all(names.map((name) => readFile(join(cacheDir, name), "utf8")));
}

// ---------------------------------------------------------------- liveContext

describe("liveContext", () => {
  test("fetches only what the operation needs, with the Bearer header", async () => {
    const context = await liveContext("createEndpoint", ["catalog", "templates"], options());
    expect(context).toEqual({
      catalog: { gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48", cudaVersions: ["12.4"] }], cpus: [{ id: "cpu3c", vcpu: { min: 2, max: 32 }, ramGbPerVcpu: 2 }] },
      templates: [
        { id: "own-1", name: "mine" },
        { id: "pub-1", name: "public" },
      ],
    });
    expect(received.map((request) => request.path).sort()).toEqual(["/v2/catalog/cpus", "/v2/catalog/gpus", "/v2/catalog/templates", "/v2/templates"]);
    expect(new Set(received.map((request) => request.authorization))).toEqual(new Set([`Bearer ${KEY}`]));

    received = [];
    expect(await liveContext("createPod", ["catalog"], options({ cache: false }))).toEqual({ catalog: expect.any(Object) });
    expect(received.map((request) => request.path).sort()).toEqual(["/v2/catalog/cpus", "/v2/catalog/gpus"]);

    received = [];
    expect(await liveContext("deletePod", [], options())).toEqual({});
    expect(await liveContext("updateEndpoint", ["current"], options())).toEqual({});
    expect(received).toEqual([]);
  });

  test("a second call is served from the cache; the key is in no cache file; files are 0600", async () => {
    await liveContext("createEndpoint", ["catalog", "templates"], options());
    expect(received).toHaveLength(4);
    received = [];
    const again = await liveContext("createEndpoint", ["catalog", "templates"], options());
    expect(received).toEqual([]);
    expect(again.templates).toHaveLength(2);
    const names = await readdir(cacheDir);
    expect(names).toHaveLength(4);
    for (const text of await cacheContents()) expect(text).not.toContain(KEY);
    for (const name of names) {
      expect(name).not.toContain(KEY);
      expect((await stat(join(cacheDir, name))).mode & 0o777).toBe(0o600);
    }
  });

  test("entries are per key: another key does not see them", async () => {
    await liveContext("createPod", ["catalog"], options());
    received = [];
    await liveError(liveContext("createPod", ["catalog"], options({ apiKey: FORBIDDEN_KEY })));
    expect(received.length).toBeGreaterThan(0);
  });

  test("cache: false bypasses the cache both ways", async () => {
    await liveContext("createPod", ["catalog"], options({ cache: false }));
    await liveContext("createPod", ["catalog"], options({ cache: false }));
    expect(received).toHaveLength(4);
    expect(await cacheContents()).toEqual([]);
  });

  test("entries expire after the TTL (injected clock) and at once with ttl 0", async () => {
    let now = 1_000_000;
    const clocked = options({ now: () => now });
    await liveContext("createPod", ["catalog"], clocked);
    now += 299_000;
    await liveContext("createPod", ["catalog"], clocked);
    expect(received).toHaveLength(2);
    now += 2_000;
    await liveContext("createPod", ["catalog"], clocked);
    expect(received).toHaveLength(4);

    received = [];
    const zero = options({ cache: { dir: cacheDir, ttlSeconds: 0 } });
    await liveContext("createPod", ["catalog"], zero);
    await liveContext("createPod", ["catalog"], zero);
    expect(received).toHaveLength(4);
  });

  test("a corrupt cache entry is refetched, not fatal", async () => {
    await liveContext("createPod", ["catalog"], options());
    for (const name of await readdir(cacheDir)) await writeFile(join(cacheDir, name), "{not json");
    received = [];
    await liveContext("createPod", ["catalog"], options());
    expect(received).toHaveLength(2);
  });

  test("verbose shows requests, cache hits and the quota, never the key", async () => {
    const lines: string[] = [];
    await liveContext("createPod", ["catalog"], options({ verbose: (line) => lines.push(line) }));
    await liveContext("createPod", ["catalog"], options({ verbose: (line) => lines.push(line) }));
    const text = lines.join("\n");
    expect(text).toContain("minute 59/60 left (resets in 30 s), hour 999/1000 left (resets in 1800 s)");
    expect(text).toContain("from cache");
    expect(text).not.toContain(KEY);
  });
});

// ---------------------------------------------------------------- errors

describe("errors", () => {
  test("401 names the key problem and shows detail and errors[], without the key", async () => {
    const error = await liveError(liveContext("createPod", ["catalog"], options({ apiKey: "sk-wrong-SECRET" })));
    expect(error.code).toBe("unauthorized");
    expect(error.status).toBe(401);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain("API key missing, malformed, expired or invalid");
    expect(error.message).toContain("detail: Bearer token missing or invalid.");
    expect(error.message).toContain("- Authorization: no valid bearer token");
    expect(error.message).not.toContain("sk-wrong-SECRET");
    expect(received.every((request) => request.authorization === "Bearer sk-wrong-SECRET")).toBe(true);
  });

  test("403 says the key lacks access", async () => {
    const error = await liveError(liveContext("createPod", ["catalog"], options({ apiKey: FORBIDDEN_KEY })));
    expect(error.code).toBe("forbidden");
    expect(error.message).toContain("key lacks access");
    expect(error.message).toContain("This key cannot read the catalog.");
  });

  test("429: waits Retry-After through the injected sleep, then succeeds", async () => {
    limited.set("/v2/catalog/gpus", 2);
    const waits: number[] = [];
    const context = await liveContext("createPod", ["catalog"], options({ sleep: async (ms) => void waits.push(ms) }));
    expect(context.catalog?.gpus).toHaveLength(1);
    expect(waits).toEqual([2000, 2000]);
    expect(received.filter((request) => request.path === "/v2/catalog/gpus")).toHaveLength(3);
  });

  test("429: gives up after maxRetries (3) retries with the problem detail", async () => {
    limited.set("/v2/catalog/gpus", 10);
    const waits: number[] = [];
    const error = await liveError(liveContext("createPod", ["catalog"], options({ sleep: async (ms) => void waits.push(ms) })));
    expect(error.code).toBe("rate-limited");
    expect(error.message).toContain("still limited after 3 retries");
    expect(error.message).toContain("Per-user rate limit exceeded for window minute.");
    expect(waits).toHaveLength(3);
    expect(received.filter((request) => request.path === "/v2/catalog/gpus")).toHaveLength(4);
  });

  test("429 with a Retry-After beyond the 60 s cap fails at once", async () => {
    limited.set("/v2/catalog/gpus", 1);
    retryAfter = "3600";
    const waits: number[] = [];
    const error = await liveError(liveContext("createPod", ["catalog"], options({ sleep: async (ms) => void waits.push(ms) })));
    expect(error.message).toContain("asks to wait 3600 s");
    expect(waits).toEqual([]);
  });

  test("Retry-After: integer seconds, an HTTP date, or 1 s when missing or garbled", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterSeconds(" 7 ", now)).toBe(7);
    expect(retryAfterSeconds("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(1);
    expect(retryAfterSeconds("soon", now)).toBe(1);
  });

  test("a slow response times out with a clear message", async () => {
    slowPaths.add("/v2/catalog/gpus");
    const error = await liveError(liveContext("createPod", ["catalog"], options({ timeoutMs: 100 })));
    expect(error.code).toBe("timeout");
    expect(error.message).toContain("no response within 100 ms");
  });

  test("a catalog response whose records cannot be matched is an invalid response, at its pointer", async () => {
    const error = await liveError(liveContext("createPod", ["catalog"], options({ baseUrl: `${baseUrl}/broken` })));
    expect(error.code).toBe("invalid-response");
    expect(error.message).toContain("/v2/catalog/gpus: /gpus/1: must be an object");
  });

  test("a closed port gives a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await liveError(liveContext("createPod", ["catalog"], options({ baseUrl: `http://127.0.0.1:${port}` })));
    expect(error.code).toBe("network");
    expect(error.message).toMatch(/cannot reach the service \(ECONNREFUSED\)/);
  });
});

// ---------------------------------------------------------------- fetchCurrent

describe("fetchCurrent", () => {
  test("reads the resource by the operation's route, uncached", async () => {
    expect(await fetchCurrent("updateEndpoint", "ep-1", options())).toEqual(FIXTURES["/v2/serverless/ep-1"]);
    expect(await fetchCurrent("updatePod", "pod-1", options())).toEqual(FIXTURES["/v2/pods/pod-1"]);
    await fetchCurrent("updateEndpoint", "ep-1", options());
    expect(received.map((request) => request.path)).toEqual(["/v2/serverless/ep-1", "/v2/pods/pod-1", "/v2/serverless/ep-1"]);
    expect(await cacheContents()).toEqual([]);
  });

  test("404 names the id; ids are path-encoded", async () => {
    const error = await liveError(fetchCurrent("updateNetworkVolume", "vol/../x", options()));
    expect(error.code).toBe("not-found");
    expect(error.message).toContain('no network volume with id "vol/../x"');
    expect(received.map((request) => request.path)).toEqual(["/v2/network-volumes/vol%2F..%2Fx"]);
  });

  test("other statuses show the problem body with control characters neutralized", async () => {
    const error = await liveError(fetchCurrent("updatePod", "evil", options()));
    expect(error).toMatchObject({ code: "http", status: 500 });
    expect(error.message).toContain("unexpected status 500");
    expect(error.message).toContain("detail: bad ?[2J? bytes");
    expect(error.message).toContain("- line?]0;title");
  });

  test("an operation that is not a PATCH is a usage error", async () => {
    const error = await liveError(fetchCurrent("createEndpoint", "ep-1", options()));
    expect(error.code).toBe("usage");
    expect(error.message).toContain("updateEndpoint, updateNetworkVolume, updatePod");
    expect(received).toEqual([]);
  });
});

// ---------------------------------------------------------------- pullContext

test("pullContext writes gpus.json, cpus.json and templates.json (own + public)", async () => {
  const dir = join(cacheDir, "out");
  const files = await pullContext(dir, options({ cache: false }));
  expect(files).toEqual(["gpus.json", "cpus.json", "templates.json"].map((name) => join(dir, name)));
  expect(JSON.parse(await readFile(join(dir, "gpus.json"), "utf8"))).toEqual(FIXTURES["/v2/catalog/gpus"]);
  expect(JSON.parse(await readFile(join(dir, "cpus.json"), "utf8"))).toEqual(FIXTURES["/v2/catalog/cpus"]);
  expect(JSON.parse(await readFile(join(dir, "templates.json"), "utf8"))).toEqual({
    templates: [
      { id: "own-1", name: "mine" },
      { id: "pub-1", name: "public" },
    ],
  });
});

// ---------------------------------------------------------------- rate-limit headers

describe("parseRateLimit", () => {
  const window = (name: string, remaining: number | null, t: number | null, quota: number | null, seconds: number | null) => ({
    window: name,
    remaining: remaining,
    resetSeconds: t,
    quota: quota,
    windowSeconds: seconds,
  });
  test.each([
    [
      "both headers",
      `"minute";r=5;t=30, "hour";r=90;t=1800`,
      `"minute";q=60;w=60, "hour";q=1000;w=3600`,
      [window("minute", 5, 30, 60, 60), window("hour", 90, 1800, 1000, 3600)],
    ],
    ["extra whitespace", `  "minute";r=5;t=30 ,   "day";r=1;t=9  `, null, [window("minute", 5, 30, null, null), window("day", 1, 9, null, null)]],
    ["token names and unknown params", `minute;r=5;t=30;x="y"`, `minute;q=60;w=60;pk=:AAE=:`, [window("minute", 5, 30, 60, 60)]],
    ["policy only", null, `"hour";q=1000;w=3600`, [window("hour", null, null, 1000, 3600)]],
    ["a comma inside a quoted name", `"a, b";r=1;t=2`, null, [window("a, b", 1, 2, null, null)]],
    [
      "non-integer and negative values are null",
      `"minute";r=1.5;t=-3, "hour";r="9";t=?1`,
      null,
      [window("minute", null, null, null, null), window("hour", null, null, null, null)],
    ],
    ["duplicates: the first wins", `"minute";r=1;t=2, "minute";r=7;t=8`, null, [window("minute", 1, 2, null, null)]],
    ["inner lists are skipped", `("minute" "hour");r=1, "day";r=3;t=4`, null, [window("day", 3, 4, null, null)]],
    ["invalid RateLimit is ignored", `"minute;r=5`, `"minute";q=60;w=60`, [window("minute", null, null, 60, 60)]],
    ["invalid both", `minute r=5`, `;;;`, []],
    ["empty", "", "  ", []],
    ["missing", null, undefined, []],
  ])("%s", (_name, rateLimit, policy, want) => {
    expect(parseRateLimit(rateLimit, policy)).toEqual(want);
  });
});

// ---------------------------------------------------------------- key and options

describe("resolveApiKey and liveOptionsFrom", () => {
  test("the key comes from the file (trimmed) before the environment", async () => {
    const file = join(cacheDir, "key");
    await writeFile(file, `  ${KEY}\n`);
    expect(resolveApiKey(file, { V2KIT_API_KEY: "other" })).toBe(KEY);
    expect(resolveApiKey(undefined, { V2KIT_API_KEY: ` ${KEY} ` })).toBe(KEY);
  });

  test("missing, empty, unreadable and multi-line keys are refused without echoing content", async () => {
    expect(() => resolveApiKey(undefined, {})).toThrow(/set V2KIT_API_KEY or pass --api-key-file/);
    expect(() => resolveApiKey(undefined, { V2KIT_API_KEY: "  " })).toThrow(LiveError);
    const empty = join(cacheDir, "empty");
    await writeFile(empty, "\n");
    expect(() => resolveApiKey(empty, {})).toThrow(`--api-key-file ${empty} is empty`);
    const missing = join(cacheDir, "missing");
    expect(() => resolveApiKey(missing, {})).toThrow(`cannot read --api-key-file ${missing} (ENOENT, no such file)`);
    const twoLines = join(cacheDir, "two");
    await writeFile(twoLines, "SECRET-PART-ONE\nSECRET-PART-TWO\n");
    let message = "";
    try {
      resolveApiKey(twoLines, {});
    } catch (thrown) {
      message = (thrown as Error).message;
    }
    expect(message).toContain(twoLines);
    expect(message).not.toContain("SECRET");
  });

  test("liveHelp lists every live flag with an example", () => {
    const help = liveHelp("lint", "--operation updateEndpoint patch.json");
    for (const flag of Object.keys(liveParseOptions)) {
      expect(help).toContain(`  --${flag}`);
      expect(help).toMatch(new RegExp(`v2kit lint .*--${flag}`));
    }
  });

  test("defaults, environment and flag validation", () => {
    const env = { V2KIT_API_KEY: KEY, V2KIT_CACHE_DIR: "/tmp/c" };
    expect(liveOptionsFrom({}, env)).toEqual({
      baseUrl: DEFAULT_BASE_URL,
      apiKey: KEY,
      cache: { dir: "/tmp/c", ttlSeconds: 300 },
      timeoutMs: 15000,
      maxResponseBytes: 32 * 1024 * 1024,
      warn: expect.any(Function),
    });
    expect(liveOptionsFrom({}, { ...env, V2KIT_BASE_URL: "http://127.0.0.1:9/" }).baseUrl).toBe("http://127.0.0.1:9");
    expect(liveOptionsFrom({ "base-url": "https://h.invalid/api/" }, { ...env, V2KIT_BASE_URL: "http://x" }).baseUrl).toBe("https://h.invalid/api");
    expect(liveOptionsFrom({ "no-cache": true, "cache-ttl": "5", "timeout-ms": "250" }, env)).toMatchObject({ cache: false, timeoutMs: 250 });
    expect(liveOptionsFrom({ "cache-ttl": "0" }, env).cache).toEqual({ dir: "/tmp/c", ttlSeconds: 0 });
    const { V2KIT_CACHE_DIR: _, ...noDir } = env;
    expect(liveOptionsFrom({}, { ...noDir, XDG_CACHE_HOME: "/xdg" }).cache).toEqual({ dir: "/xdg/v2kit", ttlSeconds: 300 });
    expect(liveOptionsFrom({ verbose: true }, env).verbose).toBeTypeOf("function");
    expect(() => liveOptionsFrom({ "cache-ttl": "-1" }, env)).toThrow("--cache-ttl takes an integer of at least 0");
    expect(() => liveOptionsFrom({ "timeout-ms": "0" }, env)).toThrow("--timeout-ms takes an integer of at least 1");
    expect(() => liveOptionsFrom({ "base-url": "ftp://h" }, env)).toThrow("http(s)");
    expect(() => liveOptionsFrom({ "base-url": "https://u:p@h" }, env)).toThrow("must not carry credentials");
    expect(() => liveOptionsFrom({ "base-url": "not a url" }, env)).toThrow("absolute http(s) URL");
  });
});

// ---------------------------------------------------------------- the CLI

describe("lint and migrate with live context (child process)", () => {
  const cli = join(import.meta.dirname, "../..", "dist", "cli", "v2kit.js");
  const run = (args: string[], env: Record<string, string> = { V2KIT_API_KEY: KEY }) =>
    promisify(execFile)(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? "", V2KIT_CACHE_DIR: cacheDir, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (failure: { code: number; stdout: string; stderr: string }) => ({ code: failure.code, stdout: failure.stdout, stderr: failure.stderr }),
    );
  const write = async (name: string, value: unknown) => {
    const file = join(cacheDir, name);
    await writeFile(file, JSON.stringify(value));
    return file;
  };

  test("lint --live checks against the service's catalog: a pool it lacks is rejected", async () => {
    const body = await write("b.json", { name: "x", type: "QUEUE", image: "i:1", scaling: { type: "QUEUE_DELAY", queueDelay: 1 }, gpu: { pools: ["ADA_24"] } });
    const result = await run(["lint", "--operation", "createEndpoint", "--format", "json", "--live", "--base-url", baseUrl, body]);
    expect(result.code).toBe(1);
    const verdict = JSON.parse(result.stdout) as { violations: { rule: string }[] };
    expect(verdict.violations.map((violation) => violation.rule)).toEqual(["gpu-pools-known"]);
    expect(received.map((request) => request.path).sort()).toEqual(["/v2/catalog/cpus", "/v2/catalog/gpus", "/v2/catalog/templates", "/v2/templates"]);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  test("lint --current-id merges the patch into the fetched endpoint (CUDA floor against a stored set)", async () => {
    const patch = await write("p.json", { gpu: { minCudaVersion: "12.1" } });
    const result = await run(["lint", "--operation", "updateEndpoint", "--format", "json", "--current-id", "ep-cuda", "--base-url", baseUrl, patch]);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { violations: { rule: string }[] }).violations.map((violation) => violation.rule)).toContain("cuda-set-or-floor");
    expect(received.map((request) => request.path)).toEqual(["/v2/serverless/ep-cuda"]);
    const missing = await run(["lint", "--operation", "updateEndpoint", "--current-id", "nope", "--base-url", baseUrl, patch]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("nope");
  });

  test("migrate --live takes pools from the service's catalog", async () => {
    const v1 = await write("v1.json", { method: "POST", path: "/endpoints", body: { name: "e", templateId: "own-1", gpuTypeIds: ["NVIDIA A40"] } });
    const result = await run(["migrate", "--format", "json", "--live", "--base-url", baseUrl, v1]);
    const out = JSON.parse(result.stdout) as { request: { body: { gpu: { pools: string[] } } } };
    expect(out.request.body.gpu.pools).toEqual(["AMPERE_48"]);
    expect(received.map((request) => request.path)).toContain("/v2/catalog/gpus");
  });

  test("--live with --catalog is a usage error", async () => {
    const body = await write("b.json", {});
    expect((await run(["lint", "--operation", "createEndpoint", "--live", "--catalog", body, body])).code).toBe(2);
  });
});

describe("v2kit context (child process)", () => {
  const cli = join(import.meta.dirname, "../..", "dist", "cli", "v2kit.js");
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? "", V2KIT_CACHE_DIR: cacheDir, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (failure: { code: number; stdout: string; stderr: string }) => ({ code: failure.code, stdout: failure.stdout, stderr: failure.stderr }),
    );

  beforeAll(() => {
    if (!existsSync(join(import.meta.dirname, "../..", "dist", "cli", "context", "context.js"))) {
      throw new Error("dist/cli/context/context.js is missing: run `npm run build` first");
    }
  });

  test("context pull writes the files and names them; --verbose shows the quota, not the key", async () => {
    const out = join(cacheDir, "snapshot");
    const { code, stdout, stderr } = await run(["context", "pull", "--out", out, "--base-url", baseUrl, "--verbose"], { V2KIT_API_KEY: KEY });
    expect({ code, stderr: stderr.includes("Error") ? stderr : "" }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toBe(["gpus.json", "cpus.json", "templates.json"].map((name) => `wrote ${join(out, name)}\n`).join(""));
    expect(JSON.parse(await readFile(join(out, "templates.json"), "utf8")).templates).toHaveLength(2);
    expect(stderr).toContain("rate limit: minute");
    expect(stdout + stderr).not.toContain(KEY);
    for (const text of await cacheContents().catch(() => [])) expect(text).not.toContain(KEY);
    expect(received.every((request) => request.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  test("--api-key-file, a wrong key (exit 2), no key (exit 2), unknown subcommand (exit 2), --help", async () => {
    const keyFile = join(cacheDir, "key.txt");
    await writeFile(keyFile, `${KEY}\n`);
    await chmod(keyFile, 0o600);
    const out = join(cacheDir, "o");
    expect((await run(["context", "pull", "--out", out, "--base-url", baseUrl, "--api-key-file", keyFile, "--no-cache"], {})).code).toBe(0);

    const wrong = await run(["context", "pull", "--out", out, "--base-url", baseUrl, "--no-cache"], { V2KIT_API_KEY: "sk-bad-SECRET" });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("API key missing, malformed, expired or invalid");
    expect(wrong.stderr).not.toContain("sk-bad-SECRET");

    const none = await run(["context", "pull", "--out", out, "--base-url", baseUrl], {});
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining("set V2KIT_API_KEY") });

    expect((await run(["context", "push"], { V2KIT_API_KEY: KEY })).code).toBe(2);
    expect((await run(["context", "pull", "--api-key", KEY], {})).code).toBe(2);
    const help = await run(["context", "pull", "--help"], {});
    expect(help.code).toBe(0);
    for (const flag of ["--out", "--base-url", "--api-key-file", "--no-cache", "--cache-ttl", "--timeout-ms", "--verbose"]) expect(help.stdout).toContain(flag);
  });
});

describe("the default base URL", () => {
  test("is the bundled document's first server, as generate derives it (output/routes.mts baseUrl)", async () => {
    const { baseUrl: documentBaseUrl } = await import("../../output/routes.mjs");
    expect(DEFAULT_BASE_URL).toBe(documentBaseUrl);
    expect(DEFAULT_BASE_URL).toBe("https://api.runpod.io");
  });
});
