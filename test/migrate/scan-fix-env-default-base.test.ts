// Issue 41, item 3: a JavaScript/TypeScript base with an environment default,
// `const BASE = process.env.RUNPOD_REST ?? "https://rest.runpod.io/v1"` (also `||`, a member of a
// config object, a default argument), is a base defined in the code like a plain constant: the
// literal default is what --fix moves, with the calls that join it to a path. Each call was left as
// "`https://rest.runpod.io/v1` comes from outside the call". The CLI runs as a child process on
// scratch copies; the fixed file passes `node --check` and runs with a stub `fetch` that records
// each request; the queue API and GraphQL calls stay as written.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { files, git, has, jsonLines, scan, scratchFolders } from "./scan-harness.js";

const gitHere = has("git", ["--version"]);

const tree = scratchFolders("v2kit-env-default-");

interface Row {
  line: number;
  confidence: string;
  v1: { method: string; path: string };
  v2: { method: string; path: string } | null;
}

const findings = (dir: string) =>
  jsonLines<Row>(scan(dir, "--format", "json", ".").stdout).map(
    (row) => `${row.line} ${row.v1.method} ${row.v1.path} → ${row.v2?.method} ${row.v2?.path} ${row.confidence}`,
  );

/** Imports `file` with a stub `fetch` that records each request, and calls `calls` (code using the module as `client`). */
function runRecorded(dir: string, file: string, calls: string): string[] {
  const program = [
    "const sent = [];",
    'globalThis.fetch = async (url, init = {}) => { sent.push(`${init.method ?? "GET"} ${url}`); return { ok: true, status: 200, json: async () => ({}) }; };',
    `const client = await import("./${file}");`,
    calls,
    'console.log(sent.join("\\n"));',
  ].join("\n");
  // The environment does not set the base: the default is what the program calls.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "RUNPOD_REST" && name !== "RUNPOD_API_KEY"));
  const ran = spawnSync(process.execPath, ["--input-type=module", "-e", program], { cwd: dir, encoding: "utf8", env });
  expect(ran.stderr).toBe("");
  return ran.stdout.trim().split("\n");
}

const QUEUE = "  const res = await fetch(`https://api.runpod.ai/v2/${endpointId}/run`, {";
const GRAPHQL = "  const res = await fetch(`${GRAPHQL}?api_key=${process.env.RUNPOD_API_KEY}`, {";

const CLIENT = `// REST client: the base can be overridden from the environment.
const BASE = process.env.RUNPOD_REST ?? "https://rest.runpod.io/v1";
const GRAPHQL = "https://api.runpod.io/graphql";
const headers = { Authorization: \`Bearer \${process.env.RUNPOD_API_KEY}\` };

export async function getEndpoint(id) {
  const res = await fetch(\`\${BASE}/endpoints/\${id}\`, { headers });
  return res.json();
}

export async function getVolume(id) {
  const res = await fetch(BASE + "/networkvolumes/" + id, { headers });
  return res.json();
}

export async function deleteTemplate(id) {
  await fetch(\`\${BASE}/templates/\${id}\`, { method: "DELETE", headers });
}

export async function runJob(endpointId) {
${QUEUE}
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ input: {} }),
  });
  return res.json();
}

export async function me() {
${GRAPHQL}
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "query { myself { id } }" }),
  });
  return res.json();
}
`;

const CLIENT_FIXED = CLIENT.replace('?? "https://rest.runpod.io/v1"', '?? "https://api.runpod.io/v2"')
  .replace("${BASE}/endpoints/${id}", "${BASE}/serverless/${id}")
  .replace('BASE + "/networkvolumes/"', 'BASE + "/network-volumes/"');

const CONFIG = `const config = {
  restBase: process.env.RUNPOD_REST || "https://rest.runpod.io/v1",
  retries: 2,
};

export async function dropVolume(id) {
  return fetch(\`\${config.restBase}/networkvolumes/\${id}\`, { method: "DELETE" });
}
`;

const CALL = `async function call(path, method = "GET", base = process.env["RUNPOD_REST"] ?? "https://rest.runpod.io/v1") {
  const res = await fetch(\`\${base}\${path}\`, { method });
  return res.json();
}

export const volumes = () => call("/networkvolumes");
export const dropVolume = (id) => call(\`/networkvolumes/\${id}\`, "DELETE");
`;

