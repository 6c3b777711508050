// The generated check() with no catalog passed gives `v2kit lint`'s verdict (issue 43, item 2):
// the catalog snapshot the output was generated with ships in it (catalog.mts, dated), catalog
// rules read it, a rejected value it does not know gets lint's stale-snapshot warning, and a
// passed catalog replaces it. Compared with the CLI run as a child process on the same bodies.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshot } from "../../output/catalog.mjs";
import { check } from "../../output/index.mjs";
import * as createEndpoint from "../../output/operations/createEndpoint.mjs";
import type { CheckResult } from "../../engine/types.js";
import { cli, repo, scratch } from "../fixtures/conformance/support.js";

const endpoint = (extra: Record<string, unknown>) => ({ name: "e", type: "QUEUE", image: "img:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, ...extra });
const pod = (extra: Record<string, unknown>) => ({ name: "p", imageName: "img:1", ...extra });

/** The file also holds lines that are not JSON (lint's text failures): check() takes values. */
const parses = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

/** Bodies whose verdict depends on the catalog, and the repository's example bodies. */
const BODIES: [string, unknown][] = [
  ["createEndpoint", endpoint({ gpu: { pools: ["NOPE_1"] } })],
  ["createEndpoint", endpoint({ gpu: { pools: ["ADA_24"] } })],
  ["createEndpoint", endpoint({ gpu: { pools: ["ADA_24"], excludedTypes: ["NVIDIA NOPE"] } })],
  ["createEndpoint", endpoint({ gpu: { pools: ["ADA_24", "NOPE_2"], excludedTypes: ["NVIDIA L4"] } })],
  ["createEndpoint", endpoint({ cpu: [{ id: "cpu9nope", vcpuCount: 4 }] })],
  ["createEndpoint", endpoint({ cpu: [{ id: "cpu5c", vcpuCount: 4 }] })],
  ["createEndpoint", endpoint({ cpu: [{ id: "cpu5c", vcpuCount: 1024 }] })],
  ["createPod", pod({ gpu: { id: "NVIDIA NOPE", count: 1 } })],
  ["createPod", pod({ gpuTypeIds: ["NVIDIA NOPE"], gpuCount: 1 })],
  ["createPod", pod({ cpu: { id: "cpu9nope", vcpuCount: 4 } })],
  ...readFileSync(path.join(repo, "examples/bodies.ndjson"), "utf8")
    .split("\n")
    .filter((line) => parses(line))
    .map((line): [string, unknown] => ["createEndpoint", JSON.parse(line)]),
  ...["create-endpoint-cpu.json", "create-endpoint-gpu.json", "create-endpoint-invalid.json"].map((fileName): [string, unknown] => [
    "createEndpoint",
    JSON.parse(readFileSync(path.join(repo, "examples", fileName), "utf8")),
  ]),
];

interface Seen {
  ok: boolean;
  status: number | null;
  violations: { rule: string; path: string }[];
  warnings: { rule: string; path: string; message: string }[];
}
const seen = (verdict: Seen): Seen => ({
  ok: verdict.ok,
  status: verdict.status,
  violations: verdict.violations.map(({ rule, path: pointer }) => ({ rule, path: pointer })),
  warnings: verdict.warnings.map(({ rule, path: pointer, message }) => ({ rule, path: pointer, message })),
});

/** `v2kit lint --format json` on each body, one process per operation. */
function lintAll(): Seen[] {
  const dir = scratch("snapshot-lint");
  const out: Seen[] = [];
  for (const [i, [operation, body]] of BODIES.entries()) {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, JSON.stringify(body));
    const result = spawnSync(process.execPath, [cli, "lint", "--operation", operation, "--format", "json", file], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    out.push(seen(JSON.parse(result.stdout) as Seen));
  }
  return out;
}

describe("the generated check() with no catalog passed gives lint's verdict (issue 43, item 2)", () => {
  it('check("createEndpoint", {… gpu: {pools: ["NOPE_1"]}}) is gpu-pools-known 400, with the snapshot\'s stale warning', () => {
    const verdict: CheckResult = check("createEndpoint", endpoint({ gpu: { pools: ["NOPE_1"] } }));
    expect([verdict.ok, verdict.status, verdict.violations.map((violation) => [violation.rule, violation.path])]).toEqual([
      false,
      400,
      [["gpu-pools-known", "/gpu/pools/0"]],
    ]);
    expect(verdict.warnings.map((warning) => warning.rule)).toEqual(["catalog/stale-snapshot"]);
    expect(verdict.warnings[0]?.message).toContain(`snapshot of ${snapshot.date}`);
    // The one-operation module gives the same verdict.
    expect(seen(createEndpoint.check(endpoint({ gpu: { pools: ["NOPE_1"] } })) as Seen)).toEqual(seen(verdict as Seen));
  });

  it("check() = v2kit lint on every body, no catalog passed", () => {
    const lint = lintAll();
    BODIES.forEach(([operation, body], i) => expect(seen(check(operation, structuredClone(body)) as Seen), `${operation} #${i}`).toEqual(lint[i]));
    // The corpus holds rejections by catalog rules and by others, and acceptances.
    expect(lint.some((result) => result.violations.some((violation) => violation.rule === "gpu-pools-known"))).toBe(true);
    expect(lint.some((result) => result.ok)).toBe(true);
  }, 120_000);

  it("a passed catalog replaces the snapshot as a whole, and no stale warning is given", () => {
    const verdict = check("createEndpoint", endpoint({ gpu: { pools: ["NOPE_1"] } }), { catalog: { gpus: [{ id: "NVIDIA NOPE", pool: "NOPE_1" } as never] } });
    expect([verdict.ok, verdict.warnings]).toEqual([true, []]);
    // `catalog: {}` is no catalog: the catalog rule cannot check, and says so (the rule kinds' edge cases pass it).
    const none = check("createEndpoint", endpoint({ gpu: { pools: ["NOPE_1"] } }), { catalog: {} });
    expect(none.ok).toBe(true);
    expect(none.warnings.map((warning) => warning.rule)).toContain("gpu-pools-known");
  });

  it("the snapshot is dated as the bundled one lint uses", () => {
    expect(snapshot.date).toBe((JSON.parse(readFileSync(path.join(repo, "schema/catalog/snapshot.json"), "utf8")) as { date: string }).date);
    expect(snapshot.gpus).toEqual((JSON.parse(readFileSync(path.join(repo, "schema/catalog/gpus.json"), "utf8")) as { gpus: unknown }).gpus);
  });
});
