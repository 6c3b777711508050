// The closing line of .ci/run: vitest's JSON reports of the projects it ran (`fast` under
// `npm test`, then `long`), added up into one "vitest: N passed, N failed, N skipped" line for
// every test of the run. A report of no test fails: a project that matched nothing is a broken
// configuration, not a pass.
//
// Usage: node .ci/vitest-summary.mjs REPORT.json...

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * The line for the given reports (vitest's JSON reporter output, parsed), or the reason there is
 * none. @param {{ name: string, report: Record<string, unknown> }[]} reports
 * @returns {{ line: string } | { error: string }}
 */
export function summary(reports) {
  const count = (report, key) => (typeof report[key] === "number" ? report[key] : 0);
  const empty = reports.filter(({ report }) => count(report, "numTotalTests") === 0).map(({ name }) => name);
  if (reports.length === 0) return { error: "no vitest report given" };
  if (empty.length > 0) return { error: `vitest ran no test: ${empty.join(", ")}` };
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { report } of reports) {
    passed += count(report, "numPassedTests");
    failed += count(report, "numFailedTests");
    skipped += count(report, "numPendingTests") + count(report, "numTodoTests");
  }
  return { line: `vitest: ${passed} passed, ${failed} failed, ${skipped} skipped` };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = summary(process.argv.slice(2).map((name) => ({ name, report: JSON.parse(readFileSync(name, "utf8")) })));
  if ("error" in result) {
    console.error(result.error);
    process.exit(1);
  }
  console.log(result.line);
}
