// Preloaded with `node --import` where /usr/bin/time is missing: the child reports its own peak
// RSS (KiB) into the file named by V2KIT_BENCH_RSS_FILE as it exits.

import { writeFileSync } from "node:fs";

const file = process.env.V2KIT_BENCH_RSS_FILE;
if (file !== undefined) {
  process.on("exit", () => {
    writeFileSync(file, `${process.resourceUsage().maxRSS}\n`);
  });
}
