// A stored resource as the service returns it: the resolved request (defaults, template merge,
// PATCH merge: the engine's `resolved` body) plus what the service adds. For endpoints the
// specification says what that is (Resources, Endpoint and Request URLs); for other resources
// only `id` and, where the response schema has one, `createdAt` are added.

import { parseArgs } from "../engine/command.js";
import { getAt, parsePointer, removeAt, setAt } from "../engine/pointer.js";
import type { CpuRecord } from "../engine/types.js";
import { isObject } from "../engine/values.js";
import { balancerBase } from "./load-balancer.js";
import { actionsFor } from "./pod-lifecycle.js";
import type { Resource } from "./store.js";

const QUEUE_URLS: [string, string][] = [
  ["run", "run"],
  ["runSync", "runsync"],
  ["status", "status/{job_id}"],
  ["stream", "stream/{job_id}"],
  ["cancel", "cancel/{job_id}"],
  ["retry", "retry/{job_id}"],
  ["purgeQueue", "purge-queue"],
  ["health", "health"],
];

/** Spec, Request URLs: queue URLs under `{request_base}/v2/<id>/`; a load balancer's base, `{request_base}/lb/<id>` here (load-balancer.ts). */
export function requestUrls(endpoint: Resource, id: string, requestBase: string): Record<string, string> {
  const base = requestBase.replace(/\/+$/, "");
  if (endpoint.type === "LOAD_BALANCER") {
    // `{request_base}/lb/<id>`, not the spec's `<id>.<host>`: reachable by every client here (load-balancer.ts).
    const lb = balancerBase(base, id);
    const env = isObject(endpoint.env) ? endpoint.env : {};
    const healthPath = typeof env.HEALTH_CHECK_PATH === "string" && env.HEALTH_CHECK_PATH !== "" ? env.HEALTH_CHECK_PATH : "/ping";
    return { base: lb, health: `${lb}${healthPath.startsWith("/") ? "" : "/"}${healthPath}` };
  }
  return Object.fromEntries(QUEUE_URLS.map(([key, tail]) => [key, `${base}/v2/${encodeURIComponent(id)}/${tail}`]));
}

/** Spec, Resources: the fields an Endpoint response always has, from the stored record. */
function presentEndpoint(record: Resource, requestBase: string, cpus: readonly CpuRecord[]): Resource {
  const out: Resource = { ...record };
  const id = String(record.id);
  out.dataCenterIds ??= []; // omitted or empty: the scheduler chooses
  out.networkVolumes ??= [];
  out.registry ??= null; // "null when unset"
  if (isObject(out.gpu)) {
    const gpu: Resource = { ...out.gpu };
    gpu.allowedCudaVersions ??= []; // empty means any version
    gpu.minCudaVersion ??= null; // null means no floor
    gpu.excludedTypes ??= [];
    out.gpu = gpu;
  } else if (out.cpu === undefined) out.gpu = null;
  if (Array.isArray(out.cpu)) out.cpu = out.cpu.map((cpu: unknown) => withMemory(cpu, cpus));
  const scaling = isObject(out.scaling) ? out.scaling : {};
  if (isObject(out.workers) && out.type !== "LOAD_BALANCER" && scaling.type === "REQUEST_COUNT") {
    // Workers: idleTimeout is omitted from responses for queue endpoints scaling on REQUEST_COUNT.
    const { idleTimeout: _omitted, ...workers } = out.workers;
    out.workers = workers;
  }
  if (typeof out.args === "string" && out.args !== "") {
    // Responses return `args` as stored, with its deconstructed `entrypoint` and `cmd`.
    const parsed = parseArgs(out.args);
    if (parsed?.cmd) out.cmd = parsed.cmd;
    if (parsed?.entrypoint) out.entrypoint = parsed.entrypoint;
  }
  out.requestUrls = requestUrls(out, id, requestBase);
  return out;
}

/**
 * What is stored for a new resource: the resolved request, its id and (where the response
 * schema has the field) its creation time. Derived fields are added only when it is returned,
 * so that a later PATCH is judged against what was sent, not against what the server derived.
 */
export function recordOf(resolved: unknown, id: string, createdAt: string | undefined): Resource {
  const body = isObject(resolved) ? resolved : {};
  return { ...body, id, ...(createdAt === undefined ? {} : { createdAt }) };
}

/** A stored record as the service returns it, without the values it keeps but never returns (`hidden` pointers). */
export function present(
  collection: string,
  record: Resource,
  requestBase: string,
  cpus: readonly CpuRecord[],
  hidden: readonly string[] = [],
  podFields: ReadonlySet<string> = new Set(),
): Resource {
  let shown: Resource = record;
  for (const pointer of hidden) shown = removeAt(shown, parsePointer(pointer)) as Resource;
  if (collection === "/v2/serverless") return presentEndpoint(shown, requestBase, cpus);
  if (collection === "/v2/pods") return presentPod(shown, cpus, podFields);
  if (collection === "/v2/registries/delegations") return presentDelegation(shown);
  return shown;
}

/** Top-level fields this module sets on a returned record, by collection (never reported as underivable). */
export const SET_BY_SERVER: Readonly<Record<string, readonly string[]>> = {
  "/v2/serverless": ["requestUrls", "cmd", "entrypoint", "dataCenterIds", "networkVolumes", "registry", "gpu"],
  "/v2/pods": ["template", "globalNetworking"],
  "/v2/registries/delegations": ["delegatorUserId", "awsUser", "awsRegion", "repository", "tag", "dockerRegistryUri"],
};

