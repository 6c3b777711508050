// exactlyOne (rules/kinds/exactly-one.ts): exactly one of the fields is set; null counts as
// unset, an empty object as set (spec: Create a serverless endpoint, rule 1, `gpu` or `cpu`).

import { exactlyOne } from "../../../rules/kinds/exactly-one.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "gpu-cpu-exactly-one",
  status: 400,
  message: "must set exactly one of `gpu` or `cpu`",
  hint: "Keep `gpu` for GPU workers or `cpu` for CPU workers, not both.",
  params: { fields: ["/gpu", "/cpu"] },
};

const gpu = { pools: ["ADA_24"] };
const cpu = [{ id: "cpu3c", vcpuCount: 4 }];

kindTable(exactlyOne, table, [
  { name: "gpu alone", body: { gpu }, violations: [] },
  { name: "cpu alone", body: { cpu }, violations: [] },
  { name: "both: the second field is the pointer", body: { gpu, cpu }, violations: ["/cpu"], says: ["`/gpu`, `/cpu` are all set | Keep `gpu`"] },
  { name: "neither: the body itself is the pointer", body: { name: "x" }, violations: [""], says: ["none is set"] },
  { name: "gpu null beside cpu: null is unset", body: { gpu: null, cpu }, violations: [] },
  { name: "both null: none is set", body: { gpu: null, cpu: null }, violations: [""], says: ["none is set"] },
  { name: "an empty gpu object beside cpu: set", body: { gpu: {}, cpu }, violations: ["/cpu"] },
  { name: "an empty cpu array beside gpu: set", body: { gpu, cpu: [] }, violations: ["/cpu"] },
  { name: "false and 0 are set values", body: { gpu: false, cpu: 0 }, violations: ["/cpu"] },
  { name: "a body that is an array: none is set", body: [gpu, cpu], violations: [""] },
  { name: "a body that is a string: none is set", body: "gpu", violations: [""] },
  { name: "a body that is null: none is set", body: null, violations: [""] },
  {
    name: "three fields, the first and last set: the last is the pointer",
    params: { fields: ["/a", "/b", "/c"] },
    body: { a: 1, c: 3 },
    violations: ["/c"],
    says: ["`/a`, `/c` are all set"],
  },
  {
    name: "three fields, all set: the second is the pointer",
    params: { fields: ["/a", "/b", "/c"] },
    body: { a: 1, b: 2, c: 3 },
    violations: ["/b"],
    says: ["`/a`, `/b`, `/c` are all set"],
  },
  { name: "nested fields", params: { fields: ["/gpu/id", "/gpu/pools"] }, body: { gpu: { id: "NVIDIA A40", pools: ["ADA_24"] } }, violations: ["/gpu/pools"] },
  { name: "nested fields under a missing parent: none is set", params: { fields: ["/gpu/id", "/gpu/pools"] }, body: { cpu }, violations: [""] },
  { name: "an inherited member is not a field (toString)", params: { fields: ["/toString", "/x"] }, body: { x: 1 }, violations: [] },
  {
    name: "a `__proto__` key of the body is data, and set",
    params: { fields: ["/__proto__", "/x"] },
    body: JSON.parse('{"__proto__": {"a": 1}, "x": 1}') as unknown,
    violations: ["/x"],
  },
  { name: "an escaped pointer (~1 is /, ~0 is ~)", params: { fields: ["/a~1b", "/c~0d"] }, body: { "a/b": 1, "c~d": 2 }, violations: ["/c~0d"] },
]);

edgeCasesAgree(exactlyOne, table, { name: "x", gpu }, envWith({ "/cpu": cpu }, {}), 3);
