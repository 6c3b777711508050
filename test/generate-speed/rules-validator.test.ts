// rules/rules-file-validator.ts is the rules-file schema compiled ahead of time. It must be
// what compiling today's schema gives (else run this test with V2KIT_WRITE_RULES_VALIDATOR=1),
// and rules/load.ts must report the same errors through it as through Ajv compiling the schema.

import { readFileSync, writeFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { parseRules, RULES_SCHEMA_OPTIONS } from "../../rules/load.js";
import { RulesFileError } from "../../rules/errors.js";
import { SCHEMA_HASH, validate as precompiled } from "../../rules/rules-file-validator.js";
import { rulesFileSchema } from "../../rules/schema.js";
import { rulesSchemaHash, rulesValidatorSource, validatorFile } from "./rules-validator-source.js";

// The precompiled file is Ajv's standalone code under @ts-nocheck: typed here as what Ajv compiles.
const validate = precompiled as ValidateFunction;

describe("the precompiled rules-file validator", () => {
  test("is current: the schema compiled today gives the same file", () => {
    const wanted = rulesValidatorSource();
    if (process.env.V2KIT_WRITE_RULES_VALIDATOR === "1") writeFileSync(validatorFile, wanted);
    expect(
      readFileSync(validatorFile, "utf8") === wanted,
      "rules/rules-file-validator.ts is stale: V2KIT_WRITE_RULES_VALIDATOR=1 npx vitest run test/generate-speed/rules-validator.test.ts",
    ).toBe(true);
    expect(SCHEMA_HASH).toBe(rulesSchemaHash());
  }, 60_000);

  // given: a rules file; want: the same verdict and errors as Ajv compiling the schema now.
  const cases: { given: string; valid: boolean }[] = [
    { given: "version: 1\nstages: []\nrules: []\nhints: []\n", valid: true },
    { given: "version: 2\nstages: []\nrules: []\nhints: []\n", valid: false },
    {
      given:
        "version: 1\nstages: []\nrules:\n  - id: Bad_Id\n    kind: exactlyOne\n    operations: [x]\n    status: 400\n    message: must x\n    spec: s\n    fields: [/a]\nhints: []\n",
      valid: false,
    },
    { given: "version: 1\nstages: []\nrules:\n  - kind: nope\nhints: []\n", valid: false },
    {
      given:
        "version: 1\nstages: []\nrules:\n  - id: r\n    kind: requires\n    operations: []\n    status: 401\n    message: x\n    spec: ''\n    field: a\n    when: {}\nhints: []\nextra: 1\n",
      valid: false,
    },
    { given: readFileSync(new URL("../../rules/v2.rules.yaml", import.meta.url), "utf8"), valid: true },
  ];
  const compiled = new Ajv2020(RULES_SCHEMA_OPTIONS).compile(rulesFileSchema());
  test.each(cases)("agrees with Ajv compiling the schema (#%#)", async ({ given, valid }) => {
    const { parse } = await import("yaml");
    const data = parse(given) as unknown;
    expect(validate(data)).toBe(valid);
    expect(compiled(data)).toBe(valid);
    expect(validate.errors ?? null).toEqual(compiled.errors ?? null);
  });

  test("a broken rules file is still reported with line, column and pointer", () => {
    const text =
      "version: 1\nstages: []\nrules:\n  - id: r\n    kind: exactlyOne\n    operations: [x]\n    status: 401\n    message: must x\n    spec: s\n    fields: [/a, /b]\nhints: []\n";
    let error: unknown;
    try {
      parseRules(text, "bad.rules.yaml");
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(RulesFileError);
    expect((error as Error).message).toContain("bad.rules.yaml:7:13: /rules/0/status must be equal to one of the allowed values: 400, 403, 404, 409, 422");
  });
});
