// v2kit lsp and source files (issue 44): a Python, TypeScript, Go or shell document the config's
// "scan" section covers gets `v2kit scan`'s findings (checkSource) as diagnostics; they follow
// each edit (incremental changes) and clear on close; a file the section does not cover gets
// none; the quick fix of a v1 call gives the text `migrate scan --fix` writes, and that text
// parses (python3, node --check, gofmt, bash -n). Driven over stdio with the client side of the
// protocol (vscode-languageserver-protocol), as an editor.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cli, type Editor, protocol, startEditor } from "./lsp-harness.js";

/** One file per language, each with one v1 call on line 2 or later (0-based line in `line`). */
const SOURCES = {
  "src/app.py": {
    languageId: "python",
    text: 'import requests\n\ndef pods():\n    return requests.get("https://rest.runpod.io/v1/pods").json()\n',
    line: 3,
  },
  "src/app.ts": {
    languageId: "typescript",
    text: 'export async function pods() {\n  const response = await fetch("https://rest.runpod.io/v1/pods");\n  return response.json();\n}\n',
    line: 1,
  },
  "src/main.go": {
    languageId: "go",
    text: 'package main\n\nimport "net/http"\n\nfunc main() {\n\t_, _ = http.Get("https://rest.runpod.io/v1/pods")\n}\n',
    line: 5,
  },
  "src/pods.sh": {
    languageId: "shellscript",
    text: '#!/bin/sh\ncurl -s "https://rest.runpod.io/v1/pods" -H "Authorization: Bearer $KEY"\n',
    line: 1,
  },
} as const;
type SourceName = keyof typeof SOURCES;

let editor: Editor;
let dir: string;
let connection: Protocol.ProtocolConnection;
const uriOf = (rel: string) => editor.uriOf(rel);
const seen = (uri: string) => editor.seen(uri);
const diagnosticsAfter = (uri: string, count: number) => editor.diagnosticsAfter(uri, count);
const openBuffer = (uri: string, languageId: string, text: string) => editor.open(uri, languageId, text);
const edit = (uri: string, range: Protocol.Range, text: string) => editor.edit(uri, range, text);
const close = (uri: string) => editor.close(uri);
const save = (rel: string, text: string) => editor.save(rel, text);

/** The code actions for `uri`'s diagnostics, and the text the first one's edit gives. */
async function quickFix(uri: string, languageId: string, text: string, diagnostics: Protocol.Diagnostic[]): Promise<{ titles: string[]; fixed?: string }> {
  const actions = (await connection.sendRequest(protocol.CodeActionRequest.type, {
    textDocument: { uri },
    range: diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics },
  })) as Protocol.CodeAction[];
  const titles = actions.map((action) => action.title);
  const edits = actions[0]?.edit?.changes?.[uri];
  if (edits === undefined) return { titles };
  return { titles, fixed: TextDocument.applyEdits(TextDocument.create(uri, languageId, 1, text), edits) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-source-"));
  editor = await startEditor(dir, (write) => {
    write("v2kit.config.json", JSON.stringify({ scan: { include: ["src"], exclude: ["src/vendor/"] } }, null, 2));
    for (const [rel, source] of Object.entries(SOURCES)) write(rel, source.text);
    write("tools/other.py", SOURCES["src/app.py"].text);
    write("src/vendor/lib.py", SOURCES["src/app.py"].text);
  });
  connection = editor.connection;
}, 30_000);

afterAll(() => editor.stop());

