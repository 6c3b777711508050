// TypeScript 7 in the consumer matrix (issue 43: `npm install typescript` installs 7, the docs
// said "tested with 5.9"). The packed tarball and the newest typescript@7 from the registry in a
// project of their own: `v2kit generate`, then TypeScript 7's tsc compiles the generated output
// and a program using the package's entries ("v2kit", "v2kit/serve", "v2kit/client",
// "v2kit/testing") with skipLibCheck off, so the shipped declarations are checked too; node runs
// the compiled program. This repository's own tools stay on 5.9 (package.json "//": typescript).
// When the registry answers no 7.x (offline, or a mirror without it) the case is skipped and says
// why.

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repo, run } from "./setup.js";

/** The newest 7.x the registry lists, or why there is none. */
function typescript7(): { version: string } | { reason: string } {
  const view = spawnSync("npm", ["view", "typescript@7", "version", "--json"], { encoding: "utf8", timeout: 60_000 });
  if (view.status !== 0) return { reason: `npm view typescript@7 failed: ${(view.stderr || view.stdout).trim().split("\n")[0] ?? ""}` };
  const parsed = JSON.parse(view.stdout.trim() || "[]") as string | string[];
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((version) => /^7\.\d+\.\d+$/.test(version));
  const newest = versions.at(-1);
  return newest === undefined ? { reason: "the registry lists no typescript 7.x release" } : { version: newest };
}

const found = typescript7();
if ("reason" in found) console.warn(`TypeScript 7 consumer case skipped: ${found.reason}`);

const installed = (name: string) => (JSON.parse(readFileSync(path.join(repo, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

const USES_ENTRIES = `import { check, lint, type Verdict } from "v2kit";
import { createServer } from "v2kit/serve";
import * as client from "v2kit/client";
import * as testing from "v2kit/testing";

const verdict: Verdict = check("createEndpoint", { name: "x" });
const detail: string = verdict.ok ? "ok" : verdict.problem.detail ?? verdict.problem.title;
const linted = lint({ name: "x" }, { operation: "createEndpoint" });
console.log(JSON.stringify({ detail: typeof detail, linted: typeof linted, server: typeof createServer, client: typeof client, testing: typeof testing }));
`;

const work = mkdtempSync(path.join(tmpdir(), "v2kit-ts7-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("TypeScript 7 compiles the generated output and the package's types", () => {
  it.skipIf("reason" in found)(
    `typescript@${"version" in found ? found.version : "7"}: generate, tsc 7 (skipLibCheck off), node`,
    () => {
      const version = (found as { version: string }).version;
      run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], repo);
      const tarball = path.join(work, readdirSync(work).find((file) => file.endsWith(".tgz")) as string);
      const app = path.join(work, "app");
      cpSync(path.join(repo, "examples/consumer/esm/src"), path.join(app, "src"), { recursive: true });
      const tsconfig = JSON.parse(readFileSync(path.join(repo, "examples/consumer/esm/tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
      tsconfig.compilerOptions["skipLibCheck"] = false;
      // v2kit/serve's createServer returns a node:http server: its users have Node's types.
      tsconfig.compilerOptions["types"] = ["node"];
      writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
      writeFileSync(path.join(app, "src/entries.ts"), USES_ENTRIES);
      writeFileSync(
        path.join(app, "package.json"),
        JSON.stringify({
          name: "app",
          private: true,
          type: "module",
          devDependencies: {
            "@types/node": installed("@types/node"),
            "fast-check": installed("fast-check"),
            typescript: version,
            v2kit: `file:${tarball}`,
          },
        }),
      );
      run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], app);
      const tsc = path.join(app, "node_modules/.bin/tsc");
      expect(run(tsc, ["--version"], app).trim()).toBe(`Version ${version}`);
      mkdirSync(path.join(app, "src/generated"), { recursive: true });
      run(path.join(app, "node_modules/.bin/v2kit"), ["generate", "--out", "src/generated", "--quiet"], app);
      run(tsc, ["-p", "tsconfig.json"], app);
      expect(JSON.parse(run(process.execPath, ["dist/main.js"], app))).toMatchObject({ valid: true, invalid: 400, oneOperation: [true, 400] });
      expect(JSON.parse(run(process.execPath, ["dist/entries.js"], app))).toEqual({
        detail: "string",
        linted: "object",
        server: "function",
        client: "object",
        testing: "object",
      });
    },
    600_000,
  );
});
