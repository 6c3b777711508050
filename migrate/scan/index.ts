// Finds v1 calls in source text. Files of a known language (TypeScript/JavaScript, Python, Go,
// shell, PowerShell; Markdown/MDX code blocks by their language) are lexed, and each string
// naming a v1 resource is evaluated with the expression around it: concatenations, format
// strings, the constants and base URLs of the file, the HTTP method of the call it is passed
// to. Other files go through a line scanner. Pure: the CLI walks the tree and hands each
// file's text here; everything is linear in the size of the text.

import { analyzeLines, basesOfText } from "./analyze-lines.js";
import { analyzeTokens } from "./analyze-tokens.js";
import { type FileAnalysis, RESOURCE_IN } from "./candidate.js";
import { mayHoldSlashless } from "./slashless.js";
import { documentKind } from "./openapi-document.js";
import { LEXERS, languageOf } from "./lex/languages.js";
import { splitMarkdown } from "./lex/markdown.js";
import { rustDocText } from "./lex/rust.js";
import { type Finding, resolveFindings, type Surroundings } from "./resolve.js";

export type { Bases, FileAnalysis } from "./candidate.js";
export type { Finding, Inferred, Surroundings } from "./resolve.js";
export { resolveFindings } from "./resolve.js";
export { readV2Calls } from "./v2-calls.js";
export type { SourcePosition, V2Call } from "./v2-call.js";

export interface AnalyzeOptions {
  /**
   * Record where each call is written (`Candidate.site`), for `migrate scan --fix` (scan/fix.ts):
   * a second, offset-tracking evaluation per call, so only a run that fixes pays for it.
   */
  sites?: boolean;
}

/** The candidates and base URLs of one file; `file` (its name) picks the reader. */
export function analyzeSource(text: string, file = "", options: AnalyzeOptions = {}): FileAnalysis {
  // Most files name no v1 resource at all: only their base URLs matter (for their neighbours).
  const language = languageOf(file, text);
  // An OpenAPI document declares routes and calls none: a copy of the v1 one is one finding, another API's nothing (openapi-document.ts).
  const described = language === undefined ? documentKind(text) : undefined;
  if (described !== undefined) return { candidates: [], bases: basesOfText(text), ...(described.kind === "v1" ? { document: described.document } : {}) };
  // A path without its slash (`"pods"`) counts in Python and JavaScript/TypeScript (slashless.ts).
  if (!RESOURCE_IN.test(text) && !((language === "python" || language === "js") && mayHoldSlashless(text))) {
    const bases = basesOfText(text);
    // One that names the v1 server may define the base other files call through (`restV1Base()`): its names are read from its tokens.
    if (!bases.v1 || language === undefined || language === "markdown") return { candidates: [], bases };
    return { candidates: [], bases: analyzeTokens(text, LEXERS[language](text), language).bases };
  }
  const sites = options.sites === true;
  if (language === undefined) return analyzeLines(text, sites);
  if (language === "rust") {
    // Doc comments are prose: what they name is a mention, at its own line and column.
    const code = analyzeTokens(text, LEXERS.rust(text), "rust", sites);
    return { ...code, candidates: [...code.candidates, ...asMentions(analyzeLines(rustDocText(text))).candidates] };
  }
  if (language !== "markdown") return analyzeTokens(text, LEXERS[language](text), language, sites);
  const { blocks, prose, untagged } = splitMarkdown(text);
  const parts = [
    asMentions(analyzeLines(prose)),
    analyzeLines(untagged, sites),
    ...[...blocks].map(([dialect, blockText]) => analyzeTokens(blockText, LEXERS[dialect](blockText), dialect, sites)),
  ];
  return {
    candidates: parts.flatMap((part) => part.candidates),
    bases: {
      v1: parts.some((part) => part.bases.v1),
      v2: parts.some((part) => part.bases.v2),
      foreign: parts.some((part) => part.bases.foreign === true),
      ours: parts.some((part) => part.bases.ours === true),
      restV2: parts.some((part) => part.bases.restV2 === true),
      otherV2: parts.some((part) => part.bases.otherV2 === true),
      names: parts.flatMap((part) => part.bases.names ?? []),
    },
  };
}

/** Markdown text names routes; it calls nothing. */
function asMentions(analysis: FileAnalysis): FileAnalysis {
  return { ...analysis, candidates: analysis.candidates.map((candidate) => ({ ...candidate, mention: true })) };
}

/**
 * The v1 calls in one file's text. Without `around`, a relative path is judged by the base URLs
 * of this file alone; the CLI passes those of the file's directory, its parents and the tree.
 */
export function scanSource(text: string, file = "", around: Surroundings = [], options: AnalyzeOptions = {}): Finding[] {
  return resolveFindings(analyzeSource(text, file, options), around);
}
