// The SARIF that `v2kit lint`, `v2kit migrate scan` and `v2kit scan` write, judged by tools we did
// not write: Microsoft's SARIF Multitool (`validate`: the SARIF 2.1.0 schema and the SARIF rules
// GitHub code scanning and other consumers follow) and Ajv 2020 with the schema the Multitool ships.
// The Multitool is a .NET program of about 100 MB, so it is not a devDependency: .ci/run installs
// it and names it in V2KIT_SARIF_MULTITOOL; without it this suite is skipped with the reason.

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { cli, repo, scratch } from "./fixtures/conformance/support.js";

const multitool = process.env.V2KIT_SARIF_MULTITOOL ?? "";
const present = multitool !== "" && existsSync(multitool);
const SKIP =
  "Microsoft's SARIF Multitool is not installed (about 100 MB, so not a devDependency): " +
  "`npm install --prefix ~/.cache/v2kit-sarif @microsoft/sarif-multitool-linux@5.7.0`, then set " +
  "V2KIT_SARIF_MULTITOOL=~/.cache/v2kit-sarif/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool " +
  "(.ci/run does both)";
if (!present) console.log(`skipping the SARIF validator suite: ${SKIP}`);

/**
 * The one Multitool warning accepted: the driver has no `informationUri`, because v2kit has no
 * public home page to name yet (it is installed from a tarball or a git URL). Every other
 * result, of any level, fails the test.
 */
const ACCEPTED = new Set(["SARIF2005/Warning_ProvideToolnformationUri"]);

interface MultitoolResult {
  ruleId: string;
  level?: string;
  message: { id?: string; arguments?: string[]; text?: string };
  locations?: { physicalLocation?: { region?: { startLine?: number } } }[];
}

/** Run `Sarif.Multitool validate` on `file`; its own findings, minus the accepted ones, one line each. */
function multitoolFindings(file: string): string[] {
  // npm may not have run the package's postinstall (`chmod u+x`) under --ignore-scripts.
  if ((statSync(multitool).mode & 0o100) === 0) chmodSync(multitool, 0o755);
  const out = `${file}.validation.sarif`;
  const run = spawnSync(multitool, ["validate", file, "--output", out, "--quiet"], { encoding: "utf8", timeout: 120_000 });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  expect(existsSync(out), `the Multitool wrote no ${out}: ${run.stdout}${run.stderr}`).toBe(true);
  const log = JSON.parse(readFileSync(out, "utf8")) as { runs: { results?: MultitoolResult[] }[] };
  const results = log.runs.flatMap((each) => each.results ?? []);
  return results
    .filter((result) => !ACCEPTED.has(`${result.ruleId}/${result.message.id ?? ""}`))
    .map((result) => {
      const line = result.locations?.[0]?.physicalLocation?.region?.startLine ?? 0;
      return `${result.ruleId} ${result.level ?? "warning"} at line ${line}: ${result.message.id ?? ""} ${(result.message.arguments ?? []).join(" | ")}`;
    });
}

