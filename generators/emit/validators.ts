// Ajv (JSON Schema 2020-12 + formats) over the model: one validator per request body and per
// response body. Used standalone by the emitter and compiled in memory by engine-on-the-fly.

import { _, Ajv2020 } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { formats as engineFormats } from "../../engine/formats.js";
import { KNOWN_FORMATS, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLE } from "../normalize/normalize-schema.js";
import { type ApiModel, componentIn, type JsonSchema, SCHEMAS_ID } from "../../schema-model/model.js";
import { collectPatterns, type RegExpEngine, regExpEngine } from "../normalize/safe-regex.js";
import { inlineAllUnionBranches, inlineUnionBranches } from "../normalize/union-branches.js";
import { type ValidatorSlot, validatorSlots } from "./validator-slots.js";

export { type ValidatorSlot, validatorSlots } from "./validator-slots.js";

/**
 * Every known format's check, none loading a package from generated code (issue 43): a format
 * ajv-formats defines as one regular expression is that expression, which Ajv's standalone
 * builder writes into the module (`const formats6 = /…/i`); the others are the engine's
 * (engine/formats.ts), which the module imports as `ajvFormats` from the engine or its runtime/
 * copy (emit-validators.ts). The in-memory engine (`lint --spec`) runs the same checks.
 */
function addKnownFormats(ajv: Ajv2020): void {
  for (const name of KNOWN_FORMATS) {
    const own = engineFormats[name];
    if (own !== undefined) {
      ajv.addFormat(name, own);
      continue;
    }
    const def = (fullFormats as Record<string, unknown>)[name];
    const pattern = def instanceof RegExp ? def : (def as { validate?: unknown } | undefined)?.validate;
    // The numeric and opaque formats are set to `true` (annotations) below.
    if (pattern instanceof RegExp) ajv.addFormat(name, pattern);
  }
}

/** The distinct bodies of the slots, by schema id. */
function bodies(model: ApiModel, slots: ValidatorSlot[]): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const slot of slots) {
    if (out.has(slot.schemaId)) continue;
    const op = model.operations.find((candidate) => candidate.id === slot.operation);
    const schema = slot.target === "request" ? op?.request?.schema : op?.responses.find((response) => response.status === slot.target)?.schema;
    if (schema !== undefined) out.set(slot.schemaId, schema);
  }
  return out;
}

function unknownFormats(model: ApiModel): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [k, value] of Object.entries(node)) {
        if (k === "format" && typeof value === "string" && !KNOWN_FORMATS.has(value)) found.add(value);
        else if (k !== "enum" && k !== "const" && k !== "default" && k !== "examples") walk(value);
      }
    }
  };
  walk(model.schemas);
  for (const op of model.operations) walk([op.request?.schema, ...op.responses.map((response) => response.schema)]);
  return [...found].sort();
}

