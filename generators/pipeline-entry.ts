// What `v2kit generate` needs from the heavy path, in one module: the pipeline and the errors it
// reports as invalid input (exit 1). scripts/bundle-cli.mjs bundles this module, with Ajv,
// swagger-parser, yaml and handlebars, into dist/cli/generate-pipeline.cjs, so a cold generate
// reads one file instead of a few hundred (docs/generate-speed.md). Its second thread runs
// `serveTypesRequests` from the same file.

export { generate } from "./pipeline.js";
export { GenerateError, SpecError } from "../schema-model/errors.js";
export { RulesFileError } from "../rules/errors.js";
export { serveTypesRequests } from "./emit/types-serve.js";
