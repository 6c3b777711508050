// The output formats of `v2kit lint`, one module each, all of one shape: `item` renders one
// input's verdict as it arrives (in input order), `end` closes the output (SARIF writes its
// whole document there). Loaded on demand, like the commands.

import type { Engine } from "../../engine/evaluate.js";
import type { Violation, Warning } from "../../engine/types.js";
import { locate, locateSpan, type Position, type Span } from "../../lint/json-source.js";
import type { LintResult } from "../../lint/lint.js";

/** One linted input. */
export interface Report {
  /** As given on the command line (`-` for stdin); `FILE:LINE` for --ndjson. */
  file: string;
  result: LintResult;
  /** The decoded text, for source positions; absent when it could not be decoded. */
  text?: string;
  /** Where a failure of the text itself (json/parse, json/encoding) is. */
  at?: Position;
  /** Positions of findings a JSON pointer cannot place (values inside a GraphQL query string). */
  positions?: Map<Violation | Warning, Position>;
}

export interface FormatContext {
  engine: Engine;
  operation: string;
  /** ANSI colour: pretty on a TTY without NO_COLOR. */
  color: boolean;
}

export interface Formatter {
  item(report: Report): string;
  end(): string;
}

export const FORMAT_NAMES = ["pretty", "json", "problem", "sarif", "github"] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

const FORMATS: Record<FormatName, () => Promise<{ formatter: (context: FormatContext) => Formatter }>> = {
  pretty: () => import("./pretty.js"),
  json: () => import("./json.js"),
  problem: () => import("./problem.js"),
  sarif: () => import("./sarif.js"),
  github: () => import("./github.js"),
};

export async function loadFormatter(name: FormatName, context: FormatContext): Promise<Formatter> {
  const { formatter } = await FORMATS[name]();
  return formatter(context);
}

/** Unknown properties are shown at their key; everything else at the value (or nearest ancestor). */
const AT_KEY = new Set(["schema/additionalProperties", "schema/unevaluatedProperties"]);

/** Line and column of a violation or warning: slow path, computed only for invalid inputs. */
export function positionOf(report: Report, finding: Violation | Warning): Position {
  if (finding.rule.startsWith("json/") && report.at) return report.at;
  const placed = report.positions?.get(finding);
  if (placed) return placed;
  if (report.text === undefined) return { line: 1, column: 1 };
  return locate(report.text, finding.path, { key: AT_KEY.has(finding.rule) });
}

/** The span of a violation or warning (the language server underlines it): it starts where positionOf says. */
export function spanOf(report: Report, finding: Violation | Warning): Span {
  if (report.text === undefined || (finding.rule.startsWith("json/") && report.at) || report.positions?.has(finding)) {
    const start = positionOf(report, finding);
    return { start, end: start };
  }
  return locateSpan(report.text, finding.path, { key: AT_KEY.has(finding.rule) });
}
