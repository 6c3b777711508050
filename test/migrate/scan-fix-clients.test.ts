// The client is the unit of migration (issue 41, item 1): `migrate scan --fix` as a user runs it
// on whole clients whose v1 base is set once (a class attribute, a Go package constant, a config
// object in another file, an environment default through a default argument) and whose calls
// go through one request function (a method, a Go method, a module function whose signature spans
// lines). One folder per case under test/fixtures/scan-clients:
// `before/` the code, `after/` what --fix must make of it, `args` extra flags. Each is fixed in a
// scratch copy and compared byte for byte; every fixed file parses with its language's own tool
// (python3's compile(), node --check, TypeScript's parser, gofmt and go vet, php -l, cargo check --offline); a second --fix
// changes nothing; `git apply` takes --diff and gives the same files.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { files, fixtureCases, has, run } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-clients/", import.meta.url));
const { cases, scratch, argsOf } = fixtureCases(FIXTURES, "clients");

const python = has("python3", ["--version"]);
const go = has("go", ["version"]);
const php = has("php", ["--version"]);
const cargo = has("cargo", ["--version"]);
if (!python || !go || !php || !cargo)
  console.log(
    `scan-fix-clients: ${python ? "" : "python3 "}${go ? "" : "go "}${php ? "" : "php "}${cargo ? "" : "cargo "}not found: those files are not parse-checked here (.ci/run installs them; cargo comes from rustup)`,
  );