describe("a covered source file", () => {
  test.each(Object.keys(SOURCES) as SourceName[])("%s: the v1 call is a v1-call error at the URL", async (rel) => {
    const { languageId, text, line } = SOURCES[rel];
    const uri = uriOf(rel);
    openBuffer(uri, languageId, text);
    const diagnostics = await diagnosticsAfter(uri, 0);
    expect(diagnostics.map(({ code, severity, source, range }) => ({ code, severity, source, line: range.start.line }))).toEqual([
      { code: "v1-call", severity: 1, source: "v2kit", line },
    ]);
    const [diagnostic] = diagnostics as [Protocol.Diagnostic];
    const lineText = text.split("\n")[line] as string;
    expect(lineText.slice(diagnostic.range.start.character, diagnostic.range.end.character)).toBe("https://rest.runpod.io/v1/pods");
    expect(diagnostic.message).toContain("GET /v2/pods");
    expect(editor.published.get(uri)?.[0]?.version).toBe(editor.versionOf(uri));
    close(uri);
    await diagnosticsAfter(uri, 1);
  });

  test("a keystroke that fixes the call clears them; one that breaks it again brings them back; closing clears them", async () => {
    const rel = "src/app.py";
    const { languageId, text, line } = SOURCES[rel];
    const uri = uriOf(rel);
    const start = seen(uri);
    openBuffer(uri, languageId, text);
    const [diagnostic] = (await diagnosticsAfter(uri, start)) as [Protocol.Diagnostic];
    // "…/v1/pods": the "1" becomes "2", as typed.
    const one = (text.split("\n")[line] as string).indexOf("/v1/") + 2;
    const digit = { start: { line, character: one }, end: { line, character: one + 1 } };
    expect(diagnostic.range.start.line).toBe(line);
    let before = seen(uri);
    edit(uri, digit, "2");
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
    before = seen(uri);
    edit(uri, digit, "1");
    expect((await diagnosticsAfter(uri, before)).map((found) => found.code)).toEqual(["v1-call"]);
    before = seen(uri);
    close(uri);
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
  });
});

describe("a source file the scan section does not cover", () => {
  test.each([
    ["tools/other.py", "outside every include root"],
    ["src/vendor/lib.py", "excluded"],
  ])("%s (%s): none, as `v2kit migrate scan` with the config does not report it", async (rel) => {
    const uri = uriOf(rel);
    openBuffer(uri, "python", SOURCES["src/app.py"].text);
    expect(await diagnosticsAfter(uri, 0)).toEqual([]);
    close(uri);
    const scan = spawnSync(process.execPath, [cli, "migrate", "scan", "--format", "json"], { cwd: dir, encoding: "utf8" });
    expect(scan.stdout).not.toContain(rel);
    expect(scan.stdout).toContain("src/app.py");
  });

  test("an unsaved covered file gets them all the same", async () => {
    const uri = uriOf("src/new/draft.py");
    openBuffer(uri, "python", SOURCES["src/app.py"].text);
    expect((await diagnosticsAfter(uri, 0)).map((found) => found.code)).toEqual(["v1-call"]);
    close(uri);
  });
});