describe('const BASE = process.env.RUNPOD_REST ?? "https://rest.runpod.io/v1", joined at each fetch', () => {
  it("--fix moves the default with the calls; the file compiles and calls v2; the queue API and GraphQL stay; a second --fix changes nothing", () => {
    const dir = tree({ "client.mjs": CLIENT });
    expect(findings(dir)).toEqual([
      "7 GET /endpoints/${id} → GET /v2/serverless/{id} certain",
      "12 GET /networkvolumes/${id} → GET /v2/network-volumes/{id} certain",
      "17 DELETE /templates/${id} → DELETE /v2/templates/{id} certain",
    ]);
    const fixed = scan(dir, "--fix", ".");
    expect(fixed.stderr).toBe("v2kit migrate scan: fixed 3 calls in 1 file; 0 calls left\n");
    const text = readFileSync(join(dir, "client.mjs"), "utf8");
    expect(text).toBe(CLIENT_FIXED);
    expect(text.split("\n").filter((line) => line === QUEUE || line === GRAPHQL)).toEqual([QUEUE, GRAPHQL]);
    expect(spawnSync(process.execPath, ["--check", "client.mjs"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    expect(
      runRecorded(
        dir,
        "client.mjs",
        "await client.getEndpoint('ep1'); await client.getVolume('nv1'); await client.deleteTemplate('t1'); await client.runJob('ep1'); await client.me();",
      ),
    ).toEqual([
      "GET https://api.runpod.io/v2/serverless/ep1",
      "GET https://api.runpod.io/v2/network-volumes/nv1",
      "DELETE https://api.runpod.io/v2/templates/t1",
      "POST https://api.runpod.ai/v2/ep1/run",
      "POST https://api.runpod.io/graphql?api_key=undefined",
    ]);
    const before = files(dir);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 0 calls in 0 files; 0 calls left\n");
    expect(files(dir)).toEqual(before);
  });

  it.skipIf(!gitHere)("git apply takes --diff and gives the file --fix writes", () => {
    const dir = tree({ "client.mjs": CLIENT, "config.mjs": CONFIG });
    git(dir, "init", "-q");
    const diff = scan(dir, "--diff", ".");
    writeFileSync(join(dir, ".patch"), diff.stdout);
    expect(git(dir, "apply", ".patch").stderr).toBe("");
    expect(readFileSync(join(dir, "client.mjs"), "utf8")).toBe(CLIENT_FIXED);
    expect(readFileSync(join(dir, "config.mjs"), "utf8")).toContain('process.env.RUNPOD_REST || "https://api.runpod.io/v2"');
  });
});

describe("the default as a config object's member (||) and as a default argument", () => {
  it('a member `restBase: process.env.RUNPOD_REST || "…/v1"` read as `${config.restBase}`: the literal moves with the call', () => {
    const dir = tree({ "config.mjs": CONFIG });
    expect(findings(dir)).toEqual(["7 DELETE /networkvolumes/${id} → DELETE /v2/network-volumes/{id} certain"]);
    expect(scan(dir, "--fix", ".").stderr).toBe("v2kit migrate scan: fixed 1 call in 1 file; 0 calls left\n");
    expect(readFileSync(join(dir, "config.mjs"), "utf8")).toBe(
      CONFIG.replace('|| "https://rest.runpod.io/v1"', '|| "https://api.runpod.io/v2"').replace("/networkvolumes/", "/network-volumes/"),
    );
    expect(spawnSync(process.execPath, ["--check", "config.mjs"], { cwd: dir, encoding: "utf8" }).stderr).toBe("");
    expect(runRecorded(dir, "config.mjs", "await client.dropVolume('nv1');")).toEqual(["DELETE https://api.runpod.io/v2/network-volumes/nv1"]);
  });

  it('a default argument `base = process.env["RUNPOD_REST"] ?? "…/v1"` of a request function: the client moves as a whole', () => {
    const dir = tree({ "call.mjs": CALL });
    expect(scan(dir, "--fix", ".").stderr).toBe(
      'v2kit migrate scan: fixed 2 calls in 1 file; 0 calls left, 1 read of v1 response fields left (each says why in a "not fixed" note); 1 read of a moved call\'s v1 answer marked with a `v2kit:` comment (a later scan reports it as v1-response-field)\n',
    );
    // The list's answer leaves `volumes` as it is: v2 wraps it, so a `v2kit:` comment says so (round sixteen).
    expect(readFileSync(join(dir, "call.mjs"), "utf8")).toBe(
      CALL.replace('?? "https://rest.runpod.io/v1"', '?? "https://api.runpod.io/v2"')
        .replaceAll("/networkvolumes", "/network-volumes")
        .replace(
          "export const volumes",
          "// v2kit: GET /networkvolumes moved to GET /v2/network-volumes, and this reads its v1 answer ([…]): v2 answers it at networkVolumes; change the read, then delete this comment\nexport const volumes",
        ),
    );
    expect(runRecorded(dir, "call.mjs", "await client.volumes(); await client.dropVolume('nv1');")).toEqual([
      "GET https://api.runpod.io/v2/network-volumes",
      "DELETE https://api.runpod.io/v2/network-volumes/nv1",
    ]);
  });
});
