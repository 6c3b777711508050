// The output formats of `v2kit scan`, over CodeFinding (code/types.ts): pretty (file:line:column,
// level, message, rule id, a code frame with a caret), json (one object per finding per line, a
// public contract: its keys never change), SARIF 2.1.0 (one run, every rule described) and
// GitHub workflow commands. Each takes the files in walk order, each with its findings.

import { createHash } from "node:crypto";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { CodeFinding } from "../../code/types.js";
import { printable, printableJson } from "../../lint/printable.js";
import { escapeData, escapeProperty } from "../format/github.js";
import { packageVersion } from "../version.js";
import { frame, type Paint } from "../format/pretty.js";

export const SCAN_FORMATS = ["pretty", "json", "sarif", "github"] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** One scanned file with findings: its name as printed (forward slashes) and its text (for code frames). */
export interface ScannedSource {
  file: string;
  text?: string;
  findings: CodeFinding[];
}

/** The rules of `v2kit scan`: id, what it finds, what to do, and its default level (SARIF's rule list, docs/code-lint.md). */
export const SCAN_RULES: readonly { id: string; name: string; level: CodeFinding["level"]; text: string; help: string }[] = [
  {
    id: "v1-call",
    name: "V1Call",
    level: "error",
    text: "A call to the retired v1 REST API",
    help: "v1 was retired on November 15, 2026. Call the v2 route the message names; `v2kit migrate scan --fix` rewrites the calls it can.",
  },
  {
    id: "v2-unknown-route",
    name: "V2UnknownRoute",
    level: "error",
    text: "A v2 path, or a method on it, the API does not have",
    help: "The message names the closest route the document has: call that one.",
  },
  {
    id: "v2-unknown-query-param",
    name: "V2UnknownQueryParam",
    level: "warning",
    text: "A query parameter the operation does not take",
    help: "The service ignores or rejects it: remove it, or use a parameter the operation documents.",
  },
  {
    id: "v2-invalid-body",
    name: "V2InvalidBody",
    level: "error",
    text: "A literal request body that `v2kit lint` rejects",
    help: "Each violation is reported at its key or value, with lint's status, rule ids and hints: correct the body as the hint says.",
  },
  {
    id: "v2-unknown-response-field",
    name: "V2UnknownResponseField",
    level: "warning",
    text: "A read of a field the operation's response does not have",
    help: "The value is always undefined: read the field the response has.",
  },
  {
    id: "v2-body-elsewhere",
    name: "V2BodyElsewhere",
    level: "note",
    text: "The request body is built elsewhere: it is not checked here",
    help: "Check the body where it is built against the request type the message names (`v2kit lint` on a saved body).",
  },
  {
    id: "v1-openapi-document",
    name: "V1OpenApiDocument",
    level: "error",
    text: "A copy of the retired v1 OpenAPI document",
    help: "The file is the v1 REST API's OpenAPI document (its server is https://rest.runpod.io/v1, or it names no host and declares only v1 routes): a client generated from it calls v1, which was retired on November 15, 2026. Fetch the v2 document (GET /v2/openapi.json) and regenerate the client from it. Its paths are route declarations, not calls: one finding per file.",
  },
];

const SEVERITY: Record<CodeFinding["level"], number> = { error: 2, warning: 1, note: 0 };
export const atLeast = (level: CodeFinding["level"], threshold: CodeFinding["level"]) => SEVERITY[level] >= SEVERITY[threshold];

/** `--format json`: the keys of each line, in order (a public contract: extend, never rename). */
export const JSON_KEYS = ["file", "line", "column", "endLine", "endColumn", "level", "rule", "message", "operation", "verdict", "hints"] as const;

export function jsonLines(sources: readonly ScannedSource[]): string {
  let out = "";
  for (const { findings } of sources) {
    for (const finding of findings) {
      const { file, line, column, endLine, endColumn, level, rule, message } = finding;
      const entry = {
        file,
        line,
        column,
        endLine,
        endColumn,
        level,
        rule,
        message,
        operation: finding.operation ?? null,
        verdict: finding.verdict ?? null,
        hints: finding.hints ?? [],
      };
      out += `${printableJson(entry)}\n`;
    }
  }
  return out;
}

