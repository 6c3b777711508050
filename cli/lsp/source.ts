// v2kit lsp for source files (issue 44): a Python, TypeScript, JavaScript, Go or shell document
// the config's "scan" section covers gets `v2kit scan`'s findings (code/index.ts checkSource) as
// diagnostics, and quick fixes: a finding's own exact `fix`, and for a v1 call the edit
// `migrate scan --fix` makes for it when that edit touches the call alone.

import path from "node:path";
import type * as Lsp from "vscode-languageserver/node";
import type { CodeFinding } from "../../code/types.js";
import type { Finding } from "../../migrate/index.js";
import { languageOf } from "../../migrate/scan/lex/languages.js";
import { type Config, scanRoots } from "../config.js";
import { excluder } from "../migrate/scan-walk.js";

/** The languages of `v2kit scan` in the editor, by the client's languageId. */
const LANGUAGE_IDS = new Set(["python", "typescript", "typescriptreact", "javascript", "javascriptreact", "go", "shellscript"]);
/** The readers of migrate/scan those languages get. */
const DIALECTS = new Set(["python", "js", "go", "shell"]);

/** Whether a document is a source file of the languages `v2kit scan` reads: by its path's extension (or shebang), else its languageId. */
export function isSourceDocument(file: string, languageId: string, text: string): boolean {
  const dialect = languageOf(file, text);
  if (dialect !== undefined) return DIALECTS.has(dialect);
  return LANGUAGE_IDS.has(languageId);
}

/**
 * Whether `v2kit scan` with the config's "scan" section reads `file`: under one of the roots its
 * "include" names (scanRoots, the same expansion as the command) and not excluded by its
 * gitignore-style "exclude" patterns. The path need not exist (an unsaved document).
 */
export async function scanCovers(config: Config, file: string): Promise<boolean> {
  if (config.scan === undefined) return false;
  const absolute = path.resolve(file);
  const roots = (await scanRoots(config)).map((root) => path.resolve(root));
  const under = roots.some((root) => {
    const rel = path.relative(root, absolute);
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  });
  if (!under) return false;
  // The walker never enters these folders (cli/migrate/scan-walk.ts).
  const segments = path.relative(config.dir, absolute).split(path.sep);
  if (segments.some((segment) => segment === "node_modules" || segment === ".git" || segment === ".hg" || segment === ".svn")) return false;
  if (config.scan.exclude === undefined) return true;
  const excluded = await excluder({ base: config.dir, patterns: config.scan.exclude });
  return !excluded(absolute);
}

const SEVERITY: Record<CodeFinding["level"], Lsp.DiagnosticSeverity> = { error: 1, warning: 2, note: 3 };

/**
 * A finding as a diagnostic: 0-based range, severity by level, rule id as code; its exact fix
 * rides along in `data`. No codeDescription: the package's RULES.md, where lint's diagnostics
 * link, has no rows for `v2kit scan`'s rules, and a link to nothing is worse than none.
 */
export function sourceDiagnostic(finding: CodeFinding): Lsp.Diagnostic {
  const hints = finding.hints && finding.hints.length > 0 ? `\n${finding.hints.map((hint) => `hint: ${hint}`).join("\n")}` : "";
  return {
    range: {
      start: { line: finding.line - 1, character: finding.column - 1 },
      end: { line: finding.endLine - 1, character: finding.endColumn - 1 },
    },
    severity: SEVERITY[finding.level],
    source: "v2kit",
    code: finding.rule,
    message: `${finding.message}${hints}`,
    data: { scan: true, ...(finding.fix ? { fix: finding.fix } : {}) },
  };
}

/** The 0-based LSP position of a UTF-16 offset into `text`. */
function positionOf(text: string, offset: number): Lsp.Position {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, character: offset - lineStart };
}

interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

function action(title: string, uri: string, text: string, diagnostic: Lsp.Diagnostic, edits: readonly OffsetEdit[]): Lsp.CodeAction {
  return {
    title,
    kind: "quickfix",
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: {
      changes: {
        [uri]: edits.map((edit) => ({ range: { start: positionOf(text, edit.start), end: positionOf(text, edit.end) }, newText: edit.text })),
      },
    },
  };
}

/**
 * The edit `migrate scan --fix` (safe fixes) makes for the v1 call found at `line`/`column`,
 * when it is exact on this document alone: the call is fixed, and no constant shared with other
 * calls or files changes (the editor sees one file; the command decides those with the whole tree).
 */
async function v1Fix(text: string, file: string, line: number, column: number): Promise<{ title: string; edits: OffsetEdit[] } | undefined> {
  const { analyzeSource, resolveFindings } = await import("../../migrate/index.js");
  const { fixFile } = await import("../../migrate/scan/fix.js");
  const found = resolveFindings(analyzeSource(text, file, { sites: true }), []);
  const finding = found.find((candidate: Finding) => candidate.ruleId === "v1-call" && candidate.line === line && candidate.column === column);
  if (finding === undefined || !finding.v2) return undefined;
  if ((finding.fixInput?.site?.shared.length ?? 0) > 0) return undefined;
  // With the reads of its response, as the command plans them: one it leaves gets its `v2kit:` comment (migrate/scan/marker.ts).
  const reads = found.filter((candidate: Finding) => candidate.ruleId === "v1-response-field" && candidate.fixInput?.responseOf === finding);
  const result = fixFile(text, file, [finding, ...reads], { unsafe: false });
  if (result.refused !== undefined || result.movedBase || !result.fixed.includes(finding) || result.edits.length === 0) return undefined;
  const target = finding.v2;
  return { title: `Migrate to v2: ${target.method} ${target.path}`, edits: result.edits };
}

/** Code actions for the source diagnostics at hand: each finding's exact fix, and a v1 call's migration. */
export async function sourceQuickFixes(text: string, uri: string, file: string, diagnostics: readonly Lsp.Diagnostic[]): Promise<Lsp.CodeAction[]> {
  const out: Lsp.CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== "v2kit") continue;
    const data = diagnostic.data as { scan?: unknown; fix?: CodeFinding["fix"] } | undefined;
    if (data?.scan !== true) continue;
    if (data.fix !== undefined) {
      out.push(action(data.fix.title, uri, text, diagnostic, [{ start: data.fix.start, end: data.fix.end, text: data.fix.text }]));
      continue;
    }
    if (diagnostic.code !== "v1-call") continue;
    const fix = await v1Fix(text, file, diagnostic.range.start.line + 1, diagnostic.range.start.character + 1);
    if (fix !== undefined) out.push(action(fix.title, uri, text, diagnostic, fix.edits));
  }
  return out;
}
