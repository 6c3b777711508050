// The last step of `npm run build`: dist/cli/v2kit.js (tsc's output, a working CLI by itself)
// is kept as dist/cli/v2kit.unbundled.js and rewritten as one CommonJS file, dist/cli/v2kit.cjs
// (the package's bin), holding the dispatcher and the whole default `lint` path, so a one-file
// lint loads 2 files instead of about 40 (each ES module costs Node ~0.75 ms to resolve, read and
// link) and never starts Node's ES module loader (about 9 ms on its own: docs/cold-start.md). The
// validator modules the lint path loads get CommonJS copies too (dist/output/validators/*.cjs).
// dist/cli/v2kit.js becomes a two-line ES module that runs the bundle, for `node dist/cli/v2kit.js`.
// `generate` gets two CommonJS bundles of its own (docs/generate-speed.md): dist/cli/generate.cjs,
// the command (arguments, the stamp, the no-op check: small, no packages), and
// dist/cli/generate-pipeline.cjs, the heavy path with its packages (Ajv, swagger-parser, yaml,
// handlebars), loaded only when something is to be built; its second thread runs the same file
// (dist/cli/generate-worker.cjs).
// Before all of it, scripts/vendor-packages.mjs bundles the npm packages dist/ imports into
// dist/node_modules/ (the published package has no dependencies: issue 43, item 5).
// Everything else stays a separate ES module, loaded on demand as before: the other commands,
// the generator for lint/serve/schema --spec, live fetching, npm packages.
// Running it again rebuilds the bundles from the kept copy.
//
// Usage: node scripts/bundle-cli.mjs [--metafile FILE]

