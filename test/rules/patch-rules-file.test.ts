// `fieldsFrom` and `clears` as a rules-file author meets them: the file's schema accepts them only
// on the kinds that read fields, and a rules file of one's own (`lint --rules`) gets the PATCH
// semantics through the CLI, compiled at run time.

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRules } from "../../rules/load.js";
import { RulesFileError } from "../../rules/errors.js";

const base = "version: 1\nstages: []\nhints: []\nrules:\n";
const entry = (kind: string, extra: string) =>
  `  - id: x\n    kind: ${kind}\n    operations: [updateEndpoint]\n    status: 400\n    message: must x\n    spec: s\n${extra}`;
const problems = (text: string) => {
  try {
    parseRules(text, "r.yaml");
    return [];
  } catch (error) {
    if (!(error instanceof RulesFileError)) throw error;
    return error.problems.map((problem) => `${problem.pointer} ${problem.message}`);
  }
};

describe("the rules file's fieldsFrom", () => {
  it("is accepted on a kind that reads forbidden fields", () => {
    expect(problems(base + entry("forbiddenWhen", "    fields: [/name]\n    when: { present: /image }\n    fieldsFrom: request\n"))).toEqual([]);
  });

  it("names the allowed values for a misspelt one", () => {
    expect(problems(base + entry("forbiddenWhen", "    fields: [/name]\n    when: { present: /image }\n    fieldsFrom: sent\n")).join("\n")).toMatch(
      /\/rules\/0\/fieldsFrom .*request.*resolved/,
    );
  });

  it("is an unknown key on a kind whose fields are a state constraint (enumWhen)", () => {
    const text =
      base +
      entry("enumWhen", "    field: /scaling/type\n    allowed: [REQUEST_COUNT]\n    when: { path: /type, equals: LOAD_BALANCER }\n    fieldsFrom: request\n");
    expect(() => parseRules(text, "r.yaml")).toThrow(/r\.yaml:\d+:\d+: .*fieldsFrom/);
  });
});

describe("lint --rules with fieldsFrom and clears, through the CLI", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "v2kit-patch-rules-"));
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
    return file;
  };
  const rules = write(
    "own.rules.yaml",
    `version: 1
stages:
  - { id: merge, kind: patchMerge, operations: [updateEndpoint], needs: [current], spec: own, clears: [/gpu/minCudaVersion] }
rules:
  - id: no-timeout-on-flashboot
    kind: forbiddenWhen
    operations: [updateEndpoint]
    status: 400
    message: must not set \`timeout\` with PRIORITY_FLASHBOOT
    spec: own
    fields: [/timeout]
    fieldsFrom: request
    when: { path: /flashboot, equals: PRIORITY_FLASHBOOT }
  - id: floor-needs-count
    kind: requires
    operations: [updateEndpoint]
    status: 422
    message: must keep \`gpu.count\` where a floor is set
    spec: own
    field: /gpu/count
    when: { present: /gpu/minCudaVersion }
hints: []
`,
  );
  const current = write("current.json", { flashboot: "OFF", timeout: 600000, gpu: { pools: ["ADA_24"], minCudaVersion: "12.4" } });
  const cli = path.resolve(import.meta.dirname, "../../dist/cli/v2kit.js");
  const lint = (patch: unknown) => {
    const run = spawnSync(
      process.execPath,
      [cli, "lint", "--rules", rules, "--operation", "updateEndpoint", "--current", current, "--format", "json", write("patch.json", patch)],
      {
        encoding: "utf8",
      },
    );
    const line = JSON.parse(run.stdout) as { violations: { rule: string }[] };
    return { exit: run.status, rules: line.violations.map((violation) => violation.rule) };
  };

  it.each([
    { name: "the stored timeout is not sent", patch: { flashboot: "PRIORITY_FLASHBOOT", gpu: { minCudaVersion: "" } }, want: { exit: 0, rules: [] } },
    {
      name: "timeout sent with PRIORITY_FLASHBOOT",
      patch: { flashboot: "PRIORITY_FLASHBOOT", timeout: 1000, gpu: { minCudaVersion: "" } },
      want: { exit: 1, rules: ["no-timeout-on-flashboot"] },
    },
    { name: "the stored floor, not cleared", patch: { name: "x" }, want: { exit: 1, rules: ["floor-needs-count"] } },
    { name: "the floor cleared with an empty string", patch: { gpu: { minCudaVersion: "" } }, want: { exit: 0, rules: [] } },
  ])("$name", ({ patch, want }) => {
    expect(lint(patch)).toEqual(want);
  });
});
