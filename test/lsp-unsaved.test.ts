// v2kit lsp and documents that are not (or not as shown) on disk (issue 43): a new file the user
// has not saved yet gets diagnostics when its path is under a glob of v2kit.config.json, exactly
// when `v2kit lint` lints it once saved (the same globs: `**`, negation, dot folders), and they
// follow each edit and clear on close; an open document is linted from its buffer, not from disk;
// an untitled: document has no path, so no config covers it: no diagnostics and no crash. Driven
// over stdio with the client side of the protocol (vscode-languageserver-protocol), as an editor.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cli, type Editor, protocol, startEditor } from "./lsp-harness.js";

const VALID =
  '{\n  "name": "fresh",\n  "type": "QUEUE",\n  "scaling": { "type": "QUEUE_DELAY", "queueDelay": 4 },\n  "image": "example/worker:1.0",\n  "gpu": { "pools": ["ADA_24"] }\n}\n';
/** VALID with a negative disk (line 7) and a v1 field (line 8). */
const INVALID = VALID.replace('["ADA_24"] }\n}', '["ADA_24"] },\n  "disk": -1,\n  "workersMin": 1\n}');
/** What lint says of INVALID, as the LSP says it (0-based lines and characters). */
const INVALID_FINDINGS = [
  { code: "schema/additionalProperties", range: { start: { line: 7, character: 2 }, end: { line: 7, character: 14 } } },
  { code: "schema/minimum", range: { start: { line: 6, character: 10 }, end: { line: 6, character: 12 } } },
];

let editor: Editor;
let dir: string;

const uriOf = (rel: string) => editor.uriOf(rel);
const seen = (uri: string) => editor.seen(uri);
const diagnosticsAfter = (uri: string, count: number) => editor.diagnosticsAfter(uri, count);
const findings = (list: Protocol.Diagnostic[]) => list.map((diagnostic) => ({ code: diagnostic.code, range: diagnostic.range }));
const openBuffer = (uri: string, text: string) => editor.open(uri, "json", text);
const change = (uri: string, text: string) => editor.change(uri, text);
const close = (uri: string) => editor.close(uri);
const save = (rel: string, text: string) => editor.save(rel, text);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-unsaved-"));
  editor = await startEditor(dir, (write) => {
    const config = { lint: [{ files: ["deploy/endpoints/**/*.json", "!deploy/endpoints/drafts/*.json"], operation: "createEndpoint" }] };
    write("v2kit.config.json", JSON.stringify(config, null, 2));
    write("deploy/endpoints/existing.json", VALID);
  });
}, 30_000);

afterAll(() => editor.stop());

describe("a document not saved yet", () => {
  const rel = "deploy/endpoints/new-team/fresh.json";

  test("under a covered glob (in a folder not on disk either): lint's rule ids and ranges", async () => {
    const uri = uriOf(rel);
    openBuffer(uri, INVALID);
    expect(findings(await diagnosticsAfter(uri, 0))).toEqual(INVALID_FINDINGS);
    expect(existsSync(path.join(dir, rel))).toBe(false);
  });

  test("they follow each edit: a valid body clears them, an invalid one brings them back, closing clears them", async () => {
    const uri = uriOf(rel);
    let before = seen(uri);
    change(uri, VALID);
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
    before = seen(uri);
    change(uri, INVALID.replace('  "disk": -1,\n', ""));
    expect(findings(await diagnosticsAfter(uri, before))).toEqual([
      { code: "schema/additionalProperties", range: { start: { line: 6, character: 2 }, end: { line: 6, character: 14 } } },
    ]);
    before = seen(uri);
    close(uri);
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
  });

  // Each path gets diagnostics exactly when `v2kit lint PATH` lints it once saved (exit 1 for
  // INVALID), and none when lint says no entry matches it (exit 2).
  test.each([
    ["deploy/endpoints/unsaved.json", true],
    ["deploy/endpoints/a/b/c/deep.json", true],
    ["deploy/endpoints/drafts/excluded.json", false],
    ["deploy/endpoints/.hidden/dot.json", false],
    ["deploy/endpoints/body.yaml", false],
    ["notes/other.json", false],
  ])("%s: covered %s, as v2kit lint says once it is saved", async (file, covered) => {
    const uri = uriOf(file);
    openBuffer(uri, INVALID);
    const diagnostics = await diagnosticsAfter(uri, 0);
    expect(findings(diagnostics)).toEqual(covered ? INVALID_FINDINGS : []);
    save(file, INVALID);
    const lint = spawnSync(process.execPath, [cli, "lint", file], { cwd: dir, encoding: "utf8" });
    expect(lint.status, lint.stdout + lint.stderr).toBe(covered ? 1 : 2);
    close(uri);
  });
});

describe("a covered path that leads out of the project", () => {
  test.skipIf(process.platform === "win32")("through a symbolic link: a diagnostic naming the config's glob, as lint's exit 2", async () => {
    const outside = mkdtempSync(path.join(tmpdir(), "v2kit-lsp-outside-"));
    symlinkSync(outside, path.join(dir, "deploy/endpoints/linked"));
    const uri = uriOf("deploy/endpoints/linked/secret.json");
    openBuffer(uri, VALID);
    const [diagnostic, ...rest] = await diagnosticsAfter(uri, 0);
    expect(rest).toEqual([]);
    expect(diagnostic?.code).toBe("config");
    expect(diagnostic?.message).toContain('/lint/0/files/0: "deploy/endpoints/**/*.json" matches');
    expect(diagnostic?.message).toContain("outside the project");
    close(uri);
  });
});

describe("an open document is linted from its buffer, not from disk", () => {
  test("valid on disk, invalid in the editor: the editor's findings", async () => {
    const uri = uriOf("deploy/endpoints/existing.json");
    openBuffer(uri, INVALID);
    expect(findings(await diagnosticsAfter(uri, 0))).toEqual(INVALID_FINDINGS);
    const before = seen(uri);
    change(uri, VALID);
    expect(await diagnosticsAfter(uri, before)).toEqual([]);
    close(uri);
  });

  test("invalid on disk, valid in the editor: none", async () => {
    save("deploy/endpoints/edited.json", INVALID);
    const uri = uriOf("deploy/endpoints/edited.json");
    openBuffer(uri, VALID);
    expect(await diagnosticsAfter(uri, 0)).toEqual([]);
    close(uri);
  });
});

describe("an untitled: document", () => {
  test("has no path, so no config covers it: no diagnostics, no crash, and the server goes on", async () => {
    const uri = "untitled:Untitled-1";
    openBuffer(uri, INVALID);
    expect(await diagnosticsAfter(uri, 0)).toEqual([]);
    change(uri, "{ not json");
    expect(await diagnosticsAfter(uri, 1)).toEqual([]);
    const actions = await editor.connection.sendRequest(protocol.CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [] },
    });
    expect(actions).toEqual([]);
    close(uri);
    // A covered document opened after it is linted as ever.
    const after = uriOf("deploy/endpoints/after-untitled.json");
    openBuffer(after, INVALID);
    expect(findings(await diagnosticsAfter(after, 0))).toEqual(INVALID_FINDINGS);
    expect(editor.child.exitCode).toBeNull();
    expect(editor.stderr()).toBe("");
  });
});
