// v2kit lsp: a Language Server Protocol server (vscode-languageserver, stdio). The files
// v2kit.config.json names get lint's verdict as diagnostics while they are edited: one per
// violation (error) and warning, on the JSON value at the finding's pointer, with the rule id as
// code and lint's message. Quick fixes move v1 field names to their v2 place (lint's hints).
// Everything a diagnostic says comes from the same lintSource, config and context code as
// `v2kit lint`, so the editor and CI never disagree (test/lsp.test.ts holds them equal).

import { existsSync, type FSWatcher, statSync, watch } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as Lsp from "vscode-languageserver/node";
import type * as TextDocumentModule from "vscode-languageserver-textdocument";
import type { Engine } from "../../engine/evaluate.js";
import type { Violation, Warning } from "../../engine/types.js";
import type { LintOptions } from "../../lint/lint.js";
import { CliError, contextReading } from "../command.js";
import { CONFIG_NAME, entryCovers, entrySettings, findConfig, type LintEntry, readConfig } from "../config.js";

type Settings = ReturnType<typeof entrySettings>;
import { type Report, spanOf } from "../format/index.js";
import { quickFixes } from "./quick-fix.js";
import { isSourceDocument, scanCovers, sourceDiagnostic, sourceQuickFixes } from "./source.js";
import { FrameReader, type ReaderNotice } from "./reader.js";
import { QueueWriter } from "./writer.js";

const require = createRequire(import.meta.url);

export interface ServerOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Quiet time after a change before the document is linted again (default 30 ms). */
  debounceMs?: number;
  /** Where a skipped frame is reported, one line each (default: standard error). */
  log?: (line: string) => void;
  /** Called after input that cannot be read on (no frame header in 1 MiB) was reported: end the session. */
  onFatal?: () => void;
}

/** What one document is linted with: its config entry, its engine and lint's options (context loaded). */
interface Setup {
  entry: LintEntry;
  engine: Engine;
  options: LintOptions;
}

/** Where the rules are documented: RULES.md in this package, each rule's row anchored by id. */
function rulesDoc(): string | undefined {
  const file = fileURLToPath(new URL("../../../output/RULES.md", import.meta.url));
  return existsSync(file) ? pathToFileURL(file).href : undefined;
}

const mtime = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

