// Issue 13, items 1–4: hostile live responses and files, against loopback servers on 127.0.0.1.
// Endless, huge and slow bodies end at the size cap or the deadline with a message naming the
// URL and the limit; plain http to a non-loopback host is refused before any connection; `..`
// is no resource id; context pull never follows a planted symlink; loose key files and cache
// directories are flagged. Nothing here reaches beyond loopback.

import { execFile, spawn } from "node:child_process";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { cacheFile } from "../../live/cache.js";
import { keyFingerprint } from "../../live/key.js";
import { LiveError, type LiveOptions, fetchCurrent, liveContext, liveOptionsFrom } from "../../live/index.js";

const KEY = "sk-hardening-SECRET";
const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "v2kit.js");
const MiB = 1024 * 1024;

let server: Server;
let baseUrl: string;
let paths: string[] = [];
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  paths = [];
  dir = await mkdtemp(join(tmpdir(), "v2kit-harden-live-"));
});
afterEach(async () => {
  server.closeAllConnections();
  await rm(dir, { recursive: true, force: true });
});

const options = (extra: Partial<LiveOptions> = {}): LiveOptions => ({ baseUrl, apiKey: KEY, cache: false, ...extra });

async function liveError(promise: Promise<unknown>): Promise<LiveError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(LiveError);
  return error as LiveError;
}

/** Writes `chunk` until the client goes away, at most `bytesPerSecond` (unpaced when undefined). */
function stream(res: ServerResponse, chunk: Buffer, bytesPerSecond?: number): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write("{");
  const pump = () => {
    if (res.destroyed) return;
    if (bytesPerSecond !== undefined) {
      res.write(chunk);
      setTimeout(pump, (chunk.length / bytesPerSecond) * 1000);
      return;
    }
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("error", () => {});
  pump();
}

const run = (args: string[], env: Record<string, string> = { V2KIT_API_KEY: KEY }) =>
  promisify(execFile)(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? "", V2KIT_CACHE_DIR: join(dir, "cache"), ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (failure: { code: number; stdout: string; stderr: string }) => ({ code: failure.code, stdout: failure.stdout, stderr: failure.stderr }),
  );

// Issue 13, item 1.
describe("a live response ends at the size cap or the deadline, even mid-body", () => {
  test("an endless body stops at the response cap, naming the URL and the limit", async () => {
    handler = (_req, res) => stream(res, Buffer.alloc(64 * 1024, 0x20));
    const started = Date.now();
    const error = await liveError(liveContext("createPod", ["catalog"], options({ maxResponseBytes: 4 * MiB })));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(new RegExp(`GET ${baseUrl}/v2/catalog/(gpus|cpus): the response is larger than 4194304 bytes`));
    expect(error.message).toContain("--max-response-bytes");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("a 2 GB body declared by Content-Length is refused before it is read", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(2 * 1024 * MiB) });
      res.write("{");
    };
    const error = await liveError(liveContext("createPod", ["catalog"], options()));
    expect(error.code).toBe("too-large");
    expect(error.message).toContain(`larger than ${32 * MiB} bytes (it declares ${2 * 1024 * MiB} bytes)`);
  });

  test("CLI: a 2 GB chunked body ends at the default 32 MiB cap, memory stays small", async () => {
    handler = (_req, res) => stream(res, Buffer.alloc(256 * 1024, 0x20));
    const child = spawn(process.execPath, [CLI, "context", "pull", "--out", join(dir, "out"), "--base-url", baseUrl, "--no-cache"], {
      env: { PATH: process.env.PATH ?? "", V2KIT_API_KEY: KEY },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    let peak = 0;
    const sample = setInterval(() => {
      try {
        const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
        peak = Math.max(peak, rss);
      } catch {
        // the child has ended
      }
    }, 20);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearInterval(sample);
    expect(code).toBe(2);
    expect(stderr).toContain(`the response is larger than ${32 * MiB} bytes`);
    if (existsSync("/proc/self/status")) expect(peak).toBeLessThan(400 * MiB); // four 32 MiB reads at most
  }, 30_000);

  test("CLI: a body paced at 10 MB/s with --timeout-ms 2000 fails at the deadline", async () => {
    handler = (_req, res) => stream(res, Buffer.alloc(100 * 1024, 0x20), 10 * 1000 * 1000);
    const started = Date.now();
    const result = await run([
      "context",
      "pull",
      "--out",
      join(dir, "out"),
      "--base-url",
      baseUrl,
      "--no-cache",
      "--timeout-ms",
      "2000",
      "--max-response-bytes",
      String(1024 * MiB),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`GET ${baseUrl}/v2/\\S+: no response within 2000 ms \\(--timeout-ms, body included\\)`));
    expect(Date.now() - started).toBeLessThan(8000);
  }, 20_000);
});

