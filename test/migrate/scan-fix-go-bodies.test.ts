// Go clients that send every request through one request function that marshals its body
// parameter (issue 41, items 1-2): `migrate scan --fix` as a user runs it on Go modules written
// here (test/fixtures/scan-go-bodies: `action-safe`, a client whose `send` marshals `payload` with
// json.Marshal and sends the bytes, its stop/start calls passing `nil`; `struct-unsafe`, the same
// client with pod-create calls that pass a struct with v1 json tags; `unproven`, a `send` that
// passes its `io.Reader` argument on as it is). The fixed module is judged by Go's own tools
// (gofmt -l, go vet) and by running it: a Go test written here sends each call to an httptest
// server that prints what it received, and the action body it got lints valid.

import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PUBLISHED, expectLintsValid, files, fixtureCases, has, jsonLines, run } from "./scan-harness.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-go-bodies/", import.meta.url));
const { scratch } = fixtureCases(FIXTURES, "go-bodies");
const go = has("go", ["version"]);
const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" };

interface JsonFinding {
  file: string;
  line: number;
  notes: { message: string }[];
}

/** A Go test of package podctl that sends each named call to an httptest server printing `SENT method path body`. */
const RECORDER = (calls: string) => `package podctl

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

type redirect struct{ to *url.URL }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	req.URL.Scheme = r.to.Scheme
	req.URL.Host = r.to.Host
	return http.DefaultTransport.RoundTrip(req)
}

func TestRecord(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Printf("SENT %s %s %s\\n", r.Method, r.URL.Path, body)
		_, _ = w.Write([]byte("{}"))
	}))
	defer srv.Close()
	to, _ := url.Parse(srv.URL)
	c := New("key")
	c.HTTP = &http.Client{Transport: redirect{to}}
	ctx := context.Background()
	${calls}
}
`;

/** gofmt -l and go vet in `dir`: what failed, or undefined. */
function goChecks(dir: string): string | undefined {
  const fmt = spawnSync("gofmt", ["-l", "."], { cwd: dir, encoding: "utf8" });
  if (fmt.status !== 0 || fmt.stdout.trim() !== "") return `gofmt -l: ${fmt.stdout}${fmt.stderr}`;
  const vet = spawnSync("go", ["vet", "./..."], { cwd: dir, encoding: "utf8", env: GO_ENV });
  return vet.status === 0 ? undefined : `go vet: ${vet.stderr}`;
}

/** The requests the module in `dir` sends for `calls` (Go statements with `c` and `ctx`), as `method path body` lines. */
function sent(dir: string, calls: string): string[] {
  const path = join(dir, "podctl/record_test.go");
  writeFileSync(path, RECORDER(calls));
  try {
    const result = spawnSync("go", ["test", "-count=1", "-run", "TestRecord", "-v", "./podctl"], { cwd: dir, encoding: "utf8", env: GO_ENV });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    return result.stdout
      .split("\n")
      .filter((line) => line.startsWith("SENT "))
      .map((line) => line.slice(5));
  } finally {
    rmSync(path);
  }
}

const STOP_START = `if err := c.StopPod(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	if err := c.StartPod(ctx, "p1"); err != nil {
		t.Fatal(err)
	}`;

const notesOf = (stdout: string) =>
  jsonLines<JsonFinding>(stdout).map((finding) => `${finding.file}:${finding.line} ${finding.notes.map((note) => note.message).join(" | ")}`);

/** The property names a schema of the published document declares, through its `allOf` parts. */
function propertiesOf(document: { components: { schemas: Record<string, unknown> } }, schema: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const record = node as { $ref?: string; allOf?: unknown[]; properties?: Record<string, unknown> };
    if (record.$ref) walk(document.components.schemas[record.$ref.replace("#/components/schemas/", "")]);
    for (const part of record.allOf ?? []) walk(part);
    for (const name of Object.keys(record.properties ?? {})) out.add(name);
  };
  walk(schema);
  return out;
}

