// emitTypes on composed schemas: `allOf` with `unevaluatedProperties: false` or
// `additionalProperties: false`, `minProperties`, and rules narrowed through `allOf`. Each
// case is a consumer line compiled against the emitted file; lines marked `// ERROR` must fail.

import { Project, ts } from "ts-morph";
import { describe, expect, test } from "vitest";
import { emitTypes } from "../../../generators/emit/emit-types.js";
import type { ApiModel, JsonSchema, OperationModel } from "../../../schema-model/model.js";
import type { RuleSpec } from "../../../rules/types.js";

const project = new Project({
  useInMemoryFileSystem: true,
  compilerOptions: { strict: true, noUncheckedIndexedAccess: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, noEmit: true },
});

/** Lines of `consumer.ts` (1-based) with a diagnostic, and any diagnostic in types.ts. */
function errorLines(types: string, lines: readonly string[]): { consumer: number[]; types: string[] } {
  for (const sf of project.getSourceFiles()) project.removeSourceFile(sf);
  project.createSourceFile("/types.ts", types);
  project.createSourceFile("/consumer.ts", `${lines.join("\n")}\n`);
  const diagnostics = project.getPreEmitDiagnostics();
  const inTypes = diagnostics
    .filter((diagnostic) => diagnostic.getSourceFile()?.getBaseName() === "types.ts")
    .map((diagnostic) => String(diagnostic.getMessageText()));
  const inConsumer = diagnostics
    .filter((diagnostic) => diagnostic.getSourceFile()?.getBaseName() === "consumer.ts")
    .map((diagnostic) => diagnostic.getLineNumber() ?? 0);
  return { consumer: [...new Set(inConsumer)].sort((a, b) => a - b), types: inTypes };
}

const marked = (lines: readonly string[]) => lines.flatMap((line, i) => (line.includes("// ERROR") ? [i + 1] : []));
const ref = (name: string) => `https://v2kit.local/schemas#/$defs/${name}`;
const body = (name: string) => ({ contentType: "application/json", required: true, schema: { $ref: ref(name) }, examples: {} });
const op = (id: string, request: string): OperationModel => ({
  id,
  kind: "rest",
  method: "post",
  path: `/${id}`,
  tags: [],
  parameters: [],
  responses: [],
  request: body(request),
});
const rule = (fields: Record<string, unknown> & { id: string; kind: string; operations: string[] }): RuleSpec => ({
  status: 400,
  message: "m",
  spec: "s",
  ...fields,
});

const schemas: Record<string, JsonSchema> = {
  Base: { type: "object", properties: { image: { type: "string" }, env: { type: "object", additionalProperties: { type: "string" } } } },
  // The published document's shape: no own properties, everything through allOf.
  Create: {
    allOf: [
      { $ref: ref("Base") },
      { if: { not: { required: ["templateId"] } }, then: { required: ["image"] } },
      {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string" },
          templateId: { type: "string" },
          gpu: { type: "object", properties: { count: { type: "integer" } } },
          cpu: { type: "array", items: { type: "string" } },
        },
      },
    ],
    unevaluatedProperties: false,
  },
  Strict: { allOf: [{ $ref: ref("Base") }], properties: { name: { type: "string" } }, additionalProperties: false },
  Empty: { type: "object", unevaluatedProperties: false },
  Patch: { type: "object", additionalProperties: false, minProperties: 1, properties: { name: { type: "string" }, size: { type: "integer" } } },
  OpenPatch: { type: "object", minProperties: 1, properties: { name: { type: "string" } } },
};

const model: ApiModel = {
  title: "T",
  version: "1",
  openapi: "3.1.0",
  sources: ["t.yaml"],
  schemas,
  operations: [op("create", "Create"), op("strict", "Strict")],
  diagnostics: [],
};

