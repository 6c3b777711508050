// migrate/scan/openapi-document.ts: whose OpenAPI document a file is, and where it is reported.
// The CLI as a user meets it is held by test/migrate/scan-openapi-document.test.ts; these are the
// spellings the fixtures do not show (Swagger's host, escapes, a BOM, flow YAML, several servers).

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeSource } from "../../../migrate/index.js";
import { documentKind } from "../../../migrate/scan/openapi-document.js";

const PATHS = '"paths": { "/pods": { "get": {} }, "/endpoints": { "get": {} }, "/templates/{templateId}": { "delete": {} } }';
const PUBLISHED = path.resolve(import.meta.dirname, "../../../../shared/reference");

const place = (text: string) => {
  const found = documentKind(text);
  return found?.kind === "v1" ? { line: found.document.line, column: found.document.column, match: found.document.match, by: found.document.by } : found;
};

describe("documentKind", () => {
  it("reads Swagger 2.0's host: the v1 host is this API's v1, reported at the host as written", () => {
    const text = `{\n  "swagger": "2.0",\n  "host": "rest.runpod.io",\n  "basePath": "/v1",\n  ${PATHS}\n}\n`;
    expect(place(text)).toEqual({ line: 3, column: 12, match: "rest.runpod.io", by: "servers" });
    expect(documentKind(text.replace("rest.runpod.io", "pods.other.example"))).toEqual({ kind: "other" });
  });

  it("reports the URL as written (JSON escapes), after a byte-order mark, and the v1 server among others", () => {
    const escaped = `{"openapi": "3.0.0", "servers": [{"url": "https://staging.example/v1"}, {"url": "https:\\/\\/rest.runpod.io\\/v1"}], ${PATHS}}`;
    expect(place(escaped)).toEqual({ line: 1, column: escaped.indexOf("https:\\/\\/") + 1, match: "https:\\/\\/rest.runpod.io\\/v1", by: "servers" });
    expect(place(`\uFEFF{"openapi": "3.0.0", "servers": [{"url": "https://rest.runpod.io/v1/"}], ${PATHS}}`)).toMatchObject({ column: 44 });
  });

  it("reads YAML servers in flow style", () => {
    const text = 'openapi: "3.1.0"\nservers: [{url: "https://rest.runpod.io/v1"}]\npaths:\n  /pods:\n    get: {}\n';
    expect(place(text)).toEqual({ line: 2, column: 18, match: "https://rest.runpod.io/v1", by: "servers" });
  });

  it("judges a document with no host by its routes: all v1 routes over three resources, each method one v1 has", () => {
    expect(place(`{"openapi": "3.0.0", ${PATHS}}`)).toEqual({ line: 1, column: 23, match: "paths", by: "routes" });
    // Two resources: not enough to tell it from another API with pods and endpoints.
    expect(documentKind('{"openapi": "3.0.0", "paths": { "/pods": { "get": {} }, "/endpoints": { "get": {} } }}')).toEqual({ kind: "other" });
    // A method v1 does not have on the route (PUT /pods).
    expect(documentKind(`{"openapi": "3.0.0", ${PATHS.replace('"/pods": { "get"', '"/pods": { "put"')}}`)).toEqual({ kind: "other" });
    // A templated host is no host: the routes decide.
    expect(place(`{"openapi": "3.0.0", "servers": [{"url": "{scheme}://{host}/v1"}], ${PATHS}}`)).toMatchObject({ by: "routes" });
    // A relative server other than /v1 is another API's prefix.
    expect(documentKind(`{"openapi": "3.0.0", "servers": [{"url": "/api/v3"}], ${PATHS}}`)).toEqual({ kind: "other" });
  });

  it("is undefined for JSON and YAML that are not documents", () => {
    expect(documentKind('{"name": "x", "config": {"openapi": "3.0.0", "paths": {}}}')).toBeUndefined();
    expect(documentKind("openapi: 3.0.0\ninfo:\n  title: no paths\n")).toBeUndefined();
    expect(documentKind('{"openapi": "3.0.0", "paths": {"/pods": {"get": {}}}')).toBeUndefined();
  });

  it.skipIf(!existsSync(PUBLISHED))("tells the published documents apart: v1's is this API's v1, v2's is not reported", () => {
    const v1 = readFileSync(path.join(PUBLISHED, "upstream-v1-openapi.json"), "utf8");
    expect(place(v1)).toMatchObject({ match: "https://rest.runpod.io/v1", by: "servers" });
    const v2 = readFileSync(path.join(PUBLISHED, "upstream-v2-openapi.json"), "utf8");
    expect(documentKind(v2)).toEqual({ kind: "other" });
    expect(analyzeSource(v2, "openapi.json")).toMatchObject({ candidates: [] });
    // Without its servers, the v1 document is still known by its routes.
    const { servers: _dropped, ...hostless } = JSON.parse(v1) as Record<string, unknown>;
    expect(place(JSON.stringify(hostless, null, 2))).toMatchObject({ match: "paths", by: "routes" });
  });

  it("is read only in files of no programming language: a TypeScript file holding a document's text is code", () => {
    const text = `{"openapi": "3.0.0", "servers": [{"url": "https://rest.runpod.io/v1"}], ${PATHS}}`;
    expect(analyzeSource(text, "openapi.json").document).toMatchObject({ match: "https://rest.runpod.io/v1" });
    expect(analyzeSource(text, "spec.ts").document).toBeUndefined();
  });
});
