// types.mts is printed without TypeScript (generators/emit/types/print.ts). Its layout must be what
// TypeScript's own formatter makes of it, so that printing it ourselves changed no byte: types
// run through ts-morph's formatText with the settings the emitter used before come back
// unchanged and parse cleanly. (output/types.mts itself is held by `generate --check`.)

import path from "node:path";
import { Project, ts } from "ts-morph";
import { describe, expect, test } from "vitest";
import { emitTypes } from "../../generators/emit/emit-types.js";
import type { ApiModel, JsonSchema } from "../../schema-model/model.js";
import { loadModel, loadRules } from "../../generators/pipeline.js";

const root = path.resolve(import.meta.dirname, "../..");

const FORMAT: ts.FormatCodeSettings = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  newLineCharacter: "\n",
  insertSpaceAfterSemicolonInForStatements: true,
  insertSpaceBeforeAndAfterBinaryOperators: true,
  semicolons: ts.SemicolonPreference.Insert,
};

const project = new Project({ useInMemoryFileSystem: true });

function formatted(text: string): { text: string; syntaxErrors: number } {
  const file = project.createSourceFile("types.ts", text, { overwrite: true });
  const syntaxErrors = project.getProgram().getSyntacticDiagnostics(file).length;
  file.formatText(FORMAT);
  return { text: file.getFullText(), syntaxErrors };
}

const fixtures = path.join(root, "test/fixtures/conformance");

describe("types printed without the TypeScript formatter", () => {
  // Small documents that between them hold every form the printer writes: nested objects,
  // unions and intersections in parentheses, tuples, index signatures, quoted and escaped keys,
  // doc comments with blank, leading and hostile lines.
  test.each(["openapi-3.1.yaml", "openapi-3.0.yaml", "cyclic-refs.yaml", "hostile.openapi.json"])(
    "the types of %s are already formatted as TypeScript formats them",
    async (name) => {
      const text = emitTypes(await loadModel({ spec: path.join(fixtures, name) }), loadRules(), "// test");
      const result = formatted(text);
      expect(result.syntaxErrors).toBe(0);
      expect(result.text === text, `the types of ${name} change when formatted`).toBe(true);
    },
    120_000,
  );
});

// given: a component schema; want: the line its alias prints as. These forms appear in no
// fixture document; tuples and `{}` print on one line, as TypeScript's formatter leaves them.
const forms: { given: JsonSchema; want: string }[] = [
  { given: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], minItems: 1 }, want: "export type T = [string, number?, ...unknown[]];" },
  { given: { type: "array", prefixItems: [{ enum: ["a", "b"] }], items: false }, want: 'export type T = [("a" | "b")?];' },
  { given: { type: "array", items: false }, want: "export type T = [];" },
  { given: { const: [1, -2.5, "x\u00e9\n", null, true] }, want: 'export type T = [1, -2.5, "x\\u00E9\\n", null, true];' },
  { given: { type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } }, want: "export type T = (string | null)[];" },
  { given: { allOf: [{ anyOf: [{ const: 1 }, { const: 2 }] }, { oneOf: [{ const: 2 }, { const: 3 }] }] }, want: "export type T = (1 | 2) & (2 | 3);" },
  { given: { anyOf: [{ allOf: [{ const: 1 }, { type: "number" }] }, { type: "string" }] }, want: "export type T = (1 & number) | string;" },
  { given: { const: "\u0000", title: "NUL" }, want: 'export type T = "\\0";' },
];

describe("type forms the documents do not hold", () => {
  test.each(forms)("$want", ({ given, want }) => {
    const model: ApiModel = { title: "T", version: "1", openapi: "3.1.0", sources: ["t.yaml"], schemas: { T: given }, operations: [], diagnostics: [] };
    const text = emitTypes(model, { version: 1, stages: [], rules: [], hints: [] }, "");
    expect(text.split("\n")).toContain(want);
    const result = formatted(text);
    expect(result.syntaxErrors).toBe(0);
    expect(result.text).toBe(text);
  });
});
