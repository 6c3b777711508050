// `paths`, `operations` and `components` shaped as openapi-typescript 7 shapes them, so that
// `createClient<paths>()` from openapi-fetch types every route with no adapter:
//   paths[path][method] = operations[id]  (methods a path lacks are `?: never`)
//   operations[id] = { parameters: { query; header; path; cookie }; requestBody; responses }
//   responses[status] = { headers: { [name: string]: unknown }; content: { [mediaType]: T } }
// Bodies refer to `Operations[id]`, so both views show one type (narrowed where rules apply).

import type { OperationModel, ParameterModel } from "../../../schema-model/model.js";
import type { InterfaceDeclaration } from "./declarations.js";
import { schemaDocLines, withDoc } from "./docs.js";
import { keyword, neverType, unknownType } from "./literals.js";
import { compareCodePoints } from "./names.js";
import {
  indexedAccess,
  indexSignature,
  type Member,
  numericKey,
  type PropertyKey,
  type PropertySignature,
  property,
  propertyKey,
  quotedKey,
  stringLiteral,
  type TypeNode,
  typeLiteral,
  typeReference,
} from "./nodes.js";
import { schemaToType, type TypeContext } from "./schema-to-type.js";

/** Methods in openapi-typescript's order; each path item lists all of them. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const LOCATIONS = ["query", "header", "path", "cookie"] as const;

const member = (name: PropertyKey | string, type: TypeNode, optional = false): PropertySignature => property(name, type, optional);

/** `Operations["id"]["request"]`-style indexed access, one string index per segment. */
function indexed(root: string, segments: readonly string[]): TypeNode {
  let node: TypeNode = typeReference(root);
  for (const segment of segments) node = indexedAccess(node, stringLiteral(segment));
  return node;
}

const stringIndex = (type: TypeNode): Member => indexSignature("name", type);

const noParameters = (): TypeNode => typeLiteral(LOCATIONS.map((location) => member(location, neverType(), true)));

function parametersType(parameters: readonly ParameterModel[], ctx: TypeContext): TypeNode {
  return typeLiteral(
    LOCATIONS.map((location) => {
      const seen = new Set<string>();
      const params = parameters
        .filter((param) => param.in === location)
        .sort((a, b) => compareCodePoints(a.name, b.name))
        .filter((param) => !seen.has(param.name) && seen.add(param.name) !== undefined);
      if (params.length === 0) return member(location, neverType(), true);
      const members = params.map((param) => {
        const doc = param.description === undefined ? [] : schemaDocLines({ description: param.description });
        return withDoc(member(param.name, schemaToType(param.schema, ctx), !param.required), doc);
      });
      // The location is optional when nothing in it is required (openapi-fetch then makes `params` optional).
      return member(location, typeLiteral(members), !params.some((param) => param.required));
    }),
  );
}

/** Status keys: three-digit codes as numbers (openapi-fetch matches 200, 201, … as numbers), others as strings. */
function statusKey(status: string): PropertyKey {
  return /^[1-5][0-9][0-9]$/.test(status) ? numericKey(status) : quotedKey(status);
}

function responsesType(op: OperationModel, ctx: TypeContext): TypeNode {
  const seen = new Set<string>();
  const responses = [...op.responses]
    .sort((a, b) => compareCodePoints(a.status, b.status))
    .filter((response) => !seen.has(response.status) && seen.add(response.status) !== undefined);
  return typeLiteral(
    responses.map((response) => {
      const headerNames = Object.keys(response.headers).sort(compareCodePoints);
      const headers = typeLiteral([
        ...headerNames.map((name) => {
          const header = response.headers[name];
          return member(name, header === undefined ? unknownType() : schemaToType(header.schema, ctx), header?.required !== true);
        }),
        stringIndex(unknownType()),
      ]);
      const content =
        response.schema === undefined
          ? member("content", neverType(), true)
          : member("content", typeLiteral([member(response.contentType ?? "application/json", indexed("Operations", [op.id, "responses", response.status]))]));
      const doc = response.description === undefined ? [] : schemaDocLines({ description: response.description });
      return withDoc(member(statusKey(response.status), typeLiteral([member("headers", headers), content])), doc);
    }),
  );
}

function operationShape(op: OperationModel, ctx: TypeContext): TypeNode {
  const body =
    op.request === undefined
      ? member("requestBody", neverType(), true)
      : member(
          "requestBody",
          typeLiteral([member("content", typeLiteral([member(op.request.contentType, indexed("Operations", [op.id, "request"]))]))]),
          !op.request.required,
        );
  return typeLiteral([member("parameters", parametersType(op.parameters, ctx)), body, member("responses", responsesType(op, ctx))]);
}

/**
 * The three interfaces. `operations` lists `operations` once per id (the first occurrence, as
 * `Operations` does); `paths` lists REST operations by path and method.
 */
export function openApiShapes(operations: readonly OperationModel[], ctx: TypeContext, docs: ReadonlyMap<string, string[]>): InterfaceDeclaration[] {
  const rest = operations.filter((op) => op.kind === "rest" && op.path !== undefined && op.method !== undefined);
  const byPath = new Map<string, Map<string, string>>();
  for (const op of rest) {
    const methods = byPath.get(op.path as string) ?? new Map<string, string>();
    const method = (op.method as string).toLowerCase();
    if (!methods.has(method)) methods.set(method, op.id);
    byPath.set(op.path as string, methods);
  }
  const pathMembers = [...byPath.keys()].sort(compareCodePoints).map((pathKey) => {
    const methods = byPath.get(pathKey) ?? new Map<string, string>();
    const items = METHODS.map((method) => {
      const id = methods.get(method);
      return id === undefined ? member(method, neverType(), true) : member(method, indexed("operations", [id]));
    });
    return { key: propertyKey(pathKey), type: typeLiteral([member("parameters", noParameters()), ...items]), doc: [] };
  });
  const opMembers = rest
    .filter((op, i) => rest.findIndex((other) => other.id === op.id) === i)
    .map((op) => ({ key: propertyKey(op.id), type: operationShape(op, ctx), doc: docs.get(op.id) ?? [] }));
  const schemaNames = [...ctx.typeNames.keys()].sort(compareCodePoints);
  const schemas = typeLiteral(schemaNames.map((name) => member(name, typeReference(ctx.typeNames.get(name) ?? "never"))));
  return [
    {
      name: "paths",
      members: pathMembers,
      doc: ["REST operations by path and method, as openapi-typescript shapes them: `createClient<paths>()` from openapi-fetch."],
    },
    { name: "operations", members: opMembers, doc: ["REST operations by id, as openapi-typescript shapes them."] },
    {
      name: "components",
      doc: ["Component schemas by their name in the document, as openapi-typescript shapes them."],
      members: [
        { key: propertyKey("schemas"), type: schemaNames.length === 0 ? typeReference("Record", [keyword("string"), neverType()]) : schemas, doc: [] },
        ...["responses", "parameters", "requestBodies", "headers", "pathItems"].map((name) => ({ key: propertyKey(name), type: neverType(), doc: [] })),
      ],
    },
  ];
}