/** An Ajv instance holding every schema of the model, plus the slot list. */
export function buildAjv(model: ApiModel, standalone: boolean): { ajv: Ajv2020; slots: CompiledSlot[]; regExp: RegExpEngine | undefined } {
  // Risky patterns (nested quantifiers) match in linear time; see safe-regex.ts.
  const regExp = regExpEngine(
    collectPatterns([model.schemas, model.operations.map((op) => [op.request?.schema, op.responses.map((response) => response.schema)])]),
  );
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    // Every schema was checked against the JSON Schema 2020-12 meta-schema when the document was
    // loaded (schema-check.ts; a 3.0 document's by swagger-parser against OpenAPI 3.0's schema):
    // checking them again here compiled the meta-schema a second time (~30 ms of every generate).
    validateSchema: false,
    // A usable OpenAPI discriminator (normalize-schema.ts keeps only those) validates the branch
    // the body chose, so its errors are that branch's alone.
    discriminator: true,
    validateFormats: true,
    // A $ref whose target holds no $ref of its own is inlined (Ajv's default); a target that does
    // stays a shared function. Measured on 26 November 2026: the modules came out smaller, not
    // larger (bundled schema 1.566 → 1.545 MB, upstream v2 2.04 → 1.99 MB: a small target's
    // function and its calls cost more text than its copies), and a body validates faster (no call,
    // no options object, no instancePath string per nested object: createEndpoint's valid body
    // 232 → 183 ns, invalid 234 → 162 ns, the 8-CPU body 1.91 → 1.74 µs). An error inside an
    // inlined target names it by its absolute location in `schemaPath`
    // (`https://v2kit.local/schemas#/$defs/CreateCpuConfig/properties/id/type`, where the shared
    // function said `#/properties/id/type`).
    inlineRefs: true,
    // Property names such as "constructor" or "toString" must not be found on Object.prototype.
    ...(usesPrototypeNames(model) ? { ownProperties: true } : {}),
    code: { process: linearErrors, formats: _`ajvFormats`, ...(standalone ? { source: true, esm: true } : {}), ...(regExp ? { regExp } : {}) },
  });
  addKnownFormats(ajv);
  // OpenAPI's numeric and opaque formats are annotations; unknown formats are tolerated (a warning
  // was reported during normalization).
  for (const format of ["int32", "int64", "float", "double", "byte", "binary", "password", ...unknownFormats(model)]) ajv.addFormat(format, true);
  // Union branches are inlined so that a failure says which branch it is from (union-branches.ts).
  const components = boundIntegers({ $id: SCHEMAS_ID, $defs: inlineAllUnionBranches(model.schemas) }, true) as { $defs: Record<string, unknown> };
  ajv.addSchema(components as never);
  const slots = validatorSlots(model);
  const refs = new Map<string, string>();
  for (const [id, schema] of bodies(model, slots)) {
    const body = asObject(boundIntegers(inlineUnionBranches(schema, model.schemas), true) as JsonSchema);
    ajv.addSchema({ ...body, $id: id } as never);
    refs.set(id, calledComponent(body, components.$defs) ?? id);
  }
  return { ajv, slots: slots.map((slot) => ({ ...slot, ref: refs.get(slot.schemaId) ?? slot.schemaId })), regExp };
}

/** A slot with the key its validator is compiled from (`ajv.getSchema(slot.ref)`). */
export interface CompiledSlot extends ValidatorSlot {
  /**
   * The body's own schema id, or the component the body's function would do nothing but call:
   * a body that is only a `$ref` (`{"$ref": "…#/$defs/CreateEndpointRequest"}`) to a component
   * Ajv does not inline (one holding a `$ref` itself). Compiled from the body's id, that is one
   * more call per body, with an options object and Ajv 2020's `dynamicAnchors = {}` made on every
   * call. The component's function reports the same errors: the wrapper passed on the callee's,
   * whose `schemaPath` is relative to the component in both. (An inlined component's errors
   * name it by its absolute location instead: those bodies keep their own function, which does
   * the work itself.)
   */
  ref: string;
}

/** The component a body schema only refers to, when Ajv compiles it as a function of its own; else undefined. */
function calledComponent(body: Record<string, unknown>, defs: Record<string, unknown>): string | undefined {
  const ref = body["$ref"];
  const name = Object.keys(body).length === 1 ? componentIn(ref, defs) : undefined;
  return name !== undefined && holdsRef(defs[name]) ? (ref as string) : undefined;
}

/** Ajv's test for not inlining a referenced schema (`inlineRefs: true`): a reference keyword anywhere in it, values included. */
const REF_KEYWORDS = new Set(["$ref", "$recursiveRef", "$recursiveAnchor", "$dynamicRef", "$dynamicAnchor"]);

function holdsRef(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object") return false;
  if (Array.isArray(schema)) return schema.some(holdsRef);
  for (const [key, value] of Object.entries(schema)) if (REF_KEYWORDS.has(key) || holdsRef(value)) return true;
  return false;
}

