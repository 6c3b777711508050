// 9. `v2kit lsp`: from a didChange of a 10 KB request body to the diagnostics of that version,
// over stdio with the protocol's own client (vscode-languageserver-protocol), as an editor waits
// for them. Changes alternate between a valid and an invalid body, so every one is re-linted and
// published. Beside it, in the same run: lint() of the same text in process (the work itself);
// the rest is the server's 30 ms debounce and the round trip.

import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import type { Figure, Row, Section } from "./figures.js";
import { median, quantile, round } from "./stats.js";

/** A valid createEndpoint body grown to about `bytes` with environment variables. */
function body(bytes: number): Record<string, unknown> {
  const base = JSON.parse(readFileSync(fromRoot("examples", "create-endpoint-gpu.json"), "utf8")) as Record<string, unknown>;
  const env: Record<string, string> = {};
  for (let i = 0; JSON.stringify({ ...base, env }, null, 2).length < bytes; i++) env[`SETTING_${i}`] = `value-${i}-${"x".repeat(24)}`;
  return { ...base, env };
}

/** A Python client of `lines` lines, a v1 call every 5 lines, and the range of one call's version digit (0-based). */
function pythonClient(lines: number): {
  text: string;
  lines: number;
  calls: number;
  digit: { start: { line: number; character: number }; end: { line: number; character: number } };
} {
  const out = ["import requests", "", 'HEADERS = {"Authorization": "Bearer token"}', ""];
  let calls = 0;
  while (out.length + 4 <= lines) {
    out.push(
      `def pod_${calls}(pod_id):`,
      `    """Pod ${calls}."""`,
      `    return requests.get(f"https://rest.runpod.io/v1/pods/{pod_id}", headers=HEADERS).json()`,
      "",
      "",
    );
    calls++;
  }
  while (out.length < lines) out.push("");
  const line = out.findIndex((text) => text.includes("/v1/"));
  const character = (out[line] as string).indexOf("/v1/") + 2;
  return { text: `${out.join("\n")}\n`, lines: out.length, calls, digit: { start: { line, character }, end: { line, character: character + 1 } } };
}

