// lint for GraphQL operations, in the four shapes clients send (docs/graphql.md):
//   1. the wire body with inline arguments  {"query": "mutation { saveTemplate(input: {...}) {id} }"}
//   2. the wire body with variables         {"query": "...($input: ...)", "variables": {"input": {...}}}
//   3. the arguments object                 {"input": {...}}
//   4. the bare argument value              {...} (the input object; a string for id/templateName)
// Each is turned into the arguments object the engine checks; violations are mapped back to the
// body as given (inline values: `/query`, with the position of the value inside the string).

import { type Engine, evaluate, GRAPHQL_PREFIX } from "../../engine/evaluate.js";
import { formatPointer, parsePointer } from "../../engine/pointer.js";
import { checkResult } from "../../engine/problem.js";
import type { CheckContext, CheckResult, Violation, Warning } from "../../engine/types.js";
import { isObject } from "../../engine/values.js";
import type { Position } from "../json-source.js";
import { isFailure, parseDocument, pickOperation, topLevelFields } from "./document.js";
import { ArgumentReader, type Origin, originOf } from "./literals.js";
import { graphqlName } from "./namespace.js";
import { filePosition, queryPosition } from "./positions.js";
import { specMutation } from "../../schema-model/graphql-mutations.js";

export interface GraphqlOutcome {
  result: CheckResult;
  /** File positions of findings inside the query string (only when the text is known). */
  positions?: Map<Violation | Warning, Position>;
}

/** Members of a GraphQL-over-HTTP request body (spec: `query`; clients also send the others). */
const WIRE_MEMBERS = new Set(["query", "variables", "operationName", "extensions"]);

/** A body is a wire body when it is an object with a `query` member (no spec argument is named so). */
export function isWireBody(body: unknown): body is Record<string, unknown> {
  return isObject(body) && Object.hasOwn(body, "query");
}

/** Lint `body` for the GraphQL operation keyed `key` in `engine`. */
export function lintGraphql(engine: Engine, key: string, body: unknown, context: CheckContext, text?: string): GraphqlOutcome {
  const name = graphqlName(engine, key) ?? key;
  if (isWireBody(body)) return lintWire(engine, key, name, body, context, text);
  const spec = specMutation(name);
  const bare = spec !== undefined && (spec.object ? isObject(body) && Object.keys(body).length > 0 && !Object.hasOwn(body, spec.argument) : !isObject(body));
  if (!bare || spec === undefined) return { result: evaluate(engine, key, body, context) };
  // The bare value: checked as {argument: value}, its pointers lose the `/argument` prefix.
  const prefix = formatPointer([spec.argument]);
  const unwrap = (path: string) => (path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : "");
  const result = evaluate(engine, key, { [spec.argument]: body }, context);
  return {
    result: rebuild(
      result,
      result.violations.map((violation) => ({ ...violation, path: unwrap(violation.path) })),
      result.warnings.map((warning) => ({ ...warning, path: unwrap(warning.path) })),
    ),
  };
}

