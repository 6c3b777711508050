// Emitter: output/validators.js (Ajv standalone, ESM) and output/validators.d.ts.

import standalone from "ajv/dist/standalone/index.js";
import type { ApiModel } from "./model.js";
import { buildAjv, type ValidatorSlot } from "./validators.js";

// CommonJS module whose `module.exports` is the function (with a `default` alias).
const standaloneCode = ((standalone as unknown as { default?: unknown }).default ?? standalone) as unknown as (ajv: unknown, refs: Record<string, string>) => string;

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
  // Ajv's standalone ESM still loads its runtime helpers and formats with require().
  const prelude = 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);';
  return { js: `${header}\n${prelude}\n${code.replace(/\r\n/g, "\n")}\n`, dts, slots };
}
