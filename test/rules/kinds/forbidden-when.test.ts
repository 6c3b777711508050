// forbiddenWhen (rules/kinds/forbidden-when.ts): fields not set (absent or null) while a
// condition holds; a `*` segment reaches every item of an array (spec: Create rule 10,
// `workers.idleTimeout` on a QUEUE endpoint scaling on REQUEST_COUNT; Update rule 6, the scaler
// can be switched; GPU config rule 3, CUDA constraints on a CPU create).

import { forbiddenWhen } from "../../../rules/kinds/forbidden-when.js";
import { edgeCasesAgree, envWith, kindTable, type TableRule } from "./kind-table.js";

const idleTimeout: TableRule = {
  id: "idle-timeout-queue-request-count",
  status: 400,
  message: "must not set `workers.idleTimeout` on a QUEUE endpoint scaling on REQUEST_COUNT",
  params: {
    fields: ["/workers/idleTimeout"],
    fieldsFrom: "request",
    when: {
      all: [
        { path: "/type", equals: "QUEUE" },
        { path: "/scaling/type", equals: "REQUEST_COUNT" },
      ],
    },
  },
  patch: {},
};

const onRequestCount = { type: "QUEUE", scaling: { type: "REQUEST_COUNT", requestCount: 4 } };
const stored = { current: { type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, workers: { idleTimeout: 5 } } };

kindTable(forbiddenWhen, idleTimeout, [
  { name: "set while the condition holds", body: { ...onRequestCount, workers: { idleTimeout: 5 } }, violations: ["/workers/idleTimeout"] },
  { name: "0 is set", body: { ...onRequestCount, workers: { idleTimeout: 0 } }, violations: ["/workers/idleTimeout"] },
  { name: "null is unset", body: { ...onRequestCount, workers: { idleTimeout: null } }, violations: [] },
  { name: "left out", body: { ...onRequestCount, workers: { max: 3 } }, violations: [] },
  { name: "scaling on QUEUE_DELAY", body: { type: "QUEUE", scaling: { type: "QUEUE_DELAY" }, workers: { idleTimeout: 5 } }, violations: [] },
  { name: "a LOAD_BALANCER endpoint", body: { type: "LOAD_BALANCER", scaling: { type: "REQUEST_COUNT" }, workers: { idleTimeout: 5 } }, violations: [] },
  {
    name: "a PATCH switching the scaler does not inherit the stored idleTimeout",
    body: { scaling: { type: "REQUEST_COUNT", requestCount: 4 } },
    context: stored,
    violations: [],
  },
  {
    name: "a PATCH switching the scaler and sending idleTimeout",
    body: { scaling: { type: "REQUEST_COUNT", requestCount: 4 }, workers: { idleTimeout: 9 } },
    context: stored,
    violations: ["/workers/idleTimeout"],
  },
  {
    name: "the same PATCH judged on the merged resource (fieldsFrom: resolved) inherits it",
    params: { fieldsFrom: "resolved" },
    body: { scaling: { type: "REQUEST_COUNT", requestCount: 4 } },
    context: stored,
    violations: ["/workers/idleTimeout"],
  },
]);

const cudaOnCpu: TableRule = {
  id: "cuda-on-cpu-create",
  status: 422,
  message: "must not express CUDA constraints on a CPU endpoint",
  params: {
    fields: ["/allowedCudaVersions", "/minCudaVersion", "/cpu/*/allowedCudaVersions", "/cpu/*/minCudaVersion"],
    when: { present: "/cpu" },
  },
};

kindTable(forbiddenWhen, cudaOnCpu, [
  { name: "a CPU body without CUDA", body: { cpu: [{ id: "cpu3c" }] }, violations: [] },
  { name: "a top-level floor beside cpu", body: { cpu: [{ id: "cpu3c" }], minCudaVersion: "12.4" }, violations: ["/minCudaVersion"] },
  {
    name: "every item's fields, in the order of the fields, then of the items",
    body: { cpu: [{ id: "a", minCudaVersion: "12.1" }, { id: "b" }, { id: "c", allowedCudaVersions: ["12.8"], minCudaVersion: "12.2" }] },
    violations: ["/cpu/2/allowedCudaVersions", "/cpu/0/minCudaVersion", "/cpu/2/minCudaVersion"],
  },
  { name: "an empty array is set (present)", body: { cpu: [{ id: "a", allowedCudaVersions: [] }] }, violations: ["/cpu/0/allowedCudaVersions"] },
  { name: "a null item field is unset", body: { cpu: [{ id: "a", minCudaVersion: null }] }, violations: [] },
  { name: "a null item is skipped", body: { cpu: [null, { id: "a", minCudaVersion: "12.1" }] }, violations: ["/cpu/1/minCudaVersion"] },
  { name: "cpu an object, not an array: `*` matches nothing", body: { cpu: { minCudaVersion: "12.1" } }, violations: [] },
  { name: "an empty cpu array: the condition holds, nothing to report", body: { cpu: [] }, violations: [] },
  { name: "a GPU body: the condition does not hold", body: { gpu: { minCudaVersion: "12.4" }, minCudaVersion: "12.4" }, violations: [] },
  { name: "cpu null: not present", body: { cpu: null, minCudaVersion: "12.4" }, violations: [] },
]);

edgeCasesAgree(forbiddenWhen, idleTimeout, { ...onRequestCount, workers: { max: 3 } }, envWith({ "/workers/idleTimeout": 5 }, { current: stored.current }), 3);