function schemaErrors(file: string): string[] {
  const schemaFile = path.join(path.dirname(multitool), "sarif-2.1.0.json");
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")) as object);
  if (validate(JSON.parse(readFileSync(file, "utf8")))) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? error.keyword}`);
}

/** Run the CLI in `cwd` and save its stdout (the SARIF log) as NAME.sarif in a scratch folder. */
function sarifOf(name: string, args: string[], cwd = repo): string {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  expect(run.status, run.stderr).not.toBe(2);
  expect(run.stdout.trim().startsWith("{"), run.stderr).toBe(true);
  const file = path.join(scratch("sarif"), `${name}.sarif`);
  writeFileSync(file, run.stdout);
  return file;
}

/** A v2 call with a query parameter its operation does not take: the one `v2kit scan` rule the fixture trees lack. */
function unknownQueryTree(): string {
  const dir = path.join(scratch("sarif-tree"), "src");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "pods.py"),
    'import requests\n\nBASE = "https://rest.runpod.io/v2"\n\n\ndef pods(headers):\n    return requests.get(f"{BASE}/pods?colour=blue", headers=headers).json()["pods"]\n',
  );
  return dir;
}

describe.skipIf(!present)("SARIF logs judged by Microsoft's SARIF Multitool and Ajv 2020", () => {
  const cases: [string, () => string][] = [
    [
      "v2kit lint --format sarif (violations and warnings of several bodies)",
      () =>
        sarifOf("lint", [
          "lint",
          "--operation",
          "createEndpoint",
          "examples/create-endpoint-invalid.json",
          "examples/create-endpoint-gpu.json",
          "examples/create-endpoint-cpu.json",
          "--format",
          "sarif",
        ]),
    ],
    [
      "v2kit migrate scan --format sarif (v1 calls of seven languages, inferred calls, response reads, mentions)",
      () =>
        sarifOf("migrate-scan", [
          "migrate",
          "scan",
          "examples/scan-tree",
          "test/fixtures/scan",
          "test/fixtures/scan-clients",
          "test/fixtures/scan-v2-base",
          "--format",
          "sarif",
          "--fail-on",
          "none",
        ]),
    ],
    [
      "v2kit scan --format sarif (every rule: v1 calls, routes, query parameters, bodies, response reads, notes)",
      () =>
        sarifOf("scan", [
          "scan",
          "examples/scan-code",
          "examples/scan-tree",
          "test/fixtures/scan",
          "test/fixtures/scan-clients",
          "test/fixtures/scan-v2-base",
          unknownQueryTree(),
          "--format",
          "sarif",
          "--fail-on",
          "none",
        ]),
    ],
  ];

  for (const [title, make] of cases) {
    it(`${title}: valid, and no Multitool finding but the accepted one`, () => {
      const file = make();
      const log = JSON.parse(readFileSync(file, "utf8")) as { runs: { results: { ruleId: string }[]; tool: { driver: { version?: string } } }[] };
      // Not an empty log that passes trivially.
      expect(log.runs[0]?.results.length ?? 0).toBeGreaterThan(0);
      expect(log.runs[0]?.tool.driver.version).toBe((JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as { version: string }).version);
      expect(schemaErrors(file)).toEqual([]);
      expect(multitoolFindings(file)).toEqual([]);
    });
  }

  it("the validators are not blind: a line 0 and an unknown property fail both; a bad level fails Ajv", () => {
    const file = sarifOf("scan-broken", ["scan", "examples/scan-code", "--format", "sarif", "--fail-on", "none"]);
    const log = JSON.parse(readFileSync(file, "utf8")) as {
      bogus?: number;
      runs: { results: { level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    const [first, second] = log.runs[0]?.results ?? [];
    if (!first || !second) throw new Error("examples/scan-code gave fewer than two results");
    (second.locations[0] as { physicalLocation: { region: { startLine: number } } }).physicalLocation.region.startLine = 0;
    log.bogus = 1;
    writeFileSync(file, JSON.stringify(log, null, 2));
    const found = multitoolFindings(file);
    expect(found.some((line) => line.startsWith("JSON1005 error"))).toBe(true);
    expect(found.some((line) => line.startsWith("JSON1008 error"))).toBe(true);
    // The Multitool reports nothing at all for a log whose enum value it cannot read (seen with
    // Sarif.Multitool 5.7.0): that is why Ajv checks the schema too.
    first.level = "fatal";
    const withLevel = file.replace(/\.sarif$/, "-level.sarif");
    writeFileSync(withLevel, JSON.stringify(log, null, 2));
    const errors = schemaErrors(withLevel);
    expect(errors.some((error) => error.startsWith("/runs/0/results/0/level"))).toBe(true);
    expect(errors.some((error) => error.includes("/region/startLine"))).toBe(true);
    expect(errors.some((error) => error.includes("additional properties"))).toBe(true);
  });
});
