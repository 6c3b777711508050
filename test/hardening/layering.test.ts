// Issue 13, item 19: the layers import downwards only. The runtime (lint, migrate, live context)
// never imports the CLI; rules (kinds, transforms, the shared code builder) never import the
// generators or the CLI. Checked over the source files' import specifiers.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)].map((m) => path.relative(repo, path.resolve(path.dirname(file), m[1] as string)));
}

const RULES: [layer: string, forbidden: string[]][] = [
  ["runtime", ["cli/"]],
  ["rules", ["generators/", "cli/"]],
];

describe("layering", () => {
  it.each(RULES)("%s imports none of %j", (layer, forbidden) => {
    const offending = sources(layer).flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden.some((f) => target.startsWith(f)))
        .map((target) => `${path.relative(repo, file)} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
