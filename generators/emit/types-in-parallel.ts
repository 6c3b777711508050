// The generator's second thread: it validates the bundled document with swagger-parser and
// emits the types while the main thread normalizes the document and compiles the validators.
// A worker thread when running compiled code (dist/) and a core is free; in-process otherwise
// (from source, in tests, or on a busy machine, where a worker only adds its start-up and
// module loading to the CPU time), with the same functions either way: the output is the same.

import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { RulesFile } from "../../rules/types.js";
import type { ApiModel } from "../../schema-model/model.js";

export interface TypesEmitter {
  /** What swagger-parser finds wrong with the bundled document (see load.ts), if anything. */
  validate(bundled: Record<string, unknown>): Promise<string | undefined>;
  emit(model: ApiModel, rules: RulesFile, header: string): Promise<string>;
  close(): void;
}

export type Request = { id: number; validate: Record<string, unknown> } | { id: number; types: { model: ApiModel; rules: RulesFile; header: string } };

export type Reply = { id: number; problem?: string; text?: string; error?: string; range?: boolean };

/** Testing only (docs/generate-speed.md): "always" or "never" instead of deciding by load. */
const WORKER_ENV = "V2KIT_GENERATE_WORKER";

/** A worker pays when a core is idle: the 1-minute load average leaves at least one free. */
function coreIsFree(): boolean {
  const forced = process.env[WORKER_ENV];
  if (forced === "always" || forced === "never") return forced === "always";
  return availableParallelism() - (loadavg()[0] ?? 0) >= 1;
}

export function startTypesEmitter(): TypesEmitter {
  // From the bundled pipeline (dist/cli/generate-pipeline.cjs), the worker runs the same bundle.
  const script = new URL(typeof __V2KIT_COMMONJS_BUNDLE__ !== "undefined" ? "./generate-worker.cjs" : "./types-worker.js", import.meta.url);
  if (!existsSync(fileURLToPath(script)) || !coreIsFree()) {
    return {
      validate: async (bundled) => (await import("../load/load.js")).validationProblem(bundled),
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

/**
 * The second thread started on first use: a run that may reuse the validated document and the
 * types (generators/artifacts.ts) pays for no worker it does not ask anything of.
 */
export function startTypesEmitterOnDemand(): TypesEmitter {
  let started: TypesEmitter | undefined;
  const helper = () => (started ??= startTypesEmitter());
  return {
    validate: (bundled) => helper().validate(bundled),
    emit: (model, rules, header) => helper().emit(model, rules, header),
    close: () => started?.close(),
  };
}
