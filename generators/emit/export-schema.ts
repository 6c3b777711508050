// `v2kit schema`: one self-contained JSON Schema (draft 2020-12) per request or response body,
// for editors' own JSON validation (VS Code `json.schemas`, `$schema` in the file, Ajv). Every
// component the body uses is under `$defs`; the cross-field rules JSON Schema states exactly
// are in its `allOf` (rules/exact-rules.ts); the rest are named in its description.

import { exactRules } from "../../rules/exact-rules.js";
import type { RulesFile } from "../../rules/types.js";
import { GenerateError } from "../../schema-model/errors.js";
import { graphqlRequest } from "./export-graphql.js";
import { type ApiModel, componentOf, type JsonSchema, type OperationModel, SCHEMAS_ID } from "../../schema-model/model.js";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE } from "../normalize/normalize-schema.js";
import { boundIntegers } from "./validators.js";
import { strictForAjv } from "./export-strict.js";

export const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/** Formats JSON Schema 2020-12 defines (with ajv-formats' names): others are OpenAPI's annotations. */
const STANDARD_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
]);

/** Keywords of OpenAPI, not of JSON Schema: left out so that a strict validator takes the file. */
const OPENAPI_ONLY = new Set(["discriminator", "xml", "externalDocs", "example", "nullable"]);

export type Target = "request" | { response: string };

export interface ExportedSchema {
  operation: string;
  target: "request" | "response";
  status?: string;
  /** File name under --out: `<operation>.request.schema.json`, `<operation>.response.<status>.schema.json`. */
  file: string;
  schema: Record<string, unknown>;
}

/** A file-name-safe form of an operation id (`graphql:deleteTemplate` → `graphql_deleteTemplate`). */
export const fileStem = (operation: string) => operation.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * A copy of `schema` for the export: component references local (`#/$defs/X`), OpenAPI-only
 * keywords, `x-` extensions and non-standard formats left out. Names every component it
 * references into `used`.
 */
function localize(schema: unknown, used: Set<string>): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith("x-")) continue;
    if (key === "format" && typeof value === "string" && !STANDARD_FORMATS.has(value)) continue;
    if (key === "$ref" && typeof value === "string" && value.startsWith(SCHEMAS_ID)) {
      const name = componentOf(value);
      if (name !== undefined) used.add(name);
      out[key] = `#${value.slice(SCHEMAS_ID.length + 1)}`;
    } else if (SCHEMA_SINGLE.has(key)) out[key] = localize(value, used);
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((item) => localize(item, used));
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, localize(sub, used)]));
    } else out[key] = value;
  }
  return out;
}

