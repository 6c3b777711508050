// npm pack / npm publish: the tarball ships dist/ built (prepack runs the build), so its
// package.json must not carry this repository's own lifecycle scripts: with `prepare` in it,
// every install of the tarball warns about install scripts. `strip` (prepack) keeps the
// manifest aside and removes them; `restore` (postpack) puts the manifest back byte for byte.
// A pack that died before postpack is repaired by the next `strip` or `restore`.

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const ASIDE = ".package.json.before-pack";
const DEV_ONLY = ["prepare", "prepack", "postpack"];

const mode = process.argv[2];
if (mode === "strip") {
  if (existsSync(ASIDE)) renameSync(ASIDE, MANIFEST); // a previous pack died before restore
  const text = readFileSync(MANIFEST, "utf8");
  writeFileSync(ASIDE, text);
  const manifest = JSON.parse(text);
  for (const name of DEV_ONLY) delete manifest.scripts?.[name];
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (mode === "restore") {
  if (existsSync(ASIDE)) renameSync(ASIDE, MANIFEST);
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
