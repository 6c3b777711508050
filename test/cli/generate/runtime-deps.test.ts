// Generated code in a production install (issue 43, item 1): the validators load no package a
// project with v2kit as a devDependency lacks. For the bundled document they import none (format
// checks come from runtime/formats.mts, updateSshKeys' pattern is provably linear and stays a
// native RegExp); a document with a pattern only RE2 matches safely needs re2js at run time, and
// then generate names it and --check fails until the project's package.json depends on it.

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli, scratch } from "../../fixtures/conformance/support.js";

const v2kit = (args: string[], cwd: string) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 120_000 });

/** Bare specifiers the generated files import, tests/ aside. */
function imported(dir: string): string[] {
  const found = new Set<string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "tests") walk(full);
      } else if (/\.m?[jt]s$/.test(entry.name)) {
        for (const match of readFileSync(full, "utf8").matchAll(/from "([^".][^"]*)"/g)) found.add(match[1] as string);
      }
    }
  };
  walk(dir);
  return [...found].sort();
}

describe("generated code's run-time packages (issue 43, item 1)", () => {
  it("the bundled document's output imports no package: no warning, and --check passes with no dependencies", () => {
    const app = scratch("runtime-deps-bundled");
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, devDependencies: { v2kit: "*" } }));
    const written = v2kit(["generate", "--out", "src/generated"], app);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stderr).toBe("");
    expect(imported(path.join(app, "src/generated"))).toEqual([]);
    const check = v2kit(["generate", "--out", "src/generated", "--check"], app);
    expect(check.status, check.stderr).toBe(0);
  }, 120_000);

  it("a pattern only RE2 matches safely: generate names re2js, --check exits 1 until package.json depends on it", () => {
    const app = scratch("runtime-deps-re2");
    mkdirSync(path.join(app, "api"));
    const spec = {
      openapi: "3.1.0",
      info: { title: "nested quantifier", version: "1" },
      paths: {
        "/things": {
          post: {
            operationId: "createThing",
            requestBody: { content: { "application/json": { schema: { type: "object", properties: { code: { type: "string", pattern: "^(a+)+$" } } } } } },
            responses: { "204": { description: "created" } },
          },
        },
      },
    };
    writeFileSync(path.join(app, "api/openapi.json"), JSON.stringify(spec));
    const manifest = { name: "app", private: true, devDependencies: { v2kit: "*" } };
    writeFileSync(path.join(app, "package.json"), JSON.stringify(manifest));
    const args = ["generate", "--spec", "api/openapi.json", "--rules", path.join(app, "rules.yaml"), "--out", "src/generated"];
    writeFileSync(path.join(app, "rules.yaml"), "version: 1\nstages: []\nhints: []\nrules: []\n");

    const written = v2kit(args, app);
    expect(written.status, written.stderr).toBe(0);
    expect(imported(path.join(app, "src/generated"))).toEqual(["re2js"]);
    expect(written.stderr).toMatch(
      /warning: the code in src\/generated imports re2js at run time .*package\.json does not list it in dependencies.*npm install re2js@\^2/,
    );

    const stale = v2kit([...args, "--check"], app);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/imports re2js at run time.*Run 'npm install re2js@\^2/);

    // A devDependency is not enough: `npm ci --omit=dev` leaves it out.
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ ...manifest, devDependencies: { ...manifest.devDependencies, re2js: "^2.10.0" } }));
    expect(v2kit([...args, "--check"], app).status).toBe(1);

    writeFileSync(path.join(app, "package.json"), JSON.stringify({ ...manifest, dependencies: { re2js: "^2.10.0" } }));
    const current = v2kit([...args, "--check"], app);
    expect(current.stderr).toBe("");
    expect(current.status).toBe(0);
  }, 120_000);
});
