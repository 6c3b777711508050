// Human-readable output of `v2kit migrate` and `v2kit migrate scan` (--format pretty).

import { printable } from "../lint/printable.js";
import type { Note } from "./types.js";
import type { RequestMigration } from "./request.js";
import type { FileFindings } from "./sarif.js";
import { describeFinding } from "./sarif.js";
import type { ResponseMigration } from "./responses.js";

const indent = (text: string, by: string) => text.replace(/^/gm, by);

function noteLines(notes: readonly Note[]): string[] {
  return notes.map((note) => `  ${note.level.padEnd(7)} ${note.field ? `${printable(note.field)}: ` : ""}${printable(note.message)}`);
}

export function formatRequestMigration(file: string, v1: { method?: unknown; path?: unknown }, result: RequestMigration): string {
  const lines = [`${printable(file)}: ${result.ok ? "ok" : "NOT OK"}`];
  if (result.request) {
    lines.push(`  ${printable(String(v1.method))} ${printable(String(v1.path))}  →  ${printable(result.request.method)} ${printable(result.request.path)}`);
    if (result.request.body !== undefined) lines.push(indent(JSON.stringify(result.request.body, null, 2), "    "));
  }
  lines.push(...noteLines(result.notes));
  if (result.lint) {
    if (result.lint.ok) lines.push("  lint    passes");
    for (const violation of result.lint.violations)
      lines.push(
        `  lint    ${violation.status} ${printable(violation.path) || "/"} ${printable(violation.message)} [${violation.rule}]${violation.hint ? ` (${printable(violation.hint)})` : ""}`,
      );
    for (const warning of result.lint.warnings)
      lines.push(`  lint    warning ${printable(warning.path) || "/"} ${printable(warning.message)} [${warning.rule}]`);
  }
  return `${lines.join("\n")}\n`;
}

export function formatResponseMigration(file: string, result: ResponseMigration): string {
  const lines = [`${printable(file)}: ${result.ok ? "ok" : "NOT OK"}`];
  if (result.response) {
    lines.push(`  status ${result.response.status}`, indent(JSON.stringify(result.response.body, null, 2), "    "));
  }
  lines.push(...noteLines(result.notes));
  return `${lines.join("\n")}\n`;
}

export function formatFindings(files: readonly FileFindings[]): string {
  const lines: string[] = [];
  for (const { file, findings } of files) {
    for (const finding of findings) {
      const confidence = finding.confidence === "inferred" ? ` [inferred: ${finding.inferred.join(", ")}]` : "";
      lines.push(`${printable(file)}:${finding.line}:${finding.column}: ${printable(describeFinding(finding))}${confidence}`, ...noteLines(finding.notes));
      if (finding.body) {
        lines.push(`  body    ${printable(JSON.stringify(finding.body.v2))}`);
        for (const change of finding.body.changes) {
          if (change.how === "rename" && change.to === `/${change.field}`) continue; // kept as it is
          lines.push(`          ${printable(change.field)} → ${change.to === null ? "dropped" : printable(change.to)}: ${printable(change.reason)}`);
        }
      }
    }
  }
  const found = files.flatMap((file) => file.findings);
  const all = found.filter(
    (finding) =>
      finding.ruleId !== "v1-mention" &&
      finding.ruleId !== "v1-response-field" &&
      finding.ruleId !== "v1-fake-response" &&
      finding.ruleId !== "v1-openapi-document",
  );
  const reads = found.filter((finding) => finding.ruleId === "v1-response-field").length;
  const fakes = found.filter((finding) => finding.ruleId === "v1-fake-response").length;
  const documents = found.filter((finding) => finding.ruleId === "v1-openapi-document").length;
  const mentions = found.length - all.length - reads - fakes - documents;
  const certain = all.filter((finding) => finding.confidence === "certain").length;
  const split = ` (${certain} certain, ${all.length - certain} inferred)`;
  const mentioned = mentions === 0 ? "" : `; ${mentions} mention${mentions === 1 ? "" : "s"} of v1 routes in prose`;
  const read = reads === 0 ? "" : `; ${reads} read${reads === 1 ? "" : "s"} of v1 response fields`;
  const faked = fakes === 0 ? "" : `; ${fakes} test fake${fakes === 1 ? "" : "s"} answering in v1's shape`;
  const copies = documents === 0 ? "" : `; ${documents} ${documents === 1 ? "copy" : "copies"} of the v1 OpenAPI document`;
  lines.push(
    `${all.length === 0 ? "no v1 calls found" : `${all.length} v1 call${all.length === 1 ? "" : "s"} found${split}`}${read}${faked}${copies}${mentioned}`,
  );
  return `${lines.join("\n")}\n`;
}
