// The Ajv standalone anchor: standalone code for the createEndpoint request schema alone (what
// a user compiling that one schema with Ajv would ship), written to the scratch directory.

import { writeFileSync } from "node:fs";
import path from "node:path";
import standalone from "ajv/dist/standalone/index.js";
import { loadModel } from "../generators/pipeline.js";
import { buildAjv } from "../generators/emit/validators.js";
import { fromRoot } from "./context.js";

const standaloneCode = ((standalone as unknown as { default?: unknown }).default ?? standalone) as unknown as (
  ajv: unknown,
  refs: Record<string, string>,
) => string;

/** Write the module; returns its path. The export is `validate`. */
export async function writeCreateEndpointValidator(dir: string): Promise<string> {
  const model = await loadModel({});
  const { ajv, slots } = buildAjv(model, true);
  const slot = slots.find((candidate) => candidate.operation === "createEndpoint" && candidate.target === "request");
  if (slot === undefined) throw new Error("bench: the bundled schema has no createEndpoint request body");
  const code = standaloneCode(ajv, { validate: slot.ref });
  // Ajv's standalone ESM loads its runtime helpers with require(): resolve them from this package.
  const prelude = `import { createRequire } from "node:module";\nconst require = createRequire(${JSON.stringify(fromRoot("package.json"))});\n`;
  const file = path.join(dir, "create-endpoint-validator.mjs");
  writeFileSync(file, prelude + code);
  return file;
}
