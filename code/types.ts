// What `v2kit scan` (issue 44) reports of the v2 calls migrate/scan/v2-call.ts describes, in the
// shape every formatter (pretty, json, sarif, github) and the language server take. Positions
// are 1-based lines and UTF-16 columns, as SARIF and the CLI print them.

/** What a check reports, in the shape every formatter (pretty, json, sarif, github) and the language server take. */
export interface CodeFinding {
  /** The rule id (`v2-unknown-route`, `v2-invalid-body`, …; docs/rules.md lists them). */
  rule: string;
  /** SARIF's level. */
  level: "error" | "warning" | "note";
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** The operation the call is matched to (`updateEndpoint`), when it is. */
  operation?: string;
  /** The verdict lint gives the literal body: its status (400/404/422) and rule ids. */
  verdict?: { status: number; rules: string[] };
  hints?: string[];
  /** How sure the reader is that this is a call (`v1-call`, as `migrate scan` judges it): the code states the version and method (`certain`), some was inferred (`inferred`), or prose names the route (`mention`). */
  confidence?: "certain" | "inferred" | "mention";
  /** An exact fix: replace [start, end) of the file's text with `text`. */
  fix?: { title: string; start: number; end: number; text: string };
}
