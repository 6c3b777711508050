// Issue 41, item 2 ("query parameters: renamed, moved or dropped as the documents say, each change
// named"), for query strings built at run time: `new URLSearchParams()` with `.set/.append` of
// literal names (or `new URLSearchParams({ endpointId, … })`), read by the call through a query-string
// variable (`/endpoints${suffix}`, `suffix = search.toString() ? \`?${search.toString()}\` : ""`).
// Before, each such call was "the query string is built at run time … change it by hand", and it
// kept the whole client's base on v1 (runpod/runpod-mcp-ts: 4 of 52 findings). Now the names are
// judged as a literal query's are: billing's `endpointId` is renamed `serverlessId` in its literal,
// `grouping=endpointId` is dropped, and the expansions `includeTemplate` / `includeWorkers` (which
// v2 serves at `GET /v2/templates/{id}` and `GET /v2/serverless/{id}/workers`) are dropped by
// --unsafe-fixes only, with `search.delete("…")` before the statement that reads the builder, so
// every variable stays used (`tsc --noUnusedLocals --noUnusedParameters` still passes).

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { v1QueryParameters, v1Requests } from "./clients/contract.js";
import { filesOf, migrateScan, readManifest, ROOT, runClient } from "./clients/harness/index.js";
import { jsonLines } from "./scan-harness.js";

vi.setConfig({ testTimeout: 180_000 });

