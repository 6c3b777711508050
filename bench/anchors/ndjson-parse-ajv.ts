// Anchor for bulk linting: stream an NDJSON file with readline, JSON.parse each line, run one
// Ajv standalone validator and write one result line — the loop a user would write by hand.
// Usage: node ndjson-parse-ajv.js MODULE FILE (MODULE: a request validator module under output/)

import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

const [name, file] = process.argv.slice(2);
if (name === undefined || file === undefined) throw new Error("usage: ndjson-parse-ajv.js MODULE FILE");
const validate = ((await import(`../../output/${name}`)) as { request?: Validate }).request;
if (validate === undefined) throw new Error(`no request validator in ${name}`);
let line = 0;
for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
  line++;
  if (text.trim() === "") continue;
  let ok: boolean;
  try {
    ok = validate(JSON.parse(text));
  } catch {
    ok = false; // malformed line: a verdict, as in lint
  }
  const out = `${JSON.stringify({ file: `${file}:${line}`, ok, errors: ok ? [] : validate.errors })}\n`;
  if (!process.stdout.write(out)) await new Promise((resolve) => process.stdout.once("drain", resolve));
}
