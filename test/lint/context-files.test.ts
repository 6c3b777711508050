// Saved catalog and template responses (--catalog, --templates) are checked for the fields the
// rules match records by before they are used (lint/context-files.ts): a broken file is exit 2
// at a place, never a silent "every GPU is unknown".

import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { contextFileError, type ContextList } from "../../lint/context-files.js";

const saved = (name: string) => JSON.parse(readFileSync(`schema/catalog/${name}`, "utf8")) as Record<string, unknown>;
const LISTS: ContextList[] = ["gpus", "cpus", "templates", "dataCenters"];

describe("contextFileError", () => {
  test("the bundled snapshot's files pass, as do lists of records with only an id", () => {
    for (const name of ["gpus.json", "cpus.json", "templates.json", "datacenters.json"]) expect(contextFileError(saved(name), LISTS), name).toBeUndefined();
    expect(contextFileError({ gpus: [{ id: "NVIDIA L4" }], cpus: [{ id: "cpu3c" }], templates: [{ id: "t" }] }, LISTS)).toBeUndefined();
    expect(contextFileError({ gpus: [{ id: "NVIDIA A40", pool: null }] }, LISTS)).toBeUndefined();
  });

  test("lists the caller does not name are not read", () => {
    expect(contextFileError({ gpus: "not a list", templates: [1] }, ["cpus"])).toBeUndefined();
  });

  test.each([
    [{ gpus: "x" }, "/gpus", "must be an array of GPU type records"],
    [{ cpus: {} }, "/cpus", "must be an array of CPU flavor records"],
    [{ gpus: [null] }, "/gpus/0", "must be an object"],
    [{ gpus: ["NVIDIA L4"] }, "/gpus/0", "must be an object"],
    [{ templates: [[]] }, "/templates/0", "must be an object"],
    [{ gpus: [{ id: "a" }, { name: "b" }] }, "/gpus/1/id", "`id` is missing"],
    [{ cpus: [{ id: 3 }] }, "/cpus/0/id", "`id` is a number, 3"],
    [{ gpus: [{ id: "" }] }, "/gpus/0/id", '`id` is a string, ""'],
    [{ gpus: [{ id: "a", pool: 5 }] }, "/gpus/0/pool", "must be a string or null: `pool` is a number, 5"],
    [{ gpus: [{ id: "a", pool: ["ADA_24"] }] }, "/gpus/0/pool", "`pool` is an array"],
    [{ cpus: [{ id: "c", vcpu: "2-32" }] }, "/cpus/0/vcpu", 'must be an object: `vcpu` is a string, "2-32"'],
    [{ cpus: [{ id: "c", vcpu: { min: 2, max: "32" } }] }, "/cpus/0/vcpu/max", "must be a number"],
    [{ dataCenters: [{ name: "x" }] }, "/dataCenters/0/id", "`id` is missing"],
  ])("%j: %s", (data, pointer, message) => {
    const problem = contextFileError(data as Record<string, unknown>, LISTS);
    expect(problem?.pointer).toBe(pointer);
    expect(problem?.message).toContain(message);
  });

  test("the first broken record is the one named, whatever comes before it (generated)", () => {
    const good = fc.record({ id: fc.string({ minLength: 1 }), pool: fc.option(fc.string(), { nil: null }) });
    const bad = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.record({ id: fc.constantFrom(1, "", null, [], {}) }),
      fc.record({ id: fc.constant("x"), pool: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(good, { maxLength: 6 }), bad, fc.array(fc.oneof(good, bad), { maxLength: 3 }), (before, broken, after) => {
        const problem = contextFileError({ gpus: [...before, broken, ...after] }, ["gpus"]);
        expect(problem?.pointer.startsWith(`/gpus/${before.length}`)).toBe(true);
        expect(contextFileError({ gpus: before }, ["gpus"])).toBeUndefined();
      }),
      { seed: 2611, numRuns: 300 },
    );
  });
});
