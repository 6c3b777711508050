// Build-step use in another repo, every module system: the packed tarball installed in scratch
// ESM and CommonJS projects (examples/consumer/), `v2kit generate --out src/generated` in each
// (and --js in a JavaScript-only one),
// then every cell compiles (no allowJs, nothing excluded) and runs check() on a valid and an
// invalid body — with tsc + node, tsx, and an esbuild bundle — and vitest runs the generated
// property tests in place.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Consumers, run, setUpConsumers, tools } from "./setup.js";

/** vitest's summary line, colours removed. */
const passed = (out: string) => out.replace(/\x1b\[[0-9;]*m/g, "");

/** What every cell's program prints: the verdicts of the full index and of the one-operation module. */
const EXPECTED = { valid: true, invalid: 400, problem: expect.any(String) as unknown, oneOperation: [true, 400] };

// The flags real projects turn on (Vite's templates: noUnusedLocals, noUnusedParameters): the generated
// code a consumer compiles must pass them all.
const STRICT = {
  target: "ES2022",
  strict: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noPropertyAccessFromIndexSignature: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  skipLibCheck: true,
  types: [] as string[],
};

let consumers: Consumers;

beforeAll(() => {
  consumers = setUpConsumers();
}, 900_000);

afterAll(() => {
  if (consumers !== undefined) rmSync(consumers.work, { recursive: true, force: true });
});

/** Compile `main` (relative to the cell folder) with one tsconfig, run it with node, return its output. */
function tscCell(project: string, cell: string, compilerOptions: Record<string, unknown>, main: string): unknown {
  const dir = path.join(project, "cells", cell);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions, outDir: "dist", rootDir: "../.." }, files: [main] }),
  );
  run(tools.tsc, ["-p", "tsconfig.json"], dir);
  const compiled = path.join(dir, "dist", path.relative(path.join(dir, "../.."), path.resolve(dir, main))).replace(/\.ts$/, ".js");
  return JSON.parse(run(process.execPath, [compiled], dir));
}

// tsc over the whole generated output takes tens of seconds on a busy 2-core machine.
describe("a consumer project from the packed tarball", { timeout: 300_000 }, () => {
  describe('"type": "module"', () => {
    it("the example as shipped: module nodenext, verbatimModuleSyntax, exactOptionalPropertyTypes; tsc then node", () => {
      run(tools.tsc, ["-p", "tsconfig.json"], consumers.esm);
      expect(JSON.parse(run(process.execPath, ["dist/main.js"], consumers.esm))).toEqual(EXPECTED);
    });

    it("module nodenext without the strict module flags; tsc then node", () => {
      expect(tscCell(consumers.esm, "nodenext", { module: "NodeNext", moduleResolution: "NodeNext" }, "../../src/main.ts")).toEqual(EXPECTED);
    });

    it("module esnext + moduleResolution bundler; tsc then node", () => {
      expect(tscCell(consumers.esm, "bundler", { module: "ESNext", moduleResolution: "Bundler", verbatimModuleSyntax: true }, "../../src/main.ts")).toEqual(
        EXPECTED,
      );
    });

    it("tsx", () => {
      expect(JSON.parse(run(tools.tsx, ["src/main.ts"], consumers.esm))).toEqual(EXPECTED);
    });

    it("an esbuild bundle (ESM)", () => {
      run(tools.esbuild, ["src/main.ts", "--bundle", "--platform=node", "--format=esm", "--outfile=bundle/main.mjs", "--log-level=error"], consumers.esm);
      expect(JSON.parse(run(process.execPath, ["bundle/main.mjs"], consumers.esm))).toEqual(EXPECTED);
    });

    it("vitest runs the generated property tests in place", () => {
      const out = run(path.join(consumers.work, "node_modules/.bin/vitest"), ["run", "src/generated/tests", "--reporter=dot"], consumers.esm);
      expect(passed(out)).toMatch(/Tests\s+\d+ passed/);
    });
  });

  describe('"type": "commonjs" (npm init -y)', () => {
    it("the example as shipped: module nodenext, verbatimModuleSyntax (import = require), exactOptionalPropertyTypes; tsc then node", () => {
      run(tools.tsc, ["-p", "tsconfig.json"], consumers.cjs);
      expect(JSON.parse(run(process.execPath, ["dist/main.js"], consumers.cjs))).toEqual(EXPECTED);
    });

    it("module nodenext with ESM import syntax compiled to require(); tsc then node", () => {
      copyEsmMain(consumers);
      expect(tscCell(consumers.cjs, "nodenext-esm-syntax", { module: "NodeNext", moduleResolution: "NodeNext" }, "../../alt/main.ts")).toEqual(EXPECTED);
    });

    it("module commonjs (moduleResolution node10); tsc then node", () => {
      copyEsmMain(consumers);
      expect(tscCell(consumers.cjs, "commonjs", { module: "CommonJS", moduleResolution: "Node10", esModuleInterop: true }, "../../alt/main.ts")).toEqual(
        EXPECTED,
      );
    });

    it("tsx", () => {
      expect(JSON.parse(run(tools.tsx, ["src/main.ts"], consumers.cjs))).toEqual(EXPECTED);
    });

    it("an esbuild bundle (CommonJS)", () => {
      run(tools.esbuild, ["src/main.ts", "--bundle", "--platform=node", "--format=cjs", "--outfile=bundle/main.cjs", "--log-level=error"], consumers.cjs);
      expect(JSON.parse(run(process.execPath, ["bundle/main.cjs"], consumers.cjs))).toEqual(EXPECTED);
    });

    it("vitest runs the generated property tests in place", () => {
      const out = run(path.join(consumers.work, "node_modules/.bin/vitest"), ["run", "src/generated/tests", "--reporter=dot"], consumers.cjs);
      expect(passed(out)).toMatch(/Tests\s+\d+ passed/);
    });
  });
});

describe("a JavaScript-only project from the packed tarball (generate --js)", { timeout: 300_000 }, () => {
  it("has no TypeScript installed: the point of --js", () => {
    expect(() => readFileSync(path.join(consumers.work, "node_modules/typescript/package.json"))).toThrow();
  });

  it("node runs the example as shipped", () => {
    expect(JSON.parse(run(process.execPath, ["src/main.mjs"], consumers.js))).toEqual(EXPECTED);
  });

  it("an editor's view (tsc --checkJs with the strict flags) finds the JSDoc types right, and a wrong body wrong", () => {
    const options = { ...STRICT, module: "nodenext", moduleResolution: "nodenext", allowJs: true, checkJs: true, noEmit: true };
    writeFileSync(path.join(consumers.js, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["src/main.mjs"] }));
    run(tools.tsc, ["-p", "tsconfig.json"], consumers.js);
    writeFileSync(
      path.join(consumers.js, "src/wrong.mjs"),
      '/** @type {import("./generated/index.mjs").RequestBody<"createEndpoint">} */\nexport const body = { name: 1 };\n',
    );
    writeFileSync(path.join(consumers.js, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["src/wrong.mjs"] }));
    expect(() => run(tools.tsc, ["-p", "tsconfig.json"], consumers.js)).toThrow(/wrong\.mjs\(2,\d+\): error TS2322/);
  });
});

/** The ESM example's main.ts, placed in the CommonJS project at alt/main.ts (imports ../src/generated). */
function copyEsmMain(projects: Consumers): void {
  mkdirSync(path.join(projects.cjs, "alt"), { recursive: true });
  const source = readFileSync(path.join(projects.esm, "src/main.ts"), "utf8");
  writeFileSync(path.join(projects.cjs, "alt/main.ts"), source.replaceAll('"./generated/', '"../src/generated/'));
}
