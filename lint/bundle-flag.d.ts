// Defined (as `true`) only in the CLI's CommonJS bundles, by scripts/bundle-cli.mjs (its
// COMMONJS_FLAG, an esbuild `define`): code that runs from dist/cli/*.cjs requires the CommonJS
// files beside it (validator copies, generate's bundles) instead of importing ES modules.
// Undefined everywhere else: check it with `typeof`.
declare const __V2KIT_COMMONJS_BUNDLE__: boolean | undefined;
