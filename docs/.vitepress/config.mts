// The docs site (VitePress): `npm run docs:build` writes docs/.vitepress/dist, `npm run docs:dev`
// serves it. Dead links fail the build (VitePress's default, kept). The reference pages' help
// blocks and the rule catalog are generated (scripts/docs-reference.mjs).

import { defineConfig } from "vitepress";

export default defineConfig({
  title: "v2kit",
  description: "Types, validators, a rule engine, lint, migration and a contract server for the v2 API.",
  cleanUrls: true,
  // The pages are plain Markdown written for GitHub too: `<endpoint_id>` in prose is text, not
  // an element for Vue to compile.
  markdown: { html: false },
  // Generated data beside the pages, not pages.
  srcExclude: ["upstream-diff-notes.json"],
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/getting-started" },
      { text: "Reference", link: "/reference/generate" },
      { text: "Design", link: "/design" },
      { text: "Benchmarks", link: "/benchmarks" },
    ],
    sidebar: [
      {
        text: "Guide",
        items: [
          { text: "Getting started", link: "/guide/getting-started" },
          { text: "Codegen in another repository", link: "/guide/codegen" },
          { text: "Pre-flight lint in CI and hooks", link: "/guide/lint-in-ci" },
          { text: "In the editor", link: "/editors" },
          { text: "Moving from v1", link: "/guide/migrate" },
          { text: "Lint the requests in your code", link: "/code-lint" },
          { text: "Testing a client against serve", link: "/guide/serve" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "generate", link: "/reference/generate" },
          { text: "lint", link: "/reference/lint" },
          { text: "migrate and migrate scan", link: "/reference/migrate" },
          { text: "scan", link: "/reference/scan" },
          { text: "context", link: "/reference/context" },
          { text: "serve", link: "/reference/serve" },
          { text: "schema", link: "/reference/schema" },
          { text: "lsp", link: "/reference/lsp" },
          { text: "v2kit.config.json", link: "/config" },
          { text: "The rules file", link: "/reference/rules-file" },
          { text: "Rule catalog", link: "/reference/rules" },
          { text: "Library API", link: "/reference/api" },
          { text: "Security and limits", link: "/reference/security" },
        ],
      },
      {
        text: "Project",
        items: [
          { text: "Design notes", link: "/design" },
          { text: "Benchmarks", link: "/benchmarks" },
          { text: "Contributing", link: "/contributing" },
          { text: "Changelog", link: "/changelog" },
        ],
      },
    ],
    search: { provider: "local" },
  },
});
