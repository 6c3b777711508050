// The generator's second thread (types-in-parallel.ts) answers here: swagger-parser's validation
// of the bundled document, then the types. Started by types-worker.ts (tsc's output), or by
// dist/cli/generate-worker.cjs from the bundled pipeline (scripts/bundle-cli.mjs).

import type { MessagePort } from "node:worker_threads";
import { emitTypes } from "./emit-types.js";
import { validationProblem } from "../load/load.js";
import type { Reply, Request } from "./types-in-parallel.js";

export function serveTypesRequests(port: MessagePort): void {
  port.on("message", (request: Request) => {
    void answer(request).then((reply) => port.postMessage(reply));
  });
}

async function answer(request: Request): Promise<Reply> {
  try {
    if ("validate" in request) return { id: request.id, problem: await validationProblem(request.validate) };
    return { id: request.id, text: emitTypes(request.types.model, request.types.rules, request.types.header) };
  } catch (error) {
    return { id: request.id, error: (error as Error).stack ?? String(error), range: error instanceof RangeError };
  }
}
