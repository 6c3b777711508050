// swagger-parser validates the document on generate's second thread (a worker when the CLI
// runs from dist/ and a core is free; V2KIT_GENERATE_WORKER forces either way here). An invalid
// document must be refused exactly as before: exit 1, its message, no output written; and when
// the document is also broken in a way the main thread finds (a foreign $schema dialect),
// swagger-parser's verdict is still the one reported.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { generate } from "../../generators/pipeline.js";

const root = path.resolve(import.meta.dirname, "../..");
const cli = path.join(root, "dist/cli/v2kit.js");
const dir = mkdtempSync(path.join(tmpdir(), "v2kit-validation-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const doc = (paths: unknown, schemas: unknown = {}) => ({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths, components: { schemas } });
const foreign = { A: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" } };

// given: a document; want: the message generate reports, through the CLI and in process.
const cases = [
  {
    name: "a path without a leading slash",
    given: doc({ nope: { get: { responses: { 200: { description: "ok" } } } } }),
    want: /not a valid OpenAPI document/,
  },
  {
    name: "an operation without responses, and a foreign $schema",
    given: doc({ "/x": { get: { operationId: "x", responses: "none" } } }, foreign),
    want: /not a valid OpenAPI document/,
  },
  { name: "a foreign $schema alone", given: doc({}, foreign), want: /unsupported \$schema/ },
];

describe("validation on the second thread", () => {
  // The CLI with the worker forced; the in-process run below is the path without it.
  const modes = cases.map((testCase) => ({ ...testCase, worker: "always" as const }));
  test.each(modes)(
    "$name (worker: $worker)",
    async ({ name, given, want, worker }) => {
      const stem = `${name.replace(/\W+/g, "-")}-${worker}`;
      const spec = path.join(dir, `${stem}.json`);
      writeFileSync(spec, JSON.stringify(given));
      const out = path.join(dir, `out-${stem}`);
      const env = { ...process.env, V2KIT_GENERATE_WORKER: worker };
      const run = spawnSync(process.execPath, [cli, "generate", "--spec", spec, "--out", out], { encoding: "utf8", env });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(want);
      expect(run.stderr).not.toMatch(/types emitter|at .*\.js:\d+/); // a message, not a stack trace
      expect(existsSync(out)).toBe(false);
      const inProcess = await generate({ spec }).then(
        () => "resolved",
        (error: Error) => error.message,
      );
      expect(run.stderr).toContain(inProcess);
    },
    120_000,
  );
});