/**
 * A copy of `schema` where every integer gets the range it can be checked in: its `format`'s
 * (int32: ±2^31), else ±Number.MAX_SAFE_INTEGER (int64 and no format: past 2^53 a JSON number is
 * not an exact integer any more), unless the document sets a tighter bound. `workers.max: 1e300`
 * is then a 422 `schema/maximum` at its pointer instead of valid (issue 13). Only the validators
 * see these bounds: types, docs and the generated arbitraries keep the document's own.
 * `finite`: a `number` gets ±Number.MAX_VALUE where the document sets no finite bound, so no
 * value the validator accepts is ±Infinity (a literal past the float range parses as Infinity):
 * lint then scans the text for such a literal only when the verdict is a rejection
 * (finite-numbers.ts). No finite number is refused by it.
 */
export function boundIntegers(schema: unknown, finite = false): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  // Only subschema positions are walked: enum, const, default and examples values are data.
  const out: Record<string, unknown> = { ...schema };
  for (const [k, value] of Object.entries(out)) {
    if (SCHEMA_SINGLE.has(k)) out[k] = boundIntegers(value, finite);
    else if (SCHEMA_LISTS.has(k) && Array.isArray(value)) out[k] = value.map((sub) => boundIntegers(sub, finite));
    else if (SCHEMA_MAPS.has(k) && value !== null && typeof value === "object") {
      out[k] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, boundIntegers(sub, finite)]));
    }
  }
  // Ajv's discriminator checks objects only and replaces the oneOf: with every branch an object
  // (checkDiscriminators), `type: object` beside it keeps a non-object refused, as the oneOf did.
  if (out.discriminator !== undefined && out.type === undefined) out.type = "object";
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("number")) {
    if (finite) {
      const bounded = (key: string) => typeof out[key] === "number" && Number.isFinite(out[key]);
      if (!bounded("maximum") && !bounded("exclusiveMaximum")) out.maximum = Number.MAX_VALUE;
      if (!bounded("minimum") && !bounded("exclusiveMinimum")) out.minimum = -Number.MAX_VALUE;
    }
    return out;
  }
  if (!types.includes("integer")) return out;
  const int32 = out.format === "int32";
  const high = int32 ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  const low = int32 ? -(2 ** 31) : -Number.MAX_SAFE_INTEGER;
  const tight = (key: string, inside: (n: number) => boolean) => typeof out[key] === "number" && inside(out[key] as number);
  if (!tight("maximum", (bound) => bound <= high) && !tight("exclusiveMaximum", (bound) => bound <= high)) out.maximum = high;
  if (!tight("minimum", (bound) => bound >= low) && !tight("exclusiveMinimum", (bound) => bound >= low)) out.minimum = low;
  return out;
}

/** True when a key or string of the model is also a member of Object.prototype ("constructor", "toString"…). */
function usesPrototypeNames(model: ApiModel): boolean {
  const members = new Set(Object.getOwnPropertyNames(Object.prototype));
  const walk = (node: unknown): boolean => {
    if (typeof node === "string") return members.has(node);
    if (Array.isArray(node)) return node.some(walk);
    if (node === null || typeof node !== "object") return false;
    return Object.entries(node).some(([k, value]) => members.has(k) || walk(value));
  };
  return walk(model.schemas) || model.operations.some((op) => walk(op.request?.schema) || op.responses.some((response) => walk(response.schema)));
}

function asObject(schema: JsonSchema): Record<string, unknown> {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return schema;
}

/**
 * Ajv collects a `$ref`'d validator's errors with `vErrors = vErrors === null ? f.errors :
 * vErrors.concat(f.errors)`: a copy of every error so far per call, so an array of N invalid
 * items costs O(N²) (40k items: 26 s). The errors are appended in place instead (linear). The
 * callee's array is its own per call (`f.errors` is reassigned on every call), so taking it over
 * is safe. Applied to the in-memory engine (`--spec`, Ajv's `code.process`) and to the
 * standalone modules (emit-validators.ts: standalone code is taken before `code.process`).
 */
export function linearErrors(code: string): string {
  return code.replace(
    /vErrors = vErrors === null \? ([\w$]+)\.errors : vErrors\.concat\(\1\.errors\);/g,
    "if (vErrors === null) {vErrors = $1.errors;} else {const v2kitErrors = $1.errors;for (let v2kitI = 0; v2kitI < v2kitErrors.length; v2kitI++) vErrors.push(v2kitErrors[v2kitI]);}",
  );
}
