// Load a CommonJS bundle with V8's code cache (docs/generate-speed.md, "The pipeline's code
// cache"): scripts/bundle-cli.mjs runs the bundled pipeline once at build time and saves what V8
// compiled (`<bundle>.v8cache`), so a cold `generate` neither parses the 1.8 MB bundle nor
// compiles its functions again. The cache is used only when it was made from this very source
// (its sha256 is stored with it: V8 itself checks only the length) and V8 accepts it (same V8
// version and flags); otherwise the bundle is compiled as require() would.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";

/** The first bytes of a cache file: the sha256 of the source it was made from, then V8's data. */
const DIGEST_BYTES = 32;

export const codeCacheFile = (bundle: string) => `${bundle}.v8cache`;

/** The bundle compiled as a CommonJS module would be, with its code cache when it fits. */
export function compileBundle(bundle: string): { script: Script; source: string; cacheUsed: boolean } {
  const source = readFileSync(bundle, "utf8");
  const cacheFile = codeCacheFile(bundle);
  let cachedData: Buffer | undefined;
  if (existsSync(cacheFile)) {
    const bytes = readFileSync(cacheFile);
    if (bytes.length > DIGEST_BYTES && bytes.subarray(0, DIGEST_BYTES).equals(createHash("sha256").update(source).digest()))
      cachedData = bytes.subarray(DIGEST_BYTES);
  }
  const script = new Script(Module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  return { script, source, cacheUsed: cachedData !== undefined && script.cachedDataRejected !== true };
}

/** Run a compiled bundle as require() runs a module, and return its exports. */
export function runBundle(bundle: string, script: Script): unknown {
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return module.exports;
}

/** require(bundle), through its code cache. */
export function requireBundle(bundle: string): unknown {
  return runBundle(bundle, compileBundle(bundle).script);
}

/** The cache file's bytes for a script that has run: the source's digest, then V8's data. */
export function codeCacheBytes(source: string, script: Script): Buffer {
  return Buffer.concat([createHash("sha256").update(source).digest(), script.createCachedData()]);
}
