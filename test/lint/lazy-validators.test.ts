// Per-operation validator modules: file names for any operationId, the lean one-operation module,
// and lazy loading on the lint path (only the operation at hand is loaded).

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileStems } from "../../generators/emit/emit-validators.js";
import { validatorModules, validatorsAttached } from "../../output/rules.mjs";
import { lint, loadValidators } from "../../lint/lint.js";

const output = path.resolve(import.meta.dirname, "../../output");

describe("fileStems", () => {
  const cases: { given: string[]; want: string[] }[] = [
    { given: ["createEndpoint"], want: ["createEndpoint"] },
    { given: ["get /pods/{id}"], want: ["get__pods__id_"] },
    { given: ["Foo", "foo", "FOO"], want: ["Foo", "foo-2", "FOO-3"] },
    { given: ["a.b", "a_b"], want: ["a_b", "a_b-2"] },
    { given: ["", "-x"], want: ["operation", "_x"] },
    { given: ["../../etc/passwd"], want: ["______etc_passwd"] },
  ];
  it.each(cases)("$given → $want", ({ given, want }) => {
    expect([...fileStems(given).values()]).toEqual(want);
  });
});

describe("the one-operation module", () => {
  it("imports its own request validator and no other validator module", () => {
    const text = readFileSync(path.join(output, "operations/createEndpoint.mts"), "utf8");
    const imports = [...text.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
    // This package's own output imports the package's engine (a consumer's imports its runtime/ copy).
    const engine = path
      .relative(path.join(output, "operations"), path.resolve(import.meta.dirname, "../../engine/index.js"))
      .split(path.sep)
      .join("/");
    // catalog.mts holds the catalog snapshot check() falls back to (issue 43, item 2): data, no validator.
    expect(imports).toEqual([engine, "../catalog.mjs", "../rules.mjs", "../validators/createEndpoint.mjs"]);
  });
});

describe("lazy validators on the lint path", () => {
  it("loads only the operation asked for; lint() refuses an operation whose validators are not loaded", async () => {
    expect(validatorModules.get("createEndpoint")?.request).toBe(true);
    expect(() => lint("{}", { operation: "createEndpoint" })).toThrow(/loadValidators/);
    await loadValidators("createEndpoint");
    expect(validatorsAttached("createEndpoint", "request")).toBe(true);
    expect(validatorsAttached("createEndpoint", "responses")).toBe(false);
    expect(validatorsAttached("createPod", "request")).toBe(false);
    const body = readFileSync(path.resolve(import.meta.dirname, "../../examples/create-endpoint-gpu.json"));
    expect(lint(body, { operation: "createEndpoint" }).ok).toBe(true);
    expect(lint("{}", { operation: "createEndpoint" }).status).toBe(422);
    await loadValidators("getEndpoint", { responses: true });
    expect(lint("{}", { operation: "getEndpoint", response: 200 }).status).toBe(422);
  });
});
