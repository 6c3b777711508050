// GraphQL operations (schema/graphql.yaml) join the model as operations of kind "graphql":
// the request is the operation's arguments (its variables), the "200" response its result.
// Names: a GraphQL operation keeps its bare name unless a REST operationId has it; then REST
// keeps the bare name and the GraphQL operation is `graphql:<name>` (docs/graphql.md). Either
// way `graphql:<name>` addresses it (engine/evaluate.ts resolveOperation).

import { GRAPHQL_PREFIX } from "../../engine/evaluate.js";
import type { ApiModel, JsonSchema, OperationModel } from "../../schema-model/model.js";
import { normalizeSchema, type SchemaContext } from "./normalize-schema.js";

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);

export function mergeGraphql(model: ApiModel, doc: unknown, source: string): ApiModel {
  if (!isObj(doc) || typeof doc.graphql !== "string" || !isObj(doc.operations)) {
    throw new Error(`${source}: not a GraphQL operations file (needs "graphql" and "operations")`);
  }
  const ctx: SchemaContext = { openapi30: false, resolve: () => ({}), diagnostics: model.diagnostics, unknownFormats: new Set() };
  const components = isObj(doc.components) && isObj(doc.components.schemas) ? doc.components.schemas : {};
  const schemas: Record<string, JsonSchema> = { ...model.schemas };
  for (const name of Object.keys(components).sort()) {
    if (Object.hasOwn(schemas, name)) throw new Error(`${source}: schema ${JSON.stringify(name)} is also defined by the OpenAPI document`);
    schemas[name] = normalizeSchema(components[name], ctx, `/components/schemas/${name}`);
  }
  const operations: OperationModel[] = [...model.operations];
  for (const name of Object.keys(doc.operations).sort()) {
    const op = doc.operations[name];
    if (!isObj(op)) continue;
    if (name.startsWith(GRAPHQL_PREFIX)) throw new Error(`${source}: /operations/${name}: a GraphQL operation name cannot start with "${GRAPHQL_PREFIX}"`);
    const clash = operations.some((existing) => existing.id === name);
    // `x-v2kit-rest-twin: true` says the clash is known (the bundled deleteTemplate): no warning.
    if (clash && op["x-v2kit-rest-twin"] !== true) {
      model.diagnostics.push({
        level: "warning",
        code: "graphql-name-clash",
        pointer: `/operations/${name}`,
        message: `GraphQL operation ${JSON.stringify(name)} is also a REST operationId: ${JSON.stringify(name)} names the REST operation, the GraphQL one is ${JSON.stringify(GRAPHQL_PREFIX + name)}`,
      });
    }
    operations.push({
      id: clash ? GRAPHQL_PREFIX + name : name,
      kind: "graphql",
      ...(typeof op.description === "string" ? { description: op.description } : {}),
      tags: ["GraphQL"],
      parameters: [],
      ...(op.arguments !== undefined
        ? {
            request: {
              contentType: "application/json",
              required: true,
              schema: normalizeSchema(op.arguments, ctx, `/operations/${name}/arguments`),
              examples: {},
            },
          }
        : {}),
      responses:
        op.result === undefined
          ? []
          : [
              {
                status: "200",
                contentType: "application/json",
                schema: normalizeSchema(op.result, ctx, `/operations/${name}/result`),
                headers: {},
                examples: {},
              },
            ],
    });
  }
  const sorted: Record<string, JsonSchema> = {};
  for (const k of Object.keys(schemas).sort()) sorted[k] = schemas[k] as JsonSchema;
  return { ...model, sources: [...model.sources, source], schemas: sorted, operations: operations.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}
