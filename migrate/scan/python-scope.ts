// `migrate scan --fix`: where a Python client's base name can be read (issue 41, item 1). A client
// unit matches its base's name in every file of the tree; in Python the same name is often a
// different variable elsewhere (`base_url`, a class attribute of the client, is also a local of an
// unrelated proxy function). A base defined as a plain statement is scoped as Python scopes it:
// - a class attribute (`base_url = "…"` in the class body) or an instance attribute
//   (`self.base_url = "…"`) is the class's: read as `self.x`/`cls.x` inside that class (or a
//   class whose header names it), as `obj.x` in its own file or a file that names the class, and
//   bare only in the class body itself;
// - a module constant is its module's: bare in its own file, and in another file only when that
//   file imports it (`from … <module> import …, NAME`, `import *`) or reads it as `<module>.NAME`;
// - a function's local is only that function's.
// Import statements are never uses. Other files (other languages) never read a Python scope.

import { lineAt } from "./candidate.js";
import type { Token } from "./lex/tokens.js";

export type PythonScope =
  | { kind: "module"; file: string; module: string }
  | { kind: "class"; file: string; name: string }
  | { kind: "function"; file: string; name: string; line: number };

/** A Python file as client-base.ts holds it. */
export interface ScopeFile {
  path: string;
  text: string;
  tokens: Token[];
  lines?: string[];
}

export interface Header {
  kind: "class" | "function";
  name: string;
  /** 1-based line of the `def`/`class` header. */
  line: number;
  text: string;
}

const indentOf = (lineText: string) => /^[ \t]*/.exec(lineText)?.[0].length ?? 0;
const stemOf = (path: string) => path.replace(/^.*[\\/]/, "").replace(/\.pyi?$/, "");
const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The `def`/`class` headers around line `line` (1-based), innermost first. */
export function enclosing(file: ScopeFile, line: number): Header[] {
  const lines = (file.lines ??= file.text.split("\n"));
  const out: Header[] = [];
  let bound = indentOf(lines[line - 1] ?? "");
  for (let index = line - 2; index >= 0 && bound > 0; index--) {
    const lineText = lines[index] as string;
    if (lineText.trim() === "" || /^[#)\]}]/.test(lineText.trim())) continue;
    const own = indentOf(lineText);
    if (own >= bound) continue;
    bound = own;
    const def = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/.exec(lineText);
    const cls = /^\s*class\s+([A-Za-z_]\w*)/.exec(lineText);
    if (def) out.push({ kind: "function", name: def[1] as string, line: index + 1, text: lineText });
    else if (cls) out.push({ kind: "class", name: cls[1] as string, line: index + 1, text: lineText });
  }
  return out;
}

/**
 * The scope of a base defined by the statement starting at token `from` (the defined name, or
 * `self`/`cls` of `self.name`): undefined unless that token starts its line (a default or keyword
 * argument, a dict entry, keep today's tree-wide matching).
 */
export function definitionScope(file: ScopeFile, from: number): PythonScope | undefined {
  const { tokens, text } = file;
  const first = tokens[from];
  if (!first) return undefined;
  const lineStart = text.lastIndexOf("\n", first.start - 1) + 1;
  if (text.slice(lineStart, first.start).trim() !== "") return undefined;
  const line = lineAt(text, first.start).line;
  const around = enclosing(file, line);
  if ((first.text === "self" || first.text === "cls") && tokens[from + 1]?.text === ".") {
    const cls = around.find((header) => header.kind === "class");
    return cls ? { kind: "class", file: file.path, name: cls.name } : undefined;
  }
  const inner = around[0];
  if (!inner) return { kind: "module", file: file.path, module: stemOf(file.path) };
  return inner.kind === "class"
    ? { kind: "class", file: file.path, name: inner.name }
    : { kind: "function", file: file.path, name: inner.name, line: inner.line };
}

/** Whether `text` imports `name` from module `module` (`from pkg.module import a, name`, `from .module import (…)`, `import *`). */
function importsName(text: string, module: string, name: string): boolean {
  const from = new RegExp(`^[ \\t]*from[ \\t]+[\\w.]*?\\b${escaped(module)}[ \\t]+import[ \\t]+(\\([^)]*\\)|[^\\n]*)`, "gm");
  for (const match of text.matchAll(from)) {
    const names = match[1] as string;
    if (names.trim() === "*" || new RegExp(`(?<![\\w.])${escaped(name)}(?![\\w])(?!\\s+as\\b)`).test(names)) return true;
  }
  return false;
}

/**
 * Whether a Python use of `name` at source offset `offset` of `file`, read as `owner.name` (owner
 * the name before the dot, if one), reaches a base defined in one of `scopes`.
 */
export function reachesScope(file: ScopeFile, offset: number, name: string, owner: string | undefined, scopes: readonly PythonScope[]): boolean {
  const line = lineAt(file.text, offset).line;
  const lines = (file.lines ??= file.text.split("\n"));
  // An import names the base; it reads nothing.
  if (/^\s*(?:from|import)\s/.test(lines[line - 1] ?? "")) return false;
  const around = enclosing(file, line);
  const names = (word: string) => new RegExp(`\\b${escaped(word)}\\b`).test(file.text);
  for (const scope of scopes) {
    const here = file.path === scope.file;
    if (scope.kind === "class") {
      if (owner === undefined) {
        if (here && around[0]?.kind === "class" && around[0].name === scope.name) return true;
      } else if (owner === "self" || owner === "cls") {
        const cls = around.find((header) => header.kind === "class");
        if (cls && ((here && cls.name === scope.name) || new RegExp(`\\(.*\\b${escaped(scope.name)}\\b`).test(cls.text))) return true;
      } else if (here || names(scope.name)) return true;
    } else if (scope.kind === "module") {
      if (owner === undefined) {
        if (here || importsName(file.text, scope.module, name)) return true;
      } else if (owner === scope.module) return true;
    } else if (owner === undefined && here && around[0]?.kind === "function" && around[0].name === scope.name && around[0].line === scope.line) return true;
  }
  return false;
}

/** The uses of `name` (any case) in an f-string hole's text: each as written, with the name before its dot (`self` of `self.base_url`). */
export function holeUses(hole: string, name: string): { written: string; owner: string | undefined }[] {
  const out: { written: string; owner: string | undefined }[] = [];
  const pattern = new RegExp(`(?<![\\w.])${escaped(name)}(?![\\w])`, "gi");
  for (const match of hole.matchAll(pattern)) out.push({ written: match[0], owner: undefined });
  // `self.base_url`, `a.b.name`: the owner is the link just before the name.
  const dotted = new RegExp(`([A-Za-z_]\\w*)\\s*\\.\\s*(${escaped(name)})(?![\\w])`, "gi");
  for (const match of hole.matchAll(dotted)) out.push({ written: match[2] as string, owner: match[1] });
  return out;
}
