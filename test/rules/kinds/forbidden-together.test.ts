// forbiddenTogether (rules/kinds/forbidden-together.ts): the fields are not all set at once; an
// empty array, string or object counts as unset (spec: GPU config on create, rules 1 and 2: a
// non-empty `allowedCudaVersions` with `minCudaVersion` gives 400, an empty one may accompany a
// floor). On a PATCH, `fieldsFrom: request` judges what the request sends, else the merged resource.

import { forbiddenTogether } from "../../../rules/kinds/forbidden-together.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "cuda-set-or-floor",
  status: 400,
  message: "must not combine a non-empty `gpu.allowedCudaVersions` with `gpu.minCudaVersion`",
  params: { fields: ["/gpu/allowedCudaVersions", "/gpu/minCudaVersion"] },
};

kindTable(forbiddenTogether, table, [
  {
    name: "a non-empty set and a floor: the last field is the pointer",
    body: { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: "12.4" } },
    violations: ["/gpu/minCudaVersion"],
    says: ["`/gpu/allowedCudaVersions`, `/gpu/minCudaVersion` are all set"],
  },
  { name: "an empty set beside a floor states no constraint", body: { gpu: { allowedCudaVersions: [], minCudaVersion: "12.4" } }, violations: [] },
  { name: "a set beside an empty floor", body: { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: "" } }, violations: [] },
  { name: "a set beside a null floor", body: { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: null } }, violations: [] },
  { name: "the set alone", body: { gpu: { allowedCudaVersions: ["12.8", "12.6"] } }, violations: [] },
  { name: "the floor alone", body: { gpu: { minCudaVersion: "12.11" } }, violations: [] },
  { name: "neither", body: { gpu: { pools: ["ADA_24"] } }, violations: [] },
  { name: "no gpu at all", body: { cpu: [{ id: "cpu3c" }] }, violations: [] },
  { name: "an empty object counts as unset", body: { gpu: { allowedCudaVersions: {}, minCudaVersion: "12.4" } }, violations: [] },
  { name: "a number is set", body: { gpu: { allowedCudaVersions: ["12.8"], minCudaVersion: 12 } }, violations: ["/gpu/minCudaVersion"] },
  { name: "three fields, two set", params: { fields: ["/a", "/b", "/c"] }, body: { a: 1, b: 2 }, violations: [] },
  {
    name: "three fields, all set",
    params: { fields: ["/a", "/b", "/c"] },
    body: { a: 1, b: [0], c: "x" },
    violations: ["/c"],
    says: ["`/a`, `/b`, `/c` are all set"],
  },
]);

// A PATCH: the request is merged into the current endpoint first (field by field here).
const patch: TableRule = {
  id: "cuda-set-or-floor",
  status: 400,
  message: "must not combine a non-empty `gpu.allowedCudaVersions` with `gpu.minCudaVersion`",
  params: { fields: ["/gpu/allowedCudaVersions", "/gpu/minCudaVersion"] },
  patch: {},
};
const stored = { gpu: { pools: ["ADA_24"], allowedCudaVersions: ["12.8"] } };

kindTable(forbiddenTogether, patch, [
  {
    name: "judged on the merged endpoint: a floor sent onto a stored set",
    body: { gpu: { minCudaVersion: "12.4" } },
    context: { current: stored },
    violations: ["/gpu/minCudaVersion"],
  },
  {
    name: "judged on the merged endpoint: a floor sent with the stored set cleared",
    body: { gpu: { minCudaVersion: "12.4", allowedCudaVersions: [] } },
    context: { current: stored },
    violations: [],
  },
  {
    name: "judged on the request (fieldsFrom: request): a floor sent onto a stored set",
    params: { fieldsFrom: "request" },
    body: { gpu: { minCudaVersion: "12.4" } },
    context: { current: stored },
    violations: [],
  },
  {
    name: "judged on the request (fieldsFrom: request): both sent",
    params: { fieldsFrom: "request" },
    body: { gpu: { minCudaVersion: "12.4", allowedCudaVersions: ["12.6"] } },
    context: { current: stored },
    violations: ["/gpu/minCudaVersion"],
  },
  {
    name: "the compute family: `cpu` sent to a GPU endpoint",
    params: { fields: ["/gpu", "/cpu"] },
    body: { cpu: [{ id: "cpu3c" }] },
    context: { current: stored },
    violations: ["/cpu"],
  },
  { name: "no current resource: the patch alone", body: { gpu: { minCudaVersion: "12.4" } }, violations: [] },
]);

edgeCasesAgree(
  forbiddenTogether,
  table,
  { gpu: { pools: ["ADA_24"], allowedCudaVersions: ["12.8"] } },
  envWith({ "/gpu/allowedCudaVersions": ["12.8"], "/gpu/minCudaVersion": "12.4" }, {}),
  3,
);
