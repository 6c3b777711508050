// The package entry (`import * as api from "v2kit"`) holds what its own docs use: `routes` (so
// `contractMiddleware({ api })` works), the bundled dated `catalog`, and a `check` that falls back
// to that catalog as `lint` does, so the two give the same verdict.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ContractError, contractMiddleware } from "../client/index.js";
import * as api from "../lint/index.js";
import { loadFixtures } from "./realworld/fixtures.js";
import { bundled as fidelity } from "./types-fidelity/fixtures/bundled.js";

const bodies = readFileSync(new URL("../examples/bodies.ndjson", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return []; // the file holds a malformed line on purpose (lint --ndjson's example)
    }
  });
const examples = ["create-endpoint-gpu.json", "create-endpoint-cpu.json", "create-endpoint-invalid.json"].map(
  (name) => JSON.parse(readFileSync(new URL(`../examples/${name}`, import.meta.url), "utf8")) as unknown,
);

describe("the package entry", () => {
  it("check() without a catalog uses the bundled snapshot: the same verdict as lint() on every example body", () => {
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of [...bodies, ...examples]) {
      const checked = api.check("createEndpoint", body);
      const linted = api.lint(body, { operation: "createEndpoint" });
      expect({ status: checked.status, violations: checked.violations, warnings: checked.warnings }).toEqual({
        status: linted.status,
        violations: linted.violations,
        warnings: linted.warnings,
      });
    }
    const outside = {
      name: "e",
      type: "QUEUE",
      image: "a/b:1",
      scaling: { type: "QUEUE_DELAY", queueDelay: 2 },
      gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] },
    };
    expect(api.check("createEndpoint", outside).status).toBe(400);
  });

  it("check() and lint() agree on every operation's held-out bodies: the types-fidelity fixtures and the real-world client corpus", () => {
    const held = [
      ...fidelity
        .filter((fixture) => typeof fixture.body === "object" && fixture.body !== null)
        .map((fixture) => ({ op: fixture.op, body: fixture.body as unknown, current: undefined as unknown })),
      ...loadFixtures(fileURLToPath(new URL("./realworld/fixtures/", import.meta.url)))
        .filter((fixture) => fixture.kind !== "migrate" && fixture.operation !== undefined && api.operationIds.includes(fixture.operation))
        .map((fixture) => ({ op: fixture.operation as string, body: fixture.body, current: fixture.current })),
    ];
    expect(held.length).toBeGreaterThan(50);
    expect(new Set(held.map((entry) => entry.op)).size).toBeGreaterThan(10);
    for (const { op, body, current } of held) {
      const context = current === undefined ? {} : { current };
      const checked = api.check(op, body, context);
      const linted = api.lint(body, { operation: op, ...context });
      expect({ op, status: checked.status, violations: checked.violations, warnings: checked.warnings }).toEqual({
        op,
        status: linted.status,
        violations: linted.violations,
        warnings: linted.warnings,
      });
    }
  });

  it("exports routes and the dated catalog snapshot", () => {
    expect(api.routes.some(([method, route, op]) => method === "POST" && route === "/v2/serverless" && op === "createEndpoint")).toBe(true);
    expect(api.catalog.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(api.catalog.gpus.length).toBeGreaterThan(10);
    expect(api.catalog.cpus.every((cpu) => typeof cpu.id === "string")).toBe(true);
    expect(api.catalog.dataCenters.every((dataCenter) => typeof dataCenter.id === "string" && typeof dataCenter.name === "string")).toBe(true);
  });

  it("contractMiddleware({ api }) with the whole entry as api refuses a body as lint does, with no catalog given", async () => {
    const middleware = contractMiddleware({ api });
    const send = (body: unknown) =>
      middleware.onRequest({
        request: new Request("http://localhost/v2/serverless", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
        schemaPath: "/v2/serverless",
      });
    const base = { name: "e", type: "QUEUE", image: "a/b:1", scaling: { type: "QUEUE_DELAY", queueDelay: 2 }, gpu: { pools: ["AMPERE_48"] } };
    await expect(send(base)).resolves.toBeUndefined();
    const refused = await send({ ...base, gpu: { pools: ["AMPERE_48"], excludedTypes: ["NVIDIA GeForce RTX 4090"] } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ContractError);
    expect((refused as ContractError).problem.status).toBe(400);
  });
});

describe("one engine, one error identity across the package entry", () => {
  const repo = fileURLToPath(new URL("..", import.meta.url));
  /** An engine module as tsc compiles it. */
  const engineFile = (name: string) => path.posix.join("dist", "engine", `${name}.js`);
  const unknown = [
    ["check", () => api.check("nope", {})],
    ["checkResponse", () => api.checkResponse("nope", "200", {})],
    ["lint", () => api.lint("{}", { operation: "nope" })],
  ] as const;

  it.each(unknown)("%s of an unknown operation throws the entry's UnknownOperationError", (_name, call) => {
    expect(call).toThrow(api.UnknownOperationError);
    expect(call).toThrow(/unknown operation "nope"/);
  });

  it('`import "v2kit"` loads one engine, the package\'s own, and no generated copy of it (output/runtime)', () => {
    // A loader hook prints every file the import loads.
    const hooks = `export async function load(url, context, next) { if (url.startsWith("file:")) process._rawDebug("LOAD " + url); return next(url, context); }`;
    const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const run = spawnSync(
      process.execPath,
      ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "--eval", 'import "v2kit";'],
      {
        cwd: repo,
        encoding: "utf8",
      },
    );
    const loaded = [...run.stderr.matchAll(/^LOAD (file:.*)$/gm)].map((match) =>
      path
        .relative(repo, fileURLToPath(match[1] as string))
        .split(path.sep)
        .join("/"),
    );
    expect(loaded).toContain("dist/output/rules.mjs");
    expect(loaded).toContain(engineFile("evaluate"));
    expect(loaded.filter((loadedPath) => loadedPath.startsWith("dist/output/runtime/"))).toEqual([]);
  });

  it('the same through `import "v2kit"` in a node process (the built package: dist/)', () => {
    const script = [
      'import * as api from "v2kit";',
      "const calls = [() => api.check('nope', {}), () => api.checkResponse('nope', '200', {}), () => api.lint('{}', { operation: 'nope' })];",
      "console.log(JSON.stringify(calls.map((call) => { try { call(); return 'no error'; } catch (error) { return [error instanceof api.UnknownOperationError, error.operation]; } })));",
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "--eval", script], { cwd: repo, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([
      [true, "nope"],
      [true, "nope"],
      [true, "nope"],
    ]);
  });
});
