// The package's shape (issue 43, item 5): what `npm pack` ships, against a budget. Measured on
// 28 November 2026: 911 files, 3.0 MB packed, 17.1 MB unpacked before; 550 files, 1.4 MB packed,
// 10.4 MB unpacked after, with one form of the generated code (dist/output; output/ ships only
// the three files the CLI reads), no source maps, no V8 code cache, and declarations only where a
// public entry's types reach. What is above the 250 files / 3 MB is docs/package-shape.md.

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { repo } from "./fixtures/conformance/support.js";

interface Packed {
  entryCount: number;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

describe("npm pack stays within its budget (issue 43, item 5)", () => {
  const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  const packed = (JSON.parse(result.stdout) as Packed[])[0] as Packed;
  const paths = packed.files.map((file) => file.path);

  it("at most 600 files, 1.6 MB packed, 11 MB unpacked", () => {
    expect(result.status, result.stderr).toBe(0);
    expect(packed.entryCount).toBeLessThanOrEqual(600);
    expect(packed.size).toBeLessThanOrEqual(1_600_000);
    expect(packed.unpackedSize).toBeLessThanOrEqual(11_000_000);
  });

  it("no source maps, no V8 code cache", () => {
    expect(paths.filter((packedPath) => packedPath.endsWith(".map") || packedPath.endsWith(".v8cache"))).toEqual([]);
  });

  it("one form of the generated code: dist/output, and of output/ only what the CLI reads", () => {
    expect(paths.filter((packedPath) => packedPath.startsWith("output/")).sort()).toEqual([
      "output/RULES.md",
      "output/rules.schema.json",
      "output/serve-model.json",
    ]);
    expect(paths).toContain("dist/output/index.mjs");
    expect(paths.filter((packedPath) => packedPath.endsWith(".mts") && !packedPath.endsWith(".d.mts") && !packedPath.startsWith("generators/"))).toEqual([]);
  });

  it("the runtime copied into generated output, the templates and the bundled inputs ship", () => {
    for (const packedPath of [
      "engine/index.ts",
      "engine/formats.ts",
      "engine/snapshot.ts",
      "generators/emit/templates/index.ts.hbs",
      "schema/v2.openapi.yaml",
      "schema/catalog/snapshot.json",
      "rules/v2.rules.yaml",
    ]) {
      expect(paths, packedPath).toContain(packedPath);
    }
  });
});
