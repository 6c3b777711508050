// Where the package's own files are (the bundled schema, rules, engine and catalog, and what
// `generate` writes for serve), from compiled (dist/) or source code. Below the generator and
// serve, which both read them.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVE_MODEL_FILE } from "./serve-model.js";

let root: string | undefined;

export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "v2kit") {
      root = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("v2kit: cannot find the package root");
    dir = parent;
  }
}

export const bundled = {
  spec: () => path.join(packageRoot(), "schema", "v2.openapi.yaml"),
  graphql: () => path.join(packageRoot(), "schema", "graphql.yaml"),
  rules: () => path.join(packageRoot(), "rules", "v2.rules.yaml"),
  runtime: () => path.join(packageRoot(), "engine"),
  /** What `v2kit serve` reads for the bundled schema, written by `generate` (serve-model.ts). */
  serveModel: () => path.join(packageRoot(), "output", SERVE_MODEL_FILE),
  catalog: (name: "gpus" | "cpus" | "datacenters" | "templates" | "snapshot") => path.join(packageRoot(), "schema", "catalog", `${name}.json`),
};
