// `v2kit lint --ndjson`: each line of a file one body, one JSON verdict line each, in input order.
// --jobs 1 lints each batch on this thread; --jobs N sends batches to N worker threads and keeps
// at most 4N of them in flight, writing results in order with backpressure, so memory stays flat
// however long the input and a slow reader slows the run instead of filling memory.

import { InputError } from "../../../input/read-input.js";
import type { LintOptions } from "../../../lint/lint.js";
import { lintBatch, Utf8Sink } from "./batch.js";
import { BATCH_BYTES, type Batch, LineBatches, newBuffer } from "./lines.js";
import { type BatchResult, type LintPool, WorkerFailure } from "./pool.js";

/** Where verdicts go: stdout; `closed` once its reader went away (| head). */
export interface Output {
  /** Resolves when the bytes are written out (then the caller may reuse them; backpressure too). */
  written(data: Uint8Array): Promise<void>;
  readonly closed: boolean;
}

export interface NdjsonRun {
  options: LintOptions;
  /** --max-body-bytes: the longest line. */
  maxLine: number;
  output: Output;
  /** Worker threads (--jobs N > 1); absent: this thread. */
  pool?: LintPool;
  /** This thread's young generation, let grow to its cap and no further (--jobs 1 on large input). */
  heap?: { check(): void };
}

/**
 * Lint every line of FILE (`-`: standard input). Exit status: 0 all valid, 1 any invalid,
 * 2 unreadable input or a line past the limit (after the verdicts of the lines before it).
 * Progress on a TTY stderr only.
 */
export async function lintNdjson(file: string, run: NdjsonRun): Promise<number> {
  const progress = new Progress(file);
  let lines: LineBatches | undefined;
  try {
    lines = await LineBatches.open(file, run.maxLine);
    return await (run.pool ? inWorkers(lines, file, run.pool, run.output, progress) : here(lines, file, run, progress));
  } catch (error) {
    progress.clear();
    if (error instanceof WorkerFailure) throw error; // a bug, not an input problem: exit 70
    const message = error instanceof InputError ? error.message : `cannot read ${file}: ${(error as Error).message}`;
    process.stderr.write(`v2kit: lint: ${message}\n`);
    return 2;
  } finally {
    progress.clear();
    await lines?.close();
  }
}

/**
 * --jobs 1: two input buffers taken in turn and one reused output buffer; one write per batch, not
 * per line. The next batch is read while this one is linted: the thread never waits for the disk
 * (it did for ~4% of a run when each read started after the previous batch was done).
 */
async function here(lines: LineBatches, file: string, run: NdjsonRun, progress: Progress): Promise<number> {
  let code = 0;
  let spare = newBuffer(BATCH_BYTES);
  const sink = new Utf8Sink(Buffer.allocUnsafe(BATCH_BYTES * 2));
  let reading = lines.next(newBuffer(BATCH_BYTES));
  while (!run.output.closed) {
    const batch = await reading;
    if (batch === null) break;
    // next() touches only the buffer it is given (the previous line's tail is copied out already).
    reading = lines.next(spare);
    reading.catch(() => undefined); // awaited on the next turn; must not go unhandled if this one throws
    spare = batch.buffer;
    sink.reset();
    const verdicts = lintBatch(batch.buffer, batch.length, batch.firstLine, file, run.options, run.maxLine, sink.emit);
    if (verdicts.invalid) code = 1;
    await run.output.written(sink.bytes); // before the buffer is reused (and backpressure)
    if (verdicts.tooLong !== undefined) throw lines.tooLong(verdicts.tooLong);
    progress.at(batch);
    run.heap?.check();
  }
  return code;
}

/** --jobs N: batches to the workers, results written in input order. */
async function inWorkers(lines: LineBatches, file: string, pool: LintPool, output: Output, progress: Progress): Promise<number> {
  // Each worker has one batch to lint and a few queued: one slow batch at the head of the line
  // does not leave the other workers idle.
  const window = pool.size * 4;
  const free: { input: Buffer; output: ArrayBuffer }[] = [];
  const inFlight: { lines: Pick<Batch, "firstLine" | "lines">; result: Promise<BatchResult> }[] = [];
  let code = 0;
  const settleOldest = async () => {
    const oldest = inFlight.shift() as (typeof inFlight)[number];
    const result = await oldest.result;
    if (result.invalid) code = 1;
    await output.written(new Uint8Array(result.output, 0, result.outputLength));
    free.push({ input: Buffer.from(result.input), output: result.output });
    if (result.tooLong !== undefined) throw lines.tooLong(result.tooLong);
    progress.at(oldest.lines);
  };
  const drain = async () => {
    while (inFlight.length > 0 && !output.closed) await settleOldest();
  };
  while (!output.closed) {
    if (inFlight.length >= window) {
      await settleOldest();
      continue;
    }
    const slot = free.pop() ?? { input: newBuffer(BATCH_BYTES), output: new ArrayBuffer(BATCH_BYTES * 2) };
    let batch: Batch | null;
    try {
      batch = await lines.next(slot.input);
    } catch (error) {
      await drain(); // the verdicts of the lines before the unreadable part come first
      throw error;
    }
    if (batch === null) break;
    inFlight.push({ lines: { firstLine: batch.firstLine, lines: batch.lines }, result: pool.lint(batch, file, slot.output) });
  }
  await drain();
  return code;
}

/** "FILE: N lines" on a TTY stderr, at most twice a second. */
class Progress {
  private readonly shown = process.stderr.isTTY === true;
  private last = Date.now();
  private dirty = false;

  constructor(private readonly file: string) {}

  at(batch: Pick<Batch, "firstLine" | "lines">): void {
    if (!this.shown || Date.now() - this.last < 500) return;
    this.last = Date.now();
    this.dirty = true;
    process.stderr.write(`\r${this.file}: ${batch.firstLine + batch.lines - 1} lines`);
  }

  clear(): void {
    if (this.dirty) process.stderr.write("\r\u001b[K");
    this.dirty = false;
  }
}
