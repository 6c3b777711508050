import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Generated property tests import "v2kit/testing", as they do in a consumer's repo.
    alias: { "v2kit/testing": fileURLToPath(new URL("./rules/testing/index.ts", import.meta.url)) },
  },
  test: {
    include: ["test/**/*.test.ts", "output/tests/**/*.test.mjs"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
