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
);
