// --format json: one object per input, one per line, keys in a fixed order. The line is built
// field by field instead of by JSON.stringify of a wrapper object: a valid verdict's status,
// problem, violations and warnings are constant text, so only `resolved` (and, for an invalid
// one, the findings) is stringified. The bytes are exactly those of printableJson on the object
// {file, ok, status, problem, violations, warnings, resolved} (test/ndjson/verdict-line.test.ts).

import { resolvedText } from "../../engine/verdict.js";
import { printableJsonText } from "../../lint/printable.js";
import type { LintResult } from "../../lint/lint.js";
import type { Formatter, Report } from "./index.js";

/** The JSON line of one report: `file` first, then the verdict's own fields. */
export function jsonLine(report: Report): string {
  return printableText(verdictLine(JSON.stringify(report.file), report.result));
}

/**
 * The JSON line (with its LF) of a verdict whose `file` is the JSON string literal `fileJson`,
 * before printableText: what JSON.stringify prints for the object of jsonLine. The fields are
 * read once each, in key order (`resolved` is a lazy accessor on the engine's verdicts). `source`,
 * the JSON text and the body parsed from it (lintSource's `text` and `body`), lets `resolved` be
 * printed from the text when the engine can vouch for the bytes (resolvedText) instead of by
 * JSON.stringify.
 */
export function verdictLine(fileJson: string, result: LintResult, source?: { text?: string; body?: unknown }): string {
  const ok = result.ok;
  const status = result.status;
  const problem = result.problem;
  const violations = result.violations;
  const warnings = result.warnings;
  const fromSource = source?.text === undefined || source.body === undefined ? undefined : resolvedText(result, source.text, source.body);
  const resolved = fromSource === undefined ? (result.resolved ?? null) : null;
  if (ok === true && status === null && problem === null && isEmptyList(violations) && isEmptyList(warnings)) {
    // The valid path: everything but `resolved` is known text.
    const text = fromSource ?? stringifyMember("resolved", resolved);
    if (text !== undefined) return `{"file":${fileJson},"ok":true,"status":null,"problem":null,"violations":[],"warnings":[],"resolved":${text}}\n`;
  }
  let line = `{"file":${fileJson}`;
  line += member("ok", ok);
  line += member("status", status);
  line += member("problem", problem);
  line += member("violations", violations);
  line += member("warnings", warnings);
  line += fromSource === undefined ? member("resolved", resolved) : `,"resolved":${fromSource}`;
  return `${line}}\n`;
}

/** A plain empty array: JSON.stringify prints `[]` for it whatever else it holds. */
function isEmptyList(list: unknown): boolean {
  return Array.isArray(list) && list.length === 0 && typeof (list as { toJSON?: unknown }).toJSON !== "function";
}

/** `,"key":VALUE`, or nothing when JSON.stringify would leave the key out (undefined, a function). */
function member(key: string, data: unknown): string {
  const text = stringifyMember(key, data);
  return text === undefined ? "" : `,"${key}":${text}`;
}

/** What JSON.stringify prints for `data` as the member `key` of an object; undefined when it leaves the member out. */
function stringifyMember(key: string, data: unknown): string | undefined {
  if (data === null) return "null";
  if (data === true) return "true";
  if (data === false) return "false";
  if (typeof data === "number") return Number.isFinite(data) ? String(data) : "null";
  if (typeof data === "string") return JSON.stringify(data);
  // No toJSON: the member's text is the value's own (a nested toJSON gets its own key either way).
  if (typeof data === "object" && typeof (data as { toJSON?: unknown }).toJSON !== "function") return JSON.stringify(data);
  // Anything else (a toJSON, which is called with the key; a boxed or odd value) goes the long way round.
  const holder = JSON.stringify({ [key]: data });
  return holder === "{}" ? undefined : holder.slice(key.length + 4, -1);
}

/** The text with the characters printableJson escapes escaped the same way (lint/printable.ts). */
export const printableText = printableJsonText;

/**
 * False when UTF-8 bytes cannot hold a character printableText escapes: no 0x7F (DEL), 0xC2
 * (lead byte of U+0080–U+00BF) or 0xE2 (lead byte of U+2000–U+2FFF). Three memchr scans,
 * far cheaper than a regular expression over the text; a true is checked with printableText.
 */
export function mayNeedEscapes(bytes: Uint8Array, start: number, end: number): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
  return buffer.indexOf(0x7f) !== -1 || buffer.indexOf(0xc2) !== -1 || buffer.indexOf(0xe2) !== -1;
}

export function formatter(): Formatter {
  return { item: jsonLine, end: () => "" };
}
