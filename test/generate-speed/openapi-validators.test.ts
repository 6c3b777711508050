// generators/load/precompiled/openapi-3.x-schema.ts are the OpenAPI schemas swagger-parser checks
// documents against, compiled ahead of time. They must be what compiling the installed schemas
// gives (else run this test with V2KIT_WRITE_OPENAPI_VALIDATORS=1), and generate must report
// exactly what swagger-parser's own validate reports, for valid and invalid documents alike.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, test } from "vitest";
import { bundleDocument, validationProblem } from "../../generators/load/load.js";
import { openapiSchema, precompiledValidator, schemaHash } from "../../generators/load/openapi-schema.js";
import { openapiValidatorSource, validatorFiles } from "./openapi-validators-source.js";

const root = path.resolve(import.meta.dirname, "../..");

/** A document as swagger-parser's types name it (the cases below are deliberately not all valid ones). */
type SwaggerDocument = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

/** swagger-parser's verdict on a copy of `document`: undefined when valid, else its message as `summary` shortens it. */
function swaggerParserVerdict(document: unknown, summary: (message: string) => string): Promise<string | undefined> {
  return SwaggerParser.validate(structuredClone(document) as SwaggerDocument, { resolve: { external: false } }).then(
    () => undefined,
    (error: Error) => summary(error.message),
  );
}

describe("the precompiled OpenAPI schema validators", () => {
  test.each(["3.0", "3.1"] as const)(
    "OpenAPI %s is current",
    (version) => {
      const wanted = openapiValidatorSource(version);
      if (process.env.V2KIT_WRITE_OPENAPI_VALIDATORS === "1") writeFileSync(validatorFiles[version], wanted);
      const stale = `${validatorFiles[version]} is stale: V2KIT_WRITE_OPENAPI_VALIDATORS=1 npx vitest run test/generate-speed/openapi-validators.test.ts`;
      expect(readFileSync(validatorFiles[version], "utf8") === wanted, stale).toBe(true);
      expect(precompiledValidator(`${version}.0`), "generate would not use it").toBeDefined();
      expect(schemaHash(openapiSchema(version))).toMatch(/^[0-9a-f]{64}$/);
    },
    60_000,
  );

  const doc = (openapi: string, paths: unknown, extra: Record<string, unknown> = {}) => ({ openapi, info: { title: "t", version: "1" }, paths, ...extra });
  const ok = { "/x": { get: { operationId: "x", responses: { 200: { description: "ok" } } } } };
  // given: a document; want: swagger-parser's own verdict, message for message. (For OpenAPI 3
  // swagger-parser checks the schema only: its spec rules are Swagger 2.0's.)
  const documents: { name: string; given: unknown; valid: boolean }[] = [
    { name: "valid 3.1", given: doc("3.1.0", ok), valid: true },
    { name: "valid 3.0", given: doc("3.0.3", ok), valid: true },
    { name: "3.1, path without a slash", given: doc("3.1.0", { x: ok["/x"] }), valid: false },
    { name: "3.0, responses not an object", given: doc("3.0.3", { "/x": { get: { responses: "none" } } }), valid: false },
    { name: "3.1, info without version", given: { openapi: "3.1.0", info: { title: "t" }, paths: {} }, valid: false },
    {
      name: "3.1, a schema of the wrong type (swagger-parser lets it pass; checkSchemas does not)",
      given: doc("3.1.0", {}, { components: { schemas: { A: { type: 5 } } } }),
      valid: true,
    },
    {
      name: "3.1, circular schemas",
      given: doc("3.1.0", ok, { components: { schemas: { A: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } } } } }),
      valid: true,
    },
  ];
  const files = [
    "schema/v2.openapi.yaml",
    "test/fixtures/conformance/openapi-3.0.yaml",
    "test/fixtures/conformance/cyclic-refs.yaml",
    "../shared/reference/upstream-v2-openapi.json",
  ]
    .map((file) => path.resolve(root, file))
    .filter(existsSync);

  test.each(documents)("$name: the same verdict as swagger-parser's", async ({ given, valid }) => {
    const theirs = await swaggerParserVerdict(given, (message) => message.split("\n").slice(0, 5).join("; "));
    expect(theirs === undefined).toBe(valid);
    expect(await validationProblem(given as Record<string, unknown>)).toBe(theirs);
  });

  test.each(files)(
    "%s: valid, as swagger-parser finds it",
    async (file) => {
      const { bundled } = await bundleDocument(file);
      const theirs = await swaggerParserVerdict(bundled, (message) => message);
      expect(theirs).toBeUndefined();
      expect(await validationProblem(bundled)).toBeUndefined();
    },
    60_000,
  );
});
