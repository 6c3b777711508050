// Start the types emitter early, on the other core: a worker thread when running compiled code
// (dist/), in-process when running from source (tests), with the same function either way.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { RulesFile } from "../rules/types.js";
import type { ApiModel } from "./model.js";

export interface TypesEmitter {
  emit(model: ApiModel, rules: RulesFile, header: string): Promise<string>;
  close(): void;
}

export function startTypesEmitter(): TypesEmitter {
  const script = new URL("./types-worker.js", import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    return {
      emit: async (model, rules, header) => (await import("./emit-types.js")).emitTypes(model, rules, header),
      close: () => undefined,
    };
  }
  const worker = new Worker(script);
  return {
    emit: (model, rules, header) =>
      new Promise((resolve, reject) => {
        worker.once("message", (reply: { text?: string; error?: string; range?: boolean }) => {
          if (reply.text !== undefined) resolve(reply.text);
          else reject(reply.range ? new RangeError(reply.error) : new Error(`types emitter: ${reply.error}`));
        });
        worker.once("error", reject);
        worker.postMessage({ model, rules, header });
      }),
    close: () => void worker.terminate(),
  };
}
