// Shapes shared by the v1 → v2 migration: requests, notes, mapping tables and their results.

import type { CpuRecord, GpuRecord, TemplateRecord } from "../engine/types.js";

export type NoteLevel = "error" | "warning" | "info";

/** One thing a reader must know about a migration. `field` names the v1 field (or path segment). */
export interface Note {
  level: NoteLevel;
  field?: string;
  message: string;
}

export interface V2Request {
  method: string;
  path: string;
  body?: unknown;
}

export interface MigrationContext {
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[] };
  templates?: TemplateRecord[];
  /**
   * The date of the bundled catalog snapshot, when `catalog` is that snapshot taken for a fix the
   * user did not give a catalog for (`migrate scan --unsafe-fixes`): the pools it chooses say so.
   */
  snapshot?: string;
}

/** Whether a body creates or updates its resource: defaults and required fields differ. */
export type BodyMode = "create" | "update";

/** What a custom transform sees: the whole v1 body, since one v2 value can come from several fields. */
export interface TransformInput {
  body: Record<string, unknown>;
  mode: BodyMode;
  context: MigrationContext;
}

/** A custom transform's output: values to set (by v2 JSON pointer) and notes. */
export interface TransformOutput {
  set?: [pointer: string, value: unknown][];
  notes?: Note[];
  /**
   * Where each v1 field went, when the table's `to` is not the whole story (a path that lands
   * under `mounts.network` or `mounts.persistent` by what else the body has); null: left out.
   */
  to?: Record<string, string | null>;
}

export type Transform = (input: TransformInput) => TransformOutput;

/**
 * How one v1 field reaches v2. `rename` and `nest` copy the value to `to`; `drop` leaves it
 * out with a note of `level` (warning unless stated); `custom` calls `transform`, once per
 * body however many fields name it.
 */
export interface FieldMapping {
  to: string | null;
  how: "rename" | "nest" | "drop" | "custom";
  note: string;
  level?: NoteLevel;
  transform?: Transform;
}

export type MappingTable = Readonly<Record<string, FieldMapping>>;

/** A v1 body kind: its table and what runs after the fields (create-time defaults, notes). */
export interface BodyKind {
  name: string;
  table: MappingTable;
  /** Runs after every field; sees the v1 body and the v2 body built so far. */
  finish?: (input: TransformInput, v2: Record<string, unknown>) => TransformOutput;
}
