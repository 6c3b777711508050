// v2kit lint, the command: golden scenarios (arguments and stdin in; exit code, stdout and
// stderr out, compared with test/golden/lint/*.txt; UPDATE_GOLDEN=1 rewrites them), the
// formats' own contracts, and bulk NDJSON in bounded memory. Runs the built CLI (dist/).

import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { formatter as github } from "../cli/format/github.js";
import type { Report } from "../cli/format/index.js";
import { formatter as pretty } from "../cli/format/pretty.js";
import { engine } from "../output/index.mjs";
import { lintSource } from "../lint/lint.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "dist/cli/v2kit.js");
const goldens = join(root, "test/golden/lint");

/** Rebuild dist when a source the command loads is newer than the built command. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (entry.name.endsWith(".ts")) latest = Math.max(latest, statSync(join(root, path)).mtimeMs);
  }
  return latest;
}

beforeAll(() => {
  const built = statSync(join(root, "dist/cli/lint/lint.js"), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...["cli", "code", "engine", "lint", "schema-model", "migrate", "serve", "live", "client", "testing", "output"].map(newest));
  // tsc emits even when files outside lint have type errors; the scenarios below prove the result.
  // Then the bundle step, as `npm run build` does: tsc alone leaves its unbundled entry as the bin,
  // and the tests of the bundle (cli-bundle.test.ts) would fail after this one.
  if (sources > built) {
    spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: root, stdio: "ignore" });
    spawnSync(process.execPath, [join(root, "scripts/bundle-cli.mjs")], { cwd: root, stdio: "ignore" });
  }
  expect(existsSync(cli)).toBe(true);
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], stdin?: string | Buffer, env: Record<string, string> = {}): Run {
  const { NO_COLOR: _, ...rest } = process.env;
  const result = spawnSync(process.execPath, [cli, "lint", ...args], { cwd: root, input: stdin ?? "", env: { ...rest, ...env }, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Compare with test/golden/lint/NAME.txt, or write it when UPDATE_GOLDEN=1. */
