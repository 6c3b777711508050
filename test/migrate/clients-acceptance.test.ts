// Acceptance test of issue 41 ("v1 is retired: --fix migrates whole clients, and the fixed
// program works against serve"). Each fixture client under test/fixtures/clients/ is a v1 client
// written in one of the styles real clients use (test/migrate/clients/README.md). For each:
// (a) before any fix, its program fails against `v2kit serve` (v1 routes are not served), and
//     the proxy saw it reach serve — so the redirect works and the failure is the v1 route's;
// (b) after `migrate scan --fix --unsafe-fixes`, it reaches its success line: first without
//     waiting for its pod (what the scanner alone must achieve), with no v1 route, no v1 query
//     parameter, no JSON body without its content type, every body valid under the bundled
//     schema and the published document, the queue API and GraphQL calls still answered; then
//     with the wait for RUNNING (which needs serve's pod lifecycle, issue 41 item 5);
// (c) every fixed file still parses (and compiles, where the language has a compiler here);
// (d) a second --fix changes nothing; (e) `--diff` of a fresh copy applies with `git apply` and
//     gives the same files as --fix.
// The control fixture (python-v2-control, a v2 client written by hand in the python-class style)
// proves the harness: it passes with no fix. Until issue 41 is implemented, (b)–(e) fail for the
// v1 fixtures; that is what this file is for.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bodiesWithoutJsonType, invalidBodies, queueAndGraphqlCalls, v1QueryParameters, v1Requests } from "./clients/contract.js";
import {
  cannotRun,
  changedFiles,
  copyFixture,
  describeRun,
  filesOf,
  fixtureNames,
  gitApply,
  migrateScan,
  parseCheck,
  readManifest,
  runClient,
} from "./clients/harness/index.js";
import { toolchains } from "./clients/harness/toolchains.js";

// A run starts serve and the program (a first `go run` or `cargo build` compiles); parseCheck runs
// gofmt, go vet and cargo check. On a loaded 2-core machine one takes over a minute.
vi.setConfig({ testTimeout: 300_000 });

