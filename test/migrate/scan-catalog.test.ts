// `migrate scan --catalog FILE` (issue 43): scan's note says "pass --catalog gpus.json", and scan
// takes it: a found literal body is migrated with that catalog (gpuTypeIds → gpu.pools), a missing
// file is lint's error naming the flag, with exit 2.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonLines, scan } from "./scan-harness.js";

interface Row {
  notes: { level: string; field?: string; message: string }[];
  body?: { v2: Record<string, unknown> | null };
}

const dir = mkdtempSync(join(tmpdir(), "v2kit-scan-catalog-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A card only the passed catalog lists (the bundled snapshot does not).
writeFileSync(
  join(dir, "gpus.json"),
  JSON.stringify({ gpus: [{ id: "ZZ_TEST_GPU", name: "Test GPU", pool: "AMPERE_16", manufacturer: "NVIDIA", memory: 16 }] }),
);
writeFileSync(
  join(dir, "deploy.ts"),
  'await axios.post("https://rest.runpod.io/v1/endpoints", { name: "e", templateId: "t1", gpuTypeIds: ["ZZ_TEST_GPU"] });\n',
);

const gpuNotes = (row: Row) => row.notes.filter((note) => note.field === "gpuTypeIds");

describe("migrate scan --catalog", () => {
  it("migrates a found body with the passed catalog, where without it the pools cannot be chosen", () => {
    const without = scan(dir, "--format", "json", "deploy.ts");
    expect(without.status).toBe(0);
    const [plain] = jsonLines<Row>(without.stdout);
    expect(gpuNotes(plain!)).toEqual([expect.objectContaining({ level: "error", message: expect.stringContaining("pass --catalog gpus.json") })]);
    expect(plain!.body?.v2).not.toHaveProperty("gpu");

    const withCatalog = scan(dir, "--format", "json", "--catalog", "gpus.json", "deploy.ts");
    expect(withCatalog.stderr).toBe("");
    expect(withCatalog.status).toBe(0);
    const [given] = jsonLines<Row>(withCatalog.stdout);
    expect(gpuNotes(given!)).toEqual([expect.objectContaining({ level: "info", message: expect.stringContaining('"AMPERE_16"') })]);
    expect(given!.body?.v2).toMatchObject({ gpu: { pools: ["AMPERE_16"] } });
  });

  it("--diff writes the body with the passed catalog's pools, a patch git applies; without it the call is left", () => {
    const copy = mkdtempSync(join(tmpdir(), "v2kit-scan-catalog-diff-"));
    try {
      cpSync(join(dir, "deploy.ts"), join(copy, "deploy.ts"));
      expect(scan(dir, "--diff", "deploy.ts").stdout).toBe("");
      const diffed = scan(dir, "--diff", "--catalog", "gpus.json", "deploy.ts");
      expect(diffed.status).toBe(1);
      writeFileSync(join(copy, "fix.patch"), diffed.stdout);
      const applied = spawnSync("git", ["apply", "fix.patch"], { cwd: copy, encoding: "utf8" });
      expect(applied.stderr).toBe("");
      expect(readFileSync(join(copy, "deploy.ts"), "utf8")).toContain(
        // The author's keys in their order, then the keys v2 adds (issue 41, item 2).
        'axios.post("https://api.runpod.io/v2/serverless", { name: "e", templateId: "t1", gpu: { pools: ["AMPERE_16"] }, scaling: { queueDelay: 4, type: "QUEUE_DELAY" }, type: "QUEUE", workers: { idleTimeout: 5 } });',
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("refuses a missing catalog file as lint does: the flag and file named, exit 2", () => {
    const missing = scan(dir, "--catalog", "no-such-gpus.json", "deploy.ts");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^v2kit: migrate scan: cannot read --catalog no-such-gpus\.json: ENOENT, no such file/);
    expect(missing.stdout).toBe("");
  });
});