// Issue 13, item 2.
describe("plain http only to loopback", () => {
  test("a TEST-NET http base URL is refused before any connection is attempted", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    try {
      expect(() => liveOptionsFrom({ "base-url": "http://192.0.2.2:8080" }, { V2KIT_API_KEY: KEY })).toThrow(
        /plain http: the API key would cross the network in clear text/,
      );
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
    const started = Date.now();
    const result = await run(["context", "pull", "--out", join(dir, "out"), "--base-url", "http://192.0.2.2:8080"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--allow-insecure-http");
    expect(result.stderr).not.toContain(KEY);
    expect(Date.now() - started).toBeLessThan(5000); // a connection attempt would wait for the 15 s timeout
  });

  test("loopback http is allowed; other hosts only with --allow-insecure-http", () => {
    const env = { V2KIT_API_KEY: KEY };
    for (const url of ["http://127.0.0.1:1", "http://127.8.9.10", "http://localhost:3000", "http://[::1]:80"]) {
      expect(liveOptionsFrom({ "base-url": url }, env).baseUrl).toBe(url.replace(/:80$/, ""));
    }
    for (const url of ["http://10.0.0.1", "http://example.com", "http://127.0.0.1.example.com", "http://[::2]"]) {
      expect(() => liveOptionsFrom({ "base-url": url }, env)).toThrow(LiveError);
      expect(liveOptionsFrom({ "base-url": url, "allow-insecure-http": true }, env).baseUrl).toBe(url);
    }
  });
});

// Issue 13, item 3.
describe("ids are one encoded path segment", () => {
  test.each([".", ".."])("--current-id %j is refused without a request", async (id) => {
    const error = await liveError(fetchCurrent("updateEndpoint", id, options()));
    expect(error.code).toBe("usage");
    expect(paths).toEqual([]);
  });

  test("CLI: lint --current-id .. exits 2 and requests nothing", async () => {
    const body = join(dir, "p.json");
    await writeFile(body, "{}");
    const result = await run(["lint", "--operation", "updateEndpoint", "--current-id", "..", "--base-url", baseUrl, body]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--current-id ".." is not a resource id');
    expect(paths).toEqual([]);
  });
});

// Issue 13, item 4.
describe("context pull files, the key file and the cache directory: no planted symlink followed, loose permissions flagged or tightened", () => {
  const fixtures: Record<string, unknown> = {
    "/v2/catalog/gpus": { gpus: [] },
    "/v2/catalog/cpus": { cpus: [] },
    "/v2/templates": { templates: [] },
    "/v2/catalog/templates": { templates: [] },
  };
  beforeEach(() => {
    handler = (req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(fixtures[req.url ?? ""] ?? {}));
    };
  });

  test("planted symlinks are replaced, never followed; files are 0600; no temporary file is left", async () => {
    const out = join(dir, "out");
    await mkdir(out);
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "precious\n");
    for (const name of ["gpus.json", "cpus.json", "templates.json"]) await symlink(victim, join(out, name));
    const result = await run(["context", "pull", "--out", out, "--base-url", baseUrl, "--no-cache"]);
    expect(result).toMatchObject({ code: 0 });
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    for (const name of ["gpus.json", "cpus.json", "templates.json"]) {
      const fileStat = lstatSync(join(out, name));
      expect(fileStat.isFile()).toBe(true);
      expect(fileStat.mode & 0o777).toBe(0o600);
    }
    expect((await readdir(out)).sort()).toEqual(["cpus.json", "gpus.json", "templates.json"]);
  });

  test("a key file others can read gets a warning; a FIFO as key file is refused at once", async () => {
    const keyFile = join(dir, "key");
    await writeFile(keyFile, `${KEY}\n`);
    await chmod(keyFile, 0o644);
    const loose = await run(["context", "pull", "--out", join(dir, "o"), "--base-url", baseUrl, "--no-cache", "--api-key-file", keyFile], {});
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain(`warning: --api-key-file ${keyFile} can be read by others (mode 644): run chmod 600`);
    await chmod(keyFile, 0o600);
    const tight = await run(["context", "pull", "--out", join(dir, "o"), "--base-url", baseUrl, "--no-cache", "--api-key-file", keyFile], {});
    expect(tight).toMatchObject({ code: 0, stderr: "" });

    const fifo = join(dir, "key.fifo");
    await promisify(execFile)("mkfifo", [fifo]);
    const started = Date.now();
    const result = await run(["context", "pull", "--out", join(dir, "o"), "--base-url", baseUrl, "--api-key-file", fifo], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("a FIFO (named pipe), not a regular file");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("a cache directory open to others (0777) is tightened to 0700 and its planted entries dropped", async () => {
    const cache = join(dir, "cache");
    await mkdir(cache);
    await chmod(cache, 0o777);
    const planted = cacheFile(cache, baseUrl, keyFingerprint(KEY), "/v2/catalog/gpus");
    await writeFile(planted, JSON.stringify({ baseUrl, path: "/v2/catalog/gpus", fetchedAt: Date.now(), body: { gpus: [{ id: "FORGED" }] } }));
    const result = await run(["context", "pull", "--out", join(dir, "o"), "--base-url", baseUrl]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`warning: cache directory ${cache} was open to other users (mode 777); set to 700`);
    expect((await stat(cache)).mode & 0o777).toBe(0o700);
    expect(readFileSync(planted, "utf8")).not.toContain("FORGED"); // dropped, then fetched and cached afresh
    expect(readFileSync(join(dir, "o", "gpus.json"), "utf8")).not.toContain("FORGED");
  });
});
