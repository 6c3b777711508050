// A format that the schema's own examples contradict is widened (URI formats → uri-template) or
// dropped, with a warning naming the pointer: on a small synthetic document, through
// normalization and through `v2kit lint --spec` as a user runs it.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalize } from "../../generators/normalize/normalize.js";
import { cli, scratch } from "../fixtures/conformance/support.js";

const property = (schema: Record<string, unknown>) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/things": {
      get: {
        operationId: "getThing",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { link: { type: "string", ...schema } } } } },
          },
        },
      },
    },
  },
});

const linkSchema = (doc: ReturnType<typeof normalize>) => {
  const schema = doc.operations[0]?.responses[0]?.schema as { properties: { link: Record<string, unknown> } };
  return schema.properties.link;
};

describe("format contradicted by the schema's own examples", () => {
  const pointer = "/paths/~1things/get/responses/200/content/application~1json/schema/properties/link/format";
  it.each([
    { given: { format: "uri", examples: ["https://a.example/status/{job_id}"] }, want: "uri-template", warned: true },
    { given: { format: "uri-reference", examples: ["/status/{job_id}"] }, want: "uri-template", warned: true },
    { given: { format: "uri", examples: ["https://a.example/x", "https://a.example/{id}"] }, want: "uri-template", warned: true },
    { given: { format: "uri", examples: ["not a uri {"] }, want: undefined, warned: true },
    { given: { format: "date-time", examples: ["yesterday"] }, want: undefined, warned: true },
    { given: { format: "uri", examples: ["https://a.example/x"] }, want: "uri", warned: false },
    { given: { format: "uri" }, want: "uri", warned: false },
    { given: { format: "int64", examples: ["12"] }, want: "int64", warned: false },
  ])("$given → format $want", ({ given, want, warned }) => {
    const model = normalize(property(given), ["t.json"]);
    expect(linkSchema(model).format).toBe(want);
    const warnings = model.diagnostics.filter((diagnostic) => diagnostic.code === "format-contradicted-by-example");
    expect(warnings.map((diagnostic) => diagnostic.pointer)).toEqual(warned ? [pointer] : []);
    if (warned) expect(warnings[0]?.message).toContain(JSON.stringify(given.format));
  });

  it("an OpenAPI 3.0 `example` counts too", () => {
    const doc = { ...property({ format: "uri", example: "https://a.example/{id}" }), openapi: "3.0.3" };
    expect(linkSchema(normalize(doc, ["t.json"])).format).toBe("uri-template");
  });

  it("lint --spec accepts a URI template where the document's example shows one, and still rejects a broken value", () => {
    const dir = scratch("format-examples");
    const spec = path.join(dir, "doc.json");
    writeFileSync(spec, JSON.stringify(property({ format: "uri", examples: ["https://a.example/status/{job_id}"] })));
    const run = (body: unknown) => {
      const file = path.join(dir, "body.json");
      writeFileSync(file, JSON.stringify(body));
      try {
        return {
          status: 0,
          out: execFileSync(process.execPath, [cli, "lint", "--spec", spec, "--operation", "getThing", "--response", "200", "--format", "json", file], {
            encoding: "utf8",
          }),
        };
      } catch (error) {
        const { status, stdout } = error as { status: number; stdout: string };
        return { status, out: stdout };
      }
    };
    expect(run({ link: "https://a.example/status/{job_id}" }).status).toBe(0);
    expect(run({ link: "https://a.example/status/abc" }).status).toBe(0);
    const broken = run({ link: "https://a.example/status/{job id}" });
    expect(broken.status).toBe(1);
    expect(broken.out).toContain("/link");
  });
});