const rules = {
  version: 1,
  stages: [],
  hints: [],
  rules: [
    rule({ id: "one", kind: "exactlyOne", operations: ["create"], fields: ["/gpu", "/cpu"] }),
    rule({ id: "image", kind: "requires", operations: ["create"], field: "/image", when: { absent: "/templateId" } }),
    rule({ id: "nested", kind: "requires", operations: ["create"], field: "/gpu/count", when: { present: "/gpu" } }),
  ],
} as never;

const emitted = emitTypes(model, rules, "// test");

describe("composed schemas", () => {
  test("unevaluatedProperties: false admits exactly the composed properties; rules narrow through allOf", () => {
    const lines = [
      'import type { Create, CreateRequestBody, RequestBody, Empty } from "./types";',
      'const plain: Create = { name: "a", image: "i", env: { A: "b" }, gpu: {}, cpu: ["c"] };',
      'const narrowed: CreateRequestBody = { name: "a", image: "i", gpu: { count: 1 } };',
      'const viaTemplate: RequestBody<"create"> = { name: "a", templateId: "t", cpu: ["c"] };',
      "const empty: Empty = {};",
      'const unknownKey: Create = { name: "a", image: "i", bogus: 1 }; // ERROR',
      'const both: CreateRequestBody = { name: "a", image: "i", gpu: {}, cpu: ["c"] }; // ERROR',
      'const neither: CreateRequestBody = { name: "a", image: "i" }; // ERROR',
      'const noImage: CreateRequestBody = { name: "a", gpu: {} }; // ERROR',
      "const notEmpty: Empty = { a: 1 }; // ERROR",
      "export { plain, narrowed, viaTemplate, empty, unknownKey, both, neither, noImage, notEmpty };",
    ];
    const result = errorLines(emitted, lines);
    expect(result.types).toEqual([]);
    expect(result.consumer).toEqual(marked(lines));
    expect(emitted).not.toContain("[key: string]: never } &");
    expect(emitted).toContain("narrowed by rules `one`, `image`.");
    expect(emitted).toContain("Rule `nested` (requires): only `present`/`absent` conditions on top-level fields are narrowed; checked at run time");
  });

  test("additionalProperties: false sees only own properties, and the type's doc says so", () => {
    const lines = [
      'import type { Strict } from "./types";',
      'const own: Strict = { name: "a" };',
      'const composed: Strict = { name: "a", image: "i" }; // ERROR',
      "export { own, composed };",
    ];
    expect(errorLines(emitted, lines).consumer).toEqual(marked(lines));
    expect(emitted).toContain(
      "`additionalProperties: false` sees only this object's own `properties` (JSON Schema 2020-12 §10.3.2.3), so `env`, `image` from its composition cannot be sent",
    );
  });

  test("minProperties: 1 on a closed all-optional object rejects {}; an open one is left alone", () => {
    const lines = [
      'import type { Patch, OpenPatch } from "./types";',
      "const size: Patch = { size: 2 };",
      'const both: Patch = { name: "a", size: 2 };',
      "const open: OpenPatch = {};",
      "const none: Patch = {}; // ERROR",
      'const extra: Patch = { size: 2, other: "x" }; // ERROR',
      "export { size, both, open, none, extra };",
    ];
    expect(errorLines(emitted, lines).consumer).toEqual(marked(lines));
  });

  test("paths and operations follow openapi-typescript's shape", () => {
    const lines = [
      'import type { paths, operations, components, CreateRequestBody } from "./types";',
      'type Post = paths["/create"]["post"];',
      'const same: Post["requestBody"]["content"]["application/json"] = {} as CreateRequestBody;',
      'const viaOps: operations["strict"]["requestBody"]["content"]["application/json"] = { name: "a" };',
      'const schema: components["schemas"]["Patch"] = { size: 1 };',
      'const noGet: paths["/create"]["get"] = undefined;',
      'const noParams: Post["parameters"]["path"] = undefined;',
      'const wrong: operations["strict"]["requestBody"]["content"]["application/json"] = { nope: 1 }; // ERROR',
      "export { same, viaOps, schema, noGet, noParams, wrong };",
    ];
    expect(errorLines(emitted, lines).consumer).toEqual(marked(lines));
  });
});
