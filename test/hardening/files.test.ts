// Issue 13, items 5 and 11: special files never hang or exhaust memory (FIFOs made with mkfifo,
// /dev/zero, directories), bodies have a size limit, standard input stays a stream, and a reader
// that closes the pipe early never turns invalid inputs into exit 0.

import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
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
function run(args: string[], options: { stdin?: string; input?: string } = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += String(d)));
    child.stderr.on("data", (d: Buffer) => (stderr += String(d)));
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.on("close", (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
    child.stdin.end(options.input ?? "");
  });
}

const lint = ["lint", "--operation", "createEndpoint"];

describe("item 5: special files are refused with a clear message, never read", () => {
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
    const r = await run(args());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/a FIFO \(named pipe\)|a directory|is a folder/);
    expect(r.stderr).toMatch(/not a regular file|reads regular files only|reads only regular files|name a directory or a regular file|name the files in it/);
    expect(r.ms).toBeLessThan(8000);
  });

  test.runIf(HAS_DEV_ZERO)("/dev/zero as FILE, with --ndjson, and to migrate scan: refused at once", async () => {
    for (const args of [
      [...lint, "/dev/zero"],
      [...lint, "--ndjson", "/dev/zero"],
      ["migrate", "scan", "/dev/zero"],
    ]) {
      const r = await run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("/dev/zero");
      expect(r.stderr).toContain("a character device");
    }
  });

  test("migrate scan skips a FIFO inside the tree and scans the rest", async () => {
    const tree = join(dir, "tree");
    await mkdir(tree);
    await promisify(execFile)("mkfifo", [join(tree, "pipe")]);
    await writeFile(join(tree, "client.js"), 'fetch("https://rest.runpod.io/v1/endpoints")\n');
    const r = await run(["migrate", "scan", "--format", "json", tree]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("client.js");
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
    const r = await new Promise<Run>((resolve) => {
      const started = Date.now();
      const child = spawn("sh", ["-c", `"${process.execPath}" "${CLI}" lint --operation createEndpoint - < /dev/zero`], { cwd: dir });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += String(d)));
      child.on("close", (code) => resolve({ code, stdout: "", stderr, ms: Date.now() - started }));
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("standard input is larger than 16777216 bytes");
  });

  test("a FIFO given as - through shell redirection is read as a stream", async () => {
    const pipe = join(dir, "with-writer.fifo");
    await promisify(execFile)("mkfifo", [pipe]);
    const script = `(printf '%s' '{"name":"x"}' > "${pipe}" &); "${process.execPath}" "${CLI}" lint --operation createEndpoint --format json - < "${pipe}"`;
    const r = await promisify(execFile)("sh", ["-c", script], { cwd: dir }).then(
      (x) => ({ code: 0, stdout: x.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: "-", ok: false, status: expect.any(Number) });
  });
});

describe("item 11: a reader that closes early never makes exit 0", () => {
  /** Reads the first line of stdout, then closes the pipe, as `| head -1` does. */
  function firstLineThenClose(args: string[], input = ""): Promise<{ code: number | null; line: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["pipe", "pipe", "ignore"] });
      let line = "";
      child.stdout.on("data", (d: Buffer) => {
        if (line.includes("\n")) return;
        line += String(d);
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
    await Promise.all(files.map((f) => writeFile(f, "{}")));
    const r = await firstLineThenClose([...lint, "--format", "json", ...files]);
    expect(r.line).toContain('"ok":false');
    expect(r.code).not.toBe(0);
  }, 30_000);

  test("--ndjson with 20000 invalid lines | head -1 exits non-zero", async () => {
    const r = await firstLineThenClose([...lint, "--ndjson", "-"], "{}\n".repeat(20_000));
    expect(r.line).toContain('"ok":false');
    expect(r.code).not.toBe(0);
  }, 30_000);
});
