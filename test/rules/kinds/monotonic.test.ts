// monotonic (rules/kinds/monotonic.ts): a number sent may not be below its current value;
// without the current resource, a warning (spec: a network volume's size can be increased later
// and cannot be decreased).

import { monotonic } from "../../../rules/kinds/monotonic.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "network-volume-size-grows",
  status: 400,
  message: "must not decrease a network volume's `size`",
  params: { field: "/size" },
  patch: {},
};

const current = { current: { id: "vol-1", name: "data", size: 100 } };

kindTable(monotonic, table, [
  { name: "grown", body: { size: 150 }, context: current, violations: [] },
  { name: "unchanged", body: { size: 100 }, context: current, violations: [] },
  { name: "shrunk", body: { size: 50 }, context: current, violations: ["/size"], says: ["50 is below the current 100"] },
  { name: "shrunk by a fraction", body: { size: 99.5 }, context: current, violations: ["/size"] },
  {
    name: "no current resource: a warning, not a failure",
    body: { size: 50 },
    violations: [],
    warnings: ["/size"],
    says: ["cannot check without the current state (--current)"],
  },
  { name: "size not sent", body: { name: "renamed" }, context: current, violations: [] },
  { name: "size not sent, no current resource: nothing", body: { name: "renamed" }, violations: [] },
  { name: "a size that is not a number is the schema's to judge", body: { size: "50" }, context: current, violations: [] },
  { name: "a current resource without a size", body: { size: 50 }, context: { current: { id: "vol-1" } }, violations: [] },
  { name: "a current size that is not a number", body: { size: 50 }, context: { current: { size: "100" } }, violations: [] },
  {
    name: "a nested field",
    params: { field: "/gpu/count" },
    body: { gpu: { count: 1 } },
    context: { current: { gpu: { count: 2 } } },
    violations: ["/gpu/count"],
  },
]);

edgeCasesAgree(monotonic, table, { size: 100 }, envWith({}, current), 3);
