// generators/load/precompiled/json-schema-2020-12.ts is Ajv's JSON Schema 2020-12 meta-schema compiled
// ahead of time for checkSchemas. It must be what compiling the installed meta-schemas gives
// (else run this test with V2KIT_WRITE_META_VALIDATOR=1), and checkSchemas must report exactly
// what a fresh Ajv's validateSchema reports.

import { readFileSync, writeFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { validate as precompiled, SCHEMA_HASH } from "../../generators/load/precompiled/json-schema-2020-12.js";
import { checkSchemas, META_OPTIONS, metaSchemaHash } from "../../generators/load/schema-check.js";
import { metaValidatorFile, metaValidatorSource } from "./meta-schema-source.js";

describe("the precompiled JSON Schema 2020-12 meta-schema validator", () => {
  test("is current, and checkSchemas uses it", () => {
    const wanted = metaValidatorSource();
    if (process.env.V2KIT_WRITE_META_VALIDATOR === "1") writeFileSync(metaValidatorFile, wanted);
    const stale = `${metaValidatorFile} is stale: V2KIT_WRITE_META_VALIDATOR=1 npx vitest run test/generate-speed/meta-schema.test.ts`;
    expect(readFileSync(metaValidatorFile, "utf8") === wanted, stale).toBe(true);
    expect(SCHEMA_HASH).toBe(metaSchemaHash());
  });

  const fresh = new Ajv2020(META_OPTIONS);
  const verdict = (schema: unknown) => (fresh.validateSchema(schema as never) ? null : fresh.errors);
  const mine = (schema: unknown) => (precompiled(schema) ? null : (precompiled as unknown as { errors: unknown }).errors);

  test.each([
    ["a plain object schema", { type: "object", properties: { a: { type: "string", minLength: 1 } }, required: ["a"] }],
    ["a bogus type", { type: "bogus" }],
    ["a string minimum", { minimum: "x" }],
    ["an empty oneOf", { oneOf: [] }],
    ["nested trouble", { properties: { a: { items: { type: 5 } }, b: { enum: "x" } }, $defs: { c: { required: [1] } } }],
    ["$dynamicRef and unevaluatedProperties", { $dynamicAnchor: "x", unevaluatedProperties: { $dynamicRef: "#x" } }],
    ["a boolean schema", true],
  ])("%s: the same verdict and errors as Ajv's validateSchema", (_name, schema) => {
    expect(mine(schema)).toEqual(verdict(schema));
  });

  test("random schema-like values: the same verdict and errors", () => {
    const keyword = fc.constantFrom(
      "type",
      "minimum",
      "maxLength",
      "items",
      "properties",
      "required",
      "enum",
      "const",
      "oneOf",
      "not",
      "pattern",
      "format",
      "$ref",
      "additionalProperties",
      "x-extra",
    );
    const schemaLike = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.dictionary(keyword, tie("node"), { maxKeys: 4 }),
        fc.array(tie("node"), { maxLength: 3 }),
      ),
    })).node;
    fc.assert(
      // As a document's schemas reach checkSchemas: parsed, so plain objects (fast-check also makes
      // objects without a prototype, which Ajv's own deep equality tells apart from {} and the
      // helper the precompiled code shares with the generated validators does not).
      fc.property(fc.dictionary(keyword, schemaLike, { maxKeys: 5 }), (generated) => {
        const schema = JSON.parse(JSON.stringify(generated)) as unknown;
        expect(mine(schema)).toEqual(verdict(schema));
      }),
      { numRuns: 1000 },
    );
  });

  test("checkSchemas names each problem at its pointer", () => {
    const doc = { openapi: "3.1.0", components: { schemas: { A: { type: "bogus" }, B: { properties: { c: { minimum: "x" } } } } } };
    expect(checkSchemas(doc, "3.1.0")).toEqual([
      { pointer: "/components/schemas/A/type", message: "invalid schema: type must be equal to one of the allowed values" },
      { pointer: "/components/schemas/B/properties/c/minimum", message: "invalid schema: minimum must be number" },
    ]);
  });
});
