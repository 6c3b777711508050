// Live context: the catalog, templates and current resource that cross-field rules check
// against, fetched from the service instead of read from saved files.
//   liveContext   the catalog and/or templates an operation's rules need (engine `needs`)
//   fetchCurrent  the resource a PATCH operation changes, by id
//   pullContext   the saved files for --catalog / --templates, for CI snapshots

import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CheckContext, CpuRecord, GpuRecord, TemplateRecord } from "../engine/types.js";
import { contextFileError } from "../lint/context-files.js";
import { getJson } from "./client.js";
import { LiveError } from "./errors.js";
import type { LiveOptions } from "./options.js";

export { LiveError, type LiveErrorCode } from "./errors.js";
export { DEFAULT_BASE_URL, type LiveFlagValues, type LiveOptions, liveHelp, liveOptionsFrom, liveParseOptions } from "./options.js";
export { formatRateLimit, parseRateLimit, type RateLimitWindow } from "./rate-limit.js";

/** The list routes and the key each response wraps its array in (spec: Other v2 routes). */
const LISTS = {
  gpus: { path: "/v2/catalog/gpus", key: "gpus" },
  cpus: { path: "/v2/catalog/cpus", key: "cpus" },
  ownTemplates: { path: "/v2/templates", key: "templates" },
  publicTemplates: { path: "/v2/catalog/templates", key: "templates" },
} as const;

/** The PATCH operations --current-id applies to, and where their resource is read. */
export const CURRENT_RESOURCES: Readonly<Record<string, { path: (id: string) => string; noun: string }>> = {
  updateEndpoint: { path: (id) => `/v2/serverless/${encodeURIComponent(id)}`, noun: "serverless endpoint" },
  updateNetworkVolume: { path: (id) => `/v2/network-volumes/${encodeURIComponent(id)}`, noun: "network volume" },
  updatePod: { path: (id) => `/v2/pods/${encodeURIComponent(id)}`, noun: "pod" },
};

/** Promise.all that lets every request finish (and cache) before reporting the first failure. */
async function settled<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function list<T>(source: (typeof LISTS)[keyof typeof LISTS], options: LiveOptions): Promise<T[]> {
  const body = await getJson(source.path, options, { cacheable: true });
  const items = body !== null && typeof body === "object" ? (body as Record<string, unknown>)[source.key] : undefined;
  if (!Array.isArray(items)) {
    throw new LiveError("invalid-response", `GET ${options.baseUrl}${source.path}: expected an object {"${source.key}": [...]}`);
  }
  // The records the rules match by `id` (and `pool`, `vcpu`), checked as saved files are.
  const problem = contextFileError({ [source.key]: items }, [source.key]);
  if (problem !== undefined) throw new LiveError("invalid-response", `GET ${options.baseUrl}${source.path}: ${problem.pointer}: ${problem.message}`);
  return items as T[];
}

async function templates(options: LiveOptions): Promise<TemplateRecord[]> {
  const [own, pub] = await settled<[TemplateRecord[], TemplateRecord[]]>([
    list<TemplateRecord>(LISTS.ownTemplates, options),
    list<TemplateRecord>(LISTS.publicTemplates, options),
  ]);
  return [...own, ...pub];
}

export async function liveContext(operation: string, needs: readonly string[], options: LiveOptions): Promise<CheckContext> {
  const wanted = needs.filter((need) => need === "catalog" || need === "templates");
  options.verbose?.(`${operation}: live context ${wanted.length > 0 ? wanted.join(", ") : "not needed"}`);
  const none = Promise.resolve(undefined);
  const [catalog, own] = await settled<[[GpuRecord[], CpuRecord[]] | undefined, TemplateRecord[] | undefined]>([
    needs.includes("catalog") ? settled<[GpuRecord[], CpuRecord[]]>([list<GpuRecord>(LISTS.gpus, options), list<CpuRecord>(LISTS.cpus, options)]) : none,
    needs.includes("templates") ? templates(options) : none,
  ]);
  const context: CheckContext = {};
  if (catalog) context.catalog = { gpus: catalog[0], cpus: catalog[1] };
  if (own) context.templates = own;
  return context;
}

export async function fetchCurrent(operation: string, id: string, options: LiveOptions): Promise<unknown> {
  const resource = Object.hasOwn(CURRENT_RESOURCES, operation) ? CURRENT_RESOURCES[operation] : undefined;
  if (!resource) {
    const known = Object.keys(CURRENT_RESOURCES).join(", ");
    throw new LiveError("usage", `--current-id applies to the PATCH operations ${known}, not ${JSON.stringify(operation)}`);
  }
  if (id.trim() === "") throw new LiveError("usage", "--current-id must not be empty");
  // One path segment, encoded; `.` and `..` would be resolved away by URL parsing (`..` read /v2/).
  if (id === "." || id === "..") throw new LiveError("usage", `--current-id ${JSON.stringify(id)} is not a resource id`);
  const notFound = `no ${resource.noun} with id ${JSON.stringify(id)} (404): check --current-id, and that the API key's account owns it`;
  return getJson(resource.path(id), options, { cacheable: false, notFound });
}

/** Writes gpus.json, cpus.json and templates.json (own + public) in DIR; returns the paths written. */
export async function pullContext(dir: string, options: LiveOptions): Promise<string[]> {
  const [gpus, cpus, all] = await settled<[GpuRecord[], CpuRecord[], TemplateRecord[]]>([
    list<GpuRecord>(LISTS.gpus, options),
    list<CpuRecord>(LISTS.cpus, options),
    templates(options),
  ]);
  await mkdir(dir, { recursive: true });
  const files: [string, unknown][] = [
    ["gpus.json", { gpus }],
    ["cpus.json", { cpus }],
    ["templates.json", { templates: all }],
  ];
  const written: string[] = [];
  for (const [name, body] of files) {
    const file = join(dir, name);
    // A fresh random name created exclusively (O_EXCL): a planted symlink is never followed.
    // rename replaces the destination itself, not what a symlink there points to. 0600: the
    // files describe the account's own templates.
    const temp = join(dir, `.${name}.${randomBytes(8).toString("hex")}.tmp`);
    try {
      await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    written.push(file);
  }
  return written;
}
