// docs/upstream-diff.md is current: regenerated in memory from schema/ and the upstream v2
// document, it must equal the committed file. Plus the differ itself on a small given/want case.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ApiModel } from "../../schema-model/model.js";
import { SCHEMAS_ID } from "../../schema-model/model.js";
import { buildDiff, noteFor } from "../../generators/upstream-diff-cli.js";
import { upstreamDiff } from "../../generators/upstream-diff.js";
import { haveShared, repo, reportSharedAbsent, upstreamV2 } from "../fixtures/conformance/support.js";

reportSharedAbsent("the docs/upstream-diff.md currency test (test/conformance/upstream-diff.test.ts)");

const model = (request: Record<string, unknown>, schemas: Record<string, unknown> = {}): ApiModel => ({
  title: "t",
  version: "1",
  openapi: "3.1.0",
  sources: [],
  schemas: schemas as ApiModel["schemas"],
  operations: [
    {
      id: "op",
      kind: "rest",
      tags: [],
      parameters: [],
      request: { contentType: "application/json", required: true, schema: request, examples: {} },
      responses: [],
    },
  ],
  diagnostics: [],
});

describe("upstreamDiff", () => {
  it("lists fields on one side, required-list, format and bound differences, through $ref and allOf", () => {
    const ours = model(
      { $ref: `${SCHEMAS_ID}#/$defs/Volume` },
      {
        Volume: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 1 },
            size: { type: "integer", minimum: 1 },
            mine: { type: "object", properties: { deep: { type: "string" } } },
          },
        },
      },
    );
    const theirs = model({
      allOf: [
        {
          type: "object",
          required: ["name", "size"],
          properties: { name: { type: "string" }, size: { type: "integer", minimum: 10, maximum: 4096 }, url: { type: "string", format: "uri" } },
        },
      ],
    });
    const rows = upstreamDiff(ours, theirs).map((row) => [row.field, row.kind, row.keyword ?? "", row.ours, row.upstream]);
    expect(rows).toEqual([
      ["/mine", "only-ours", "", "optional", "—"],
      ["/name", "bound", "minLength", "1", "—"],
      ["/size", "required", "", "optional", "required"],
      ["/size", "bound", "minimum", "1", "10"],
      ["/size", "bound", "maximum", "—", "4096"],
      ["/url", "only-upstream", "", "—", "optional"],
    ]);
    expect(noteFor(upstreamDiff(ours, theirs)[4] as never, [{ field: "^/size$", keyword: "maximum", note: "n", fix: true }])?.fix).toBe(true);
  });
});

describe.skipIf(!haveShared)("docs/upstream-diff.md", () => {
  it("is current (regenerate with npm run build && npm run diff:upstream) and explains every row", async () => {
    const text = await buildDiff(upstreamV2, path.join(repo, "docs/upstream-diff-notes.json"));
    const committed = readFileSync(path.join(repo, "docs/upstream-diff.md"), "utf8");
    expect(committed === text, "docs/upstream-diff.md is stale: run npm run build && npm run diff:upstream").toBe(true);
    expect(text).toMatch(/\d+ explained, 0 unexplained/);
  });
});
