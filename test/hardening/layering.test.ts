// The layers import downwards only: the engine and input/ (reading files) import nothing of v2kit; the rules language only
// the engine; lint (the package entry) neither the features nor the CLI; the features (migrate,
// serve, live, client, testing) never the CLI, and each other only where the table allows; the
// generator never the CLI or a feature. Checked over the source files' import specifiers, static
// and dynamic.

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
  ["input", ["engine/", "rules/", "lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["engine", ["input/", "rules/", "lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["rules", ["lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/"]],
  ["lint", ["migrate/", "serve/", "live/", "client/", "testing/", "cli/"]],
  ["schema-model", ["lint/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["migrate", ["serve/", "client/", "testing/", "generators/", "cli/"]],
  ["serve", ["migrate/", "live/", "client/", "testing/", "cli/"]],
  ["live", ["migrate/", "serve/", "client/", "testing/", "generators/", "cli/"]],
  ["client", ["lint/", "migrate/", "serve/", "live/", "testing/", "generators/", "cli/", "output/"]],
  ["testing", ["lint/", "migrate/", "serve/", "live/", "client/", "generators/", "cli/", "output/"]],
  ["generators", ["lint/", "migrate/", "serve/", "live/", "client/", "testing/", "cli/", "output/"]],
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
