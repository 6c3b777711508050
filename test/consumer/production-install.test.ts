// A production install of a project with v2kit as a devDependency (issue 43, item 1): the packed
// tarball installed with `--save-dev` as the guide says, `v2kit generate`, tsc, then
// `npm ci --omit=dev`, which takes v2kit and every package only v2kit brought (ajv-formats,
// re2js…) away, and the compiled app runs: request checks, and response validators with format
// checks (date-time), whose code is in the output (runtime/formats.mts), not in ajv-formats.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repo, run } from "./setup.js";

const installed = (name: string) => (JSON.parse(readFileSync(path.join(repo, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

const MAIN = `import { check } from "./generated/index.mjs";
import { responses } from "./generated/validators/getPod.responses.mjs";

const body = { name: "q", type: "QUEUE", image: "example/w:1", scaling: { type: "QUEUE_DELAY", queueDelay: 4 }, gpu: { pools: ["ADA_24"] } } as const;
const pod = responses["200"];
if (pod === undefined) throw new Error("getPod has no 200 validator");
const createdAtFormat = (createdAt: string): boolean => {
  pod({ createdAt });
  return (pod.errors ?? []).some((e) => e.keyword === "format" && e.instancePath === "/createdAt");
};
console.log(
  JSON.stringify({
    valid: check("createEndpoint", body).ok,
    invalid: check("createEndpoint", { ...body, cpu: [{ id: "cpu5c", vcpuCount: 4 }] }).status,
    formatRefused: [createdAtFormat("yesterday"), createdAtFormat("2023-02-29T10:00:00Z"), createdAtFormat("2024-02-29T10:00:00Z")],
  }),
);
`;

const work = mkdtempSync(path.join(tmpdir(), "v2kit-production-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a production install (npm ci --omit=dev) of a project with v2kit as a devDependency (issue 43, item 1)", () => {
  it("generate, tsc, npm ci --omit=dev: the compiled app runs without v2kit or its dependencies", () => {
    run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], repo);
    const tarball = path.join(work, readdirSync(work).find((file) => file.endsWith(".tgz")) as string);
    const app = path.join(work, "app");
    mkdirSync(path.join(app, "src"), { recursive: true });
    writeFileSync(
      path.join(app, "package.json"),
      JSON.stringify(
        { name: "app", private: true, type: "module", devDependencies: { typescript: installed("typescript"), v2kit: `file:${tarball}` } },
        null,
        2,
      ),
    );
    writeFileSync(path.join(app, "tsconfig.json"), readFileSync(path.join(repo, "examples/consumer/esm/tsconfig.json")));
    writeFileSync(path.join(app, "src/main.ts"), MAIN);
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], app);
    run(path.join(app, "node_modules/.bin/v2kit"), ["generate", "--out", "src/generated", "--quiet"], app);
    // Nothing to add to dependencies: --check is content with a package.json that has none.
    run(path.join(app, "node_modules/.bin/v2kit"), ["generate", "--out", "src/generated", "--check", "--quiet"], app);
    run(path.join(app, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], app);

    run("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], app);
    for (const gone of ["v2kit", "ajv", "ajv-formats", "re2js", "typescript"]) expect(existsSync(path.join(app, "node_modules", gone)), gone).toBe(false);
    expect(JSON.parse(run(process.execPath, ["dist/main.js"], app))).toEqual({ valid: true, invalid: 400, formatRefused: [true, true, false] });
  }, 900_000);
});