const FIX = ["--fix", "--unsafe-fixes"];
const NO_WAIT = { WAIT_FOR_POD: "0" };
const scratch: string[] = [];
const copy = (name: string) => {
  const dir = copyFixture(name);
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const all = fixtureNames();
const controls = all.filter((name) => readManifest(name).control);
const v1Clients = all.filter((name) => !readManifest(name).control);

describe("the fixture set", () => {
  it("has a v1 client in each language issue 41 names, and a control", () => {
    const languages = new Set(v1Clients.map((name) => readManifest(name).language));
    expect([...languages].sort()).toEqual(["go", "javascript", "powershell", "python", "rust", "shell", "typescript"]);
    expect(controls.length).toBeGreaterThan(0);
  });

  it.each(all)("%s parses with its language's tools as written", (name) => {
    const { problems } = parseCheck(copy(name), readManifest(name));
    expect(problems).toEqual([]);
  });
});

describe("the harness", () => {
  it.each(controls)("%s, already v2, reaches its success line against serve with no fix (pod wait skipped)", async (name) => {
    const { successLine } = readManifest(name);
    const run = await runClient(copy(name), readManifest(name), { env: NO_WAIT });
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.stdout.split("\n")).toContain(successLine);
    expect(v1Requests(run.requests)).toEqual([]);
    expect(bodiesWithoutJsonType(run.requests)).toEqual([]);
    expect(invalidBodies(run.requests).invalid).toEqual([]);
    expect(queueAndGraphqlCalls(run.requests).filter((call) => !call.ok)).toEqual([]);
  });

  it.each(controls)(
    "%s, already v2, reaches its success line when it waits for its pod to be RUNNING (needs serve's pod lifecycle, issue 41 item 5)",
    async (name) => {
      const run = await runClient(copy(name), readManifest(name));
      expect(run.exitCode, describeRun(run)).toBe(0);
      expect(run.stdout.split("\n")).toContain(readManifest(name).successLine);
    },
  );

  it.each(controls)("%s: migrate scan finds no v1 call in it and --fix leaves it alone", (name) => {
    const dir = copy(name);
    const before = filesOf(dir);
    expect(migrateScan(dir, ["--fail-on", "mention"]).code).toBe(0);
    migrateScan(dir, FIX);
    expect(changedFiles(before, filesOf(dir))).toEqual([]);
  });

  it("sitecustomize redirects urllib, http.client and requests (when installed), and leaves other hosts alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "v2kit-client-redirect-"));
    scratch.push(dir);
    writeFileSync(
      join(dir, "probe.py"),
      [
        "import http.client, json, os, urllib.request",
        'key = os.environ["RUNPOD_API_KEY"]',
        'r = urllib.request.urlopen(urllib.request.Request("https://api.runpod.io/v2/pods", headers={"Authorization": "Bearer " + key}))',
        'print("urllib", r.status)',
        'c = http.client.HTTPSConnection("rest.runpod.io")',
        'c.request("GET", "/v1/pods", headers={"Authorization": "Bearer " + key})',
        'print("http.client", c.getresponse().status)',
        "try:",
        "    import requests",
        "except ImportError:",
        "    requests = None",
        "if requests:",
        '    print("requests", requests.get("https://api.runpod.ai/v2/ep1/health", headers={"Authorization": "Bearer " + key}).status_code)',
        "import sitecustomize",
        'print("other", sitecustomize._rewrite("https://example.com/v1/pods"))',
        'print("OK probe")',
        "",
      ].join("\n"),
    );
    const run = await runClient(dir, { language: "python", main: "probe.py", successLine: "OK probe", styles: [] });
    expect(run.exitCode, describeRun(run)).toBe(0);
    const seen = run.requests.map((request) => `${request.method} ${request.host}${request.path} ${request.status}`);
    expect(seen.slice(0, 2)).toEqual(["GET api.runpod.io/v2/pods 200", "GET rest.runpod.io/v1/pods 404"]);
    if (run.stdout.includes("requests ")) expect(seen[2]).toBe("GET api.runpod.ai/v2/ep1/health 200");
    expect(run.stdout).toContain("other https://example.com/v1/pods\n");
  });

  it("parseCheck reports a file its language's parser refuses", () => {
    const t = toolchains();
    const broken: [string, string, string][] = [
      ["python-class", "fleet/client.py", "def broken(:\n"],
      ["javascript-fetch", "lib/runpod.mjs", "export const = 1;\n"],
      ["typescript-config", "src/config.ts", "export const runpodConfig: number = 'text';\n"],
      ["shell-curl", "rollout.sh", "if then fi\n"],
    ];
    if (t.gofmt) broken.push(["go-package", "runpod/client.go", "package runpod\nfunc (\n"]);
    if (t.cargo) broken.push(["rust-std", "src/config.rs", "pub const REST_BASE: &str = ;\n"]);
    for (const [name, file, text] of broken) {
      const dir = copy(name);
      writeFileSync(join(dir, file), text);
      expect(parseCheck(dir, readManifest(name)).problems.join("\n"), `${name}/${file}`).not.toBe("");
    }
  });
});

/** The checks each v1 fixture goes through, as named in KNOWN_GAPS. */
const CHECKS = ["scan", "a", "b-no-wait", "b-wait", "b-none-left", "c", "d", "e"] as const;
type Check = (typeof CHECKS)[number];

interface KnownGap {
  fixture: string;
  checks: Check[];
  /** Why the check fails today, as a user of --fix would meet it. */
  reason: string;
  /** The failure each listed check must show: a gap that fails for another reason is not this gap. */
  failsWith: RegExp;
}

/** A call --unsafe-fixes left on the moved base: the program gets 404, and a second scan reports it (`v1-path-on-v2-base`). */
const LEFT_ON_V2_BASE = /POST api\.runpod\.io\/v2\/endpoints → 404|v1 path on the v2 base/;

