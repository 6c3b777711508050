// Golden CLI scenarios: arguments in, stdout and exit code out.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalog, runCli } from "./helpers.js";

const tmp = mkdtempSync(join(tmpdir(), "v2kit-migrate-"));
const file = (name: string, content: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};

describe("v2kit migrate", () => {
  it("migrates the examples, one JSON line per input in order, and exits 0", async () => {
    const files = ["examples/migrate/endpoint-create.json", "examples/migrate/pod-create.json", "examples/migrate/pod-action.json"];
    const run = await runCli(["--format", "json", ...files]);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((record) => record.file)).toEqual(files);
    expect(lines.map((record) => `${record.request.method} ${record.request.path}`)).toEqual([
      "POST /v2/serverless",
      "POST /v2/pods",
      "POST /v2/pods/p-7f3a/action",
    ]);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(["file", "ok", "request", "notes", "lint"]);
      expect(line.lint.ok).toBe(true);
    }
  });

  it("gives lint null for a request without a body", async () => {
    const run = await runCli(["--format", "json", file("list.json", { method: "GET", path: "/pods" })]);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, request: { method: "GET", path: "/v2/pods" }, lint: null });
    expect(JSON.parse(run.stdout).request).not.toHaveProperty("body");
  });

  it("exits 1 when any input is not ok, including input that is not a v1 request", async () => {
    expect((await runCli([file("reset.json", { method: "POST", path: "/pods/p/reset" })])).code).toBe(1);
    expect((await runCli([file("junk.json", "not json")])).code).toBe(1);
    expect((await runCli([file("array.json", [1, 2])])).code).toBe(1);
    const mixed = await runCli(["--format", "json", "examples/migrate/pod-action.json", file("junk2.json", "{")]);
    expect(mixed.code).toBe(1);
    expect(
      mixed.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).ok),
    ).toEqual([true, false]);
  });

  it("exits 2 for usage errors and unreadable files", async () => {
    expect((await runCli([])).code).toBe(2);
    expect((await runCli(["--bogus", "x.json"])).code).toBe(2);
    expect((await runCli(["--format", "sarif", "examples/migrate/pod-action.json"])).code).toBe(2);
    expect((await runCli(["no/such/file.json"])).code).toBe(2);
    expect((await runCli(["--catalog", file("bad-catalog.json", { nope: 1 }), "examples/migrate/pod-action.json"])).code).toBe(2);
    expect((await runCli(["--response", "abc", "examples/migrate/error-response.json"])).code).toBe(2);
  });

  it("names the place of a --catalog that is not JSON or holds a record the rules cannot match, and exits 2", async () => {
    const truncated = await runCli([
      "--catalog",
      file("truncated.json", '{"gpus": [{"id": "NVIDIA L4", "pool": "ADA_24"}'),
      "examples/migrate/endpoint-create.json",
    ]);
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toMatch(/--catalog \S+truncated\.json is not valid JSON: .* at line 1, column 48/);
    const noId = await runCli([
      "--catalog",
      file("no-id.json", '{"gpus": [{"id": "NVIDIA L4"},\n  {"name": "A40", "pool": "AMPERE_48"}]}'),
      "examples/migrate/endpoint-create.json",
    ]);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toMatch(/--catalog \S+no-id\.json:2:3: \/gpus\/1\/id: must be a non-empty string .*`id` is missing/);
    expect(noId.stdout).toBe("");
  });

  it("uses --catalog for the GPU selection", async () => {
    const onlyOne = file("gpus.json", {
      gpus: [
        { id: "NVIDIA GeForce RTX 4090", pool: "ADA_24" },
        { id: "NVIDIA L4", pool: "ADA_24" },
      ],
    });
    const cpus = file("cpus.json", { cpus: catalog.cpus });
    const run = await runCli(["--catalog", onlyOne, "--catalog", cpus, "--format", "json", "examples/migrate/endpoint-create.json"]);
    expect(JSON.parse(run.stdout).request.body.gpu).toEqual({ count: 1, pools: ["ADA_24"] });
  });

  it("prints a readable report by default", async () => {
    const run = await runCli(["examples/migrate/pod-action.json"]);
    expect(run.stdout).toContain("POST /v1/pods/p-7f3a/stop  →  POST /v2/pods/p-7f3a/action");
    expect(run.stdout).toContain("lint    passes");
  });

  it("prints help", async () => {
    const run = await runCli(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("v2kit migrate scan");
  });
});

describe("v2kit migrate --response", () => {
  it("wraps a saved v1 list under its resource key", async () => {
    const run = await runCli(["--response", "200", "--format", "json", "examples/migrate/pod-list-response.json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).response.body).toEqual({ pods: [{ id: "p-7f3a", name: "trainer", imageName: "ubuntu:24.04" }] });
  });

  it("turns a v1 error into a problem body", async () => {
    const run = await runCli(["--response", "404", "--format", "json", "examples/migrate/error-response.json"]);
    expect(JSON.parse(run.stdout).response).toEqual({ status: 404, body: { title: "Not Found", status: 404, detail: "pod not found" } });
  });

  it("needs the route for a bare list", async () => {
    const run = await runCli(["--response", "200", file("bare.json", [{ id: "p" }])]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/needs its route/);
  });
});
