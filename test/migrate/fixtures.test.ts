// One folder per migration case (test/fixtures/migrate/<case>/{v1,v2,notes}.json): v1.json is
// a saved request, or a saved response when it has a numeric `status`.

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrateRequest, migrateResponse } from "../../migrate/index.js";
import { context } from "./helpers.js";

const DIR = new URL("../fixtures/migrate/", import.meta.url);
const cases = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const read = (name: string, file: string): unknown => JSON.parse(readFileSync(new URL(`${name}/${file}`, DIR), "utf8"));

describe("migration fixtures", () => {
  it("has the cases this suite promises", () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases)("%s", (name) => {
    const v1 = read(name, "v1.json") as Record<string, unknown>;
    if (typeof v1.status === "number") {
      const result = migrateResponse(v1.status, v1);
      expect({ ok: result.ok, response: result.response }).toEqual(read(name, "v2.json"));
      expect(result.notes).toEqual(read(name, "notes.json"));
      return;
    }
    const result = migrateRequest(v1, context);
    const lint = result.lint && { ok: result.lint.ok, violations: result.lint.violations.map((violation) => violation.rule) };
    expect({ ok: result.ok, request: result.request, lint }).toEqual(read(name, "v2.json"));
    expect(result.notes).toEqual(read(name, "notes.json"));
    // The verdict agrees with the notes and the linter: ok exactly when neither objects.
    const errors = result.notes.filter((note) => note.level === "error");
    expect(result.ok).toBe(errors.length === 0 && (result.lint === null || result.lint.ok));
  });

  it("gives the same bytes whatever the key order of the v1 body", () => {
    const v1 = read("pod-create-gpu", "v1.json") as { body: Record<string, unknown> };
    const reversed = { ...v1, body: Object.fromEntries(Object.entries(v1.body).reverse()) };
    expect(JSON.stringify(migrateRequest(reversed, context))).toBe(JSON.stringify(migrateRequest(v1, context)));
  });
});
