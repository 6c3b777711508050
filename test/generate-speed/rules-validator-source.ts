// The source of rules/rules-file-validator.ts: the rules-file schema compiled once by Ajv
// (standalone, ESM, allErrors as rules/load.ts reports them), with the hash of the schema it was
// compiled from so that rules/load.ts can tell when it is stale. Left as Ajv writes it (one long
// line; .prettierignore lists it): formatted, it took eslint minutes to read.

import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";
import { RULES_SCHEMA_OPTIONS, rulesSchemaHash } from "../../rules/load.js";
export { rulesSchemaHash };
import { rulesFileSchema } from "../../rules/schema.js";
import { precompiledSource } from "./precompiled-source.js";

// A CommonJS module whose `module.exports` is the function, with a `default` alias: under NodeNext
// TypeScript types the default import as the module object, so the alias is what both agree on.
const standaloneCode = standalone.default;

export const validatorFile = path.resolve(import.meta.dirname, "../../rules/rules-file-validator.ts");

export function rulesValidatorSource(): string {
  const ajv = new Ajv2020({ ...RULES_SCHEMA_OPTIONS, code: { source: true, esm: true } });
  return precompiledSource({
    from: "rules/schema.ts by test/generate-speed/rules-validator-source.ts",
    regenerate: "V2KIT_WRITE_RULES_VALIDATOR=1 npx vitest run test/generate-speed/rules-validator.test.ts",
    usedBy: "rules/load.ts uses it while SCHEMA_HASH is the hash of rulesFileSchema(), else compiles the schema.",
    code: standaloneCode(ajv, ajv.compile(rulesFileSchema())),
    helpers: [['require("ajv/dist/runtime/ucs2length").default', "ajvUcs2length"]],
    imports: () => ['import { ucs2length as ajvUcs2length } from "../engine/ajv-helpers.js";'],
    hash: rulesSchemaHash(),
    what: "the rules-file validator",
  });
}
