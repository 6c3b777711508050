// Reading requests and writing responses: bodies under a size limit, JSON and RFC 9457 problem
// bodies with their media types.

import type { IncomingMessage, ServerResponse } from "node:http";
import { problemFor } from "../engine/problem.js";
import type { Problem } from "../engine/types.js";
import { ServeError } from "./errors.js";

/** A request body past the server's limit (answered 413). */
export class BodyTooLarge extends ServeError {
  static override readonly errorName: string = "BodyTooLarge";
  declare readonly code: "body-too-large";

  constructor(limit: number) {
    super("body-too-large", `the request body is larger than ${limit} bytes`);
  }
}

/** The request body, or BodyTooLarge past `limit` bytes (the rest is not read). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners("data");
        request.resume();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** A problem body for a status the engine does not produce itself (401, 404 of a route, 413 …). */
export function problem(status: number, title: string, detail: string, errors?: string[]): Problem {
  return { title, status, detail, ...(errors ? { errors } : {}) };
}

/** The engine's problem body for a single finding, as `lint --format problem` prints it. */
export function problemOf(status: number, rule: string, message: string): Problem {
  return problemFor([{ rule, status, path: "", message }]) as Problem;
}

/** A JSON body (a problem from 400 up), or a string body in `contentType` when that is not JSON (`text/event-stream`). */
export function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, contentType?: string): void {
  if (response.headersSent || response.destroyed) return;
  const isProblem = status >= 400;
  const raw = typeof body === "string" && contentType !== undefined && !/json/i.test(contentType);
  const text = body === undefined ? "" : raw ? (body as string) : JSON.stringify(body);
  const type = raw ? (contentType as string) : isProblem ? "application/problem+json" : "application/json";
  response.writeHead(status, {
    ...headers,
    ...(body === undefined ? {} : { "content-type": type }),
    "content-length": String(Buffer.byteLength(text)),
  });
  response.end(text);
}
