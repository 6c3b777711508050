// The source of generators/precompiled/json-schema-2020-12.ts: Ajv's JSON Schema 2020-12
// meta-schema, compiled once by Ajv (standalone, ESM, schema-check.ts's options), with the hash
// of the meta-schemas it was made from.

import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { META_OPTIONS, META_SCHEMA_ID, metaSchemaHash } from "../../generators/schema-check.js";

export const metaValidatorFile = path.resolve(import.meta.dirname, "../../generators/precompiled/json-schema-2020-12.ts");

export function metaValidatorSource(): string {
  const ajv = new Ajv2020({ ...META_OPTIONS, code: { source: true, esm: true } });
  const code = standaloneCode(ajv, { validate: META_SCHEMA_ID });
  const rest = code.replaceAll('require("ajv/dist/runtime/equal").default', "ajvEqual");
  if (rest.includes("require(")) throw new Error(`the meta-schema validator needs a runtime module: ${/require\([^)]*\)/.exec(rest)?.[0]}`);
  return [
    "// Generated from Ajv's JSON Schema 2020-12 meta-schema by test/generate-speed/meta-schema-source.ts; do not edit.",
    "// Regenerate: V2KIT_WRITE_META_VALIDATOR=1 npx vitest run test/generate-speed/meta-schema.test.ts",
    "// generators/schema-check.ts uses it while SCHEMA_HASH is the hash of those meta-schemas.",
    "/* eslint-disable */",
    "// @ts-nocheck",
    ...(rest.includes("ajvEqual") ? ['import { equal as ajvEqual } from "../../rules/runtime/ajv-helpers.js";'] : []),
    `export const SCHEMA_HASH = ${JSON.stringify(metaSchemaHash())};`,
    rest,
    "",
  ].join("\n");
}
