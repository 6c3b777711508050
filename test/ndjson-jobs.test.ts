// Issue 14, bulk: `v2kit lint --ndjson --jobs N` prints the same bytes as --jobs 1 (the
// single-thread path), in input order, with the same exit codes, on inputs that span many
// batches and hold every kind of line: valid, invalid, blank, CRLF, BOM, malformed, not UTF-8,
// and lines past --max-body-bytes. Runs the built CLI as a user does.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ndjsonMix } from "../bench/bodies.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "dist/cli/v2kit.js");
const example = (name: string) => JSON.stringify(JSON.parse(readFileSync(join(root, "examples", name), "utf8")));
let dir: string;

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function lint(args: string[], stdin?: Buffer | string): Run {
  const result = spawnSync(process.execPath, [cli, "lint", ...args], { cwd: dir, input: stdin ?? "", maxBuffer: 1 << 28, timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.toString("utf8") };
}

/** The --format json lines of a run, parsed. */
const verdicts = (run: Run) =>
  run.stdout
    .toString("utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { file: string; ok: boolean; status: number | null; violations: { rule: string }[] });

/** What each kind of line must get: ok, or the rule of its first violation. */
type Kind = "valid" | "blank" | "invalid" | "parse" | "encoding";

/**
 * `count` lines cycling through every kind of line (kind[i] for line i + 1). Long enough to
 * span several 256 KiB batches, so that batches finish out of order across workers.
 */
function mixed(count: number): { bytes: Buffer; kinds: Kind[] } {
  const gpu = example("create-endpoint-gpu.json");
  const cases: [Kind, Buffer][] = [
    ["valid", Buffer.from(gpu)],
    ["valid", Buffer.from(example("create-endpoint-cpu.json"))],
    ["invalid", Buffer.from(example("create-endpoint-invalid.json"))],
    ["blank", Buffer.from("")],
    ["valid", Buffer.from(`${gpu}\r`)], // CRLF
    ["blank", Buffer.from(" \t\r")],
    ["parse", Buffer.from('{"name": "truncated", "type":')],
    ["valid", Buffer.from(`\uFEFF${gpu}`)], // a BOM
    ["encoding", Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])],
    ["valid", Buffer.from(JSON.stringify({ ...JSON.parse(gpu), env: { LONG: "x".repeat(3000) } }))],
  ];
  const lines: Buffer[] = [];
  const kinds: Kind[] = [];
  for (let i = 0; i < count; i++) {
    const [kind, bytes] = cases[(i * 7) % cases.length] as [Kind, Buffer];
    lines.push(bytes, Buffer.from("\n"));
    kinds.push(kind);
  }
  return { bytes: Buffer.concat(lines), kinds };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "v2kit-ndjson-jobs-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("--jobs 2 prints what --jobs 1 prints", () => {
  test("a mixed file over many batches: same bytes, same exit, every line in order with its verdict", () => {
    const { bytes, kinds } = mixed(4000);
    expect(bytes.length).toBeGreaterThan(4 * 256 * 1024);
    writeFileSync(join(dir, "mixed.ndjson"), bytes);
    const one = lint(["--operation", "createEndpoint", "--ndjson", "mixed.ndjson"]);
    const two = lint(["--operation", "createEndpoint", "--ndjson", "--jobs", "2", "mixed.ndjson"]);
    expect(one.code, one.stderr).toBe(1);
    expect(two.code, two.stderr).toBe(1);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stdout.equals(one.stdout)).toBe(true);

    const got = verdicts(two);
    const want = kinds.flatMap((kind, i) => (kind === "blank" ? [] : [{ file: `mixed.ndjson:${i + 1}`, kind }]));
    expect(got.map((verdict) => verdict.file)).toEqual(want.map((expected) => expected.file));
    got.forEach((verdict, i) => {
      const kind = want[i]?.kind;
      if (kind === "valid") expect(verdict.ok, verdict.file).toBe(true);
      else expect(verdict.ok, verdict.file).toBe(false);
      if (kind === "parse") expect(verdict.violations[0]?.rule).toBe("json/parse");
      if (kind === "encoding") expect(verdict.violations[0]?.rule).toBe("json/encoding");
    });
  });

  test("all valid: exit 0 with any number of jobs (2, 3, 0 and auto: one per CPU)", () => {
    const gpu = example("create-endpoint-gpu.json");
    writeFileSync(join(dir, "valid.ndjson"), `${gpu}\n`.repeat(3000));
    const one = lint(["--operation", "createEndpoint", "--ndjson", "valid.ndjson"]);
    expect(one.code, one.stderr).toBe(0);
    expect(verdicts(one)).toHaveLength(3000);
    for (const jobs of ["2", "3", "0", "auto"]) {
      const result = lint(["--operation", "createEndpoint", "--ndjson", "--jobs", jobs, "valid.ndjson"]);
      expect(result.code, `--jobs ${jobs}: ${result.stderr}`).toBe(0);
      expect(result.stdout.equals(one.stdout), `--jobs ${jobs}`).toBe(true);
    }
  });

  test("a line longer than the 256 KiB batch buffer is linted like any other", () => {
    const huge = JSON.stringify({ ...JSON.parse(example("create-endpoint-gpu.json")), env: { BIG: "v".repeat(700_000) } });
    writeFileSync(join(dir, "huge.ndjson"), Buffer.concat([mixed(700).bytes, Buffer.from(`${huge}\n`), mixed(700).bytes]));
    const one = lint(["--operation", "createEndpoint", "--ndjson", "huge.ndjson"]);
    const two = lint(["--operation", "createEndpoint", "--ndjson", "--jobs", "2", "huge.ndjson"]);
    expect(two.code, two.stderr).toBe(one.code);
    expect(two.stdout.equals(one.stdout)).toBe(true);
    expect(verdicts(two).map((verdict) => verdict.file)).toContain("huge.ndjson:701");
  });

  test("standard input (-), several files in one run, a last line without LF", () => {
    const { bytes } = mixed(1500);
    const input = Buffer.concat([bytes, Buffer.from(example("create-endpoint-invalid.json"))]);
    writeFileSync(join(dir, "second.ndjson"), input);
    const args = ["--operation", "createEndpoint", "--ndjson"];
    const one = lint([...args, "-", "second.ndjson"], input);
    const two = lint([...args, "--jobs", "2", "-", "second.ndjson"], input);
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    expect(two.stdout.equals(one.stdout)).toBe(true);
    const files = verdicts(two).map((verdict) => verdict.file);
    expect(files[0]).toBe("-:1");
    expect(files).toContain("-:1501");
    expect(files.at(-1)).toBe("second.ndjson:1501");
  });
});

