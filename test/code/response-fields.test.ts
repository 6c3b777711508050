// v2-unknown-response-field against bodies v2kit did not build for it: every field of the minimal
// response `v2kit serve` synthesizes for each operation (serve/synthetic.ts, the document's own
// examples where it has them), of the bundled and of the published document, is a field the check
// finds in the response. Reads below a free-form map (`env.HF_TOKEN`) are accepted too.

import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { checkCalls } from "../../code/check.js";
import { bundledCodeDocument, type CodeDocument, loadCodeDocument } from "../../code/document.js";
import { successSchema } from "../../code/response-schema.js";
import type { V2Call } from "../../migrate/scan/v2-call.js";
import { minimalInstance } from "../../serve/synthetic.js";

const PUBLISHED = fileURLToPath(new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url));

/** Every path to a member or item of `value`, items as `*`. */
function readPaths(value: unknown, at: readonly string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((item) => [[...at, "*"], ...readPaths(item, [...at, "*"])]);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => [[...at, key], ...readPaths(child, [...at, key])]);
}

let published: CodeDocument;
beforeAll(async () => {
  published = await loadCodeDocument(PUBLISHED);
}, 60_000);

describe.each([
  ["bundled", () => bundledCodeDocument()],
  ["published", () => published],
])("the %s document", (_name, documentOf) => {
  it("every field of each operation's synthesized success response is found", () => {
    const document = documentOf();
    let checked = 0;
    for (const operation of document.operations.values()) {
      const schema = successSchema(operation);
      if (schema === undefined) continue;
      const model = { operations: [...document.operations.values()], schemas: { ...document.schemas } };
      const bodies = [
        minimalInstance(model, schema),
        ...operation.responses.filter((response) => /^2/.test(response.status)).flatMap((response) => Object.values(response.examples)),
      ];
      const at = { line: 1, column: 1, offset: 0 };
      const reads = bodies.flatMap((body) => readPaths(body)).map((path) => ({ path, at, match: path.join(".") }));
      checked += reads.length;
      const call: V2Call = { at, end: 1, method: { value: operation.method as string, certain: true }, path: operation.path as string, query: [], reads };
      const findings = checkCalls([call], "app.py", document.source === "bundled" ? {} : { spec: document }).filter(
        (finding) => finding.rule === "v2-unknown-response-field",
      );
      expect(findings.map((finding) => finding.message)).toEqual([]);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("a read below a free-form map is accepted; a field no schema names is not", () => {
    const document = documentOf();
    const at = { line: 1, column: 1, offset: 0 };
    const call: V2Call = {
      at,
      end: 1,
      method: { value: "GET", certain: true },
      path: "/v2/pods/{id}",
      query: [],
      reads: [
        { path: ["env", "ANY_NAME"], at, match: "env.ANY_NAME" },
        { path: ["gpu", "nothingLikeThis"], at, match: "gpu.nothingLikeThis" },
      ],
    };
    const findings = checkCalls([call], "app.py", document.source === "bundled" ? {} : { spec: document });
    expect(findings.map((finding) => finding.message)).toEqual(["the response of GET /v2/pods/{id} (getPod) has no field `gpu.nothingLikeThis`"]);
  });
});
