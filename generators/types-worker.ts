// The generator's second thread (types-in-parallel.ts): swagger-parser's validation of the
// bundled document, then the types. Its modules load at once, while the main thread reads and
// bundles the document.

import { parentPort } from "node:worker_threads";
import { emitTypes } from "./emit-types.js";
import { validationProblem } from "./load.js";
import type { Reply, Request } from "./types-in-parallel.js";

parentPort?.on("message", (request: Request) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});

async function answer(request: Request): Promise<Reply> {
  try {
    if ("validate" in request) return { id: request.id, problem: await validationProblem(request.validate) };
    return { id: request.id, text: emitTypes(request.types.model, request.types.rules, request.types.header) };
  } catch (error) {
    return { id: request.id, error: (error as Error).stack ?? String(error), range: error instanceof RangeError };
  }
}
