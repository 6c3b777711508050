// powerOfTwo (rules/kinds/power-of-two.ts): every number at a field is a power of two, 1 to 2^30;
// what is not a number is the schema's to judge (spec: CPU config, `vcpuCount` a power of two).

import { powerOfTwo } from "../../../rules/kinds/power-of-two.js";
import { edgeCasesAgree, envWith, kindTable, type Row, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "vcpu-power-of-two",
  status: 422,
  message: "must set `cpu[].vcpuCount` to a power of two",
  params: { field: "/cpu/*/vcpuCount", fieldsFrom: "request" },
};

const one = (vcpuCount: unknown) => ({ cpu: [{ id: "cpu3c", vcpuCount }] });
const passes = (value: number): Row => ({ name: `${value} is a power of two`, body: one(value), violations: [] });
const fails = (value: number, why: string): Row => ({
  name: `${value}: ${why}`,
  body: one(value),
  violations: ["/cpu/0/vcpuCount"],
  says: [`${value} is not a power of two`],
});

kindTable(powerOfTwo, table, [
  passes(1),
  passes(2),
  passes(8),
  passes(64),
  passes(2 ** 30),
  fails(0, "zero"),
  fails(3, "odd"),
  fails(6, "even, not a power"),
  fails(12, "a multiple of a power"),
  fails(-4, "negative"),
  fails(2.5, "not an integer"),
  fails(2 ** 31, "past 2^30"),
  fails(2 ** 32, "past 2^30, where 32-bit `&` would see 0"),
  { name: "a string is the schema's to judge", body: one("8"), violations: [] },
  { name: "null is the schema's to judge", body: one(null), violations: [] },
  { name: "absent", body: { cpu: [{ id: "cpu3c" }] }, violations: [] },
  {
    name: "every item, each at its own pointer",
    body: { cpu: [{ vcpuCount: 4 }, { vcpuCount: 6 }, { vcpuCount: 8 }, { vcpuCount: 10 }] },
    violations: ["/cpu/1/vcpuCount", "/cpu/3/vcpuCount"],
  },
  { name: "a field without a wildcard", params: { field: "/vcpu" }, body: { vcpu: 24 }, violations: ["/vcpu"], says: ["24 is not a power of two"] },
  { name: "cpu not an array: `*` matches nothing", body: { cpu: { vcpuCount: 6 } }, violations: [] },
]);

edgeCasesAgree(powerOfTwo, table, one(4), envWith({}, {}), 4);
