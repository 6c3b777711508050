// requires (rules/kinds/requires.ts): a field is set (not absent, not null) when a condition
// holds (spec: Create a serverless endpoint, rule 2: `image` unless `templateId`). The rows also
// cover every form of condition (rules/condition.ts), as each kind with `when` emits them.

import { requires } from "../../../rules/kinds/requires.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const table: TableRule = {
  id: "image-unless-template",
  status: 422,
  message: "must set `image` unless `templateId` is set",
  hint: "Name a container image, or base the endpoint on a serverless template with `templateId`.",
  params: { field: "/image", when: { absent: "/templateId" } },
};

const queue = { when: { path: "/type", equals: "QUEUE" } };

kindTable(requires, table, [
  { name: "an image, no template", body: { image: "a:b" }, violations: [] },
  { name: "neither", body: { name: "x" }, violations: ["/image"], says: ["must set `image` unless `templateId` is set | Name a container image"] },
  { name: "a template, no image", body: { templateId: "tpl-1" }, violations: [] },
  { name: "a null image is unset", body: { image: null }, violations: ["/image"] },
  { name: "an empty image string is set (present, not null)", body: { image: "" }, violations: [] },
  { name: "a null templateId is absent", body: { templateId: null }, violations: ["/image"] },
  { name: "a body that is not an object", body: ["image"], violations: ["/image"] },
  { name: "equals: holds", params: queue, body: { type: "QUEUE" }, violations: ["/image"] },
  { name: "equals: does not hold", params: queue, body: { type: "LOAD_BALANCER" }, violations: [] },
  { name: "equals: the field absent", params: queue, body: {}, violations: [] },
  { name: "equals a string: a number does not match", params: { when: { path: "/count", equals: 1 } }, body: { count: "1" }, violations: [] },
  { name: "equals an object: deep equality", params: { when: { path: "/env", equals: { A: ["1"] } } }, body: { env: { A: ["1"] } }, violations: ["/image"] },
  { name: "equals an object: another object", params: { when: { path: "/env", equals: { A: ["1"] } } }, body: { env: { A: ["1", "2"] } }, violations: [] },
  { name: "equals null: a null field", params: { when: { path: "/registry", equals: null } }, body: { registry: null }, violations: ["/image"] },
  { name: "equals null: an absent field is not null", params: { when: { path: "/registry", equals: null } }, body: {}, violations: [] },
  {
    name: "in: one of the values",
    params: { when: { path: "/type", in: ["QUEUE", "LOAD_BALANCER"] } },
    body: { type: "LOAD_BALANCER" },
    violations: ["/image"],
  },
  { name: "in: none of the values", params: { when: { path: "/type", in: ["QUEUE", "LOAD_BALANCER"] } }, body: { type: "OTHER" }, violations: [] },
  { name: "present: a null field is not present", params: { when: { present: "/gpu" } }, body: { gpu: null }, violations: [] },
  { name: "present: an empty object is present", params: { when: { present: "/gpu" } }, body: { gpu: {} }, violations: ["/image"] },
  { name: "nonEmpty: an empty object", params: { when: { nonEmpty: "/env" } }, body: { env: {} }, violations: [] },
  { name: "nonEmpty: an empty string", params: { when: { nonEmpty: "/name" } }, body: { name: "" }, violations: [] },
  { name: "nonEmpty: a value", params: { when: { nonEmpty: "/env" } }, body: { env: { A: "1" } }, violations: ["/image"] },
  {
    name: "all: every condition holds",
    params: { when: { all: [{ path: "/type", equals: "QUEUE" }, { present: "/gpu" }] } },
    body: { type: "QUEUE", gpu: {} },
    violations: ["/image"],
  },
  {
    name: "all: one does not",
    params: { when: { all: [{ path: "/type", equals: "QUEUE" }, { present: "/gpu" }] } },
    body: { type: "QUEUE" },
    violations: [],
  },
  { name: "any: one holds", params: { when: { any: [{ present: "/gpu" }, { present: "/cpu" }] } }, body: { cpu: [] }, violations: ["/image"] },
  { name: "any: none holds", params: { when: { any: [{ present: "/gpu" }, { present: "/cpu" }] } }, body: {}, violations: [] },
  { name: "not", params: { when: { not: { present: "/templateId" } } }, body: {}, violations: ["/image"] },
  {
    name: "a nested required field",
    params: { field: "/gpu/pools", when: { present: "/gpu/excludedTypes" } },
    body: { gpu: { excludedTypes: ["x"] } },
    violations: ["/gpu/pools"],
  },
]);

// A PATCH: pools and exclusions are one selection, replaced together (Update rules 1-4).
const patch: TableRule = {
  id: "excluded-types-need-pools",
  status: 422,
  message: "must send `gpu.pools` with `gpu.excludedTypes`",
  params: { field: "/gpu/pools", when: { present: "/gpu/excludedTypes" } },
  patch: { replaceTogether: [["/gpu/pools", "/gpu/excludedTypes"]] },
};
const stored = { current: { gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA A40"], count: 1 } } };

kindTable(requires, patch, [
  {
    name: "exclusions sent without pools replace the selection without pools",
    body: { gpu: { excludedTypes: ["NVIDIA A40"] } },
    context: stored,
    violations: ["/gpu/pools"],
  },
  { name: "exclusions sent with pools", body: { gpu: { pools: ["AMPERE_48"], excludedTypes: [] } }, context: stored, violations: [] },
  { name: "only the count sent: the stored selection stays whole", body: { gpu: { count: 2 } }, context: stored, violations: [] },
  {
    name: "only the count sent, the field judged on the request (fieldsFrom: request): the condition still reads the merged resource",
    params: { fieldsFrom: "request" },
    body: { gpu: { count: 2 } },
    context: stored,
    violations: ["/gpu/pools"],
  },
]);

edgeCasesAgree(requires, table, { name: "x", image: "a:b" }, envWith({ "/image": "a:b" }, {}), 2);
