// The checks of `v2kit scan` (issue 44): the v2 calls the source reader found
// (migrate/scan/v2-call.ts), held to a v2 document (the bundled one, or `spec`), as findings
// every formatter and the language server take (code/types.ts). Rules:
//   v2-unknown-route          error    no such path, or no such method on it; names the closest route
//   v2-unknown-query-param    warning  a query parameter the operation does not declare
//   v2-invalid-body           error    lint rejects the literal body: one finding per violation
//   v2-unknown-response-field warning  a read of a field the success response does not have
//   v2-body-elsewhere         note     the body is built elsewhere: the operation's request type

import type { CpuRecord, GpuRecord, TemplateRecord } from "../engine/types.js";
import type { SourcePosition, V2Call } from "../migrate/scan/v2-call.js";
import { LIST_KEYS, RESPONSE_FIELDS, responseKindOf } from "../migrate/tables/response-fields.js";
import { componentOf, type OperationModel } from "../schema-model/model.js";
import { checkBody, type PlacedViolation } from "./body.js";
import { bundledCodeDocument, type CodeDocument } from "./document.js";
import { missingAt, successSchema } from "./response-schema.js";
import {
  type ClosestRoute,
  closestRoutes,
  sameResource,
  editDistance,
  matchPath,
  type RouteIndex,
  type RoutePath,
  rewrittenSegments,
  routeIndex,
  segmentsOf,
} from "./routes.js";
import type { CodeFinding } from "./types.js";

export interface CheckOptions {
  /** Another v2 document to check against (code/document.ts `loadCodeDocument`, e.g. the published /v2/openapi.json); the bundled one when absent. */
  spec?: CodeDocument;
  /** GPU and CPU catalog responses for lint; a collection left out is the bundled snapshot. */
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[] };
  /** Template records for lint's template rules. */
  templates?: TemplateRecord[];
}

/**
 * Queue API actions (`https://api.runpod.ai/v2/<endpoint id>/run`): a call whose first segment is
 * not one of the document's names and whose second is one of these is the queue API's, which
 * shares `/v2` with the REST API, and is never reported.
 */
const QUEUE_ACTIONS = new Set(["run", "runsync", "status", "stream", "cancel", "retry", "health", "purge-queue", "openai"]);

/** The findings of `calls`, one file's, in the order of the calls and, within a call, of the checks above. */
export function checkCalls(calls: readonly V2Call[], file: string, options: CheckOptions = {}): CodeFinding[] {
  const document = options.spec ?? bundledCodeDocument();
  const index = routeIndex(document.routes);
  const findings: CodeFinding[] = [];
  for (const call of calls) findings.push(...checkCall(call, file, document, index, options));
  return findings;
}

function checkCall(call: V2Call, file: string, document: CodeDocument, index: RouteIndex, options: CheckOptions): CodeFinding[] {
  const segments = segmentsOf(call.path);
  if (segments.length >= 2 && !index.names.has(segments[0] as string) && QUEUE_ACTIONS.has(segments[1] as string)) return [];
  const method = call.method?.value.toUpperCase();
  const certain = call.method?.certain === true ? method : undefined;
  const route = matchPath(index, segments);
  if (route === undefined) return [unknownRoute(call, file, segments, method, closestRoutes(index, segments, method))];
  if (certain !== undefined && !route.methods.has(certain)) return [unknownMethod(call, file, certain, route)];
  const operationId = operationOf(route, method, call);
  const operation = operationId === undefined ? undefined : document.operations.get(operationId);
  if (operation === undefined) return [];
  return [
    ...queryFindings(call, file, operation),
    ...bodyFindings(call, file, operation, document, options),
    ...elsewhereFindings(call, file, operation),
    ...readFindings(call, file, operation, document),
  ];
}

/** The operation of a matched path: the call's method's; without a sure one, the only one, else the one a body or its absence picks. */
function operationOf(route: RoutePath, method: string | undefined, call: V2Call): string | undefined {
  if (method !== undefined && route.methods.has(method)) return route.methods.get(method);
  if (route.methods.size === 1) return [...route.methods.values()][0];
  const sendsBody = call.body !== undefined || call.bodyElsewhere !== undefined;
  const fitting = [...route.methods].filter(([name]) => (name === "GET") !== sendsBody);
  return fitting.length === 1 ? (fitting[0] as [string, string])[1] : undefined;
}

/** The finding's range from a start position and a width on its line. */
function range(at: SourcePosition, width: number): Pick<CodeFinding, "line" | "column" | "endLine" | "endColumn"> {
  return { line: at.line, column: at.column, endLine: at.line, endColumn: at.column + Math.max(width, 1) };
}

