// The README's test command, timed as a user runs it: `npm test` (build, type-check of output/,
// eslint + prettier, the fast vitest project) in this checkout, beside its own first step, the
// build (tsc) alone, measured in the same run. Target: ≤ 120 s on 2 cores (issue 14). Skipped
// with --quick: it is two minutes of work and rebuilds dist/ (so it runs last).

import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { BenchConfig } from "./context.js";
import { log, root } from "./context.js";
import type { Section } from "./figures.js";

function timed(args: string[]): { seconds: number; status: number | null; tail: string } {
  const started = performance.now();
  const result = spawnSync("npm", args, { cwd: root(), encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: "0" } });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, status: result.status, tail: `${result.stdout}${result.stderr}`.trim().split("\n").slice(-3).join(" / ") };
}

export async function npmTest(config: BenchConfig): Promise<Section> {
  const title = "npm test";
  const method =
    "`npm test` run whole in this checkout (a child process, wall time from spawn to exit), after `npm run build` alone as its anchor (the first step of npm test, measured in the same run just before). ESLint's and Prettier's caches (node_modules/.cache, scripts/lint.mjs) are removed before it, so every file is linted, as in a fresh clone; `npm run lint` is then timed again with the caches it left. The CI script `.ci/run` also prints the time its `npm test` took.";
  if (config.quick) {
    const skipped = "--quick leaves it out (it is the whole npm test, about two minutes); run `npm run bench -- --only tests`";
    return {
      title,
      method,
      rows: [],
      profiles: [],
      figures: [{ key: "npm_test_seconds", label: "`npm test` wall time", value: null, unit: "s", target: { op: "<=", value: 120 }, baseline: "n/a", skipped }],
    };
  }
  log("npm test: the build alone, then npm test without lint caches, then the lint step with them");
  const build = timed(["run", "build"]);
  // As a fresh clone (CI) runs it: ESLint's and Prettier's caches (scripts/lint.mjs) removed first.
  for (const tool of ["eslint", "prettier"]) rmSync(path.join(root(), "node_modules", ".cache", tool), { recursive: true, force: true });
  const test = timed(["test"]);
  const lintWarm = timed(["run", "lint"]);
  const round = (value: number) => Math.round(value * 10) / 10;
  const failed = test.status !== 0 ? `npm test exited ${test.status}: ${test.tail}` : undefined;
  return {
    title,
    method,
    rows: [
      { step: "npm run build (anchor)", seconds: round(build.seconds), exit: build.status },
      { step: "npm test (no lint caches, as a fresh clone)", seconds: round(test.seconds), exit: test.status },
      {
        step: "npm run lint again (its caches warm: a developer's next npm test saves the difference)",
        seconds: round(lintWarm.seconds),
        exit: lintWarm.status,
      },
    ],
    profiles: [],
    figures: [
      {
        key: "npm_test_seconds",
        label: "`npm test` wall time",
        value: failed ? null : round(test.seconds),
        unit: "s",
        target: { op: "<=", value: 120 },
        baseline: `npm run build alone: ${round(build.seconds)} s (${(test.seconds / build.seconds).toFixed(1)}× of it)`,
        ...(failed ? { skipped: failed } : {}),
      },
    ],
  };
}
