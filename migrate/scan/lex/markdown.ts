// Markdown and MDX: fenced code blocks are read by their language's lexer; untagged blocks by
// the line scanner; prose and tables by the line scanner too, as mentions (text, not calls). Each reader sees the file with everything else blanked
// out (newlines kept), so lines and columns are those of the file.

import { dialectOfInfo } from "./languages.js";
import type { Dialect } from "../method.js";

export interface MarkdownParts {
  /** Text per code-block language, other characters blanked. */
  blocks: Map<Dialect, string>;
  /** The prose (text and tables), every code block blanked. */
  prose: string;
  /** The untagged code blocks, everything else blanked. */
  untagged: string;
}

const blank = (text: string) => text.replace(/[^\n]/g, " ");

export function splitMarkdown(text: string): MarkdownParts {
  const lines = text.split("\n");
  // The dialect of each line inside a known code block (linear: one entry per line).
  const dialectOf: (Dialect | undefined)[] = new Array(lines.length);
  // Lines inside any fence, the fences included.
  const fenced: boolean[] = new Array(lines.length).fill(false);
  for (let i = 0; i < lines.length; i++) {
    // MDX indents fences inside components (<Tab>, <CodeGroup>): any indentation opens one.
    const open = /^\s*(`{3,}|~{3,})(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const close = new RegExp(`^\\s*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j] as string)) j++;
    const dialect = dialectOfInfo(open[2] ?? "", lines.slice(i + 1, j).join("\n"));
    for (let lineIndex = i + 1; lineIndex < j; lineIndex++) dialectOf[lineIndex] = dialect;
    for (let lineIndex = i; lineIndex <= j && lineIndex < lines.length; lineIndex++) fenced[lineIndex] = true;
    i = j;
  }
  const blocks = new Map<Dialect, string>();
  for (const dialect of new Set(dialectOf.filter((lineDialect) => lineDialect !== undefined))) {
    blocks.set(dialect, lines.map((line, lineIndex) => (dialectOf[lineIndex] === dialect ? line : blank(line))).join("\n"));
  }
  const prose = lines.map((line, lineIndex) => (fenced[lineIndex] ? blank(line) : line)).join("\n");
  const untagged = lines.map((line, lineIndex) => (fenced[lineIndex] && dialectOf[lineIndex] === undefined ? line : blank(line))).join("\n");
  return { blocks, prose, untagged };
}
