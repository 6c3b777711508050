// One handler per behaviour (families.ts). Request bodies go through `lint`, the same engine and
// the same problem bodies as `v2kit lint`; every success body is checked against the document's
// response schema before it leaves (a server that answers outside its contract is a bug: 500).

import { evaluateResponse } from "../engine/evaluate.js";
import { complete } from "./derive.js";
import type { CheckResult, TemplateRecord } from "../engine/types.js";
import { patchMerge } from "../engine/merge.js";
import { isObject } from "../engine/values.js";
import { lint } from "../lint/lint.js";
import type { Api } from "./api.js";
import { type Behaviour, returnsCreatedAt, successStatus } from "./families.js";
import { TEMPLATES, v2Template } from "./graphql.js";
import { problem } from "./http.js";
import type { Route } from "./routes.js";
import { syntheticReply } from "./synthetic.js";
import { present, recordOf, withSecrets } from "./shape.js";
import type { Resource, Store } from "./store.js";
import { actionsFor, type PodLifecycle } from "./pod-lifecycle.js";

export interface Reply {
  status: number;
  body?: unknown;
  /** The body's media type when it is not JSON (a string body sent as is: `text/event-stream`). */
  contentType?: string;
  headers?: Record<string, string>;
}

export interface HandlerContext {
  api: Api;
  store: Store;
  route: Route;
  behaviour: Behaviour;
  params: Record<string, string>;
  body: Buffer | undefined;
  requestBase: string;
  now: () => Date;
  /** The pods' start-up schedule (pod-lifecycle.ts). */
  pods: PodLifecycle;
  /** Called after every change, to persist the state. */
  changed: () => void;
}

/** Spec, Endpoints: the pod actions as state transitions, with the published document's states. */
const POD_ACTIONS: Record<string, string | null> = { start: "RUNNING", restart: "RUNNING", stop: "EXITED", terminate: null };
// (`status` and its values are facts of the published document, PodStatus; the spec names the actions only.)

const notFound = (what: string, id: string): Reply => ({
  status: 404,
  body: problem(404, "Not Found", `${what} ${JSON.stringify(id)} does not exist or is not accessible`),
});

function verdictReply(result: CheckResult): Reply | undefined {
  return result.ok ? undefined : { status: result.status ?? 400, body: result.problem };
}

/** Templates the rules see: the caller's own (REST and GraphQL) and the public catalog ones. */
export function templatesOf(store: Store): TemplateRecord[] {
  return [...store.list("/v2/templates"), ...store.list("/v2/catalog/templates"), ...store.list(TEMPLATES).map(v2Template)] as TemplateRecord[];
}

/** A stored record as the service returns it: derived fields added, values never returned left out. */
function shown(context: HandlerContext, collection: string, record: Resource): Resource {
  return present(collection, record, context.requestBase, context.api.catalog.cpus, context.api.hidden.get(collection), context.api.podFields);
}

/** Answer with `record` and keep it only when the answer is a success (never store what the document rejects). */
function storeAndReply(context: HandlerContext, collection: string, id: string, record: Resource, status: number): Reply {
  const reply = respondWith(context, status, shown(context, collection, record));
  if (reply.status < 300) {
    context.store.put(collection, id, record);
    context.changed();
  }
  return reply;
}

/** The request body's `writeOnly` pointers, which lint leaves out of `resolved` and the store keeps. */
function secretPointers(context: HandlerContext): readonly string[] | undefined {
  return context.api.engine.operations.get(context.route.operation.id)?.writeOnly;
}

function check(context: HandlerContext, current?: Resource): CheckResult {
  return lint(context.body ?? Buffer.alloc(0), {
    operation: context.route.operation.id,
    engine: context.api.engine,
    catalog: context.api.catalog,
    templates: templatesOf(context.store),
    ...(current === undefined ? {} : { current }),
  });
}

