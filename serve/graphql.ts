// The GraphQL endpoint of `v2kit serve` (spec, GraphQL operations): `POST /graphql?api_key=KEY`
// with `{"query": ...}` (and optionally `variables`, `operationName`), for the four mutations the
// specification names. The body is judged by `lint` (the same verdicts as `v2kit lint
// --operation graphql:<name>`); a valid one is applied to the state and answered `{"data": ...}`
// with the selected fields. GraphQL error bodies are not shown by the specification: refusals
// are answered with the engine's status and problem body, as for REST (docs/serve.md).

import type { FragmentDefinitionNode, GraphQLOutputType, SelectionSetNode } from "graphql";
import { evaluate, resolveOperation } from "../engine/evaluate.js";
import type { TemplateRecord } from "../engine/types.js";
import { isObject } from "../engine/values.js";
import { isFailure, parseDocument, pickOperation, topLevelFields } from "../lint/graphql/document.js";
import { ArgumentReader } from "../lint/graphql/literals.js";
import { lint } from "../lint/lint.js";
import type { Api } from "./api.js";
import type { Reply } from "./handlers.js";
import { graphqlModule, graphqlSchemaOf, validationRules } from "./graphql-schema.js";
import { problem } from "./http.js";
import type { Resource, Store } from "./store.js";

export const TEMPLATES = "graphql:templates";
export const SECRETS = "graphql:secrets";

/** The fields a selection set asks for, through fragments, with `__typename` (the schema's type name). */
function selected(
  value: unknown,
  set: SelectionSetNode | undefined,
  type: GraphQLOutputType | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): unknown {
  if (value === undefined || value === null) return null;
  const gql = graphqlModule();
  const named = type === undefined ? undefined : gql.getNullableType(type);
  if (Array.isArray(value)) {
    const item = named instanceof gql.GraphQLList ? (named.ofType as GraphQLOutputType) : named;
    return value.map((element) => selected(element, set, item, fragments));
  }
  if (set === undefined || !isObject(value)) return value;
  const object = named instanceof gql.GraphQLObjectType ? named : undefined;
  const out: Resource = {};
  const visit = (selectionSet: SelectionSetNode, through: ReadonlySet<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === "InlineFragment") visit(selection.selectionSet, through);
      else if (selection.kind === "FragmentSpread") {
        const fragment = fragments.get(selection.name.value);
        // Cycles were refused by validation; `through` keeps this walk finite regardless.
        if (fragment && !through.has(fragment.name.value)) visit(fragment.selectionSet, new Set([...through, fragment.name.value]));
      } else {
        const key = selection.alias?.value ?? selection.name.value;
        const field = selection.name.value;
        const answer =
          field === "__typename" ? (object?.name ?? null) : selected(value[field], selection.selectionSet, object?.getFields()[field]?.type, fragments);
        // A key selected twice (directly and through a fragment) merges its sub-selections.
        out[key] = isObject(out[key]) && isObject(answer) ? { ...out[key], ...answer } : answer;
      }
    }
  };
  visit(set, new Set());
  return out;
}

/** Spec, Versioning: the v2 names of GraphQL template fields, so REST rules can merge from them. */
const V2_NAMES: Record<string, string> = {
  imageName: "image",
  containerDiskInGb: "disk",
  isPublic: "public",
  containerRegistryAuthId: "registry",
  isServerless: "serverless",
  dockerArgs: "args", // "container start arguments": the v2 container config's raw `args` string
};

/** A GraphQL template record as the REST rules see templates: v2 names, ports as a list. */
export function v2Template(record: Resource): Resource {
  const out: Resource = { ...record };
  for (const [from, to] of Object.entries(V2_NAMES)) if (record[from] !== undefined && out[to] === undefined) out[to] = record[from];
  if (typeof record.ports === "string")
    out.ports = record.ports
      .split(",")
      .map((port) => port.trim())
      .filter((port) => port !== "");
  return out;
}

const refuse = (status: number, detail: string, errors?: string[]): Reply => ({
  status,
  body: problem(status, status === 404 ? "Not Found" : "Bad Request", detail, errors),
});

/**
 * One GraphQL request: every top-level mutation of the operation is judged (the same verdicts as
 * `v2kit lint --operation graphql:<name>`), then applied in document order and answered under its
 * alias. All or nothing: a mutation v2kit does not simulate refuses the document before anything
 * is applied, and a mutation that fails when applied (a name clash, an unknown id) undoes the ones
 * before it, so the state is as if the request had not been sent.
 */
