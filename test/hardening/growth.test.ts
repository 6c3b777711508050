// Bounded work on every path (issue: hardening round three), written as the attacks: inputs of
// the sizes named there, and times at N and 4N compared in one run. Linear work gives a ratio
// near 4 (more where the collector works harder on a bigger heap); the quadratic paths these
// replace gave 16 and more (40k GraphQL items: 14–25 s).

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lint } from "../../lint/index.js"; // the package entry: every operation's validators loaded
import { engine } from "../../output/index.mjs";

const CLI = fileURLToPath(new URL("../../dist/cli/v2kit.js", import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), "v2kit-growth-"));

/** The median of three timings of `run`, in ms. */
function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

/** A saveTemplate whose input holds a list of `count` invalid items (`env: [1, 1, …]`, 2 bytes each). */
const graphqlAttack = (count: number) =>
  JSON.stringify({
    query: `mutation { saveTemplate(input: {name: "t", imageName: "a/b:1", containerDiskInGb: 5, volumeInGb: 0, env: [${"1,".repeat(count)}]}) { id } }`,
  });

describe("GraphQL verdicts are linear in the document", () => {
  it("a list of 10k vs 40k invalid items: every item has its violation and position, time ratio under 10 (quadratic was 15–28)", () => {
    const small = graphqlAttack(10_000);
    const large = graphqlAttack(40_000);
    expect(large.length).toBeGreaterThan(80_000);
    const verdict = lint(large, { operation: "graphql:saveTemplate" });
    expect(verdict.status).toBe(422);
    expect(verdict.violations).toHaveLength(40_000);
    expect(verdict.violations[39_999]?.message).toMatch(/argument input\.env\[39999\], query line 1, column \d+/);
    const t1 = median(() => lint(small, { operation: "graphql:saveTemplate" }));
    const t4 = median(() => lint(large, { operation: "graphql:saveTemplate" }));
    console.log(`GraphQL 10k items ${t1.toFixed(0)} ms, 40k items ${t4.toFixed(0)} ms: ratio ${(t4 / t1).toFixed(1)}`);
    expect(t4 / t1).toBeLessThan(10);
  });

  it("a 1 MiB document is refused at the token bound, quickly, instead of being parsed whole", () => {
    const huge = graphqlAttack(512 * 1024);
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    const t0 = performance.now();
    const verdict = lint(huge, { operation: "graphql:saveTemplate" });
    const ms = performance.now() - t0;
    expect(verdict.violations.map((violation) => violation.rule)).toEqual(["graphql/limit"]);
    expect(verdict.status).toBe(400);
    // Against a baseline measured in the same run: the 40k-item document, which is parsed whole.
    const baseline = median(() => lint(graphqlAttack(40_000), { operation: "graphql:saveTemplate" }));
    expect(ms).toBeLessThan(baseline * 4);
  });
});

describe("bodies with more violations than a spread argument list can hold", () => {
  const ports = (count: number) => JSON.stringify({ name: "t", image: "a/b:1", ports: Array.from({ length: count }, () => "x") });

  it("130k violations: 422 listing 100k and counting the rest, not 400 json/depth; the generated check() does not throw", () => {
    const verdict = lint(ports(130_000), { operation: "createTemplate" });
    expect(verdict.status).toBe(422);
    expect(verdict.violations).toHaveLength(100_001);
    expect(verdict.violations.at(-1)).toMatchObject({ rule: "schema/more", message: expect.stringContaining("30000 more") });
    expect(verdict.violations.some((violation) => violation.rule === "json/depth")).toBe(false);
    const check = engine.operations.get("createTemplate")?.check;
    expect(check).toBeDefined();
    const direct = check!(JSON.parse(ports(130_000)), {});
    expect(direct.violations).toHaveLength(100_001);
    // Below the listing limit every violation is there: 99,999 of them.
    expect(lint(ports(99_999), { operation: "createTemplate" }).violations).toHaveLength(99_999);
  });
});

describe("the largest body lint reads (16 MiB, 4M violations)", () => {
  it("answers 422 listing 100,000 violations and counting the rest, in json and pretty, without crashing", () => {
    const file = path.join(dir, "huge.json");
    writeFileSync(file, JSON.stringify({ name: "t", image: "a/b:1", ports: Array.from({ length: 4_000_000 }, () => "x") }));
    for (const format of ["json", "pretty"]) {
      const result = spawnSync(process.execPath, [CLI, "lint", "--operation", "createTemplate", "--format", format, file], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toBe("");
      expect(result.stdout).toContain("3900000 more schema check(s), not listed: a verdict lists at most 100000");
      if (format === "json") expect((JSON.parse(result.stdout) as { violations: unknown[] }).violations).toHaveLength(100_001);
      else expect(result.stdout).toContain("invalid, status 422 (100001 violations)");
    }
  });
});

describe("output formatting is linear in the findings", () => {
  it("pretty on a minified (one-line) body: 25k vs 100k violations, time ratio under 6", () => {
    const oneLine = (count: number) => {
      const file = path.join(dir, `line-${count}.json`);
      writeFileSync(file, JSON.stringify({ name: "t", image: "a/b:1", ports: Array.from({ length: count }, () => "x") }));
      return file;
    };
    const small = oneLine(25_000);
    const large = oneLine(100_000);
    const run = (file: string) => spawnSync(process.execPath, [CLI, "lint", "--operation", "createTemplate", file], { encoding: "utf8", maxBuffer: 1 << 30 });
    expect(run(large).stdout).toContain("/ports/99999");
    const t1 = median(() => run(small));
    const t4 = median(() => run(large));
    console.log(`pretty, one line: 25k ${t1.toFixed(0)} ms, 100k ${t4.toFixed(0)} ms: ratio ${(t4 / t1).toFixed(1)}`);
    expect(t4 / t1).toBeLessThan(6);
  });

  /** A createTemplate body whose `env` holds `count` numbers (each a violation at its own key), pretty-printed over `count` lines. */
  function envFile(count: number): string {
    const env: Record<string, number> = {};
    for (let i = 0; i < count; i++) env[`K${i}`] = 1;
    const file = path.join(dir, `env-${count}.json`);
    writeFileSync(file, JSON.stringify({ name: "t", image: "a/b:1", env }, null, 1));
    return file;
  }
  const run = (format: string, file: string) => {
    const result = spawnSync(process.execPath, [CLI, "lint", "--operation", "createTemplate", "--format", format, file], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    expect(result.status).toBe(1);
    return result.stdout;
  };

  for (const format of ["pretty", "sarif"]) {
    it(`${format}: 25k vs 100k violations with positions, time ratio under 6`, () => {
      const small = envFile(25_000);
      const large = envFile(100_000);
      const out = run(format, large);
      expect(out).toContain("K99999");
      const t1 = median(() => run(format, small));
      const t4 = median(() => run(format, large));
      console.log(`${format}: 25k ${t1.toFixed(0)} ms, 100k ${t4.toFixed(0)} ms: ratio ${(t4 / t1).toFixed(1)}`);
      expect(t4 / t1).toBeLessThan(6);
    });
  }
});
