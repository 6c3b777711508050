// A worker thread of `v2kit lint --ndjson --jobs N`: starts building the same engine as the main
// thread at once (without printing: the main thread reports diagnostics), takes the rest of its
// options from the first message, then lints the batches it is sent and sends back their output
// as UTF-8 bytes. Buffers move, never copy: both the input and the output buffer go back with
// the result, for a later batch.

import { parentPort, workerData } from "node:worker_threads";
import type { Engine } from "../../../engine/evaluate.js";
import type { LintOptions } from "../../../lint/lint.js";
import { lintBatch, Utf8Sink } from "./batch.js";
import type { BatchJob, BatchResult, WorkerContext, WorkerSetup } from "./pool.js";

const setup = workerData as WorkerSetup;

async function engineOf(): Promise<Engine> {
  if (setup.spec === undefined && setup.rules === undefined) {
    const [{ engine }, { loadValidators }] = await Promise.all([import("../../../output/rules.mjs"), import("../../../lint/lint.js")]);
    await loadValidators(setup.operation, { responses: setup.response !== undefined });
    return engine;
  }
  const { loadEngine } = await import("../../../generators/engine-on-the-fly.js");
  return loadEngine({
    ...(setup.spec === undefined ? {} : { spec: setup.spec }),
    ...(setup.rules === undefined ? {} : { rules: setup.rules }),
    onDiagnostics: () => {},
  });
}

const port = parentPort;
if (port === null) throw new Error("ndjson-worker runs as a worker thread of v2kit lint --ndjson --jobs N");

/** Started before the context arrives: loading the engine is most of a worker's start-up. */
const engine = engineOf();

async function optionsFor({ context }: WorkerContext): Promise<LintOptions> {
  const options: LintOptions = { operation: setup.operation, engine: await engine, ...context };
  if (setup.response !== undefined) options.response = setup.response;
  return options;
}

/** The output of the batch at hand, encoded into the job's output buffer. */
const sink = new Utf8Sink(Buffer.alloc(0));

function lintJob(job: BatchJob, options: LintOptions): void {
  sink.reset(Buffer.from(job.output));
  const verdicts = lintBatch(Buffer.from(job.input), job.length, job.firstLine, job.name, options, setup.maxLine, sink.emit);
  const result: BatchResult = {
    id: job.id,
    input: job.input,
    output: sink.buffer.buffer as ArrayBuffer,
    outputLength: sink.used,
    invalid: verdicts.invalid,
  };
  if (verdicts.tooLong !== undefined) result.tooLong = verdicts.tooLong;
  (port as NonNullable<typeof port>).postMessage(result, [result.input, result.output]);
}

/** Set by the first message; jobs that come before the engine is built wait for it, in order. */
let ready: Promise<LintOptions> | undefined;

port.on("message", (message: WorkerContext | BatchJob) => {
  if (ready === undefined) {
    ready = optionsFor(message as WorkerContext);
    return;
  }
  void ready.then((options) => lintJob(message as BatchJob, options));
});