/**
 * What fails today, measured on this tree (2026-11-29, round fourteen). Each listed check still
 * runs and must fail with `failsWith`; one that passes fails the test, so the list cannot rot:
 * take the entry (or the check) off when the scanner or serve learns the case. Scanner gaps are
 * for migrate/scan (issue 41), not for this harness.
 */
const KNOWN_GAPS: KnownGap[] = [
  {
    fixture: "python-class",
    checks: ["b-no-wait", "b-wait", "b-none-left"],
    reason:
      "--unsafe-fixes moves the base (api_base_url) and 9 of 10 calls (bodies passed to _make_request, which hands them to _send, are followed; stop gets {action: stop} there; ?includeWorkers=true is dropped, its note naming GET /v2/serverless/{id}/workers); the 1 left is create endpoint, whose gpuTypeIds is a parameter ([gpu_type]): no catalog can choose its pools before the program runs, so it sends a v1 path to the v2 base: POST /v2/endpoints answers 404",
    failsWith: LEFT_ON_V2_BASE,
  },
  {
    fixture: "go-package",
    checks: ["b-no-wait", "b-wait", "b-none-left"],
    reason:
      "--unsafe-fixes moves runpod.DefaultBaseURL and 9 of 10 calls (the newReq map literals of scale endpoint and create pod written as v2's nested maps); the 1 left is create endpoint, whose gpuTypeIds is a parameter ([]string{gpuType}): no catalog can choose its pools before the program runs, so it sends a v1 path to the v2 base: POST /v2/endpoints answers 404",
    failsWith: LEFT_ON_V2_BASE,
  },
  {
    fixture: "javascript-fetch",
    checks: ["b-no-wait", "b-wait", "b-none-left", "c", "d", "e"],
    reason:
      '--fix changes nothing: the base `process.env.RUNPOD_API_BASE ?? "…/v1"` is read like a constant, but `RUNPOD_API` is exported, so it stays with every call through it (issue 45\'s rule); the create-endpoint body needs --catalog for gpuTypeIds, and the headers come from helpers (`json()`, `auth()`)',
    failsWith: /rest\.runpod\.io\/v1\/endpoints → 404|changed no file|would fix 0 calls|v1 call POST \/endpoints/,
  },
  {
    fixture: "rust-std",
    checks: ["b-no-wait", "b-wait", "b-none-left", "c", "d", "e"],
    reason:
      '--fix changes nothing: the base is config::REST_BASE in another module, joined with format!("{}/pods/{}/stop", base, id) inside http::call; the calls are `inferred: base` ("relative to a base URL set elsewhere")',
    failsWith: /rest\.runpod\.io\/v1\/endpoints → 404|inferred: base|changed no file|would fix 0 calls/,
  },
  {
    fixture: "shell-curl",
    checks: ["b-no-wait", "b-wait", "b-none-left"],
    reason:
      "--unsafe-fixes moves config.env's RUNPOD_REST default and 11 of 12 calls (through `rp`, the stop call given its {action: stop} body, create pod with its here-document body migrated in place, `?includeWorkers=true` dropped, and the direct curl); the 1 left is create endpoint, whose here-document's gpuTypeIds is a shell variable (\"$GPU_TYPE\"): no catalog can choose its pools before the script runs, so it sends a v1 path to the v2 base: POST /v2/endpoints answers 404",
    failsWith: LEFT_ON_V2_BASE,
  },
  {
    fixture: "powershell-restmethod",
    checks: ["b-none-left", "d", "e"],
    reason:
      '--fix changes nothing: $script:RunpodBase in RunpodApi.psm1 is not followed into Invoke-Runpod -Path calls, and [ordered]@{} bodies are "built elsewhere" (its run and parse checks are skipped: no pwsh here)',
    failsWith: /the path is relative to the v1 base URL|changed no file|would fix 0 calls/,
  },
];

