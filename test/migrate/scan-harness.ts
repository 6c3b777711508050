// What the `migrate scan` tests that run the CLI as a user does share: the built CLI as a child
// process, which outside tools are here, scratch folders (a copy of a fixture case, or files
// given) and the files of a tree, JSON lines parsed, and a fixed Python client run against a stub.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect } from "vitest";

/** The built CLI (`npm run build`), run with this Node. */
export const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));

/** The service's published v2 document (../shared, beside the repository in CI; a user's clone has none). */
export const PUBLISHED = fileURLToPath(new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url));

/**
 * `v2kit lint --operation OP -` on `body` with the bundled schema, and with the published document
 * when ../shared is there (CI): each must say valid. The request a fixed call sends is judged as the
 * service would judge it.
 */
export function expectLintsValid(operation: string, body: unknown): void {
  const specs: string[][] = existsSync(PUBLISHED) ? [[], ["--spec", PUBLISHED]] : [[]];
  for (const extra of specs) {
    const linted = spawnSync(process.execPath, [CLI, "lint", "--operation", operation, ...extra, "--format", "json", "-"], {
      input: JSON.stringify(body),
      encoding: "utf8",
    });
    expect({ spec: extra[1] ?? "bundled", code: linted.status, out: linted.stdout }).toMatchObject({ code: 0 });
  }
}

/** Whether `tool args` runs and exits 0 here (python3, go, bash, git: the tools fixed files are checked with). */
export const has = (tool: string, args: string[]) => spawnSync(tool, args, { encoding: "utf8" }).status === 0;

/** `v2kit migrate scan ARGS .` in `cwd`: its exit code (-1 when it was killed), stdout and stderr. */
export const run = (cwd: string, args: string[]) => {
  const result = spawnSync(process.execPath, [CLI, "migrate", "scan", ...args, "."], { cwd, encoding: "utf8" });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
};

/** `v2kit migrate scan --fail-on none ARGS` in `cwd` (ARGS name what to scan): the child process. */
export const scan = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", "--fail-on", "none", ...args], { cwd, encoding: "utf8" });

/** `v2kit migrate scan --fix ARGS .` in `dir`: the child process. */
export const scanFix = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", "--fix", ...args, "."], { cwd: dir, encoding: "utf8" });

/** git in `cwd`, with an author for commits. */
export const git = (cwd: string, ...args: string[]) =>
  spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, encoding: "utf8" });

/** The JSON lines of `stdout` (those that start with `{`), parsed. */
export function jsonLines<Row>(stdout: string): Row[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Row);
}

/** Every file under `dir`, relative path → text; a `.git` folder (a scratch copy made a repository) left out. */
export function files(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = join(prefix, entry.name);
    if (entry.name === ".git") continue;
    if (entry.isDirectory()) for (const [file, content] of files(dir, rel)) out.set(file, content);
    else out.set(rel, readFileSync(join(dir, rel), "utf8"));
  }
  return out;
}

/**
 * The cases of a fixture folder, one folder each (`before/` the code, `after/` what --fix must
 * make of it, `args` extra flags): their names, a scratch copy of a case's `before/` (a temporary
 * folder named after `label` and the case), and a case's extra flags.
 */
export function fixtureCases(fixtures: string, label: string) {
  return {
    cases: readdirSync(fixtures).sort(),
    scratch: (name: string) => {
      const dir = mkdtempSync(join(tmpdir(), `v2kit-${label}-${name}-`));
      cpSync(join(fixtures, name, "before"), dir, { recursive: true });
      return dir;
    },
    argsOf: (name: string) => {
      const path = join(fixtures, name, "args");
      return existsSync(path) ? readFileSync(path, "utf8").trim().split(/\s+/).filter(Boolean) : [];
    },
  };
}

/**
 * A maker of scratch folders holding given files (relative path → text, folders made as needed),
 * each removed after the test that made it. Call it at the top level of a test file.
 */
export function scratchFolders(prefix: string): (tree: Record<string, string>) => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (tree) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    for (const [name, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
}

/** A stub `requests` module (`request`, `get`, `post`, `delete`, `Session`) that prints each request it is asked to send as one JSON line: method, URL, body. */
export const REQUESTS_STUB = `import json as _json, sys
class _Response:
    def raise_for_status(self):
        pass
    def json(self):
        return {}
def request(method, url, json=None, **kwargs):
    sys.stdout.write(_json.dumps({"method": method, "url": url, "body": json}) + "\\n")
    return _Response()
def get(url, **kwargs):
    return request("GET", url, **kwargs)
def post(url, **kwargs):
    return request("POST", url, **kwargs)
def delete(url, **kwargs):
    return request("DELETE", url, **kwargs)
class Session:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False
    def post(self, url, **kwargs):
        return request("POST", url, **kwargs)
`;

/**
 * Runs `program` with python3 in `dir` (no bytecode written, so a file rewritten between runs is
 * read again), `env` added to the environment: the JSON lines it printed. It must print nothing on
 * stderr.
 */
export function pythonLines<Line = unknown>(dir: string, program: string, env: Record<string, string> = {}): Line[] {
  const result = spawnSync("python3", ["-B", "-c", program], { cwd: dir, encoding: "utf8", env: { ...process.env, ...env } });
  expect(result.stderr).toBe("");
  return result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);
}

/** Runs `import client; CALL` with python3 in `dir` (a stub `requests` beside it that prints each request): the JSON lines it printed. */
export function pythonRequests<Line = unknown>(dir: string, call: string): Line[] {
  return pythonLines<Line>(dir, `import client; ${call}`);
}

/** One request a program under `nodeRequests` sent: its method, URL, Content-Type (absent when none) and JSON body (absent when none). */
export interface SentRequest {
  method: string;
  url: string;
  type?: string;
  body?: unknown;
}

/**
 * Runs the ES module `steps` with node in `dir`, `fetch` stubbed to record each request and answer
 * `{}`: the requests it sent, in order. The program must exit 0.
 */
export function nodeRequests(dir: string, steps: string): SentRequest[] {
  const program = [
    "const sent = [];",
    "globalThis.fetch = async (url, init = {}) => {",
    "  const type = new Headers(init.headers).get('content-type') ?? undefined;",
    "  sent.push({ method: init.method ?? 'GET', url: String(url), type, body: init.body === undefined ? undefined : JSON.parse(init.body) });",
    "  return new Response('{}');",
    "};",
    steps,
    "console.log(JSON.stringify(sent));",
  ].join("\n");
  const ran = spawnSync(process.execPath, ["--input-type=module", "-e", program], { cwd: dir, encoding: "utf8" });
  expect(ran.status, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout) as SentRequest[];
}
