// `paths`, `operations` and `components` shaped as openapi-typescript 7 shapes them, so that
// `createClient<paths>()` from openapi-fetch types every route with no adapter:
//   paths[path][method] = operations[id]  (methods a path lacks are `?: never`)
//   operations[id] = { parameters: { query; header; path; cookie }; requestBody; responses }
//   responses[status] = { headers: { [name: string]: unknown }; content: { [mediaType]: T } }
// Bodies refer to `Operations[id]`, so both views show one type (narrowed where rules apply).

import { type InterfaceDeclarationStructure, StructureKind, ts } from "ts-morph";
import type { OperationModel, ParameterModel } from "../model.js";
import { schemaDocLines, withDoc } from "./docs.js";
import { keyword, neverType, unknownType } from "./literals.js";
import { compareCodePoints, propertyKey } from "./names.js";
import { printNode } from "./print.js";
import { schemaToType, type TypeContext } from "./schema-to-type.js";

const f = ts.factory;

/** Methods in openapi-typescript's order; each path item lists all of them. */
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const LOCATIONS = ["query", "header", "path", "cookie"] as const;

function member(name: ts.PropertyName | string, type: ts.TypeNode, optional = false): ts.PropertySignature {
  const key = typeof name === "string" ? propertyKey(name) : name;
  return f.createPropertySignature(undefined, key, optional ? f.createToken(ts.SyntaxKind.QuestionToken) : undefined, type);
}

const literal = (text: string): ts.TypeNode => f.createLiteralTypeNode(f.createStringLiteral(text));

/** `Operations["id"]["request"]`-style indexed access, one string index per segment. */
function indexed(root: string, segments: readonly string[]): ts.TypeNode {
  let node: ts.TypeNode = f.createTypeReferenceNode(root);
  for (const s of segments) node = f.createIndexedAccessTypeNode(node, literal(s));
  return node;
}

function stringIndex(type: ts.TypeNode): ts.IndexSignatureDeclaration {
  const key = f.createParameterDeclaration(undefined, undefined, "name", undefined, keyword(ts.SyntaxKind.StringKeyword));
  return f.createIndexSignature(undefined, [key], type);
}

const noParameters = (): ts.TypeNode => f.createTypeLiteralNode(LOCATIONS.map((l) => member(l, neverType(), true)));

function parametersType(parameters: readonly ParameterModel[], ctx: TypeContext): ts.TypeNode {
  return f.createTypeLiteralNode(
    LOCATIONS.map((location) => {
      const seen = new Set<string>();
      const params = parameters
        .filter((p) => p.in === location)
        .sort((a, b) => compareCodePoints(a.name, b.name))
        .filter((p) => !seen.has(p.name) && seen.add(p.name) !== undefined);
      if (params.length === 0) return member(location, neverType(), true);
      const members = params.map((p) => {
        const doc = p.description === undefined ? [] : schemaDocLines({ description: p.description });
        return withDoc(member(p.name, schemaToType(p.schema, ctx), !p.required), doc);
      });
      // The location is optional when nothing in it is required (openapi-fetch then makes `params` optional).
      return member(location, f.createTypeLiteralNode(members), !params.some((p) => p.required));
    }),
  );
}

/** Status keys: three-digit codes as numbers (openapi-fetch matches 200, 201, … as numbers), others as strings. */
function statusKey(status: string): ts.PropertyName {
  return /^[1-5][0-9][0-9]$/.test(status) ? f.createNumericLiteral(status) : f.createStringLiteral(status);
}

