// `migrate scan --fix` on literal bodies as a user meets it (issue 45): the fixed Python and
// JavaScript run against a stub `requests` / `fetch` that prints the body they send, so what is
// checked is what the program would send, not the text.
// - Item 7: a literal string that looks like a placeholder ("<name>") stays that string; only an
//   expression the scanner read becomes an expression again.
// - Item 5: comments inside a rewritten body stay, beside the v2 member their v1 member became;
//   a comment about a field v2 drops makes the call unfixed (said why), never deleted. The fixed
//   files still parse (python3 ast.parse, node --check) and still send the v2 body.
// - Item 10: a body rewritten over several lines takes the line ending of its lines (CRLF in a
//   CRLF file, each part of a mixed file its own); the fixture `scan-fix/crlf` holds the bytes.

import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { migrateRequest } from "../../migrate/request.js";
import { scanSource } from "../../migrate/scan/index.js";
import { fixFile } from "../../migrate/scan/fix.js";
import { scanFix as fix, has, pythonRequests as pythonSends, scratchFolders } from "./scan-harness.js";

const python = has("python3", ["--version"]);

/** A scratch folder holding `files`. */
const scratch = scratchFolders("v2kit-fix-literal-");

/** A `requests` module that prints each call's method, URL and JSON body, one JSON line each. */
const REQUESTS_STUB = `import json, sys
def _call(method):
    def send(url, json=None, **kwargs):
        sys.stdout.write(__import__("json").dumps({"method": method, "url": url, "body": json}) + "\\n")
    return send
get, post, patch, delete = _call("GET"), _call("POST"), _call("PATCH"), _call("DELETE")
`;

/** Runs the ES module `file` with a stub `fetch`, calling its export `call`; the requests it made. */
function nodeSends(dir: string, file: string, call: string): unknown[] {
  const script = `const sent = []; globalThis.fetch = async (url, o) => { sent.push({ method: o.method, url, body: JSON.parse(o.body) }); return {}; };
const m = await import(${JSON.stringify(`./${file}`)}); await m.${call}; console.log(JSON.stringify(sent));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as unknown[];
}

// Issue 45, item 7.
describe.skipIf(!python)("a literal that looks like a placeholder stays a literal", () => {
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
    const result = fix(dir);
    expect(result.stderr).toContain("fixed 3 calls in 1 file; 0 calls left");
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

// Issue 45, item 10.
describe("a rewritten body keeps its file's line endings (CRLF, mixed)", () => {
  it("a CRLF file keeps CRLF on every line, a mixed file each line's own ending", () => {
    const dir = scratch({});
    cpSync(fileURLToPath(new URL("../fixtures/scan-fix/crlf/before", import.meta.url)), dir, { recursive: true });
    expect(fix(dir).stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    const client = readFileSync(join(dir, "client.py"), "utf8");
    expect(client).toContain('            "workers": {\r\n                "min": low,\r\n                "max": 4,\r\n                "idleTimeout": 5,\r\n');
    expect(client.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    expect(client.endsWith("\r\n")).toBe(true);
    // The CRLF function stays CRLF, the LF one LF.
    const [head, rename, scale] = readFileSync(join(dir, "mixed.mjs"), "utf8").split(/(?=export async)/);
    expect(head?.includes("\r")).toBe(false);
    const crlfPart = rename?.slice(0, rename.indexOf("  });") + 7) ?? "";
    // 9 lines: the fix adds `headers: { "Content-Type": "application/json" },` on a line of its own (issue 41).
    expect(crlfPart.split("\n").slice(0, -1).length).toBe(9);
    expect(crlfPart).toContain('    headers: { "Content-Type": "application/json" },\r\n');
    expect(
      crlfPart
        .split("\n")
        .slice(0, -1)
        .every((line) => line.endsWith("\r")),
    ).toBe(true);
    expect(rename).toContain("body: JSON.stringify({\r\n      name,\r\n      image:");
    expect(scale?.includes("\r")).toBe(false);
    expect(scale).toContain("workers: {\n        max: 2,\n      },\n");
  });
});

// Issue 45, item 5.
describe.skipIf(!python)("comments inside a rewritten body stay beside the member their v1 member became", () => {
  const PY = `import requests


def scale(eid, low):
    requests.post(
        "https://rest.runpod.io/v1/endpoints/" + eid + "/update",
        json={  # the new scaling
            # keep at least one worker warm
            "workersMin": low,  # from the caller
            "workersMax": 4,
            "idleTimeout": compute(  # seconds, an expression with its own comment
                5
            ),
            # nothing after this
        },
    )


def compute(n):
    return n
`;
  const JS = `export async function scale(eid, low) {
  await fetch("https://rest.runpod.io/v1/endpoints/" + eid + "/update", {
    method: "POST",
    body: JSON.stringify({
      // keep at least one worker warm
      workersMin: low, /* from the caller */
      workersMax: 4,
    }),
  });
  await fetch("https://rest.runpod.io/v1/endpoints/" + eid + "/update", { method: "POST", body: JSON.stringify({ workersMin: low /* inline */, workersMax: 2 }) });
}
`;

  it("keeps every comment beside its field; the files parse and send the v2 body", () => {
    const dir = scratch({ "requests.py": REQUESTS_STUB, "client.py": PY, "client.mjs": JS });
    expect(fix(dir).stderr).toContain("fixed 3 calls in 2 files; 0 calls left");
    const py = readFileSync(join(dir, "client.py"), "utf8");
    expect(spawnSync("python3", ["-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", join(dir, "client.py")]).status).toBe(0);
    // The expression is copied as written, its own comment and line breaks with it.
    expect(py).toContain(`        json={  # the new scaling
            "workers": {
                # keep at least one worker warm
                "min": low,  # from the caller
                "max": 4,
                "idleTimeout": compute(  # seconds, an expression with its own comment
                5
            ),
            },
            # nothing after this
        },`);
    expect(pythonSends(dir, "client.scale('e1', 1)")).toEqual([
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { idleTimeout: 5, max: 4, min: 1 } } },
    ]);
    const js = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(spawnSync(process.execPath, ["--check", join(dir, "client.mjs")]).status).toBe(0);
    expect(js).toContain(`    body: JSON.stringify({
      workers: {
        // keep at least one worker warm
        min: low, /* from the caller */
        max: 4,
      },
    }),`);
    expect(js).toContain("JSON.stringify({ workers: { min: low /* inline */, max: 2 } })");
    expect(nodeSends(dir, "client.mjs", 'scale("e1", 1)')).toEqual([
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { max: 4, min: 1 } } },
      { method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: { workers: { max: 2, min: 1 } } },
    ]);
  });

  it("a comment about a field v2 drops leaves the call unfixed, saying why", () => {
    const source = `import requests


def create(eid):
    requests.post(
        "https://rest.runpod.io/v1/endpoints/" + eid + "/update",
        json={
            # GPU workers
            "computeType": "GPU",
            "workersMax": 2,
        },
    )
`;
    const dir = scratch({ "client.py": source });
    const result = fix(dir);
    expect(result.stderr).toContain("fixed 0 calls in 0 files; 1 call left");
    expect(result.stdout).toContain(
      "not fixed: a comment in the body (`# GPU workers`) is about `computeType`, which v2 drops or builds differently: move or delete the comment, then fix again",
    );
    expect(readFileSync(join(dir, "client.py"), "utf8")).toBe(source);
  });
});

