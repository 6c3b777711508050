// A JavaScript project (no TypeScript installed) using `v2kit generate --js --out src/generated`:
// node runs the .mjs files; editors read the .d.mts beside them, so the JSDoc types below check.
import { check } from "./generated/index.mjs";
// One operation only: this module loads createEndpoint's validator and no other operation's.
import * as createEndpoint from "./generated/operations/createEndpoint.mjs";

/** @type {import("./generated/index.mjs").RequestBody<"createEndpoint">} */
const body = {
  name: "sdxl-queue",
  type: "QUEUE",
  image: "example/sdxl-worker:1.4.0",
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  gpu: { pools: ["ADA_24"] },
};
// gpu and cpu together: refused by the service with 400 (exactly one of them).
const bad = { ...body, cpu: [{ id: "cpu5c", vcpuCount: 4 }] };

const verdict = check("createEndpoint", bad);
console.log(
  JSON.stringify({
    valid: check("createEndpoint", body).ok,
    invalid: verdict.status,
    problem: verdict.problem?.title,
    oneOperation: [createEndpoint.check(body).ok, createEndpoint.check(bad).status],
  }),
);