describe("--max-body-bytes with --jobs: the verdicts before the long line, then exit 2", () => {
  const cases: [string, () => Buffer, string][] = [
    ["a long line inside a batch", () => Buffer.concat([mixed(2000).bytes, Buffer.from(`${"x".repeat(5000)}\n`), mixed(10).bytes]), "long.ndjson:2001"],
    ["a line longer than a batch buffer", () => Buffer.concat([mixed(900).bytes, Buffer.from(`${"y".repeat(600_000)}\n`), mixed(10).bytes]), "long.ndjson:901"],
    ["a long last line without LF", () => Buffer.concat([mixed(1200).bytes, Buffer.from("z".repeat(5000))]), "long.ndjson:1201"],
  ];
  for (const [name, input, where] of cases) {
    test(name, () => {
      writeFileSync(join(dir, "long.ndjson"), input());
      const args = ["--operation", "createEndpoint", "--ndjson", "--max-body-bytes", "4000", "long.ndjson"];
      const one = lint(args);
      const two = lint([...args, "--jobs", "2"]);
      expect(one.code).toBe(2);
      expect(two.code).toBe(2);
      expect(two.stderr).toBe(one.stderr);
      expect(two.stderr).toContain(`${where} is larger than 4000 bytes`);
      expect(two.stdout.equals(one.stdout)).toBe(true);
      const line = Number(where.split(":")[1]);
      expect(verdicts(two).at(-1)?.file).toMatch(new RegExp(`:(${line - 1}|${line - 2})$`));
    });
  }
});

describe("the other lint flags work with --jobs", () => {
  const runs: [string, string[], string][] = [
    [
      "--catalog and --templates",
      ["--operation", "createEndpoint", "--catalog", "gpus.json", "--catalog", "cpus.json", "--templates", "templates.json"],
      "mixed",
    ],
    ["--current (PATCH)", ["--operation", "updateEndpoint", "--current", "current.json"], "patches"],
    ["--rules (compiled at run time)", ["--operation", "createEndpoint", "--rules", "my.rules.yaml"], "mixed"],
    ["--response", ["--operation", "createEndpoint", "--response", "201"], "responses"],
  ];
  beforeAll(() => {
    const catalog = join(root, "schema", "catalog");
    for (const name of ["gpus.json", "cpus.json", "templates.json"]) writeFileSync(join(dir, name), readFileSync(join(catalog, name)));
    writeFileSync(join(dir, "current.json"), readFileSync(join(root, "examples", "current-endpoint.json")));
    writeFileSync(join(dir, "my.rules.yaml"), readFileSync(join(root, "rules", "v2.rules.yaml")));
    writeFileSync(join(dir, "mixed.ndjson"), mixed(1500).bytes);
    const patch = example("update-endpoint.json");
    writeFileSync(join(dir, "patches.ndjson"), `${patch}\n{"workers":{"min":5,"max":1}}\n{"name":7}\n`.repeat(1000));
    writeFileSync(join(dir, "responses.ndjson"), `${example("current-endpoint.json")}\n{"id":1}\n`.repeat(1000));
  });
  for (const [name, args, input] of runs) {
    test(name, () => {
      const one = lint([...args, "--ndjson", `${input}.ndjson`]);
      const two = lint([...args, "--ndjson", "--jobs", "2", `${input}.ndjson`]);
      expect([0, 1]).toContain(one.code);
      expect(two.code, two.stderr).toBe(one.code);
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout.equals(one.stdout)).toBe(true);
      expect(verdicts(two).some((verdict) => !verdict.ok)).toBe(true);
    });
  }
});

