// One linter (ESLint with typescript-eslint's recommended rules) over the hand-written code;
// generated output/ and test inputs are left to the generator and their tests.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
    // Every hand-written file: a one-letter name explains nothing where the reader meets it
    // (loop indexes, coordinates and `_` excepted; properties follow the data they name).
    files: ["**/*.ts", "**/*.mts", "**/*.js", "**/*.mjs"],
    rules: { "id-length": ["error", { min: 2, exceptions: ["i", "j", "k", "x", "y", "_", "t", "a", "b"], properties: "never" }] },
  },
);