const FIXTURE = join(ROOT, "test/fixtures/scan-query-builder/typescript");
const manifest = readManifest(join(FIXTURE, "client.json"));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A scratch copy of the TypeScript fixture client, with this repository's node_modules linked (typescript, @types/node). */
function copyClient(): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-query-builder-"));
  scratch.push(dir);
  cpSync(join(FIXTURE, "code"), dir, { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return dir;
}

/** A scratch folder holding `files`. */
function folderOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-query-builder-files-"));
  scratch.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

interface JsonFinding {
  line: number;
  ruleId: string;
  v2: { method: string; path: string } | null;
  notes: { level: string; field?: string; message: string }[];
}

const tsc = (dir: string) => spawnSync(process.execPath, [TSC, "-p", dir], { encoding: "utf8" });
const fleetOf = (dir: string) => readFileSync(join(dir, "src/fleet.ts"), "utf8");

describe("migrate scan: a query string built at run time by URLSearchParams (TypeScript client)", () => {
  it("names each parameter the builder may send, and what v2 does with it", () => {
    const findings = jsonLines<JsonFinding>(migrateScan(copyClient(), ["--fail-on", "none", "--format", "json"]).stdout);
    const at = (line: number) => findings.find((finding) => finding.line === line && finding.ruleId === "v1-call");
    const list = at(45);
    expect(list?.v2).toEqual({ method: "GET", path: "/v2/serverless" });
    expect(list?.notes.map((note) => note.message).join("\n")).not.toMatch(/built at run time \(`/);
    expect(list?.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: "info",
          message: expect.stringContaining("built at run time in `search` (URLSearchParams, line 39): it may send `includeTemplate`, `includeWorkers`"),
        }),
        expect.objectContaining({ level: "error", field: "includeTemplate", message: expect.stringContaining("`GET /v2/templates/{id}`") }),
        expect.objectContaining({ level: "error", field: "includeWorkers", message: expect.stringContaining("`GET /v2/serverless/{id}/workers`") }),
      ]),
    );
    // Billing: the builder of this function (`filters`), not the `search` of another one.
    const billing = at(59);
    expect(billing?.v2).toEqual({ method: "GET", path: "/v2/billing/serverless?serverlessId=…&bucketSize=…" });
    expect(billing?.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: "info", field: "endpointId", message: expect.stringContaining("renamed `serverlessId`") }),
        expect.objectContaining({ level: "info", field: "grouping", message: expect.stringContaining("query parameter dropped") }),
      ]),
    );
  });

  it("--fix leaves the client on v1 and says --unsafe-fixes drops the expansions", () => {
    const dir = copyClient();
    const before = filesOf(dir);
    const fixed = migrateScan(dir, ["--fix", "--format", "json"]);
    expect(filesOf(dir)).toEqual(before);
    const reasons = jsonLines<JsonFinding>(fixed.stdout)
      .filter((finding) => finding.line === 45)
      .flatMap((finding) => finding.notes.map((note) => note.message));
    expect(reasons.join("\n")).toMatch(
      /not fixed: includeTemplate: .*--unsafe-fixes drops `includeTemplate` from the query, and the call no longer receives what it asked for/,
    );
  });

  it("--fix --unsafe-fixes migrates every call: names renamed and dropped in the builder, the code still type-checks, the program works against serve", async () => {
    const original = copyClient();
    const before = await runClient(original, manifest);
    expect(before.exitCode).not.toBe(0);
    expect(v1Requests(before.requests).length).toBeGreaterThan(0);

    const dir = copyClient();
    const fixed = migrateScan(dir, ["--fix", "--unsafe-fixes"]);
    expect(fixed.stderr).toMatch(/fixed 6 calls in 1 file; 0 calls left/);
    const text = fleetOf(dir);
    expect(text).toContain('const REST_ROOT = "https://api.runpod.io/v2";');
    expect(text).toContain(
      [
        '  if (options.workers) search.append("includeWorkers", "true");',
        '  search.delete("includeTemplate");',
        '  search.delete("includeWorkers");',
        '  const suffix = search.toString() ? `?${search.toString()}` : "";',
        '  return rest<Endpoint>("GET", `/serverless/${id}${suffix}`);',
      ].join("\n"),
    );
    expect(text).toContain("const filters = new URLSearchParams({ serverlessId: endpointId, bucketSize });");
    expect(text).toContain('  filters.delete("grouping");\n  const suffix = filters.toString()');

    // tsc with noUnusedLocals and noUnusedParameters (the fixture's tsconfig): nothing left unused.
    const checked = tsc(dir);
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);

    const after = await runClient(dir, manifest);
    expect({ code: after.exitCode, stderr: after.stderr }).toEqual({ code: 0, stderr: "" });
    expect(after.stdout).toContain(manifest.successLine);
    expect(v1Requests(after.requests)).toEqual([]);
    expect(v1QueryParameters(after.requests)).toEqual([]);
    // No request refused for its query (serve answers 400 to a parameter the operation does not take).
    expect(after.requests.filter((request) => request.status === 400)).toEqual([]);
    const sent = after.requests.map((request) => `${request.method} ${request.path}${request.query}`);
    expect(sent).toContain("GET /v2/serverless");
    expect(sent.some((line) => /^GET \/v2\/billing\/serverless\?serverlessId=[^&]+&bucketSize=day$/.test(line))).toBe(true);

    // A second --fix changes nothing.
    const settled = filesOf(dir);
    const again = migrateScan(dir, ["--fix", "--unsafe-fixes"]);
    expect(again.stderr).toMatch(/fixed 0 calls/);
    expect(filesOf(dir)).toEqual(settled);
  });
});

describe("migrate scan: URLSearchParams shapes (JavaScript)", () => {
  const client = (body: string) =>
    [
      'const API = "https://rest.runpod.io/v1";',
      'async function request(path, method = "GET") {',
      "  const response = await fetch(`${API}${path}`, { method });",
      "  return response.json();",
      "}",
      body,
      "export async function drop(id) {",
      '  return request(`/endpoints/${id}`, "DELETE");',
      "}",
      "",
    ].join("\n");

  it("a builder read in the URL itself, in a file with semicolons: the delete goes before the call's statement, node --check passes", () => {
    const dir = folderOf({
      "client.mjs": client(
        [
          "export async function endpoint(id, withWorkers) {",
          "  const params = new URLSearchParams();",
          '  if (withWorkers) params.append("includeWorkers", "true");',
          "  const answer = await request(`/endpoints/${id}?${params}`);",
          "  return answer;",
          "}",
        ].join("\n"),
      ),
    });
    const fixed = spawnSync(process.execPath, [join(ROOT, "dist/cli/v2kit.js"), "migrate", "scan", "--fix", "--unsafe-fixes", "."], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(fixed.stderr).toMatch(/fixed 2 calls in 1 file; 0 calls left/);
    const text = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(text).toContain('  params.delete("includeWorkers");\n  const answer = await request(`/serverless/${id}?${params}`);');
    expect(spawnSync(process.execPath, ["--check", join(dir, "client.mjs")], { encoding: "utf8" }).status).toBe(0);
  });

  it.each([
    ["a name that is a variable", 'params.append(key, "true");'],
    ["the builder passed to a function", "addFilters(params);"],
    ["a builder made from another value", ""],
  ])("%s: the query stays reported as built at run time, the call untouched", (_label, line) => {
    const declaration = line === "" ? "  const params = new URLSearchParams(defaults);" : "  const params = new URLSearchParams();";
    const source = client(
      [
        "export async function endpoints(key, defaults) {",
        declaration,
        `  ${line}`,
        '  const query = params.toString() ? `?${params.toString()}` : "";',
        "  return request(`/endpoints${query}`);",
        "}",
      ].join("\n"),
    );
    const dir = folderOf({ "client.mjs": source });
    const fixed = spawnSync(process.execPath, [join(ROOT, "dist/cli/v2kit.js"), "migrate", "scan", "--fix", "--unsafe-fixes", "--format", "json", "."], {
      cwd: dir,
      encoding: "utf8",
    });
    const left = jsonLines<JsonFinding>(fixed.stdout).filter((finding) => finding.ruleId !== "v1-response-field");
    expect(left.map((finding) => finding.line)).toEqual([10]);
    expect(left[0]?.notes.map((note) => note.message).join("\n")).toMatch(/the query string is built at run time/);
    expect(readFileSync(join(dir, "client.mjs"), "utf8")).toContain("request(`/endpoints${query}`)");
  });
});
