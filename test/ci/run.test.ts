// .ci/run runs each step once: the build, the type-checks, the lint and each vitest project,
// with the README's test command (`npm test`) among them, and closes on one line counting the
// tests of every vitest run (.ci/vitest-summary.mjs). `npm run test:full` still runs every suite.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { summary } from "../../.ci/vitest-summary.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** The commands a shell line runs, npm scripts expanded into theirs (arguments after `--` go to the last). */
function expand(line: string): string[] {
  return line
    .split("&&")
    .map((part) => part.trim())
    .flatMap((command) => {
      const npm = /^npm (?:run (\S+)|(test))(?: -- (.*))?$/.exec(command);
      const name = npm?.[1] ?? npm?.[2];
      const script = name === undefined ? undefined : scripts[name];
      if (name !== undefined && script === undefined) throw new Error(`no npm script ${name}`);
      if (script === undefined) return [command];
      const expanded = expand(script);
      const extra = npm?.[3];
      if (extra !== undefined) expanded.push(`${expanded.pop() ?? ""} ${extra}`);
      return expanded;
    });
}

/** What each command is, for counting: a vitest run is one entry per project it runs. */
function steps(commands: string[]): string[] {
  return commands.flatMap((command) => {
    const vitest = /^(?:npx )?vitest run\b(.*)$/.exec(command);
    if (vitest === null) return [command.replace(/ --.*$/, "")];
    const projects = [...(vitest[1] ?? "").matchAll(/--project[ =](\S+)/g)].map((match) => match[1] as string);
    return (projects.length > 0 ? projects : ["fast", "long"]).map((project) => `vitest --project ${project}`);
  });
}

const count = (list: string[], item: string) => list.filter((x) => x === item).length;

const ciLines = readFileSync(path.join(root, ".ci/run"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe(".ci/run", () => {
  const commands = ciLines.flatMap(expand);
  const ran = steps(commands);

  test("runs the README's test command", () => {
    expect(ciLines.filter((line) => /^npm test\b/.test(line))).toHaveLength(1);
  });

  test.each([
    ["the build", "tsc -p tsconfig.json"],
    ["the CLI bundle", "node scripts/bundle-cli.mjs"],
    ["the type-check of output/", "tsc -p tsconfig.output.json"],
    ["the type-check of test/", "tsc -p test"],
    ["ESLint and Prettier", "node scripts/lint.mjs"],
    ["the fast suites", "vitest --project fast"],
    ["the long suites", "vitest --project long"],
  ])("runs %s once", (_what, step) => {
    expect(count(ran, step), ran.join("\n")).toBe(1);
  });

  test("its closing line counts the tests of every vitest run", () => {
    const outputs = commands.filter((command) => /vitest run/.test(command)).map((command) => /--outputFile=(\S+)/.exec(command)?.[1]);
    expect(outputs).toHaveLength(2);
    expect(outputs.every((file) => file !== undefined)).toBe(true);
    const closing = ciLines.at(-1) ?? "";
    expect(closing).toMatch(/^node \.ci\/vitest-summary\.mjs /);
    expect(closing.split(" ").slice(2).sort()).toEqual([...(outputs as string[])].sort());
  });
});

describe("npm scripts", () => {
  test("npm test runs the fast suites only; npm run test:full runs every suite", () => {
    expect(steps(expand("npm test")).filter((step) => step.startsWith("vitest"))).toEqual(["vitest --project fast"]);
    expect(steps(expand("npm run test:full")).filter((step) => step.startsWith("vitest"))).toEqual(["vitest --project fast", "vitest --project long"]);
  });
});

describe(".ci/vitest-summary.mjs", () => {
  const report = (passed: number, failed: number, pending: number, todo: number) => ({
    numTotalTests: passed + failed + pending + todo,
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: pending,
    numTodoTests: todo,
  });

  test("adds up the reports of both projects", () => {
    expect(
      summary([
        { name: "fast", report: report(900, 1, 2, 1) },
        { name: "long", report: report(300, 0, 4, 0) },
      ]),
    ).toEqual({
      line: "vitest: 1200 passed, 1 failed, 7 skipped",
    });
  });

  test("a report of no test is an error, naming it", () => {
    expect(
      summary([
        { name: "fast.json", report: report(10, 0, 0, 0) },
        { name: "long.json", report: report(0, 0, 0, 0) },
      ]),
    ).toEqual({
      error: "vitest ran no test: long.json",
    });
    expect(summary([])).toEqual({ error: "no vitest report given" });
  });

  test("as .ci/run runs it: the line on stdout, or exit 1", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-ci-"));
    const fast = path.join(dir, "fast.json");
    const long = path.join(dir, "long.json");
    writeFileSync(fast, JSON.stringify(report(5, 0, 1, 0)));
    writeFileSync(long, JSON.stringify(report(3, 2, 0, 0)));
    const ok = spawnSync(process.execPath, [path.join(root, ".ci/vitest-summary.mjs"), fast, long], { encoding: "utf8" });
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, "vitest: 8 passed, 2 failed, 1 skipped\n", ""]);
    writeFileSync(long, JSON.stringify(report(0, 0, 0, 0)));
    const none = spawnSync(process.execPath, [path.join(root, ".ci/vitest-summary.mjs"), fast, long], { encoding: "utf8" });
    expect([none.status, none.stdout, none.stderr]).toEqual([1, "", `vitest ran no test: ${long}\n`]);
  });
});
