// The bundled catalog is a dated snapshot: a value it does not know still fails (the snapshot is
// all lint has), and a warning names the snapshot's date and the way to a fresh catalog. With
// --catalog the warning goes away for that collection. Exercised through the CLI, as users run it.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const cli = path.resolve(import.meta.dirname, "../dist/cli/v2kit.js");
const snapshotDate = (JSON.parse(readFileSync(new URL("../schema/catalog/snapshot.json", import.meta.url), "utf8")) as { date: string }).date;
const dir = mkdtempSync(path.join(tmpdir(), "v2kit-stale-"));

function run(args: string[], body: unknown): { status: number; out: Record<string, unknown> } {
  const file = path.join(dir, `body-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(body));
  try {
    return { status: 0, out: JSON.parse(execFileSync(process.execPath, [cli, ...args, "--format", "json", file], { encoding: "utf8" })) };
  } catch (error) {
    const { status, stdout } = error as { status: number; stdout: string };
    return { status, out: JSON.parse(stdout) };
  }
}

const endpoint = (pools: string[]) => ({
  name: "e",
  type: "QUEUE",
  image: "img:1",
  scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
  gpu: { pools },
});
type Warn = { rule: string; path: string; message: string };
const stale = (out: Record<string, unknown>) => (out.warnings as Warn[]).filter((warning) => warning.rule === "catalog/stale-snapshot");

describe("staleness of the bundled catalog snapshot", () => {
  it("knows the pools public clients use (BLACKWELL_96, BLACKWELL_180, HOPPER_141, ADA_32_PRO)", () => {
    const result = run(["lint", "--operation", "createEndpoint"], endpoint(["BLACKWELL_96", "BLACKWELL_180", "HOPPER_141", "ADA_32_PRO"]));
    expect(result.status).toBe(0);
    expect(stale(result.out)).toEqual([]);
  });

  it.each([
    { what: "an endpoint pool", op: "createEndpoint", body: endpoint(["ADA_24", "FUTURE_POOL_512"]), at: "/gpu/pools/1" },
    { what: "a pod GPU type", op: "createPod", body: { name: "p", image: "img:1", gpu: { id: "NVIDIA Future 9000" } }, at: "/gpu/id" },
    { what: "a CPU flavor", op: "createEndpoint", body: { ...endpoint([]), gpu: undefined, cpu: [{ id: "cpu9z", vcpuCount: 4 }] }, at: "/cpu/0/id" },
  ])("$what unknown to the snapshot: the violation stays and a warning names the date", ({ op, body, at }) => {
    const result = run(["lint", "--operation", op], body);
    expect(result.status).toBe(1);
    expect((result.out.violations as { path: string }[]).map((violation) => violation.path)).toContain(at);
    const [warning, ...more] = stale(result.out);
    expect(more).toEqual([]);
    expect(warning?.path).toBe(at);
    expect(warning?.message).toContain(snapshotDate);
    expect(warning?.message).toContain("--catalog");
    expect(warning?.message).toContain("v2kit context pull");
  });

  it("a value the snapshot knows but the rule rejects gets no staleness warning", () => {
    // A GPU type id in `pools`: known to the snapshot (as an id), wrong for the field.
    const result = run(["lint", "--operation", "createEndpoint"], endpoint(["NVIDIA A40"]));
    expect(result.status).toBe(1);
    expect(stale(result.out)).toEqual([]);
  });

  it("no warning when the collection comes from --catalog", () => {
    const gpus = path.join(dir, "gpus.json");
    writeFileSync(gpus, JSON.stringify({ gpus: [{ id: "NVIDIA L4", pool: "ADA_24" }] }));
    const result = run(["lint", "--operation", "createEndpoint", "--catalog", gpus], endpoint(["FUTURE_POOL_512"]));
    expect(result.status).toBe(1);
    expect(stale(result.out)).toEqual([]);
  });

  it("migrate on the bundled snapshot carries the warning into its notes", () => {
    const v1 = { method: "POST", path: "/pods", body: { name: "p", imageName: "img:1", gpuTypeIds: ["NVIDIA Future 9000"], volumeInGb: 20 } };
    const result = run(["migrate"], v1);
    expect(result.status).toBe(1);
    const notes = result.out.notes as { level: string; message: string }[];
    expect(notes.filter((note) => note.message.includes(snapshotDate) && note.message.includes("/gpu/id"))).toHaveLength(1);
  });
});

describe("a warning only where the value is a catalog identifier", () => {
  it("a CUDA version under gpu (no catalog lists it) gets no stale-snapshot warning", async () => {
    const { lint, loadValidators } = await import("../lint/lint.js");
    await loadValidators("createPod");
    const result = lint(
      { name: "p", image: "a/b:1", gpu: { id: "NVIDIA L4", allowedCudaVersions: ["12.8"], minCudaVersion: "12.6" } },
      { operation: "createPod" },
    );
    expect(result.violations.map((violation) => violation.rule)).toEqual(["pod-cuda-set-or-floor"]);
    expect(result.warnings.filter((warning) => warning.rule === "catalog/stale-snapshot")).toEqual([]);
  });
});
