// Go clients whose tests fake the v1 API, and Go request functions that send some paths elsewhere
// (issue 41, item 1): `migrate scan --fix` as a user runs it on a Go module written here
// (test/fixtures/scan-clients/go-test-fakes: a client whose `urlFor` sends `/v2/…` queue paths to
// another host, and whose `httptest` handlers match its v1 paths; go-test-fake-v1-answer: a fake
// that answers a list as a bare array). The fixed module is judged by Go's own tools: gofmt -l,
// go vet and go test ./... must pass on it, as they do before the fix.

import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { files, fixtureCases, has, jsonLines, run } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const { scratch } = fixtureCases(FIXTURES, "go-fakes");
const go = has("go", ["version"]);
const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" };

interface JsonFinding {
  file: string;
  line: number;
  v1: { method: string; path: string };
  notes: { message: string }[];
}

/** gofmt -l, go vet ./... and go test ./... in `dir`: what failed, or undefined. */
function goChecks(dir: string): string | undefined {
  const fmt = spawnSync("gofmt", ["-l", "."], { cwd: dir, encoding: "utf8" });
  if (fmt.status !== 0 || fmt.stdout.trim() !== "") return `gofmt -l: ${fmt.stdout}${fmt.stderr}`;
  const vet = spawnSync("go", ["vet", "./..."], { cwd: dir, encoding: "utf8", env: GO_ENV });
  if (vet.status !== 0) return `go vet: ${vet.stderr}`;
  const test = spawnSync("go", ["test", "-count=1", "./..."], { cwd: dir, encoding: "utf8", env: GO_ENV });
  if (test.status !== 0) return `go test: ${test.stdout}${test.stderr}`;
  return undefined;
}

/** Each call's notes (reads of the answer, `v1-response-field`, left out), as `file:line notes`. */
const notesOf = (stdout: string) =>
  jsonLines<JsonFinding & { ruleId: string }>(stdout)
    .filter((finding) => finding.ruleId !== "v1-response-field")
    .map((finding) => `${finding.file}:${finding.line} ${finding.notes.map((note) => note.message).join(" | ")}`);

