// What a consumer's program loads with `import "v2kit"` and `import "v2kit/serve"`: a fresh node
// process imports the package the way a consumer does (the package.json `exports`, so dist/),
// uses it (a check, or a server on the bundled schema answering requests), and lists every
// module it loaded: ES modules through a loader hook (module.register), CommonJS ones from
// require.cache. The serve entry with the bundled schema loads nothing of the generator (its
// model is output/serve-model.json, written by generate) and none of its packages; neither entry
// loads a module twice under two paths (a generated copy of the engine beside engine/, the
// CommonJS copy of a generated module beside the ES one).

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const example = readFileSync(new URL("../examples/create-endpoint-gpu.json", import.meta.url), "utf8");
const { name } = JSON.parse(example) as { name: string };

/** The hooks thread posts the URL of every module it loads; the main thread collects them. */
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, nextLoad) { port.postMessage(url); return nextLoad(url, context); }
`;

/** Preloaded with --import: registers the hooks, and lists what was loaded once a last module arrives. */
const REGISTER = `import { createRequire, register } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const urls = new Set();
let waiting;
port1.on("message", (url) => { urls.add(url); if (url === waiting?.url) waiting.resolve(); });
port1.unref();
register("./hooks.mjs", { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });
globalThis.loadedModules = async () => {
  const url = "data:text/javascript,export default 'last'";
  const arrived = new Promise((resolve) => (waiting = { url, resolve }));
  port1.ref(); // until the last URL arrives
  await import(url);
  await arrived;
  port1.unref();
  const cjs = Object.keys(createRequire(import.meta.url).cache).map((file) => "file://" + file);
  return [...new Set([...urls, ...cjs])].filter((u) => u.startsWith("file:") && u !== url);
};
`;

/** Run in the repository (so "v2kit/serve" resolves through the package's own exports). */
const PROBE = `const entry = await import(process.env.ENTRY);
const answers = [];
if (process.env.SERVE) {
  const server = await entry.createServer(JSON.parse(process.env.SERVE));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const headers = { authorization: "Bearer k", "content-type": "application/json" };
  const created = await fetch(server.url() + "/v2/serverless", { method: "POST", headers, body: process.env.BODY });
  answers.push([created.status, (await created.json()).name]);
  const document = await fetch(server.url() + "/v2/openapi.json", { headers });
  answers.push([document.status, (await document.json()).openapi]);
  server.close();
} else {
  answers.push([entry.check("createEndpoint", JSON.parse(process.env.BODY)).status, entry.checkResponse("getEndpoint", "200", {}).status]);
}
process.stdout.write(JSON.stringify({ answers, loaded: await globalThis.loadedModules() }));
`;

let hooksDir: string;

beforeAll(() => {
  hooksDir = mkdtempSync(path.join(tmpdir(), "v2kit-module-load-"));
  writeFileSync(path.join(hooksDir, "hooks.mjs"), HOOKS);
  writeFileSync(path.join(hooksDir, "register.mjs"), REGISTER);
});

/** The answers and the real paths of every module `import(entry)` and its use loaded, relative to the repository where inside it. */
function load(entry: string, serve?: Record<string, unknown>): { answers: unknown[]; modules: string[] } {
  const run = spawnSync(process.execPath, ["--import", pathToFileURL(path.join(hooksDir, "register.mjs")).href, "--input-type=module", "-e", PROBE], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, ENTRY: entry, BODY: example, ...(serve ? { SERVE: JSON.stringify(serve) } : {}) },
  });
  expect(run.status, run.stderr).toBe(0);
  const { answers, loaded } = JSON.parse(run.stdout) as { answers: unknown[]; loaded: string[] };
  const root = realpathSync(repo);
  const modules = loaded.map((url) => {
    const file = realpathSync(fileURLToPath(url));
    return file.startsWith(root + path.sep) ? path.relative(root, file).split(path.sep).join("/") : file;
  });
  return { answers, modules };
}

// A path inside the repository is relative (`node_modules/yaml/…` in a clone), one outside it
// absolute (a linked node_modules): both must match.
const CODEGEN = [
  /(?:^|\/)node_modules\/@apidevtools\//,
  /(?:^|\/)node_modules\/ts-morph\//,
  /(?:^|\/)node_modules\/handlebars\//,
  /(?:^|\/)node_modules\/yaml\//,
  /^dist\/generators\//,
];

/** One key per module whatever the copy: an engine module wherever it sits, a generated one whatever its format. */
function identity(module: string): string {
  const engine = /(?:^|\/)(?:engine|runtime)\/([^/]+)\.(?:m?js|cjs)$/.exec(module);
  if (engine) return `engine:${engine[1]}`;
  return module.replace(/\.(?:m?js|cjs)$/, "");
}

/** Modules loaded under two paths (or formats) at once. */
function loadedTwice(modules: string[]): string[][] {
  const byIdentity = new Map<string, string[]>();
  for (const loadedModule of modules.filter((loaded) => loaded.startsWith("dist/")))
    byIdentity.set(identity(loadedModule), [...(byIdentity.get(identity(loadedModule)) ?? []), loadedModule]);
  return [...byIdentity.values()].filter((paths) => paths.length > 1);
}

describe('import "v2kit/serve" with the bundled schema', () => {
  it("starts a server that answers, loading no swagger-parser, ts-morph, handlebars or YAML parser, nothing under generators/, nothing twice", () => {
    const { answers, modules } = load("v2kit/serve", { seed: 1 });
    expect(answers).toEqual([
      [201, name],
      [200, "3.1.0"],
    ]);
    expect(modules).toContain("dist/serve/index.js");
    expect(modules).toContain("dist/engine/evaluate.js");
    expect(modules.filter((loaded) => CODEGEN.some((pattern) => pattern.test(loaded)))).toEqual([]);
    expect(loadedTwice(modules)).toEqual([]);
  });

  it("with --spec (another document to compile) it loads the generator, on demand: the listing sees what it must not see above", () => {
    const { answers, modules } = load("v2kit/serve", { seed: 1, spec: path.join(repo, "schema", "v2.openapi.yaml") });
    expect(answers).toEqual([
      [201, name],
      [200, "3.1.0"],
    ]);
    for (const pattern of CODEGEN.filter((codegen) => !/ts-morph/.test(String(codegen))))
      expect(
        modules.some((loaded) => pattern.test(loaded)),
        String(pattern),
      ).toBe(true);
  });
});

describe('import "v2kit"', () => {
  it("checks a request and a response, loading each engine and generated module once: no generated copy of the engine, no second format", () => {
    const { answers, modules } = load("v2kit");
    expect(answers).toEqual([[null, 422]]); // a valid request (no status), an empty endpoint that is not one
    expect(modules).toContain("dist/lint/index.js");
    expect(modules).toContain("dist/output/rules.mjs");
    expect(modules.filter((loaded) => loaded.startsWith("dist/engine/")).length).toBeGreaterThan(5);
    expect(modules.filter((loaded) => /(?:^|\/)output\/runtime\//.test(loaded))).toEqual([]);
    expect(loadedTwice(modules)).toEqual([]);
    expect(modules.filter((loaded) => CODEGEN.some((pattern) => pattern.test(loaded)))).toEqual([]);
  });
});