function lintWire(engine: Engine, key: string, name: string, body: Record<string, unknown>, context: CheckContext, text?: string): GraphqlOutcome {
  const positions = new Map<Violation | Warning, Position>();
  const warnings: Warning[] = [];
  for (const member of Object.keys(body)
    .filter((k) => !WIRE_MEMBERS.has(k))
    .sort()) {
    warnings.push({
      rule: "graphql/request",
      path: formatPointer([member]),
      message: "is not a member of a GraphQL request (query, variables, operationName, extensions): how the service treats it is not shown",
    });
  }
  const { query, variables, operationName } = body;
  const shape: Violation[] = [];
  if (typeof query !== "string") shape.push(requestViolation("/query", "must be a string holding the GraphQL document"));
  if (variables !== undefined && variables !== null && !isObject(variables))
    shape.push(requestViolation("/variables", "must be an object mapping variable names to values"));
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string")
    shape.push(requestViolation("/operationName", "must be a string naming an operation of the document"));
  if (shape.length > 0 || typeof query !== "string") return { result: rebuild(null, shape, warnings) };

  const at = (finding: Violation | Warning, offset: number) => {
    if (text !== undefined) positions.set(finding, filePosition(text, "/query", offset));
    return finding;
  };
  const fail = (rule: string, path: string, message: string, offset: number): GraphqlOutcome => {
    const where = queryPosition(query, offset);
    const violation: Violation = {
      rule,
      status: 400,
      path,
      message: path === "/query" ? `${message} (query line ${where.line}, column ${where.column})` : message,
    };
    if (path === "/query") at(violation, offset);
    return { result: rebuild(null, [violation], warnings), positions };
  };

  const doc = parseDocument(query);
  if (isFailure(doc)) return fail(doc.rule, doc.path, doc.message, doc.offset);
  const operation = pickOperation(doc, typeof operationName === "string" ? operationName : undefined);
  if (isFailure(operation)) return fail(operation.rule, operation.path, operation.message, operation.offset);
  const opStart = operation.loc?.start ?? 0;
  if (operation.operation !== "mutation") {
    return fail(
      "graphql/operation",
      "/query",
      `must be a mutation calling ${name}: the document's operation is a ${operation.operation}, which v2kit does not lint`,
      opStart,
    );
  }
  const fields = topLevelFields(doc, operation.selectionSet);
  const calls = fields.filter((field) => field.name.value === name);
  for (const other of fields.filter((field) => field.name.value !== name)) {
    if (calls.length === 0) break;
    const warning: Warning = {
      rule: "graphql/operation",
      path: "/query",
      message: `also calls ${other.name.value}: not checked here (${advice(engine, other.name.value)})`,
    };
    warnings.push(at(warning, other.loc?.start ?? 0));
  }
  const [first] = fields;
  if (calls.length === 0) {
    const what = first === undefined ? "calls nothing" : `calls ${first.name.value} (${advice(engine, first.name.value)})`;
    return fail("graphql/operation", "/query", `must call the mutation ${name}: the document ${what}`, first?.loc?.start ?? opStart);
  }

  const hasVariables = isObject(variables);
  const violations: Violation[] = [];
  let resolved: unknown = null;
  for (const call of calls) {
    const reader = new ArgumentReader(operation.variableDefinitions ?? [], hasVariables ? variables : {}, hasVariables ? "/variables" : "");
    const args = reader.read(call.loc?.start ?? 0, call.arguments ?? []);
    for (const problem of reader.problems)
      violations.push(placed({ rule: "graphql/variables", status: 400, path: "", message: problem.message }, problem.origin, []));
    const result = evaluate(engine, key, args, context);
    if (resolved === null) resolved = result.resolved;
    for (const violation of result.violations) violations.push(mapped(violation, reader.origins));
    for (const warning of result.warnings) warnings.push(mapped(warning, reader.origins));
  }
  return { result: { ...rebuild(null, violations, warnings), resolved }, positions };

  function mapped<T extends Violation | Warning>(finding: T, origins: ReadonlyMap<string, Origin>): T {
    const { origin, rest } = originOf(origins, finding.path);
    return placed(finding, origin, rest);
  }

  /** The finding with its path in the body as given; a query origin also gets its position. */
  function placed<T extends Violation | Warning>(finding: T, origin: Origin, rest: readonly string[]): T {
    if ("body" in origin) return { ...finding, path: origin.body + formatPointer(rest) };
    const where = queryPosition(query as string, origin.query);
    const argument = finding.path === "" ? "" : `argument ${dotted(finding.path)}, `;
    const out = { ...finding, path: "/query", message: `${finding.message} (${argument}query line ${where.line}, column ${where.column})` };
    return at(out, origin.query) as T;
  }
}

/** What to do about another top-level field: its own --operation, or that v2kit does not know it. */
function advice(engine: Engine, field: string): string {
  const names = [...engine.operations.keys()].flatMap((k) => graphqlName(engine, k) ?? []).sort();
  if (names.includes(field)) return `lint it with --operation ${GRAPHQL_PREFIX}${field}`;
  return `a mutation v2kit does not know; it knows ${names.join(", ")}`;
}

function requestViolation(path: string, message: string): Violation {
  return { rule: "graphql/request", status: 400, path, message };
}

/** `input.env[0].key` for `/input/env/0/key`. */
function dotted(pointer: string): string {
  return parsePointer(pointer)
    .map((segment, i) => (/^(0|[1-9][0-9]*)$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join("");
}

function rebuild(base: CheckResult | null, violations: Violation[], warnings: Warning[]): CheckResult {
  return checkResult(violations, warnings, base?.resolved ?? null);
}

/**
 * For a REST operation that shares its name with a GraphQL one, a wire body is most likely
 * meant for the GraphQL one: say how to address it.
 */
export function restTwinWarning(engine: Engine, key: string, body: unknown): Warning | undefined {
  if (engine.operations.get(key)?.kind === "graphql" || !isWireBody(body)) return undefined;
  if (engine.operations.get(`${GRAPHQL_PREFIX}${key}`)?.kind !== "graphql") return undefined;
  return {
    rule: "graphql/namespace",
    path: "",
    message: `${key} is the REST operation; this body looks like a GraphQL request: use --operation ${GRAPHQL_PREFIX}${key} for the GraphQL mutation`,
  };
}
