// Which reader a file gets: by extension (or a shell shebang), Markdown/MDX code blocks by
// their info string; everything else falls back to the line scanner.

import { lexGo, lexJs, lexPython } from "./c.js";
import { lexPhp } from "./php.js";
import { lexPowerShell } from "./powershell.js";
import { lexRust } from "./rust.js";
import { lexShell } from "./shell.js";
import type { Dialect } from "../method.js";
import type { Lexer } from "./tokens.js";

export const LEXERS: Record<Dialect, Lexer> = {
  js: lexJs,
  python: lexPython,
  go: lexGo,
  shell: lexShell,
  powershell: lexPowerShell,
  rust: lexRust,
  php: lexPhp,
};

const BY_EXTENSION: Record<string, Dialect | "markdown"> = {
  ts: "js",
  tsx: "js",
  mts: "js",
  cts: "js",
  js: "js",
  jsx: "js",
  mjs: "js",
  cjs: "js",
  py: "python",
  pyi: "python",
  go: "go",
  rs: "rust",
  php: "php",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  ps1: "powershell",
  psm1: "powershell",
  md: "markdown",
  mdx: "markdown",
  markdown: "markdown",
};

/** A `php` block is left to the line scanner: snippets in prose often have no `<?php` tag, and the PHP lexer reads only code inside one. */
const BY_INFO: Record<string, Dialect> = {
  sh: "shell",
  bash: "shell",
  shell: "shell",
  zsh: "shell",
  console: "shell",
  shellscript: "shell",
  curl: "shell",
  powershell: "powershell",
  ps: "powershell",
  ps1: "powershell",
  pwsh: "powershell",
  py: "python",
  python: "python",
  python3: "python",
  js: "js",
  javascript: "js",
  jsx: "js",
  ts: "js",
  typescript: "js",
  tsx: "js",
  node: "js",
  go: "go",
  golang: "go",
  rust: "rust",
  rs: "rust",
};

/** The reader for a file name and its first line; undefined: the line scanner. */
export function languageOf(file: string, text: string): Dialect | "markdown" | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase();
  if (ext !== undefined && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  if (/^#!.*\b(?:ba|z|k)?sh\b/.test(text.slice(0, 128))) return "shell";
  if (/^#!.*\bpython/.test(text.slice(0, 128))) return "python";
  return undefined;
}

/** A fenced block's language from its info string (```bash title="…"``` → shell). */
export function dialectOfInfo(info: string, body: string): Dialect | undefined {
  const word = /^[\w+#-]*/.exec(info.trim())?.[0]?.toLowerCase() ?? "";
  if (BY_INFO[word]) return BY_INFO[word];
  // An untagged block that runs curl is shell.
  if (word === "" && /^\s*\$?\s*curl\b/m.test(body)) return "shell";
  return undefined;
}

/** Dialects whose strings are data: a name inside one (`"--url"`, `"Hugging Face API token"`) is not a use of it. Shell and PowerShell words are code and stay. */
const DATA_STRINGS = new Set<Dialect>(["js", "python", "go", "rust", "php"]);

/**
 * The code of a file as its names are matched across files: its tokens in order, each string
 * reduced to the expressions interpolated in it (`f"{BASE}/pods"` keeps `BASE`), comments gone,
 * tokens that touched in the source still touching (`config.BASE`, `BASE =`). A file no lexer
 * reads this way is its own text.
 */
export function codeText(file: string, text: string): string {
  const language = languageOf(file, text);
  if (language === undefined || language === "markdown" || !DATA_STRINGS.has(language)) return text;
  let out = "";
  let end = -1;
  for (const token of LEXERS[language](text)) {
    if (end >= 0 && token.start > end) out += token.kind === "nl" ? "" : " ";
    out +=
      token.kind === "str"
        ? ` ${(token.parts ?? [])
            .filter((part) => "hole" in part)
            .map((part) => part.hole)
            .join(" ")} `
        : token.kind === "nl"
          ? "\n"
          : token.text;
    end = token.end;
  }
  return out;
}
