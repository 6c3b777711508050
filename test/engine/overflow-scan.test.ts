// lint() looks for number literals past the float range without reading every character of the
// text: it samples every 154th character for a run of 309 digits, and looks for a 3-digit exponent
// from the digit before each `e` (lint/number-overflow.ts). Wherever such a literal sits in the
// text, it must still be found: a 400 `json/number` at its pointer.

import { describe, expect, it } from "vitest";
import { lint } from "../../lint/index.js";

const base = { name: "n", type: "QUEUE", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, image: "i", gpu: { pools: ["ADA_24"] } };

describe("number literals past the float range, at every offset the sampling can meet", () => {
  it.each([309, 310, 400, 700])("a %i-digit literal is a json/number violation wherever it starts", (digits) => {
    // Offsets across two sampling intervals and more: the run must be found between any two samples.
    for (let pad = 0; pad <= 420; pad++) {
      const literal = "9".repeat(digits);
      const text = JSON.stringify({ ...base, name: "x".repeat(pad + 1) }).replace(/}$/, `,"workers":{"max":${literal}}}`);
      const result = lint(text, { operation: "createEndpoint" });
      expect(result.violations[0], `pad ${pad}`).toMatchObject({ rule: "json/number", status: 400, path: "/workers/max" });
    }
  });

  it.each(["1e999", "1E999", "1e+309", "1E+0309", "1.5e400", "12.25E+00999", "-7e999", "9e9999"])(
    "an exponent past the float range, %s, is a json/number violation (the scan starts at the digit before the e)",
    (literal) => {
      const text = JSON.stringify(base).replace(/}$/, `,"workers":{"max":${literal}}}`);
      expect(lint(text, { operation: "createEndpoint" }).violations[0]).toMatchObject({ rule: "json/number", status: 400, path: "/workers/max" });
    },
  );

  it.each(["1e-999", "0e999", "1e308", "1.7E+308"])("a finite exponent, %s, is not a json/number violation", (literal) => {
    const text = JSON.stringify(base).replace(/}$/, `,"workers":{"max":${literal}}}`);
    expect(lint(text, { operation: "createEndpoint" }).violations.map((violation) => violation.rule)).not.toContain("json/number");
  });

  it("long digit runs inside strings and finite long literals are not violations of their own", () => {
    for (const pad of [0, 77, 153, 154, 155]) {
      // 1e300: 301 digits, finite (the schema's own maximum judges it).
      const text = JSON.stringify({ ...base, name: `${"x".repeat(pad)}${"7".repeat(500)}` }).replace(/}$/, `,"workers":{"max":1${"0".repeat(300)}}}`);
      const result = lint(text, { operation: "createEndpoint" });
      expect(result.violations.map((violation) => violation.rule)).not.toContain("json/number");
    }
  });
});
