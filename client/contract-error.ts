// The typed error of the contract middleware: which side broke the contract, the operation, and
// the verdict with its RFC 9457 problem body (spec §errors: the body the service would send).

import { V2kitError } from "../engine/errors.js";
import type { CheckResult, Problem } from "../engine/types.js";

export type ContractSide = "request" | "response";

/** `request-refused`: the request body would be refused; `response-mismatch`: the response body is outside the document. */
export type ContractErrorCode = "request-refused" | "response-mismatch";

export class ContractError extends V2kitError {
  static override readonly errorName: string = "ContractError";
  readonly code: ContractErrorCode;
  /** The problem body (application/problem+json): status, title, detail, errors. */
  readonly problem: Problem;

  constructor(
    /** "request": the body was refused before it left; "response": the server's body is outside the document. */
    readonly side: ContractSide,
    readonly operation: string,
    /** The full verdict: violations with JSON pointers, warnings. */
    readonly result: CheckResult & { problem: Problem },
    /** The HTTP status of the response, for side "response". */
    readonly responseStatus?: number,
  ) {
    super(
      side === "request"
        ? `${operation}: the request body would be refused (${result.problem.status}): ${result.problem.detail}`
        : `${operation}: the ${String(responseStatus)} response body does not match the document: ${result.problem.detail}`,
    );
    this.code = side === "request" ? "request-refused" : "response-mismatch";
    this.problem = result.problem;
  }
}
