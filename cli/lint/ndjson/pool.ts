// The worker threads of `v2kit lint --ndjson --jobs N`. A batch goes to the least busy worker as
// two transferred buffers (no per-line messages, no copy): its lines, and room for its verdicts,
// which come back as UTF-8 bytes; the caller reuses both buffers for a later batch, so the run
// allocates nothing per batch that only a full GC would free.

import { builtin } from "../../../input/builtin.js";
import type { Worker } from "node:worker_threads";
import type { LintOptions } from "../../../lint/lint.js";
import { CliError, EXIT_INTERNAL } from "../../command.js";
import { heapFlagsGiven, NDJSON_HEAP_FLAGS } from "./heap.js";
import type { Batch } from "./lines.js";

/** What a worker needs to start building the same engine as the main thread (from the flags alone). */
export interface WorkerSetup {
  operation: string;
  response?: string;
  spec?: string;
  rules?: string;
  /** --max-body-bytes: the longest line. */
  maxLine: number;
}

/** The first message to a worker: the rest of its options, once the main thread has them. */
export interface WorkerContext {
  /** --catalog, --templates, --current (or their --live versions): plain JSON data. */
  context: Pick<LintOptions, "catalog" | "templates" | "current">;
}

export interface BatchJob {
  id: number;
  /** The lines: `length` bytes from the start. */
  input: ArrayBuffer;
  length: number;
  /** Where the worker writes the verdicts (a bigger one comes back when they do not fit). */
  output: ArrayBuffer;
  firstLine: number;
  name: string;
}

export interface BatchResult {
  id: number;
  /** The job's buffers, back for reuse; `output` holds the JSON lines, UTF-8, in its first outputLength bytes. */
  input: ArrayBuffer;
  output: ArrayBuffer;
  outputLength: number;
  invalid: boolean;
  tooLong?: number;
}

/**
 * The heap flags of the --jobs 1 re-run (cli/lint/ndjson/heap.ts: peak memory flat from the first
 * line) in every worker. A worker's heap is configured from V8's flags as they are when it
 * starts, so setting them here, before the first worker, needs no second node process; this
 * thread's young generation keeps its size (it only reads and writes buffers). Flags given on
 * the command line win.
 */
function fixYoungGeneration(): void {
  if (heapFlagsGiven()) return;
  for (const flag of NDJSON_HEAP_FLAGS) builtin<typeof import("node:v8")>("node:v8").setFlagsFromString(flag);
}

/** A worker that failed or stopped: an internal error (exit 70), never a verdict on the input. */
export class WorkerFailure extends CliError {
  static override readonly errorName: string = "WorkerFailure";
  declare readonly code: "worker-failed";

  constructor(message: string) {
    super(message, EXIT_INTERNAL, "worker-failed");
  }
}

interface Pending {
  resolve(result: BatchResult): void;
  reject(error: Error): void;
}

/**
 * Worker threads that start loading their engine as soon as the pool is made, while the main
 * thread loads its own and reads the context files; `configure` hands them the context. Until
 * then they do not hold the process open, so a usage error on the main thread ends the run.
 */
/**
 * The worker's entry, tsc's dist/cli/lint/ndjson/worker.js, from this module: inside the CLI's
 * CommonJS bundle (dist/cli/v2kit.cjs) import.meta.url is the bundle's, two folders up.
 */
const WORKER = typeof __V2KIT_COMMONJS_BUNDLE__ !== "undefined" ? "./lint/ndjson/worker.js" : "./worker.js";

export class LintPool {
  private readonly workers: { worker: Worker; busy: number }[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closing = false;
  private failure: WorkerFailure | undefined;

  constructor(
    readonly size: number,
    setup: WorkerSetup,
  ) {
    fixYoungGeneration();
    for (let i = 0; i < size; i++) {
      const { Worker } = builtin<typeof import("node:worker_threads")>("node:worker_threads");
      const entry = { worker: new Worker(new URL(WORKER, import.meta.url), { workerData: setup }), busy: 0 };
      entry.worker.on("message", (result: BatchResult) => {
        entry.busy--;
        const waiting = this.pending.get(result.id);
        this.pending.delete(result.id);
        waiting?.resolve(result);
      });
      entry.worker.on("error", (error) => this.fail(new WorkerFailure(`a lint worker failed: ${error.stack ?? error.message}`)));
      entry.worker.on("exit", (code) => {
        if (!this.closing) this.fail(new WorkerFailure(`a lint worker stopped (exit code ${code})`));
      });
      entry.worker.unref(); // after the listeners: a "message" listener refs the worker again
      this.workers.push(entry);
    }
  }

  /** Hand the workers the context (first message of each); from here on they keep the process alive. */
  configure(context: WorkerContext["context"]): void {
    for (const { worker } of this.workers) {
      worker.ref();
      worker.postMessage({ context } satisfies WorkerContext);
    }
  }

  /** Lint one batch on the least busy worker. Its buffers move there (empty here until the result brings them back). */
  lint(batch: Batch, name: string, output: ArrayBuffer): Promise<BatchResult> {
    if (this.failure) return Promise.reject(this.failure);
    const entry = this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = this.nextId++;
    const result = new Promise<BatchResult>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    result.catch(() => {}); // a result the caller gave up on (output closed) must not crash the run
    entry.busy++;
    const input = batch.buffer.buffer as ArrayBuffer;
    const job: BatchJob = { id, input, length: batch.length, output, firstLine: batch.firstLine, name };
    entry.worker.postMessage(job, [input, output]);
    return result;
  }

  private fail(error: WorkerFailure): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((entry) => entry.worker.terminate()));
  }
}