describe("usage", () => {
  for (const value of ["-1", "1.5", "two", "", "257", "1e3"]) {
    test(`--jobs ${JSON.stringify(value)} is a usage error (exit 2)`, () => {
      const result = lint(["--operation", "createEndpoint", "--ndjson", `--jobs=${value}`, "mixed.ndjson"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--jobs takes a number of worker threads from 1 to 256, or 0 or auto/);
      expect(result.stdout.length).toBe(0);
    });
  }
  test("--jobs without --ndjson is a usage error (exit 2)", () => {
    writeFileSync(join(dir, "body.json"), example("create-endpoint-gpu.json"));
    const result = lint(["--operation", "createEndpoint", "--jobs", "2", "body.json"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--jobs splits --ndjson input across worker threads");
  });
});

describe("memory", () => {
  test.skipIf(!existsSync("/usr/bin/time"))(
    "--jobs 2 peak RSS stays flat from 4k to 200k lines (136 MB: no buffer kept or left to a full GC per batch)",
    () => {
      const peak = (lines: number) => {
        const mix = ndjsonMix(); // the bench's bodies: a large one among them, so the output is large too
        writeFileSync(join(dir, "flat.ndjson"), `${Array.from({ length: lines }, (_, i) => mix[i % mix.length]).join("\n")}\n`);
        const result = spawnSync(
          "/usr/bin/time",
          ["-f", "%M", process.execPath, cli, "lint", "--operation", "createEndpoint", "--ndjson", "--jobs", "2", "flat.ndjson"],
          {
            cwd: dir,
            stdio: ["ignore", "ignore", "pipe"],
            encoding: "utf8",
            timeout: 300_000,
          },
        );
        expect(result.status, result.stderr).toBe(1);
        return Number(result.stderr.trim().split("\n").at(-1));
      };
      const small = peak(4_000);
      const large = peak(200_000);
      expect(large / small, `peak RSS ${small} KiB at 4k lines, ${large} KiB at 200k`).toBeLessThan(1.2);
    },
    600_000,
  );
});

describe("a reader that closes early (| head -1)", () => {
  test("--jobs 2 exits non-zero, promptly", async () => {
    const started = Date.now();
    const input = `${example("create-endpoint-invalid.json")}\n`.repeat(100_000);
    const { code, line } = await new Promise<{ code: number | null; line: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, "lint", "--operation", "createEndpoint", "--ndjson", "--jobs", "2", "-"], {
        cwd: dir,
        stdio: ["pipe", "pipe", "ignore"],
      });
      const kill = setTimeout(() => child.kill("SIGKILL"), 30_000); // a hang fails the test, not the suite
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        if (text.includes("\n")) return;
        text += String(chunk);
        if (text.includes("\n")) child.stdout.destroy();
      });
      child.on("close", (exit) => {
        clearTimeout(kill);
        resolve({ code: exit, line: text.split("\n")[0] ?? "" });
      });
      child.stdin.on("error", () => {});
      child.stdin.end(input);
    });
    expect(line).toContain('"file":"-:1","ok":false');
    expect(code).not.toBe(0);
    expect(code).not.toBeNull(); // not killed: it ended by itself
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe("the package", () => {
  test("npm pack ships the worker entry the pool starts", () => {
    const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root, encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    const files = (JSON.parse(result.stdout) as { files: { path: string }[] }[])[0]?.files.map((file) => file.path) ?? [];
    expect(files).toContain("dist/cli/lint/ndjson/worker.js");
    expect(readFileSync(join(root, "dist/cli/lint/ndjson/pool.js"), "utf8")).toContain('"./lint/ndjson/worker.js" : "./worker.js"');
  });
});
