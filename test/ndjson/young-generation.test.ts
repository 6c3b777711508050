// --ndjson --jobs 1 holds this thread's young generation after its first growth
// (cli/lint/ndjson/heap.ts): the flags it sets, in order, against a V8 whose new space grows when
// the test says so; and in a real process, the new space at the end of a long run is at most
// the size the --jobs N workers get from NDJSON_HEAP_FLAGS.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type HeapControls, heapFlagsGiven, YoungGenerationCap } from "../../cli/lint/ndjson/heap.js";

const root = path.resolve(import.meta.dirname, "../..");

function fakeV8(sizes: number[]): HeapControls & { flags: string[] } {
  const flags: string[] = [];
  let call = 0;
  return {
    flags,
    setFlagsFromString: (flag: string) => void flags.push(flag),
    getHeapSpaceStatistics: () => {
      const size = sizes[Math.min(call++, sizes.length - 1)] as number;
      return [{ space_name: "new_space", space_size: size, space_used_size: 0, space_available_size: 0, physical_space_size: 0 }];
    },
  };
}

describe("the young generation of --ndjson --jobs 1", () => {
  it.each([
    [1 << 20, "--semi-space-growth-factor=8"],
    [2 << 20, "--semi-space-growth-factor=4"],
    [3 << 20, "--semi-space-growth-factor=2"],
  ])("from a new space of %i bytes, may grow to at most 8 MB", (start, flag) => {
    const v8 = fakeV8([start]);
    new YoungGenerationCap(v8);
    expect(v8.flags).toEqual(["--heap-growing-percent=50", flag]);
  });

  it("is held at once when it is 8 MB or more already", () => {
    const v8 = fakeV8([16 << 20, 32 << 20]);
    const cap = new YoungGenerationCap(v8);
    cap.check();
    expect(v8.flags).toEqual(["--heap-growing-percent=50", "--semi-space-growth-factor=1"]);
  });

  it("may grow by 8 until it has grown once, then not at all", () => {
    const v8 = fakeV8([1 << 20, 1 << 20, 1 << 20, 16 << 20, 16 << 20]);
    const cap = new YoungGenerationCap(v8);
    expect(v8.flags).toEqual(["--heap-growing-percent=50", "--semi-space-growth-factor=8"]);
    cap.check();
    cap.check();
    expect(v8.flags).toHaveLength(2); // not grown yet
    cap.check();
    expect(v8.flags.at(-1)).toBe("--semi-space-growth-factor=1");
    cap.check();
    cap.check();
    expect(v8.flags).toHaveLength(3); // held: nothing more to set
  });

  it("leaves the heap to flags given to node, on its command line or in NODE_OPTIONS", () => {
    expect(heapFlagsGiven([], "")).toBe(false);
    expect(heapFlagsGiven(["--max-old-space-size=4096"], "--enable-source-maps")).toBe(false);
    expect(heapFlagsGiven(["--max-semi-space-size=64"], "")).toBe(true);
    expect(heapFlagsGiven([], "--enable-source-maps  --semi-space-growth-factor=4")).toBe(true);
    expect(heapFlagsGiven(["--heap-growing-percent=20"], "")).toBe(true);
  });

  it("ends a long run with at most the new space that NDJSON_HEAP_FLAGS give a worker", () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "v2kit-young-"));
    const line = `${JSON.stringify(JSON.parse(readFileSync(path.join(root, "examples", "create-endpoint-gpu.json"), "utf8")))}\n`;
    const file = path.join(scratch, "bodies.ndjson");
    writeFileSync(file, line.repeat(20_000));
    const probe = path.join(scratch, "probe.cjs");
    writeFileSync(
      probe,
      `process.on("exit", () => process.stderr.write("new_space " + require("node:v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size + "\\n"));\n`,
    );
    const newSpace = (nodeFlags: string[]) => {
      const result = spawnSync(
        process.execPath,
        [...nodeFlags, "-r", probe, path.join(root, "dist", "cli", "v2kit.cjs"), "lint", "--operation", "createEndpoint", "--ndjson", file],
        {
          encoding: "utf8",
          maxBuffer: 1 << 28,
        },
      );
      expect(result.status, result.stderr).toBe(0);
      return Number(/new_space (\d+)/.exec(result.stderr)?.[1]);
    };
    const held = newSpace([]);
    const flags = newSpace(["--max-semi-space-size=8", "--min-semi-space-size=8"]);
    // The same on an idle machine; never more. (When start-up has grown it already, the first
    // growth under the cap comes later, and a short run may end before it: less, not more.)
    expect(held).toBeLessThanOrEqual(flags);
  });
});