export function startServer(options: ServerOptions): Lsp.Connection {
  const lsp = require("vscode-languageserver/node") as typeof Lsp;
  const { TextDocument } = require("vscode-languageserver-textdocument") as typeof TextDocumentModule;
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // A bad frame is reported and skipped (cli/lsp/frames.ts); a body that is not JSON is answered
  // as JSON-RPC says, with a parse error of id null. While the client does not read, the writer
  // queues (newest diagnostics per document only) and, past its bound, input waits.
  const reader = new FrameReader(options.input, (notice: ReaderNotice) => {
    log(`v2kit lsp: input byte ${notice.offset}: ${notice.message}${notice.kind === "fatal" ? "; exiting" : ""}`);
    if (notice.kind === "parse-error") {
      void writer.write({
        jsonrpc: "2.0",
        id: null,
        error: { code: lsp.ErrorCodes.ParseError, message: `Parse error: ${notice.message} (input byte ${notice.offset})` },
      } as Lsp.Message);
    }
    if (notice.kind === "fatal") options.onFatal?.();
  });
  const writer = new QueueWriter(options.output, { onFull: (full) => (full ? reader.pause() : reader.resume()) });
  const connection = lsp.createConnection(reader, writer);
  const documents = new lsp.TextDocuments(TextDocument);
  const debounceMs = options.debounceMs ?? 30;
  const docsHref = rulesDoc();
  const timers = new Map<string, NodeJS.Timeout>();
  /** Setups by document URI, kept while the inputs' modification times are unchanged. */
  const setups = new Map<string, { setup: Setup | CliError | undefined; stamps: [string, number][] }>();
  const engines = new Map<string, Promise<Engine>>();
  const watchers = new Map<string, FSWatcher>();
  const watched = new Set<string>();

  // One write of a file can raise several events (truncate, then data): the re-lint waits until
  // they stop, so it never reads a half-written config.
  let relintTimer: NodeJS.Timeout | undefined;
  const relintAll = () => {
    clearTimeout(relintTimer);
    relintTimer = setTimeout(() => {
      setups.clear();
      sourceSetups.clear();
      for (const doc of documents.all()) schedule(doc, 0);
    }, 50);
  };

  /** Watch the folder of each input (editors save by rename, which ends a watch on the file). */
  function watchInputs(files: readonly string[]): void {
    for (const file of files) {
      watched.add(file);
      const dir = path.dirname(file);
      if (watchers.has(dir) || !existsSync(dir)) continue;
      try {
        const watcher = watch(dir, (_event, name) => {
          if (name !== null && watched.has(path.join(dir, name.toString()))) relintAll();
        });
        watcher.on("error", () => watchers.delete(dir));
        watcher.unref();
        watchers.set(dir, watcher);
      } catch {
        // a folder that cannot be watched: the next edit of the document still sees the change (mtimes)
      }
    }
  }

  /** One engine per document, rules file, operation and target, shared by the documents that use it. */
  async function engineOf(settings: Settings): Promise<Engine> {
    const key = JSON.stringify([settings.spec, settings.rules, settings.operation, settings.response !== undefined]);
    let engine = engines.get(key);
    if (engine === undefined) {
      const { engineFor } = await import("../../lint/engine-for.js");
      // The bundled engine with this operation's validators loaded, or one compiled for --spec/--rules.
      engine = engineFor(settings, async () => (await import("../input-errors.js")).engineHooks("lint", settings));
      engines.set(key, engine);
      engine.catch(() => engines.delete(key));
    }
    return engine;
  }

  /** The config entry that names `file`, with its engine and context; undefined when none does. */
  async function setupFor(uri: string): Promise<Setup | CliError | undefined> {
    const known = setups.get(uri);
    if (known && known.stamps.every(([input, t]) => mtime(input) === t)) return known.setup;
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      // untitled: (never saved) and other schemes (git:, a diff's older side) have no path, so no
      // config can name them: no diagnostics, as for a file no entry names (docs/editors.md).
      return undefined;
    }
    const configFile = findConfig(path.dirname(file));
    let setup: Setup | CliError | undefined;
    // Files whose change makes the setup stale: the config and the entry's context files.
    let inputs: string[] = configFile ? [configFile] : [];
    try {
      if (configFile === undefined) setup = undefined;
      else {
        const config = readConfig(configFile);
        let entry: LintEntry | undefined;
        // The document's path against each entry's globs, not the files on disk: a document the
        // user has not saved yet is linted as `v2kit lint` will lint it once saved.
        for (const candidate of config.lint) {
          if (await entryCovers(config, candidate, file)) {
            entry = candidate;
            break;
          }
        }
        if (entry !== undefined) {
          const settings = entrySettings(config, entry);
          inputs = [configFile, ...(settings.catalog ?? []), ...(settings.templates ?? []), ...(settings.current ? [settings.current] : [])];
          const [engine, { contextFrom }] = await Promise.all([engineOf(settings), import("../../lint/context-files.js")]);
          const lintOptions: LintOptions = {
            operation: settings.operation,
            engine,
            ...(await contextFrom(settings, contextReading("lint"))),
            ...(settings.response !== undefined ? { response: settings.response } : {}),
          };
          setup = { entry, engine, options: lintOptions };
        }
      }
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      setup = error;
    }
    watchInputs(inputs);
    setups.set(uri, { setup, stamps: inputs.map((input) => [input, mtime(input)]) });
    return setup;
  }

  function toDiagnostic(report: Report, finding: Violation | Warning, severity: Lsp.DiagnosticSeverity): Lsp.Diagnostic {
    const { start, end } = spanOf(report, finding);
    const hint = "hint" in finding && finding.hint ? `\nhint: ${finding.hint}` : "";
    return {
      range: { start: { line: start.line - 1, character: start.column - 1 }, end: { line: end.line - 1, character: end.column - 1 } },
      severity,
      source: "v2kit",
      code: finding.rule,
      ...(docsHref && !finding.rule.startsWith("schema/") && !finding.rule.startsWith("json/") && !finding.rule.startsWith("hint/")
        ? { codeDescription: { href: `${docsHref}#rule-${finding.rule}` } }
        : {}),
      message: `${finding.path || "/"}: ${finding.message}${hint}`,
      data: { path: finding.path },
    };
  }

  /** Source files by URI: whether the config's "scan" section covers the document, kept while the config is unchanged. */
  const sourceSetups = new Map<string, { covered: boolean | CliError; stamps: [string, number][] }>();

  /** Whether `v2kit scan` with the nearest config reads the document's path (saved or not); a config error as a CliError. */
  async function scanSetupFor(uri: string, file: string): Promise<boolean | CliError> {
    const known = sourceSetups.get(uri);
    if (known && known.stamps.every(([input, t]) => mtime(input) === t)) return known.covered;
    const configFile = findConfig(path.dirname(file));
    let covered: boolean | CliError = false;
    try {
      if (configFile !== undefined) covered = await scanCovers(readConfig(configFile), file);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      covered = error;
    }
    const inputs = configFile ? [configFile] : [];
    watchInputs(inputs);
    sourceSetups.set(uri, { covered, stamps: inputs.map((input) => [input, mtime(input)]) });
    return covered;
  }

  /** The document's path when it is a source file `v2kit scan` reads (Python, TypeScript, JavaScript, Go, shell); undefined otherwise. */
  function sourcePath(doc: TextDocumentModule.TextDocument): string | undefined {
    const file = safePath(doc.uri);
    return file !== "" && isSourceDocument(file, doc.languageId, doc.getText()) ? file : undefined;
  }

  async function sourceDiagnostics(doc: TextDocumentModule.TextDocument, file: string): Promise<Lsp.Diagnostic[]> {
    const covered = await scanSetupFor(doc.uri, file);
    if (covered instanceof CliError) return [configDiagnostic(covered)];
    if (!covered) return [];
    const { checkSource } = await import("../../code/index.js");
    return checkSource(doc.getText(), file, []).map((finding) => sourceDiagnostic(finding));
  }

  function configDiagnostic(error: CliError): Lsp.Diagnostic {
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: lsp.DiagnosticSeverity.Error,
      source: "v2kit",
      code: "config",
      message: error.message,
    };
  }

  async function lintDocument(doc: TextDocumentModule.TextDocument): Promise<void> {
    const version = doc.version;
    let diagnostics: Lsp.Diagnostic[] = [];
    const source = sourcePath(doc);
    if (source !== undefined) {
      diagnostics = await sourceDiagnostics(doc, source);
      if (documents.get(doc.uri)?.version !== version) return;
      await connection.sendDiagnostics({ uri: doc.uri, version, diagnostics });
      return;
    }
    const setup = await setupFor(doc.uri);
    if (setup instanceof CliError) {
      diagnostics = [configDiagnostic(setup)];
    } else if (setup !== undefined) {
      const { lintSource } = await import("../../lint/lint.js");
      const text = doc.getText();
      const outcome = lintSource(text, setup.options);
      const report: Report = { file: doc.uri, ...outcome };
      diagnostics = [
        ...outcome.result.violations.map((violation) => toDiagnostic(report, violation, lsp.DiagnosticSeverity.Error)),
        ...outcome.result.warnings.map((warning) => toDiagnostic(report, warning, lsp.DiagnosticSeverity.Warning)),
      ];
    }
    // A newer edit came in while this one was linted: its own run publishes.
    if (documents.get(doc.uri)?.version !== version) return;
    await connection.sendDiagnostics({ uri: doc.uri, version, diagnostics });
  }

  function schedule(doc: TextDocumentModule.TextDocument, delay: number): void {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        lintDocument(doc).catch((error: unknown) => connection.console.error(`v2kit: ${String((error as Error)?.stack ?? error)}`));
      }, delay),
    );
  }

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix] },
    },
    serverInfo: { name: "v2kit", version: (require("../../../package.json") as { version: string }).version },
  }));
  documents.onDidOpen(({ document }) => schedule(document, 0));
  documents.onDidChangeContent(({ document }) => schedule(document, debounceMs));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    setups.delete(document.uri);
    sourceSetups.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });
  // A client that watches files for us: the config or a context file changed.
  connection.onDidChangeWatchedFiles(({ changes }) => {
    if (changes.some((change) => watched.has(safePath(change.uri)) || change.uri.endsWith(`/${CONFIG_NAME}`))) relintAll();
  });
  connection.onCodeAction(async ({ textDocument, context }) => {
    const doc = documents.get(textDocument.uri);
    const source = doc && sourcePath(doc);
    if (doc && source !== undefined) return sourceQuickFixes(doc.getText(), doc.uri, source, context.diagnostics);
    const setup = doc && (await setupFor(doc.uri));
    if (!doc || setup === undefined || setup instanceof CliError) return [];
    const { resolveOperation } = await import("../../engine/evaluate.js");
    const hints = setup.engine.hints.get(resolveOperation(setup.engine, setup.entry.operation) ?? setup.entry.operation) ?? [];
    return quickFixes(doc.getText(), doc.uri, context.diagnostics, hints);
  });
  connection.onShutdown(() => {
    clearTimeout(relintTimer);
    for (const t of timers.values()) clearTimeout(t);
    for (const watcher of watchers.values()) watcher.close();
  });
  documents.listen(connection);
  connection.listen();
  return connection;
}

function safePath(uri: string): string {
  try {
    return fileURLToPath(uri);
  } catch {
    return "";
  }
}