function responsesType(op: OperationModel, ctx: TypeContext): ts.TypeNode {
  const seen = new Set<string>();
  const responses = [...op.responses]
    .sort((a, b) => compareCodePoints(a.status, b.status))
    .filter((r) => !seen.has(r.status) && seen.add(r.status) !== undefined);
  return f.createTypeLiteralNode(
    responses.map((r) => {
      const headerNames = Object.keys(r.headers).sort(compareCodePoints);
      const headers = f.createTypeLiteralNode([
        ...headerNames.map((name) => {
          const h = r.headers[name];
          return member(name, h === undefined ? unknownType() : schemaToType(h.schema, ctx), h?.required !== true);
        }),
        stringIndex(unknownType()),
      ]);
      const content =
        r.schema === undefined
          ? member("content", neverType(), true)
          : member("content", f.createTypeLiteralNode([member(r.contentType ?? "application/json", indexed("Operations", [op.id, "responses", r.status]))]));
      const doc = r.description === undefined ? [] : schemaDocLines({ description: r.description });
      return withDoc(member(statusKey(r.status), f.createTypeLiteralNode([member("headers", headers), content])), doc);
    }),
  );
}

function operationShape(op: OperationModel, ctx: TypeContext): ts.TypeNode {
  const body =
    op.request === undefined
      ? member("requestBody", neverType(), true)
      : member(
          "requestBody",
          f.createTypeLiteralNode([member("content", f.createTypeLiteralNode([member(op.request.contentType, indexed("Operations", [op.id, "request"]))]))]),
          !op.request.required,
        );
  return f.createTypeLiteralNode([member("parameters", parametersType(op.parameters, ctx)), body, member("responses", responsesType(op, ctx))]);
}

/**
 * The three interfaces. `operations` lists `operations` once per id (the first occurrence, as
 * `Operations` does); `paths` lists REST operations by path and method.
 */
export function openApiShapes(operations: readonly OperationModel[], ctx: TypeContext, docs: ReadonlyMap<string, string[]>): InterfaceDeclarationStructure[] {
  const rest = operations.filter((op) => op.kind === "rest" && op.path !== undefined && op.method !== undefined);
  const byPath = new Map<string, Map<string, string>>();
  for (const op of rest) {
    const methods = byPath.get(op.path as string) ?? new Map<string, string>();
    const method = (op.method as string).toLowerCase();
    if (!methods.has(method)) methods.set(method, op.id);
    byPath.set(op.path as string, methods);
  }
  const pathMembers = [...byPath.keys()].sort(compareCodePoints).map((p) => {
    const methods = byPath.get(p) ?? new Map<string, string>();
    const items = METHODS.map((m) => {
      const id = methods.get(m);
      return id === undefined ? member(m, neverType(), true) : member(m, indexed("operations", [id]));
    });
    return {
      kind: StructureKind.PropertySignature as const,
      name: printNode(propertyKey(p)),
      type: printNode(f.createTypeLiteralNode([member("parameters", noParameters()), ...items])),
    };
  });
  const opMembers = rest
    .filter((op, i) => rest.findIndex((o) => o.id === op.id) === i)
    .map((op) => ({
      kind: StructureKind.PropertySignature as const,
      name: printNode(propertyKey(op.id)),
      type: printNode(operationShape(op, ctx)),
      docs: docs.get(op.id) ?? [],
    }));
  const schemaNames = [...ctx.typeNames.keys()].sort(compareCodePoints);
  const schemas = f.createTypeLiteralNode(schemaNames.map((name) => member(name, f.createTypeReferenceNode(ctx.typeNames.get(name) ?? "never"))));
  return [
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: "paths",
      properties: pathMembers,
      docs: ["REST operations by path and method, as openapi-typescript shapes them: `createClient<paths>()` from openapi-fetch."],
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: "operations",
      properties: opMembers,
      docs: ["REST operations by id, as openapi-typescript shapes them."],
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: "components",
      docs: ["Component schemas by their name in the document, as openapi-typescript shapes them."],
      properties: [
        { kind: StructureKind.PropertySignature, name: "schemas", type: schemaNames.length === 0 ? "Record<string, never>" : printNode(schemas) },
        ...["responses", "parameters", "requestBodies", "headers", "pathItems"].map((name) => ({
          kind: StructureKind.PropertySignature as const,
          name,
          type: "never",
        })),
      ],
    },
  ];
}
