// Stage 2: a bundled OpenAPI document (+ optional GraphQL operations) → the ApiModel.

import type { ApiModel, Diagnostic, JsonSchema, OperationModel, ParameterModel, RequestModel, ResponseModel } from "../../schema-model/model.js";
import { checkDiscriminators, normalizeSchema, type SchemaContext } from "./normalize-schema.js";
import { breakInPlaceCycles } from "./ref-cycles.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);
const esc = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");

function resolver(doc: Obj) {
  return (ref: string): unknown => {
    let node: unknown = doc;
    for (const raw of ref.slice(2).split("/")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      node = isObj(node) || Array.isArray(node) ? (node as Obj)[key] : undefined;
    }
    return node;
  };
}

/** Follow `$ref`s of non-schema components (parameters, responses, request bodies, headers). */
function deref(value: unknown, resolve: (ref: string) => unknown, depth = 0): unknown {
  if (depth > 20 || !isObj(value) || typeof value.$ref !== "string" || !value.$ref.startsWith("#")) return value;
  return deref(resolve(value.$ref), resolve, depth + 1);
}

function examplesOf(media: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (media.example !== undefined) out.example = media.example;
  if (isObj(media.examples)) {
    for (const name of Object.keys(media.examples).sort()) {
      const ex = media.examples[name];
      if (isObj(ex) && ex.value !== undefined) out[name] = ex.value;
    }
  }
  return out;
}

function pickJson(content: unknown): [string, Obj] | undefined {
  if (!isObj(content)) return undefined;
  const types = Object.keys(content).sort();
  const type = types.find((t) => t === "application/json") ?? types.find((t) => /[/+]json\b/.test(t)) ?? types[0];
  const media = type === undefined ? undefined : content[type];
  return type !== undefined && isObj(media) ? [type, media] : undefined;
}

function derivedId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join("");
}

export function normalize(doc: Obj, sources: string[]): ApiModel {
  const diagnostics: Diagnostic[] = [];
  const resolve = resolver(doc);
  const ctx: SchemaContext = { openapi30: String(doc.openapi).startsWith("3.0"), resolve, diagnostics, unknownFormats: new Set() };
  const components = isObj(doc.components) ? doc.components : {};
  const rawSchemas = isObj(components.schemas) ? components.schemas : {};
  const schemas: Record<string, JsonSchema> = {};
  for (const name of Object.keys(rawSchemas).sort()) {
    Object.defineProperty(schemas, name, {
      value: normalizeSchema(rawSchemas[name], ctx, `/components/schemas/${esc(name)}`),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  breakInPlaceCycles(schemas, diagnostics);
  const schemaAt = (schema: unknown, pointer: string) => normalizeSchema(schema ?? {}, ctx, pointer);
  const operations: OperationModel[] = [];
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const path of Object.keys(paths).sort()) {
    const item = deref(paths[path], resolve);
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const base = `/paths/${esc(path)}/${method}`;
      const parameters: ParameterModel[] = [];
      const seen = new Set<string>();
      for (const [list, at] of [
        [op.parameters, `${base}/parameters`],
        [item.parameters, `/paths/${esc(path)}/parameters`],
      ] as const) {
        (Array.isArray(list) ? list : []).forEach((listed, i) => {
          const param = deref(listed, resolve);
          if (!isObj(param) || typeof param.name !== "string" || seen.has(`${param.in}:${param.name}`)) return;
          seen.add(`${param.in}:${param.name}`);
          parameters.push({
            name: param.name,
            in: (["path", "query", "header", "cookie"].includes(String(param.in)) ? param.in : "query") as ParameterModel["in"],
            required: param.required === true,
            ...(typeof param.description === "string" ? { description: param.description } : {}),
            schema: schemaAt(param.schema, `${at}/${i}/schema`),
          });
        });
      }
      let request: RequestModel | undefined;
      const body = deref(op.requestBody, resolve);
      const picked = isObj(body) ? pickJson(body.content) : undefined;
      if (isObj(body) && picked) {
        const [contentType, media] = picked;
        request = {
          contentType,
          required: body.required === true,
          schema: schemaAt(media.schema, `${base}/requestBody/content/${esc(contentType)}/schema`),
          examples: examplesOf(media),
        };
      }
      const responses: ResponseModel[] = [];
      const rawResponses = isObj(op.responses) ? op.responses : {};
      for (const status of Object.keys(rawResponses).sort()) {
        const response = deref(rawResponses[status], resolve);
        if (!isObj(response)) continue;
        const media = pickJson(response.content);
        const headers: ResponseModel["headers"] = {};
        const rawHeaders = isObj(response.headers) ? response.headers : {};
        for (const name of Object.keys(rawHeaders).sort()) {
          const header = deref(rawHeaders[name], resolve);
          if (!isObj(header)) continue;
          headers[name] = {
            required: header.required === true,
            ...(typeof header.description === "string" ? { description: header.description } : {}),
            schema: schemaAt(header.schema, `${base}/responses/${esc(status)}/headers/${esc(name)}/schema`),
          };
        }
        responses.push({
          status,
          ...(typeof response.description === "string" ? { description: response.description } : {}),
          ...(media
            ? {
                contentType: media[0],
                schema: schemaAt(media[1].schema, `${base}/responses/${esc(status)}/content/${esc(media[0])}/schema`),
                examples: examplesOf(media[1]),
              }
            : { examples: {} }),
          headers,
        });
      }
      operations.push({
        id: typeof op.operationId === "string" && op.operationId !== "" ? op.operationId : derivedId(method, path),
        kind: "rest",
        method: method.toUpperCase(),
        path,
        ...(typeof op.summary === "string" ? { summary: op.summary } : {}),
        ...(typeof op.description === "string" ? { description: op.description } : {}),
        tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === "string") : [],
        parameters,
        ...(request ? { request } : {}),
        responses,
      });
    }
  }
  checkDiscriminators(
    schemas,
    operations.flatMap((op) => [op.request?.schema, ...op.responses.map((response) => response.schema)].filter((x): x is JsonSchema => x !== undefined)),
  );
  const info = isObj(doc.info) ? doc.info : {};
  const baseUrl = serverUrl(doc.servers);
  return {
    title: typeof info.title === "string" ? info.title : "API",
    version: typeof info.version === "string" ? info.version : "",
    openapi: String(doc.openapi),
    sources,
    schemas,
    operations: dedupeIds(operations, diagnostics),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    diagnostics,
  };
}

/** The first server's absolute http(s) URL, `{variables}` replaced by their defaults, no trailing slash. */
function serverUrl(servers: unknown): string | undefined {
  const first = Array.isArray(servers) ? (servers[0] as unknown) : undefined;
  if (!isObj(first) || typeof first.url !== "string") return undefined;
  const variables = isObj(first.variables) ? first.variables : {};
  const url = first.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObj(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
  return /^https?:\/\/[^\s{}]+$/.test(url) ? url.replace(/\/+$/, "") : undefined;
}

/** operationIds must be unique: later duplicates get a numeric suffix and a warning. */
function dedupeIds(operations: OperationModel[], diagnostics: Diagnostic[]): OperationModel[] {
  const used = new Set<string>();
  for (const op of operations) {
    let id = op.id;
    for (let i = 2; used.has(id); i++) id = `${op.id}_${i}`;
    if (id !== op.id)
      diagnostics.push({
        level: "warning",
        code: "duplicate-operation-id",
        message: `operationId ${JSON.stringify(op.id)} is used twice; the second is ${JSON.stringify(id)}`,
        pointer: `/paths/${esc(op.path ?? "")}`,
      });
    used.add(id);
    op.id = id;
  }
  return operations.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