export async function lspBench(config: BenchConfig): Promise<Section> {
  const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
  const changes = config.quick ? 20 : 60;
  const dir = path.join(config.scratch, "lsp");
  mkdirSync(path.join(dir, "deploy"), { recursive: true });
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(
    path.join(dir, "v2kit.config.json"),
    JSON.stringify({ lint: [{ files: ["deploy/*.json"], operation: "createEndpoint" }], scan: { include: ["src"] } }),
  );
  const valid = body(10_240);
  const texts = [JSON.stringify(valid, null, 2), JSON.stringify({ ...valid, cpu: [{ id: "cpu3c", vcpuCount: 4 }] }, null, 2)];
  const file = path.join(dir, "deploy", "endpoint.json");
  writeFileSync(file, texts[0] as string);
  const uri = pathToFileURL(file).href;

  const child = spawn(process.execPath, [cli(), "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
  const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
  const arrived = new Map<number, number>();
  let wake: (() => void) | undefined;
  connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
    if (params.uri === uri && params.version !== undefined) arrived.set(params.version, performance.now());
    wake?.();
  });
  connection.listen();
  await connection.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
    workspaceFolders: null,
  });
  await connection.sendNotification(protocol.InitializedNotification.type, {});
  const until = async (version: number) => {
    while (!arrived.has(version)) await new Promise<void>((resolve) => (wake = resolve));
  };
  await connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "json", version: 1, text: texts[0] as string },
  });
  await until(1);
  log(`lsp: ${changes} changes of a ${(texts[0] as string).length}-byte body`);
  const latencies: number[] = [];
  for (let i = 0; i < changes; i++) {
    const version = i + 2;
    const sent = performance.now();
    await connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ text: texts[(i + 1) % 2] as string }],
    });
    await until(version);
    latencies.push((arrived.get(version) as number) - sent);
  }

  // A keystroke in a 1,000-line Python file with v1 calls (issue 44): one character of one
  // call's URL typed, alternately `/v1/` → `/v2/` and back, each timed to its diagnostics.
  const python = pythonClient(1_000);
  const source = path.join(dir, "src", "client.py");
  writeFileSync(source, python.text);
  const sourceUri = pathToFileURL(source).href;
  const sourceArrived = new Map<number, number>();
  connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
    if (params.uri === sourceUri && params.version !== undefined) sourceArrived.set(params.version, performance.now());
    if (params.uri === uri && params.version !== undefined) arrived.set(params.version, performance.now());
    wake?.();
  });
  const untilSource = async (version: number) => {
    while (!sourceArrived.has(version)) await new Promise<void>((resolve) => (wake = resolve));
  };
  await connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, {
    textDocument: { uri: sourceUri, languageId: "python", version: 1, text: python.text },
  });
  await untilSource(1);
  log(`lsp: ${changes} keystrokes in a ${python.lines}-line Python file with ${python.calls} v1 calls`);
  // Ten keystrokes first, not timed: a server that has checked a file a few times (V8 has compiled
  // the reader) is what the user types into; the first checks of a fresh process take 3-10 times as long.
  const warmUp = 10;
  const keystrokes: number[] = [];
  for (let i = 0; i < warmUp + changes; i++) {
    const version = i + 2;
    const sent = performance.now();
    await connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, {
      textDocument: { uri: sourceUri, version },
      contentChanges: [{ range: python.digit, text: i % 2 === 0 ? "2" : "1" }],
    });
    await untilSource(version);
    if (i >= warmUp) keystrokes.push((sourceArrived.get(version) as number) - sent);
  }
  await connection.sendRequest(protocol.ShutdownRequest.type);
  await connection.sendNotification(protocol.ExitNotification.type);
  connection.dispose();

  // The work itself, in this process: lint() of the same two texts.
  const { lint } = (await import(pathToFileURL(fromRoot("dist", "lint", "index.js")).href)) as typeof import("../lint/index.js");
  const inProcess: number[] = [];
  for (let i = 0; i < changes; i++) {
    const t = performance.now();
    lint(texts[i % 2] as string, { operation: "createEndpoint" });
    inProcess.push(performance.now() - t);
  }
  const p50 = median(latencies);
  const p95 = quantile(latencies, 0.95);
  const work = median(inProcess);
  const keyP50 = median(keystrokes);
  const keyP95 = quantile(keystrokes, 0.95);
  const rows: Row[] = [
    { run: "v2kit lsp: didChange → publishDiagnostics", changes, "median ms": round(p50, 1), "p95 ms": round(p95, 1) },
    { run: "v2kit lsp: keystroke in a 1,000-line Python file → its diagnostics", changes, "median ms": round(keyP50, 1), "p95 ms": round(keyP95, 1) },
    { run: "lint() of the same text, in process", changes, "median ms": round(work, 2), "p95 ms": round(quantile(inProcess, 0.95), 2) },
  ];
  const figures: Figure[] = [
    {
      key: "lsp_change_to_diagnostics_ms",
      label: "lsp: a change of a 10 KB body to its diagnostics (p95, debounce 30 ms included)",
      value: round(p95, 1),
      unit: "ms",
      target: { op: "<=", value: 50 },
      baseline: `lint() of the same text in process: ${round(work, 2)} ms (median)`,
    },
    {
      key: "lsp_source_keystroke_ms",
      label: "lsp: a keystroke in a 1,000-line Python file with v1 calls to its diagnostics (p95, debounce 30 ms included)",
      value: round(keyP95, 1),
      unit: "ms",
      target: { op: "<=", value: 50 },
      baseline: `median ${round(keyP50, 1)} ms; ${round(keyP95 / p95, 2)}× the JSON change's p95 (${round(p95, 1)} ms) in the same run`,
    },
  ];
  return {
    title: "Language server",
    method:
      "One `v2kit lsp --stdio` process driven by vscode-languageserver-protocol's client: a 10 KB createEndpoint body opened, then changed (full text, alternately valid and invalid), each change timed from the didChange notification to the publishDiagnostics of its version. Then, in the same process, a 1,000-line Python file with a v1 call every 5 lines (covered by the config's scan section) gets ten untimed one-character incremental changes (`/v1/` ↔ `/v2/` in one call: the reader compiled, as in an editor session), then the same number as the body's, each timed the same way. The server waits 30 ms after a change before checking (typing bursts check once).",
    rows,
    figures,
    profiles: [],
  };
}
