// `checkSource`: what `v2kit scan` (and the language server) report of one source file. The call
// reader of migrate/scan reads the file: each call to the retired v1 API is a `v1-call` finding,
// and each call to the v2 REST API (migrate/scan/v2-calls.ts) is checked against the document
// (code/check.ts: routes, query parameters, literal bodies, response reads).

import { analyzeSource, type Finding, type MigrationContext, readV2Calls, resolveFindings, type Surroundings } from "../migrate/index.js";
import { BODY_LEFT_RULE, markedFindings } from "../migrate/scan/marker.js";
import { V1_DOCUMENT_RULE, V2_DOCUMENT_URL } from "../migrate/scan/openapi-document.js";
import { checkCalls } from "./check.js";
import type { CodeDocument } from "./document.js";
import type { CodeFinding } from "./types.js";

export type { CodeFinding } from "./types.js";

export interface CheckOptions {
  /**
   * Report prose that names a v1 route (a docstring, Markdown text) as a `v1-call` note. Off by
   * default: a mention calls nothing, and `v2kit scan` reports calls (`migrate scan --fail-on
   * mention` lists them for a migration).
   */
  mentions?: boolean;
  /** The catalog (and templates) a v1 call's literal body is migrated with, for its hints. */
  context?: MigrationContext;
  /** `--spec`: the OpenAPI document the v2 rules check calls against, loaded once (code/document.ts `loadCodeDocument`); the bundled one when absent. The v1 rule does not read it. */
  spec?: CodeDocument;
}

/** The v1 rule ids of migrate scan that are calls: each is a `v1-call` of `v2kit scan`. */
const V1_CALLS = new Set(["v1-call", "v1-call-inferred", "v1-path-on-v2-base"]);

/** Where the recognised text ends: its last line and the column after its last character. */
function endOf(finding: Finding): { endLine: number; endColumn: number } {
  const lines = finding.match.split(/\r\n|\r|\n/);
  const last = lines.at(-1) ?? "";
  return lines.length === 1
    ? { endLine: finding.line, endColumn: finding.column + last.length }
    : { endLine: finding.line + lines.length - 1, endColumn: last.length + 1 };
}

function messageOf(finding: Finding): string {
  if (finding.ruleId === V1_DOCUMENT_RULE)
    return `a copy of the retired v1 OpenAPI document (${finding.match === "paths" ? "v1 routes, no host named" : finding.match}): fetch the v2 document (GET ${V2_DOCUMENT_URL}) and regenerate the client from it`;
  const v1 = `${finding.v1.method} ${finding.v1.path}`;
  if (finding.ruleId === BODY_LEFT_RULE)
    return `a call a fix moved to v2 (${v1} is now ${finding.v2?.method ?? ""} ${finding.v2?.path ?? ""}) with a body it did not migrate: make it the v2 body, then delete the \`v2kit:\` comment`;
  const what = finding.ruleId === "v1-path-on-v2-base" ? `a v1 route's path on the v2 base URL (${v1})` : `a call to the retired v1 API (${v1})`;
  const guessed = finding.inferred.length > 0 ? ` (${finding.inferred.join(" and ")} inferred)` : "";
  const target = finding.v2 ? `use ${finding.v2.method} ${finding.v2.path}` : "v2 has no equivalent route";
  return `${finding.ruleId === "v1-mention" ? `the text names a v1 route (${v1})` : what}${guessed}: ${target}`;
}

function toCodeFinding(finding: Finding, file: string): CodeFinding {
  const mention = finding.ruleId === "v1-mention";
  const hints = finding.notes.map((note) => `${note.level}: ${note.field ? `${note.field} ` : ""}${note.message}`);
  return {
    // A copy of the v1 OpenAPI document keeps its own rule id: it is no call.
    rule: finding.ruleId === V1_DOCUMENT_RULE ? V1_DOCUMENT_RULE : "v1-call",
    level: mention ? "note" : "error",
    file,
    line: finding.line,
    column: finding.column,
    ...endOf(finding),
    message: messageOf(finding),
    ...(hints.length > 0 ? { hints } : {}),
    confidence: mention ? "mention" : finding.confidence,
  };
}

/**
 * The findings of one file's text. `file` names it (its extension picks the language) and is
 * copied to each finding; `around` is what its directory and the scanned tree say of base URLs
 * (a relative `"/pods"` is a v1 call only where the base is v1), as `migrate scan` resolves it.
 */
export function checkSource(text: string, file: string, around: Surroundings = [], options: CheckOptions = {}): CodeFinding[] {
  const calls = readV2Calls(text, file, around);
  const findings = checkCalls(calls, file, {
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    ...(options.context?.catalog === undefined ? {} : { catalog: options.context.catalog }),
    ...(options.context?.templates === undefined ? {} : { templates: options.context.templates }),
  });
  // A v1 route's path on the v2 base that the v2 reader read as a call is its `v2-unknown-route` (with the closest route and a fix): not reported twice.
  const v2Lines = new Set(calls.flatMap((call) => lineSpan(text, call.at.line, call.at.offset, call.end)));
  for (const finding of resolveFindings(analyzeSource(text, file), around, options.context)) {
    if (finding.ruleId === "v1-path-on-v2-base" && v2Lines.has(finding.line)) continue;
    if (V1_CALLS.has(finding.ruleId) || finding.ruleId === V1_DOCUMENT_RULE || (options.mentions === true && finding.ruleId === "v1-mention"))
      findings.push(toCodeFinding(finding, file));
  }
  // A call `migrate scan --fix` moved with a body it did not migrate, under its `v2kit:` comment (migrate/scan/marker.ts).
  for (const finding of markedFindings(file, text)) if (finding.ruleId === BODY_LEFT_RULE) findings.push(toCodeFinding(finding, file));
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The lines from `line` (where `offset` is) to the one holding `end`. */
function lineSpan(text: string, line: number, offset: number, end: number): number[] {
  const lines = [line];
  for (let k = offset; k < end && k < text.length; k++) if (text[k] === "\n") lines.push(line + lines.length);
  return lines;
}
