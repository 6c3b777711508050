// What the request log of a fixed client's run must show beyond "the program succeeded": things
// `v2kit serve` accepts today but the service (or issue 41) does not. Each returns the offending
// requests as text, empty when there are none.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { CLI, ROOT, type RecordedRequest } from "./harness/index.js";

/** The published v2 document, beside the repository as in CI (../shared/reference). */
export const PUBLISHED_V2 = join(ROOT, "../shared/reference/upstream-v2-openapi.json");

const line = (request: RecordedRequest) => `${request.method} ${request.host}${request.path}${request.query}`;
const isRest = (request: RecordedRequest) => request.host !== "api.runpod.ai" && !request.path.endsWith("/graphql");

/** Requests still sent to a v1 route. */
export const v1Requests = (log: RecordedRequest[]): string[] => log.filter((request) => isRest(request) && /^\/v1(\/|$)/.test(request.path)).map(line);

/** Requests with a body but without `Content-Type: application/json` (fetch sends text/plain by default). */
export const bodiesWithoutJsonType = (log: RecordedRequest[]): string[] =>
  log
    .filter((request) => request.body !== "" && !/^application\/json\b/i.test(request.contentType ?? ""))
    .map((request) => `${line(request)} (content-type: ${request.contentType ?? "none"})`);

/**
 * v1 query parameters left on v2 routes: billing's `endpointId` is `serverlessId` in v2 and
 * `grouping` does not exist there; `includeWorkers` has no v2 form on GET /v2/serverless/{id}
 * (v2 lists workers at /v2/serverless/{id}/workers).
 */
export function v1QueryParameters(log: RecordedRequest[]): string[] {
  const out: string[] = [];
  for (const request of log.filter((x) => isRest(x) && x.path.startsWith("/v2/"))) {
    const names = [...new URLSearchParams(request.query).keys()];
    const v1 = names.filter((name) => name === "includeWorkers" || name === "grouping" || (request.path.startsWith("/v2/billing/") && name === "endpointId"));
    if (v1.length) out.push(`${line(request)} (${v1.join(", ")})`);
  }
  return out;
}

/** The calls the fix must leave alone, as the log shows them: the queue API (api.runpod.ai) and GraphQL, each with its status. */
export const queueAndGraphqlCalls = (log: RecordedRequest[]): { line: string; ok: boolean }[] =>
  log
    .filter((request) => !isRest(request))
    .map((request) => ({ line: `${line(request)} → ${request.status}`, ok: request.status >= 200 && request.status < 300 }));

interface Operation {
  method: string;
  pattern: RegExp;
  operationId: string;
}

function operationsOf(document: string): Operation[] {
  const text = readFileSync(document, "utf8");
  const doc = (document.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op?.operationId) continue;
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      ops.push({ method: method.toUpperCase(), pattern, operationId: op.operationId });
    }
  }
  // Fewer parameters first, so a literal segment wins (/v2/registries/delegations before /v2/registries/{id}).
  const params = (operation: Operation) => operation.pattern.source.split("[^/]+").length;
  return ops.sort((a, b) => params(a) - params(b));
}

/**
 * Every REST request body the program sent to a v2 route, linted with `v2kit lint` for its
 * operation: under the bundled schema and rules, and (when it is beside the repository) under
 * the published document. Returns each invalid body with lint's verdict.
 */
export function invalidBodies(log: RecordedRequest[]): { checked: number; invalid: string[]; published: boolean } {
  const published = existsSync(PUBLISHED_V2);
  const ops = operationsOf(published ? PUBLISHED_V2 : join(ROOT, "schema/v2.openapi.yaml"));
  const dir = mkdtempSync(join(tmpdir(), "v2kit-client-bodies-"));
  const invalid: string[] = [];
  let checked = 0;
  try {
    for (const [i, request] of log.entries()) {
      if (!isRest(request) || request.body === "" || !request.path.startsWith("/v2/")) continue;
      const op = ops.find((operation) => operation.method === request.method && operation.pattern.test(request.path));
      if (!op) {
        invalid.push(`${line(request)}: no operation of the document has this route`);
        continue;
      }
      const file = join(dir, `body-${i}.json`);
      writeFileSync(file, request.body);
      checked += 1;
      const specs = published ? [[], ["--spec", PUBLISHED_V2]] : [[]];
      for (const spec of specs) {
        const lint = spawnSync(process.execPath, [CLI, "lint", "--operation", op.operationId, ...spec, "--format", "json", file], { encoding: "utf8" });
        if (lint.status !== 0)
          invalid.push(
            `${line(request)} ${request.body} under ${spec.length ? "the published document" : "the bundled schema"}: ${lint.stdout.trim().slice(0, 600)}`,
          );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { checked, invalid, published };
}
