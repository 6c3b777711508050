// Spec "Create a serverless endpoint", rule 14: the pools that hold the cards, minus the other
// types of those pools, select exactly the cards.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selectPools } from "../../migrate/index.js";
import { catalog } from "./helpers.js";

const pooled = catalog.gpus.filter((gpu) => typeof gpu.pool === "string");

/** The types a selection admits, by the spec's reading of pools and exclusions. */
const admitted = (pools: string[], excluded: string[]) =>
  catalog.gpus.filter((gpu) => typeof gpu.pool === "string" && pools.includes(gpu.pool) && !excluded.includes(gpu.id)).map((gpu) => gpu.id);

describe("selectPools", () => {
  it("chooses the pool of one card and excludes its siblings", () => {
    expect(selectPools(["NVIDIA L4"], catalog.gpus)).toEqual({
      pools: ["ADA_24"],
      excludedTypes: ["NVIDIA GeForce RTX 4090"],
      unknown: [],
      outsidePools: [],
    });
  });

  it("omits exclusions when whole pools are asked for", () => {
    expect(selectPools(["NVIDIA RTX A6000", "NVIDIA A40"], catalog.gpus).excludedTypes).toEqual([]);
  });

  it("reports cards in no pool and cards the catalog does not list", () => {
    const selection = selectPools(["NVIDIA A30", "Imaginary GPU", " NVIDIA GeForce RTX 4090 "], catalog.gpus);
    expect(selection.outsidePools).toEqual(["NVIDIA A30"]);
    expect(selection.unknown).toEqual(["Imaginary GPU"]);
    expect(selection.pools).toEqual(["ADA_24"]);
  });

  it("admits exactly the requested pooled cards, for any subset (fixed seed)", () => {
    fc.assert(
      fc.property(
        fc.subarray(
          pooled.map((gpu) => gpu.id),
          { minLength: 1 },
        ),
        (ids) => {
          const { pools, excludedTypes } = selectPools(ids, catalog.gpus);
          expect(admitted(pools, excludedTypes).sort()).toEqual([...ids].sort());
          expect(new Set(pools).size).toBe(pools.length);
        },
      ),
      { seed: 20261115, numRuns: 300 },
    );
  });
});
