// v1 names GPU types; v2 serverless names pools and subtracts types. Spec "Create a serverless
// endpoint", rule 14: to require specific cards, choose the pools that hold them and exclude
// the other types of those pools.

import type { GpuRecord } from "../engine/types.js";

export interface GpuSelection {
  /** Pools holding the requested cards, in catalog order. */
  pools: string[];
  /** The other types of those pools, in catalog order: empty when whole pools were asked for. */
  excludedTypes: string[];
  /** Requested ids the catalog does not list. */
  unknown: string[];
  /** Requested ids the catalog lists with no serverless pool. */
  outsidePools: string[];
}

export function selectPools(typeIds: readonly string[], gpus: readonly GpuRecord[]): GpuSelection {
  const wanted = new Set(typeIds.map((id) => id.trim()));
  const byId = new Map(gpus.map((gpu) => [gpu.id, gpu]));
  const unknown = [...wanted].filter((id) => !byId.has(id));
  const outsidePools = [...wanted].filter((id) => byId.has(id) && typeof byId.get(id)?.pool !== "string");
  const chosen = new Set(
    [...wanted].flatMap((id) => {
      const pool = byId.get(id)?.pool;
      return typeof pool === "string" ? [pool] : [];
    }),
  );
  const pools: string[] = [];
  const excludedTypes: string[] = [];
  for (const gpu of gpus) {
    if (typeof gpu.pool !== "string" || !chosen.has(gpu.pool)) continue;
    if (!pools.includes(gpu.pool)) pools.push(gpu.pool);
    if (!wanted.has(gpu.id)) excludedTypes.push(gpu.id);
  }
  return { pools, excludedTypes, unknown, outsidePools };
}
