// An editor's side of `v2kit lsp --stdio` for the language-server tests: the server started in a
// scratch folder, the client side of the protocol (vscode-languageserver-protocol, as VS Code
// uses it) connected and initialized, every publishDiagnostics kept in order per document, and
// the notifications an editor sends (open, change, incremental edit, close).

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Protocol from "vscode-languageserver-protocol/node";

export const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
export const cli = path.resolve(import.meta.dirname, "../dist/cli/v2kit.js");

export interface Editor {
  dir: string;
  child: ChildProcess;
  connection: Protocol.ProtocolConnection;
  /** Every publishDiagnostics, in order, by document URI. */
  published: Map<string, Protocol.PublishDiagnosticsParams[]>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  uriOf(rel: string): string;
  /** How many diagnostics notifications `uri` has had. */
  seen(uri: string): number;
  /** The diagnostics published for `uri` after the first `count` (an editor shows the latest). */
  diagnosticsAfter(uri: string, count: number): Promise<Protocol.Diagnostic[]>;
  /** The version the editor last sent for `uri`. */
  versionOf(uri: string): number | undefined;
  /** didOpen of `uri` with `text` as the editor's buffer; nothing is written to disk. */
  open(uri: string, languageId: string, text: string): void;
  /** A full-text change. */
  change(uri: string, text: string): void;
  /** An incremental change: `text` replaces the range, as an editor sends a keystroke. */
  edit(uri: string, range: Protocol.Range, text: string): void;
  close(uri: string): void;
  /** Write a file of the workspace (folders made as needed). */
  save(rel: string, text: string): void;
  stop(): void;
}

/** Start `v2kit lsp --stdio` in `dir` after `prepare` has written the workspace, and initialize it. */
export async function startEditor(dir: string, prepare: (save: Editor["save"]) => void): Promise<Editor> {
  const save = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  prepare(save);
  const child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout!), new protocol.StreamMessageWriter(child.stdin!));
  const published = new Map<string, Protocol.PublishDiagnosticsParams[]>();
  connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
    published.set(params.uri, [...(published.get(params.uri) ?? []), params]);
  });
  connection.listen();
  await connection.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
    workspaceFolders: null,
  });
  await connection.sendNotification(protocol.InitializedNotification.type, {});

  let version = 1;
  const versions = new Map<string, number>();
  const seen = (uri: string) => published.get(uri)?.length ?? 0;
  const next = (uri: string) => {
    versions.set(uri, version);
    return version++;
  };
  return {
    dir,
    child,
    connection,
    published,
    stderr: () => stderr,
    uriOf: (rel) => pathToFileURL(path.join(dir, rel)).href,
    seen,
    async diagnosticsAfter(uri, count) {
      const deadline = Date.now() + 20_000;
      while (seen(uri) <= count) {
        if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} after ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return (published.get(uri) as Protocol.PublishDiagnosticsParams[])[count]?.diagnostics as Protocol.Diagnostic[];
    },
    versionOf: (uri) => versions.get(uri),
    open(uri, languageId, text) {
      void connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: next(uri), text } });
    },
    change(uri, text) {
      void connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: next(uri) },
        contentChanges: [{ text }],
      });
    },
    edit(uri, range, text) {
      void connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: next(uri) },
        contentChanges: [{ range, text }],
      });
    },
    close(uri) {
      void connection.sendNotification(protocol.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    },
    save,
    stop() {
      if (child.exitCode === null) child.kill();
    },
  };
}
