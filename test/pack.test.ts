// The packed tarball ships dist/ built and installs without install scripts (issue 13, item 18):
// `npm pack` with its lifecycle scripts, run in a copy of the repository (its prepack builds,
// which must not rewrite this checkout's dist/ under the other tests), then installed into a
// scratch project: no install-scripts warning, and the CLI runs. The install is the tarball alone
// (issue 43, item 5): node_modules holds v2kit, node_modules/.bin only v2kit, and each command
// runs from it.

import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repo, scratch } from "./fixtures/conformance/support.js";

const env = { ...process.env, npm_config_loglevel: "warn", npm_config_update_notifier: "false" };

// npm ignores SIGTERM on a stalled registry socket: kill it outright at the timeout, and try an
// install that stalled once more (test/consumer/setup.ts does the same for the consumer matrix).
const KILLED = { timeout: 240_000, killSignal: "SIGKILL" } as const;

function installWithRetry(tarball: string, app: string, environment: NodeJS.ProcessEnv) {
  const install = () =>
    spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: app, encoding: "utf8", env: environment, ...KILLED });
  const first = install();
  return first.signal === "SIGKILL" ? install() : first;
}

describe("npm pack", () => {
  it("builds on prepack, strips the repository's lifecycle scripts, restores package.json, and installs with no warning", () => {
    const work = scratch("pack");
    const copy = path.join(work, "v2kit");
    for (const part of [
      "package.json",
      "package-lock.json",
      "tsconfig.json",
      "README.md",
      "scripts",
      "cli",
      "generators",
      "rules",
      "engine",
      "lint",
      "schema-model",
      "input",
      "migrate",
      "serve",
      "live",
      "client",
      "testing",
      "code",
      "output",
      "bench",
      "schema",
    ]) {
      cpSync(path.join(repo, part), path.join(copy, part), { recursive: true });
    }
    symlinkSync(path.join(repo, "node_modules"), path.join(copy, "node_modules"));
    const manifest = readFileSync(path.join(copy, "package.json"), "utf8");
    const pack = spawnSync("npm", ["pack", "--pack-destination", work], { cwd: copy, encoding: "utf8", env, ...KILLED });
    expect(pack.status, pack.stderr).toBe(0);
    expect(readFileSync(path.join(copy, "package.json"), "utf8")).toBe(manifest);
    expect(readdirSync(copy)).not.toContain(".package.json.before-pack");
    const tarball = path.join(work, readdirSync(work).find((file) => file.endsWith(".tgz")) as string);
    const packed = JSON.parse(execFileSync("tar", ["-xOzf", tarball, "package/package.json"], { encoding: "utf8" })) as { scripts: Record<string, string> };
    for (const script of ["prepare", "prepack", "postpack", "preinstall", "install", "postinstall"]) expect(packed.scripts, script).not.toHaveProperty(script);
    expect(execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })).toContain("package/dist/cli/v2kit.js");

    const app = path.join(work, "app");
    mkdirSync(app);
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
    const install = installWithRetry(tarball, app, env);
    expect(install.status, install.stderr).toBe(0);
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/install-scripts|prepare/);
    expect(existsSync(path.join(app, "node_modules/v2kit/dist/cli/v2kit.js"))).toBe(true);
    const version = execFileSync(path.join(app, "node_modules/.bin/v2kit"), ["--version"], { encoding: "utf8" });
    expect(version).toBe(`${(JSON.parse(manifest) as { version: string }).version}\n`);
    // v2kit/serve, installed, serves the bundled schema from the model generate wrote (output/serve-model.json).
    expect(execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })).toContain("package/output/serve-model.json");
    const served = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const server = await (await import("v2kit/serve")).createServer({ seed: 1 });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const answer = await fetch(server.url() + "/v2/openapi.json", { headers: { authorization: "Bearer k" } });
process.stdout.write(JSON.stringify([answer.status, (await answer.json()).openapi]));
server.close();`,
      ],
      { cwd: app, encoding: "utf8" },
    );
    expect(JSON.parse(served)).toEqual([200, "3.1.0"]);

    // Issue 43, item 5: the tarball is the whole install (its packages are bundled in
    // dist/node_modules), so no other package's bin reaches the project's node_modules/.bin.
    expect(readdirSync(path.join(app, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["v2kit"]);
    expect(readdirSync(path.join(app, "node_modules/.bin"))).toEqual(["v2kit"]);
    // Every command, from the installed tarball, on each path that loads a bundled package.
    const v2kit = (args: string[], input?: string) =>
      spawnSync("npx", ["--no-install", "v2kit", ...args], { cwd: app, encoding: "utf8", env, input, timeout: 120_000 });
    writeFileSync(path.join(app, "ok.json"), readFileSync(path.join(repo, "examples/create-endpoint-gpu.json")));
    writeFileSync(path.join(app, "bad.json"), readFileSync(path.join(repo, "examples/create-endpoint-invalid.json")));
    writeFileSync(path.join(app, "secret.json"), JSON.stringify({ query: 'mutation { secretDelete(id: "s1") }' }));
    writeFileSync(path.join(app, "client.py"), 'import requests\nrequests.get("https://rest.runpod.io/v1/pods")\n');
    const generated = v2kit(["generate", "--out", "src/generated", "--quiet"]);
    expect(generated.status, generated.stderr).toBe(0);
    expect(existsSync(path.join(app, "src/generated/index.mts"))).toBe(true);
    const javascript = v2kit(["generate", "--js", "--out", "src/js", "--quiet"]); // sucrase
    expect(javascript.status, javascript.stderr).toBe(0);
    expect(existsSync(path.join(app, "src/js/index.mjs"))).toBe(true);
    expect(v2kit(["lint", "--operation", "createEndpoint", "ok.json"]).stdout).toBe("ok.json: valid\n");
    expect(v2kit(["lint", "--operation", "createEndpoint", "bad.json"]).status).toBe(1);
    // --spec: the generator's ES modules with swagger-parser and yaml.
    const spec = v2kit(["lint", "--spec", "node_modules/v2kit/schema/v2.openapi.yaml", "--quiet", "--operation", "createEndpoint", "ok.json"]);
    expect(spec.stdout, spec.stderr).toBe("ok.json: valid\n");
    const graphql = v2kit(["lint", "--operation", "graphql:secretDelete", "secret.json"]); // graphql
    expect(graphql.stdout, graphql.stderr).toBe("secret.json: valid\n");
    writeFileSync(
      path.join(app, "v1.json"),
      JSON.stringify({ method: "POST", path: "/v1/pods", body: { name: "x", imageName: "a/b:1", gpuTypeIds: ["NVIDIA A40"] } }),
    );
    const migrated = v2kit(["migrate", "v1.json"]);
    expect(migrated.stdout, migrated.stderr).toContain("POST /v1/pods  →  POST /v2/pods");
    const scan = v2kit(["migrate", "scan", "client.py"]);
    expect(scan.stdout, scan.stderr).toContain("client.py:2:");
    // The language server answers initialize (vscode-languageserver).
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
    const lsp = v2kit(["lsp", "--stdio"], `Content-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`);
    expect(lsp.stdout, lsp.stderr).toMatch(/"id":1,"result":\{"capabilities"/);
    // v2kit serve runs until stopped: its first line, then the timeout ends it (the bin itself, so the signal reaches the server).
    const serve = spawnSync(path.join(app, "node_modules/.bin/v2kit"), ["serve", "--port", "0"], { cwd: app, encoding: "utf8", env, timeout: 20_000 });
    expect(serve.stdout, serve.stderr).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+/);
  }, 600_000);
});
