// The package's library entry: `import { lint, check } from "v2kit"`.
// `check` and `checkResponse` take parsed bodies and the bundled engine; `lint` also takes JSON
// text or bytes, turns malformed input into a 400 verdict, and defaults the catalog context.

export { check, checkResponse, engine, operationIds } from "../output/index.mjs";
export { type Engine, UnknownOperationError } from "../rules/runtime/evaluate.js";
export type * from "../rules/runtime/types.js";
export { type Position, locate } from "./json-source.js";
export { lint, type LintOptions, type LintResult } from "./lint.js";