/** `cargo <command> --offline` on a copy of the crate in `dir` (cargo writes Cargo.lock and target/ beside it; the tree compared stays as fixed). */
function cargoIn(dir: string, command: "check" | "test"): { status: number | null; stderr: string } {
  const copy = mkdtempSync(join(tmpdir(), "v2kit-cargo-"));
  try {
    cpSync(dir, copy, { recursive: true });
    const result = spawnSync("cargo", [command, "--offline", "--quiet"], { cwd: copy, encoding: "utf8" });
    return { status: result.status, stderr: result.stderr };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Why the files of `dir` do not parse or vet with their languages' own tools, or undefined. */
function parseErrors(dir: string): string | undefined {
  for (const [file, text] of files(dir)) {
    const path = join(dir, file);
    if (/\.py$/.test(file) && python) {
      // Python's own compiler, without writing __pycache__ into the tree.
      const result = spawnSync("python3", ["-c", "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')", path], { encoding: "utf8" });
      if (result.status !== 0) return `${file}: ${result.stderr}`;
    }
    if (/\.(?:m|c)?js$/.test(file)) {
      const result = spawnSync(process.execPath, ["--check", path], { encoding: "utf8" });
      if (result.status !== 0) return `${file}: ${result.stderr}`;
    }
    if (/\.php$/.test(file) && php) {
      // PHP's own linter (`php -l`).
      const result = spawnSync("php", ["-l", path], { encoding: "utf8" });
      if (result.status !== 0) return `${file}: ${result.stdout}${result.stderr}`;
    }
    if (/\.ts$/.test(file)) {
      const out = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
      if (out.diagnostics?.length) return `${file}: ${ts.flattenDiagnosticMessageText(out.diagnostics[0]?.messageText ?? "", "\n")}`;
    }
  }
  if (cargo && existsSync(join(dir, "Cargo.toml"))) {
    const check = cargoIn(dir, "check");
    if (check.status !== 0) return `cargo check --offline: ${check.stderr}`;
  }
  if (go && existsSync(join(dir, "go.mod"))) {
    const fmt = spawnSync("gofmt", ["-l", "."], { cwd: dir, encoding: "utf8" });
    if (fmt.status !== 0 || fmt.stdout.trim() !== "") return `gofmt -l: ${fmt.stdout}${fmt.stderr}`;
    const vet = spawnSync("go", ["vet", "./..."], { cwd: dir, encoding: "utf8", env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" } });
    if (vet.status !== 0) return `go vet: ${vet.stderr}`;
  }
  return undefined;
}

interface JsonFinding {
  file: string;
  line: number;
  v1: { method: string; path: string };
  ruleId: string;
  match: string;
  notes: { message: string }[];
}

const findingsOf = (stdout: string) =>
  stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as JsonFinding);

describe.each(cases)("migrate scan --fix on a client: %s", (name) => {
  const args = argsOf(name);

  it("writes after/, every file still parses, and a second --fix is a no-op", () => {
    const dir = scratch(name);
    try {
      const first = run(dir, ["--fix", ...args, "--format", "json"]);
      expect(first.stderr).toMatch(/fixed \d+ calls? in \d+ files?/);
      for (const finding of findingsOf(first.stdout)) expect(finding.notes.some((note) => note.message.startsWith("not fixed: "))).toBe(true);
      const got = files(dir);
      expect(got).toEqual(files(join(FIXTURES, name, "after")));
      expect(parseErrors(dir)).toBeUndefined();
      const second = run(dir, ["--fix", ...args]);
      expect(second.stderr).toMatch(/fixed 0 calls in 0 files/);
      expect(files(dir)).toEqual(got);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--diff writes nothing and git apply takes it, giving after/", () => {
    const dir = scratch(name);
    try {
      const before = files(dir);
      const diff = run(dir, ["--diff", ...args]);
      expect(files(dir)).toEqual(before);
      const after = files(join(FIXTURES, name, "after"));
      const changes = [...after].some(([file, text]) => before.get(file) !== text);
      expect(diff.stdout !== "").toBe(changes);
      if (!changes) return;
      writeFileSync(join(dir, ".fix.patch"), diff.stdout);
      const applied = spawnSync("git", ["apply", "--unsafe-paths", "-p1", ".fix.patch"], { cwd: dir, encoding: "utf8" });
      expect(applied.stderr).toBe("");
      rmSync(join(dir, ".fix.patch"));
      expect(files(dir)).toEqual(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the base and every call through it move to v2 together (issue 41, item 1)", () => {
  it.each(["python-class", "go-package", "ts-config", "python-env", "python-module"])(
    "%s: after --fix no v1 base is left and a scan finds no v1 call",
    (name) => {
      const dir = scratch(name);
      try {
        run(dir, ["--fix"]);
        const texts = [...files(dir).values()].join("\n");
        expect(texts).not.toContain("rest.runpod.io/v1");
        expect(texts).toContain('"https://api.runpod.io/v2"');
        // The calls changed with the base: a scan of the fixed tree reads them all as v2. What is left
        // is the `v2kit:` comments above list answers returned as they are (round sixteen): v2 wraps them.
        const scan = run(dir, ["--format", "json", "--fail-on", "none"]);
        const left = findingsOf(scan.stdout);
        expect(left.filter((finding) => finding.ruleId !== "v1-response-field")).toEqual([]);
        for (const finding of left) expect(finding.match).toMatch(/^v2kit: GET \S+ moved to GET \S+, and this reads its v1 answer \(\[…\]\)/);
        // Non-v1 code beside the client (GraphQL, the queue API on api.runpod.ai) is as it was.
        const before = [...files(join(FIXTURES, name, "before")).values()].join("\n");
        for (const url of ["https://api.runpod.io/graphql", "https://api.runpod.ai/v2"]) expect(texts.split(url).length).toBe(before.split(url).length);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("the Go package's base constant in client.go and the calls in pods.go and endpoints.go change in one --diff", () => {
    const dir = scratch("go-package");
    try {
      const diff = run(dir, ["--diff"]).stdout;
      expect(diff).toContain('+const DefaultBaseURL = "https://api.runpod.io/v2"');
      expect(diff).toContain('+\treq, err := c.newReq(ctx, "GET", fmt.Sprintf("/serverless/%s", id))');
      expect(diff).toContain('+\treq, err := c.newReq(ctx, "GET", "/network-volumes")');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("go-chain: a path passed down Post → makeRequest → doRequest → buildURL, which joins GetBaseURL(), moves with the base constant in another file", () => {
    const dir = scratch("go-chain");
    try {
      const diff = run(dir, ["--diff", "--unsafe-fixes"]).stdout;
      expect(diff).toContain('+const DefaultBaseURL = "https://api.runpod.io/v2"');
      // GraphQL beside it keeps its URL.
      expect(diff).not.toContain("-const DefaultGraphQLURL");
      // CreatePod hands its own parameter on as the body: its callers build it, as for any body built elsewhere,
      // so --unsafe-fixes moves the call with the URL alone (v2 keeps `POST /pods`), a `v2kit:` comment above it (marker.ts).
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(result.stderr).toContain("fixed 3 calls in 2 files; 0 calls left; 1 moved call marked with a `v2kit:` comment for its body");
      expect(findingsOf(result.stdout)).toEqual([]);
      expect(readFileSync(join(dir, "runpod/pods.go"), "utf8")).toContain(
        '\t// v2kit: POST /pods moved to POST /v2/pods, and its body is built where v2kit cannot see it: check that it is the v2 createPod body, then delete this comment\n\terr := c.Post(ctx, "/pods", body, &pod)',
      );
      // Without --unsafe-fixes the client stays v1 whole: that body is not known to be v2's.
      const safe = scratch("go-chain");
      try {
        const kept = run(safe, ["--fix", "--format", "json"]);
        expect(files(safe)).toEqual(files(join(FIXTURES, "go-chain", "before")));
        const post = findingsOf(kept.stdout).find((finding) => finding.v1.method === "POST");
        expect(post?.notes.map((note) => note.message)).toContainEqual(
          expect.stringContaining("then run with --unsafe-fixes to change the URL and method alone"),
        );
      } finally {
        rmSync(safe, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!go)("go-chain: the fixed package builds with go build", () => {
    const dir = scratch("go-chain");
    try {
      run(dir, ["--fix", "--unsafe-fixes"]);
      const build = spawnSync("go", ["build", "./..."], { cwd: dir, encoding: "utf8", env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" } });
      expect(build.stderr).toBe("");
      expect(build.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Round eleven: a literal path through the request function that names no v1 route (`/ping`) is a stray, as in
  // Go: on the retired v1 base it fails today, so --unsafe-fixes moves the base past it, leaving it as written and saying so.
  it("a non-v1 literal path through its request function keeps the base under --fix, naming it; --unsafe-fixes moves past it and says so", () => {
    const dir = scratch("shared-function");
    try {
      const safe = run(dir, ["--fix", "--format", "json"]);
      expect(files(dir)).toEqual(files(join(FIXTURES, "shared-function", "before")));
      const finding = findingsOf(safe.stdout).find((candidate) => candidate.ruleId !== "v1-response-field");
      expect(finding?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining("a path that names no v1 route v2kit knows (app.py:15 (`/ping…` through `rest`)): v1 is retired"),
      );
      const unsafe = run(dir, ["--fix", "--unsafe-fixes"]);
      expect(unsafe.stderr).toContain("app.py:15 (`/ping…` through `rest`): sent to the base `BASE_URL`, now https://api.runpod.io/v2, and left as written");
      const app = readFileSync(join(dir, "app.py"), "utf8");
      expect(app).toContain('BASE_URL = "https://api.runpod.io/v2"');
      expect(app).toContain('return rest("GET", "/ping").json()');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a base another use shares (a v2 call built from it) is left, and the calls say why", () => {
    for (const [name, why] of [["shared-base", "`list_serverless` uses `BASE_URL` and is called with no v1 path v2kit reads"]] as const) {
      const dir = scratch(name);
      try {
        const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
        expect(files(dir)).toEqual(files(join(FIXTURES, name, "before")));
        // The call (its response's reads are findings of their own, v1-response-field).
        const finding = findingsOf(result.stdout).find((candidate) => candidate.ruleId !== "v1-response-field");
        expect(finding?.v1).toEqual({ method: "GET", path: "/pods" });
        expect(finding?.notes.map((note) => note.message)).toContainEqual(expect.stringContaining(why));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("--fix leaves a client with a call it cannot migrate; --unsafe-fixes moves the rest and reports that call, which fails as before", () => {
    const safe = scratch("mixed-safe");
    const unsafe = scratch("mixed-unsafe");
    try {
      const a = run(safe, ["--fix", "--format", "json"]);
      expect(files(safe)).toEqual(files(join(FIXTURES, "mixed-safe", "before")));
      const list = findingsOf(a.stdout).find((finding) => finding.v1.path === "/pods" && finding.ruleId !== "v1-response-field");
      expect(list?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining("1 of 3 cannot be migrated (client.py:18): run with --unsafe-fixes"),
      );
      const b = run(unsafe, ["--fix", "--unsafe-fixes", "--format", "json"]);
      // The calls left (the list reads through `_call` are findings of their own, v1-response-field).
      const left = findingsOf(b.stdout).filter((finding) => finding.ruleId !== "v1-response-field");
      expect(left.map((finding) => `${finding.v1.method} ${finding.v1.path}`)).toEqual(["POST /pods/{pod_id}/stop"]);
      expect(left[0]?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining("fails as it did before (v1 was retired on 2026-11-15): change it to POST /pods/{id}/action"),
      );
      expect(readFileSync(join(unsafe, "client.py"), "utf8")).toContain('self._call("POST", f"/pods/{pod_id}/stop")');
    } finally {
      rmSync(safe, { recursive: true, force: true });
      rmSync(unsafe, { recursive: true, force: true });
    }
  });
});

describe("Rust crates: the base's default in one module, the calls in others (issue 41, item 1)", () => {
  it("rust-crate: --unsafe-fixes moves the default, the test that checks it and every call that can move, in one --diff; the action call is left with its v2 route", () => {
    const dir = scratch("rust-crate");
    try {
      const diff = run(dir, ["--diff", "--unsafe-fixes"]).stdout;
      expect(diff).toContain('+        "https://api.runpod.io/v2".to_string()');
      expect(diff).toContain('+        assert_eq!(settings.base_url(), "https://api.runpod.io/v2");');
      expect(diff).toContain('+        let path = format!("/serverless/{}", endpoint_id);');
      expect(diff).toContain('+        self.get("/billing/serverless")');
      // GraphQL beside it keeps its URL.
      expect(diff).not.toContain("graphql");
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      const left = findingsOf(result.stdout);
      expect(left.map((finding) => `${finding.v1.method} ${finding.v1.path}`)).toEqual(["POST /pods/{pod_id}/stop"]);
      expect(left[0]?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining("fails as it did before (v1 was retired on 2026-11-15): change it to POST /pods/{id}/action"),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rust-crate: --fix leaves the whole client v1, and the call with a typed body says it is built elsewhere", () => {
    const dir = scratch("rust-crate");
    try {
      const result = run(dir, ["--fix", "--format", "json"]);
      expect(files(dir)).toEqual(files(join(FIXTURES, "rust-crate", "before")));
      const create = findingsOf(result.stdout).find((finding) => finding.line === 21 && finding.file.endsWith("pods.rs"));
      expect(create?.notes.map((note) => note.message)).toContainEqual(
        expect.stringContaining(
          "the body is built elsewhere: make it the v2 `createPod` body, then run with --unsafe-fixes to change the URL and method alone",
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rust-crate-safe: --fix moves the constant and every call; a scan of the result finds no v1 call", () => {
    const dir = scratch("rust-crate-safe");
    try {
      run(dir, ["--fix"]);
      const texts = [...files(dir).values()].join("\n");
      expect(texts).not.toContain("rest.runpod.io/v1");
      expect(texts).toContain('pub const API_BASE: &str = "https://api.runpod.io/v2";');
      expect(findingsOf(run(dir, ["--format", "json", "--fail-on", "none"]).stdout)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!cargo)("rust-crate and rust-crate-safe: the fixed crates build and their tests (which check the default base) pass", () => {
    for (const [name, args] of [
      ["rust-crate", ["--fix", "--unsafe-fixes"]],
      ["rust-crate-safe", ["--fix"]],
    ] as const) {
      const dir = scratch(name);
      try {
        run(dir, [...args]);
        const tested = cargoIn(dir, "test");
        expect(tested.stderr).not.toMatch(/error|FAILED/);
        expect(tested.status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("a base also read where it is not joined to a request's path, or a test expecting a full v1 URL, is left with every call, and the calls say why", () => {
    const shared = scratch("rust-shared-base");
    const tested = scratch("rust-crate-safe");
    try {
      const first = findingsOf(run(shared, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout);
      expect(files(shared)).toEqual(files(join(FIXTURES, "rust-shared-base", "before")));
      expect(first).toHaveLength(4);
      for (const finding of first)
        expect(finding.notes.map((note) => note.message)).toContainEqual(
          expect.stringContaining("`API_BASE`, held in `base`, is also read at src/api.rs:38, where it is not joined to a request's path"),
        );
      const api = join(tested, "src", "api.rs");
      const text = readFileSync(api, "utf8");
      writeFileSync(
        api,
        text.replace('assert_eq!(API_BASE, "https://rest.runpod.io/v1");', 'assert_eq!(Api::new("k").templates().1, "https://rest.runpod.io/v1/templates");'),
      );
      const second = findingsOf(run(tested, ["--fix", "--unsafe-fixes", "--format", "json"]).stdout).filter(
        (finding) => !finding.file.endsWith("api.rs") || finding.line !== 67,
      );
      expect(readFileSync(api, "utf8")).toContain('pub const API_BASE: &str = "https://rest.runpod.io/v1";');
      expect(second.length).toBeGreaterThan(0);
      for (const finding of second)
        expect(finding.notes.map((note) => note.message)).toContainEqual(
          expect.stringContaining("is also written as a full v1 URL in a test at src/api.rs:67"),
        );
    } finally {
      rmSync(shared, { recursive: true, force: true });
      rmSync(tested, { recursive: true, force: true });
    }
  });
});
