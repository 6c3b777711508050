// The sources of generators/load/precompiled/openapi-3.x-schema.ts: the OpenAPI 3.0 and 3.1 schemas
// as swagger-parser validates documents against them, compiled once by Ajv (standalone, ESM,
// swagger-parser's options), with the hash of the schema each was made from.

import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import ajvDraft4 from "ajv-draft-04";
import { OPENAPI_SCHEMA_OPTIONS, openapiSchema, schemaHash } from "../../generators/load/openapi-schema.js";
import { precompiledSource } from "./precompiled-source.js";

// CommonJS modules whose `module.exports` is the export, with a `default` alias: under NodeNext
// TypeScript types the default import as the module object, so the alias is what both agree on.
const standaloneCode = standalone.default;
const AjvDraft4 = ajvDraft4.default;

export const validatorFiles = {
  "3.0": path.resolve(import.meta.dirname, "../../generators/load/precompiled/openapi-3.0-schema.ts"),
  "3.1": path.resolve(import.meta.dirname, "../../generators/load/precompiled/openapi-3.1-schema.ts"),
} as const;

export function openapiValidatorSource(version: "3.0" | "3.1"): string {
  const schema = openapiSchema(version);
  const options = { ...OPENAPI_SCHEMA_OPTIONS, code: { source: true, esm: true } };
  const ajv = version === "3.0" ? new AjvDraft4(options) : new Ajv2020(options);
  return precompiledSource({
    from: `swagger-parser's OpenAPI ${version} schema by test/generate-speed/openapi-validators-source.ts`,
    regenerate: "V2KIT_WRITE_OPENAPI_VALIDATORS=1 npx vitest run test/generate-speed/openapi-validators.test.ts",
    usedBy: "generators/load/openapi-schema.ts uses it while SCHEMA_HASH is the hash of that schema.",
    code: standaloneCode(ajv as Ajv2020, ajv.compile(schema)),
    helpers: [
      ['require("ajv/dist/runtime/equal").default', "ajvEqual"],
      ['require("ajv/dist/runtime/ucs2length").default', "ajvUcs2length"],
    ],
    imports: () => ['import { equal as ajvEqual, ucs2length as ajvUcs2length } from "../../../engine/ajv-helpers.js";'],
    hash: schemaHash(schema),
    what: `the OpenAPI ${version} validator`,
  });
}
