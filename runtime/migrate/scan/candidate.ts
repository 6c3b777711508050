// What the per-language analysis of one file produces, before findings are resolved against
// the base URLs known around it (the file, its directory, the scanned tree).

import { V1_RESOURCES } from "../route-table.js";
import type { BodyAnchor, BodyInsertion } from "./literal-body.js";
import type { MethodSource } from "./method.js";

/**
 * Where a call is written, for `migrate scan --fix`: the URL as evaluated with each character's
 * source offset (-1: not written in this file as plain text), the span of the call's own URL
 * expression, where its literal body sits and where a body could be added.
 */
export interface FixSite {
  url: { text: string; at: number[]; resourceAt: number };
  span: [number, number];
  body?: BodyAnchor;
  addBody?: BodyInsertion;
  /** String constants outside the span the URL's text comes from: their name and how often the file uses it. */
  shared: { start: number; end: number; name: string; uses: number }[];
}

export interface Candidate {
  line: number;
  /** 1-based, in UTF-16 code units (SARIF's default column kind). */
  column: number;
  match: string;
  /** The path from the v1 resource segment on, as written (interpolations as `{name}` / `${name}`). */
  path: string;
  /** `/v1` is part of the expression (`https://host/v1/pods`, `${BASE}` with BASE = "…/v1"). */
  explicit: boolean;
  method?: MethodSource;
  /** Prose (a docstring, Markdown text): it names a route, it calls nothing. */
  mention?: boolean;
  /** The body the call sends as a literal (JSON text, shell variables written `$NAME`). */
  body?: string;
  /** The source of a body the call sends but builds elsewhere (`json=payload`, `-d @pod.json`). */
  bodyElsewhere?: string;
  /** Where the call is written, when a fix can find its pieces. */
  site?: FixSite;
}

export interface Bases {
  v1: boolean;
  v2: boolean;
}

export interface FileAnalysis {
  candidates: Candidate[];
  /** Base URLs (or `/v1`, `/v2` prefixes) the file names as string literals. */
  bases: Bases;
}

export const RESOURCE = `(?:${V1_RESOURCES.join("|")})`;
/** A v1 resource segment inside text. */
export const RESOURCE_IN = new RegExp(`/${RESOURCE}(?![\\w-])`);
/** A base URL or version prefix, the whole literal: `https://rest.runpod.io/v2`, `/v1/`. */
export const BASE_LITERAL = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/\s]+)?(?:\/[\w.-]+)*\/v([12])\/?$/i;

/** Line starts per text, computed once per text (a file is read by several readers). */
let indexed: { text: string; starts: number[] } | undefined;

/** An offset → 1-based line and UTF-16 column. */
export function lineAt(text: string, offset: number): { line: number; column: number } {
  if (indexed?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    indexed = { text, starts };
  }
  const { starts } = indexed;
  const lo = lastAtOrBefore(starts.length, (i) => starts[i] as number, offset);
  return { line: lo + 1, column: offset - (starts[lo] as number) + 1 };
}

/** Of `count` ascending start offsets (`startAt(i)`), the index of the last at or before `offset` (0 when none is). */
export function lastAtOrBefore(count: number, startAt: (i: number) => number, offset: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (startAt(mid) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
