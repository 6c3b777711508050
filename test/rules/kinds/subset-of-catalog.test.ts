// subsetOfCatalog (rules/kinds/subset-of-catalog.ts): every string at a field names a catalog
// record; `within` limits the records to those of the selected groups, `trim` compares trimmed
// values, `keepOne` needs one record in scope left unnamed, `suggest` hints the right key when
// the value is another key of a record; without the catalog, a warning (spec: GPU config on
// create, `pools` are serverless pool ids and `excludedTypes` GPU type ids of those pools,
// trimmed, with at least one type left; Create rule 12; Update rule 3).

import type { CheckContext } from "../../../engine/types.js";
import { subsetOfCatalog } from "../../../rules/kinds/subset-of-catalog.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const catalog: CheckContext = {
  catalog: {
    gpus: [
      { id: "NVIDIA GeForce RTX 4090", pool: "ADA_24" },
      { id: "NVIDIA A40", pool: "AMPERE_48" },
      { id: "NVIDIA RTX A6000", pool: "AMPERE_48" },
      { id: "NVIDIA H100 80GB HBM3", pool: null },
    ],
    cpus: [{ id: "cpu3c" }, { id: "cpu5g" }],
  },
};

const poolsKnown: TableRule = {
  id: "gpu-pools-known",
  status: 400,
  message: "must name serverless GPU pools of the GPU catalog in `gpu.pools`",
  params: { field: "/gpu/pools/*", collection: "gpus", key: "pool", fieldsFrom: "request", suggest: { key: "id" } },
  patch: {},
};

kindTable(subsetOfCatalog, poolsKnown, [
  { name: "known pools", body: { gpu: { pools: ["ADA_24", "AMPERE_48"] } }, context: catalog, violations: [] },
  {
    name: "an unknown pool",
    body: { gpu: { pools: ["ADA_24", "AMPERE_80"] } },
    context: catalog,
    violations: ["/gpu/pools/1"],
    says: ['"AMPERE_80" is not the `pool` of a gpus catalog record'],
  },
  {
    name: "a GPU type id where a pool belongs: the hint names its pool",
    body: { gpu: { pools: ["NVIDIA A40"] } },
    context: catalog,
    violations: ["/gpu/pools/0"],
    says: ['"NVIDIA A40" is the `id` of a gpus record, not a `pool`: use "AMPERE_48"'],
  },
  { name: "a GPU type in no serverless pool: no hint", body: { gpu: { pools: ["NVIDIA H100 80GB HBM3"] } }, context: catalog, violations: ["/gpu/pools/0"] },
  { name: "not trimmed unless the rule says so", body: { gpu: { pools: [" ADA_24"] } }, context: catalog, violations: ["/gpu/pools/0"] },
  { name: "items that are not strings are the schema's to judge", body: { gpu: { pools: [7, "ADA_24"] } }, context: catalog, violations: [] },
  { name: "no pools", body: { gpu: { pools: [] } }, context: catalog, violations: [] },
  { name: "pools null", body: { gpu: { pools: null } }, context: catalog, violations: [] },
  {
    name: "no catalog: a warning at the array, not a failure",
    body: { gpu: { pools: ["AMPERE_80"] } },
    violations: [],
    warnings: ["/gpu/pools"],
    says: ["cannot check offline: no gpus catalog was given"],
  },
  {
    name: "a catalog without GPUs: a warning",
    body: { gpu: { pools: ["ADA_24"] } },
    context: { catalog: { cpus: [] } },
    violations: [],
    warnings: ["/gpu/pools"],
  },
  { name: "no catalog and no pools: nothing", body: { gpu: { count: 1 } }, violations: [] },
  {
    name: "a PATCH that sends no pools is not judged on the stored ones",
    body: { gpu: { count: 2 } },
    context: { ...catalog, current: { gpu: { pools: ["RETIRED_48"] } } },
    violations: [],
  },
  {
    name: "judged on the merged resource (fieldsFrom: resolved), the stored pool fails",
    params: { fieldsFrom: "resolved" },
    body: { gpu: { count: 2 } },
    context: { ...catalog, current: { gpu: { pools: ["RETIRED_48"] } } },
    violations: ["/gpu/pools/0"],
  },
]);

