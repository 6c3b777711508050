// `v2kit schema` for a GraphQL operation's request: the shapes lint takes
// (lint/graphql/lint-graphql.ts), told apart as lint tells them apart:
//   an object with a `query` member     the GraphQL-over-HTTP wire body
//   the bare argument                   for `input`: a non-empty object without `input`;
//                                       for `id`/`templateName`: anything but an object
//   anything else                       the arguments object
// JSON Schema cannot read GraphQL: for a wire body the schema checks the request's members, and
// lint alone reads the query and the arguments in it (and in `variables`). The other shapes get
// lint's verdict exactly, the stated rules included (moved under the argument for a bare value).

import { GRAPHQL_PREFIX } from "../../engine/evaluate.js";
import { specMutation } from "../../schema-model/graphql-mutations.js";
import { memberSchema, type Schema } from "./member-schema.js";

/** A stated rule as it sits in the arguments' `allOf`: `title` its id. */
export type RuleSchema = Record<string, unknown> & { title: string };

export interface GraphqlRequest {
  /** `if`/`then`/`else` over the shapes, for the schema's root. */
  shapes: Record<string, unknown>;
  /** Sentences for the description. */
  notes: string[];
}

const WIRE_IF = { type: "object", required: ["query"] };

function wireSchema(name: string): Record<string, unknown> {
  return {
    title: "GraphQL request (wire body)",
    description: `A GraphQL-over-HTTP request whose \`query\` is a mutation calling ${name}. JSON Schema cannot read GraphQL: this part checks the request's members only; v2kit lint parses the query and checks ${name}'s arguments in it (inline or from \`variables\`) as it checks the other shapes. Other members are allowed (lint warns about them).`,
    type: "object",
    required: ["query"],
    properties: {
      query: { type: "string", description: `The GraphQL document, a mutation calling ${name}: checked by v2kit lint only.` },
      variables: {
        anyOf: [{ type: "object" }, { type: "null" }],
        description: "Values of the variables the query declares: checked by v2kit lint against the query only.",
      },
      operationName: { anyOf: [{ type: "string" }, { type: "null" }], description: "The operation of the document to run, when it has several." },
      extensions: { description: "Protocol extensions: not read." },
    },
  };
}

/**
 * The request schema's shapes for the GraphQL operation `id`, whose arguments object is
 * `args` (localized, references into `defs`) with the stated rules `rules`.
 */
export function graphqlRequest(id: string, args: Record<string, unknown>, rules: readonly RuleSchema[], defs: Record<string, unknown>): GraphqlRequest {
  const name = id.startsWith(GRAPHQL_PREFIX) ? id.slice(GRAPHQL_PREFIX.length) : id;
  const allOf = [...(Array.isArray(args["allOf"]) ? (args["allOf"] as unknown[]) : []), ...rules];
  const argumentsSchema = { title: "Arguments object", ...args, ...(allOf.length > 0 ? { allOf } : {}) };
  const notes = [
    `GraphQL: the body is the GraphQL-over-HTTP wire body ({"query": "mutation { ${name}(…) { … } }", "variables"?: {…}, "operationName"?: …}), the arguments object, or the bare argument, as v2kit lint takes them. JSON Schema cannot read GraphQL: for a wire body this schema checks the request's members only, and v2kit lint checks the query text and the arguments in it. The other shapes get lint's verdict here.`,
  ];
  const spec = specMutation(name);
  if (spec === undefined) return { shapes: { if: WIRE_IF, then: wireSchema(name), else: argumentsSchema }, notes };

  const bareIf = spec.object ? { type: "object", minProperties: 1, not: { required: [spec.argument] } } : { not: { type: "object" } };
  const base = memberSchema(args, spec.argument, defs);
  const moved: Schema[] = [];
  const unmoved: string[] = [];
  for (const rule of rules) {
    const inner = memberSchema(rule, spec.argument, defs);
    if (inner === undefined) unmoved.push(rule.title);
    else if (inner !== true)
      moved.push({
        title: rule.title,
        ...(typeof rule["description"] === "string" ? { description: rule["description"] } : {}),
        ...(inner === false ? { not: {} } : inner),
      });
  }
  if (base === undefined)
    notes.push(
      `The bare ${spec.argument} value is not checked by this schema (its arguments schema cannot be moved under \`${spec.argument}\`): v2kit lint checks it.`,
    );
  if (unmoved.length > 0) notes.push(`On the bare ${spec.argument} value, v2kit lint alone checks ${unmoved.join(", ")}.`);
  const bareBase: Schema = base ?? true;
  const bare: Schema = moved.length === 0 ? bareBase : bareBase === true ? { allOf: moved } : bareBase === false ? false : { allOf: [bareBase, ...moved] };
  const bareSchema = typeof bare === "boolean" ? (bare ? {} : { not: {} }) : bare;
  return {
    shapes: {
      if: WIRE_IF,
      then: wireSchema(name),
      else: {
        if: bareIf,
        then: {
          title: `The bare ${spec.argument} (${spec.object ? "an object without an " + JSON.stringify(spec.argument) + " member" : "not an object"})`,
          ...bareSchema,
        },
        else: argumentsSchema,
      },
    },
    notes,
  };
}
