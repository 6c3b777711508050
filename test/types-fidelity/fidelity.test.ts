// Acceptance: the generated request types accept every valid fixture body and reject every
// invalid one, for the bundled schema and the service's published document. openapi-typescript
// (default options) is measured on the same fixtures; the counts are printed as the table in
// docs/types-fidelity.md, and v2kit must reject more invalid bodies than it does.

import { beforeAll, describe, expect, test } from "vitest";
import { bundledSpec, bundledTypes, generatedTypes, havePublished, openapiTypescriptTypes, publishedSpec } from "./documents.js";
import { bundled } from "./fixtures/bundled.js";
import { published } from "./fixtures/published.js";
import { type Fixture, memoryProject, OPENAPI_TYPESCRIPT, type Score, score, table, V2KIT } from "./harness.js";
import { SHARED_ABSENT } from "../fixtures/conformance/support.js";

if (!havePublished) console.log(`skipping the published-document fidelity suite: ${SHARED_ABSENT}`);

const project = memoryProject();

function expectPerfect(result: Score): void {
  expect(result.other).toEqual([]);
  expect(result.misses).toEqual([]);
  expect(result.validAccepted).toBe(result.valid);
  expect(result.invalidRejected).toBe(result.invalid);
}

function coverage(fixtures: readonly Fixture[]): { ops: Set<string>; valid: number; invalid: number } {
  return {
    ops: new Set(fixtures.map((fixture) => fixture.op)),
    valid: fixtures.filter((fixture) => fixture.reason === undefined).length,
    invalid: fixtures.filter((fixture) => fixture.reason !== undefined).length,
  };
}

describe.each([
  { document: "bundled schema", spec: bundledSpec, fixtures: bundled, run: true, types: bundledTypes },
  { document: "published v2 document", spec: publishedSpec, fixtures: published, run: havePublished, types: () => generatedTypes(publishedSpec) },
])("$document", ({ document, spec, fixtures, run, types }) => {
  let v2kit: Score;
  let peers: Score[] = [];
  let text = "";
  beforeAll(async () => {
    if (!run) return;
    text = types();
    v2kit = score(project, text, V2KIT, fixtures);
    const lenient = { ...OPENAPI_TYPESCRIPT, name: "openapi-typescript (defaultNonNullable: false)" };
    peers = [
      score(project, await openapiTypescriptTypes(spec), OPENAPI_TYPESCRIPT, fixtures),
      score(project, await openapiTypescriptTypes(spec, { defaultNonNullable: false }), lenient, fixtures),
    ];
    const rows = [v2kit, ...peers].map((flavourScore) => ({ document, score: flavourScore }));
    console.log(`${table(rows)}\n${peers.map((peer) => `${peer.flavour} misses:\n  ${peer.misses.join("\n  ")}`).join("\n")}`);
  }, 600_000);

  test.runIf(run)("v2kit accepts every valid body and rejects every invalid one", () => {
    expectPerfect(v2kit);
  });

  test.runIf(run)("v2kit rejects more invalid bodies than openapi-typescript, and accepts at least as many valid ones", () => {
    for (const peer of peers) {
      expect(v2kit.invalidRejected).toBeGreaterThan(peer.invalidRejected);
      expect(v2kit.validAccepted).toBeGreaterThanOrEqual(peer.validAccepted);
    }
  });

  test.runIf(run)("the fixtures cover every operation with a request body, valid and invalid", () => {
    const { ops, valid, invalid } = coverage(fixtures);
    expect(valid).toBeGreaterThanOrEqual(ops.size);
    expect(invalid).toBeGreaterThanOrEqual(22);
    // Every REST operation that takes a body has fixtures (the published document has 14).
    const operations = text.slice(text.indexOf("export interface operations {"));
    const blocks = operations.split(/^ {2}(?=\w+: \{$)/m).slice(1);
    const withBody = blocks.filter((b) => /^ {4}requestBody\??: \{/m.test(b)).map((b) => b.slice(0, b.indexOf(":")));
    expect([...ops].sort()).toEqual(withBody);
  });
});