const excludedWithinPools: TableRule = {
  id: "excluded-types-within-pools",
  status: 400,
  message: "must exclude only GPU types of the selected `gpu.pools`, leaving at least one",
  params: {
    field: "/gpu/excludedTypes",
    collection: "gpus",
    key: "id",
    fieldsFrom: "request",
    within: { field: "/gpu/pools", key: "pool" },
    trim: true,
    keepOne: true,
  },
};

const ampere = (excludedTypes: unknown) => ({ gpu: { pools: ["AMPERE_48"], excludedTypes } });

kindTable(subsetOfCatalog, excludedWithinPools, [
  { name: "a type of the selected pool", body: ampere(["NVIDIA A40"]), context: catalog, violations: [] },
  { name: "padded with spaces: trimmed", body: ampere(["  NVIDIA A40 "]), context: catalog, violations: [] },
  {
    name: "a type of a pool not selected",
    body: ampere(["NVIDIA GeForce RTX 4090"]),
    context: catalog,
    violations: ["/gpu/excludedTypes/0"],
    says: ['"NVIDIA GeForce RTX 4090" is not the `id` of a gpus catalog record of the selected `/gpu/pools`'],
  },
  {
    name: "every type of the pool excluded",
    body: ampere(["NVIDIA A40", "NVIDIA RTX A6000"]),
    context: catalog,
    violations: ["/gpu/excludedTypes"],
    says: ["every one is excluded; at least one must remain"],
  },
  {
    name: "every type excluded, padded and repeated",
    body: ampere([" NVIDIA RTX A6000", "NVIDIA A40 ", "NVIDIA A40"]),
    context: catalog,
    violations: ["/gpu/excludedTypes"],
  },
  {
    name: "one pool's only type excluded while another pool is selected",
    body: { gpu: { pools: ["ADA_24", "AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } },
    context: catalog,
    violations: [],
  },
  {
    name: "the only type of the only pool excluded",
    body: { gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } },
    context: catalog,
    violations: ["/gpu/excludedTypes"],
  },
  { name: "nothing excluded", body: ampere([]), context: catalog, violations: [] },
  { name: "exclusions without pools: the rule waits for the selection", body: { gpu: { excludedTypes: ["NVIDIA A40"] } }, context: catalog, violations: [] },
  {
    name: "an unknown pool: nothing in scope, so every exclusion is outside it",
    body: { gpu: { pools: ["NOPE"], excludedTypes: ["NVIDIA A40"] } },
    context: catalog,
    violations: ["/gpu/excludedTypes/0"],
  },
  { name: "one string, not an array: its own pointer", body: ampere("NVIDIA GeForce RTX 4090"), context: catalog, violations: ["/gpu/excludedTypes"] },
  { name: "no catalog: a warning", body: ampere(["NVIDIA A40"]), violations: [], warnings: ["/gpu/excludedTypes"] },
]);

const podGpuKnown: TableRule = {
  id: "pod-gpu-type-known",
  status: 400,
  message: "must name a GPU type of the GPU catalog in `gpu.id`",
  hint: "Pods take a GPU type id (`id` in the GPU catalog), not a serverless pool id.",
  params: { field: "/gpu/id", collection: "gpus", key: "id", suggest: { key: "pool" } },
};

kindTable(subsetOfCatalog, podGpuKnown, [
  { name: "a GPU type id", body: { gpu: { id: "NVIDIA A40" } }, context: catalog, violations: [] },
  {
    name: "a pool id where a type belongs: the finding's hint names a type of it, over the rule's",
    body: { gpu: { id: "ADA_24" } },
    context: catalog,
    violations: ["/gpu/id"],
    says: ['| "ADA_24" is the `pool` of a gpus record, not a `id`: use "NVIDIA GeForce RTX 4090"'],
  },
  { name: "an unknown value: the rule's hint", body: { gpu: { id: "TPU" } }, context: catalog, violations: ["/gpu/id"], says: ["| Pods take a GPU type id"] },
  {
    name: "CPU flavors are another collection",
    params: { field: "/cpu/*/id", collection: "cpus" },
    body: { cpu: [{ id: "cpu3c" }, { id: "cpu9x" }] },
    context: catalog,
    violations: ["/cpu/1/id"],
  },
]);

edgeCasesAgree(subsetOfCatalog, excludedWithinPools, ampere(["NVIDIA A40"]), envWith({}, catalog), 4);
