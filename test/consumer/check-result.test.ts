// What a consumer writes with a verdict (issue 43): `checkResponse(op, response.status, body)`
// with fetch's number status threw `TypeError: status.slice is not a function`, and
// `if (!v.ok) v.problem.detail` did not compile (TS18047: CheckResult did not narrow on `ok`).
// Both through the built package entry (`import … from "v2kit"`) and through a generated
// output folder, in a project of its own, compiled by tsc with the strict flags a user sets.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "../..");
const cli = path.join(repo, "dist/cli/v2kit.js");
const tsc = path.join(repo, "node_modules/typescript/bin/tsc");
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "v2kit-check-result-"));
  mkdirSync(path.join(project, "node_modules"));
  symlinkSync(repo, path.join(project, "node_modules/v2kit"), "dir");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        allowImportingTsExtensions: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      include: ["*.ts"],
    }),
  );
  const generated = spawnSync(process.execPath, [cli, "generate", "--out", "generated", "--quiet"], { cwd: project, encoding: "utf8" });
  expect(generated.stderr).toBe("");
  expect(generated.status).toBe(0);
}, 240_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A consumer's use of one module's check and checkResponse: narrowing on `ok`, a number status. */
const consumer = (from: string, alias: string) => `import { check as check${alias}, checkResponse as checkResponse${alias} } from ${JSON.stringify(from)};
import type { CheckResult } from "v2kit";

export function explain${alias}(body: unknown): string {
  const v = check${alias}("createEndpoint", body);
  if (!v.ok) {
    const status: number = v.status;
    return \`\${status} \${v.problem.detail} \${v.problem.title}\`;
  }
  const none: null = v.problem;
  const noStatus: null = v.status;
  return String(none ?? noStatus ?? "ok");
}

export async function fetched${alias}(response: { status: number; json(): Promise<unknown> }): Promise<CheckResult> {
  const verdict = checkResponse${alias}("getEndpoint", response.status, await response.json());
  if (verdict.ok === false) verdict.problem.errors?.join("\\n");
  return checkResponse${alias}("getEndpoint", "2XX", null) && checkResponse${alias}("getEndpoint", "default", null) && verdict;
}
`;

describe("a verdict as a consumer uses it", () => {
  it("tsc: CheckResult narrows on ok, and checkResponse takes a number status, from the package and from generated output", () => {
    writeFileSync(path.join(project, "package-entry.ts"), consumer("v2kit", "Package"));
    writeFileSync(path.join(project, "generated-output.ts"), consumer("./generated/index.mts", "Generated"));
    const result = spawnSync(process.execPath, [tsc, "-p", "."], { cwd: project, encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("node: checkResponse(op, 200, body) is the verdict of \"200\"; '2XX' and 'default' as before", () => {
    const script = `import { checkResponse } from "v2kit";
import { readFileSync } from "node:fs";
const endpoint = JSON.parse(readFileSync(${JSON.stringify(path.join(repo, "examples/current-endpoint.json"))}, "utf8"));
const out = {};
for (const status of [200, "200", 404, "2XX", "default"]) {
  const r = checkResponse("getEndpoint", status, endpoint);
  const bad = checkResponse("getEndpoint", status, {});
  out[typeof status + ":" + status] = [r.ok, r.violations.length, bad.ok, bad.status, bad.violations.map((v) => v.rule + " " + v.path)];
}
process.stdout.write(JSON.stringify(out));`;
    writeFileSync(path.join(project, "run.mjs"), script);
    const result = spawnSync(process.execPath, ["run.mjs"], { cwd: project, encoding: "utf8" });
    expect(result.stderr).toBe("");
    const out = JSON.parse(result.stdout) as Record<string, [boolean, number, boolean, number | null, string[]]>;
    expect(out["number:200"]).toEqual(out["string:200"]);
    expect(out["number:200"]?.slice(0, 4)).toEqual([true, 0, false, 422]);
    expect(out["number:200"]?.[4]).toContain("schema/required /id");
    expect(out["number:404"]?.[0]).toBe(false);
    expect(out["string:2XX"]?.[2]).toBe(false);
    expect(out["string:default"]?.[2]).toBe(false);
  });
});
