// Issue 13, items 5 and 11: special files never hang or exhaust memory (FIFOs made with mkfifo,
// /dev/zero, directories), bodies have a size limit, standard input stays a stream, and a reader
// that closes the pipe early never turns invalid inputs into exit 0. Issue 45, item 15: the same
// for every other file input (--spec, --rules, --graphql, the files a $ref names, the config's
// spec and rules, serve --state), each within a size budget, and the language server stays
// responsive when the config's spec is a FIFO.

import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type * as Protocol from "vscode-languageserver-protocol/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "v2kit.js");
const HAS_DEV_ZERO = existsSync("/dev/zero");
let dir: string;
let fifo: string;
let body: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "v2kit-harden-files-"));
  fifo = join(dir, "no-writer.fifo");
  await promisify(execFile)("mkfifo", [fifo]);
  body = join(dir, "body.json");
  await writeFile(body, JSON.stringify({ name: "x" }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI with a hard 10 s kill: a hang fails the test instead of the suite. */
function run(args: string[], options: { stdin?: string; input?: string; cwd?: string } = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += String(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("close", (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? "");
  });
}

const lint = ["lint", "--operation", "createEndpoint"];

// Issue 13, item 5.
describe("special files are refused with a clear message, never read", () => {
  const cases: [string, () => string[]][] = [
    ["a FIFO as FILE", () => [...lint, fifo]],
    ["a FIFO with --ndjson", () => [...lint, "--ndjson", fifo]],
    ["a FIFO as --catalog", () => [...lint, "--catalog", fifo, body]],
    ["a FIFO as --templates", () => [...lint, "--templates", fifo, body]],
    ["a FIFO as --current", () => [...lint.slice(0, 2), "updateEndpoint", "--current", fifo, body]],
    ["a FIFO as --api-key-file", () => [...lint, "--live", "--base-url", "http://127.0.0.1:9", "--api-key-file", fifo, body]],
    ["a FIFO given to migrate", () => ["migrate", fifo]],
    ["a FIFO given to migrate scan", () => ["migrate", "scan", fifo]],
    ["a directory as FILE", () => [...lint, dir]],
  ];
  test.each(cases)("%s", async (_name, args) => {
    const result = await run(args());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/a FIFO \(named pipe\)|a directory|is a folder/);
    expect(result.stderr).toMatch(
      /not a regular file|reads regular files only|reads only regular files|name a directory or a regular file|name the files in it/,
    );
    expect(result.ms).toBeLessThan(8000);
  });

  test.runIf(HAS_DEV_ZERO)("/dev/zero as FILE, with --ndjson, and to migrate scan: refused at once", async () => {
    for (const args of [
      [...lint, "/dev/zero"],
      [...lint, "--ndjson", "/dev/zero"],
      ["migrate", "scan", "/dev/zero"],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("/dev/zero");
      expect(result.stderr).toContain("a character device");
    }
  });

  test("migrate scan skips a FIFO inside the tree and scans the rest", async () => {
    const tree = join(dir, "tree");
    await mkdir(tree);
    await promisify(execFile)("mkfifo", [join(tree, "pipe")]);
    await writeFile(join(tree, "client.js"), 'fetch("https://rest.runpod.io/v1/endpoints")\n');
    const result = await run(["migrate", "scan", "--format", "json", tree]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("client.js");
  });

  test("a body over --max-body-bytes is refused; standard input too; the limit is adjustable", async () => {
    const big = join(dir, "big.json");
    await writeFile(big, JSON.stringify({ name: "x".repeat(2000) }));
    const file = await run([...lint, "--max-body-bytes", "1000", big]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain(`${big} is larger than 1000 bytes, the limit of one input; raise it with --max-body-bytes`);
    const stdin = await run([...lint, "--max-body-bytes", "1000", "-"], { input: "x".repeat(5000) });
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toContain("standard input is larger than 1000 bytes");
    const line = await run([...lint, "--ndjson", "--max-body-bytes", "1000", "-"], { input: `{}\n${"1".repeat(5000)}\n` });
    expect(line.code).toBe(2);
    expect(line.stderr).toContain("standard input:2 is larger than 1000 bytes");
    expect((await run([...lint, "--max-body-bytes", "100000", big])).code).toBe(1);
    expect((await run([...lint, "--max-body-bytes", "0", big])).code).toBe(2);
  });

  test.runIf(HAS_DEV_ZERO)("/dev/zero redirected to standard input stops at the limit instead of filling memory", async () => {
    const result = await new Promise<Run>((resolve) => {
      const started = Date.now();
      const child = spawn("sh", ["-c", `"${process.execPath}" "${CLI}" lint --operation createEndpoint - < /dev/zero`], { cwd: dir });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
      child.on("close", (code) => resolve({ code, stdout: "", stderr, ms: Date.now() - started }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("standard input is larger than 16777216 bytes");
  });

  test("a FIFO given as - through shell redirection is read as a stream", async () => {
    const pipe = join(dir, "with-writer.fifo");
    await promisify(execFile)("mkfifo", [pipe]);
    const script = `(printf '%s' '{"name":"x"}' > "${pipe}" &); "${process.execPath}" "${CLI}" lint --operation createEndpoint --format json - < "${pipe}"`;
    const result = await promisify(execFile)("sh", ["-c", script], { cwd: dir }).then(
      (x) => ({ code: 0, stdout: x.stdout }),
      (failure: { code: number; stdout: string }) => ({ code: failure.code, stdout: failure.stdout }),
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: "-", ok: false, status: expect.any(Number) });
  });
});

// Issue 13, item 11.
describe("a reader that closes early never makes exit 0", () => {
  /** Reads the first line of stdout, then closes the pipe, as `| head -1` does. */
  function firstLineThenClose(args: string[], input = ""): Promise<{ code: number | null; line: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["pipe", "pipe", "ignore"] });
      let line = "";
      child.stdout.on("data", (chunk: Buffer) => {
        if (line.includes("\n")) return;
        line += String(chunk);
        if (line.includes("\n")) child.stdout.destroy();
      });
      child.on("close", (code) => resolve({ code, line: line.split("\n")[0] ?? "" }));
      child.stdin.on("error", () => {});
      child.stdin.end(input);
    });
  }

  test("3000 invalid files | head -1 exits non-zero", async () => {
    const many = join(dir, "many");
    await mkdir(many);
    const files: string[] = [];
    for (let i = 0; i < 3000; i++) files.push(join(many, `b${i}.json`));
    await Promise.all(files.map((file) => writeFile(file, "{}")));
    const result = await firstLineThenClose([...lint, "--format", "json", ...files]);
    expect(result.line).toContain('"ok":false');
    expect(result.code).not.toBe(0);
  }, 30_000);

  test("--ndjson with 20000 invalid lines | head -1 exits non-zero", async () => {
    const result = await firstLineThenClose([...lint, "--ndjson", "-"], "{}\n".repeat(20_000));
    expect(result.line).toContain('"ok":false');
    expect(result.code).not.toBe(0);
  }, 30_000);
});

// Issue 45, item 15.
describe("every file input is a regular file within a budget", () => {
  const NOT_REGULAR = /: is not a regular file: it is (a FIFO \(named pipe\)|a character device), and v2kit reads only regular files/;
  const serve = ["serve", "--port", "0"];
  const cases: [string, () => string[]][] = [
    ["lint --spec FIFO", () => [...lint, "--spec", fifo, body]],
    ["lint --rules FIFO", () => [...lint, "--rules", fifo, body]],
    ["schema --spec FIFO", () => ["schema", "--operation", "createEndpoint", "--spec", fifo]],
    ["schema --rules FIFO", () => ["schema", "--operation", "createEndpoint", "--rules", fifo]],
    ["generate --spec FIFO", () => ["generate", "--spec", fifo, "--out", join(dir, "out-fifo")]],
    ["generate --graphql FIFO", () => ["generate", "--graphql", fifo, "--out", join(dir, "out-fifo")]],
    ["serve --state FIFO", () => [...serve, "--state", fifo]],
    ["serve --graphql FIFO", () => [...serve, "--graphql", fifo]],
    ["serve --spec FIFO", () => [...serve, "--spec", fifo]],
    ["serve --rules FIFO", () => [...serve, "--rules", fifo]],
    ["lint --config FIFO", () => ["lint", "--config", fifo]],
  ];
  test.each(cases)("%s: exit 2 at once, naming the file", async (_name, args) => {
    const result = await run(args());
    expect(result.stderr).toMatch(NOT_REGULAR);
    expect(result.stderr).toContain(fifo);
    expect(result.code).toBe(2);
    expect(result.ms).toBeLessThan(8000);
  });

  test.runIf(HAS_DEV_ZERO).each([
    ["lint --spec", [...lint, "--spec", "/dev/zero", "BODY"]],
    ["schema --spec", ["schema", "--operation", "createEndpoint", "--spec", "/dev/zero"]],
    ["generate --rules", ["generate", "--rules", "/dev/zero", "--out", "OUT"]],
    ["serve --spec", ["serve", "--port", "0", "--spec", "/dev/zero"]],
  ])("/dev/zero as %s: exit 2 at once, nothing read", async (_name, args) => {
    const result = await run(args.map((a) => (a === "BODY" ? body : a === "OUT" ? join(dir, "out-zero") : a)));
    expect(result.stderr).toContain("/dev/zero: is not a regular file: it is a character device");
    expect(result.code).toBe(2);
    expect(result.ms).toBeLessThan(8000);
  });

  test("a document over 64 MiB is refused before it is read (a sparse file: no disk used)", async () => {
    const big = join(dir, "big.yaml");
    await writeFile(big, "");
    await truncate(big, 64 * 1024 * 1024 + 1);
    for (const args of [
      [...lint, "--spec", big, body],
      ["schema", "--operation", "createEndpoint", "--rules", big],
    ]) {
      const result = await run(args);
      expect(result.stderr).toContain(`${big}: larger than 64 MiB, the most v2kit reads of an OpenAPI document, rules or GraphQL file`);
      expect(result.code).toBe(2);
    }
  });

  test("a $ref to a FIFO beside the document is refused too", async () => {
    const spec = join(dir, "ref-fifo.yaml");
    await writeFile(
      spec,
      [
        "openapi: 3.1.0",
        "info: {title: t, version: '1'}",
        "paths:",
        "  /x:",
        "    post:",
        "      operationId: createX",
        "      requestBody: {content: {application/json: {schema: {$ref: './no-writer.fifo#/X'}}}}",
        "      responses: {'200': {description: ok}}",
        "",
      ].join("\n"),
    );
    const result = await run(["lint", "--operation", "createX", "--spec", spec, body]);
    expect(result.stderr).toMatch(NOT_REGULAR);
    expect(result.code).toBe(2);
  });

  test("the config's spec and rules: a FIFO is exit 2 for lint", async () => {
    const project = join(dir, "config-fifo");
    await mkdir(project, { recursive: true });
    await promisify(execFile)("mkfifo", [join(project, "spec.fifo")]);
    await writeFile(join(project, "body.json"), "{}");
    for (const key of ["spec", "rules"]) {
      await writeFile(
        join(project, "v2kit.config.json"),
        JSON.stringify({ lint: [{ files: ["body.json"], operation: "createEndpoint", [key]: "spec.fifo" }] }),
      );
      const result = await run(["lint"], { cwd: project });
      expect(result.stderr).toMatch(NOT_REGULAR);
      expect(result.code).toBe(2);
      expect(result.ms).toBeLessThan(8000);
    }
  });

  test("the language server answers shutdown when the config's spec is a FIFO, and shows why as a diagnostic", async () => {
    const protocol = createRequire(import.meta.url)("vscode-languageserver-protocol/node") as typeof Protocol;
    const project = join(dir, "lsp-fifo");
    await mkdir(project, { recursive: true });
    await promisify(execFile)("mkfifo", [join(project, "spec.fifo")]);
    await writeFile(join(project, "v2kit.config.json"), JSON.stringify({ lint: [{ files: ["body.json"], operation: "createEndpoint", spec: "spec.fifo" }] }));
    await writeFile(join(project, "body.json"), "{}");
    const child = spawn(process.execPath, [CLI, "lsp", "--stdio"], { cwd: project, stdio: ["pipe", "pipe", "ignore"] });
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const connection = protocol.createProtocolConnection(new protocol.StreamMessageReader(child.stdout), new protocol.StreamMessageWriter(child.stdin));
    const diagnostics = new Promise<Protocol.Diagnostic[]>((resolve) =>
      connection.onNotification(protocol.PublishDiagnosticsNotification.type, (params) => resolve(params.diagnostics)),
    );
    connection.listen();
    try {
      await connection.sendRequest(protocol.InitializeRequest.type, {
        processId: process.pid,
        rootUri: pathToFileURL(project).href,
        capabilities: {},
        workspaceFolders: null,
      });
      await connection.sendNotification(protocol.InitializedNotification.type, {});
      const uri = pathToFileURL(join(project, "body.json")).href;
      await connection.sendNotification(protocol.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "json", version: 1, text: "{}" } });
      const shown = await diagnostics;
      expect(shown.map((diagnostic) => diagnostic.message).join("\n")).toMatch(NOT_REGULAR);
      await connection.sendRequest(protocol.ShutdownRequest.type);
      await connection.sendNotification(protocol.ExitNotification.type);
      expect(await exited).toBe(0);
    } finally {
      clearTimeout(kill);
      connection.dispose();
      child.kill("SIGKILL");
    }
  }, 30_000);
});
