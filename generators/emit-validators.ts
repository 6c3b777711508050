// Emitter: output/validators.js and output/response-validators.js (Ajv standalone, ESM), with .d.ts files.

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

export interface EmittedModule {
  js: string;
  dts: string;
}

/**
 * Two standalone modules: request validators (validators.js), which every lint loads, and
 * response validators (response-validators.js), loaded only where responses are checked.
 */
export function emitValidators(model: ApiModel, header: string): { requests: EmittedModule; responses: EmittedModule; slots: ValidatorSlot[] } {
  const { ajv, slots } = buildAjv(model, true);
  const module = (pick: (s: ValidatorSlot) => boolean): EmittedModule => {
    const refs: Record<string, string> = {};
    for (const slot of slots.filter(pick)) refs[slot.name] = slot.schemaId;
    const dts = [
      header,
      "export interface ValidateFunction {",
      "  (data: unknown): boolean;",
      "  errors?: { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;",
      "}",
      ...Object.keys(refs).map((name) => `export declare const ${name}: ValidateFunction;`),
      "",
    ].join("\n");
    return { js: `${header}\n${esmHelpers(standaloneCode(ajv, refs).replace(/\r\n/g, "\n"))}\n`, dts };
  };
  return { requests: module((s) => s.target === "request"), responses: module((s) => s.target !== "request"), slots };
}
