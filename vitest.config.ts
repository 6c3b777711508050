import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Suites that take long on 2 cores (packed tarballs, consumer installs, whole-document generates,
 * child-process CLIs by the dozen, 10,000-schema documents): `npm run test:full` runs them with
 * the rest; `npm test` (the README's command) leaves them out to stay under two minutes.
 */
const LONG = [
  "test/consumer/**/*.test.ts",
  "test/pack.test.ts",
  "test/generate-js.test.ts",
  // v2kit schema run by the dozen, each reading the document; every body of two documents compiled
  "test/schema-cli.test.ts",
  // migrate scan --fix as a user runs it: dozens of CLI processes and external parsers (about 25 s).
  "test/migrate/scan-fix.test.ts",
  "test/migrate/scan-fix.property.test.ts",
  // the fixed code run as a user would: bash, python3 and node against stubs, git apply in a repository
  "test/migrate/scan-fix-*.test.ts",
  // what scan counts as this API's call and what --fix may touch, through the CLI (about 25 s)
  "test/migrate/scan-scope.test.ts",
  "test/generate-out.test.ts",
  "test/types-fidelity/**/*.test.ts",
  "test/conformance/**/*.test.ts",
  "test/generators/emit/types.test.ts",
  "test/cli-help.test.ts",
  "test/lint-cli.test.ts",
  "test/generators/pipeline.test.ts",
  "test/fuzz/**/*.test.ts",
  "test/serve/cli.test.ts",
  // two `v2kit serve` processes for --allow-unknown-query, besides the in-process checks
  "test/serve/query.test.ts",
  "test/graphql/namespace.test.ts",
  "test/hardening/live.test.ts",
  "test/hardening/regex.test.ts",
  "test/ndjson-jobs.test.ts",
  "test/ndjson/workers-start-early.test.ts",
  "test/cli-bundle.test.ts",
  // tsc over a whole generated output, or `lint --rules` compiling an engine per case
  "test/rules/kinds/expression-rules-file.test.ts",
  "test/generators/emit/types-composition.test.ts",
  "test/rules/patch-rules-file.test.ts",
  // whole-document generates through the validation thread, the BMP-wide identifier check
  "test/generate-speed/**/*.test.ts",
  // CLI generates of the bundled schema, edit after edit, each beside a fresh --force run
  "test/generate-incremental/**/*.test.ts",
  // the CLI spawned by the dozen
  "test/cli-usage.test.ts",
  "test/graphql/cli.test.ts",
  "test/hardening/files.test.ts",
  // attacks at the sizes the issue names, timed at N and 4N
  "test/hardening/growth.test.ts",
  // the language server fed 120 edits while its client does not read, its memory measured
  "test/lsp-backpressure.test.ts",
  "test/serve/state-journal.test.ts",
  "test/migrate/scan-cli.test.ts",
  // Stoplight Prism started three times in front of serve
  "test/serve/prism-proxy.test.ts",
  // random create bodies of every resource through serve, judged by the published document
  "test/serve/published-records.property.test.ts",
  // issue 41's acceptance: fixture clients in seven languages run against serve (go run, cargo
  // run, python3, bash), before and after migrate scan --fix, each file through its own parser
  "test/migrate/clients-acceptance.test.ts",
  // three CLI SARIF logs through Microsoft's SARIF Multitool (a .NET program .ci/run installs)
  "test/sarif-validator.test.ts",
];

export default defineConfig({
  resolve: {
    // Generated property tests import "v2kit/testing", as they do in a consumer's repo.
    alias: { "v2kit/testing": fileURLToPath(new URL("./testing/index.ts", import.meta.url)) },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "fast", include: ["test/**/*.test.ts", "output/tests/**/*.test.mjs"], exclude: LONG } },
      { extends: true, test: { name: "long", include: LONG } },
    ],
  },
});
