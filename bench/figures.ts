// The shape every measurement returns: headline figures (ratios against an anchor measured in
// the same run, with their target) and supporting rows for the report.

import type { ProfileSummary } from "./profile.js";

export interface Figure {
  /** Stable key of `--json`. */
  key: string;
  label: string;
  /** The measured ratio or share; null when skipped. */
  value: number | null;
  /** A ratio, a share, a size in bytes, a rate (files per second), seconds or milliseconds (a latency). */
  unit: "×" | "%" | "B" | "files/s" | "s" | "ms";
  /** value must be ≤ (or ≥) this; absent for an anchor's own figure. */
  target?: { op: "<=" | ">="; value: number };
  /** The anchors, as measured in this run. */
  baseline: string;
  /** Why the figure could not be measured. */
  skipped?: string;
}

/** A supporting measurement: one row of a section's table. */
export type Row = Record<string, string | number | null>;

export interface Section {
  title: string;
  /** How it was measured, one paragraph. */
  method: string;
  rows: Row[];
  figures: Figure[];
  /** Profiles taken because a figure missed its target. */
  profiles: ProfileSummary[];
  /** Breakdowns taken because a target was missed, shown under Gaps beside that figure. */
  tables?: Breakdown[];
  /** Extra numbers for --json (under details). */
  details?: Record<string, unknown>;
}

/** A table that explains a figure's gap, with an optional conclusion derived from its numbers. */
export interface Breakdown {
  title: string;
  rows: Row[];
  /** The figure whose gap it explains (shown under Gaps); absent: shown in its own section. */
  figure?: string;
  note?: string;
}

export function met(figure: Figure): boolean | null {
  if (figure.value === null || figure.target === undefined) return null;
  return figure.target.op === "<=" ? figure.value <= figure.target.value : figure.value >= figure.target.value;
}
