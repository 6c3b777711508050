// The differential check: our schema against the upstream document, for every operation both
// have. Each request and response body is flattened into fields (JSON pointers, `*` for array
// items, through $ref/allOf/oneOf/anyOf/then/else) with their constraints; the rows are where
// the two disagree. Pure: two ApiModels in, rows out; upstream-diff-cli.ts renders and writes.

import { type ApiModel, type JsonSchema, type OperationModel, SCHEMAS_ID } from "../schema-model/model.js";

export type DiffKind = "only-ours" | "only-upstream" | "required" | "type" | "format" | "bound";

export interface DiffRow {
  operation: string;
  /** "request" or a response status. */
  body: string;
  field: string;
  kind: DiffKind;
  /** The keyword that differs, for `bound` rows (minimum, pattern, enum…). */
  keyword?: string;
  ours: string;
  upstream: string;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === "object" && !Array.isArray(value);
const BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "pattern",
  "enum",
  "const",
] as const;
const MAX_DEPTH = 6;

interface Field {
  required: boolean;
  types: Set<string>;
  formats: Set<string>;
  bounds: Map<string, string>;
}

const show = (value: unknown) => (Array.isArray(value) ? JSON.stringify([...value].map(String).sort()) : JSON.stringify(value));

/** Every field of a body schema with its constraints (alternatives merged). */
export function flatten(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): Map<string, Field> {
  const fields = new Map<string, Field>();
  const field = (pointer: string) => {
    let entry = fields.get(pointer);
    if (!entry) {
      entry = { required: false, types: new Set(), formats: new Set(), bounds: new Map() };
      fields.set(pointer, entry);
    }
    return entry;
  };
  const walk = (node: unknown, pointer: string, depth: number, refs: string[]): void => {
    if (!isObj(node) || depth > MAX_DEPTH) return;
    if (typeof node.$ref === "string" && node.$ref.startsWith(`${SCHEMAS_ID}#/$defs/`)) {
      const name = node.$ref.slice(`${SCHEMAS_ID}#/$defs/`.length);
      if (!refs.includes(name)) walk(defs[name], pointer, depth, [...refs, name]);
    }
    const here = pointer === "" ? undefined : field(pointer);
    if (here) {
      for (const t of Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]) here.types.add(String(t));
      if (typeof node.format === "string") here.formats.add(node.format);
      for (const k of BOUNDS) if (node[k] !== undefined) here.bounds.set(k, show(node[k]));
    }
    for (const key of ["allOf", "oneOf", "anyOf"])
      if (Array.isArray(node[key])) for (const subschema of node[key] as unknown[]) walk(subschema, pointer, depth, refs);
    for (const key of ["then", "else"]) walk(node[key], pointer, depth, refs);
    if (isObj(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) walk(sub, `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, depth + 1, refs);
    }
    if (Array.isArray(node.required))
      for (const name of node.required) field(`${pointer}/${String(name).replace(/~/g, "~0").replace(/\//g, "~1")}`).required = true;
    if (isObj(node.items)) walk(node.items, `${pointer}/*`, depth + 1, refs);
  };
  walk(schema, "", 0, []);
  return fields;
}

const setText = (values: Set<string>) => [...values].sort().join(" | ") || "—";

function compareBodies(operation: string, body: string, ours: Map<string, Field>, upstream: Map<string, Field>): DiffRow[] {
  const rows: DiffRow[] = [];
  const names = [...new Set([...ours.keys(), ...upstream.keys()])].sort();
  for (const name of names) {
    const a = ours.get(name);
    const b = upstream.get(name);
    const row = (kind: DiffKind, oursText: string, upstreamText: string, keyword?: string) =>
      rows.push({ operation, body, field: name, kind, ...(keyword ? { keyword } : {}), ours: oursText, upstream: upstreamText });
    if (!b) {
      // Only the topmost missing field is listed; its children follow from it.
      if (!upstream.has(name.slice(0, name.lastIndexOf("/"))) && name.lastIndexOf("/") > 0) continue;
      row("only-ours", a?.required ? "required" : "optional", "—");
      continue;
    }
    if (!a) {
      if (!ours.has(name.slice(0, name.lastIndexOf("/"))) && name.lastIndexOf("/") > 0) continue;
      row("only-upstream", "—", b.required ? "required" : "optional");
      continue;
    }
    if (a.required !== b.required) row("required", a.required ? "required" : "optional", b.required ? "required" : "optional");
    if (setText(a.types) !== setText(b.types) && a.types.size > 0 && b.types.size > 0) row("type", setText(a.types), setText(b.types));
    if (setText(a.formats) !== setText(b.formats)) row("format", setText(a.formats), setText(b.formats));
    for (const k of BOUNDS) {
      if (a.bounds.get(k) !== b.bounds.get(k)) row("bound", a.bounds.get(k) ?? "—", b.bounds.get(k) ?? "—", k);
    }
  }
  return rows;
}

/** Where our model and the upstream one disagree, for every REST operation both have. */
export function upstreamDiff(ours: ApiModel, upstream: ApiModel): DiffRow[] {
  const rows: DiffRow[] = [];
  const theirs = new Map(upstream.operations.filter((operation) => operation.kind === "rest").map((operation) => [operation.id, operation]));
  const bodies = (op: OperationModel) =>
    new Map<string, JsonSchema | undefined>([
      ...(op.request ? [["request", op.request.schema] as const] : []),
      ...op.responses.filter((response) => response.schema !== undefined).map((response) => [response.status, response.schema] as const),
    ]);
  for (const op of [...ours.operations].filter((operation) => operation.kind === "rest").sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))) {
    const other = theirs.get(op.id);
    if (!other) continue;
    const a = bodies(op);
    const b = bodies(other);
    for (const body of [...a.keys()].filter((k) => b.has(k))) {
      rows.push(...compareBodies(op.id, body, flatten(a.get(body), ours.schemas), flatten(b.get(body), upstream.schemas)));
    }
  }
  return rows;
}

/** Operations and bodies present in one document only (listed above the table). */
export function unmatched(ours: ApiModel, upstream: ApiModel): { onlyOurs: string[]; onlyUpstream: string[] } {
  const ids = (model: ApiModel) => new Set(model.operations.filter((operation) => operation.kind === "rest").map((operation) => operation.id));
  const a = ids(ours);
  const b = ids(upstream);
  return { onlyOurs: [...a].filter((id) => !b.has(id)).sort(), onlyUpstream: [...b].filter((id) => !a.has(id)).sort() };
}
