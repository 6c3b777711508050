// The GraphQL schema `serve` validates documents against, built from the model's GraphQL
// operations (schema/graphql.yaml): one Mutation field per operation, its arguments as a
// permissive `JSON` scalar (the engine judges argument values, with better messages than
// GraphQL's coercion), its result as object types named after the result's `$ref`s
// (`GraphQLTemplate`, `GraphQLSecret`). The real service's type names are not shown in the
// specification: `__typename` answers these names (docs/serve.md).

import { createRequire } from "node:module";
import type * as GraphqlModule from "graphql";
import type { JsonSchema } from "../schema-model/model.js";
import type { ServeModel } from "../schema-model/serve-model.js";
import { GRAPHQL_PREFIX } from "../engine/evaluate.js";

type Graphql = typeof GraphqlModule;
let graphql: Graphql | undefined;

export function graphqlModule(): Graphql {
  graphql ??= createRequire(import.meta.url)("graphql") as Graphql;
  return graphql;
}

type Obj = Record<string, unknown>;

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

function refName(schema: Obj): string | undefined {
  const ref = schema.$ref;
  return typeof ref === "string" ? decodeURIComponent(ref.slice(ref.lastIndexOf("/") + 1)) : undefined;
}

const built = new WeakMap<ServeModel, GraphqlModule.GraphQLSchema | null>();

/** The schema of the model's GraphQL operations, or null when it has none. Built once per model. */
export function graphqlSchemaOf(model: ServeModel): GraphqlModule.GraphQLSchema | null {
  const cached = built.get(model);
  if (cached !== undefined) return cached;
  const gql = graphqlModule();
  const json = new gql.GraphQLScalarType({
    name: "JSON",
    description: "Any JSON value.",
    serialize: (value) => value,
    parseValue: (value) => value,
    parseLiteral: (ast, variables) => gql.valueFromASTUntyped(ast, variables),
  });
  const types = new Map<string, GraphqlModule.GraphQLObjectType>();
  const outputType = (schema: JsonSchema | undefined, hint: string, depth: number): GraphqlModule.GraphQLOutputType => {
    if (typeof schema !== "object" || schema === null || depth > 16) return json;
    let resolved = schema as Obj;
    let name = hint;
    for (let hops = 0; refName(resolved) !== undefined && hops < 16; hops++) {
      name = refName(resolved) as string;
      const target = model.schemas[name];
      if (typeof target !== "object" || target === null) return json;
      resolved = target as Obj;
    }
    if (resolved.type === "array") return new gql.GraphQLList(outputType(resolved.items as JsonSchema | undefined, `${name}Item`, depth + 1));
    const properties = resolved.properties;
    if (resolved.type !== "object" || typeof properties !== "object" || properties === null || !NAME.test(name)) return json;
    const known = types.get(name);
    if (known) return known;
    const type = new gql.GraphQLObjectType({
      name,
      fields: () =>
        Object.fromEntries(
          Object.entries(properties as Record<string, JsonSchema>)
            .filter(([field]) => NAME.test(field))
            .map(([field, property]) => [field, { type: outputType(property, `${name}_${field}`, depth + 1) }]),
        ),
    });
    types.set(name, type);
    return type;
  };
  const fields: GraphqlModule.GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const op of model.operations) {
    if (op.kind !== "graphql") continue;
    const name = op.id.startsWith(GRAPHQL_PREFIX) ? op.id.slice(GRAPHQL_PREFIX.length) : op.id;
    const request = op.request?.schema as Obj | undefined;
    const target = request && refName(request) !== undefined ? (model.schemas[refName(request) as string] as Obj | undefined) : request;
    const args = Object.keys((target?.properties as Obj | undefined) ?? {}).filter((a) => NAME.test(a));
    fields[name] = {
      type: outputType(op.responses.find((response) => response.status === "200")?.schema, `${name}Result`, 0),
      args: Object.fromEntries(args.map((a) => [a, { type: json }])),
    };
  }
  const schema =
    Object.keys(fields).length === 0
      ? null
      : new gql.GraphQLSchema({
          // A schema needs a query type; the queries that list templates and secrets are not shown
          // in the specification, so it has one placeholder field no client can rely on.
          query: new gql.GraphQLObjectType({ name: "Query", fields: { _notShown: { type: json } } }),
          mutation: new gql.GraphQLObjectType({ name: "Mutation", fields }),
        });
  built.set(model, schema);
  return schema;
}

/**
 * The graphql package's own validators that hold without knowing the service's input type names
 * (which are not shown): document structure, fragments (unknown, unused, cycles), fields and
 * arguments that do not exist, selections on leaves, variables.
 */
export function validationRules(): GraphqlModule.ValidationRule[] {
  const gql = graphqlModule();
  return [
    gql.ExecutableDefinitionsRule,
    gql.UniqueOperationNamesRule,
    gql.LoneAnonymousOperationRule,
    gql.KnownFragmentNamesRule,
    gql.NoUnusedFragmentsRule,
    gql.UniqueFragmentNamesRule,
    gql.NoFragmentCyclesRule,
    gql.FieldsOnCorrectTypeRule,
    gql.ScalarLeafsRule,
    gql.KnownArgumentNamesRule,
    gql.UniqueArgumentNamesRule,
    gql.UniqueVariableNamesRule,
    gql.NoUndefinedVariablesRule,
    gql.NoUnusedVariablesRule,
  ];
}
