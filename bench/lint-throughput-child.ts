// One fresh process of the in-process lint measurement: bench/lint-throughput.ts runs several and
// takes the median across them, since one process's JIT state can swing the ratios twofold.
// Usage: node lint-throughput-child.js ROUNDS OUT.json

import { writeFileSync } from "node:fs";
import { measureBodies } from "./lint-throughput.js";

const [rounds, out] = process.argv.slice(2);
if (rounds === undefined || out === undefined || !(Number(rounds) > 0)) throw new Error("usage: lint-throughput-child.js ROUNDS OUT.json");
writeFileSync(out, JSON.stringify(await measureBodies(Number(rounds))));
