// The cache key of the Action's built dist/ (action.yml): a digest of what `npm run build` reads
// in the Action's folder (the sources tsc compiles, the build scripts, the manifests and the lock,
// the bundled schema, rules and output/) and of the Node that runs it (the build writes a V8 code
// cache, used only by the same V8). The same Action ref on the same runner image gives the same
// key, so only its first run in a repository builds; a changed source gives a new key.
// Skipped: dist/ (what is cached), node_modules/, and what the build never reads (docs, tests,
// examples, .git).
//
// Usage: node scripts/action-key.mjs [ACTION_PATH]   (prints the key)

import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SKIPPED = new Set(["dist", "node_modules", "docs", "test", "examples", ".git", ".github", ".ci", "coverage", ".v2kit-cache"]);

export function actionKey(root) {
  const digest = createHash("sha256");
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === root && SKIPPED.has(entry.name))) walk(full);
      } else if (entry.isFile() && !entry.name.endsWith(".tgz")) {
        digest.update(`${path.relative(root, full).split(path.sep).join("/")}\0`);
        digest.update(readFileSync(full));
        digest.update("\0");
      }
    }
  };
  walk(root);
  return `v2kit-dist-${process.platform}-${process.arch}-node${process.versions.node}-${digest.digest("hex").slice(0, 32)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${actionKey(path.resolve(process.argv[2] ?? fileURLToPath(new URL("../", import.meta.url))))}\n`);
}
