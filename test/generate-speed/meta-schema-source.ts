// The source of generators/load/precompiled/json-schema-2020-12.ts: Ajv's JSON Schema 2020-12
// meta-schema, compiled once by Ajv (standalone, ESM, schema-check.ts's options), with the hash
// of the meta-schemas it was made from.

import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { META_OPTIONS, META_SCHEMA_ID, metaSchemaHash } from "../../generators/load/schema-check.js";
import { precompiledSource } from "./precompiled-source.js";

// A CommonJS module whose `module.exports` is the function, with a `default` alias: under NodeNext
// TypeScript types the default import as the module object, so the alias is what both agree on.
const standaloneCode = standalone.default;

export const metaValidatorFile = path.resolve(import.meta.dirname, "../../generators/load/precompiled/json-schema-2020-12.ts");

export function metaValidatorSource(): string {
  const ajv = new Ajv2020({ ...META_OPTIONS, code: { source: true, esm: true } });
  return precompiledSource({
    from: "Ajv's JSON Schema 2020-12 meta-schema by test/generate-speed/meta-schema-source.ts",
    regenerate: "V2KIT_WRITE_META_VALIDATOR=1 npx vitest run test/generate-speed/meta-schema.test.ts",
    usedBy: "generators/load/schema-check.ts uses it while SCHEMA_HASH is the hash of those meta-schemas.",
    code: standaloneCode(ajv, { validate: META_SCHEMA_ID }),
    helpers: [['require("ajv/dist/runtime/equal").default', "ajvEqual"]],
    imports: (code) => (code.includes("ajvEqual") ? ['import { equal as ajvEqual } from "../../../engine/ajv-helpers.js";'] : []),
    hash: metaSchemaHash(),
    what: "the meta-schema validator",
  });
}
