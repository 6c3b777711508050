// One linter (ESLint with typescript-eslint's recommended rules) over the hand-written code;
// generated output/ and test inputs are left to the generator and their tests.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Folders whose code holds id-length (a one-letter name explains nothing where the reader meets it). */
const ID_LENGTH_FOLDERS = [
  "test/realworld",
  "input",
  "rules",
  "schema-model",
  "client",
  "cli",
  "generators",
  "test/cli",
  "test/generators",
  "test/client",
  "test/hardening",
  "test/generate-incremental",
  "test/generate-speed",
  "test/consumer",
  "test/types-fidelity",
  "test/ci",
  "test/fuzz",
  "migrate",
  "test/migrate",
  "serve",
  "lint",
  "engine",
  "live",
  "testing",
  "test/lint",
  "test/live",
  "test/rules",
  "test/engine",
  "test/conformance",
  "test/graphql",
  "test/ndjson",
  "test/serve",
];
/** Test files at test/'s top level that hold it too (the language server's and ndjson's follow with lint/). */
const ID_LENGTH_FILES = [
  "test/ndjson-jobs.test.ts",
  "test/action.test.ts",
  "test/catalog-staleness.test.ts",
  "test/cli-bundle.test.ts",
  "test/cli-help.test.ts",
  "test/cli-usage.test.ts",
  "test/docs.test.ts",
  "test/error-style.test.ts",
  "test/errors.test.ts",
  "test/generate-engine.test.ts",
  "test/generate-js.test.ts",
  "test/generate-out.test.ts",
  "test/lint-cli.test.ts",
  "test/module-load.test.ts",
  "test/pack-budget.test.ts",
  "test/pack.test.ts",
  "test/package-entry.test.ts",
  "test/schema-cli.test.ts",
  "test/lsp.test.ts",
  "test/lsp-transport.test.ts",
  "test/lsp-backpressure.test.ts",
  "test/markdown-blocks.ts",
];

export default tseslint.config(
  // Ajv standalone code, generated and checked by test/generate-speed (eslint takes minutes over it).
  {
    ignores: [
      "dist/",
      "output/",
      "node_modules/",
      "test/golden/",
      "test/fixtures/",
      "examples/",
      "coverage/",
      "rules/rules-file-validator.ts",
      "generators/load/precompiled/",
      "docs/.vitepress/dist/",
      "docs/.vitepress/cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        TextDecoder: "readonly",
        TextEncoder: "readonly",
        performance: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        structuredClone: "readonly",
        Buffer: "readonly",
        globalThis: "readonly",
        AbortController: "readonly",
        fetch: "readonly",
        setImmediate: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "no-control-regex": "off",
    },
  },
  // Type-aware rules (issue 42): a promise left floating loses its error (an unhandled rejection
  // ends the CLI with no location); `await` of a non-promise hides a sync call that was meant to be
  // async; a shadowed name reads as the outer one; a one-letter name explains nothing where the
  // reader meets it. Exceptions for id-length: loop indices and coordinates (i, j, k, x, y), the
  // `_` of an unused binding, and `t`, `a`, `b` in comparators and test.each rows, where the
  // convention is the explanation. The type information comes from tsconfig.json and
  // test/tsconfig.json (projectService); the ESLint cache is keyed by each file's content, so after
  // changing a type that other files use, delete node_modules/.cache/eslint (CI has no cache).
  {
    files: ["**/*.ts", "**/*.mts"],
    // Outside both tsconfigs: configuration files of vitest and the docs site, a declaration file.
    ignores: ["vitest.config.ts", "docs/.vitepress/config.mts", "scripts/*.d.mts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "no-shadow": "off",
      "@typescript-eslint/no-shadow": ["error", { ignoreTypeValueShadow: true, ignoreFunctionTypeParameterNameValueShadow: true }],
    },
  },
  {
    // id-length holds in the folders renamed so far; the rest of the tree follows folder by
    // folder (each added here), see docs/contributing.md.
    files: [...ID_LENGTH_FOLDERS.map((folder) => `${folder}/**/*.ts`), ...ID_LENGTH_FILES],
    rules: { "id-length": ["error", { min: 2, exceptions: ["i", "j", "k", "x", "y", "_", "t", "a", "b"], properties: "never" }] },
  },
);
