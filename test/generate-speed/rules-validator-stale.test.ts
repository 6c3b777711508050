// When rules/rules-file-validator.ts was made from another schema than today's (a rule kind was
// added and the file not regenerated), rules/load.ts must not trust it: it compiles the schema.

import { describe, expect, test, vi } from "vitest";

vi.mock("../../rules/rules-file-validator.js", () => ({ SCHEMA_HASH: "made-from-another-schema", validate: () => true }));

describe("a stale precompiled rules-file validator", () => {
  test("is not used: a rules file that breaks today's schema is still refused, with its position", async () => {
    const [{ parseRules }, { RulesFileError }] = await Promise.all([import("../../rules/load.js"), import("../../rules/errors.js")]);
    const text =
      "version: 1\nstages: []\nrules:\n  - id: r\n    kind: exactlyOne\n    operations: [x]\n    status: 401\n    message: must x\n    spec: s\n    fields: [/a, /b]\nhints: []\n";
    expect(() => parseRules(text, "bad.rules.yaml")).toThrow(RulesFileError);
    expect(() => parseRules(text, "bad.rules.yaml")).toThrow("bad.rules.yaml:7:13: /rules/0/status must be equal to one of the allowed values");
  });
});
