// Anchor for the cold start: what a user would run instead of `v2kit lint` — read one file,
// JSON.parse it, and run one Ajv standalone validator.
// Usage: node ajv-standalone-lint.js MODULE EXPORT FILE

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

const [module, name, file] = process.argv.slice(2);
if (module === undefined || name === undefined || file === undefined) throw new Error("usage: ajv-standalone-lint.js MODULE EXPORT FILE");
const validators = (await import(pathToFileURL(module).href)) as Record<string, Validate>;
const validate = validators[name];
if (validate === undefined) throw new Error(`no validator ${name} in ${module}`);
const ok = validate(JSON.parse(readFileSync(file, "utf8")));
process.stdout.write(ok ? `${file}: valid\n` : `${JSON.stringify(validate.errors)}\n`);
process.exitCode = ok ? 0 : 1;
