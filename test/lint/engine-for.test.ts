// engineFor and contextFrom are the lint layer's: a command passes its own concerns in (how it
// prints compile warnings, the error it fails with, how it names its files), and nothing of the
// CLI (no exit, no stderr, no flag name) happens unless it does.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { engine as bundled, validatorsAttached } from "../../output/rules.mjs";
import { contextFrom } from "../../lint/context-files.js";
import { engineFor } from "../../lint/engine-for.js";

const dir = mkdtempSync(path.join(tmpdir(), "v2kit-engine-for-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class Refused extends Error {}

describe("engineFor", () => {
  it("without spec or rules: the bundled engine, the operation's validators loaded, the hooks never asked for", async () => {
    const hooks = vi.fn(() => ({}));
    const engine = await engineFor({ operation: "createPod" }, hooks);
    expect(engine).toBe(bundled);
    expect(validatorsAttached("createPod", "request")).toBe(true);
    expect(hooks).not.toHaveBeenCalled();
  });

  it("a document that does not compile: the caller's error when it gives one, the compiler's own otherwise", async () => {
    const spec = path.join(dir, "broken.openapi.yaml");
    writeFileSync(spec, "openapi: 3.1.0\npaths: [\n");
    const stderr = vi.spyOn(process.stderr, "write");
    const compileFailed = vi.fn((error: unknown) => new Refused(`refused: ${(error as Error).message}`));
    await expect(engineFor({ spec }, () => ({ compileFailed }))).rejects.toThrow(Refused);
    expect(compileFailed).toHaveBeenCalledOnce();
    const own = await engineFor({ spec }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(own).toBeInstanceOf(Error);
    expect(own).not.toBeInstanceOf(Refused);
    expect((own as Error).message).toContain(spec);
    expect(own).not.toHaveProperty("exitCode");
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
  });
});

describe("contextFrom", () => {
  const reading = {
    labels: { catalog: "catalog file", templates: "templates file", current: "current file" },
    fail: (message: string) => new Refused(message),
  };

  it("reads saved catalog and templates responses, concatenated in order", async () => {
    const gpus = path.join(dir, "gpus.json");
    const cpus = path.join(dir, "cpus.json");
    const templates = path.join(dir, "templates.json");
    writeFileSync(gpus, JSON.stringify({ gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48" }] }));
    writeFileSync(cpus, JSON.stringify({ cpus: [{ id: "cpu3c", vcpu: { min: 2, max: 32 } }] }));
    writeFileSync(templates, JSON.stringify({ templates: [{ id: "t1" }] }));
    expect(await contextFrom({ catalog: [gpus, cpus], templates: [templates] }, reading)).toEqual({
      catalog: { gpus: [{ id: "NVIDIA A40", pool: "AMPERE_48" }], cpus: [{ id: "cpu3c", vcpu: { min: 2, max: 32 } }] },
      templates: [{ id: "t1" }],
    });
  });

  it("fails with the caller's error, naming the file by the caller's label", async () => {
    const notJson = path.join(dir, "not.json");
    writeFileSync(notJson, '{"gpus": [');
    await expect(contextFrom({ catalog: [notJson] }, reading)).rejects.toThrow(
      new Refused(`catalog file ${notJson} is not valid JSON: Unexpected end of JSON input at line 1, column 11`),
    );
    const wrong = path.join(dir, "wrong.json");
    writeFileSync(wrong, '{"gpus": [{"id": 7}]}');
    await expect(contextFrom({ catalog: [wrong] }, reading)).rejects.toThrow(
      new Refused(`catalog file ${wrong}:1:18: /gpus/0/id: must be a non-empty string (records are matched by \`id\`): \`id\` is a number, 7`),
    );
    await expect(contextFrom({ templates: [path.join(dir, "missing.json")] }, reading)).rejects.toThrow(/^cannot read templates file \S+missing\.json: ENOENT/);
  });
});
