// Saved catalog and template responses (`--catalog`, `--templates`), checked for the fields the
// rules match records by before they are used. The rule engine skips a record it cannot read
// (runtime/catalog.ts), which is right for a live response and wrong for a file a user wrote or
// picked by mistake: `{"gpus": "…"}`, a list of ids instead of records or records keyed by another
// field would only show up as every GPU in every body being "unknown". The checks follow the
// record shapes of schema/v2.openapi.yaml (GpuType, CpuType, Template), without their `required`
// lists: saved files and the bundled snapshot hold only some fields (schema/catalog/README.md).

import { isObject } from "../rules/runtime/values.js";
import { locate } from "./json-source.js";

/** The list keys a saved response can have, and what each list holds. */
export type ContextList = "gpus" | "cpus" | "templates" | "dataCenters";

/** The first thing wrong with a saved response, at a JSON pointer into it. */
export interface ContextFileError {
  pointer: string;
  message: string;
}

const NOUNS: Record<ContextList, string> = {
  gpus: "GPU type records of GET /v2/catalog/gpus",
  cpus: "CPU flavor records of GET /v2/catalog/cpus",
  templates: "template records of GET /v2/templates",
  dataCenters: "data center records of GET /v2/catalog/datacenters",
};

/** Fields the rules read, where present: `pool` (string or null: not in a serverless pool), and `vcpu` with its `min` and `max`. */
const FIELDS: Record<ContextList, readonly { path: readonly string[]; types: readonly ("string" | "null" | "number" | "object")[] }[]> = {
  gpus: [{ path: ["pool"], types: ["string", "null"] }],
  cpus: [
    { path: ["vcpu"], types: ["object"] },
    { path: ["vcpu", "min"], types: ["number"] },
    { path: ["vcpu", "max"], types: ["number"] },
  ],
  templates: [],
  dataCenters: [],
};

const ARTICLES = { string: "a string", null: "null", number: "a number", object: "an object" } as const;

/**
 * The first problem of `data`, a parsed saved response, in the lists among `lists` it has: a list
 * that is not an array, a record that is not an object, a record without a non-empty string `id`
 * (every rule and template reference matches records by `id`), or a field the rules read with
 * the wrong type (`pool` of a GPU type, `vcpu.min`/`vcpu.max` of a CPU flavor). Undefined when
 * there is none. Whether `data` has any of the lists at all is the caller's to say.
 */
export function contextFileError(data: Record<string, unknown>, lists: readonly ContextList[]): ContextFileError | undefined {
  for (const list of lists) {
    if (!Object.hasOwn(data, list)) continue;
    const records = data[list];
    if (!Array.isArray(records)) return { pointer: `/${list}`, message: `must be an array of ${NOUNS[list]}` };
    for (let i = 0; i < records.length; i++) {
      const record: unknown = records[i];
      const at = `/${list}/${i}`;
      if (!isObject(record)) return { pointer: at, message: `must be an object: one of the ${NOUNS[list]}` };
      if (typeof record.id !== "string" || record.id === "") {
        const what = record.id === undefined ? "is missing" : `is ${describe(record.id)}`;
        return { pointer: `${at}/id`, message: `must be a non-empty string (records are matched by \`id\`): \`id\` ${what}` };
      }
      for (const field of FIELDS[list]) {
        const found = valueAt(record, field.path);
        if (found === undefined || (field.types as readonly string[]).includes(typeOf(found.value))) continue;
        const name = field.path.join(".");
        return {
          pointer: `${at}/${field.path.join("/")}`,
          message: `must be ${field.types.map((t) => ARTICLES[t]).join(" or ")}: \`${name}\` is ${describe(found.value)}`,
        };
      }
    }
  }
  return undefined;
}

/**
 * `FLAG FILE:LINE:COLUMN: POINTER: MESSAGE` for the first problem of a saved response (`data`,
 * parsed from `text`), or undefined when it has none: how lint, serve and migrate name it.
 */
export function contextFileFailure(flag: string, file: string, text: string, data: unknown, lists: readonly ContextList[]): string | undefined {
  const problem = isObject(data) ? contextFileError(data, lists) : undefined;
  if (problem === undefined) return undefined;
  const at = locate(text, problem.pointer);
  return `${flag} ${file}:${at.line}:${at.column}: ${problem.pointer}: ${problem.message}`;
}

/** The value at `path` when every step exists (an object with that own member), else undefined. */
function valueAt(record: Record<string, unknown>, path: readonly string[]): { value: unknown } | undefined {
  let node: unknown = record;
  for (const key of path) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return { value: node };
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A short account of a wrong value: its type, and the value itself when it is short. */
function describe(value: unknown): string {
  const type = typeOf(value);
  if (type === "object" || type === "array") return `an ${type}`;
  const text = JSON.stringify(value);
  return text.length <= 40 ? `${type === "null" ? "" : `a ${type}, `}${text}` : `a ${type}`;
}
