// Saved catalog and template responses (`--catalog`, `--templates`), checked for the fields the
// rules match records by before they are used. The rule engine skips a record it cannot read
// (runtime/catalog.ts), which is right for a live response and wrong for a file a user wrote or
// picked by mistake: `{"gpus": "…"}`, a list of ids instead of records or records keyed by another
// field would only show up as every GPU in every body being "unknown". The checks follow the
// record shapes of schema/v2.openapi.yaml (GpuType, CpuType, Template), without their `required`
// lists: saved files and the bundled snapshot hold only some fields (schema/catalog/README.md).

import type { CpuRecord, GpuRecord, TemplateRecord } from "../engine/types.js";
import { isObject } from "../engine/values.js";
import { describeParseError, locate } from "./json-source.js";
import type { LintOptions } from "./lint.js";
import { DEFAULT_MAX_BODY_BYTES, InputError, readInput } from "../input/read-input.js";

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

/** The context files of a lint or a server: saved catalog and templates responses, and the resource as it is now. */
export interface ContextFiles {
  catalog?: string[] | undefined;
  templates?: string[] | undefined;
  current?: string | undefined;
}

/** How a command reads its context files: how it names them, and the error it fails with. */
export interface ContextReading {
  /** How each kind of file is named in messages (a command's flags: `--catalog`, `--templates`, `--current`). */
  labels: { catalog: string; templates: string; current: string };
  /** The error thrown for a file that cannot be used; `message` names the file and what is wrong. */
  fail: (message: string) => Error;
  /** The largest file read, in bytes (default DEFAULT_MAX_BODY_BYTES). */
  maxBytes?: number;
  /** A saved data-center list (`{"dataCenters": [...]}`) is accepted as a catalog file too (serve); no rule reads it. */
  dataCenters?: boolean;
}

/** The context the files give: catalog collections and templates concatenated in order, the current resource. */
export type SavedContext = Pick<LintOptions, "catalog" | "templates" | "current"> & { dataCenters?: Record<string, unknown>[] };

/**
 * Reads and checks the context files of lint, serve and the language server: each catalog file a
 * saved catalog response (`{"gpus": [...]}`, `{"cpus": [...]}`), each templates file a saved
 * templates response, their records checked as contextFileFailure does.
 */
export async function contextFrom(files: ContextFiles, how: ContextReading): Promise<SavedContext> {
  const { labels, fail } = how;
  const read = async (label: string, file: string): Promise<{ data: unknown; text: string }> => {
    let text: string;
    try {
      text = (await readInput(file, how.maxBytes ?? DEFAULT_MAX_BODY_BYTES)).toString("utf8").replace(/^\uFEFF/, "");
    } catch (error) {
      throw fail(`cannot read ${label} ${file}: ${error instanceof InputError ? error.reason : (error as Error).message}`);
    }
    try {
      return { data: JSON.parse(text), text };
    } catch (error) {
      const { reason, position } = describeParseError(text, error as Error);
      throw fail(`${label} ${file} is not valid JSON: ${reason} at line ${position.line}, column ${position.column}`);
    }
  };
  const out: SavedContext = {};
  for (const file of files.catalog ?? []) {
    const { data, text } = await read(labels.catalog, file);
    const gpus = isObject(data) && Array.isArray(data.gpus) ? (data.gpus as GpuRecord[]) : undefined;
    const cpus = isObject(data) && Array.isArray(data.cpus) ? (data.cpus as CpuRecord[]) : undefined;
    const dataCenters = how.dataCenters && isObject(data) && Array.isArray(data.dataCenters) ? (data.dataCenters as Record<string, unknown>[]) : undefined;
    if (dataCenters) out.dataCenters = [...(out.dataCenters ?? []), ...dataCenters];
    if (!gpus && !cpus && !dataCenters)
      throw fail(
        `${labels.catalog} ${file} must be a saved catalog response: {"gpus": [...]}${how.dataCenters ? ', {"cpus": [...]} or {"dataCenters": [...]}' : ' or {"cpus": [...]}'}`,
      );
    const failure = contextFileFailure(labels.catalog, file, text, data, how.dataCenters ? ["gpus", "cpus", "dataCenters"] : ["gpus", "cpus"]);
    if (failure !== undefined) throw fail(failure);
    if (!gpus && !cpus) continue;
    out.catalog ??= {};
    if (gpus) out.catalog.gpus = [...(out.catalog.gpus ?? []), ...gpus];
    if (cpus) out.catalog.cpus = [...(out.catalog.cpus ?? []), ...cpus];
  }
  for (const file of files.templates ?? []) {
    const { data, text } = await read(labels.templates, file);
    if (!isObject(data) || !Array.isArray(data.templates)) throw fail(`${labels.templates} ${file} must be a saved templates response: {"templates": [...]}`);
    const failure = contextFileFailure(labels.templates, file, text, data, ["templates"]);
    if (failure !== undefined) throw fail(failure);
    out.templates = [...(out.templates ?? []), ...(data.templates as TemplateRecord[])];
  }
  if (files.current !== undefined) out.current = (await read(labels.current, files.current)).data;
  return out;
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
