// GET a v2 route as JSON: Bearer auth, a timeout per attempt, bounded retries on 429 after
// Retry-After, the rate-limit quota on --verbose, and the disk cache for cacheable routes.
// Spec: Authentication (401/403), Errors (problem+json), Limits (429, RateLimit headers).

import { cacheFile, readCache, secureCacheDir, writeCache } from "./cache.js";
import { LiveError } from "./errors.js";
import { keyFingerprint } from "./key.js";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type LiveOptions } from "./options.js";
import { formatRateLimit, parseRateLimit } from "./rate-limit.js";
import { getText, type RawResponse } from "./request.js";

/** v2kit waits at most this long on one 429; a longer Retry-After fails at once with the wait named. */
export const MAX_RETRY_AFTER_SECONDS = 60;

export interface GetRequest {
  /** Catalog and template lists are cached; current resources never are. */
  cacheable: boolean;
  /** The message for a 404, naming what was asked for. */
  notFound?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function getJson(path: string, options: LiveOptions, request: GetRequest): Promise<unknown> {
  const log = options.verbose ?? (() => {});
  const now = options.now ?? Date.now;
  let cache = request.cacheable && options.cache ? options.cache : undefined;
  if (cache && !(await checkedDir(cache.dir, options.warn ?? log))) cache = undefined;
  const file = cache && cacheFile(cache.dir, options.baseUrl, keyFingerprint(options.apiKey), path);
  if (cache && file) {
    const hit = await readCache(file, { baseUrl: options.baseUrl, path, ttlSeconds: cache.ttlSeconds, now: now() });
    if (hit) {
      log(`GET ${path}: from cache (age ${hit.ageSeconds} s, ttl ${cache.ttlSeconds} s): ${file}`);
      return hit.body;
    }
  }
  const body = await fetchJson(path, options, request, log);
  if (cache && file) {
    try {
      await writeCache(file, cache.dir, { baseUrl: options.baseUrl, path, fetchedAt: now(), body });
      log(`GET ${path}: cached in ${file}`);
    } catch (error) {
      log(`GET ${path}: not cached (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return body;
}

/** Each cache directory is checked once per process. */
const checkedDirs = new Map<string, Promise<boolean>>();

function checkedDir(dir: string, warn: (line: string) => void): Promise<boolean> {
  let checked = checkedDirs.get(dir);
  if (!checked) {
    checked = secureCacheDir(dir, warn).catch((error: NodeJS.ErrnoException) => {
      warn(`cache directory ${dir} cannot be used (${error.code ?? error.message}); the cache is not used`);
      return false;
    });
    checkedDirs.set(dir, checked);
  }
  return checked;
}

async function fetchJson(path: string, options: LiveOptions, request: GetRequest, log: (line: string) => void): Promise<unknown> {
  const url = `${options.baseUrl}${path}`;
  const what = `GET ${url}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const sleep = options.sleep ?? defaultSleep;
  const limits = { timeoutMs, maxBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES };
  const headers = { authorization: `Bearer ${options.apiKey}`, accept: "application/json, application/problem+json" };
  for (let attempt = 0; ; attempt++) {
    const started = Date.now();
    const response: RawResponse = await getText(url, headers, limits);
    const text = response.text;
    const windows = parseRateLimit(response.header("ratelimit"), response.header("ratelimit-policy"));
    const quota = windows.length > 0 ? `; rate limit: ${formatRateLimit(windows)}` : "";
    log(`GET ${path}: ${response.status} in ${Date.now() - started} ms${quota}`);

    if (response.status === 429) {
      const wait = retryAfterSeconds(response.header("retry-after"), Date.now());
      if (attempt < maxRetries && wait <= MAX_RETRY_AFTER_SECONDS) {
        log(`GET ${path}: rate limited; waiting ${wait} s before retry ${attempt + 1} of ${maxRetries}`);
        await sleep(wait * 1000);
        continue;
      }
      const why =
        wait > MAX_RETRY_AFTER_SECONDS
          ? `the service asks to wait ${wait} s (Retry-After), more than the ${MAX_RETRY_AFTER_SECONDS} s v2kit waits; try again later`
          : `still limited after ${maxRetries} retries; try again in ${wait} s`;
      throw httpError(what, response.status, text, `rate limit exceeded (429): ${why}`, "rate-limited");
    }
    if (response.status === 401) {
      throw httpError(what, 401, text, "API key missing, malformed, expired or invalid (401); check V2KIT_API_KEY or --api-key-file", "unauthorized");
    }
    if (response.status === 403) throw httpError(what, 403, text, "key lacks access (403) to this resource or action", "forbidden");
    if (response.status === 404) throw httpError(what, 404, text, request.notFound ?? "not found (404)", "not-found");
    if (response.status < 200 || response.status > 299) {
      throw httpError(what, response.status, text, `unexpected status ${response.status} ${response.statusText}`.trim(), "http");
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new LiveError("invalid-response", `${what}: the response (status ${response.status}) is not JSON`, response.status);
    }
  }
}

/** Retry-After is integer seconds (spec: Errors, 429); an HTTP date is accepted too; missing means 1 s. */
export function retryAfterSeconds(header: string | null, now: number): number {
  if (header === null) return 1;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Server text shown on a terminal: control characters (escape sequences) replaced, length bounded. */
function printable(text: string): string {
  const clean = text.replace(/(?![\t\n])\p{Cc}/gu, "?");
  return clean.length > 1000 ? `${clean.slice(0, 1000)}…` : clean;
}

/** The summary, then the problem+json `detail` and every `errors[]` entry (spec: Errors). */
function httpError(what: string, status: number, text: string, summary: string, code: LiveError["code"]): LiveError {
  const lines = [`${what}: ${summary}`];
  let problem: unknown;
  try {
    problem = JSON.parse(text);
  } catch {
    problem = undefined;
  }
  if (problem !== null && typeof problem === "object" && !Array.isArray(problem)) {
    const { title, detail, errors } = problem as Record<string, unknown>;
    if (typeof detail === "string" && detail !== "") lines.push(`  detail: ${printable(detail)}`);
    else if (typeof title === "string" && title !== "") lines.push(`  title: ${printable(title)}`);
    if (Array.isArray(errors)) for (const item of errors) lines.push(`  - ${printable(typeof item === "string" ? item : JSON.stringify(item))}`);
  }
  return new LiveError(code, lines.join("\n"), status);
}
