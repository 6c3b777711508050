// Fenced code blocks of a Markdown page, in order, with their info string: what the docs tests
// read commands from. Fences are tracked line by line (a regex from one ``` to the next would
// take the prose between two blocks for a block).

export interface CodeBlock {
  lang: string;
  lines: string[];
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const out: CodeBlock[] = [];
  let open: { fence: string; block: CodeBlock } | undefined;
  for (const line of markdown.split("\n")) {
    const fence = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/.exec(line);
    if (open === undefined) {
      if (fence) open = { fence: fence[1] as string, block: { lang: fence[2] ?? "", lines: [] } };
    } else if (fence && (fence[1] as string).startsWith(open.fence) && (fence[2] ?? "") === "") {
      out.push(open.block);
      open = undefined;
    } else open.block.lines.push(line);
  }
  return out;
}

/** The blocks whose commands a reader types: sh, bash, shell, console, or no language. */
export const SHELL_LANGS = new Set(["", "sh", "bash", "shell", "console"]);
