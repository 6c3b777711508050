// `v2kit lsp` with a client that stops reading (issue 45, item 17): the client library
// (vscode-languageserver-protocol) drives the server over stdio, stops draining the server's
// standard output, and sends edit after edit, each with thousands of diagnostics. The server
// used to queue every superseded publishDiagnostics (137 MB → 829 MB over 270 edits); now its
// memory stays flat, and once the client reads again it gets the document's current
// diagnostics, not a backlog of stale ones. Linux: the server's memory is read from /proc.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { afterAll, expect, test } from "vitest";

const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
const cli = path.resolve(import.meta.dirname, "../dist/cli/v2kit.js");

/** A createTemplate body with `n` ports that break the pattern: n diagnostics. */
const body = (portCount: number) => JSON.stringify({ name: "t", image: "a/b:1", ports: Array.from({ length: portCount }, () => "x") }, null, 1);
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill();
});

test.skipIf(process.platform !== "linux")(
  "120 edits of 4,000 diagnostics each while the client does not read: memory grows less than 80 MiB (it grew 170–180), then the current diagnostics arrive, the stale ones dropped",
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-backpressure-"));
    mkdirSync(path.join(dir, "templates"));
    writeFileSync(path.join(dir, "v2kit.config.json"), JSON.stringify({ lint: [{ files: ["templates/*.json"], operation: "createTemplate" }] }));
    const file = path.join(dir, "templates", "t.json");
    writeFileSync(file, body(1));
    const uri = pathToFileURL(file).href;

    child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
    const server = child;
    const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(server.stdout!), new protocol.StreamMessageWriter(server.stdin!));
    const published: Protocol.PublishDiagnosticsParams[] = [];
    connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
      if (params.uri === uri) published.push(params);
    });
    connection.listen();
    await connection.sendRequest(protocol.InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      capabilities: {},
      workspaceFolders: null,
    });
    await connection.sendNotification(protocol.InitializedNotification.type, {});
    await connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: "json", version: 1, text: body(4000) },
    });
    while (published.length === 0) await sleep(50);
    expect(published[0]?.diagnostics).toHaveLength(4000);
    // One edit's lint before the measure, so both sides of it have the engine warm.
    await connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: body(4001) }],
    });
    while (published.length < 2) await sleep(50);
    const before = rssMiB(server.pid!);

    server.stdout!.pause(); // the client stops reading
    const edits = 120;
    const last = 2 + edits;
    for (let version = 3; version <= last; version++) {
      // Each edit past the 30 ms debounce: every one is linted and its diagnostics published.
      await connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version },
        contentChanges: [{ text: body(4000 + version) }],
      });
      await sleep(45);
    }
    await sleep(1500);
    const grown = rssMiB(server.pid!) - before;
    const seenWhilePaused = published.length;

    server.stdout!.resume();
    const deadline = Date.now() + 20_000;
    while (published.at(-1)?.version !== last && Date.now() < deadline) await sleep(50);
    await sleep(500); // nothing older may follow
    const afterResume = published.slice(seenWhilePaused);
    console.log(`lsp backpressure: RSS +${grown.toFixed(1)} MiB over ${edits} edits; ${afterResume.length} publishes after resuming`);

    expect(grown).toBeLessThan(80);
    expect(published.at(-1)?.version).toBe(last);
    expect(published.at(-1)?.diagnostics).toHaveLength(4000 + last);
    // What the pipe and the stream held when the client stopped, then the newest: not one per edit.
    expect(afterResume.length).toBeLessThanOrEqual(5);
    expect(afterResume.map((params) => params.version)).toEqual([...afterResume.map((params) => params.version)].sort((a, b) => (a ?? 0) - (b ?? 0)));

    await connection.sendRequest(protocol.ShutdownRequest.type);
    await connection.sendNotification(protocol.ExitNotification.type);
  },
  90_000,
);
