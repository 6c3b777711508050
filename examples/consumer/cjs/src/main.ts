// A CommonJS project (`npm init -y`) using the output of `v2kit generate --out src/generated`.
// The generated files are ES modules (.mts); Node >= 20.19 loads them with require(), and
// `import x = require()` is how a CommonJS file imports under verbatimModuleSyntax.
import generated = require("./generated/index.mjs");
// One operation only: this module loads createEndpoint's validator and no other operation's.
import createEndpoint = require("./generated/operations/createEndpoint.mjs");

const body: generated.RequestBody<"createEndpoint"> = {
  name: "sdxl-queue",
  type: "QUEUE",
  image: "example/sdxl-worker:1.4.0",
  scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
  gpu: { pools: ["ADA_24"] },
};
// gpu and cpu together: refused by the service with 400 (exactly one of them).
const bad = { ...body, cpu: [{ id: "cpu5c", vcpuCount: 4 }] };

const verdict = generated.check("createEndpoint", bad);
console.log(
  JSON.stringify({
    valid: generated.check("createEndpoint", body).ok,
    invalid: verdict.status,
    problem: verdict.problem?.title,
    oneOperation: [createEndpoint.check(body).ok, createEndpoint.check(bad).status],
  }),
);