/** Where a call's URL is: its plain path text when the reader gives it, else the URL expression (taken to be on one line). */
function urlRange(call: V2Call): Pick<CodeFinding, "line" | "column" | "endLine" | "endColumn"> {
  if (call.pathText !== undefined) return range(call.pathText.at, call.pathText.text.length);
  return range(call.at, call.end - call.at.offset);
}

const routeName = (method: string | undefined, path: string) => (method === undefined ? path : `${method} ${path}`);

/** How a closest route is named: with the call's method when it takes it, else with its own methods. */
function routeLabel(closest: ClosestRoute, method: string | undefined): string {
  const { route } = closest;
  if (method !== undefined && route.methods.has(method)) return `${method} ${route.path}`;
  return `${[...route.methods.keys()].join("/")} ${route.path}`;
}

function unknownRoute(call: V2Call, file: string, segments: readonly string[], method: string | undefined, closest: readonly ClosestRoute[]): CodeFinding {
  // Only routes of the call's resource are suggested: `/v2/user` is near `/v2/clusters` by length alone.
  const related = closest.filter((candidate) => sameResource(segments, candidate.route.segments));
  const shown = related.slice(0, 3).map((candidate) => routeLabel(candidate, method));
  const more = related.length > 3 ? ` (and ${related.length - 3} more)` : "";
  const suggestion = shown.length === 0 ? ": no route of the document is about this resource" : `: did you mean ${shown.join(" or ")}${more}?`;
  const finding: CodeFinding = {
    rule: "v2-unknown-route",
    level: "error",
    file,
    ...urlRange(call),
    message: `${routeName(method, call.path)} is not a route of the v2 document${suggestion}`,
  };
  const fix = closest.length === 1 && related.length === 1 ? routeFix(call, segments, method, closest[0] as ClosestRoute) : undefined;
  if (fix !== undefined) finding.fix = fix;
  return finding;
}

/**
 * The exact fix of a route: only when the closest route takes the call's method (a fix changes
 * the path, not the method) and the reader gives the path's plain text, whose segments are
 * replaced by the route's (an id the call writes stays).
 */
function routeFix(call: V2Call, segments: readonly string[], method: string | undefined, closest: ClosestRoute): CodeFinding["fix"] {
  const written = call.pathText;
  if (written === undefined || method === undefined || call.method?.certain !== true || !closest.route.methods.has(method)) return undefined;
  const rewritten = rewrittenSegments(closest);
  if (rewritten === undefined) return undefined;
  const before = `/v2/${segments.join("/")}`;
  const after = `/v2/${rewritten.join("/")}`;
  // The plain text is the path's tail; the part before it (the base's `/v2`) must stay as it is.
  if (!before.endsWith(written.text) || written.text.includes("{")) return undefined;
  const head = before.slice(0, before.length - written.text.length);
  if (!after.startsWith(head) || (head !== "" && !head.endsWith("/") && !written.text.startsWith("/"))) return undefined;
  const text = after.slice(head.length);
  return { title: `Use ${method} ${closest.route.path}`, start: written.at.offset, end: written.at.offset + written.text.length, text };
}

function unknownMethod(call: V2Call, file: string, method: string, route: RoutePath): CodeFinding {
  const methods = [...route.methods.keys()];
  return {
    rule: "v2-unknown-route",
    level: "error",
    file,
    ...urlRange(call),
    message: `${method} ${call.path} is not a route of the v2 document: ${route.path} takes ${methods.join(", ")}`,
  };
}

const operationName = (operation: OperationModel) => `${operation.method as string} ${operation.path as string} (${operation.id})`;

function queryFindings(call: V2Call, file: string, operation: OperationModel): CodeFinding[] {
  const declared = operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const findings: CodeFinding[] = [];
  for (const parameter of call.query) {
    if (declared.includes(parameter.name)) continue;
    const closest = closestDeclared(parameter.name, declared);
    const takes =
      declared.length === 0
        ? "it takes no query parameters"
        : closest !== undefined
          ? `did you mean \`${closest}\`?`
          : `it takes ${declared.map((name) => `\`${name}\``).join(", ")}`;
    findings.push({
      rule: "v2-unknown-query-param",
      level: "warning",
      file,
      ...range(parameter.at, parameter.name.length),
      message: `${operationName(operation)} has no query parameter \`${parameter.name}\`: ${takes}`,
      operation: operation.id,
    });
  }
  return findings;
}

