// Emitter: output/validators.js (Ajv standalone, ESM) and output/validators.d.ts.

import standalone from "ajv/dist/standalone/index.js";
import type { ApiModel } from "./model.js";
import { buildAjv, type ValidatorSlot } from "./validators.js";

// CommonJS module whose `module.exports` is the function (with a `default` alias).
const standaloneCode = ((standalone as unknown as { default?: unknown }).default ?? standalone) as unknown as (
  ajv: unknown,
  refs: Record<string, string>,
) => string;

const HELPERS: [string, string][] = [
  ['require("ajv/dist/runtime/equal").default', "ajvEqual"],
  ['require("ajv/dist/runtime/ucs2length").default', "ajvUcs2length"],
];

/**
 * Ajv's standalone ESM still loads its runtime helpers with require(): those two come from our
 * runtime as ES modules instead; formats (ajv-formats) keep require() through createRequire.
 */
function esmHelpers(code: string): string {
  let out = code;
  for (const [call, name] of HELPERS) out = out.split(call).join(name);
  const imports = ['import { equal as ajvEqual, ucs2length as ajvUcs2length } from "./runtime/ajv-helpers.js";'];
  if (out.includes("require(")) imports.push('import { createRequire } from "node:module";', "const require = createRequire(import.meta.url);");
  return `${imports.join("\n")}\n${out}`;
}

export function emitValidators(model: ApiModel, header: string): { js: string; dts: string; slots: ValidatorSlot[] } {
  const { ajv, slots } = buildAjv(model, true);
  const refs: Record<string, string> = {};
  for (const slot of slots) refs[slot.name] = slot.schemaId;
  const names = [...new Set(slots.map((s) => s.name))];
  const code = standaloneCode(ajv, refs);
  const dts = [
    header,
    "export interface ValidateFunction {",
    "  (data: unknown): boolean;",
    "  errors?: { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;",
    "}",
    ...names.map((name) => `export declare const ${name}: ValidateFunction;`),
    "",
  ].join("\n");
  return { js: `${header}\n${esmHelpers(code.replace(/\r\n/g, "\n"))}\n`, dts, slots };
}
