// inCatalogRange (rules/kinds/in-catalog-range.ts): every item's number lies within the range
// its catalog record allows; a bound the record lacks (or gives as a non-number) does not bind;
// an item naming no record is another rule's to judge; without the catalog, a warning (spec:
// CPU config, `vcpuCount` valid for the flavor: CPU flavors carry `vcpu.min` and `vcpu.max`).

import type { CheckContext } from "../../../engine/types.js";
import { inCatalogRange } from "../../../rules/kinds/in-catalog-range.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const catalog: CheckContext = {
  catalog: {
    cpus: [
      { id: "cpu3c", vcpu: { min: 2, max: 8 } },
      { id: "cpu5g", vcpu: { min: 4, max: 32 } },
      { id: "open" },
      { id: "capped", vcpu: { max: 16 } },
      { id: "odd", vcpu: { max: 8 }, vcpuMin: "2" },
    ],
  },
};

const table: TableRule = {
  id: "vcpu-within-flavor",
  status: 400,
  message: "must set `cpu[].vcpuCount` within the flavor's vCPU range",
  params: {
    each: "/cpu/*",
    recordId: "/id",
    value: "/vcpuCount",
    collection: "cpus",
    key: "id",
    min: "/vcpu/min",
    max: "/vcpu/max",
    fieldsFrom: "request",
  },
};

const one = (id: unknown, vcpuCount: unknown) => ({ cpu: [{ id, vcpuCount }] });

kindTable(inCatalogRange, table, [
  { name: "within the range", body: one("cpu3c", 4), context: catalog, violations: [] },
  { name: "at the minimum", body: one("cpu3c", 2), context: catalog, violations: [] },
  { name: "at the maximum", body: one("cpu3c", 8), context: catalog, violations: [] },
  { name: "above the maximum", body: one("cpu3c", 16), context: catalog, violations: ["/cpu/0/vcpuCount"], says: ['16 is outside "cpu3c"\'s range 2..8'] },
  { name: "below the minimum", body: one("cpu5g", 2), context: catalog, violations: ["/cpu/0/vcpuCount"], says: ['2 is outside "cpu5g"\'s range 4..32'] },
  { name: "a fraction between the bounds", body: one("cpu3c", 2.5), context: catalog, violations: [] },
  { name: "a flavor with no range", body: one("open", 1024), context: catalog, violations: [] },
  {
    name: "a flavor with a maximum only",
    body: one("capped", 32),
    context: catalog,
    violations: ["/cpu/0/vcpuCount"],
    says: ['32 is outside "capped"\'s range -..16'],
  },
  { name: "a flavor with a maximum only, far below it", body: one("capped", 1), context: catalog, violations: [] },
  { name: "an unknown flavor is another rule's to judge", body: one("cpu9x", 1024), context: catalog, violations: [] },
  { name: "a flavor id that is not a string", body: one(7, 1024), context: catalog, violations: [] },
  { name: "a count that is not a number", body: one("cpu3c", "64"), context: catalog, violations: [] },
  {
    name: "every item, each at its own pointer",
    body: {
      cpu: [
        { id: "cpu3c", vcpuCount: 4 },
        { id: "cpu3c", vcpuCount: 64 },
        { id: "cpu5g", vcpuCount: 1 },
      ],
    },
    context: catalog,
    violations: ["/cpu/1/vcpuCount", "/cpu/2/vcpuCount"],
  },
  {
    name: "bounds read where the rule says (a non-number bound does not bind)",
    params: { min: "/vcpuMin" },
    body: one("odd", 1),
    context: catalog,
    violations: [],
  },
  {
    name: "no catalog: a warning at the array, not a failure",
    body: one("cpu3c", 64),
    violations: [],
    warnings: ["/cpu"],
    says: ["cannot check offline: no cpus catalog was given"],
  },
  { name: "a catalog without CPU flavors: a warning", body: one("cpu3c", 64), context: { catalog: { gpus: [] } }, violations: [], warnings: ["/cpu"] },
  { name: "no catalog and no items: nothing", body: { cpu: [] }, violations: [] },
  { name: "no cpu at all", body: { gpu: { pools: ["ADA_24"] } }, context: catalog, violations: [] },
]);

edgeCasesAgree(inCatalogRange, table, one("cpu5g", 8), envWith({}, catalog), 5);
