// The realworld corpus: one JSON file per client under fixtures/, each an array of bodies with
// their source, operation and the verdict the specification implies (README.md beside this file).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Features other branches add; a fixture naming one is skipped where the build lacks it. */
export const FEATURES = ["graphql-shapes", "rest-operations", "catalog-refresh"] as const;
export type Feature = (typeof FEATURES)[number];

export interface Want {
  ok: boolean;
  status?: number;
  rule?: string;
  /** migrate: the v2 request. */
  method?: string;
  path?: string;
  bodyIncludes?: unknown;
}

export interface Fixture {
  file: string;
  /** Unique across the corpus: `<file stem>--<name>`. */
  key: string;
  name: string;
  kind?: "migrate";
  operation?: string;
  body?: unknown;
  current?: unknown;
  request?: { method: string; path: string; body?: unknown };
  source: { repo: string; path: string; commit: string };
  want: Want;
  reason: string;
  dependsOn?: Feature;
  /** GraphQL bodies: which of the four shapes (derived, not stored). */
  shape?: "inline" | "variables" | "arguments" | "bare";
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function shapeOf(operation: string | undefined, body: unknown): Fixture["shape"] {
  if (!["saveTemplate", "deleteTemplate", "secretCreate", "secretDelete"].includes(operation ?? "") || !isObject(body)) return undefined;
  if (typeof body.query === "string") return isObject(body.variables) ? "variables" : "inline";
  if (operation === "deleteTemplate" || operation === "secretDelete") return "arguments";
  return isObject(body.input) ? "arguments" : "bare";
}

export function loadFixtures(dir: string): Fixture[] {
  return readdirSync(dir)
    .filter((entry) => entry.endsWith(".json"))
    .sort()
    .flatMap((file) => {
      const rows = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Omit<Fixture, "file" | "key">[];
      const stem = file.replace(/\.json$/, "").replace(/\./g, "-");
      return rows.map((row) => {
        if (row.dependsOn !== undefined && !FEATURES.includes(row.dependsOn)) throw new Error(`${file} ${row.name}: unknown dependsOn ${row.dependsOn}`);
        return { ...row, file, key: `${stem}--${row.name}`, shape: shapeOf(row.operation, row.body) };
      });
    });
}

/** `want` is contained in `got`: objects key by key (recursively), other values equal. */
export function isSubset(want: unknown, got: unknown): boolean {
  if (isObject(want)) return isObject(got) && Object.keys(want).every((k) => isSubset(want[k], got[k]));
  return JSON.stringify(want) === JSON.stringify(got);
}
