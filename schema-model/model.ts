// The normalized API model: what every emitter reads. Plain data, no I/O.
// load (swagger-parser) → normalize (this shape) → emitters.

/** A JSON Schema 2020-12 object, after normalization (OpenAPI 3.0 quirks removed). */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

/** Component schemas are addressed as `${SCHEMAS_ID}#/$defs/<Name>` after normalization. */
export const SCHEMAS_ID = "https://v2kit.local/schemas";

const COMPONENT_PREFIX = `${SCHEMAS_ID}#/$defs/`;

/**
 * The component a `${SCHEMAS_ID}#/$defs/<Name>` reference names, decoded as the component's key
 * in `ApiModel.schemas` (URI escapes, then `~1` and `~0`); undefined for any other reference
 * and for one that points inside a component.
 */
export function componentOf(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const encoded = ref.slice(COMPONENT_PREFIX.length);
  if (encoded.includes("/")) return undefined;
  try {
    return decodeURIComponent(encoded).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return undefined;
  }
}

/** The component a `$ref` names, when it is one of `defs`; else undefined. */
export function componentIn(ref: unknown, defs: Readonly<Record<string, unknown>>): string | undefined {
  const name = componentOf(ref);
  return name !== undefined && Object.hasOwn(defs, name) ? name : undefined;
}

export interface ParameterModel {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface RequestModel {
  contentType: string;
  required: boolean;
  schema: JsonSchema;
  /** Example request values found in the document, by name. */
  examples: Record<string, unknown>;
}

export interface ResponseModel {
  /** HTTP status code ("201"), a range ("4XX") or "default". */
  status: string;
  description?: string;
  contentType?: string;
  schema?: JsonSchema;
  headers: Record<string, { required: boolean; description?: string; schema: JsonSchema }>;
  examples: Record<string, unknown>;
}

export interface OperationModel {
  /** operationId, or a name derived from method + path when the document has none. */
  id: string;
  kind: "rest" | "graphql";
  method?: string;
  path?: string;
  summary?: string;
  description?: string;
  tags: string[];
  parameters: ParameterModel[];
  request?: RequestModel;
  responses: ResponseModel[];
}

export interface Diagnostic {
  level: "error" | "warning";
  code: string;
  message: string;
  /** JSON pointer into the source document, when known. */
  pointer?: string;
}

export interface ApiModel {
  title: string;
  version: string;
  /** The OpenAPI version of the source document ("3.1.0", "3.0.3"). */
  openapi: string;
  /** Names of the source documents, as shown in generated headers (no absolute paths). */
  sources: string[];
  /** Component schemas by name, normalized to JSON Schema 2020-12. Sorted by name. */
  schemas: Record<string, JsonSchema>;
  /** Operations sorted by id. */
  operations: OperationModel[];
  /** The first server's URL with its variables' defaults filled in (`https://api.example.com`), when the document names one. */
  baseUrl?: string;
  diagnostics: Diagnostic[];
}
