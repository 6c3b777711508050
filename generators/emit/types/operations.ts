// One member of the `Operations` interface per operation:
// { request; parameters: { path; query; header?; cookie? }; responses: { [status]: body } }.

import type { OperationModel, ParameterModel } from "../../../schema-model/model.js";
import { schemaDocLines, withDoc } from "./docs.js";
import { keyword, neverType } from "./literals.js";
import { compareCodePoints } from "./names.js";
import { type Member, type PropertySignature, property as propertyNode, type TypeNode, typeLiteral, typeReference } from "./nodes.js";
import { schemaToType, type TypeContext } from "./schema-to-type.js";

/** `path` and `query` always appear (as `Record<string, never>` when empty); the others when used. */
const LOCATIONS: readonly { name: ParameterModel["in"]; always: boolean }[] = [
  { name: "path", always: true },
  { name: "query", always: true },
  { name: "header", always: false },
  { name: "cookie", always: false },
];

function property(name: string, type: TypeNode, optional = false, doc: readonly string[] = []): PropertySignature {
  return withDoc(propertyNode(name, type, optional), doc);
}

const emptyRecord = (): TypeNode => typeReference("Record", [keyword("string"), neverType()]);

function parametersType(parameters: readonly ParameterModel[], ctx: TypeContext): TypeNode {
  const members: Member[] = [];
  for (const location of LOCATIONS) {
    const seen = new Set<string>();
    const params = parameters
      .filter((param) => param.in === location.name)
      .sort((a, b) => compareCodePoints(a.name, b.name))
      .filter((param) => !seen.has(param.name) && seen.add(param.name) !== undefined);
    if (params.length === 0 && !location.always) continue;
    const type =
      params.length === 0
        ? emptyRecord()
        : typeLiteral(
            params.map((param) => {
              const doc = schemaDocLines(
                typeof param.schema === "object" ? { ...param.schema, description: param.description ?? param.schema.description } : param.schema,
              );
              return property(param.name, schemaToType(param.schema, ctx), !param.required, doc);
            }),
          );
    members.push(property(location.name, type));
  }
  return typeLiteral(members);
}

function responsesType(op: OperationModel, ctx: TypeContext): TypeNode {
  const seen = new Set<string>();
  const responses = [...op.responses]
    .sort((a, b) => compareCodePoints(a.status, b.status))
    .filter((response) => !seen.has(response.status) && seen.add(response.status) !== undefined);
  const members = responses.map((response) => {
    const type = response.schema === undefined ? neverType() : schemaToType(response.schema, ctx);
    return property(response.status, type, false, response.description === undefined ? [] : schemaDocLines({ description: response.description }));
  });
  return members.length === 0 ? emptyRecord() : typeLiteral(members);
}

/** The type of `Operations[op.id]`; `request` is the named narrowed type when there is one. */
export function operationType(op: OperationModel, ctx: TypeContext, requestTypeName?: string): TypeNode {
  const request =
    requestTypeName !== undefined ? typeReference(requestTypeName) : op.request === undefined ? neverType() : schemaToType(op.request.schema, ctx);
  return typeLiteral([property("request", request), property("parameters", parametersType(op.parameters, ctx)), property("responses", responsesType(op, ctx))]);
}

/** Doc lines for an operation: summary, description, where it lives, notes about rules. */
export function operationDocLines(op: OperationModel, notes: readonly string[]): string[] {
  const where = op.kind === "graphql" ? "GraphQL operation" : `${(op.method ?? "").toUpperCase()} ${op.path ?? ""}`.trim();
  const description = [op.summary, op.description, where, ...notes].filter((text): text is string => text !== undefined && text.trim() !== "");
  return schemaDocLines({ description: description.join("\n\n") });
}