const gapOf = (fixture: string, check: Check): KnownGap | undefined => KNOWN_GAPS.find((gap) => gap.fixture === fixture && gap.checks.includes(check));

console.info(
  `KNOWN_GAPS (test/migrate/clients/README.md), checks still run and must fail as stated:\n${KNOWN_GAPS.map(
    (gap) => `  ${gap.fixture} [${gap.checks.join(", ")}]: ${gap.reason}`,
  ).join("\n")}`,
);

describe("KNOWN_GAPS", () => {
  it("names only v1 fixtures and checks that exist, each at most once", () => {
    for (const gap of KNOWN_GAPS) {
      expect(v1Clients).toContain(gap.fixture);
      for (const check of gap.checks) expect(CHECKS).toContain(check);
    }
    expect(new Set(KNOWN_GAPS.map((gap) => gap.fixture)).size).toBe(KNOWN_GAPS.length);
  });
});

/**
 * A check's body, run as written; when KNOWN_GAPS lists it, it must fail with the gap's
 * message (and a pass fails the test, naming the entry to take off).
 */
function knownGapAware(fixture: string, check: Check, body: () => unknown): () => Promise<void> {
  return async () => {
    const gap = gapOf(fixture, check);
    if (!gap) {
      await body();
      return;
    }
    let failure: unknown;
    try {
      await body();
    } catch (error) {
      failure = error;
    }
    expect(failure, `${fixture} (${check}) is listed in KNOWN_GAPS but now passes: take it off the list (${gap.reason})`).toBeDefined();
    expect(failure instanceof Error ? failure.message : String(failure)).toMatch(gap.failsWith);
  };
}

/** Tools CI must have (test/migrate/clients/README.md): there a missing one fails instead of skipping. PowerShell cannot be installed here. */
const requiredInCi = (language: string) => process.env.CI === "true" && language !== "powershell";

