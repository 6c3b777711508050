// Where a cold `generate` spends its time: the pipeline's stages timed one by one in a fresh
// process (module loading included), in the order generators/pipeline.ts runs them.
// Usage: node generate-stages.js SPEC OUT.json

import { writeFileSync } from "node:fs";
import path from "node:path";

const [spec, out] = process.argv.slice(2);
if (spec === undefined || out === undefined) throw new Error("usage: generate-stages.js SPEC OUT.json");
const stages: { stage: string; ms: number }[] = [];
// performance.now() counts from the start of the process: the first step is node's own start-up.
let last = 0;
const mark = (stage: string) => {
  const now = performance.now();
  stages.push({ stage, ms: Math.round((now - last) * 10) / 10 });
  last = now;
};
mark("node start → first line");
const { loadDocument } = await import("../../generators/load/load.js");
const { normalize } = await import("../../generators/normalize/normalize.js");
const { loadRules } = await import("../../generators/pipeline.js");
const { applicability } = await import("../../generators/normalize/targets.js");
mark("import the pipeline (swagger-parser, yaml, ts-morph, ajv)");
const doc = await loadDocument(spec, { allowExternalRefs: false });
mark("load + validate the document (swagger-parser)");
const model = normalize(doc, [path.basename(spec)]);
mark("normalize");
const rules = loadRules();
const { skip } = applicability(model, rules);
mark("rules file + applicability");
const { emitValidators } = await import("../../generators/emit/emit-validators.js");
const validators = emitValidators(model, "// bench\n");
mark("emit validators (Ajv compile + standalone code)");
const { emitTypes } = await import("../../generators/emit/emit-types.js");
emitTypes(model, rules, "// bench\n");
mark("emit types (ts-morph)");
const { emitRules } = await import("../../generators/emit/emit-rules.js");
emitRules(model, rules, validators.modules, skip, "// bench\n");
mark("emit rules");
const { emitTests } = await import("../../generators/emit/emit-tests.js");
emitTests(model, rules, skip, {}, "// bench\n");
mark("emit property tests");
writeFileSync(out, JSON.stringify({ stages, rssKiB: process.resourceUsage().maxRSS }));
