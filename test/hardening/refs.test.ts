// Issue 13, item 6: a `$ref` to a symlink inside the spec's folder that points outside it is an
// external reference: refused without --allow-external-refs (real paths are compared), and its
// content never reaches the generated validators.

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError } from "../../schema-model/errors.js";
import { loadDocument } from "../../generators/load/load.js";
import { scratch } from "../fixtures/conformance/support.js";

const root = scratch("harden-refs");
const specDir = path.join(root, "spec");
const outsideDir = path.join(root, "outside");
mkdirSync(specDir);
mkdirSync(outsideDir);
writeFileSync(path.join(outsideDir, "secret.json"), JSON.stringify({ Secret: { type: "string", description: "SECRET-CONTENT" } }));
writeFileSync(path.join(specDir, "inside.json"), JSON.stringify({ Inside: { type: "string" } }));
symlinkSync(path.join(outsideDir, "secret.json"), path.join(specDir, "link.json"));
symlinkSync(outsideDir, path.join(specDir, "linkdir"));

function spec(ref: string): string {
  const file = path.join(specDir, `spec-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/x": {
          post: {
            operationId: "createThing",
            requestBody: { content: { "application/json": { schema: { type: "object", properties: { a: { $ref: ref } } } } } },
            responses: { "204": { description: "none" } },
          },
        },
      },
    }),
  );
  return file;
}

describe("$ref through a symlink", () => {
  it.each(["./link.json#/Secret", "linkdir/secret.json#/Secret"])("%s is refused without --allow-external-refs", async (ref) => {
    const error = await loadDocument(spec(ref)).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as Error).message).toContain("points outside the document's folder: pass --allow-external-refs to follow it");
  });

  it("is followed with --allow-external-refs", async () => {
    const doc = await loadDocument(spec("./link.json#/Secret"), { allowExternalRefs: true });
    expect(JSON.stringify(doc)).toContain("SECRET-CONTENT");
  });

  it("a plain file inside the folder is still followed", async () => {
    const doc = await loadDocument(spec("./inside.json#/Inside"));
    expect(JSON.stringify(doc)).toContain('"type":"string"');
  });
});
