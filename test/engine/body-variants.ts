// Generated request bodies of one operation, each as the model makes it valid, with one of the
// operation's rules broken, or with one top-level field removed: the bodies tests that compare
// two ways of answering (lazy reads, printed text) run on.

import fc from "fast-check";
import { removeAt } from "../../engine/pointer.js";
import { type TestModel, validBodies, violate } from "../../testing/index.js";

export function bodyVariants(model: TestModel, operation: string): fc.Arbitrary<unknown> {
  const rules = model.rules.rules.filter((rule) => rule.operations.includes(operation));
  return validBodies(model, operation).chain((body) => {
    const keys = body !== null && typeof body === "object" ? Object.keys(body) : [];
    const variants = [body, ...rules.map((rule) => violate(model, rule, operation, body)).filter((b) => b !== undefined)];
    return fc.oneof(fc.constantFrom(...variants), keys.length === 0 ? fc.constant(body) : fc.constantFrom(...keys).map((k) => removeAt(body, [k])));
  });
}
