// A worker thread of `v2kit lint --ndjson --jobs N`: builds the same engine and options as the
// main thread (without printing: the main thread has already reported diagnostics), then lints
// the batches it is sent and sends back their output as UTF-8 bytes. Buffers move, never copy:
// the input buffer goes back with the result, for the next batch.

import { parentPort, workerData } from "node:worker_threads";
import type { Engine } from "../rules/runtime/evaluate.js";
import type { LintOptions } from "../runtime/lint.js";
import { lintBatch } from "./ndjson-batch.js";
import type { BatchJob, BatchResult, WorkerSetup } from "./ndjson-pool.js";

const setup = workerData as WorkerSetup;

async function engineOf(): Promise<Engine> {
  if (setup.spec === undefined && setup.rules === undefined) {
    const [{ engine }, { loadValidators }] = await Promise.all([import("../output/rules.mjs"), import("../runtime/lint.js")]);
    await loadValidators(setup.operation, { responses: setup.response !== undefined });
    return engine;
  }
  const { loadEngine } = await import("../generators/engine-on-the-fly.js");
  return loadEngine({
    ...(setup.spec === undefined ? {} : { spec: setup.spec }),
    ...(setup.rules === undefined ? {} : { rules: setup.rules }),
    onDiagnostics: () => {},
  });
}

const options: LintOptions = { operation: setup.operation, engine: await engineOf(), ...setup.context };
if (setup.response !== undefined) options.response = setup.response;
const encoder = new TextEncoder();
const port = parentPort;
if (port === null) throw new Error("ndjson-worker runs as a worker thread of v2kit lint --ndjson --jobs N");

port.on("message", (job: BatchJob) => {
  const verdicts = lintBatch(Buffer.from(job.buffer), job.length, job.firstLine, job.name, options, setup.maxLine);
  let output = encoder.encode(verdicts.text);
  // Only a buffer of its own can be transferred whole.
  if (output.byteOffset !== 0 || output.byteLength !== output.buffer.byteLength) output = output.slice();
  const result: BatchResult = { id: job.id, buffer: job.buffer, output: output.buffer as ArrayBuffer, invalid: verdicts.invalid };
  if (verdicts.tooLong !== undefined) result.tooLong = verdicts.tooLong;
  port.postMessage(result, [job.buffer, result.output]);
});