/** The declared name closest to `name` by edit distance, when it is close (at most a third of the longer name changed). */
function closestDeclared(name: string, declared: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of declared) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= Math.max(name.length, candidate.length) / 3 && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function bodyFindings(call: V2Call, file: string, operation: OperationModel, document: CodeDocument, options: CheckOptions): CodeFinding[] {
  const verdict = checkBody(call, operation, document, { catalog: options.catalog, templates: options.templates });
  if (verdict === undefined) return [];
  return verdict.placed.map((placed) => bodyFinding(placed, file, operation, verdict));
}

function bodyFinding(placed: PlacedViolation, file: string, operation: OperationModel, verdict: { status: number; rules: string[] }): CodeFinding {
  const { violation, v1 } = placed;
  const where = violation.path === "" ? "the body" : violation.path;
  const v1Text = v1 === undefined ? undefined : `\`${v1.field}\` is a v1 field: v2 has it at \`${v1.to}\` (${v1.note})`;
  const hints = [violation.hint, v1Text].filter((hint): hint is string => hint !== undefined);
  const finding: CodeFinding = {
    rule: "v2-invalid-body",
    level: "error",
    file,
    ...(placed.name === undefined ? range(placed.at, 1) : range(placed.name.at, placed.name.text.length)),
    message: `${operationName(operation)} rejects this body (${verdict.status}): ${where} ${violation.message} [${violation.rule}]${v1Text === undefined ? "" : `; ${v1Text}`}`,
    operation: operation.id,
    verdict: { status: verdict.status, rules: verdict.rules },
  };
  if (hints.length > 0) finding.hints = hints;
  if (v1?.rename === true && placed.name !== undefined && placed.name.text === v1.field) {
    const to = v1.to.slice(1);
    finding.fix = {
      title: `Rename \`${v1.field}\` to \`${to}\``,
      start: placed.name.at.offset,
      end: placed.name.at.offset + placed.name.text.length,
      text: to,
    };
  }
  return finding;
}

/** The TypeScript type of the operation's request body: its component's name, and the type every operation's body has in v2kit's types. */
function requestType(operation: OperationModel): string {
  const component = componentOf((operation.request?.schema as { $ref?: unknown } | undefined)?.$ref);
  const generic = `RequestBody<"${operation.id}">`;
  return component === undefined ? generic : `${component} (${generic} in v2kit's types)`;
}

function elsewhereFindings(call: V2Call, file: string, operation: OperationModel): CodeFinding[] {
  if (call.bodyElsewhere === undefined || call.body !== undefined || operation.request === undefined) return [];
  return [
    {
      rule: "v2-body-elsewhere",
      level: "note",
      file,
      ...urlRange(call),
      message: `the body of ${operationName(operation)} is built elsewhere (${call.bodyElsewhere}): it is a ${requestType(operation)}; \`v2kit lint\` checks it when written out`,
      operation: operation.id,
    },
  ];
}

function readFindings(call: V2Call, file: string, operation: OperationModel, document: CodeDocument): CodeFinding[] {
  const schema = successSchema(operation);
  if (schema === undefined) return [];
  const findings: CodeFinding[] = [];
  for (const read of call.reads) {
    const missing = missingAt(schema, read.path, document.schemas);
    if (missing === undefined) continue;
    const field = read.path[missing] as string;
    const shown = read.path.slice(0, missing + 1).join(".");
    findings.push({
      rule: "v2-unknown-response-field",
      level: "warning",
      file,
      ...range(read.at, read.match.includes("\n") ? 1 : read.match.length),
      message: `the response of ${operationName(operation)} has no field \`${shown}\`${v2Place(operation.id, read.path, missing, field)}`,
      operation: operation.id,
    });
  }
  return findings;
}

/** What v2 has instead of a field the response lacks: a v1 field's v2 place (migrate/tables/response-fields.ts), or a list's wrapper. */
function v2Place(operation: string, path: readonly string[], missing: number, field: string): string {
  const listKey = LIST_KEYS[operation];
  if (field === "*" && missing === 0 && listKey !== undefined)
    return `: the response is an object that holds the list in \`${listKey}\` (v1 answered a bare list)`;
  const kind = responseKindOf(operation);
  if (kind === undefined) return "";
  const resourceLevel = listKey === undefined ? 0 : path[0] === listKey && path[1] === "*" ? 2 : -1;
  if (missing !== resourceLevel) return "";
  const fields = RESPONSE_FIELDS[kind];
  const v1 = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (v1 === undefined) return "";
  return v1.to === null ? `: \`${field}\` is a v1 field (${v1.note})` : `: \`${field}\` is a v1 field; v2 has \`${v1.to.join(".")}\` (${v1.note})`;
}
