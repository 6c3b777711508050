// The options of live context, and how the CLI builds them from flags and the environment.
// lint and migrate spread `liveParseOptions` into their own parseArgs tables.

import { defaultCacheDir } from "./cache.js";
import { LiveError } from "./errors.js";
import { resolveApiKey } from "./key.js";

export const DEFAULT_BASE_URL = "https://api.example.invalid";
export const BASE_URL_ENV = "V2KIT_BASE_URL";
export const DEFAULT_CACHE_TTL_SECONDS = 300;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RETRIES = 3;

export interface LiveOptions {
  /** Service root without a trailing slash; paths such as /v2/catalog/gpus are appended. */
  baseUrl: string;
  apiKey: string;
  /** Where and how long catalog and template responses are kept; false bypasses the cache. */
  cache?: { dir: string; ttlSeconds: number } | false;
  /** Per request attempt; default 15 000. */
  timeoutMs?: number;
  /** Receives progress and rate-limit lines (never the key). */
  verbose?: (line: string) => void;
  /** Waits between 429 retries; injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  /** Retries after a 429; default 3. */
  maxRetries?: number;
  /** Clock for cache ages, in ms since the epoch; injectable for tests. */
  now?: () => number;
}

/** node:util parseArgs specs of the live flags. */
export const liveParseOptions = {
  live: { type: "boolean" },
  "current-id": { type: "string" },
  "base-url": { type: "string" },
  "api-key-file": { type: "string" },
  "no-cache": { type: "boolean" },
  "cache-ttl": { type: "string" },
  "timeout-ms": { type: "string" },
  verbose: { type: "boolean" },
} as const;

/** The help lines of the live flags, for the Options section of lint and migrate. */
export function liveHelp(command: string, example: string): string {
  return `  --live                fetch the catalog and templates the operation needs from the service
                          v2kit ${command} --live ${example}
  --current-id ID       fetch the resource a PATCH operation changes (updateEndpoint,
                        updateNetworkVolume, updatePod) as the current state
                          v2kit ${command} --current-id ep-123 ${example}
  --base-url URL        service root (default $V2KIT_BASE_URL, else ${DEFAULT_BASE_URL})
                          v2kit ${command} --live --base-url https://api.example.invalid ${example}
  --api-key-file FILE   read the API key from FILE instead of $V2KIT_API_KEY (never a flag value)
                          v2kit ${command} --live --api-key-file ~/.config/v2kit/key ${example}
  --no-cache            ask the service even when a cached response is fresh
                          v2kit ${command} --live --no-cache ${example}
  --cache-ttl SECONDS   reuse cached catalog/template responses younger than this (default 300)
                          v2kit ${command} --live --cache-ttl 60 ${example}
  --timeout-ms MS       give up on a request after MS milliseconds (default 15000)
                          v2kit ${command} --live --timeout-ms 30000 ${example}
  --verbose             show requests, cache use and the remaining rate-limit quota on stderr
                          v2kit ${command} --live --verbose ${example}
`;
}

export interface LiveFlagValues {
  "base-url"?: string;
  "api-key-file"?: string;
  "no-cache"?: boolean;
  "cache-ttl"?: string;
  "timeout-ms"?: string;
  verbose?: boolean;
}

function integerFlag(flag: string, text: string, min: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new LiveError("usage", `${flag} takes an integer of at least ${min}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

export function normalizeBaseUrl(text: string): string {
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
  return url.href.replace(/\/+$/, "");
}

export function liveOptionsFrom(values: LiveFlagValues, env: NodeJS.ProcessEnv): LiveOptions {
  const baseText = values["base-url"] ?? (env[BASE_URL_ENV] || undefined) ?? DEFAULT_BASE_URL;
  const options: LiveOptions = {
    baseUrl: normalizeBaseUrl(baseText),
    apiKey: resolveApiKey(values["api-key-file"], env),
    cache: values["no-cache"]
      ? false
      : {
          dir: defaultCacheDir(env),
          ttlSeconds: values["cache-ttl"] === undefined ? DEFAULT_CACHE_TTL_SECONDS : integerFlag("--cache-ttl", values["cache-ttl"], 0),
        },
    timeoutMs: values["timeout-ms"] === undefined ? DEFAULT_TIMEOUT_MS : integerFlag("--timeout-ms", values["timeout-ms"], 1),
  };
  if (values.verbose) options.verbose = (line) => process.stderr.write(`v2kit: ${line}\n`);
  return options;
}
