// One engine: this package's own output/ imports the package's engine (engine/) instead of
// carrying a generated copy of it; any other --out, an output/ folder of a consumer's project
// included, keeps its self-contained runtime/ copy (docs/generate-out.md). Runs the built CLI.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

const output = path.join(repo, "output");
const engineDir = path.join(repo, "engine");

/** The module specifiers a generated file imports from. */
const importsOf = (file: string) => [...readFileSync(file, "utf8").matchAll(/^(?:import|export)\b[^;]*? from "([^"]+)";$/gm)].map((match) => match[1]);

/** The specifier of an engine module from a folder of this package's output. */
const engineFrom = (dir: string, name: string) =>
  path
    .relative(dir, path.join(engineDir, `${name}.js`))
    .split(path.sep)
    .join("/");

describe("this package's own output/", () => {
  it("has no runtime/ copy; its modules import the package's engine by its path", () => {
    expect(existsSync(path.join(output, "runtime"))).toBe(false);
    const stamp = JSON.parse(readFileSync(path.join(output, ".v2kit-stamp.json"), "utf8")) as { files: Record<string, string> };
    expect(Object.keys(stamp.files).filter((file) => file.startsWith("runtime/"))).toEqual([]);
    // And the model serve reads for the bundled schema (docs/generate-out.md), generated like the rest.
    expect(stamp.files).toHaveProperty(["serve-model.json"]);
    expect(importsOf(path.join(output, "index.mts"))).toContain(engineFrom(output, "index"));
    expect(importsOf(path.join(output, "rules.mts"))).toContain(engineFrom(output, "index"));
    expect(importsOf(path.join(output, "operations", "createEndpoint.mts"))).toContain(engineFrom(path.join(output, "operations"), "index"));
    expect(importsOf(path.join(output, "validators", "createEndpoint.mts"))).toContain(engineFrom(path.join(output, "validators"), "ajv-helpers"));
  });
});

describe("a consumer's output", () => {
  it("an output/ folder in another project gets the engine's copy in runtime/, imported from there", () => {
    const project = scratch("generate-engine");
    onTestFinished(() => rmSync(project, { recursive: true, force: true }));
    const result = spawnSync(process.execPath, [cli, "generate", "--quiet"], { cwd: project, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const out = path.join(project, "output");
    expect(importsOf(path.join(out, "index.mts"))).toContain("./runtime/index.mjs");
    expect(importsOf(path.join(out, "rules.mts"))).toContain("./runtime/index.mjs");
    expect(importsOf(path.join(out, "operations", "createEndpoint.mts"))).toContain("../runtime/index.mjs");
    expect(importsOf(path.join(out, "validators", "createEndpoint.mts"))).toContain("../runtime/ajv-helpers.mjs");
    // The copy is the engine's source, its imports pointed at the .mjs beside it, below the header.
    const copy = readFileSync(path.join(out, "runtime", "evaluate.mts"), "utf8");
    const source = readFileSync(path.join(engineDir, "evaluate.ts"), "utf8").replace(/(from "\.\/[a-z-]+)\.js"/g, '$1.mjs"');
    expect(copy.endsWith(`\n${source}`)).toBe(true);
    for (const specifier of importsOf(path.join(out, "index.mts"))) expect(specifier).not.toMatch(/^\.\.\//);
    // serve reads only its own package's model: a consumer's output has none.
    expect(existsSync(path.join(out, "serve-model.json"))).toBe(false);
  });
});
