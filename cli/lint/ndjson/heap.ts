// The V8 heap settings of `v2kit lint --ndjson`, so that peak memory stays flat however long
// the input (docs/ndjson.md has the measurements).
// - An 8 MB semi-space: V8's young generation otherwise starts at 1 MB and doubles up to 16 MB
//   as the run goes on, so peak RSS would grow with the input (68 MB at 10k lines, 110 MB at
//   1M); held at 8 MB, it costs no more GC time than V8's growth does.
// - The old generation may grow by half its live size between full collections, instead of
//   V8's factor of up to 4 that it raises for a fast allocator: the live heap is a few MB (the
//   engine, the catalog), so full collections stay cheap, and peak RSS no longer depends on
//   when the last one happened (93–102 MB at 1M lines without it, 84 MB with it).
// Worker threads (--jobs N) get them as flags (a worker's heap is configured from V8's flags as
// they are when it starts); the main thread (--jobs 1), whose heap exists already, by
// YoungGenerationCap.
export const SEMI_SPACE_BYTES = 8 << 20;
const OLD_GENERATION_FLAG = "--heap-growing-percent=50";
export const NDJSON_HEAP_FLAGS = [`--max-semi-space-size=${SEMI_SPACE_BYTES >> 20}`, `--min-semi-space-size=${SEMI_SPACE_BYTES >> 20}`, OLD_GENERATION_FLAG];

/**
 * Whether node was started with a V8 heap flag of NDJSON_HEAP_FLAGS' kind (on its command line or
 * in NODE_OPTIONS): then the user's settings stand, and v2kit sets none of its own.
 */
export function heapFlagsGiven(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env["NODE_OPTIONS"] ?? ""): boolean {
  const ours = [...NDJSON_HEAP_FLAGS.map((flag) => flag.split("=")[0]), "--semi-space-growth-factor"];
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) => ours.includes(flag.split("=")[0] as string));
}

/** What YoungGenerationCap uses of node:v8. */
export type HeapControls = Pick<typeof import("node:v8"), "setFlagsFromString" | "getHeapSpaceStatistics">;

/**
 * This thread's young generation, let grow once and held there (`--jobs 1`, which used to run
 * itself again in a second node process with NDJSON_HEAP_FLAGS: a second start-up, ~0.15 s).
 * V8 grows the new space when enough has survived scavenges since its last growth, by
 * --semi-space-growth-factor, which it reads at each growth: until the first growth the factor
 * takes the new space from its size now to at most 8 MB (on Node 20: from the 1 MB start to
 * 8 MB, the size of the flags; less when start-up has grown it already), and from then on it is
 * 1, checked between batches (a second growth needs a whole new space of survivors, far more
 * than one batch leaves). --heap-growing-percent is read at each full collection and is set at
 * once.
 */
export class YoungGenerationCap {
  private readonly start: number;
  private held = false;

  constructor(private readonly v8: HeapControls) {
    v8.setFlagsFromString(OLD_GENERATION_FLAG);
    this.start = this.newSpace();
    // The size V8 reports counts both semi-spaces once the first scavenge has committed the
    // second, so the factor is taken from it as if it were one: the growth can fall short of
    // 8 MB, never pass it.
    const factor = Math.max(1, Math.floor(SEMI_SPACE_BYTES / Math.max(1, this.start)));
    v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
    if (factor === 1) this.held = true;
  }

  /** Between batches: once the new space has grown, it grows no more. */
  check(): void {
    if (this.held || this.newSpace() === this.start) return;
    this.v8.setFlagsFromString("--semi-space-growth-factor=1");
    this.held = true;
  }

  private newSpace(): number {
    return this.v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
  }
}
