// The GraphQL endpoint of `v2kit serve` (spec, GraphQL operations): `POST /graphql?api_key=KEY`
// with `{"query": ...}` (and optionally `variables`, `operationName`), for the four mutations the
// specification names. The body is judged by `lint` (the same verdicts as `v2kit lint
// --operation graphql:<name>`); a valid one is applied to the state and answered `{"data": ...}`
// with the selected fields. GraphQL error bodies are not shown by the specification: refusals
// are answered with the engine's status and problem body, as for REST (docs/serve.md).

import type { FieldNode } from "graphql";
import { resolveOperation } from "../../rules/runtime/evaluate.js";
import type { TemplateRecord } from "../../rules/runtime/types.js";
import { isObject } from "../../rules/runtime/values.js";
import { isFailure, parseDocument, pickOperation, topLevelFields } from "../graphql/document.js";
import { lint } from "../lint.js";
import type { Api } from "./api.js";
import type { Reply } from "./handlers.js";
import { problem } from "./http.js";
import type { Resource, Store } from "./store.js";

export const TEMPLATES = "graphql:templates";
export const SECRETS = "graphql:secrets";

interface Call {
  name: string;
  field: FieldNode;
}

/** The mutation a wire body calls (its first top-level field), or undefined when it is not one. */
function calledMutation(body: unknown): Call | undefined {
  if (!isObject(body) || typeof body.query !== "string") return undefined;
  const doc = parseDocument(body.query);
  if (isFailure(doc)) return undefined;
  const operation = pickOperation(doc, typeof body.operationName === "string" ? body.operationName : undefined);
  if (isFailure(operation)) return undefined;
  const [field] = topLevelFields(doc, operation.selectionSet);
  return field ? { name: field.name.value, field } : undefined;
}

/** The fields a selection set asks for, taken from the record (nested selections: the whole value). */
function selected(record: Resource, field: FieldNode): Resource {
  const out: Resource = {};
  for (const s of field.selectionSet?.selections ?? []) {
    if (s.kind !== "Field") continue;
    const key = s.alias?.value ?? s.name.value;
    out[key] = record[s.name.value] ?? null;
  }
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
      .map((p) => p.trim())
      .filter((p) => p !== "");
  return out;
}

const refuse = (status: number, detail: string): Reply => ({ status, body: problem(status, status === 404 ? "Not Found" : "Bad Request", detail) });

export function handleGraphql(api: Api, store: Store, raw: Buffer, context: { templates: TemplateRecord[] }): Reply {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    body = undefined; // lint gives the 400 for malformed JSON below
  }
  const call = calledMutation(body);
  const key = call ? resolveOperation(api.engine, `graphql:${call.name}`) : undefined;
  // Without a known mutation, lint of the first GraphQL operation still says what is wrong.
  const operation = key ?? [...api.engine.operations.keys()].find((k) => api.engine.operations.get(k)?.kind === "graphql");
  if (operation === undefined) return refuse(400, "this document has no GraphQL operations");
  const result = lint(raw, { operation, engine: api.engine, catalog: api.catalog, templates: context.templates });
  if (!result.ok) return { status: result.status ?? 400, body: result.problem };
  if (!call || key === undefined) return refuse(400, "the body calls no mutation v2kit knows");
  const args = isObject(result.resolved) ? result.resolved : {};
  const data = apply(store, call.name, args);
  if ("status" in data) return data;
  return { status: 200, body: { data: { [call.field.alias?.value ?? call.name]: data.record === null ? null : selected(data.record, call.field) } } };
}

function apply(store: Store, name: string, args: Resource): { record: Resource | null } | Reply {
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
        store.put(TEMPLATES, input.id, record);
        return { record };
      }
      const record = { ...input, id: store.nextId() };
      store.put(TEMPLATES, record.id, record);
      return { record };
    }
    case "deleteTemplate": {
      const template = store.list(TEMPLATES).find((t) => t.name === args.templateName);
      if (!template) return refuse(404, `template ${JSON.stringify(args.templateName)} does not exist or is not accessible`);
      // Errors: deleting a template still in use by a pod or endpoint fails.
      const users = [...store.list("/v2/serverless"), ...store.list("/v2/pods")].filter((r) => r.templateId === template.id);
      if (users.length > 0) return refuse(400, `template ${JSON.stringify(args.templateName)} is in use by ${users.map((u) => u.id).join(", ")}`);
      store.delete(TEMPLATES, String(template.id));
      return { record: null };
    }
    case "secretCreate": {
      const input = isObject(args.input) ? args.input : {};
      const record = { id: store.nextId(), name: input.name, description: null, value: input.value };
      store.put(SECRETS, record.id, record);
      const { value: _secret, ...shown } = record; // the value is never returned
      return { record: shown };
    }
    case "secretDelete": {
      if (!store.delete(SECRETS, String(args.id))) return refuse(404, `secret ${JSON.stringify(args.id)} does not exist or is not accessible`);
      return { record: null };
    }
    default:
      return refuse(400, `v2kit serve does not simulate the mutation ${name}`);
  }
}
