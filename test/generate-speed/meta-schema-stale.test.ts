// When generators/load/precompiled/json-schema-2020-12.ts was made from other meta-schemas than the
// installed Ajv's (Ajv was upgraded and the file not regenerated), checkSchemas must not trust it:
// it compiles the meta-schema with Ajv, as before.

import { describe, expect, test, vi } from "vitest";

vi.mock("../../generators/load/precompiled/json-schema-2020-12.js", () => ({ SCHEMA_HASH: "made-from-other-meta-schemas", validate: () => true }));

describe("a stale precompiled meta-schema validator", () => {
  test("is not used: a schema that breaks the meta-schema is still refused, at its pointer", async () => {
    const { checkSchemas } = await import("../../generators/load/schema-check.js");
    expect(checkSchemas({ openapi: "3.1.0", components: { schemas: { A: { type: "bogus" } } } }, "3.1.0")).toEqual([
      { pointer: "/components/schemas/A/type", message: "invalid schema: type must be equal to one of the allowed values" },
    ]);
  });
});