describe.each(v1Clients)("v1 client %s", (name) => {
  const manifest = readManifest(name);
  const missing = cannotRun(manifest.language);
  const runnable = missing === undefined || requiredInCi(manifest.language);
  const skipped = runnable ? "" : ` (not run here: ${missing})`;
  const acceptance = (check: Check, body: () => unknown) => knownGapAware(name, check, body);
  const title = (check: Check, text: string) => {
    const gap = gapOf(name, check);
    return gap ? `${text} [KNOWN GAP, must still fail: ${gap.reason}]` : text;
  };

  it(
    title("scan", "(scan) before any fix, migrate scan reports each of its v1 calls, at its line, with its method"),
    acceptance("scan", () => {
      const scan = migrateScan(copy(name), ["--format", "json", "--fail-on", "none"]);
      const found = scan.stdout
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as { file: string; line: number; ruleId: string; v1?: { method: string; path: string } })
        // Calls only: v1-response-field findings (issue 41 item 3) name the call they read, not a call.
        .filter((finding) => finding.v1 !== undefined && finding.ruleId.startsWith("v1-call"))
        .map((finding) => `${finding.file}:${finding.line} ${finding.v1?.method}`)
        .sort();
      const want = (manifest.v1Calls ?? []).map((call) => call.split(" ").slice(0, 2).join(" ")).sort();
      expect(want.length).toBeGreaterThan(0);
      expect(found).toEqual(want);
    }),
  );

  it.skipIf(!runnable)(
    title("a", `(a) fails against serve before any fix, on a v1 route it sent there${skipped}`),
    acceptance("a", async () => {
      const run = await runClient(copy(name), manifest);
      expect(run.exitCode, describeRun(run)).not.toBe(0);
      expect(run.stdout.split("\n")).not.toContain(manifest.successLine);
      const v1 = run.requests.filter((request) => request.host === "rest.runpod.io" && request.path.startsWith("/v1/"));
      expect(v1.length, describeRun(run)).toBeGreaterThan(0);
      expect(v1.every((request) => request.status === 404)).toBe(true);
    }),
  );

  it.skipIf(!runnable)(
    title("b-no-wait", `(b) after --fix --unsafe-fixes, reaches its success line without the pod wait, sending only valid v2 requests${skipped}`),
    acceptance("b-no-wait", async () => {
      const dir = copy(name);
      migrateScan(dir, FIX);
      const run = await runClient(dir, manifest, { env: NO_WAIT });
      expect(run.exitCode, describeRun(run)).toBe(0);
      expect(run.stdout.split("\n")).toContain(manifest.successLine);
      expect(v1Requests(run.requests)).toEqual([]);
      expect(v1QueryParameters(run.requests)).toEqual([]);
      expect(bodiesWithoutJsonType(run.requests)).toEqual([]);
      const bodies = invalidBodies(run.requests);
      expect(bodies.checked).toBeGreaterThan(0);
      expect(bodies.invalid).toEqual([]);
      const kept = queueAndGraphqlCalls(run.requests);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.filter((call) => !call.ok)).toEqual([]);
    }),
  );

  it.skipIf(!runnable)(
    title(
      "b-wait",
      `(b) after --fix --unsafe-fixes, reaches its success line waiting for its pod to be RUNNING (also needs serve's pod lifecycle, issue 41 item 5)${skipped}`,
    ),
    acceptance("b-wait", async () => {
      const dir = copy(name);
      migrateScan(dir, FIX);
      const run = await runClient(dir, manifest);
      expect(run.exitCode, describeRun(run)).toBe(0);
      expect(run.stdout.split("\n")).toContain(manifest.successLine);
    }),
  );

  it(
    title("b-none-left", "(b) after --fix --unsafe-fixes, migrate scan finds no v1 call left"),
    acceptance("b-none-left", () => {
      const dir = copy(name);
      migrateScan(dir, FIX);
      const left = migrateScan(dir, ["--fail-on", "inferred"]);
      expect(left.code, left.stdout).toBe(0);
    }),
  );

  const parsersHere = manifest.language === "powershell" ? toolchains().pwsh !== undefined : runnable;
  it.skipIf(!parsersHere)(
    title("c", `(c) every file --fix changed still parses with its language's tools${parsersHere ? "" : ` (not checked here: ${missing})`}`),
    acceptance("c", () => {
      const dir = copy(name);
      const before = filesOf(dir);
      migrateScan(dir, FIX);
      expect(changedFiles(before, filesOf(dir)).length, "--fix changed no file").toBeGreaterThan(0);
      const { problems, unchecked } = parseCheck(dir, manifest);
      expect(problems).toEqual([]);
      expect(unchecked).toEqual([]);
    }),
  );

  it(
    title("d", "(d) a second --fix --unsafe-fixes changes nothing"),
    acceptance("d", () => {
      const dir = copy(name);
      const original = filesOf(dir);
      migrateScan(dir, FIX);
      const once = filesOf(dir);
      expect(changedFiles(original, once).length, "the first --fix changed no file").toBeGreaterThan(0);
      migrateScan(dir, FIX);
      expect(changedFiles(once, filesOf(dir))).toEqual([]);
    }),
  );

  it(
    title("e", "(e) --diff --unsafe-fixes of a fresh copy applies with git apply and gives the files --fix writes"),
    acceptance("e", () => {
      const fixed = copy(name);
      migrateScan(fixed, FIX);
      const fresh = copy(name);
      const diff = migrateScan(fresh, ["--diff", "--unsafe-fixes"]);
      expect(diff.stdout, diff.stderr).not.toBe("");
      expect(gitApply(fresh, diff.stdout)).toBeUndefined();
      const want = filesOf(fixed);
      const got = filesOf(fresh);
      expect(changedFiles(want, got)).toEqual([]);
      // The diff adds and removes no file.
      expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    }),
  );
});