function respondWith(context: HandlerContext, status: number, stored: unknown): Reply {
  if (stored === undefined) return { status };
  // Required fields the record lacks get the value the server would hold (derive.ts).
  const missing: string[] = [];
  const schema = context.route.operation.responses.find((response) => response.status === String(status))?.schema;
  const collection = "collection" in context.behaviour ? context.behaviour.collection : undefined;
  const body = complete(context.api.model, schema, stored, missing, collection === undefined ? undefined : context.api.writable.get(collection));
  const verdict = evaluateResponse(context.api.engine, context.route.operation.id, String(status), body);
  if (verdict.ok) return { status, body };
  const errors = verdict.violations.map((violation) => `${violation.path || "/"}: ${violation.message}`);
  const why =
    missing.length > 0
      ? `: the document requires ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ` and ${missing.length - 5} more` : ""}, which the stored resource lacks and nothing derives`
      : "";
  return {
    status: 500,
    body: problem(
      500,
      "Internal Server Error",
      `v2kit serve built a ${status} response to ${context.route.operation.id} that its own document rejects${why}`,
      errors,
    ),
  };
}

export function handle(context: HandlerContext): Reply {
  const { behaviour: b, store } = context;
  // A GET whose PUT replaced what it reads answers what was put (replacedWhole), whatever it answers otherwise.
  if (context.api.synthesizes && context.route.method === "GET" && store.get(REPLACED, context.route.template) !== undefined) {
    const kept = replacedWhole(context);
    if (kept) return kept;
  }
  switch (b.kind) {
    case "create": {
      const result = check(context);
      const rejected = verdictReply(result);
      if (rejected) return rejected;
      const id = store.nextId();
      const record = withSecrets(
        context.pods.created(
          b.collection,
          id,
          recordOf(result.resolved, id, returnsCreatedAt(context.api.model, context.route.operation) ? context.now().toISOString() : undefined),
        ),
        context.body,
        secretPointers(context),
      );
      return storeAndReply(context, b.collection, id, record, successStatus(context.route.operation, 201));
    }
    case "list": {
      const items = store.list(b.collection).map((resource) => shown(context, b.collection, readOne(context, b.collection, resource)));
      return respondWith(context, successStatus(context.route.operation, 200), b.wrapper ? { [b.wrapper]: items } : items);
    }
    case "get": {
      const id = context.params[b.param] as string;
      const record = store.get(b.collection, id);
      return record
        ? respondWith(context, successStatus(context.route.operation, 200), shown(context, b.collection, readOne(context, b.collection, record)))
        : notFound("resource", id);
    }
    case "update": {
      const id = context.params[b.param] as string;
      const current = store.get(b.collection, id);
      if (!current) return notFound("resource", id);
      const result = check(context, current);
      const rejected = verdictReply(result);
      if (rejected) return rejected;
      const record = withSecrets(
        {
          ...merged(context, current, result.resolved),
          id: current.id,
          ...(current.createdAt === undefined ? {} : { createdAt: current.createdAt }),
        },
        context.body,
        secretPointers(context),
      );
      return storeAndReply(context, b.collection, id, record, successStatus(context.route.operation, 200));
    }
    case "delete": {
      const id = context.params[b.param] as string;
      if (!store.delete(b.collection, id)) return notFound("resource", id);
      context.pods.settled(b.collection, id);
      context.changed();
      return { status: successStatus(context.route.operation, 204) };
    }
    case "action":
      return action(context, b);
    case "sub-list": {
      const id = context.params[b.param] as string;
      if (!store.get(b.collection, id)) return notFound("resource", id);
      return respondWith(context, successStatus(context.route.operation, 200), b.empty);
    }
    case "not-simulated": {
      if (context.api.synthesizes) {
        // A PUT that replaces what its GET reads (a GET answers what was put before the switch, above).
        const replaced = context.route.method === "PUT" ? replacedWhole(context) : undefined;
        if (replaced) return replaced;
        // With `--spec`: a read answers a body built from the document's own response (synthetic.ts).
        if (context.route.method === "GET") return syntheticReply(context);
      }
      return {
        status: 501,
        body: problem(
          501,
          "Not Implemented",
          `v2kit serve does not simulate ${context.route.method} ${context.route.template}: the specification does not show what it returns`,
        ),
      };
    }
  }
}

/** Where `replacedWhole` keeps what a PUT set, by path template. */
const REPLACED = "v2kit:replaced";

/**
 * With `--spec`: a PUT on a path whose GET answers the same schema as the PUT's success (the
 * published document's `updateSshKeys` and `getSshKeys`, "a complete replacement, not a merge")
 * replaces what that GET reads. The body is judged as lint judges it (400/422), kept, and read
 * back by the GET; before any PUT the GET answers its synthetic body. Undefined for other routes.
 */
