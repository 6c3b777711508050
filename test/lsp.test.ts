// v2kit lsp (issue 23, item 2), driven over stdio as an editor drives it, with the client side of
// the protocol (vscode-languageserver-protocol): initialize, didOpen, diagnostics whose codes and
// positions are lint's on the same text, didChange that fixes the body clears them, a file the
// config does not name gets none, malformed JSON is a diagnostic at the parse error, quick fixes
// for v1 field names, a config change re-lints open documents, shutdown/exit end the process.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getAt, parsePointer } from "../engine/pointer.js";

const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
const repo = path.resolve(import.meta.dirname, "..");
const cli = path.join(repo, "dist/cli/v2kit.js");
const example = (name: string) => readFileSync(path.join(repo, "examples", name), "utf8");

let dir: string;
let child: ChildProcess;
let connection: Protocol.ProtocolConnection;
const published = new Map<string, Protocol.PublishDiagnosticsParams[]>();
const waiters: (() => void)[] = [];

const uriOf = (rel: string) => pathToFileURL(path.join(dir, rel)).href;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

/** The next diagnostics published for `uri` after `count` earlier ones (resolves on arrival). */
async function diagnosticsFor(uri: string, count: number): Promise<Protocol.Diagnostic[]> {
  const deadline = Date.now() + 20_000;
  while ((published.get(uri)?.length ?? 0) <= count) {
    if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} after ${count}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
  return (published.get(uri) as Protocol.PublishDiagnosticsParams[])[count]?.diagnostics as Protocol.Diagnostic[];
}
const seen = (uri: string) => published.get(uri)?.length ?? 0;

/** The first diagnostics published for `uri` from the `from`th on that satisfy `wanted` (an editor shows the latest). */
async function diagnosticsUntil(uri: string, from: number, wanted: (d: Protocol.Diagnostic[]) => boolean): Promise<Protocol.Diagnostic[]> {
  for (let i = from; ; i++) {
    const diagnostics = await diagnosticsFor(uri, i);
    if (wanted(diagnostics)) return diagnostics;
  }
}

let version = 1;
function open(rel: string, text: string): string {
  const uri = uriOf(rel);
  write(rel, text);
  void connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version: version++, text } });
  return uri;
}
function change(uri: string, text: string): void {
  void connection.sendNotification(protocol.DidChangeTextDocumentNotification.type, { textDocument: { uri, version: version++ }, contentChanges: [{ text }] });
}

/** lint --format json and --format sarif on the same text, as the CLI says it. */
function lintCli(rel: string): { rules: string[]; severities: string[]; positions: { line: number; column: number }[] } {
  const json = spawnSync(process.execPath, [cli, "lint", "--format", "json", rel], { cwd: dir, encoding: "utf8" });
  const line = JSON.parse(json.stdout) as { violations: { rule: string }[]; warnings: { rule: string }[] };
  const sarif = spawnSync(process.execPath, [cli, "lint", "--format", "sarif", rel], { cwd: dir, encoding: "utf8" });
  const results = (
    JSON.parse(sarif.stdout) as {
      runs: { results: { level: string; locations: { physicalLocation: { region: { startLine: number; startColumn: number } } }[] }[] }[];
    }
  ).runs[0]?.results;
  return {
    rules: [...line.violations.map((violation) => violation.rule), ...line.warnings.map((warning) => warning.rule)],
    severities: results?.map((result) => result.level) ?? [],
    positions:
      results?.map((result) => ({
        line: result.locations[0]!.physicalLocation.region.startLine,
        column: result.locations[0]!.physicalLocation.region.startColumn,
      })) ?? [],
  };
}

/** The text a range covers. */
function slice(text: string, range: Protocol.Range): string {
  const lines = text.split("\n");
  const offset = (position: Protocol.Position) =>
    lines.slice(0, position.line).reduce((total, lineText) => total + lineText.length + 1, 0) + position.character;
  return text.slice(offset(range.start), offset(range.end));
}

/** Applies a workspace edit's changes for `uri` to `text` (edits do not overlap; applied from the end). */
function apply(text: string, edits: Protocol.TextEdit[]): string {
  const lines = text.split("\n");
  const offset = (position: Protocol.Position) =>
    lines.slice(0, position.line).reduce((total, lineText) => total + lineText.length + 1, 0) + position.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, edit) => t.slice(0, offset(edit.range.start)) + edit.newText + t.slice(offset(edit.range.end)), text);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-"));
  write("v2kit.config.json", JSON.stringify({ lint: [{ files: ["deploy/endpoints/*.json"], operation: "createEndpoint" }] }, null, 2));
  copyFileSync(path.join(repo, "examples/create-endpoint-invalid.json"), path.join(dir, "invalid.json"));
  child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
  connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout!), new protocol.StreamMessageWriter(child.stdin!));
  connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => {
    published.set(params.uri, [...(published.get(params.uri) ?? []), params]);
    for (const wake of waiters.splice(0)) wake();
  });
  connection.listen();
  const init = await connection.sendRequest(protocol.InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
    workspaceFolders: null,
  });
  expect(init.capabilities.codeActionProvider).toBeTruthy();
  await connection.sendNotification(protocol.InitializedNotification.type, {});
}, 30_000);