/** The simulated account's user id: serve keeps one account, whatever the key. */
export const LOCAL_USER_ID = "user_v2kit_local";

/**
 * An ECR delegation as returned (published v2 document, EcrDelegation): what the server reads from
 * the repository ARN `arn:<partition>:ecr:<region>:<account>:repository/<name>` (AWS's ARN format),
 * the login host `<account>.dkr.ecr.<region>.amazonaws.com` (AWS's ECR registry URI), the tag
 * Docker uses when none is named (`latest`), and the simulated account's user. A resource that is
 * not such an ARN leaves the ARN parts empty. How the service fills them is not shown.
 */
function presentDelegation(record: Resource): Resource {
  const out: Resource = { ...record };
  const arn = /^arn:[^:]+:ecr:([^:]*):([^:]*):repository\/(.+)$/.exec(typeof record.resource === "string" ? record.resource : "");
  const [, region = "", account = "", repository = ""] = arn ?? [];
  out.delegatorUserId ??= LOCAL_USER_ID;
  out.awsUser ??= account;
  out.awsRegion ??= region;
  out.repository ??= repository;
  out.tag ??= "latest";
  if (out.dockerRegistryUri === undefined && account !== "" && region !== "") out.dockerRegistryUri = `${account}.dkr.ecr.${region}.amazonaws.com`;
  return out;
}

/**
 * A pod as returned (published v2 document, Pod): the create request's `templateId` is returned
 * as `template`, its `globalNetworking` flag as `{enabled}`, and a CPU pod's `cpu` with its
 * derived `memory`. Where the document's pod has `actions`, they are the ones its status accepts
 * (pod-lifecycle.ts), whatever a state file stored; where it has `ssh`, the simulated connection
 * its status allows (podSsh), unless the record holds its own. Everything else the response
 * requires is derived (derive.ts).
 */
function presentPod(record: Resource, cpus: readonly CpuRecord[], podFields: ReadonlySet<string>): Resource {
  const out: Resource = { ...record };
  const actions = podFields.has("actions") ? actionsFor(out.status) : undefined;
  if (actions !== undefined) out.actions = [...actions];
  if (podFields.has("ssh") && out.ssh === undefined) {
    const ssh = podSsh(out);
    if (ssh !== undefined) out.ssh = ssh;
  }
  if (typeof out.templateId === "string" && out.template === undefined) out.template = out.templateId;
  if (typeof out.globalNetworking === "boolean") out.globalNetworking = { enabled: out.globalNetworking };
  if (isObject(out.cpu)) out.cpu = withMemory(out.cpu, cpus);
  return out;
}

/** Where simulated SSH connections point: a name under `.invalid` and an address of TEST-NET-1, which never resolve or route (RFC 6761, RFC 5737), so a client under test never reaches a real host. */
export const SIMULATED_SSH_PROXY = "ssh.v2kit.invalid";
export const SIMULATED_SSH_ADDRESS = "192.0.2.1";

/**
 * A pod's `ssh` as the published document describes it (PodSsh): the proxy is null until the pod
 * has a machine (a `PROVISIONING` pod has none yet), and the direct connection is null unless
 * `22/tcp` is in its `ports` and it is `RUNNING`. The values are a simulation (the document
 * shows the shape, not how they are chosen): the proxy's user is the pod id with a suffix, and
 * the direct port is derived from the id, the same on every read and run. Undefined for a record
 * without a known status.
 */
export function podSsh(record: Resource): { proxy: Record<string, unknown> | null; direct: Record<string, unknown> | null } | undefined {
  const { status, id } = record;
  if (actionsFor(status) === undefined || typeof id !== "string") return undefined;
  const proxyUser = `${id}-v2kit`;
  const proxy =
    status === "PROVISIONING" ? null : { host: SIMULATED_SSH_PROXY, port: 22, username: proxyUser, command: `ssh ${proxyUser}@${SIMULATED_SSH_PROXY}` };
  const ports = Array.isArray(record.ports) ? record.ports : [];
  let port = 0;
  for (const char of id) port = (port * 31 + char.charCodeAt(0)) % 10000;
  port += 30000;
  const direct =
    status === "RUNNING" && ports.includes("22/tcp")
      ? { host: SIMULATED_SSH_ADDRESS, port, username: "root", command: `ssh root@${SIMULATED_SSH_ADDRESS} -p ${port}` }
      : null;
  return { proxy, direct };
}

/** The stored record with the request's `writeOnly` values put back: lint's `resolved` leaves them out. */
export function withSecrets(record: Resource, sent: Buffer | undefined, pointers: readonly string[] | undefined): Resource {
  if (pointers === undefined || pointers.length === 0 || sent === undefined) return record;
  let body: unknown;
  try {
    const text = sent.toString("utf8");
    body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return record;
  }
  let out: Resource = record;
  for (const pointer of pointers) {
    const segments = parsePointer(pointer);
    const value = getAt(body, segments);
    if (value !== undefined) out = setAt(out, segments, value) as Resource;
  }
  return out;
}

/** CPU config: `memory` (GB, response only) is derived from the flavor's catalog RAM multiplier. */
function withMemory(config: unknown, cpus: readonly CpuRecord[]): unknown {
  if (!isObject(config) || typeof config.vcpuCount !== "number") return config;
  const flavor = cpus.find((cpu) => cpu.id === config.id);
  if (typeof flavor?.ramGbPerVcpu !== "number") return config;
  return { ...config, memory: Math.max(1, Math.round(config.vcpuCount * flavor.ramGbPerVcpu)) };
}
