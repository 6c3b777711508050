// Shared by the serve tests: a server on loopback per suite, and a fetch with the Bearer key.

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createServer, type V2kitServer } from "../../serve/index.js";
import type { ServeOptions } from "../../serve/options.js";

export const ROOT = new URL("../../", import.meta.url);
export const readJson = (relative: string): unknown => JSON.parse(readFileSync(new URL(relative, ROOT), "utf8"));

export async function start(options: ServeOptions = {}): Promise<V2kitServer> {
  const server = await createServer({ seed: 1, ...options });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

export async function stop(server: V2kitServer): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request with `Authorization: Bearer <key>`; the body is sent as JSON unless a string. */
export async function call(server: V2kitServer, method: string, path: string, body?: unknown, key: string | null = "test-key"): Promise<Answer> {
  const response = await fetch(`${server.url()}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) };
}

export const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));

export interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** `v2kit serve --port 0 …` as a user starts it: resolves with its address once it prints it. */
export async function spawnServe(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk) => (err += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      const listening = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (listening) resolve(listening[1] as string);
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  return { child, url, exited };
}