afterAll(() => {
  if (child.exitCode === null) child.kill();
});

describe("diagnostics", () => {
  test("on open: lint's findings, codes, severities and positions, each range the value at its pointer", async () => {
    const text = example("create-endpoint-invalid.json");
    const uri = open("deploy/endpoints/invalid.json", text);
    const diagnostics = await diagnosticsFor(uri, 0);
    const lint = lintCli("deploy/endpoints/invalid.json");
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(lint.rules);
    expect(diagnostics.map((diagnostic) => (diagnostic.severity === 1 ? "error" : "warning"))).toEqual(lint.severities);
    expect(diagnostics.map((diagnostic) => ({ line: diagnostic.range.start.line + 1, column: diagnostic.range.start.character + 1 }))).toEqual(lint.positions);
    const body = JSON.parse(text) as unknown;
    for (const diagnostic of diagnostics) {
      expect(diagnostic.source).toBe("v2kit");
      const pointer = (diagnostic.data as { path: string }).path;
      const covered = slice(text, diagnostic.range);
      if (diagnostic.code === "schema/additionalProperties") expect(JSON.parse(covered)).toBe(parsePointer(pointer).at(-1));
      else if (getAt(body, parsePointer(pointer)) !== undefined) expect(JSON.parse(covered)).toEqual(getAt(body, parsePointer(pointer)));
    }
    const rename = diagnostics.find((diagnostic) => diagnostic.code === "schema/additionalProperties");
    expect(rename?.message).toBe('/workersMin: unknown property "workersMin" is not allowed\nhint: `workersMin` is a v1 field: use `workers.min`');
    expect(diagnostics.find((diagnostic) => diagnostic.code === "gpu-cpu-exactly-one")?.codeDescription?.href).toMatch(
      /output\/RULES\.md#rule-gpu-cpu-exactly-one$/,
    );
  });

  test("a change that fixes the body clears them", async () => {
    const uri = uriOf("deploy/endpoints/invalid.json");
    const before = seen(uri);
    change(uri, example("create-endpoint-gpu.json"));
    expect(await diagnosticsFor(uri, before)).toEqual([]);
  });

  test("malformed JSON is one diagnostic at the parse error", async () => {
    const uri = open("deploy/endpoints/broken.json", '{\n  "name": "x",\n  "image" "y"\n}\n');
    const [diagnostic, ...rest] = await diagnosticsFor(uri, 0);
    expect(rest).toEqual([]);
    expect(diagnostic?.code).toBe("json/parse");
    expect(diagnostic?.range.start).toEqual({ line: 2, character: 10 });
    expect(diagnostic?.message).toMatch(/must be valid JSON: .* at line 3, column 11/);
  });

  test("a file the config does not name gets none", async () => {
    const uri = open("notes/other.json", example("create-endpoint-invalid.json"));
    expect(await diagnosticsFor(uri, 0)).toEqual([]);
  });

  test("a change to the config re-lints open documents", async () => {
    const uri = uriOf("notes/other.json");
    const before = seen(uri);
    write("v2kit.config.json", JSON.stringify({ lint: [{ files: ["deploy/endpoints/*.json", "notes/*.json"], operation: "createEndpoint" }] }, null, 2));
    const diagnostics = await diagnosticsUntil(uri, before, (current) => current.length > 0);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain("gpu-cpu-exactly-one");
  });

  test("a broken config is a diagnostic naming it, not a crash", async () => {
    const uri = uriOf("notes/other.json");
    const before = seen(uri);
    write("v2kit.config.json", JSON.stringify({ lint: [{ files: ["notes/*.json"], operation: "createEndpoint", catalogs: [] }] }));
    const [diagnostic] = await diagnosticsUntil(uri, before, (x) => x[0]?.code === "config");
    expect(diagnostic?.message).toContain("v2kit.config.json");
    expect(diagnostic?.message).toContain("did you mean catalog?");
    const broken = seen(uri);
    write("v2kit.config.json", JSON.stringify({ lint: [{ files: ["deploy/endpoints/*.json", "notes/*.json"], operation: "createEndpoint" }] }));
    const fixed = await diagnosticsUntil(uri, broken, (x) => x[0]?.code !== "config");
    expect(fixed.map((x) => x.code)).toContain("gpu-cpu-exactly-one");
  });
});

