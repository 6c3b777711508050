// Emitter: output/index.ts, the entry a consumer imports: check(), checkResponse(), the types.

export function emitIndex(header: string): string {
  return `${header}
import * as rt from "./runtime/index.js";
import { engine } from "./rules.js";

export type * from "./types.js";
export type { CheckContext, CheckResult, Problem, Violation, Warning } from "./runtime/index.js";
export { engine };

/** Every operation the engine knows, REST operationIds and GraphQL operation names. */
export const operationIds: readonly string[] = [...engine.operations.keys()];

/** The server's verdict on a request body: schema, then cross-field rules, with the resolved body. */
export function check(operation: string, body: unknown, context: rt.CheckContext = {}): rt.CheckResult {
  return rt.evaluate(engine, operation, body, context);
}

/** Validate a response body of \`operation\` for an HTTP status. */
export function checkResponse(operation: string, status: string, body: unknown): rt.CheckResult {
  return rt.evaluateResponse(engine, operation, status, body);
}
`;
}
