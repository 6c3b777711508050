// Build-step use in another repo: pack v2kit, install the tarball into a scratch project, run
// `v2kit generate --out src/generated` there, then compile and run a file that imports the
// generated types, validators and engine.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "..");
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_loglevel: "error" } });

describe("a consumer project", () => {
  it("installs the packed tarball, generates, compiles and runs against the output", () => {
    const work = mkdtempSync(path.join(tmpdir(), "v2kit-consumer-"));
    run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], repo);
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    const app = path.join(work, "app");
    mkdirSync(path.join(app, "src"), { recursive: true });
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(work, tarball as string)], app);
    run(path.join(app, "node_modules/.bin/v2kit"), ["generate", "--out", "src/generated", "--quiet"], app);
    writeFileSync(
      path.join(app, "src/main.ts"),
      `import { check, type RequestBody } from "./generated/index.js";
import { v0 } from "./generated/validators.js";
const body: RequestBody<"createEndpoint"> = { name: "demo", type: "QUEUE", image: "img:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["ADA_24"] } };
const bad = { ...body, cpu: [{ id: "cpu3c", vcpuCount: 2 }] };
console.log(JSON.stringify({ ok: check("createEndpoint", body).ok, bad: check("createEndpoint", bad).status, validator: typeof v0 }));
`,
    );
    writeFileSync(
      path.join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          allowJs: true,
          outDir: "dist",
          rootDir: "src",
          types: [],
        },
        include: ["src"],
        exclude: ["src/generated/tests"],
      }),
    );
    run(path.join(repo, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], app);
    const out = JSON.parse(run("node", ["dist/main.js"], app)) as { ok: boolean; bad: number; validator: string };
    expect(out).toEqual({ ok: true, bad: 400, validator: "function" });
  }, 300_000);
});
