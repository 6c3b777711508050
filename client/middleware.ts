// An openapi-fetch middleware (`client.use(...)`) that holds requests and responses to the
// generated contract: the engine's check() runs on a request body before it leaves, and the
// response body is validated against the document's response schema for its status.
// Structurally typed: this module does not import openapi-fetch, so it costs nothing to load.

import type { CheckContext, CheckResult, Problem } from "../engine/types.js";
import { ContractError } from "./contract-error.js";
import { type Route, routeTable } from "./routes.js";

/** What the generated index (`import * as api from "./generated/index.mjs"`) provides. */
export interface ContractApi {
  check(operation: string, body: unknown, context?: CheckContext): CheckResult;
  checkResponse(operation: string, status: string, body: unknown): CheckResult;
  routes: readonly Route[];
}

export interface ContractOptions {
  /** The generated module: check, checkResponse and routes. */
  api: ContractApi;
  /**
   * An invalid request body never reaches the server. "throw" (default): the call rejects with a
   * ContractError carrying the problem body. "response": the call resolves as if the server had
   * answered with that problem body (application/problem+json, the verdict's status), so
   * openapi-fetch returns it as `error`.
   */
  onInvalidRequest?: "throw" | "response";
  /**
   * A response body outside the document. "throw" (default): the call rejects with a
   * ContractError. "report": `onReport` is called and the response goes through unchanged.
   */
  onInvalidResponse?: "throw" | "report";
  /** Called for every contract violation reported with onInvalidResponse "report". */
  onReport?: (error: ContractError) => void;
  /** Catalog, templates, current resource for the rules (as `check`'s context); a function is called per request. */
  context?: CheckContext | ((operation: string) => CheckContext);
}

/** The middleware object openapi-fetch's `client.use()` takes (its Middleware type, structurally). */
export interface ContractMiddleware {
  onRequest(params: { request: Request; schemaPath: string }): Promise<Request | Response | undefined>;
  onResponse(params: { request: Request; response: Response; schemaPath: string }): Promise<Response | undefined>;
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/** Whether the verdict failed (a problem body is present). */
function failed(result: CheckResult): result is CheckResult & { problem: Problem } {
  return !result.ok && result.problem !== null;
}

/** The JSON body of a request or response, or `undefined` when it has none or it is not JSON. */
async function jsonBody(message: Request | Response): Promise<{ body: unknown } | undefined> {
  if (message.body === null || !JSON_TYPE.test(message.headers.get("content-type") ?? "application/json")) return undefined;
  const text = await message.clone().text();
  if (text.trim() === "") return undefined;
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    // Not JSON after all: a malformed body the engine cannot judge; the service would answer 400.
    return { body: text };
  }
}

export function contractMiddleware(options: ContractOptions): ContractMiddleware {
  const find = routeTable(options.api.routes);
  const contextFor = (operation: string): CheckContext => (typeof options.context === "function" ? options.context(operation) : (options.context ?? {}));
  return {
    async onRequest({ request, schemaPath }) {
      const operation = find(request.method, schemaPath);
      if (operation === undefined) return undefined; // not in the document: passed through unchecked
      const parsed = await jsonBody(request);
      if (parsed === undefined) return undefined;
      const result = options.api.check(operation, parsed.body, contextFor(operation));
      if (!failed(result)) return undefined;
      if (options.onInvalidRequest === "response") {
        return new Response(JSON.stringify(result.problem), {
          status: result.problem.status,
          headers: { "content-type": "application/problem+json" },
        });
      }
      throw new ContractError("request", operation, result);
    },
    async onResponse({ request, response, schemaPath }) {
      const operation = find(request.method, schemaPath);
      if (operation === undefined) return undefined;
      const parsed = await jsonBody(response);
      if (parsed === undefined) return undefined;
      const result = options.api.checkResponse(operation, String(response.status), parsed.body);
      if (!failed(result)) return undefined;
      const error = new ContractError("response", operation, result, response.status);
      if (options.onInvalidResponse === "report") {
        options.onReport?.(error);
        return undefined;
      }
      throw error;
    },
  };
}
