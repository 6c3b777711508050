// Which reference page carries which commands' --help (scripts/docs-reference.mjs writes them,
// test/docs.test.ts checks them).

/** Reference page → the commands whose help it carries. */
export const PAGES = {
  "docs/reference/generate.md": [["generate"]],
  "docs/reference/lint.md": [["lint"]],
  "docs/reference/migrate.md": [["migrate"], ["migrate", "scan"]],
  "docs/reference/scan.md": [["scan"]],
  "docs/reference/context.md": [["context"]],
  "docs/reference/serve.md": [["serve"]],
  "docs/reference/schema.md": [["schema"]],
  "docs/reference/lsp.md": [["lsp"]],
};
