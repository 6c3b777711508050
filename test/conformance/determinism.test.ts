// Same input, same bytes: across runs (test/generators/pipeline.test.ts), across the key order of every
// object in the input document, and across locale and time zone (a child process).

import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseText } from "../../generators/load/load.js";
import { bundled } from "../../schema-model/package-files.js";
import { generate } from "../../generators/pipeline.js";
import { cli, fixtures, haveShared, random, reportSharedAbsent, scratch, shuffleKeys, upstreamV2 } from "../fixtures/conformance/support.js";

reportSharedAbsent("the key-order test of the upstream v2 document (test/conformance/determinism.test.ts)");

/** The document with every object's keys shuffled, saved under the same file name (headers name it). */
function shuffledCopy(spec: string, seed: number): string {
  const dir = path.join(scratch("shuffled"), String(seed));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, path.basename(spec));
  const doc = parseText(readFileSync(spec, "utf8"), spec);
  // JSON is YAML too, so a .yaml name can hold it.
  writeFileSync(file, JSON.stringify(shuffleKeys(doc, random(seed)), null, 1));
  return file;
}

async function expectSameBytes(a: Map<string, string>, b: Map<string, string>): Promise<void> {
  expect([...b.keys()]).toEqual([...a.keys()]);
  for (const [name, content] of a) expect(b.get(name) === content, `${name} differs`).toBe(true);
}

describe("output does not depend on input key order", () => {
  it("our schema, every object shuffled, gives identical bytes", async () => {
    const graphql = bundled.graphql();
    const reference = await generate({ spec: bundled.spec(), graphql });
    const shuffled = await generate({ spec: shuffledCopy(bundled.spec(), 7), graphql });
    await expectSameBytes(reference.files, shuffled.files);
  });

  it("the 3.1 fixture (object-valued examples, enums, defaults), every object shuffled, gives identical bytes", async () => {
    const spec = path.join(fixtures, "openapi-3.1.yaml");
    await expectSameBytes((await generate({ spec })).files, (await generate({ spec: shuffledCopy(spec, 11) })).files);
  });

  it.skipIf(!haveShared)("the upstream v2 document, every object shuffled, gives identical bytes", async () => {
    const reference = await generate({ spec: upstreamV2 });
    const shuffled = await generate({ spec: shuffledCopy(upstreamV2, 20261122) });
    await expectSameBytes(reference.files, shuffled.files);
  });
});

describe("output does not depend on locale or time zone", () => {
  it("generating under TZ=Pacific/Chatham LC_ALL=tr_TR.UTF-8 gives the bytes of this process", async () => {
    const out = scratch("locale");
    const env = { ...process.env, TZ: "Pacific/Chatham", LC_ALL: "tr_TR.UTF-8", LANG: "tr_TR.UTF-8", LANGUAGE: "tr" };
    const probe = spawnSync(
      process.execPath,
      ["-e", "process.stdout.write(Intl.DateTimeFormat().resolvedOptions().timeZone + ' ' + new Date(0).getTimezoneOffset())"],
      { env, encoding: "utf8" },
    );
    expect(probe.stdout).toMatch(/^Pacific\/Chatham -7\d\d$/);
    const result = spawnSync(process.execPath, [cli, "generate", "--out", out, "--force", "--quiet"], { env, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const { files } = await generate();
    for (const [name, content] of files) expect(readFileSync(path.join(out, name), "utf8") === content, `${name} differs`).toBe(true);
  });
});
