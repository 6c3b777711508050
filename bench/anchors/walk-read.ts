// Anchor for `migrate scan`: the plainest walk a user could write: readdir recursively (skipping
// node_modules and .git), read every regular file, and test it for "/v1/". No parsing.
// Usage: node walk-read.js DIR

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [root] = process.argv.slice(2);
if (root === undefined) throw new Error("usage: walk-read.js DIR");
let files = 0;
let hits = 0;
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== ".git") walk(path);
    } else if (entry.isFile()) {
      files++;
      if (readFileSync(path, "utf8").includes("/v1/")) hits++;
    }
  }
};
walk(root);
process.stdout.write(`${files} files, ${hits} with /v1/\n`);
