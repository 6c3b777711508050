// The options of live context, and how the CLI builds them from flags and the environment.
// The flags themselves live in flags.ts, which lint and migrate import on every run.

import { defaultCacheDir } from "./cache.js";
import { LiveError } from "./errors.js";
import { DEFAULT_BASE_URL } from "./flags.js";
import { resolveApiKey } from "./key.js";

export { DEFAULT_BASE_URL, liveHelp, liveParseOptions } from "./flags.js";
export const BASE_URL_ENV = "V2KIT_BASE_URL";
export const DEFAULT_CACHE_TTL_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RETRIES = 3;
/** Largest response body read (32 MiB): the catalog and template lists are well under 1 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface LiveOptions {
  /** Service root without a trailing slash; paths such as /v2/catalog/gpus are appended. */
  baseUrl: string;
  apiKey: string;
  /** Where and how long catalog and template responses are kept; false bypasses the cache. */
  cache?: { dir: string; ttlSeconds: number } | false;
  /** Per request attempt, through the last byte of the body; default 15 000. */
  timeoutMs?: number;
  /** Largest response body accepted; default DEFAULT_MAX_RESPONSE_BYTES. */
  maxResponseBytes?: number;
  /** Receives progress and rate-limit lines (never the key). */
  verbose?: (line: string) => void;
  /** Receives warnings (a cache directory open to others); default: verbose. */
  warn?: (line: string) => void;
  /** Waits between 429 retries; injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a 429; default 3. */
  maxRetries?: number;
  /** Clock for cache ages, in ms since the epoch; injectable for tests. */
  now?: () => number;
}

export interface LiveFlagValues {
  "base-url"?: string;
  "api-key-file"?: string;
  "no-cache"?: boolean;
  "cache-ttl"?: string;
  "timeout-ms"?: string;
  "max-response-bytes"?: string;
  "allow-insecure-http"?: boolean;
  verbose?: boolean;
}

function integerFlag(flag: string, text: string, min: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new LiveError("usage", `${flag} takes an integer of at least ${min}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** Loopback hosts: plain http to them never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The service root, checked before any connection. Plain http would send the API key in clear
 * text: it is refused except to loopback, unless allowInsecureHttp (--allow-insecure-http).
 */
export function normalizeBaseUrl(text: string, allowInsecureHttp = false): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new LiveError("usage", `--base-url must be an absolute http(s) URL, not ${JSON.stringify(text)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new LiveError("usage", `--base-url must be an http(s) URL, not ${url.protocol} (${JSON.stringify(text)})`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new LiveError("usage", "--base-url must not carry credentials; the API key comes from V2KIT_API_KEY or --api-key-file");
  }
  if (url.search !== "" || url.hash !== "") throw new LiveError("usage", "--base-url must not have a query or fragment");
  if (url.protocol === "http:" && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new LiveError(
      "insecure",
      `--base-url ${url.origin} is plain http: the API key would cross the network in clear text. Use https, or pass --allow-insecure-http if the network is trusted`,
    );
  }
  return url.href.replace(/\/+$/, "");
}

export function liveOptionsFrom(values: LiveFlagValues, env: NodeJS.ProcessEnv): LiveOptions {
  const baseText = values["base-url"] ?? (env[BASE_URL_ENV] || undefined) ?? DEFAULT_BASE_URL;
  const options: LiveOptions = {
    baseUrl: normalizeBaseUrl(baseText, values["allow-insecure-http"] === true),
    apiKey: resolveApiKey(values["api-key-file"], env, (line) => process.stderr.write(`v2kit: warning: ${line}\n`)),
    cache: values["no-cache"]
      ? false
      : {
          dir: defaultCacheDir(env),
          ttlSeconds: values["cache-ttl"] === undefined ? DEFAULT_CACHE_TTL_SECONDS : integerFlag("--cache-ttl", values["cache-ttl"], 0),
        },
    timeoutMs: values["timeout-ms"] === undefined ? DEFAULT_TIMEOUT_MS : integerFlag("--timeout-ms", values["timeout-ms"], 1),
    maxResponseBytes:
      values["max-response-bytes"] === undefined ? DEFAULT_MAX_RESPONSE_BYTES : integerFlag("--max-response-bytes", values["max-response-bytes"], 1),
  };
  options.warn = (line) => process.stderr.write(`v2kit: warning: ${line}\n`);
  if (values.verbose) options.verbose = (line) => process.stderr.write(`v2kit: ${line}\n`);
  return options;
}
