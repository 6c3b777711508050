// Every schema of an OpenAPI 3.1 document is checked against the JSON Schema 2020-12
// meta-schema before anything compiles it, so that `{"type": "bogus"}`, `{"minimum": "x"}` or
// `{"oneOf": []}` is an input error with a JSON pointer, not a crash inside Ajv. (For 3.0,
// swagger-parser already validates schemas against the OpenAPI 3.0 schema.) A `$schema` other
// than JSON Schema 2020-12 (or OpenAPI 3.1's own dialect) is refused: v2kit reads no other.

import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as precompiled from "./precompiled/json-schema-2020-12.js";

/** Dialects v2kit reads: JSON Schema 2020-12 and the OpenAPI 3.1 base dialect built on it. */
const DIALECTS = new Set(["https://json-schema.org/draft/2020-12/schema", "https://spec.openapis.org/oas/3.1/dialect/base"]);

export interface SchemaProblem {
  pointer: string;
  message: string;
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Where the document holds schemas: pointer → schema (not descending into the schemas). */
function schemaRoots(doc: Record<string, unknown>): { pointer: string; schema: unknown }[] {
  const roots: { pointer: string; schema: unknown }[] = [];
  const components = doc.components as Record<string, unknown> | undefined;
  const schemas = components?.schemas;
  if (schemas && typeof schemas === "object") {
    for (const [name, schema] of Object.entries(schemas)) roots.push({ pointer: `/components/schemas/${escape(name)}`, schema });
  }
  // Elsewhere a schema sits under a "schema" key of a media type, parameter or header.
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${escape(key)}`;
        if (key === "schema") roots.push({ pointer: at, schema: value });
        else if (at !== "/components/schemas" && !key.startsWith("x-")) walk(value, at);
      }
    }
  };
  for (const key of ["paths", "webhooks", "components"]) walk(doc[key], `/${key}`);
  return roots;
}

function foreignDialects(node: unknown, pointer: string, out: SchemaProblem[]): void {
  if (Array.isArray(node)) node.forEach((item, i) => foreignDialects(item, `${pointer}/${i}`, out));
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$schema" && typeof value === "string" && !DIALECTS.has(value.replace(/#$/, ""))) {
        out.push({
          pointer: `${pointer}/$schema`,
          message: `unsupported $schema ${JSON.stringify(value)}: v2kit reads JSON Schema 2020-12 (OpenAPI 3.1's dialect); remove $schema or use https://json-schema.org/draft/2020-12/schema`,
        });
      } else if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example")
        foreignDialects(value, `${pointer}/${escape(key)}`, out);
    }
  }
}

/** Ajv's options for the meta-schema check, here and in the precompiled validator. */
export const META_OPTIONS = { allErrors: true, strict: false } as const;
export const META_SCHEMA_ID = "https://json-schema.org/draft/2020-12/schema";

/** The files Ajv 2020 adds as its meta-schemas (ajv/dist/refs/json-schema-2020-12/index.js), in its order. */
const META_FILES = [
  "schema",
  "meta/applicator",
  "meta/unevaluated",
  "meta/content",
  "meta/core",
  "meta/format-annotation",
  "meta/meta-data",
  "meta/validation",
];

/** sha256 of the installed Ajv's 2020-12 meta-schemas: which ones a precompiled validator was made from. */
export function metaSchemaHash(): string {
  const require = createRequire(import.meta.url);
  const schemas = META_FILES.map((file) => require(`ajv/dist/refs/json-schema-2020-12/${file}.json`) as unknown);
  return createHash("sha256").update(JSON.stringify(schemas)).digest("hex");
}

interface SchemaError {
  instancePath: string;
  message?: string;
}

type MetaValidate = (schema: unknown) => SchemaError[] | null;

let metaValidate: MetaValidate | undefined;

/**
 * The schema's meta-schema errors (null: none). The meta-schema compiled ahead of time
 * (precompiled/json-schema-2020-12.ts) while it was made from the installed Ajv's meta-schemas;
 * compiling them took ~40 ms of every generate. Otherwise Ajv compiles them, as before.
 */
function metaValidator(): MetaValidate {
  if (metaValidate !== undefined) return metaValidate;
  if (precompiled.SCHEMA_HASH === metaSchemaHash()) {
    const validate = precompiled.validate as ((data: unknown) => boolean) & { errors?: SchemaError[] | null };
    metaValidate = (schema) => (validate(schema) ? null : (validate.errors ?? []));
  } else {
    const ajv = new Ajv2020(META_OPTIONS);
    metaValidate = (schema) => (ajv.validateSchema(schema as never) ? null : (ajv.errors ?? []));
  }
  return metaValidate;
}

/** The problems found, first ones first (at most `limit`). */
export function checkSchemas(doc: Record<string, unknown>, version: string, limit = 10): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const roots = schemaRoots(doc);
  for (const { pointer, schema } of roots) foreignDialects(schema, pointer, problems);
  if (typeof doc.jsonSchemaDialect === "string" && !DIALECTS.has(doc.jsonSchemaDialect.replace(/#$/, ""))) {
    problems.push({
      pointer: "/jsonSchemaDialect",
      message: `unsupported dialect ${JSON.stringify(doc.jsonSchemaDialect)}: v2kit reads JSON Schema 2020-12 (OpenAPI 3.1's dialect)`,
    });
  }
  if (problems.length > 0 || !version.startsWith("3.1.")) return problems.slice(0, limit);
  const validate = metaValidator();
  for (const { pointer, schema } of roots) {
    if (typeof schema === "boolean") continue;
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
      problems.push({ pointer, message: "invalid schema: must be an object or a boolean" });
      continue;
    }
    // $schema was checked above; the meta-schema check must not try to load another dialect.
    const { $schema: _, ...rest } = schema as Record<string, unknown>;
    const errors = validate(rest);
    if (errors === null) continue;
    const seen = new Set<string>();
    for (const error of errors) {
      // One message per location: the first is the plainest ("must be equal to one of the allowed values").
      if (seen.has(error.instancePath)) continue;
      seen.add(error.instancePath);
      problems.push({
        pointer: `${pointer}${error.instancePath}`,
        message: `invalid schema: ${error.instancePath.split("/").at(-1) ?? "schema"} ${error.message ?? "is invalid"}`,
      });
      if (problems.length >= limit) return problems;
    }
  }
  return problems;
}

/**
 * Drop `$schema` where it names a dialect v2kit reads: it only restates the default, and Ajv
 * knows JSON Schema 2020-12 by its URI but not OpenAPI's dialect URI. Call after checkSchemas.
 */
export function dropKnownDialects(node: unknown): void {
  if (Array.isArray(node)) node.forEach(dropKnownDialects);
  else if (node !== null && typeof node === "object") {
    const record = node as Record<string, unknown>;
    if (typeof record.$schema === "string" && DIALECTS.has(record.$schema.replace(/#$/, ""))) delete record.$schema;
    for (const [key, value] of Object.entries(record))
      if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example") dropKnownDialects(value);
  }
}