const LABEL: Record<CodeFinding["level"], [string, string]> = { error: ["31;1", "error"], warning: ["33;1", "warning"], note: ["36;1", "note"] };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function pretty(sources: readonly ScannedSource[], color: boolean): string {
  const paint: Paint = color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
  const counts = { error: 0, warning: 0, note: 0 };
  let out = "";
  for (const source of sources) {
    const lines = source.text?.split(/\r\n|\r|\n/) ?? [];
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    for (const finding of source.findings) {
      counts[finding.level]++;
      const [code, word] = LABEL[finding.level];
      const parts = [
        `${paint("1", `${printable(finding.file)}:${finding.line}:${finding.column}`)} ${paint(code, word)} ${printable(finding.message)}  ${paint("2", finding.rule)}`,
      ];
      if (finding.verdict) parts.push(`  ${paint("2", `lint: status ${finding.verdict.status}, ${finding.verdict.rules.join(", ")}`)}`);
      if (lines.length > 0) parts.push(frame(lines, finding, paint));
      for (const hint of finding.hints ?? []) parts.push(`  ${paint("32", "hint:")} ${printable(hint)}`);
      out += `${parts.join("\n")}\n\n`;
    }
  }
  const total = counts.error + counts.warning + counts.note;
  if (total === 0) return "";
  const summary = `${plural(total, "problem")} (${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${plural(counts.note, "note")})`;
  return `${out}${paint(counts.error > 0 ? "31;1" : "33;1", summary)}\n`;
}

/** `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=RULE::MESSAGE`; a note is a `::notice`. */
export function github(sources: readonly ScannedSource[]): string {
  let out = "";
  for (const { findings } of sources) {
    for (const finding of findings) {
      const kind = finding.level === "note" ? "notice" : finding.level;
      const properties = `file=${escapeProperty(finding.file)},line=${finding.line},col=${finding.column},endLine=${finding.endLine},endColumn=${finding.endColumn},title=${escapeProperty(finding.rule)}`;
      const message = [finding.message, ...(finding.hints ?? [])].join("\n");
      out += `::${kind} ${properties}::${escapeData(message)}\n`;
    }
  }
  return out;
}

/** A relative URI under the working directory (`%SRCROOT%`), or a file: URI for a path outside it (as migrate scan's SARIF). */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  const abs = resolve(cwd, file);
  const rel = relative(cwd, abs);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return { uri: pathToFileURL(abs).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
}

/** SARIF 2.1.0: one run; the driver lists every rule of `v2kit scan` (so ruleIndex is stable); one result per finding. */
export function toScanSarif(sources: readonly ScannedSource[], cwd = process.cwd()) {
  const rules = SCAN_RULES.map((rule) => ({
    id: rule.id,
    name: rule.name,
    shortDescription: { text: rule.text },
    help: { text: rule.help },
    defaultConfiguration: { level: rule.level },
  }));
  const results = sources.flatMap(({ file, findings }) => {
    const seen = new Map<string, number>();
    return findings.map((finding) => {
      // The nth finding of the same rule and message in the file: a fingerprint that ignores line shifts.
      const identity = [file, finding.rule, finding.message].join("\u0000");
      const nth = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, nth);
      const index = SCAN_RULES.findIndex((rule) => rule.id === finding.rule);
      const hints = (finding.hints ?? []).map((hint) => `\n${printable(hint)}`).join("");
      const properties = {
        ...(finding.operation === undefined ? {} : { operation: finding.operation }),
        ...(finding.verdict === undefined ? {} : { verdict: finding.verdict }),
        ...(finding.confidence === undefined ? {} : { confidence: finding.confidence }),
      };
      return {
        ruleId: finding.rule,
        ...(index >= 0 ? { ruleIndex: index } : {}),
        level: finding.level,
        message: { text: `${printable(finding.message)}${hints}` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifactLocation(file, cwd),
              region: { startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn },
            },
          },
        ],
        partialFingerprints: { "v2kitFinding/v1": createHash("sha256").update(`${identity}\u0000${nth}`).digest("hex") },
        ...(Object.keys(properties).length > 0 ? { properties } : {}),
      };
    });
  });
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "v2kit scan", version: packageVersion(), rules } },
        originalUriBaseIds: { "%SRCROOT%": { uri: `${pathToFileURL(cwd).href.replace(/\/?$/, "/")}` } },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}

export function formatScan(format: ScanFormat, sources: readonly ScannedSource[], color: boolean): string {
  if (format === "json") return jsonLines(sources);
  if (format === "sarif") return `${printableJson(toScanSarif(sources), 2)}\n`;
  if (format === "github") return github(sources);
  return pretty(sources, color);
}