import { chmodSync, copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { vendor } from "./vendor-packages.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
/** The package's bin: the CommonJS bundle. */
const bin = path.join(dist, "cli", "v2kit.cjs");
/** tsc's entry, replaced by a module that runs the bundle (`node dist/cli/v2kit.js` keeps working). */
const esmEntry = path.join(dist, "cli", "v2kit.js");
/** tsc's entry, kept: the bundle's source, and a readable fallback (`node dist/cli/v2kit.unbundled.js`). */
const entry = path.join(dist, "cli", "v2kit.unbundled.js");
export const BANNER = "// Bundled by scripts/bundle-cli.mjs from tsc's dist/cli/*.js: the dispatcher and the lint path.";
/**
 * Set to `true` in the CommonJS bundle (esbuild `define`); undefined anywhere else. lint/lint.ts
 * then loads a validator module's CommonJS copy with require() instead of import().
 */
export const COMMONJS_FLAG = "__V2KIT_COMMONJS_BUNDLE__";

/**
 * Modules left out of the bundle (paths under dist/), loaded on demand as tsc wrote them: the
 * other commands and what only --spec/--rules or --live need. Rules for this list:
 * - A module whose state the lint path shares (output/rules.mjs's attached validators,
 *   lint/lint.ts's bundled catalog) is never external while a bundled module imports it.
 * - An error class caught by `instanceof` across the boundary brands its instances
 *   (CliError, LiveError: `Symbol.hasInstance`), so a second copy of its module is harmless.
 * - An external module imported statically by a bundled one loads at start-up: only modules
 *   reached through `await import()` belong here.
 */
export const EXTERNAL = [
  /^cli\/(generate|migrate|context|serve|schema|lsp|scan)\/\1\.js$/,
  /^live\/index\.js$/,
  /^generators\//,
  /^cli\/(diagnostics|input-errors)\.js$/,
];

/**
 * Inside the bundle, `await import("./x.js")` of a bundled module becomes a static namespace
 * import: esbuild then hoists the module into the bundle's top scope instead of wrapping it in
 * a lazy initializer, whose body V8 would parse a second time when it first runs (about 3 ms
 * for output/rules.mjs alone). The modules evaluate at start-up; their top levels only build
 * tables. Imports of external modules stay dynamic.
 */
const hoistDynamicImports = {
  name: "v2kit-hoist-dynamic-imports",
  setup(b) {
    b.onLoad({ filter: /\.m?js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const namespaces = [];
      const contents = source.replace(/\bimport\((["'])(\.\.?\/[^"']+)\1\)/g, (call, _quote, specifier) => {
        const key = relative(dist, path.resolve(path.dirname(args.path), specifier)).replace(/^\.\//, "");
        if (EXTERNAL.some((pattern) => pattern.test(key))) return call;
        const name = `__v2kitHoisted${namespaces.length}`;
        namespaces.push(`import * as ${name} from ${JSON.stringify(specifier)};`);
        return `Promise.resolve(${name})`;
      });
      if (namespaces.length === 0) return undefined;
      const [, shebang = "", rest] = /^(#!.*\n)?([\s\S]*)$/.exec(contents) ?? [];
      return { contents: `${shebang}${namespaces.join("\n")}\n${rest}`, loader: "js" };
    });
  },
};

/**
 * A require() of a `.cjs` file names a bundle this script writes beside the bundle that runs it
 * (dist/cli/): left to run time, as written.
 */
const siblingBundles = {
  name: "v2kit-sibling-bundles",
  setup(b) {
    b.onResolve({ filter: /\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

const relative = (from, to) => {
  const rel = path.relative(from, to).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
};

const keepExternal = {
  name: "v2kit-external",
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const absolute = path.resolve(args.resolveDir, args.path);
      const key = relative(dist, absolute).replace(/^\.\//, "");
      if (!EXTERNAL.some((pattern) => pattern.test(key))) return undefined;
      // Rewritten relative to the bundle (dist/cli/), where the import now sits.
      return { path: relative(path.dirname(bin), absolute), external: true };
    });
  },
};

async function main() {
  // The npm packages dist/ imports, into dist/node_modules/ first: the bundles below resolve to them.
  await vendor();
  // tsc rewrote v2kit.js: keep it as the entry. Already bundled: the kept entry is current.
  if (!readFileSync(esmEntry, "utf8").includes(BANNER)) copyFileSync(esmEntry, entry);
  const metafileArg = process.argv.indexOf("--metafile");
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    packages: "external",
    write: false,
    metafile: metafileArg !== -1,
    logLevel: "warning",
    legalComments: "none",
    // Fewer bytes for V8 to scan at start-up (about 3 ms of CPU); names are kept, so stack traces
    // still name functions, and dist/cli/v2kit.cjs.map maps back to tsc's files
    // (node --enable-source-maps) when a trace needs line numbers.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    // import.meta.url of every bundled module is the bundle's own URL, as in an ES module bundle.
    define: { "import.meta.url": "__v2kitBundleUrl", [COMMONJS_FLAG]: "true" },
    banner: { js: `#!/usr/bin/env node\n${BANNER}\nconst __v2kitBundleUrl = require("node:url").pathToFileURL(__filename).href;` },
    plugins: [siblingBundles, keepExternal, hoistDynamicImports],
    outfile: bin,
  });
  const output = result.outputFiles.find((file) => file.path === bin);
  const map = result.outputFiles.find((file) => file.path === `${bin}.map`);
  if (output === undefined || map === undefined) throw new Error(`esbuild wrote no ${bin} and map`);
  // tsc's shebang line is kept by esbuild below the banner's: one is enough.
  const text = output.text.replace(/^(#!.*\n)((?:\/\/.*\n)*)(const __v2kitBundleUrl.*\n)?#!.*\n/, "$1$2$3");
  writeFileSync(bin, text);
  chmodSync(bin, 0o755); // the package's bin: writeFileSync's mode applies only to a new file
  writeFileSync(map.path, map.text);
  if (metafileArg !== -1) writeFileSync(process.argv[metafileArg + 1], JSON.stringify(result.metafile, null, 2));

  // `node dist/cli/v2kit.js` (the path scripts and docs use) runs the same bundle.
  writeFileSync(
    esmEntry,
    `#!/usr/bin/env node\n${BANNER}\n// This file runs the CommonJS bundle beside it, dist/cli/v2kit.cjs, the package's bin.\nimport { createRequire } from "node:module";\ncreateRequire(import.meta.url)("./v2kit.cjs");\n`,
  );
  chmodSync(esmEntry, 0o755);
  await commonjsValidators();
  await generateBundles();
}

/** What every generate bundle shares: CommonJS for node 20, import.meta.url the bundle's own URL. */
const generateBundle = (entry, outfile, more) => ({
  entryPoints: [entry],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  outfile,
  logLevel: "warning",
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  define: { "import.meta.url": "__v2kitBundleUrl", [COMMONJS_FLAG]: "true" },
  banner: { js: `${GENERATE_BANNER}\nconst __v2kitBundleUrl = require("node:url").pathToFileURL(__filename).href;` },
  ...more,
});

export const GENERATE_BANNER = "// Bundled by scripts/bundle-cli.mjs from tsc's dist/ files: v2kit generate.";

/**
 * `v2kit generate` as the bin runs it: dist/cli/generate.cjs (the command: our modules only) and
 * dist/cli/generate-pipeline.cjs (the heavy path with the packages it uses, but sucrase, which
 * only --js needs), whose second thread starts from dist/cli/generate-worker.cjs. A cold generate
 * of the upstream document then reads 3 files instead of about 400 (docs/generate-speed.md).
 */
async function generateBundles() {
  const cli = path.join(dist, "cli");
  const command = path.join(cli, "generate.cjs");
  await build(
    generateBundle(path.join(cli, "generate", "generate.js"), command, {
      packages: "external",
      plugins: [
        siblingBundles,
        {
          name: "v2kit-generate-external",
          setup(b) {
            // tsc's pipeline, reached only outside the bundles (the dead branch of loadPipeline).
            b.onResolve({ filter: /generators\/pipeline-entry\.js$/ }, (args) => ({
              path: relative(cli, path.resolve(args.resolveDir, args.path)),
              external: true,
            }));
          },
        },
      ],
    }),
  );
  await build(
    generateBundle(path.join(dist, "generators", "pipeline-entry.js"), path.join(cli, "generate-pipeline.cjs"), {
      external: ["sucrase"],
      // The packages' licence comments stay with their code.
      legalComments: "eof",
      // Maps to dist/ and node_modules/ files by name: their text is not copied into the map.
      sourcesContent: false,
      plugins: [siblingBundles],
    }),
  );
  // The second thread: the same pipeline bundle through the same code cache (cli/generate/worker.ts).
  await build(
    generateBundle(path.join(cli, "generate", "worker.js"), path.join(cli, "generate-worker.cjs"), { packages: "external", plugins: [siblingBundles] }),
  );
  await pipelineCodeCache(path.join(cli, "generate-pipeline.cjs"));
}

/**
 * V8's code cache of the pipeline bundle, made after one run of the pipeline on the bundled
 * inputs (so it holds the functions a run compiles, not only the top level), in the file
 * cli/code-cache.ts reads: a cold generate skips parsing and compiling them. Used only by the same
 * V8 version and flags; any other node compiles the bundle as before.
 */
async function pipelineCodeCache(bundle) {
  const { codeCacheBytes, codeCacheFile, compileBundle, runBundle } = await import(pathToFileURL(path.join(dist, "cli", "code-cache.js")).href);
  rmSync(codeCacheFile(bundle), { force: true });
  const { script, source } = compileBundle(bundle);
  const pipeline = runBundle(bundle, script);
  // The types are emitted on this thread, so their code is in the cache too.
  process.env.V2KIT_GENERATE_WORKER = "never";
  await pipeline.generate({});
  writeFileSync(codeCacheFile(bundle), codeCacheBytes(source, script));
}

/**
 * A CommonJS copy of every validator module beside it (x.mjs → x.cjs), its helpers inlined, for
 * the bundle's require(): the same code as tsc's output, only the module format differs.
 */
async function commonjsValidators() {
  const dir = path.join(dist, "output", "validators");
  const modules = readdirSync(dir).filter((name) => name.endsWith(".mjs"));
  await build({
    entryPoints: modules.map((name) => path.join(dir, name)),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outdir: dir,
    outExtension: { ".js": ".cjs" },
    logLevel: "warning",
    legalComments: "none",
    minifyWhitespace: true,
    minifySyntax: true,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`bundle-cli: ${error.message}\n`);
    process.exit(1);
  });
}
