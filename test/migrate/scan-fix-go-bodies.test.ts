// Go clients that send every request through one request function that marshals its body
// parameter (issue 41, items 1-2): `migrate scan --fix` as a user runs it on Go modules written
// here (test/fixtures/scan-go-bodies: `action-safe`, a client whose `send` marshals `payload` with
// json.Marshal and sends the bytes, its stop/start calls passing `nil`; `struct-unsafe`, the same
// client with pod-create calls that pass a struct with v1 json tags; `unproven`, a `send` that
// passes its `io.Reader` argument on as it is). The fixed module is judged by Go's own tools
// (gofmt -l, go vet) and by running it: a Go test written here sends each call to an httptest
// server that prints what it received, and the action body it got lints valid.

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PUBLISHED, expectLintsValid, files, fixtureCases, has, jsonLines, run } from "./scan-harness.js";
import { goChecks, sent } from "./go-recorder.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/scan-go-bodies/", import.meta.url));
const { scratch } = fixtureCases(FIXTURES, "go-bodies");
const go = has("go", ["version"]);
interface JsonFinding {
  file: string;
  line: number;
  notes: { message: string }[];
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

  it("struct-unsafe: a struct body is never rewritten; its note names the type and the json names v2 renames or drops; the base moves with the other calls only with a v2kit: comment above each create call, which a later scan reports", () => {
    const dir = scratch("struct-unsafe");
    try {
      const before = files(dir);
      const safe = run(dir, ["--fix", "--format", "json"]);
      expect(files(dir)).toEqual(before);
      expect(safe.stderr).toContain("fixed 0 calls in 0 files");
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      // v2 keeps `POST /pods`: the base moves, the struct stays v1, and each create call is marked (marker.ts).
      expect(result.stderr).toContain(
        'fixed 5 calls in 2 files; 2 calls left (each says why in a "not fixed" note); 2 moved calls marked with a `v2kit:` comment for their bodies',
      );
      expect(readFileSync(join(dir, "podctl/client.go"), "utf8")).toContain('const apiRoot = "https://api.runpod.io/v2"');
      const pods = readFileSync(join(dir, "podctl/pods.go"), "utf8");
      const mark =
        "\t// v2kit: POST /pods moved to POST /v2/pods, and its body is still v1 (v2 refuses it: 422): make it the v2 createPod body, then delete this comment\n";
      expect(pods).toContain(`${mark}\treturn c.send(ctx, "POST", "/pods", spec)`);
      expect(pods).toContain(`${mark}\treturn c.send(ctx, "POST", "/pods", &PodSpec{ImageName: image, GPUCount: 1})`);
      const notes = notesOf(result.stdout).filter((note) => note.startsWith("podctl/pods.go"));
      expect(notes).toHaveLength(2);
      for (const note of notes)
        expect(note).toContain(
          "its base `apiRoot` becomes https://api.runpod.io/v2 with the other calls, so this call now sends its v1 body to POST /pods, which v2 refuses (422): a `v2kit:` comment above it says so",
        );
      // A later scan reports both marked calls; a second fix changes nothing.
      const rescan = run(dir, ["--format", "json"]);
      expect(rescan.code).toBe(1);
      expect(jsonLines<{ file: string; line: number; ruleId: string }>(rescan.stdout).map((row) => `${row.file}:${row.line} ${row.ruleId}`)).toEqual([
        "podctl/pods.go:18 v1-body-left",
        "podctl/pods.go:24 v1-body-left",
      ]);
      const fixed = files(dir);
      expect(run(dir, ["--fix", "--unsafe-fixes"]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(fixed);
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

  it("map-bodies: a map literal whose keys v2 renames gets the new keys (gofmt's columns kept); one v2 nests is written with nested maps; one with int values is reported", () => {
    const dir = scratch("map-bodies");
    const create = `if _, err := c.CreateVolume(ctx, "vol", 10); err != nil {
		t.Fatal(err)
	}`;
    const nested = `${create}
	if _, err := c.ScaleEndpoint(ctx, "e1", 2); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreatePodOn(ctx, "NVIDIA RTX A4000", 50); err != nil {
		t.Fatal(err)
	}`;
    try {
      if (go)
        expect(sent(dir, nested)).toEqual([
          'POST /v1/networkvolumes {"dataCenterId":"EU-RO-1","name":"vol","size":10}',
          'PATCH /v1/endpoints/e1 {"workersMin":2}',
          'POST /v1/pods {"gpuTypeIds":["NVIDIA RTX A4000"],"imageName":"example/train:1","name":"trainer","ports":["8888/http"],"volumeInGb":50,"volumeMountPath":"/data"}',
        ]);
      const before = files(dir);
      expect(run(dir, ["--fix"]).stderr).toContain("fixed 0 calls in 0 files");
      expect(files(dir)).toEqual(before);
      const result = run(dir, ["--fix", "--unsafe-fixes", "--format", "json"]);
      expect(result.stderr).toContain("fixed 8 calls in 2 files; 1 call left");
      const volumes = readFileSync(join(dir, "podctl/volumes.go"), "utf8");
      expect(volumes).toContain(
        'c.send(ctx, "POST", "/network-volumes", map[string]interface{}{\n\t\t"name":       name,\n\t\t"size":       size,\n\t\t"dataCenter": "EU-RO-1",\n',
      );
      // Keys v2 moves into nested objects: the literal is written again, each object in the literal's own map type.
      expect(volumes).toContain('c.send(ctx, "PATCH", "/serverless/"+id, map[string]interface{}{"workers": map[string]interface{}{"min": min}})');
      // One member a line stays so, nested objects on their member's line, the values in gofmt's column; a slice v2 keeps stays as written.
      expect(volumes).toContain(
        [
          'c.send(ctx, "POST", "/pods", map[string]any{',
          '\t\t"name":   "trainer",',
          '\t\t"image":  "example/train:1",',
          '\t\t"gpu":    map[string]any{"id": gpuType, "count": 1},',
          '\t\t"mounts": map[string]any{"persistent": map[string]any{"size": gb, "path": "/data"}},',
          '\t\t"ports":  []string{"8888/http"},',
          "\t})",
        ].join("\n"),
      );
      // A map of ints has no place for v2's nested object: the call is left, and says why.
      expect(volumes).toContain('c.send(ctx, "PATCH", "/endpoints/"+id, map[string]int{"workersMin": min, "workersMax": max})');
      const notes = notesOf(result.stdout);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^podctl\/volumes.go:33 /);
      expect(notes[0]).toContain(
        "not fixed: the map literal this call passes to `send` has keys v2 does not simply rename (`workersMin` → `workers.min`, `workersMax` → `workers.max`)",
      );
      expect(notes[0]).toContain("(its values are `int`, so v2's nested objects have no place in it)");
      if (go) {
        expect(goChecks(dir)).toBeUndefined();
        const requests = sent(dir, nested);
        expect(requests).toEqual([
          'POST /v2/network-volumes {"dataCenter":"EU-RO-1","name":"vol","size":10}',
          'PATCH /v2/serverless/e1 {"workers":{"min":2}}',
          'POST /v2/pods {"gpu":{"count":1,"id":"NVIDIA RTX A4000"},"image":"example/train:1","mounts":{"persistent":{"path":"/data","size":50}},"name":"trainer","ports":["8888/http"]}',
        ]);
        const operations = ["createNetworkVolume", "updateEndpoint", "createPod"];
        for (const [k, request] of requests.entries()) expectLintsValid(operations[k] as string, JSON.parse(request.replace(/^\S+ \S+ /, "")));
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