/** `schema` localized, and the components it reaches, by name in sorted order, localized. */
function selfContained(model: ApiModel, schema: JsonSchema): { root: Record<string, unknown>; defs: Record<string, unknown> } {
  const used = new Set<string>();
  const rootValue = localize(boundIntegers(schema), used);
  const root: Record<string, unknown> = rootValue === true ? {} : rootValue === false ? { not: {} } : (rootValue as Record<string, unknown>);
  const defs = new Map<string, unknown>();
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (defs.has(name) || !Object.hasOwn(model.schemas, name)) continue;
    const found = new Set<string>();
    defs.set(name, localize(boundIntegers(model.schemas[name]), found));
    for (const referenced of found) if (!defs.has(referenced)) pending.push(referenced);
  }
  return { root, defs: Object.fromEntries([...defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

const sentence = (text: string | undefined) => (text === undefined || text.trim() === "" ? undefined : text.trim());

/** The request body schema of `op`, with its rules. */
function requestSchema(model: ApiModel, rules: RulesFile, op: OperationModel): Record<string, unknown> {
  if (op.request === undefined) throw new ExportError("no-request-body", `${op.id} has no request body`);
  const { root, defs } = selfContained(model, op.request.schema);
  const verdicts = exactRules(rules, op.id);
  const stated = verdicts.filter((verdict) => verdict.schema !== undefined);
  const named = verdicts.filter((verdict) => verdict.schema === undefined);
  const lines = [
    sentence(op.summary) ?? `Request body of ${op.id}.`,
    ...(typeof root["description"] === "string" ? [root["description"]] : []),
    ...(stated.length > 0
      ? [
          `Cross-field rules checked by this schema (allOf): ${stated.map((verdict) => `${verdict.rule.id} (${verdict.rule.message}, status ${verdict.rule.status})`).join("; ")}.`,
        ]
      : []),
    ...(named.length > 0
      ? [
          `Cross-field rules this schema cannot check (v2kit lint checks them): ${named.map((verdict) => `${verdict.rule.id} (${verdict.rule.message}; ${verdict.reason})`).join("; ")}.`,
        ]
      : []),
  ];
  const generated = "Generated by v2kit from the OpenAPI document and the rules file; schema failures are 422.";
  const ruleSchemas = stated.map((verdict) => ({
    title: verdict.rule.id,
    description: `${verdict.rule.message} (status ${verdict.rule.status})`,
    ...verdict.schema,
  }));
  const examples = Object.values(op.request.examples);
  if (op.kind === "graphql") {
    // The wire body, the arguments object or the bare argument (generators/emit/export-graphql.ts).
    const graphql = graphqlRequest(op.id, root, ruleSchemas, defs);
    return {
      $schema: DRAFT_2020_12,
      title: `${op.id} request body`,
      description: [...lines, ...graphql.notes, generated].join("\n\n"),
      ...graphql.shapes,
      ...(examples.length > 0 ? { examples } : {}),
      ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
    };
  }
  lines.push(generated);
  const allOf = [...(Array.isArray(root["allOf"]) ? root["allOf"] : []), ...ruleSchemas];
  return {
    $schema: DRAFT_2020_12,
    title: `${op.id} request body`,
    ...root,
    description: lines.join("\n\n"),
    ...(allOf.length > 0 ? { allOf } : {}),
    ...(examples.length > 0 && root["examples"] === undefined ? { examples } : {}),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

function responseSchema(model: ApiModel, op: OperationModel, status: string): Record<string, unknown> {
  const response = op.responses.find((candidate) => candidate.status === status);
  if (response?.schema === undefined) {
    const known = op.responses.filter((declared) => declared.schema !== undefined).map((declared) => declared.status);
    throw new ExportError(
      "no-response-body",
      `${op.id} has no response body for status ${JSON.stringify(status)}${known.length > 0 ? `; it has ${known.join(", ")}` : ""}`,
    );
  }
  const { root, defs } = selfContained(model, response.schema);
  const examples = Object.values(response.examples);
  return {
    $schema: DRAFT_2020_12,
    title: `${op.id} response body, status ${status}`,
    ...root,
    description: [
      sentence(response.description) ?? `Response body of ${op.id}, status ${status}.`,
      ...(typeof root["description"] === "string" ? [root["description"]] : []),
    ].join("\n\n"),
    ...(examples.length > 0 && root["examples"] === undefined ? { examples } : {}),
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  };
}

export type ExportErrorCode = "no-request-body" | "no-response-body" | "unknown-operation";

/** What `v2kit schema` cannot export: an operation the document does not have, or a body it does not define. */
export class ExportError extends GenerateError {
  static override readonly errorName: string = "ExportError";
  declare readonly code: ExportErrorCode;

  constructor(code: ExportErrorCode, message: string) {
    super(code, message);
  }
}

export interface ExportOptions {
  /**
   * Rewritten so that Ajv's strict mode takes it (export-strict.ts): true, what `v2kit schema`
   * writes. False gives the schema before that rewrite, which accepts the same documents (the
   * equivalence test compares the two).
   */
  strictMode?: boolean;
}

/** One body's schema. `operation` is the model's id (`createEndpoint`, `graphql:deleteTemplate`). */
export function exportSchema(model: ApiModel, rules: RulesFile, operation: string, target: Target, options: ExportOptions = {}): ExportedSchema {
  const op = model.operations.find((candidate) => candidate.id === operation);
  if (op === undefined) throw new ExportError("unknown-operation", `unknown operation ${JSON.stringify(operation)}`);
  const stem = fileStem(op.id);
  const finish = options.strictMode === false ? (schema: Record<string, unknown>) => schema : strictForAjv;
  if (target === "request")
    return { operation: op.id, target: "request", file: `${stem}.request.schema.json`, schema: finish(requestSchema(model, rules, op)) };
  return {
    operation: op.id,
    target: "response",
    status: target.response,
    file: `${stem}.response.${fileStem(target.response)}.schema.json`,
    schema: finish(responseSchema(model, op, target.response)),
  };
}

/** Every body of the operations given (default: all): requests, then responses in the document's order. */
export function exportAll(model: ApiModel, rules: RulesFile, operations?: readonly string[]): ExportedSchema[] {
  const out: ExportedSchema[] = [];
  for (const op of model.operations) {
    if (operations !== undefined && !operations.includes(op.id)) continue;
    if (op.request !== undefined) out.push(exportSchema(model, rules, op.id, "request"));
    for (const response of op.responses) if (response.schema !== undefined) out.push(exportSchema(model, rules, op.id, { response: response.status }));
  }
  return out;
}

/** The index written beside the files: which file is which body, with the route. */
export function exportIndex(model: ApiModel, schemas: readonly ExportedSchema[]): Record<string, unknown> {
  return {
    $comment: `JSON Schemas (draft 2020-12) of the bodies of ${model.title} ${model.version}, written by v2kit schema`,
    schemas: schemas.map((exported) => {
      const op = model.operations.find((candidate) => candidate.id === exported.operation);
      return {
        operation: exported.operation,
        ...(op?.method !== undefined ? { method: op.method.toUpperCase() } : {}),
        ...(op?.path !== undefined ? { path: op.path } : {}),
        target: exported.target,
        ...(exported.status !== undefined ? { status: exported.status } : {}),
        file: exported.file,
      };
    }),
  };
}

/** Serialized as written: two-space JSON and a final newline (byte-identical run to run). */
export const serialize = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
