// expression (rules/kinds/expression.ts): a CEL expression over `body` (resolved), `input` (as
// sent) and `current` must be true; false is a violation at `path` (or the body), an expression
// that cannot be evaluated for a body or gives no boolean is a warning. The rules file's own
// examples are checked on load (test/rules/kinds/expression-rules-file.test.ts).

import { expression } from "../../../rules/kinds/expression.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "gpu-count-at-most-eight",
  status: 400,
  message: "must ask for at most eight GPUs per worker",
  params: {
    expression: "!has(body.gpu) || body.gpu.count <= 8",
    path: "/gpu/count",
    examples: { pass: [{}, { gpu: { count: 8 } }], fail: [{ gpu: { count: 9 } }] },
  },
};

kindTable(expression, table, [
  { name: "true: no gpu", body: { cpu: [] }, violations: [] },
  { name: "true: eight", body: { gpu: { count: 8 } }, violations: [] },
  { name: "false: nine, at the rule's path", body: { gpu: { count: 9 } }, violations: ["/gpu/count"] },
  {
    name: "a field read without has(): a warning, not a verdict",
    body: { gpu: { pools: ["ADA_24"] } },
    violations: [],
    warnings: ["/gpu/count"],
    says: ["expression could not be evaluated: "],
  },
  {
    name: "no boolean: a warning",
    params: {
      expression: "body.flag",
      examples: { pass: [{ flag: true }], fail: [{ flag: false }] },
    },
    body: { flag: 1 },
    violations: [],
    warnings: ["/gpu/count"],
    says: ["expression could not be evaluated: evaluated to 1, not a boolean"],
  },
  {
    name: "no path: the body itself",
    params: { path: undefined, expression: "size(body) > 0", examples: { pass: [{ a: 1 }], fail: [{}] } },
    body: {},
    violations: [""],
  },
]);

// `body` is the resolved resource (the PATCH merged into the current one), `input` the request, `current` the stored resource.
const grows: TableRule = {
  id: "size-grows",
  status: 400,
  message: "must not shrink a named volume",
  params: {
    expression: "has(body.name) && (!has(input.size) || current == null || input.size >= current.size)",
    path: "/size",
    examples: { pass: [{ name: "v", size: 10 }], fail: [{ size: 10 }] },
  },
  patch: {},
};

kindTable(expression, grows, [
  { name: "the name from the current resource, a larger size sent", body: { size: 150 }, context: { current: { name: "v", size: 100 } }, violations: [] },
  {
    name: "the name from the current resource, a smaller size sent",
    body: { size: 50 },
    context: { current: { name: "v", size: 100 } },
    violations: ["/size"],
  },
  { name: "no size sent", body: { name: "w" }, context: { current: { name: "v", size: 100 } }, violations: [] },
  { name: "no name anywhere", body: { size: 150 }, context: { current: { size: 100 } }, violations: ["/size"] },
  { name: "no current resource: current is null", body: { name: "v", size: 1 }, violations: [] },
]);

edgeCasesAgree(expression, table, {}, envWith({}, {}), 3);
