// Issue 43: with `--spec` of the published document, the reads serve has no state model for
// (billing histories, an endpoint's workers and releases, pod and worker logs) answered 501.
// They now answer a status the document defines, with a body the document's own response schema
// accepts (judged by Ajv 2020, not by serve's engine), marked synthetic; the query and the
// resource they are under are still judged (400, 404). The bundled schema keeps its 501s
// (not-simulated.test.ts): its response schemas for these routes say the bodies are not shown.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_ABSENT } from "../fixtures/conformance/support.js";
import { type Running, spawnServe } from "./helpers.js";

const PUBLISHED = fileURLToPath(new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url));
const haveShared = existsSync(PUBLISHED);
if (!haveShared) console.log(`skipping the synthetic answers to the published document: ${SHARED_ABSENT}`);

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const AUTH = { authorization: "Bearer test-key" };

type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { examples: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** The GET operations that answered 501 before (every one the server has no state model for). */
const SYNTHETIC = [
  ["/v2/billing", "listBilling"],
  ["/v2/billing/pods", "listPodBilling"],
  ["/v2/billing/serverless", "listServerlessBilling"],
  ["/v2/billing/endpoints", "listEndpointBilling"],
  ["/v2/billing/network-volumes", "listNetworkVolumeBilling"],
  ["/v2/billing/clusters", "listClusterBilling"],
  ["/v2/serverless/{id}/workers", "listEndpointWorkers"],
  ["/v2/serverless/{id}/releases", "listEndpointReleases"],
  ["/v2/serverless/{id}/workers/{workerId}/logs", "getWorkerLogs"],
  ["/v2/pods/{id}/logs", "getPodLogs"],
] as const;

describe.skipIf(!haveShared)("serve --spec <published document>: reads without a state model", () => {
  let serve: Running;
  let document: Document;
  let ajv: Ajv2020;
  const ids: Record<string, string> = {};

  /** Ajv 2020's verdict on `body` under the document's schema of `operation`'s `status` response in `mediaType`. */
  const validate = (template: string, status: string, mediaType: string, body: unknown): string => {
    const pointer = `#/paths/${template.replace(/~/g, "~0").replace(/\//g, "~1")}/get/responses/${status}/content/${mediaType.replace(/\//g, "~1")}/schema`;
    const check = ajv.getSchema(`published${pointer}`);
    if (!check) throw new Error(`no schema at ${pointer}`);
    return check(body) ? "valid" : ajv.errorsText(check.errors);
  };

  const get = (path: string) => fetch(`${serve.url}${path}`, { headers: AUTH });

  beforeAll(async () => {
    document = JSON.parse(readFileSync(PUBLISHED, "utf8")) as Document;
    ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addSchema(document, "published");
    serve = await spawnServe(["--seed", "1", "--spec", PUBLISHED]);
    // The resources the routes are under, created with the document's own request examples.
    for (const [collection, operationId] of [
      ["/v2/serverless", "createEndpoint"],
      ["/v2/pods", "createPod"],
    ] as const) {
      const post = document.paths[collection]!.post!;
      expect(post.operationId).toBe(operationId);
      const example = Object.values(post.requestBody!.content["application/json"]!.examples)[0]!.value;
      const created = await fetch(`${serve.url}${collection}`, {
        method: "POST",
        headers: { ...AUTH, "content-type": "application/json" },
        body: JSON.stringify(example),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      ids[collection] = ((await created.json()) as { id: string }).id;
    }
  }, 120_000);

  afterAll(async () => {
    serve?.child.kill("SIGTERM");
    await serve?.exited;
  });

  it.each(SYNTHETIC)("GET %s (%s): a status the document defines and a body its response schema accepts", async (template, operationId) => {
    const operation = document.paths[template]!.get!;
    expect(operation.operationId).toBe(operationId);
    const path = template.replace("{id}", template.startsWith("/v2/pods") ? ids["/v2/pods"]! : ids["/v2/serverless"]!).replace("{workerId}", "worker-1");
    const response = await get(path);
    const status = String(response.status);
    expect(Object.keys(operation.responses)).toContain(status);
    expect(status).toBe("200");
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]!;
    expect(Object.keys(operation.responses[status]!.content ?? {})).toContain(mediaType);
    const text = await response.text();
    const body = mediaType.includes("json") ? JSON.parse(text) : text;
    expect(validate(template, status, mediaType, body)).toBe("valid");
    // Honest about it: the body came from the document, not from the state.
    expect(response.headers.get("v2kit-synthetic")).toMatch(/^(example \S+|schema)$/);
  });

  it("no GET of the document answers 501 any more", async () => {
    for (const [template, methods] of Object.entries(document.paths)) {
      if (!methods.get) continue;
      const path = template.replace("{id}", template.startsWith("/v2/pods") ? ids["/v2/pods"]! : ids["/v2/serverless"]!).replace("{workerId}", "worker-1");
      const response = await get(path);
      expect(response.status, `GET ${template}: ${await response.text()}`).not.toBe(501);
      expect(Object.keys(methods.get.responses).includes(String(response.status)) || "default" in methods.get.responses, template).toBe(true);
    }
  });

  it("PUT /v2/account/ssh-keys replaces the key set the GET reads (the document: a complete replacement, not a merge); a key the document refuses is 422", async () => {
    const put = (body: unknown) =>
      fetch(`${serve.url}/v2/account/ssh-keys`, { method: "PUT", headers: { ...AUTH, "content-type": "application/json" }, body: JSON.stringify(body) });
    const example = Object.values(document.paths["/v2/account/ssh-keys"]!.put!.requestBody!.content["application/json"]!.examples)[0]!.value as {
      keys: string[];
    };
    const keys = { keys: [...example.keys, "ssh-rsa AAAAB3NzaC1yc2E second@example.com"] };
    const replaced = await put(keys);
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    expect(await replaced.json()).toEqual(keys);
    const read = await get("/v2/account/ssh-keys");
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(body).toEqual(keys);
    expect(validate("/v2/account/ssh-keys", "200", "application/json", body)).toBe("valid");
    const refused = await put({ keys: ["not a key"] });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toContain("/keys/0");
    expect(await (await get("/v2/account/ssh-keys")).json()).toEqual(keys);
    const emptied = await put({ keys: [] });
    expect(emptied.status).toBe(200);
    expect(await (await get("/v2/account/ssh-keys")).json()).toEqual({ keys: [] });
  });

  it("an endpoint or pod that does not exist is 404; a bad query value is 400, naming the parameter; a good one is answered", async () => {
    for (const path of ["/v2/serverless/nope/workers", "/v2/serverless/nope/releases", "/v2/serverless/nope/workers/w/logs", "/v2/pods/nope/logs"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
    for (const [query, parameter] of [
      ["bucketSize=fortnight", "bucketSize"],
      ["lastN=0", "lastN"],
      ["lastN=two", "lastN"],
      ["startTime=yesterday", "startTime"],
    ] as const) {
      const response = await get(`/v2/billing?${query}`);
      expect(response.status, query).toBe(400);
      const problem = (await response.json()) as { detail: string; errors: string[] };
      expect(problem.errors.join("\n"), query).toContain(parameter);
      expect(validate("/v2/billing", "default", "application/problem+json", problem)).toBe("valid");
    }
    const fine = await get("/v2/billing?bucketSize=day&lastN=30");
    expect(fine.status).toBe(200);
    expect(validate("/v2/billing", "200", "application/json", await fine.json())).toBe("valid");
    const unknown = await get("/v2/billing?page=2");
    expect(unknown.status).toBe(400);
  });
});
