// The two documents the fidelity suite runs against, and their generated `types.ts` as a user
// gets it: the bundled schema's committed output/types.mts (CI's `generate --check` keeps it
// current) and `v2kit generate --spec <published document>` run through the CLI. The peer's
// output comes from openapi-typescript's Node API, with its default options and with
// `defaultNonNullable: false`.

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");
export const bundledSpec = path.join(root, "schema/v2.openapi.yaml");
export const publishedSpec = path.resolve(root, "../shared/reference/upstream-v2-openapi.json");
export const havePublished = existsSync(publishedSpec);

export function bundledTypes(): string {
  return readFileSync(path.join(root, "output/types.mts"), "utf8");
}

/** `v2kit generate --spec FILE --out <temp>` through the built CLI; returns types.mts. */
export function generatedTypes(spec: string): string {
  const out = mkdtempSync(path.join(tmpdir(), "v2kit-fidelity-"));
  try {
    execFileSync(process.execPath, [path.join(root, "dist/cli/v2kit.js"), "generate", "--quiet", "--force", "--spec", spec, "--out", path.join(out, "gen")], {
      stdio: "pipe",
    });
    return readFileSync(path.join(out, "gen/types.mts"), "utf8");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** openapi-typescript's output; `defaultNonNullable: false` keeps defaulted request fields optional. */
export async function openapiTypescriptTypes(spec: string, options: { defaultNonNullable?: boolean } = {}): Promise<string> {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  return astToString(await openapiTS(pathToFileURL(spec), options));
}
