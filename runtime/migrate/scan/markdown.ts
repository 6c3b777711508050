// Markdown and MDX: fenced code blocks are read by their language's lexer; prose, tables and
// untagged blocks by the line scanner. Each reader sees the file with everything else blanked
// out (newlines kept), so lines and columns are those of the file.

import { dialectOfInfo } from "./languages.js";
import type { Dialect } from "./method.js";

export interface MarkdownParts {
  /** Text per code-block language, other characters blanked. */
  blocks: Map<Dialect, string>;
  /** The prose and untagged blocks, known code blocks blanked. */
  prose: string;
}

const blank = (s: string) => s.replace(/[^\n]/g, " ");

export function splitMarkdown(text: string): MarkdownParts {
  const lines = text.split("\n");
  // The dialect of each line inside a known code block (linear: one entry per line).
  const dialectOf: (Dialect | undefined)[] = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    // MDX indents fences inside components (<Tab>, <CodeGroup>): any indentation opens one.
    const open = /^\s*(`{3,}|~{3,})(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const close = new RegExp(`^\\s*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j] as string)) j++;
    const dialect = dialectOfInfo(open[2] ?? "", lines.slice(i + 1, j).join("\n"));
    for (let n = i + 1; n < j; n++) dialectOf[n] = dialect;
    i = j;
  }
  const blocks = new Map<Dialect, string>();
  for (const dialect of new Set(dialectOf.filter((d) => d !== undefined))) {
    blocks.set(dialect, lines.map((line, n) => (dialectOf[n] === dialect ? line : blank(line))).join("\n"));
  }
  const prose = lines.map((line, n) => (dialectOf[n] === undefined ? line : blank(line))).join("\n");
  return { blocks, prose };
}
