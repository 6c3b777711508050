// Success bodies derived from the document in use (issue: serve answers as the published
// document says): a required response field the stored record lacks gets the value the server
// would hold, by one mechanism; what nothing can derive is named at start-up and answered 500
// only by the operations that need it.

import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadModel } from "../../generators/pipeline.js";
import type { ApiModel, JsonSchema } from "../../schema-model/model.js";
import { complete, initialOf, NONE } from "../../serve/derive.js";
import type { V2kitServer } from "../../serve/index.js";
import { call, start, stop } from "./helpers.js";
import { SHARED_ABSENT } from "../fixtures/conformance/support.js";

const UPSTREAM = new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url);
if (!existsSync(UPSTREAM)) console.log(`skipping the published-document lifecycle: ${SHARED_ABSENT}`);

let server: V2kitServer | undefined;
afterEach(async () => {
  if (server) await stop(server);
  server = undefined;
});

const model = { schemas: { State: { type: "string", enum: ["PROVISIONING", "RUNNING"] } } } as unknown as ApiModel;
const initial = (schema: JsonSchema, unset = false) => initialOf(model, schema, 0, unset);

describe("initialOf: the value a server holds for a field nothing set", () => {
  it.each([
    ["const", { const: "x", type: "string" }, "x"],
    ["default", { type: "integer", default: 30 }, 30],
    ["a nullable type", { type: ["string", "null"] }, null],
    ["the first state of an enum (by $ref)", { $ref: "https://v2kit.local/schemas#/$defs/State" }, "PROVISIONING"],
    ["a collection", { type: "array", items: { type: "string" } }, []],
    ["an object from its required fields", { type: "object", required: ["enabled"], properties: { enabled: { type: "boolean" } } }, { enabled: false }],
    ["a number's minimum", { type: "integer", minimum: 10 }, 10],
    ["a schema silent on its type", {}, null],
  ] as [string, JsonSchema, unknown][])("%s", (_name, schema, expected) => {
    expect(initial(schema)).toEqual(expected);
  });

  it("a string: underivable, unless a request may set it and nothing constrains it (then its unset value)", () => {
    expect(initial({ type: "string" })).toBe(NONE);
    expect(initial({ type: "string" }, true)).toBe("");
    expect(initial({ type: "string", minLength: 1 }, true)).toBe(NONE);
    expect(initial({ type: "object", required: ["name"], properties: { name: { type: "string" } } })).toBe(NONE);
  });

  it("complete fills only what is missing, through list wrappers, and names what it cannot", () => {
    const schema = {
      type: "object",
      required: ["items"],
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            required: ["id", "status", "tags", "group"],
            properties: { status: { $ref: "https://v2kit.local/schemas#/$defs/State" }, tags: { type: "array" }, group: { type: "string" } },
          },
        },
      },
    } as JsonSchema;
    const missing: string[] = [];
    const stored = { items: [{ id: "a", status: "RUNNING" }] };
    expect(complete(model, schema, stored, missing)).toEqual({ items: [{ id: "a", status: "RUNNING", tags: [] }] });
    expect(missing).toEqual(["/items/0/group"]);
    expect(stored.items[0]).toEqual({ id: "a", status: "RUNNING" }); // the stored record is not changed
  });
});

describe("serve --spec the published document", () => {
  it.skipIf(!existsSync(UPSTREAM))("every create with the document's own example, then get and list: no 5xx, records complete", async () => {
    server = await start({ spec: UPSTREAM.pathname });
    expect(server.underivable()).toEqual([]);
    const published = await loadModel({ spec: UPSTREAM.pathname });
    let created = 0;
    for (const op of published.operations) {
      if (op.kind !== "rest" || op.method !== "POST" || !op.request || op.path?.includes("{")) continue;
      const example = Object.values(op.request.examples)[0];
      if (example === undefined) continue;
      const answer = await call(server, "POST", op.path as string, example);
      expect(answer.status, `${op.id}: ${JSON.stringify(answer.body)}`).toBe(201);
      const { id } = answer.body as { id: string };
      expect((await call(server, "GET", `${op.path}/${id}`)).status, op.id).toBe(200);
      expect((await call(server, "GET", op.path as string)).status, op.id).toBe(200);
      // A new pod's actions are the ones PROVISIONING accepts (the published document's podAction text).
      if (op.id === "createPod") expect(answer.body).toMatchObject({ status: "PROVISIONING", actions: ["stop", "terminate"] });
      // What the server reads from the ECR ARN (AWS's format), and Docker's default tag.
      if (op.id === "createDelegation") expect(answer.body).toMatchObject({ awsRegion: "us-east-2", repository: "runpod/deployment", tag: "latest" });
      created++;
    }
    expect(created).toBeGreaterThanOrEqual(5);
    for (const route of ["/v2/catalog/gpus", "/v2/catalog/cpus", "/v2/catalog/datacenters"]) expect((await call(server, "GET", route)).status, route).toBe(200);
  });
});

describe("a document whose responses cannot be satisfied", () => {
  it("starts, names the fields, and answers 500 only for the operation that needs them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-derive-"));
    const spec = path.join(dir, "spec.json");
    const thing = (extra: Record<string, unknown>) => ({
      type: "object",
      required: ["id", "name", ...Object.keys(extra)],
      properties: { id: { type: "string" }, name: { type: "string" }, ...extra },
    });
    const ok = (schema: unknown, status = "200") => ({ [status]: { description: "ok", content: { "application/json": { schema } } } });
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: {
          "/v2/things": {
            post: {
              operationId: "createThing",
              requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } },
              responses: ok(thing({ secretCode: { type: "string", pattern: "^[A-Z]+$" } }), "201"),
            },
          },
          "/v2/widgets": {
            post: {
              operationId: "createWidget",
              requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } } },
              responses: ok(thing({ ready: { type: "boolean" } }), "201"),
            },
          },
        },
      }),
    );
    server = await start({ spec });
    expect(server.underivable()).toEqual([{ operation: "createThing", pointers: ["/secretCode"] }]);
    const thingAnswer = await call(server, "POST", "/v2/things", { name: "a" });
    expect(thingAnswer.status).toBe(500);
    expect((thingAnswer.body as { detail: string }).detail).toContain("/secretCode");
    const widget = await call(server, "POST", "/v2/widgets", { name: "b" });
    expect(widget.status).toBe(201);
    expect(widget.body).toMatchObject({ name: "b", ready: false });
  });
});