/** Whether `file` parses with its language's own tool (python3, node --check, gofmt, bash -n). */
function parses(file: string): { status: number | null; output: string } {
  // The TypeScript fixture has no type syntax: node reads it as a module.
  const module = `${file}.mjs`;
  if (file.endsWith(".ts")) writeFileSync(module, readFileSync(file));
  const command: Record<string, [string, string[]]> = {
    ".py": ["python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read())", file]],
    ".ts": [process.execPath, ["--check", module]],
    ".go": ["gofmt", ["-e", file]],
    ".sh": ["bash", ["-n", file]],
  };
  const [program, args] = command[path.extname(file)] as [string, string[]];
  const result = spawnSync(program, args, { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the quick fix of a v1 call", () => {
  test.each(Object.keys(SOURCES) as SourceName[])("%s: the text migrate scan --fix writes, and it parses", async (rel) => {
    const { languageId, text } = SOURCES[rel];
    const uri = uriOf(rel);
    const start = seen(uri);
    openBuffer(uri, languageId, text);
    const diagnostics = await diagnosticsAfter(uri, start);
    const { titles, fixed } = await quickFix(uri, languageId, text, diagnostics);
    expect(titles).toEqual(["Migrate to v2: GET /v2/pods"]);
    // What the command writes for the same file, in a copy of the tree.
    const copy = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-source-fix-"));
    const target = path.join(copy, path.basename(rel));
    writeFileSync(target, text);
    const run = spawnSync(process.execPath, [cli, "migrate", "scan", copy, "--fix"], { cwd: copy, encoding: "utf8" });
    expect(run.status, run.stderr).not.toBe(2);
    const written = readFileSync(target, "utf8");
    expect(written).not.toBe(text);
    expect(fixed).toBe(written);
    const parsed = parses(target);
    expect(parsed.status, parsed.output).toBe(0);
    // The fixed text has no v1 call left: the editor clears the diagnostic.
    const before = seen(uri);
    const document = TextDocument.create(uri, languageId, 1, text);
    edit(uri, { start: document.positionAt(0), end: document.positionAt(text.length) }, fixed as string);
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
    close(uri);
  });

  test("no fix when the call's base is a constant another call shares (migrate scan --fix decides it with the whole tree)", async () => {
    const rel = "src/shared.py";
    const text =
      'import requests\n\nBASE = "https://rest.runpod.io/v1"\n\ndef pods():\n    return requests.get(f"{BASE}/pods")\n\ndef other():\n    return requests.get(f"{BASE}/endpoints")\n';
    const uri = uriOf(rel);
    openBuffer(uri, "python", text);
    const diagnostics = await diagnosticsAfter(uri, 0);
    expect(diagnostics.length).toBeGreaterThan(0);
    const { titles } = await quickFix(uri, "python", text, diagnostics);
    expect(titles).toEqual([]);
    close(uri);
    expect(editor.stderr()).toBe("");
    expect(editor.child.exitCode).toBeNull();
  });
});

describe("v2 calls in the editor (issue 44)", () => {
  test("a wrong route is a v2-unknown-route error whose quick fix writes the closest route; a v1 field in a body is a v2-invalid-body error at its key", async () => {
    const rel = "src/endpoints.py";
    const text = [
      "import requests",
      "",
      'API = "https://rest.runpod.io/v2"',
      "",
      "",
      "def endpoints(headers):",
      '    return requests.get(f"{API}/endpoints", headers=headers, timeout=30).json()',
      "",
      "",
      "def scale(endpoint_id, headers):",
      '    requests.patch(f"{API}/serverless/{endpoint_id}", json={"workersMin": 0}, headers=headers, timeout=30)',
      "",
    ].join("\n");
    save(rel, text);
    const uri = uriOf(rel);
    openBuffer(uri, "python", text);
    const diagnostics = await diagnosticsAfter(uri, 0);
    expect(diagnostics.map(({ code, severity, range }) => ({ code, severity, line: range.start.line }))).toEqual([
      { code: "v2-unknown-route", severity: 1, line: 6 },
      { code: "v2-invalid-body", severity: 1, line: 10 },
    ]);
    const [route, body] = diagnostics as [Protocol.Diagnostic, Protocol.Diagnostic];
    expect(route.message).toContain("did you mean GET /v2/serverless?");
    const lines = text.split("\n");
    expect((lines[10] as string).slice(body.range.start.character)).toMatch(/^workersMin"/);
    const { titles, fixed } = await quickFix(uri, "python", text, [route]);
    expect(titles).toEqual(["Use GET /v2/serverless"]);
    expect(fixed).toContain('requests.get(f"{API}/serverless", headers=headers, timeout=30)');
    // The fixed text, as the editor has it after applying the fix, has no route finding left.
    let before = seen(uri);
    close(uri);
    await diagnosticsAfter(uri, before);
    before = seen(uri);
    openBuffer(uri, "python", fixed as string);
    expect((await diagnosticsAfter(uri, before)).map((found) => found.code)).toEqual(["v2-invalid-body"]);
    close(uri);
  });
});