/** A generated member of a Python dict body: its field, its value (a literal or the argument `low`), its comments. */
interface GenMember {
  field: string;
  value: number | string | null;
  before: boolean;
  after: boolean;
}

// Issue 45, item 5.
describe.skipIf(!python)("generated: comments anywhere between the members of a Python body stay", () => {
  it("every fixed file parses, keeps every comment, and sends the v2 body; a call left alone says why", () => {
    const member = fc.record<GenMember>({
      field: fc.constantFrom("workersMin", "workersMax", "idleTimeout", "name", "templateId", "computeType"),
      value: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom("w # not a comment", "it's"), fc.constant(null)),
      before: fc.boolean(),
      after: fc.boolean(),
    });
    let fixed = 0;
    let runs = 0;
    const cases: { text: string; body: unknown }[] = [];
    fc.assert(
      fc.property(
        fc.uniqueArray(member, { minLength: 1, maxLength: 4, selector: (genMember) => genMember.field }),
        fc.boolean(),
        fc.boolean(),
        (members, opening, closing) => {
          runs++;
          let commentCount = 0;
          const comment = () => `# note ${++commentCount}`;
          const lines = [`        json={${opening ? `  ${comment()}` : ""}`];
          const v1: Record<string, unknown> = {};
          for (const genMember of members) {
            // null stands for the argument `low` (2 when called).
            v1[genMember.field] = genMember.value ?? 2;
            if (genMember.before) lines.push(`            ${comment()}`);
            lines.push(
              `            ${JSON.stringify(genMember.field)}: ${genMember.value === null ? "low" : JSON.stringify(genMember.value)},${genMember.after ? `  ${comment()}` : ""}`,
            );
          }
          if (closing) lines.push(`            ${comment()}`);
          lines.push("        },");
          const source = `import requests\n\n\ndef call(eid, low):\n    requests.patch(\n        "https://rest.runpod.io/v1/endpoints/" + eid,\n${lines.join("\n")}\n    )\n`;
          const result = fixFile(source, "client.py", scanSource(source, "client.py", [], { sites: true }), { unsafe: false });
          if (result.fixed.length === 0) {
            // Left alone: the finding says why.
            expect(result.notFixed[0]?.reason).toMatch(/\w/);
            return;
          }
          fixed++;
          const text = result.text;
          for (let k = 1; k <= commentCount; k++) expect(text).toContain(`# note ${k}`);
          cases.push({ text, body: migrateRequest({ method: "PATCH", path: "/v1/endpoints/e1", body: v1 }).request?.body });
        },
      ),
      { seed: 45, numRuns: 40 },
    );
    expect(fixed).toBeGreaterThan(runs / 3);
    // One python3 runs every fixed file: importing a module compiles it (a syntax error fails
    // here), calling it prints the body it sends.
    const dir = scratch({ "requests.py": REQUESTS_STUB });
    for (const [k, testCase] of cases.entries()) writeFileSync(join(dir, `client_${k}.py`), testCase.text);
    const calls = cases.map((_, k) => `import client_${k}; client_${k}.call('e1', 2)`).join("; ");
    const result = spawnSync("python3", ["-c", calls], { cwd: dir, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const sent = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    for (const [k, testCase] of cases.entries())
      expect(sent[k], testCase.text).toEqual({ method: "PATCH", url: "https://api.runpod.io/v2/serverless/e1", body: testCase.body });
  });
});