describe("a Go client's httptest fakes move with it (issue 41)", () => {
  it.each([[[]], [["--unsafe-fixes"]]])("go-test-fakes %j: base, calls and fakes change together; the queue path stays; go test passes", (extra: string[]) => {
    const dir = scratch("go-test-fakes");
    try {
      if (go) expect(goChecks(dir)).toBeUndefined();
      const result = run(dir, ["--fix", ...extra, "--format", "json"]);
      expect(result.stderr).toContain("fixed 5 calls in 3 files; 0 calls left");
      const client = readFileSync(join(dir, "volumes/client.go"), "utf8");
      expect(client).toContain('restBase  = "https://api.runpod.io/v2"');
      expect(client).toContain('queueBase = "https://api.runpod.ai"');
      const tests = readFileSync(join(dir, "volumes/volumes_test.go"), "utf8");
      expect(tests).toContain('r.Method == http.MethodDelete && r.URL.Path == "/network-volumes/vol-1"');
      expect(tests).toContain('if r.URL.Path != "/network-volumes/vol-2" {');
      // The queue API's path, sent through the same request function, goes elsewhere: unchanged.
      expect(tests).toContain('r.URL.Path == "/v2/ep-1/run"');
      expect(readFileSync(join(dir, "volumes/jobs.go"), "utf8")).toContain('path := "/v2/" + endpoint + "/run"');
      if (go) expect(goChecks(dir)).toBeUndefined();
      const fixed = files(dir);
      expect(run(dir, ["--fix", ...extra]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(fixed);
      expect(jsonLines(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the prefix branch is what lets the base move: without it, or behind `&&`, `/v2/…` is a path this base gets, and the base stays", () => {
    const branch = `\tif strings.HasPrefix(path, "/v2/") {\n\t\treturn c.queue + path\n\t}\n`;
    for (const replacement of ["", `\tif strings.HasPrefix(path, "/v2/") && c.queue != "" {\n\t\treturn c.queue + path\n\t}\n`]) {
      const dir = scratch("go-test-fakes");
      try {
        const path = join(dir, "volumes/client.go");
        const text = readFileSync(path, "utf8");
        expect(text).toContain(branch);
        writeFileSync(path, text.replace(branch, replacement));
        const before = files(dir);
        const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
        expect(files(dir)).toEqual(before);
        const notes = notesOf(result.stdout);
        expect(notes).toHaveLength(5);
        for (const note of notes) expect(note).toContain("`post` uses `restBase` and is called with no v1 path v2kit reads");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("a fake whose method v2 changes (POST …/update is PATCH in v2) is reported, and --fix keeps its client v1", () => {
    const dir = scratch("go-test-fakes");
    try {
      const path = join(dir, "volumes/volumes_test.go");
      const text = readFileSync(path, "utf8");
      const deleteCase = '\t\tcase r.Method == http.MethodDelete && r.URL.Path == "/networkvolumes/vol-1":\n';
      expect(text).toContain(deleteCase);
      writeFileSync(
        path,
        text.replace(
          deleteCase,
          `\t\tcase r.Method == http.MethodPost && r.URL.Path == "/networkvolumes/vol-1/update":\n\t\t\tw.WriteHeader(http.StatusOK)\n${deleteCase}`,
        ),
      );
      const before = files(dir);
      const notes = notesOf(run(dir, ["--fix", "--format", "json"]).stdout);
      expect(files(dir)).toEqual(before);
      expect(notes.find((note) => note.startsWith("volumes/volumes_test.go:17"))).toContain(
        "which changes only together with its client's calls and test fakes, and 1 of 6 cannot be migrated (volumes/volumes_test.go:19)",
      );
      expect(notes.find((note) => note.startsWith("volumes/volumes_test.go:19"))).toContain(
        "not fixed: the fake answers POST /networkvolumes/vol-1/update, which v2 serves as PATCH /network-volumes/{id}: change its method check and its path with the client by hand",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a path through the request functions that names no v1 route (a stray): --fix keeps the client v1 and says why, --unsafe-fixes moves the base past it and names it", () => {
    const secrets = `package volumes\n\nimport "context"\n\n// Secret reads a secret (a path no v1 route has).\nfunc (c *Client) Secret(ctx context.Context, name string) (map[string]string, error) {\n\tvar out map[string]string\n\terr := c.get(ctx, "/secrets/"+name, &out)\n\treturn out, err\n}\n`;
    const safe = scratch("go-test-fakes");
    const unsafe = scratch("go-test-fakes");
    try {
      for (const dir of [safe, unsafe]) writeFileSync(join(dir, "volumes/secrets.go"), secrets);
      const before = files(safe);
      const kept = run(safe, ["--fix", "--format", "json"]);
      expect(files(safe)).toEqual(before);
      const notes = notesOf(kept.stdout);
      expect(notes).toHaveLength(5);
      for (const note of notes)
        expect(note).toContain(
          "its request functions also send a path that names no v1 route v2kit knows (volumes/secrets.go:8 (`/secrets/…` through `get`)): v1 is retired, so it fails today as on v2; run with --unsafe-fixes",
        );
      const moved = run(unsafe, ["--fix", "--unsafe-fixes"]);
      expect(moved.stderr).toContain(
        "v2kit migrate scan: volumes/secrets.go:8 (`/secrets/…` through `get`): sent to the base `restBase`, now https://api.runpod.io/v2, and left as written",
      );
      expect(moved.stderr).toContain("fixed 5 calls in 3 files; 0 calls left");
      expect(readFileSync(join(unsafe, "volumes/secrets.go"), "utf8")).toBe(secrets);
      if (go) expect(goChecks(unsafe)).toBeUndefined();
    } finally {
      rmSync(safe, { recursive: true, force: true });
      rmSync(unsafe, { recursive: true, force: true });
    }
  });

  it("a fake that answers in v1's shape is reported: --fix keeps the client v1, --unsafe-fixes moves it and leaves the fake with why", () => {
    const safe = scratch("go-test-fake-v1-answer");
    const unsafe = scratch("go-test-fake-v1-answer");
    try {
      const before = files(safe);
      const kept = run(safe, ["--fix", "--format", "json"]);
      expect(files(safe)).toEqual(before);
      const keptNotes = notesOf(kept.stdout);
      expect(keptNotes).toHaveLength(3);
      expect(keptNotes.find((note) => note.startsWith("pods/client_test.go:13"))).toContain(
        'this test fake answers GET /pods in v1\'s shape, and the v2 response shape differs: a bare array, where v2 answers `{"pods": [...]}`',
      );
      for (const note of keptNotes.filter((candidate) => candidate.startsWith("pods/client.go")))
        expect(note).toContain("1 of 3 cannot be migrated (pods/client_test.go:13)");

      const moved = run(unsafe, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(moved.stderr).toContain("fixed 2 calls in 1 file; 1 call left");
      expect(readFileSync(join(unsafe, "pods/client.go"), "utf8")).toContain('var BaseURL = "https://api.runpod.io/v2"');
      const left = notesOf(moved.stdout);
      expect(left).toHaveLength(1);
      // The client's reads of v1's answer (the `desiredStatus` tag, the list decoded into `[]Pod`) are reported, with `v2kit:` comments.
      const reads = jsonLines<JsonFinding & { ruleId: string }>(moved.stdout).filter((finding) => finding.ruleId === "v1-response-field");
      expect(reads.map((finding) => finding.file)).toEqual(["pods/client.go", "pods/client.go"]);
      expect(readFileSync(join(unsafe, "pods/client.go"), "utf8")).toContain(
        "// v2kit: GET /pods moved to GET /v2/pods, and this reads its v1 answer (desiredStatus): v2 answers it at status; change the read, then delete this comment\ntype Pod struct {",
      );
      expect(left[0]).toMatch(/^pods\/client_test\.go:13 .*not fixed: this test fake answers GET \/pods in v1's shape/);
      expect(left[0]).toContain("a test through this fake passes on an answer the v2 service does not give");
      if (go) expect(goChecks(unsafe)).toBeUndefined();
    } finally {
      rmSync(safe, { recursive: true, force: true });
      rmSync(unsafe, { recursive: true, force: true });
    }
  });

  it('go-test-fake-callback: a fake that hands the request\'s method and path to a callback (`method == "GET" && path == "/networkvolumes/vol-1"`) moves with its client, whose constructor defaults an empty base (`if base == ""`)', () => {
    const dir = scratch("go-test-fake-callback");
    try {
      if (go) expect(goChecks(dir)).toBeUndefined();
      // Before this round: the callback's comparisons were left as calls of their own, and New's test of its base blocked the client.
      const found = jsonLines<JsonFinding & { ruleId: string }>(run(dir, ["--format", "json"]).stdout);
      // The scan reads each comparison's literal as a path, its method inferred; the fix reads the method the condition states.
      expect(found.map((finding) => `${finding.file}:${finding.line} ${finding.ruleId}`)).toEqual([
        "volumes/volumes.go:14 v1-call",
        "volumes/volumes.go:27 v1-call",
        "volumes/volumes_test.go:28 v1-call-inferred",
        "volumes/volumes_test.go:30 v1-call-inferred",
      ]);
      const result = run(dir, ["--fix"]);
      expect(result.stderr).toContain("fixed 4 calls in 3 files; 0 calls left");
      expect(readFileSync(join(dir, "volumes/client.go"), "utf8")).toContain('const DefaultBaseURL = "https://api.runpod.io/v2"');
      const tests = readFileSync(join(dir, "volumes/volumes_test.go"), "utf8");
      expect(tests).toContain('case method == "GET" && path == "/network-volumes/vol-1":');
      expect(tests).toContain('case method == http.MethodDelete && path == "/network-volumes/vol-1":');
      if (go) expect(goChecks(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
