// Issue 41, item 3: reads of a response through axios, whose parsed body is `.data`
// (`res.data.desiredStatus`, `const { data } = await axios.get(…)` then `data.map(…)`), are
// `v1-response-field` findings like reads of `.json()`, and --unsafe-fixes rewrites them with their
// call. The CLI runs as a child process; the fixed module (node --check) runs against a stub axios
// that answers as v2 does, and reaches its success path.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CLIENT = `import axios from "axios";
const BASE = "https://rest.runpod.io/v1";

export async function isRunning(id) {
  const res = await axios.get(\`\${BASE}/pods/\${id}\`, { headers: { Authorization: "Bearer k" } });
  return res.data.desiredStatus === "RUNNING";
}

export async function endpointNames() {
  const { data } = await axios.get(\`\${BASE}/endpoints\`, { headers: { Authorization: "Bearer k" } });
  return data.map((endpoint) => endpoint.name);
}
`;

/** A stub axios that answers each GET as the v2 service does (a pod's `status`, the list under `endpoints`). */
const AXIOS_STUB = `const answers = {
  "https://api.runpod.io/v2/pods/p1": { id: "p1", status: "RUNNING" },
  "https://api.runpod.io/v2/serverless": { endpoints: [{ id: "e1", name: "whisper" }] },
};
export default { get: async (url) => ({ data: answers[url] ?? {} }) };
`;

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "v2kit-fix-axios-"));
  dirs.push(dir);
  writeFileSync(join(dir, "client.mjs"), CLIENT);
  mkdirSync(join(dir, "node_modules", "axios"), { recursive: true });
  writeFileSync(join(dir, "node_modules", "axios", "package.json"), JSON.stringify({ name: "axios", type: "module", exports: "./index.js" }));
  writeFileSync(join(dir, "node_modules", "axios", "index.js"), AXIOS_STUB);
  return dir;
}

const scan = (dir: string, ...flags: string[]) =>
  spawnSync(process.execPath, [CLI, "migrate", "scan", ...flags, "--format", "json", "client.mjs"], { cwd: dir, encoding: "utf8" });

describe("reads of an axios response's .data (issue 41, item 3)", () => {
  it("are v1-response-field findings with their v2 place", () => {
    const dir = scratch();
    const found = scan(dir, "--fail-on", "none")
      .stdout.split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { line: number; ruleId: string; responseField?: { v1: string; v2: string | null } });
    expect(found.filter((finding) => finding.ruleId === "v1-response-field").map((finding) => [finding.line, finding.responseField])).toEqual([
      [6, { v1: "desiredStatus", v2: "status" }],
      [11, { v1: "[…]", v2: "endpoints" }],
    ]);
  });

  it("--fix --unsafe-fixes rewrites them with their calls, and the module reaches its success path against v2 answers", () => {
    const dir = scratch();
    const fixed = scan(dir, "--fix", "--unsafe-fixes");
    expect(fixed.stderr).toContain("fixed 2 calls in 1 file; 0 calls left");
    expect(spawnSync(process.execPath, ["--check", "client.mjs"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    const ran = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", 'const m = await import("./client.mjs"); console.log(JSON.stringify([await m.isRunning("p1"), await m.endpointNames()]));'],
      { cwd: dir, encoding: "utf8" },
    );
    expect(ran.stderr).toBe("");
    expect(JSON.parse(ran.stdout)).toEqual([true, ["whisper"]]);
  });
});
