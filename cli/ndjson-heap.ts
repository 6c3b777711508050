// The V8 heap flags `v2kit lint --ndjson` runs with, so that peak memory stays flat however long
// the input (docs/ndjson.md has the measurements).
// - A fixed 8 MB semi-space: V8's young generation otherwise starts at 1 MB and doubles up to
//   16 MB as the run goes on, so peak RSS would grow with the input (68 MB at 10k lines, 110 MB
//   at 1M); fixed from the first line, it costs no more GC time than V8's growth does.
// - The old generation may grow by half its live size between full collections, instead of
//   V8's factor of up to 4 that it raises for a fast allocator: the live heap is a few MB (the
//   engine, the catalog), so full collections stay cheap, and peak RSS no longer depends on
//   when the last one happened (93–102 MB at 1M lines without it, 84 MB with it).
export const NDJSON_HEAP_FLAGS = ["--max-semi-space-size=8", "--min-semi-space-size=8", "--heap-growing-percent=50"];
