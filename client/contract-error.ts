// The typed error of the contract middleware: which side broke the contract, the operation, and
// the verdict with its RFC 9457 problem body (spec §errors: the body the service would send).

import type { CheckResult, Problem } from "../engine/types.js";

export type ContractSide = "request" | "response";

export class ContractError extends Error {
  override readonly name = "ContractError";
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
    this.problem = result.problem;
  }
}
