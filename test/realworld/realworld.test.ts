// Acceptance on bodies real clients build (test/realworld/README.md): every fixture goes
// through the CLI the way a user runs it (`lint --format json`, `migrate --format json`), one
// process per operation and many files per process. A fixture whose verdict needs a feature
// this build lacks (`dependsOn`) is skipped with the reason printed, so the suite states what
// is still missing instead of failing on it.

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type Feature, FEATURES, type Fixture, isSubset, loadFixtures } from "./fixtures.js";

const CLI = path.resolve(import.meta.dirname, "../../dist/cli/v2kit.js");
const fixtures = loadFixtures(path.join(import.meta.dirname, "fixtures"));
const work = mkdtempSync(path.join(tmpdir(), "v2kit-realworld-"));

function cli(args: string[], files: Record<string, unknown> = {}) {
  const paths = Object.entries(files).map(([name, body]) => {
    const file = path.join(work, name);
    writeFileSync(file, JSON.stringify(body));
    return file;
  });
  const run = spawnSync(process.execPath, [CLI, ...args, ...paths], { encoding: "utf8", maxBuffer: 64 << 20 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

type LintLine = { file: string; ok: boolean; status: number | null; violations: { rule: string; status: number }[] };
type MigrateLine = LintLine & { request: { method: string; path: string; body?: unknown }; lint: Omit<LintLine, "file"> | null };

const lintOk = (operation: string, body: unknown) => {
  const run = cli(["lint", "--operation", operation, "--format", "json"], { [`probe-${operation}.json`]: body });
  return run.status === 0;
};

/** What this build can do, probed through the CLI once (the features other branches add). */
const present: Record<Feature, boolean> = {
  "graphql-shapes":
    lintOk("secretDelete", { query: 'mutation { secretDelete(id: "x") }' }) &&
    lintOk("saveTemplate", { input: { name: "t", imageName: "i", containerDiskInGb: 1, volumeInGb: 0, startSsh: true, isPublic: false } }),
  "rest-operations": cli(["lint", "--operation", "createTemplate", "--format", "json"], { "probe-template.json": { name: "t", image: "i" } }).status !== 2,
  "catalog-refresh": lintOk("createEndpoint", {
    name: "e",
    image: "i",
    type: "QUEUE",
    scaling: { type: "QUEUE_DELAY", queueDelay: 4 },
    gpu: { pools: ["BLACKWELL_96"] },
  }),
};
// V2KIT_REALWORLD_ALL=1 runs every fixture, to see what a missing feature breaks.
if (process.env.V2KIT_REALWORLD_ALL === "1") for (const feature of FEATURES) present[feature] = true;
for (const feature of FEATURES)
  if (!present[feature]) console.log(`realworld: feature "${feature}" is absent from this build; fixtures depending on it are skipped`);

/** Results by fixture key, filled by one CLI run per (operation, current) group. */
const results = new Map<string, LintLine | MigrateLine>();

beforeAll(() => {
  const groups = new Map<string, Fixture[]>();
  for (const fixture of fixtures.filter((x) => x.dependsOn === undefined || present[x.dependsOn])) {
    const key = fixture.kind === "migrate" ? "migrate" : `${fixture.operation}\u0000${JSON.stringify(fixture.current ?? null)}`;
    groups.set(key, [...(groups.get(key) ?? []), fixture]);
  }
  let group = 0;
  for (const [key, members] of groups) {
    group++;
    const files = Object.fromEntries(members.map((member) => [`${member.key}.json`, member.kind === "migrate" ? member.request : member.body]));
    const first = members[0] as Fixture;
    let args: string[];
    if (first.kind === "migrate") args = ["migrate", "--format", "json"];
    else {
      args = ["lint", "--operation", first.operation as string, "--format", "json"];
      if (first.current !== undefined) {
        const current = path.join(work, `current-${group}.json`);
        writeFileSync(current, JSON.stringify(first.current));
        args.push("--current", current);
      }
    }
    const run = cli(args, files);
    if (run.status !== 0 && run.status !== 1) console.log(`realworld: ${key.replace("\u0000", " ")}: exit ${run.status}: ${run.stderr.split("\n")[0]}`);
    for (const line of run.stdout.split("\n").filter(Boolean)) {
      const parsed = JSON.parse(line) as LintLine;
      results.set(path.basename(parsed.file, ".json"), parsed);
    }
  }
}, 120_000);

const byFile = readdirSync(path.join(import.meta.dirname, "fixtures")).sort();
for (const file of byFile) {
  describe(file, () => {
    for (const fixture of fixtures.filter((x) => x.file === file)) {
      const missing = fixture.dependsOn !== undefined && !present[fixture.dependsOn];
      if (missing) console.log(`realworld: skipping ${file} ${fixture.name}: needs "${fixture.dependsOn}"`);
      it.skipIf(missing)(`${fixture.name}: ${fixture.want.ok ? "ok" : `${fixture.want.status} ${fixture.want.rule}`} (${fixture.reason})`, () => {
        const got = results.get(fixture.key);
        expect(got, "the CLI reported on this fixture").toBeDefined();
        const verdict = fixture.kind === "migrate" ? (got as MigrateLine).lint : (got as LintLine);
        if (fixture.kind === "migrate") {
          const migrateLine = got as MigrateLine;
          expect(migrateLine.request.method).toBe(fixture.want.method);
          expect(migrateLine.request.path).toBe(fixture.want.path);
          if (fixture.want.bodyIncludes !== undefined)
            expect(isSubset(fixture.want.bodyIncludes, migrateLine.request.body), JSON.stringify(migrateLine.request.body)).toBe(true);
          expect(migrateLine.ok, JSON.stringify(migrateLine)).toBe(fixture.want.ok);
        } else {
          expect(verdict?.ok, JSON.stringify(verdict?.violations)).toBe(fixture.want.ok);
        }
        if (!fixture.want.ok && fixture.want.status !== undefined) {
          expect(verdict?.status).toBe(fixture.want.status);
          expect(verdict?.violations.map((violation) => violation.rule)).toContain(fixture.want.rule);
        }
      });
    }
  });
}

describe("the corpus", () => {
  it("holds at least 40 v2 bodies, 20 v1 requests, and GraphQL in all four shapes", () => {
    const v2 = fixtures.filter((fixture) => fixture.kind !== "migrate");
    expect(v2.length).toBeGreaterThanOrEqual(40);
    expect(fixtures.filter((fixture) => fixture.kind === "migrate").length).toBeGreaterThanOrEqual(20);
    const shapes = new Set(
      v2
        .filter((fixture) => ["saveTemplate", "deleteTemplate", "secretCreate", "secretDelete"].includes(fixture.operation ?? ""))
        .map((fixture) => fixture.shape),
    );
    expect([...shapes].sort()).toEqual(["arguments", "bare", "inline", "variables"]);
  });

  it("records each body's source as a repository, a path and a full commit sha", () => {
    for (const fixture of fixtures) {
      expect(fixture.source.repo, fixture.key).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(fixture.source.commit, fixture.key).toMatch(/^[0-9a-f]{40}$/);
      expect(fixture.source.path.length, fixture.key).toBeGreaterThan(0);
    }
  });

  it("keeps every fixture file valid JSON with unique names", () => {
    const keys = fixtures.map((fixture) => fixture.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const file of byFile) expect(() => JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", file), "utf8"))).not.toThrow();
  });
});
