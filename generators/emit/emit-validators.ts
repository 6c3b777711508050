// Emitter: output/validators/<operation>.mts (the request body's Ajv standalone validator) and
// output/validators/<operation>.responses.mts (its response bodies'), one pair per operation.
// Per-operation modules keep a one-operation import small (a bundler takes only what it
// imports) and let `v2kit lint` load only the operation at hand. They are TypeScript files
// (`// @ts-nocheck`, ESM) so a consumer's tsc, tsx or bundler compiles them with the rest: no
// `allowJs`, no `.js` beside `.ts`, whatever the consumer's module system.

import standalone from "ajv/dist/standalone/index.js";
import { literal } from "../../rules/codegen.js";
import { engineModule } from "./engine-import.js";
import type { ApiModel } from "../../schema-model/model.js";
import { fileStems, type ValidatorModule, type ValidatorSlot, validatorModules } from "./validator-slots.js";
import { buildAjv, linearErrors } from "./validators.js";

export { fileStems, type ValidatorModule } from "./validator-slots.js";

// CommonJS module whose `module.exports` is the function (with a `default` alias).
const standaloneCode = ((standalone as unknown as { default?: unknown }).default ?? standalone) as unknown as (
  ajv: unknown,
  refs: Record<string, string>,
) => string;

const HELPERS: [string, string][] = [
  ['require("ajv/dist/runtime/equal").default', "ajvEqual"],
  ['require("ajv/dist/runtime/ucs2length").default', "ajvUcs2length"],
  ['require("re2js").RE2JS', "ajvRe2"],
];

/** Every helper call above, in one pattern: the code is scanned once, not once per helper. */
const HELPER_CALL = new RegExp(HELPERS.map(([call]) => call.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
const HELPER_NAME = new Map(HELPERS);

/**
 * Ajv's standalone ESM still loads its runtime helpers with require(): the two helpers come from
 * our runtime as ES modules, the format checks that are code (`ajvFormats["date-time"]`,
 * validators.ts) from the engine's formats module, re2js (safe-regex.ts) by name; Node, tsx and
 * bundlers all accept those in ESM, where `require` is not.
 */
function esmHelpers(code: string, engine: string | undefined): string {
  const out = code.replace(HELPER_CALL, (call) => HELPER_NAME.get(call) as string);
  if (out.includes("require(")) throw new Error(`Ajv standalone code needs a runtime module v2kit does not map: ${/require\([^)]*\)/.exec(out)?.[0]}`);
  const imports = [`import { equal as ajvEqual, ucs2length as ajvUcs2length } from ${literal(engineModule(engine, "ajv-helpers", 1)).text};`];
  if (/\bajvFormats\b/.test(out)) imports.push(`import { formats as ajvFormats } from ${literal(engineModule(engine, "formats", 1)).text};`);
  if (out.includes("ajvRe2")) imports.push('import { RE2JS as ajvRe2 } from "re2js";');
  return `${imports.join("\n")}\n${out}`;
}

export interface EmittedValidators {
  files: Map<string, string>;
  modules: ValidatorModule[];
  slots: ValidatorSlot[];
}

/** The type every validator module declares its exports with (also written into its .d.mts by generate --js). */
export const VALIDATE_TYPE = [
  "export interface ValidateFunction {",
  "  (data: unknown): boolean;",
  "  errors?: { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;",
  "}",
].join("\n");

/** `engine`: where the modules import the engine's Ajv helpers from (generators/emit/engine-import.ts). */
export function emitValidators(model: ApiModel, header: string, engine?: string): EmittedValidators {
  const { ajv, slots, regExp } = buildAjv(model, true);
  const stems = fileStems(model.operations.map((op) => op.id));
  const files = new Map<string, string>();
  const module = (refs: Record<string, string>, tail: string): string => {
    let code = standaloneCode(ajv, refs).replace(/\r\n/g, "\n");
    if (regExp) code = code.split(regExp.code).join(regExp.codeFor(code));
    return `${header}\n// @ts-nocheck\n${esmHelpers(linearErrors(code), engine)}\n${VALIDATE_TYPE}\n${tail}`;
  };
  for (const op of model.operations) {
    const stem = stems.get(op.id) as string;
    const mine = slots.filter((slot) => slot.operation === op.id);
    const request = mine.find((slot) => slot.target === "request");
    const responses = mine.filter((slot) => slot.target !== "request");
    if (request) {
      files.set(`validators/${stem}.mts`, module({ requestValidator: request.ref }, "export const request: ValidateFunction = requestValidator;\n"));
    }
    if (responses.length > 0) {
      // One export per distinct schema (every error status shares ErrorResponse).
      const names = new Map<string, string>();
      for (const slot of responses) if (!names.has(slot.ref)) names.set(slot.ref, `r${names.size}`);
      const refs = Object.fromEntries([...names].map(([id, name]) => [name, id]));
      const table = responses.map((slot) => `  [${literal(slot.target).text}]: ${names.get(slot.ref) as string},`).join("\n");
      files.set(
        `validators/${stem}.responses.mts`,
        module(
          refs,
          `/** Response body validators by status ("201", "4XX", "default"). */\nexport const responses: Record<string, ValidateFunction> = {\n${table}\n};\n`,
        ),
      );
    }
  }
  return { files, modules: validatorModules(model, slots), slots };
}