function replacedWhole(context: HandlerContext): Reply | undefined {
  const { route, store } = context;
  const other = route.method === "PUT" ? "GET" : route.method === "GET" ? "PUT" : undefined;
  if (other === undefined) return undefined;
  const sibling = context.api.model.operations.find((operation) => operation.method?.toUpperCase() === other && operation.path === route.template);
  const schemaOf = (responses: typeof route.operation.responses) => JSON.stringify(responses.find((response) => response.status === "200")?.schema);
  if (!sibling || schemaOf(sibling.responses) !== schemaOf(route.operation.responses) || schemaOf(sibling.responses) === undefined) return undefined;
  if (route.method === "GET") {
    const kept = store.get(REPLACED, route.template);
    return kept === undefined ? undefined : respondWith(context, 200, kept["value"]);
  }
  const result = check(context);
  const rejected = verdictReply(result);
  if (rejected) return rejected;
  const reply = respondWith(context, 200, result.resolved);
  if (reply.status < 300) {
    store.put(REPLACED, route.template, { id: route.template, value: result.resolved });
    context.changed();
  }
  return reply;
}

/** One read of a stored record: a starting pod moves along its schedule (pod-lifecycle.ts), and the state keeps where it is. */
function readOne(context: HandlerContext, collection: string, record: Resource): Resource {
  const seen = context.pods.read(collection, record);
  if (seen === undefined) return record;
  context.store.put(collection, String(record.id), seen);
  context.changed();
  return seen;
}

/**
 * The resource after a PATCH. An operation whose rules file has a patch-merge stage (it needs the
 * `current` resource) resolves to the merged resource already, with its own semantics (fields
 * replaced together, cleared values); for any other, the patch is merged onto the stored
 * resource the generic way: objects field by field, every other value replaced.
 */
function merged(context: HandlerContext, current: Resource, resolved: unknown): Resource {
  const merges = context.api.engine.operations.get(context.route.operation.id)?.needs.includes("current") ?? false;
  const body = merges ? resolved : patchMerge(current, resolved, []);
  return isObject(body) ? body : {};
}

/**
 * An action the pod's status does not accept (pod-lifecycle.ts, ACTIONS_BY_STATUS): 409 with a
 * problem body naming the status and the actions it accepts, where the operation declares a 409
 * (ours and the published document do). Nothing changes. A pod whose status the table does not
 * know, or a document without a 409, is not judged.
 */
function invalidTransition(context: HandlerContext, current: Resource, name: string): Reply | undefined {
  const accepted = actionsFor(current.status);
  if (accepted === undefined || accepted.includes(name)) return undefined;
  if (!context.route.operation.responses.some((response) => response.status === "409")) return undefined;
  const shownList = accepted.length === 0 ? "none" : accepted.map((a) => `\`${a}\``).join(", ");
  return {
    status: 409,
    body: problem(409, "Conflict", `action ${JSON.stringify(name)} is not valid for a pod in status ${String(current.status)}: it accepts ${shownList}`),
  };
}

function action(context: HandlerContext, b: Extract<Behaviour, { kind: "action" }>): Reply {
  const id = context.params[b.param] as string;
  const current = context.store.get(b.collection, id);
  if (!current) return notFound("resource", id);
  const result = check(context);
  const rejected = verdictReply(result);
  if (rejected) return rejected;
  const name = isObject(result.resolved) ? result.resolved[b.action] : undefined;
  let status = successStatus(context.route.operation, 200);
  const refused = typeof name === "string" ? invalidTransition(context, current, name) : undefined;
  if (refused) return refused;
  if (typeof name === "string" && Object.hasOwn(POD_ACTIONS, name)) {
    const next = POD_ACTIONS[name];
    context.pods.settled(b.collection, id);
    if (next === null) {
      context.store.delete(b.collection, id);
      // The resource is gone: the document's bodiless 204 where it has one (published: terminate answers 204).
      if (context.route.operation.responses.some((response) => response.status === "204")) status = 204;
    } else context.store.put(b.collection, id, { ...current, status: next });
    context.changed();
  }
  const after = context.store.get(b.collection, id);
  const hasBody = context.route.operation.responses.some((response) => response.status === String(status) && response.schema !== undefined);
  return respondWith(context, status, hasBody && after ? shown(context, b.collection, after) : undefined);
}
