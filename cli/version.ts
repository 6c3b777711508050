// The installed v2kit's version, from the nearest package.json named "v2kit" above this module:
// dist/cli/… in a checkout or an installed package, cli/… when the tests run the sources, and
// dist/cli/v2kit.cjs in the bundle (there import.meta.url is the bundle's own URL).
// `v2kit --version` prints it; the SARIF formats name it as the driver's version.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

export function packageVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const found = readManifest(join(dir, "package.json"));
    if (found !== undefined) return (cached = found);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`v2kit: no package.json named "v2kit" above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

function readManifest(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const manifest: unknown = JSON.parse(text);
  if (typeof manifest !== "object" || manifest === null) return undefined;
  const { name, version } = manifest as { name?: unknown; version?: unknown };
  return name === "v2kit" && typeof version === "string" ? version : undefined;
}