export function handleGraphql(api: Api, store: Store, raw: Buffer, context: { templates: TemplateRecord[] }): Reply {
  const keys = [...api.engine.operations.keys()].filter((k) => api.engine.operations.get(k)?.kind === "graphql");
  const first = keys[0];
  if (first === undefined) return refuse(400, "this document has no GraphQL operations");
  const judged = (operation: string) => lint(raw, { operation, engine: api.engine, catalog: api.catalog, templates: context.templates });
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    body = undefined;
  }
  // Anything but a wire body with a document and an operation: lint of a GraphQL operation says what is wrong.
  const verdictOf = (operation: string): Reply | undefined => {
    const result = judged(operation);
    return result.ok ? undefined : { status: result.status ?? 400, body: result.problem };
  };
  if (!isObject(body) || typeof body.query !== "string") return verdictOf(first) ?? refuse(400, "the body is not a GraphQL request");
  const doc = parseDocument(body.query);
  if (isFailure(doc)) return verdictOf(first) ?? refuse(400, doc.message);
  const operation = pickOperation(doc, typeof body.operationName === "string" ? body.operationName : undefined);
  if (isFailure(operation)) return verdictOf(first) ?? refuse(400, operation.message);
  if (operation.operation !== "mutation") {
    return refuse(
      400,
      `v2kit serve answers mutations only: the document's operation is a ${operation.operation} (the queries that list templates and secrets are not shown in the specification)`,
    );
  }
  const schema = graphqlSchemaOf(api.model);
  if (schema !== null) {
    const gql = graphqlModule();
    const errors = gql.validate(schema, doc, validationRules(), { maxErrors: 50 });
    if (errors.length > 0) {
      const lines = errors.map((error) =>
        error.locations?.[0] ? `${error.message} (query line ${error.locations[0].line}, column ${error.locations[0].column})` : error.message,
      );
      return refuse(400, `the GraphQL document is not valid: ${lines[0]}`, lines);
    }
  }
  const fields = topLevelFields(doc, operation.selectionSet);
  if (fields.length === 0) return refuse(400, "the mutation selects no field");
  const calls = fields.map((field) => ({ field, name: field.name.value, key: resolveOperation(api.engine, `graphql:${field.name.value}`) }));
  const unknown = calls.filter((call) => call.key === undefined || !SIMULATED.has(call.name));
  if (unknown.length > 0) {
    const names = [...new Set(unknown.map((call) => call.name))].join(", ");
    return refuse(400, `v2kit serve does not simulate the mutation ${names}: nothing in the document was applied`);
  }
  // Verdicts first, one per mutation name (lint judges every call of that name), before any change.
  for (const key of new Set(calls.map((call) => call.key as string))) {
    const rejected = verdictOf(key);
    if (rejected) return rejected;
  }
  const variables = isObject(body.variables) ? body.variables : {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of doc.definitions) if (definition.kind === "FragmentDefinition") fragments.set(definition.name.value, definition);
  const mutation = schema?.getMutationType()?.getFields();
  const undo: (() => void)[] = [];
  const data: Resource = {};
  for (const call of calls) {
    const reader = new ArgumentReader(operation.variableDefinitions ?? [], variables, "/variables");
    const args = reader.read(call.field.loc?.start ?? 0, call.field.arguments ?? []);
    // The engine's resolved arguments (defaults applied), secrets included: evaluate leaves writeOnly values in.
    const resolved = evaluate(api.engine, call.key as string, args, {
      catalog: api.catalog,
      templates: [...store.list(TEMPLATES).map(v2Template), ...context.templates] as TemplateRecord[],
    }).resolved;
    const outcome = apply(store, call.name, isObject(resolved) ? resolved : {}, undo);
    if ("status" in outcome) {
      for (const step of undo.reverse()) step();
      return outcome;
    }
    const key = call.field.alias?.value ?? call.name;
    data[key] = outcome.record === null ? null : selected(outcome.record, call.field.selectionSet, mutation?.[call.name]?.type, fragments);
  }
  return { status: 200, body: { data } };
}

/** The mutations `apply` knows. */
const SIMULATED = new Set(["saveTemplate", "deleteTemplate", "secretCreate", "secretDelete"]);

/** Put a record, remembering how to take the change back. */
function put(store: Store, collection: string, id: string, record: Resource, undo: (() => void)[]): void {
  const before = store.get(collection, id);
  store.put(collection, id, record);
  undo.push(() => (before === undefined ? store.delete(collection, id) : store.put(collection, id, before)));
}

function remove(store: Store, collection: string, id: string, undo: (() => void)[]): boolean {
  const before = store.get(collection, id);
  if (before === undefined || !store.delete(collection, id)) return false;
  undo.push(() => store.put(collection, id, before));
  return true;
}

function apply(store: Store, name: string, args: Resource, undo: (() => void)[]): { record: Resource | null } | Reply {
  switch (name) {
    case "saveTemplate": {
      const input = isObject(args.input) ? args.input : {};
      const clash = store.list(TEMPLATES).find((t) => t.name === input.name && t.id !== input.id);
      // Errors: creating a template with an existing name fails.
      if (clash) return refuse(400, `a template named ${JSON.stringify(input.name)} exists already`);
      if (typeof input.id === "string") {
        const current = store.get(TEMPLATES, input.id);
        if (!current) return refuse(404, `template ${JSON.stringify(input.id)} does not exist or is not accessible`);
        const record = { ...current, ...input };
        put(store, TEMPLATES, input.id, record, undo);
        return { record };
      }
      const record = { ...input, id: store.nextId() };
      put(store, TEMPLATES, record.id, record, undo);
      return { record };
    }
    case "deleteTemplate": {
      const template = store.list(TEMPLATES).find((t) => t.name === args.templateName);
      if (!template) return refuse(404, `template ${JSON.stringify(args.templateName)} does not exist or is not accessible`);
      // Errors: deleting a template still in use by a pod or endpoint fails.
      const users = [...store.list("/v2/serverless"), ...store.list("/v2/pods")].filter((resource) => resource.templateId === template.id);
      if (users.length > 0) return refuse(400, `template ${JSON.stringify(args.templateName)} is in use by ${users.map((user) => user.id).join(", ")}`);
      remove(store, TEMPLATES, String(template.id), undo);
      return { record: null };
    }
    case "secretCreate": {
      const input = isObject(args.input) ? args.input : {};
      const record = { id: store.nextId(), name: input.name, description: null, value: input.value };
      put(store, SECRETS, record.id, record, undo);
      const { value: _secret, ...shown } = record; // the value is never returned
      return { record: shown };
    }
    case "secretDelete": {
      if (!remove(store, SECRETS, String(args.id), undo)) return refuse(404, `secret ${JSON.stringify(args.id)} does not exist or is not accessible`);
      return { record: null };
    }
    default:
      return refuse(400, `v2kit serve does not simulate the mutation ${name}`);
  }
}
