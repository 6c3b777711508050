// A failed anyOf/oneOf without a discriminator reports the branch the value came closest to: the
// fewest failures, among the branches of the value's JSON type (issue 27). The generator inlines
// union branches so each failure names its branch (generators/normalize/union-branches.ts); problem.ts picks.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { loadEngine } from "../../../generators/engine-on-the-fly.js";
import { SCHEMAS_ID } from "../../../schema-model/model.js";
import { inlineUnionBranches } from "../../../generators/normalize/union-branches.js";
import type { Engine } from "../../../engine/evaluate.js";
import { lint } from "../../../lint/index.js"; // the package entry: every operation's validators loaded
import { scratch } from "../../fixtures/conformance/support.js";

const current = JSON.parse(readFileSync(new URL("../../../examples/current-endpoint.json", import.meta.url), "utf8")) as Record<string, unknown>;
const urls = current["requestUrls"] as Record<string, string>;
const said = (verdict: ReturnType<typeof lint>) => verdict.violations.map((violation) => `${violation.path}: ${violation.message}`);

describe("the bundled response schema (EndpointRequestUrls: a QUEUE shape or a LOAD_BALANCER shape, both objects)", () => {
  const check = (requestUrls: unknown) => said(lint({ ...current, requestUrls }, { operation: "getEndpoint", response: 200 }));

  test("a QUEUE endpoint's URLs missing one gets that one, not the LOAD_BALANCER shape's failures", () => {
    const { health: _health, ...withoutHealth } = urls;
    expect(check(withoutHealth)).toEqual(["/requestUrls/health: is required"]);
  });

  test("a LOAD_BALANCER endpoint's URLs with a bad value get that value's failure", () => {
    expect(check({ base: 5, health: "https://q7d2k9xm.example.invalid/ping" })).toEqual(["/requestUrls/base: must be string"]);
  });

  test("a mix of both shapes gets the closer one's failures", () => {
    // LOAD_BALANCER: `health` missing, `run` unknown (2); QUEUE: 7 missing, `base` unknown (8).
    expect(check({ run: urls["run"], base: "https://q7d2k9xm.example.invalid" })).toEqual([
      "/requestUrls/health: is required",
      '/requestUrls/run: unknown property "run" is not allowed',
    ]);
  });

  test("a value of no branch's type is one failure naming the type", () => {
    expect(check("https://q7d2k9xm.example.invalid")).toEqual(["/requestUrls: must be object"]);
  });

  test("a valid body is still valid", () => {
    expect(lint(current, { operation: "getEndpoint", response: 200 }).ok).toBe(true);
  });
});

describe("another document, compiled at run time (lint --spec)", () => {
  let engine: Engine;
  beforeAll(async () => {
    const dir = scratch("union-branches");
    const spec = path.join(dir, "pets.json");
    const object = (required: string[], properties: Record<string, unknown>) => ({ type: "object", additionalProperties: false, required, properties });
    writeFileSync(
      spec,
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "pets", version: "1" },
        paths: {
          "/pets": {
            post: {
              operationId: "createPet",
              requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/PetRequest" } } } },
              responses: { "201": { description: "created" } },
            },
          },
        },
        components: {
          schemas: {
            PetRequest: object(["pet"], { pet: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }] } }),
            Cat: object(["lives", "owner"], { lives: { type: "integer", maximum: 9 }, owner: { $ref: "#/components/schemas/Owner" } }),
            Dog: object(["breed", "owner"], {
              breed: { type: "string" },
              owner: { $ref: "#/components/schemas/Owner" },
              pups: { type: "array", items: { $ref: "#/components/schemas/Dog" } },
            }),
            Owner: object(["name"], { name: { type: "string" } }),
          },
        },
      }),
    );
    // The bundled rules name operations this document lacks: skipped, as lint --spec warns.
    engine = await loadEngine({ spec, onDiagnostics: () => {} });
  });
  const check = (pet: unknown) => said(lint({ pet }, { operation: "createPet", engine }));

  test("the closer branch's failures, down through an inlined component (Owner)", () => {
    expect(check({ lives: 3, owner: {} })).toEqual(["/pet/owner/name: is required"]);
    expect(check({ lives: 12, owner: { name: "A" } })).toEqual(["/pet/lives: must be <= 9"]);
    expect(check({ breed: "collie", owner: { name: 1 } })).toEqual(["/pet/owner/name: must be string"]);
  });

  test("branches equally far off are all listed", () => {
    expect(check({ owner: { name: "A" } })).toEqual(["/pet/lives: is required", "/pet/breed: is required"]);
  });

  test("a failure inside a recursive reference (Dog's pups: a call, not inlined) keeps every failure: its branch cannot be told", () => {
    expect(check({ breed: "collie", owner: { name: "A" }, pups: [{ breed: 1, owner: { name: "B" } }] })).toEqual([
      "/pet/lives: is required",
      '/pet/breed: unknown property "breed" is not allowed',
      '/pet/pups: unknown property "pups" is not allowed',
      "/pet/pups/0/breed: must be string",
    ]);
  });
});

describe("inlineUnionBranches", () => {
  const ref = (name: string) => ({ $ref: `${SCHEMAS_ID}#/$defs/${name}` });
  const defs = {
    A: { type: "object", properties: { b: ref("B") } },
    B: { type: "string" },
    Loop: { anyOf: [{ type: "null" }, { type: "object", properties: { next: ref("Loop") } }] },
    Named: { $id: "https://example.invalid/named", type: "object" },
  };

  test("replaces a bare branch $ref by its target, down the tree", () => {
    expect(inlineUnionBranches({ oneOf: [ref("A"), ref("B")] }, defs)).toEqual({
      oneOf: [{ type: "object", properties: { b: { type: "string" } } }, { type: "string" }],
    });
  });

  test("keeps a $ref's siblings beside the target, in an allOf", () => {
    expect(inlineUnionBranches({ anyOf: [{ ...ref("B"), minLength: 2 }, { type: "null" }] }, defs)).toEqual({
      anyOf: [{ minLength: 2, allOf: [{ type: "string" }] }, { type: "null" }],
    });
  });

  test("stops at a cycle, leaves a discriminated union and a target with an identity alone", () => {
    expect(inlineUnionBranches(defs.Loop, defs, "Loop")).toEqual(defs.Loop);
    const discriminated = { oneOf: [ref("A"), ref("B")], discriminator: { propertyName: "kind" } };
    expect(inlineUnionBranches(discriminated, defs)).toEqual(discriminated);
    expect(inlineUnionBranches({ oneOf: [ref("Named"), ref("B")] }, defs)).toEqual({ oneOf: [ref("Named"), { type: "string" }] });
  });
});