describe("Go request functions that marshal their body parameter (issue 41)", () => {
  it("action-safe: --fix puts the action body where the call passed nil, and the module sends it", () => {
    const dir = scratch("action-safe");
    try {
      if (go) {
        expect(goChecks(dir)).toBeUndefined();
        expect(sent(dir, STOP_START)).toEqual(["POST /v1/pods/p1/stop ", "POST /v1/pods/p1/start "]);
      }
      const result = run(dir, ["--fix", "--format", "json"]);
      expect(result.stderr).toContain("fixed 5 calls in 1 file; 0 calls left");
      const client = readFileSync(join(dir, "podctl/client.go"), "utf8");
      expect(client).toContain('const apiRoot = "https://api.runpod.io/v2"');
      expect(client).toContain('c.send(ctx, "POST", "/pods/"+id+"/action", map[string]string{"action": "stop"})');
      expect(client).toContain('c.send(ctx, "POST", "/pods/"+id+"/action", map[string]string{"action": "start"})');
      // The calls that send no body keep their nil.
      expect(client).toContain('c.send(ctx, "GET", "/pods/"+id, nil)');
      if (go) {
        expect(goChecks(dir)).toBeUndefined();
        const requests = sent(dir, STOP_START);
        expect(requests).toEqual(['POST /v2/pods/p1/action {"action":"stop"}', 'POST /v2/pods/p1/action {"action":"start"}']);
        for (const request of requests) expectLintsValid("podAction", JSON.parse(request.replace(/^\S+ \S+ /, "")));
      }
      const fixed = files(dir);
      expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(fixed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("struct-unsafe: a struct body is never rewritten; its note names the type and the json names v2 renames or drops", () => {
    const dir = scratch("struct-unsafe");
    try {
      const before = files(dir);
      const safe = run(dir, ["--fix", "--format", "json"]);
      expect(files(dir)).toEqual(before);
      expect(safe.stderr).toContain("fixed 0 calls in 0 files");
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(result.stderr).toContain("fixed 5 calls in 1 file; 2 calls left");
      expect(readFileSync(join(dir, "podctl/pods.go"), "utf8")).toBe(before.get("podctl/pods.go"));
      const notes = notesOf(result.stdout).filter((note) => note.startsWith("podctl/pods.go"));
      expect(notes).toHaveLength(2);
      const named = ["imageName", "gpuTypeIds", "gpuCount", "containerDiskInGb"];
      for (const note of notes) {
        expect(note).toContain(
          "the body this call passes to `send` is the Go struct `PodSpec` (podctl/pods.go:6), whose json field names v2 renames or drops:",
        );
        expect(note).toContain("`imageName` → `image`, `gpuTypeIds` → `gpu.id`, `gpuCount` → `gpu.count`, `containerDiskInGb` → `disk`");
        // Names v2 keeps, and a field json leaves out (`json:"-"`), are not named.
        for (const kept of ["`name`", "`env`", "Internal", "`-`"]) expect(note).not.toContain(kept);
      }
      // Checked against the published document: each named field is not a property of createPod's
      // body, each field left unnamed is, and each place a note gives is one.
      const document = JSON.parse(readFileSync(PUBLISHED, "utf8"));
      const properties = propertiesOf(document, document.components.schemas.CreatePodRequest);
      for (const field of named) expect(properties.has(field), field).toBe(false);
      for (const field of ["name", "env", "image", "gpu", "disk"]) expect(properties.has(field), field).toBe(true);
      if (go) {
        expect(goChecks(dir)).toBeUndefined();
        expect(sent(dir, STOP_START)).toEqual(['POST /v2/pods/p1/action {"action":"stop"}', 'POST /v2/pods/p1/action {"action":"start"}']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("map-bodies: a map literal whose keys v2 renames gets the new keys (gofmt's columns kept); one v2 nests is reported", () => {
    const dir = scratch("map-bodies");
    const create = `if _, err := c.CreateVolume(ctx, "vol", 10); err != nil {
		t.Fatal(err)
	}`;
    try {
      if (go) expect(sent(dir, create)).toEqual(['POST /v1/networkvolumes {"dataCenterId":"EU-RO-1","name":"vol","size":10}']);
      const before = files(dir);
      expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(before);
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(result.stderr).toContain("fixed 6 calls in 2 files; 1 call left");
      const volumes = readFileSync(join(dir, "podctl/volumes.go"), "utf8");
      expect(volumes).toContain(
        'c.send(ctx, "POST", "/network-volumes", map[string]interface{}{\n\t\t"name":       name,\n\t\t"size":       size,\n\t\t"dataCenter": "EU-RO-1",\n',
      );
      // A key v2 moves into a nested object is not a rename: the call is left, and says which.
      expect(volumes).toContain('c.send(ctx, "PATCH", "/endpoints/"+id, map[string]interface{}{"workersMin": min})');
      const notes = notesOf(result.stdout);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^podctl\/volumes.go:16 /);
      expect(notes[0]).toContain("not fixed: the map literal this call passes to `send` has keys v2 does not simply rename: `workersMin` → `workers.min`");
      if (go) {
        expect(goChecks(dir)).toBeUndefined();
        const requests = sent(dir, create);
        expect(requests).toEqual(['POST /v2/network-volumes {"dataCenter":"EU-RO-1","name":"vol","size":10}']);
        expectLintsValid("createNetworkVolume", JSON.parse((requests[0] as string).replace(/^\S+ \S+ /, "")));
      }
      const fixed = files(dir);
      expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(fixed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("unproven: a request function that does not marshal its argument keeps nil, and the call says why", () => {
    const dir = scratch("unproven");
    try {
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      const client = readFileSync(join(dir, "podctl/client.go"), "utf8");
      expect(client).toContain('c.send(ctx, "POST", "/pods/"+id+"/stop", nil)');
      expect(client).not.toContain("map[string]string");
      const notes = notesOf(result.stdout);
      expect(notes.filter((note) => note.includes('v2 takes {"action": "stop"} as this call\'s body, and v2kit does not add a body'))).toHaveLength(1);
      if (go) expect(goChecks(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