function expectGolden(name: string, args: string[], result: Run): void {
  const actual = `$ v2kit lint ${args.join(" ")}\nexit: ${result.code}\n--- stdout\n${result.stdout}--- stderr\n${result.stderr}`;
  const file = join(goldens, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(goldens, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  expect(existsSync(file), `missing golden ${file}: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const INPUTS = "test/golden/lint/inputs";
const EX = "examples";

/** name, arguments, stdin, expected exit code. */
const SCENARIOS: [string, string[], string | undefined, number][] = [
  ["pretty-valid", ["--operation", "createEndpoint", `${EX}/create-endpoint-gpu.json`, `${EX}/create-endpoint-cpu.json`], undefined, 0],
  ["pretty-invalid", ["--operation", "createEndpoint", `${EX}/create-endpoint-invalid.json`], undefined, 1],
  ["pretty-long-line", ["--operation", "createEndpoint", `${INPUTS}/pools-by-type.json`], undefined, 1],
  ["pretty-malformed", ["--operation", "createEndpoint", `${INPUTS}/malformed.json`], undefined, 1],
  ["pretty-not-utf8", ["--operation", "createEndpoint", `${INPUTS}/not-utf8.json`], undefined, 1],
  ["pretty-empty", ["--operation", "createEndpoint", `${INPUTS}/empty.json`], undefined, 1],
  ["pretty-bom", ["--operation", "podAction", `${INPUTS}/bom.json`], undefined, 0],
  ["pretty-reset", ["--operation", "podAction", `${EX}/pod-action-reset.json`], undefined, 1],
  [
    "json-mixed",
    ["--operation", "createEndpoint", "--format", "json", `${EX}/create-endpoint-invalid.json`, `${EX}/create-endpoint-gpu.json`, `${INPUTS}/malformed.json`],
    undefined,
    1,
  ],
  [
    "problem-mixed",
    [
      "--operation",
      "createEndpoint",
      "--format",
      "problem",
      `${EX}/create-endpoint-gpu.json`,
      `${EX}/create-endpoint-invalid.json`,
      `${INPUTS}/malformed.json`,
    ],
    undefined,
    1,
  ],
  ["problem-valid", ["--operation", "createEndpoint", "--format", "problem", `${EX}/create-endpoint-gpu.json`], undefined, 0],
  [
    "sarif",
    ["--operation", "createEndpoint", "--format", "sarif", `${EX}/create-endpoint-invalid.json`, `${EX}/create-endpoint-gpu.json`, `${INPUTS}/malformed.json`],
    undefined,
    1,
  ],
  ["github", ["--operation", "createEndpoint", "--format", "github", `${EX}/create-endpoint-invalid.json`, `${INPUTS}/malformed.json`], undefined, 1],
  ["stdin-valid", ["--operation", "createEndpoint", "-"], readFileSync(join(root, EX, "create-endpoint-cpu.json"), "utf8"), 0],
  [
    "stdin-json-invalid",
    ["--operation", "createEndpoint", "--format", "json", "-"],
    '{"name": "x", "type": "QUEUE", "scaling": {"type": "REQUEST_COUNT", "requestCount": 1}, "image": "i", "cpu": [{"id": "cpu3m", "vcpuCount": 32}]}',
    1,
  ],
  ["ndjson", ["--operation", "createEndpoint", "--ndjson", `${EX}/bodies.ndjson`], undefined, 1],
  ["ndjson-stdin", ["--operation", "podAction", "--ndjson", "-"], '{"action":"stop"}\r\n\r\n{"action":"reset"}\n{"action":', 1],
  ["update-current", ["--operation", "updateEndpoint", "--current", `${EX}/current-endpoint.json`, `${EX}/update-endpoint.json`], undefined, 0],
  [
    "response-201",
    ["--operation", "createEndpoint", "--response", "201", "--format", "json", `${EX}/current-endpoint.json`, `${EX}/create-endpoint-gpu.json`],
    undefined,
    1,
  ],
  ["templates-given", ["--operation", "createEndpoint", "--templates", "schema/catalog/templates.json", `${INPUTS}/from-template.json`], undefined, 0],
  ["templates-missing", ["--operation", "createEndpoint", `${INPUTS}/from-template.json`], undefined, 0],
  ["catalog-given", ["--operation", "createEndpoint", "--catalog", `${INPUTS}/cpus-small.json`, `${EX}/create-endpoint-cpu.json`], undefined, 1],
  ["unknown-operation", ["--operation", "createEndpoints", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["unreadable-file", ["--operation", "createEndpoint", "--format", "json", `${EX}/no-such-body.json`, `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["unreadable-catalog", ["--operation", "createEndpoint", "--catalog", "no-such-catalog.json", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["not-a-catalog", ["--operation", "createEndpoint", "--catalog", `${INPUTS}/not-a-catalog.json`, `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["catalog-truncated", ["--operation", "createEndpoint", "--catalog", `${INPUTS}/catalog-truncated.json`, `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["catalog-ids-only", ["--operation", "createEndpoint", "--catalog", `${INPUTS}/catalog-ids-only.json`, `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["usage-no-operation", [`${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["usage-no-file", ["--operation", "createEndpoint"], undefined, 2],
  ["usage-unknown-flag", ["--operation", "createEndpoint", "--strict", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["usage-bad-format", ["--operation", "createEndpoint", "--format", "xml", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["usage-bad-response", ["--operation", "createEndpoint", "--response", "ok", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["usage-ndjson-format", ["--operation", "createEndpoint", "--ndjson", "--format", "pretty", `${EX}/bodies.ndjson`], undefined, 2],
  ["spec-given", ["--operation", "createEndpoint", "--spec", "schema/v2.openapi.yaml", "--format", "json", `${EX}/create-endpoint-invalid.json`], undefined, 1],
  ["rules-given", ["--operation", "createEndpoint", "--rules", "rules/v2.rules.yaml", `${EX}/create-endpoint-cpu.json`], undefined, 0],
  ["spec-unreadable", ["--operation", "createEndpoint", "--spec", "no-such-spec.yaml", `${EX}/create-endpoint-gpu.json`], undefined, 2],
  ["help", ["--help"], undefined, 0],
];

describe("golden scenarios", () => {
  test.each(SCENARIOS)("%s", (name, args, stdin, code) => {
    const result = run(args, stdin);
    expect(result.code, result.stderr).toBe(code);
    expectGolden(name, args, result);
  });

  test("every golden file belongs to a scenario", () => {
    const names = new Set(SCENARIOS.map(([name]) => `${name}.txt`));
    const stray = readdirSync(goldens).filter((file) => file.endsWith(".txt") && !names.has(file));
    expect(stray).toEqual([]);
  });
});

describe("format contracts", () => {
  test("json: one line per input, in input order, with the documented keys", () => {
    const files = [`${EX}/create-endpoint-gpu.json`, `${EX}/create-endpoint-invalid.json`, `${INPUTS}/malformed.json`];
    const result = run(["--operation", "createEndpoint", "--format", "json", ...files]);
    const lines = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.file)).toEqual(files);
    for (const line of lines) expect(Object.keys(line)).toEqual(["file", "ok", "status", "problem", "violations", "warnings", "resolved"]);
    expect(lines[0]).toMatchObject({ ok: true, status: null, problem: null });
    expect(lines[2]).toMatchObject({ ok: false, status: 400, violations: [{ rule: "json/parse" }] });
  });

  test("sarif: SARIF 2.1.0, one run, rules for every result", () => {
    const lintRun = run(["--operation", "createEndpoint", "--format", "sarif", `${EX}/create-endpoint-invalid.json`]);
    const log = JSON.parse(lintRun.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.runs).toHaveLength(1);
    const [run0] = log.runs;
    expect(run0.tool.driver.name).toBe("v2kit");
    const ids = run0.tool.driver.rules.map((rule: { id: string }) => rule.id);
    for (const result of run0.results) {
      expect(ids[result.ruleIndex]).toBe(result.ruleId);
      expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
    }
    expect(run0.tool.driver.rules.find((rule: { id: string }) => rule.id === "gpu-cpu-exactly-one").help.text).toMatch(/^Keep `gpu`/);
  });

  test("github: properties and message escaped per the runner's rules", () => {
    const report: Report = {
      file: "dir,with:odd%chars.json",
      result: {
        ok: false,
        status: 400,
        problem: { title: "Bad Request", status: 400, detail: "/: 100% wrong\r\nreally", errors: ["/: 100% wrong\r\nreally"] },
        violations: [{ rule: "r", status: 400, path: "", message: "100% wrong\r\nreally", hint: "fix: a, b" }],
        warnings: [],
        resolved: null,
      },
    };
    expect(github().item(report)).toBe("::error file=dir%2Cwith%3Aodd%25chars.json,line=1,col=1,title=r::/: 100%25 wrong%0D%0Areally%0Afix: a, b\n");
  });

  test("pretty: colour only when asked, and the caret under the value", () => {
    const text = '{\n  "action": "reset"\n}\n';
    const report: Report = { file: "a.json", ...lintSource(text, { operation: "podAction" }) };
    const plain = pretty({ engine, operation: "podAction", color: false }).item(report);
    expect(plain).not.toContain("\u001b[");
    expect(plain).toContain("a.json:2:13 error schema/enum 422");
    expect(plain).toContain(`  > 2 |   "action": "reset"\n      |             ^`);
    expect(pretty({ engine, operation: "podAction", color: true }).item(report)).toContain("\u001b[31;1merror\u001b[0m");
  });
});

describe("bulk NDJSON", () => {
  // The full 100 MB in CI (about 25 s); 20 MB elsewhere (about 5 s); V2KIT_NDJSON_MB overrides.
  const megabytes = Number(process.env.V2KIT_NDJSON_MB ?? (process.env.CI ? 100 : 20));

  test(`${megabytes} MB of bodies stream through in bounded memory`, async () => {
    const dir = join(tmpdir(), `v2kit-lint-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "bulk.ndjson");
    try {
      const bodies = readFileSync(join(root, EX, "bodies.ndjson"), "utf8").split("\n");
      const out = createWriteStream(file);
      let size = 0;
      let lines = 0;
      let nonBlank = 0;
      while (size < megabytes * 1e6) {
        const chunk: string[] = [];
        for (let i = 0; i < 1000; i++) {
          const line = bodies[lines % bodies.length] as string;
          chunk.push(line);
          lines++;
          if (line.trim() !== "") nonBlank++;
        }
        const text = `${chunk.join("\n")}\n`;
        size += text.length;
        if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", resolve));
      }
      await new Promise<void>((resolve) => out.end(resolve));

      const timeV = existsSync("/usr/bin/time");
      const command = timeV ? "/usr/bin/time" : process.execPath;
      const args = [...(timeV ? ["-v", process.execPath] : []), cli, "lint", "--operation", "createEndpoint", "--ndjson", file];
      const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let outputLines = 0;
      let invalid = 0;
      let tail = "";
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (data: string) => {
        const parts = (tail + data).split("\n");
        tail = parts.pop() ?? "";
        outputLines += parts.length;
        for (const line of parts) if (line.includes('"ok":false')) invalid++;
      });
      let stderr = "";
      child.stderr.on("data", (data: Buffer) => {
        stderr += data.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code, stderr).toBe(1);
      expect(outputLines).toBe(nonBlank);
      expect(invalid).toBeGreaterThan(0);
      if (timeV) {
        const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
        expect(rss / 1024, "peak RSS in MB").toBeLessThan(250);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
