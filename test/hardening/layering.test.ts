// The layers import downwards only: the engine imports nothing of v2kit, input/ (reading files) only
// the errors' root (engine/errors.ts, which every layer's errors extend); the rules language only
// the engine; lint (the package entry) neither the features nor the CLI; the features (migrate,
// serve, live, client, testing) never the CLI, and each other only where the table allows; the
// generator never the CLI or a feature. Checked over the source files' import specifiers, static
// and dynamic. lint and serve reach the generator only through `import()`, for what only it can
// do (`--spec`, `--rules`, `--graphql`): `import "v2kit"` and `import "v2kit/serve"` never load
// it (test/module-load.test.ts).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files a source imports (relative to the repository), statically (`from`, `import "…"`) or not (`import(…)`). */
function importsOf(file: string, kind: "static" | "any" = "any"): string[] {
  const text = readFileSync(file, "utf8");
  const pattern = kind === "static" ? /(?:\bfrom|^import)\s*"(\.[^"]+)"/gm : /(?:\bfrom|^import|\bimport\()\s*"(\.[^"]+)"/gm;
  return [...text.matchAll(pattern)].map((match) => path.relative(repo, path.resolve(path.dirname(file), match[1] as string)));
}

/** The root of every layer's errors (V2kitError): below input/, imported by every layer. */
const ERRORS_ROOT = "engine/errors.js";

const RULES: [layer: string, forbidden: string[]][] = [
  ["input", ["code/", "engine/", "rules/", "lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["engine", ["code/", "input/", "rules/", "lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["rules", ["code/", "lint/", "schema-model/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/"]],
  ["lint", ["code/", "migrate/", "serve/", "live/", "client/", "testing/", "cli/"]],
  ["schema-model", ["code/", "lint/", "migrate/", "serve/", "live/", "client/", "testing/", "generators/", "cli/", "output/"]],
  ["migrate", ["code/", "serve/", "client/", "testing/", "generators/", "cli/"]],
  ["code", ["serve/", "live/", "client/", "testing/", "cli/"]],
  ["serve", ["code/", "migrate/", "live/", "client/", "testing/", "cli/"]],
  ["live", ["code/", "migrate/", "serve/", "client/", "testing/", "generators/", "cli/"]],
  ["client", ["code/", "lint/", "migrate/", "serve/", "live/", "testing/", "generators/", "cli/", "output/"]],
  ["testing", ["code/", "lint/", "migrate/", "serve/", "live/", "client/", "generators/", "cli/", "output/"]],
  ["generators", ["code/", "lint/", "migrate/", "serve/", "live/", "client/", "testing/", "cli/", "output/"]],
];

/** Layers that may load these folders on demand (`import()`) but never import them statically. */
const ON_DEMAND: [layer: string, folders: string[]][] = [
  ["lint", ["generators/"]],
  ["serve", ["generators/"]],
  ["code", ["generators/"]],
];

const offending = (layer: string, forbidden: string[], kind: "static" | "any") =>
  sources(layer).flatMap((file) =>
    importsOf(file, kind)
      .filter((target) => target !== ERRORS_ROOT && forbidden.some((prefix) => target.startsWith(prefix)))
      .map((target) => `${path.relative(repo, file)} -> ${target}`),
  );

describe("layering", () => {
  it.each(RULES)("%s imports none of %j", (layer, forbidden) => {
    expect(offending(layer, forbidden, "any")).toEqual([]);
  });

  it.each(ON_DEMAND)("%s imports %j only through import()", (layer, folders) => {
    expect(offending(layer, folders, "static")).toEqual([]);
  });
});
