// The generator's second thread: it validates the bundled document with swagger-parser and
// emits the types while the main thread normalizes the document and compiles the validators.
// A worker thread when running compiled code (dist/); in-process when running from source
// (tests), with the same functions either way.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { RulesFile } from "../rules/types.js";
import type { ApiModel } from "./model.js";

export interface TypesEmitter {
  /** What swagger-parser finds wrong with the bundled document (see load.ts), if anything. */
  validate(bundled: Record<string, unknown>): Promise<string | undefined>;
  emit(model: ApiModel, rules: RulesFile, header: string): Promise<string>;
  close(): void;
}

export type Request = { id: number; validate: Record<string, unknown> } | { id: number; types: { model: ApiModel; rules: RulesFile; header: string } };

export type Reply = { id: number; problem?: string; text?: string; error?: string; range?: boolean };

export function startTypesEmitter(): TypesEmitter {
  const script = new URL("./types-worker.js", import.meta.url);
  if (!existsSync(fileURLToPath(script))) {
    return {
      validate: async (bundled) => (await import("./load.js")).validationProblem(bundled),
      emit: async (model, rules, header) => (await import("./emit-types.js")).emitTypes(model, rules, header),
      close: () => undefined,
    };
  }
  const worker = new Worker(script);
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on("message", (reply: Reply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
  });
  worker.on("error", (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  });
  const ask = (request: Omit<Request, "id">) =>
    new Promise<Reply>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    }).then((reply) => {
      if (reply.error !== undefined) throw reply.range ? new RangeError(reply.error) : new Error(`types emitter: ${reply.error}`);
      return reply;
    });
  return {
    validate: async (bundled) => (await ask({ validate: bundled })).problem,
    emit: async (model, rules, header) => (await ask({ types: { model, rules, header } })).text ?? "",
    close: () => void worker.terminate(),
  };
}
