// One v1 request → one v2 request, its notes, and the lint verdict of the new body.
// Pipeline: route → body (through the body kind's table) → lint.

import { isObject } from "../engine/values.js";
import { STALE_SNAPSHOT_RULE } from "../engine/catalog-staleness.js";
// migrateRequest is synchronous and lints any operation: every request validator loads with it.
import "../output/requests.mjs";
import { type LintResult, lint } from "../lint/lint.js";
import { applyTable, sortKeys } from "./apply-table.js";
import { lintNotes } from "./lint-notes.js";
import { migrateRoute } from "./routes.js";
import type { MigrationContext, Note, V2Request } from "./types.js";

export type { LintResult };

export interface RequestMigration {
  ok: boolean;
  request: V2Request | null;
  notes: Note[];
  /** The lint result of the v2 body; null when there is no body or no v2 operation to check it against. */
  lint: LintResult | null;
}

const NOT_A_REQUEST: Note = {
  level: "error",
  message: 'must be a v1 request: {"method": "POST", "path": "/endpoints", "body": {...}}',
};

export function migrateRequest(input: unknown, context: MigrationContext = {}): RequestMigration {
  if (!isObject(input) || typeof input.method !== "string" || typeof input.path !== "string") {
    return { ok: false, request: null, notes: [NOT_A_REQUEST], lint: null };
  }
  const route = migrateRoute(input.method, input.path);
  const notes = [...route.notes];
  if (!route.route || route.path === null) return { ok: false, request: null, notes, lint: null };
  const { route: mapping } = route;
  const v1Body = input.body;
  let body: unknown;
  if (mapping.action !== undefined) {
    body = { action: mapping.action };
    if (v1Body !== undefined && !(isObject(v1Body) && Object.keys(v1Body).length === 0)) {
      notes.push({ level: "warning", message: "the v1 body was dropped: v1 action routes take none" });
    }
  } else if (mapping.body) {
    if (v1Body === undefined) {
      notes.push({ level: "error", message: `a ${mapping.body.kind.name} ${mapping.body.mode} needs a body` });
    } else {
      const migrated = applyTable(mapping.body.kind, v1Body, mapping.body.mode, context);
      body = sortKeys(migrated.body);
      notes.push(...migrated.notes);
    }
  } else if (v1Body !== undefined) {
    notes.push({ level: "warning", message: "the v1 body was dropped: this route takes none" });
  }
  let verdict: LintResult | null = null;
  if (body !== undefined && mapping.operation !== undefined) {
    verdict = lint(body, { operation: mapping.operation, catalog: context.catalog, templates: context.templates });
    if (mapping.body) notes.push(...lintNotes(mapping.body.kind.table, verdict.violations, notes));
    for (const warning of verdict.warnings)
      if (warning.rule === STALE_SNAPSHOT_RULE) notes.push({ level: "warning", message: `${warning.path}: ${warning.message}` });
  } else if (body !== undefined) {
    notes.push({ level: "warning", message: "not linted: v2kit's v2 schema has no operation for this route's body" });
  }
  const request: V2Request = body === undefined ? { method: route.method, path: route.path } : { method: route.method, path: route.path, body };
  const ok = !notes.some((note) => note.level === "error") && (verdict === null || verdict.ok);
  return { ok, request, notes, lint: verdict };
}
