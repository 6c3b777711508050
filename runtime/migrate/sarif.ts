// `migrate scan --format sarif`: SARIF 2.1.0, one result per v1 call.

import type { Finding } from "./scan.js";

export interface FileFindings {
  /** Path relative to the scan's working directory, with forward slashes. */
  file: string;
  findings: Finding[];
}

const RULE_ID = "v1-call";

export function describeFinding(finding: Finding): string {
  const target = finding.v2 ? `${finding.v2.method} ${finding.v2.path}` : "no v2 equivalent";
  return `v1 call ${finding.v1.method} ${finding.v1.path} → ${target}`;
}

export function toSarif(files: readonly FileFindings[]) {
  const results = files.flatMap(({ file, findings }) =>
    findings.map((finding) => ({
      ruleId: RULE_ID,
      level: finding.notes.some((n) => n.level === "error") ? "error" : "warning",
      message: {
        text: [describeFinding(finding), ...finding.notes.map((n) => `${n.level}: ${n.field ? `${n.field} ` : ""}${n.message}`)].join("\n"),
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: file },
            region: { startLine: finding.line, startColumn: finding.column, endColumn: finding.column + finding.match.length },
          },
        },
      ],
      properties: { v1: finding.v1, v2: finding.v2 },
    })),
  );
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "v2kit migrate scan",
            rules: [
              {
                id: RULE_ID,
                shortDescription: { text: "Call to the deprecated v1 REST API" },
                fullDescription: { text: "v1 is retired on November 15, 2026. Run `v2kit migrate` on the request to get its v2 form." },
                defaultConfiguration: { level: "warning" },
              },
            ],
          },
        },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}
