// The types emitter in a worker thread: ts-morph (and the TypeScript compiler it bundles) loads
// here while the main thread loads the document and compiles the validators.

import { parentPort } from "node:worker_threads";
import type { RulesFile } from "../rules/types.js";
import { emitTypes } from "./emit-types.js";
import type { ApiModel } from "./model.js";

parentPort?.once("message", (message: { model: ApiModel; rules: RulesFile; header: string }) => {
  try {
    parentPort?.postMessage({ text: emitTypes(message.model, message.rules, message.header) });
  } catch (error) {
    parentPort?.postMessage({ error: (error as Error).stack ?? String(error), range: error instanceof RangeError });
  }
});