describe("context files", () => {
  test("a change to a catalog file the config names re-lints the documents that use it", async () => {
    const gpus = JSON.parse(readFileSync(path.join(repo, "schema/catalog/gpus.json"), "utf8")) as { gpus: { pool: string }[] };
    write("ctx/gpus.json", JSON.stringify(gpus));
    write(
      "v2kit.config.json",
      JSON.stringify({
        lint: [
          { files: ["pools/*.json"], operation: "createEndpoint", catalog: ["ctx/gpus.json"] },
          { files: ["deploy/endpoints/*.json", "notes/*.json"], operation: "createEndpoint" },
        ],
      }),
    );
    const uri = open("pools/ada.json", example("create-endpoint-gpu.json"));
    const codes = (list: Protocol.Diagnostic[]) => list.map((x) => x.code);
    expect(codes(await diagnosticsUntil(uri, 0, (current) => !codes(current).includes("config")))).not.toContain("gpu-pools-known");
    const before = seen(uri);
    // The catalog loses the ADA_24 pool the body names: the same text now fails.
    write("ctx/gpus.json", JSON.stringify({ gpus: gpus.gpus.filter((gpu) => gpu.pool !== "ADA_24") }));
    expect(codes(await diagnosticsUntil(uri, before, (current) => codes(current).includes("gpu-pools-known")))).toContain("gpu-pools-known");
  });
});

describe("quick fixes", () => {
  async function fixed(rel: string, text: string): Promise<{ title: string; text: string }[]> {
    const uri = open(rel, text);
    const diagnostics = await diagnosticsFor(uri, 0);
    const actions = (await connection.sendRequest(protocol.CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics },
    })) as Protocol.CodeAction[];
    return actions.map((a) => ({ title: a.title, text: apply(text, a.edit?.changes?.[uri] ?? []) }));
  }

  test("a v1 name is renamed in place, its value's text untouched", async () => {
    const text = '{\n  "name": "x",\n  "imageName": "example/worker:1.0",\n  "gpu": { "pools": ["ADA_24"] }\n}\n';
    const [fix] = await fixed("deploy/endpoints/rename.json", text);
    expect(fix?.title).toBe("Rename v1 field `imageName` to `image`");
    expect(fix?.text).toBe('{\n  "name": "x",\n  "image": "example/worker:1.0",\n  "gpu": { "pools": ["ADA_24"] }\n}\n');
  });

  test("a v1 name moves into the v2 object, created or existing, every digit of its value kept", async () => {
    const text =
      '{\n  "name": "x",\n  "image": "i",\n  "gpu": { "pools": ["ADA_24"] },\n  "workersMax": 12345678901234567890,\n  "workers": {\n    "min": 0\n  },\n  "executionTimeoutMs": 600000\n}\n';
    const fixes = await fixed("deploy/endpoints/move.json", text);
    expect(fixes.map((fix) => fix.title)).toEqual(["Move v1 field `workersMax` to `workers.max`", "Rename v1 field `executionTimeoutMs` to `timeout`"]);
    // The number keeps every digit (no JSON.parse round trip).
    expect(fixes[0]?.text).toContain('"max": 12345678901234567890,');
    expect(JSON.parse(fixes[0]?.text ?? "")).toMatchObject({ workers: { min: 0 } });
    expect(fixes[0]?.text).not.toContain("workersMax");
    const created = await fixed("deploy/endpoints/create.json", '{"name": "x", "image": "i", "gpu": {"pools": ["ADA_24"]}, "workersMin": 1}');
    expect(created[0]?.text).toBe('{"name": "x", "image": "i", "gpu": {"pools": ["ADA_24"]}, "workers": { "min": 1 }}');
  });

  test("no fix where the v2 field is already set or the hint names no single place", async () => {
    expect(await fixed("deploy/endpoints/taken.json", '{"name": "x", "image": "i", "imageName": "j", "gpu": {"pools": ["ADA_24"]}}')).toEqual([]);
    expect(await fixed("deploy/endpoints/split.json", '{"name": "x", "image": "i", "gpuTypeIds": ["NVIDIA A40"]}')).toEqual([]);
  });
});

describe("lifecycle", () => {
  test("shutdown, then exit: the process ends with status 0", async () => {
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await connection.sendRequest(protocol.ShutdownRequest.type);
    await connection.sendNotification(protocol.ExitNotification.type);
    expect(await exited).toBe(0);
  });
});
