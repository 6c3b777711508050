// Where a cold `v2kit lint` spends its time: the modules it loads, imported one after another
// (each step includes what the previous did not load), then one lint of one file.
// Usage: node lint-steps.js FILE OUT.json

import { readFileSync, writeFileSync } from "node:fs";

const [file, out] = process.argv.slice(2);
if (file === undefined || out === undefined) throw new Error("usage: lint-steps.js FILE OUT.json");
const steps: { step: string; ms: number }[] = [];
// performance.now() counts from the start of the process: the first step is node's own start-up.
let last = 0;
const mark = (step: string) => {
  const now = performance.now();
  steps.push({ step, ms: Math.round((now - last) * 10) / 10 });
  last = now;
};
mark("node start → first line of the script");
await import("../../output/rules.mjs");
mark("import output/rules.mjs (compiled rules, runtime)");
const { lintSource, loadValidators } = await import("../../lint/lint.js");
mark("import lint/lint.js");
await loadValidators("createEndpoint");
mark("load output/validators/createEndpoint.mjs (its Ajv standalone validator)");
await import("../../cli/lint/lint.js");
mark("import cli/lint/lint.js");
const { loadFormatter } = await import("../../cli/format/index.js");
const formatter = await loadFormatter("pretty", { engine: (await import("../../output/rules.mjs")).engine, operation: "createEndpoint", color: false });
mark("load the pretty formatter");
const outcome = lintSource(readFileSync(file), { operation: "createEndpoint" });
mark("first lint (reads the bundled catalog)");
formatter.item({ file, ...outcome });
mark("format the verdict");
writeFileSync(out, JSON.stringify({ steps, rssKiB: process.resourceUsage().maxRSS }));
