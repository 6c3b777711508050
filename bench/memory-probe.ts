// Preloaded with `node --import` into a bulk run: samples process.memoryUsage() every 100 ms and
// writes the peaks (KiB) into the file named by V2KIT_BENCH_MEMORY_FILE as the process exits,
// so that a growing RSS can be told apart: JS heap (retained objects), external/array buffers
// (Buffers, streams) or neither (the allocator keeping freed pages); and the heap still in use
// after a full collection at exit (retained: a leak shows there).

import { writeFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const file = process.env.V2KIT_BENCH_MEMORY_FILE;
if (file !== undefined) {
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof typeof peak)[]) peak[key] = Math.max(peak[key], Math.round(usage[key] / 1024));
  };
  setInterval(sample, 100).unref();
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  process.on("exit", () => {
    sample();
    // What is still reachable once the work is done: growth here is a leak, not GC lag.
    gc();
    const retained = Math.round(process.memoryUsage().heapUsed / 1024);
    writeFileSync(file, JSON.stringify({ ...peak, retainedHeap: retained }));
  });
}
