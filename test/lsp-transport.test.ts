// `v2kit lsp` over stdio when the client misbehaves (issue 45, item 17), driven as an editor
// drives it, with the client side of the protocol (vscode-languageserver-protocol), and raw
// bytes written to the server's standard input for the frames no client library would send:
// after each malformed frame the server says why on standard error and answers the next
// request, shutdown and exit included; input that is not the protocol at all ends it with
// status 1 and a message instead of a hang. What held before still holds: requests about
// unknown documents and bad URIs are answered.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { afterEach, describe, expect, test } from "vitest";

const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
const cli = path.resolve(import.meta.dirname, "../dist/cli/v2kit.js");
const dir = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-transport-"));

interface Session {
  child: ChildProcess;
  connection: Protocol.ProtocolConnection;
  stderr: () => string;
  /** What the client library logged as errors (a response without id: the server's parse error). */
  clientErrors: string[];
  exited: Promise<number | null>;
}

const sessions: Session[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) if (session.child.exitCode === null) session.child.kill();
});

async function start(): Promise<Session> {
  const child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const clientErrors: string[] = [];
  const logger = { error: (message: string) => clientErrors.push(message), warn: () => {}, info: () => {}, log: () => {} };
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout!), new protocol.StreamMessageWriter(child.stdin!), logger);
  connection.listen();
  await connection.sendRequest(protocol.InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: null });
  await connection.sendNotification(protocol.InitializedNotification.type, {});
  const session = { child, connection, stderr: () => stderr, clientErrors, exited };
  sessions.push(session);
  return session;
}

/** Raw bytes on the server's stdin, after everything the client wrote before. */
const writeRaw = (session: Session, bytes: string | Buffer) =>
  new Promise<void>((resolve, reject) => session.child.stdin!.write(bytes, (error) => (error ? reject(error) : resolve())));

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms))]);
}

/** shutdown is answered within 3 s, and exit ends the process with status 0. */
async function shutsDown(session: Session): Promise<void> {
  await within(3000, session.connection.sendRequest(protocol.ShutdownRequest.type), "answer to shutdown");
  await session.connection.sendNotification(protocol.ExitNotification.type);
  expect(await within(3000, session.exited, "exit")).toBe(0);
}

const short = '{"jsonrpc":"2.0","method":"initialized","params":{}}';

describe("after a malformed frame the server answers the next request, shutdown included", () => {
  const cases: [string, string, RegExp][] = [
    ["Content-Length: abc", "Content-Length: abc\r\n\r\n{}", /Content-Length "abc" is not a byte count/],
    ["no Content-Length header", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", /the header has no Content-Length/],
    ["a negative Content-Length", "Content-Length: -5\r\n\r\n{}", /Content-Length "-5" is not a byte count/],
    ["a body shorter than announced, then the next frame", `Content-Length: 500\r\n\r\n${short}`, /announced 500 bytes, but a Content-Length header starts/],
    [
      "a short body whose length ends inside the next header",
      `Content-Length: ${short.length + 10}\r\n\r\n${short}`,
      /announced \d+ bytes, but its body is not JSON and a header starts/,
    ],
    ["a header line without a colon", "garbage\r\n\r\n", /"garbage" is not "Name: value"/],
    ["stray bytes before a header", "hello world", /the header has no Content-Length/],
    ["a length above the 64 MiB limit", "Content-Length: 99999999999\r\n\r\n{}", /above the limit of 67108864 bytes/],
  ];
  test.each(cases)("%s", async (_name, bad, said) => {
    const session = await start();
    await writeRaw(session, bad);
    await shutsDown(session);
    expect(session.stderr()).toMatch(/^v2kit lsp: input byte \d+: /);
    expect(session.stderr()).toMatch(said);
  });

  test("a body that is not JSON gets JSON-RPC's parse error (id null), and the next request its answer", async () => {
    const session = await start();
    await writeRaw(session, "Content-Length: 5\r\n\r\nhello");
    // An unknown document, a bad URI: answered, as before.
    const actions = (uri: string) =>
      within(
        3000,
        session.connection.sendRequest(protocol.CodeActionRequest.type, {
          textDocument: { uri },
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          context: { diagnostics: [] },
        }),
        `answer for ${uri}`,
      );
    expect(await actions("file:///nowhere/unknown.json")).toEqual([]);
    await session.connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
      textDocument: { uri: "::not a uri", languageId: "json", version: 1, text: "{}" },
    });
    expect(await actions("::not a uri")).toEqual([]);
    expect(session.clientErrors.join("\n")).toMatch(/Received response message without id[\s\S]*-32700[\s\S]*not JSON/);
    expect(session.stderr()).toMatch(/the frame's body is not JSON/);
    await shutsDown(session);
  });

  test("several bad frames in a row, split across writes, then normal traffic", async () => {
    const session = await start();
    for (const part of ["Content-Len", "gth: x\r\n\r\n{}Content-Length: -1\r\n", "\r\n", "Content-Length: 9000\r\n\r\n", short]) await writeRaw(session, part);
    await shutsDown(session);
    expect(session.stderr().trim().split("\n")).toHaveLength(3);
  });
});

describe("input that is not the protocol", () => {
  test("2 MiB without a frame header: status 1 and a message, not a hang", async () => {
    const session = await start();
    // The server stops reading after 1 MiB and ends: the rest of the write meets a closed pipe.
    session.child.stdin!.on("error", () => {});
    session.child.stdin!.write(Buffer.alloc(2 * 1024 * 1024, "x"));
    expect(await within(5000, session.exited, "exit")).toBe(1);
    expect(session.stderr()).toMatch(
      /input byte \d+: the \d+ bytes of input from byte \d+ on hold no well-formed frame header: the client does not speak the LSP base protocol \(Content-Length framing\); exiting/,
    );
  });
});
