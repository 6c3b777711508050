// `migrate scan --fix` on literal bodies as a user meets it (issue 45): the fixed Python and
// JavaScript run against a stub `requests` / `fetch` that prints the body they send, so what is
// checked is what the program would send, not the text.
// - Item 7: a literal string that looks like a placeholder ("<name>") stays that string; only an
//   expression the scanner read becomes an expression again.
// - Item 10: a body rewritten over several lines takes the line ending of its lines (CRLF in a
//   CRLF file, each part of a mixed file its own); the fixture `scan-fix/crlf` holds the bytes.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch folder holding `files`. */
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-literal-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const fix = (dir: string, ...args: string[]) => spawnSync(process.execPath, [CLI, "migrate", "scan", "--fix", ...args, "."], { cwd: dir, encoding: "utf8" });

/** A `requests` module that prints each call's method, URL and JSON body, one JSON line each. */
const REQUESTS_STUB = `import json, sys
def _call(method):
    def send(url, json=None, **kwargs):
        sys.stdout.write(__import__("json").dumps({"method": method, "url": url, "body": json}) + "\\n")
    return send
get, post, patch, delete = _call("GET"), _call("POST"), _call("PATCH"), _call("DELETE")
`;

/** Runs `call` (Python) with the stub; the requests it made. */
function pythonSends(dir: string, call: string): unknown[] {
  const r = spawnSync("python3", ["-c", `import client; ${call}`], { cwd: dir, encoding: "utf8" });
  expect(r.stderr).toBe("");
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

/** Runs the ES module `file` with a stub `fetch`, calling its export `call`; the requests it made. */
function nodeSends(dir: string, file: string, call: string): unknown[] {
  const script = `const sent = []; globalThis.fetch = async (url, o) => { sent.push({ method: o.method, url, body: JSON.parse(o.body) }); return {}; };
const m = await import(${JSON.stringify(`./${file}`)}); await m.${call}; console.log(JSON.stringify(sent));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as unknown[];
}

describe.skipIf(!python)("item 7: a literal that looks like a placeholder stays a literal", () => {
  it('Python: "<name>" is still sent as the text <name>, the variable beside it as its value', () => {
    const dir = scratch({
      "requests.py": REQUESTS_STUB,
      "client.py": `import requests


def go(name, eid):
    requests.post("https://rest.runpod.io/v1/endpoints/" + eid + "/update", json={"name": "<name>", "workersMin": name})
    requests.post("https://rest.runpod.io/v1/endpoints/" + eid + "/update", json={"name": name, "templateId": "<name>", "workersMax": 3})
    requests.post("https://rest.runpod.io/v1/endpoints/" + eid + "/update", json={"name": "<name>", "workersMax": 3})
`,
    });
    const r = fix(dir);
    expect(r.stderr).toContain("fixed 3 calls in 1 file; 0 calls left");
    expect(pythonSends(dir, "client.go(2, 'e1')")).toEqual([
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: "<name>", workers: { min: 2 } } },
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: 2, templateId: "<name>", workers: { max: 3 } } },
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: "<name>", workers: { max: 3 } } },
    ]);
  });

  it('JavaScript: a shorthand property and a "<name>" literal side by side', () => {
    const dir = scratch({
      "client.mjs": `export async function go(name, eid) {
  await fetch("https://rest.runpod.io/v1/endpoints/" + eid + "/update", { method: "POST", body: JSON.stringify({ name, templateId: "<name>", workersMax: 2 }) });
  await fetch("https://rest.runpod.io/v1/endpoints/" + eid + "/update", { method: "POST", body: JSON.stringify({ name: "<name>", workersMin: name }) });
}
`,
    });
    expect(fix(dir).stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    expect(nodeSends(dir, "client.mjs", 'go(4, "e1")')).toEqual([
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: 4, templateId: "<name>", workers: { max: 2 } } },
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { name: "<name>", workers: { min: 4 } } },
    ]);
  });
});

describe("item 10: line endings", () => {
  it("a CRLF file keeps CRLF on every line, a mixed file each line's own ending", () => {
    const dir = scratch({});
    cpSync(fileURLToPath(new URL("../fixtures/scan-fix/crlf/before", import.meta.url)), dir, { recursive: true });
    expect(fix(dir).stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    const client = readFileSync(join(dir, "client.py"), "utf8");
    expect(client).toContain('            "workers": {\r\n                "idleTimeout": 5,\r\n');
    expect(client.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    expect(client.endsWith("\r\n")).toBe(true);
    // The CRLF function stays CRLF, the LF one LF.
    const [head, rename, scale] = readFileSync(join(dir, "mixed.mjs"), "utf8").split(/(?=export async)/);
    expect(head?.includes("\r")).toBe(false);
    const crlfPart = rename?.slice(0, rename.indexOf("  });") + 7) ?? "";
    expect(crlfPart.split("\n").slice(0, -1).length).toBe(8);
    expect(
      crlfPart
        .split("\n")
        .slice(0, -1)
        .every((line) => line.endsWith("\r")),
    ).toBe(true);
    expect(rename).toContain("body: JSON.stringify({\r\n      image:");
    expect(scale?.includes("\r")).toBe(false);
    expect(scale).toContain("workers: {\n        max: 2,\n      },\n");
  });
});
