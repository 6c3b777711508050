// A body that is nothing but a `$ref` to a component is validated by the component's own
// function (generators/emit/validators.ts, CompiledSlot.ref): no wrapper call per body. The verdict
// and every error must be what the body's own schema gives, on the bundled schema and on the
// published v2 document.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ApiModel, SCHEMAS_ID } from "../../schema-model/model.js";
import { loadModel } from "../../generators/pipeline.js";
import { buildAjv } from "../../generators/emit/validators.js";
import type { ValidateFunction } from "../../engine/types.js";
import { haveShared, reportSharedAbsent, upstreamV2 } from "../fixtures/conformance/support.js";

const SEED = Number(process.env.V2KIT_SEED ?? 20261126);
const examples = path.resolve(import.meta.dirname, "../../examples");

/** The example request bodies, and each broken a few ways: a field dropped, retyped, or added. */
function probes(): unknown[] {
  const out: unknown[] = [{}, [], null, 0, "x", { v2kitUnknown: 1 }];
  for (const name of readdirSync(examples).filter((fileName) => fileName.endsWith(".json"))) {
    const body = JSON.parse(readFileSync(path.join(examples, name), "utf8")) as unknown;
    out.push(body);
    if (body === null || typeof body !== "object" || Array.isArray(body)) continue;
    for (const key of Object.keys(body)) {
      const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
      out.push(rest, { ...body, [key]: "x" }, { ...body, [key]: { v2kitUnknown: [1] } }, { ...body, [key]: -1.5 });
    }
  }
  return out;
}

function compare(model: ApiModel): { direct: number } {
  const { ajv, slots } = buildAjv(model, false);
  const bodies = probes();
  let direct = 0;
  for (const slot of slots) {
    if (slot.ref === slot.schemaId) continue;
    direct++;
    expect(slot.ref.startsWith(`${SCHEMAS_ID}#/$defs/`)).toBe(true);
    const own = ajv.getSchema(slot.schemaId) as unknown as ValidateFunction;
    const component = ajv.getSchema(slot.ref) as unknown as ValidateFunction;
    const same = (body: unknown) => {
      const verdict = own(body);
      expect({ slot: `${slot.operation} ${slot.target}`, verdict: component(body), errors: component.errors ?? null }).toEqual({
        slot: `${slot.operation} ${slot.target}`,
        verdict,
        errors: own.errors ?? null,
      });
    };
    for (const body of bodies) same(body);
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), same), { seed: SEED, numRuns: 40 });
  }
  return { direct };
}

describe("validators of bodies that only refer to a component", () => {
  it("give the body schema's verdict and errors, on the bundled schema", async () => {
    const model = await loadModel({});
    const { direct } = compare(model);
    // createEndpoint's request ({"$ref": "…#/$defs/CreateEndpointRequest"}) is one of them.
    expect(direct).toBeGreaterThan(10);
    const createEndpoint = buildAjv(model, false).slots.find((slot) => slot.operation === "createEndpoint" && slot.target === "request");
    expect(createEndpoint?.ref).toBe(`${SCHEMAS_ID}#/$defs/CreateEndpointRequest`);
  });

  it.skipIf(!haveShared)("give the body schema's verdict and errors, on the published v2 document", async () => {
    const { direct } = compare(await loadModel({ spec: upstreamV2 }));
    expect(direct).toBeGreaterThan(10);
  });
  if (!haveShared) reportSharedAbsent("component validators on the published v2 document");
});
