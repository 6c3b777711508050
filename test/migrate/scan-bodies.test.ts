// migrate scan reads the body a shell call sends as a literal and reports it migrated: the v2
// body and what happens to each v1 field, with its reason (the part people get wrong: a PATCH
// sending `{"workersMin": 1}` must send `{"workers": {"min": 1}}`).

import { describe, expect, it } from "vitest";
import { scanSource } from "../../runtime/migrate/scan.js";

const only = (text: string, file = "deploy.sh") => {
  const findings = scanSource(text, file);
  expect(findings).toHaveLength(1);
  return findings[0] as (typeof findings)[number];
};

describe("bodies at the call site (shell)", () => {
  it("a single-quoted JSON body: nested, with each field's fate and reason", () => {
    const f = only(
      `curl -X POST https://rest.runpod.io/v1/endpoints/$ID/update \\\n  -H 'Content-Type: application/json' \\\n  -d '{"workersMin": 1, "workersMax": 3}'\n`,
    );
    expect(f.v2).toEqual({ method: "PATCH", path: "/v2/serverless/{id}" });
    expect(f.body?.v1).toEqual({ workersMin: 1, workersMax: 3 });
    expect(f.body?.v2).toEqual({ workers: { max: 3, min: 1 } });
    expect(f.body?.changes).toEqual([
      { field: "workersMax", to: "/workers/max", how: "nest", reason: "nested under `workers`" },
      { field: "workersMin", to: "/workers/min", how: "nest", reason: "nested under `workers`" },
    ]);
  });

  it("a double-quoted body with shell variables: inside strings they stay, outside they become named placeholders", () => {
    const f = only(
      `curl --request POST --url https://rest.runpod.io/v1/networkvolumes --data "{\\"name\\": \\"$NAME\\", \\"size\\": $SIZE, \\"dataCenterId\\": \\"EU-RO-1\\"}"\n`,
    );
    expect(f.body?.v1).toEqual({ name: "$NAME", size: "$SIZE", dataCenterId: "EU-RO-1" });
    expect(f.body?.v2).toEqual({ dataCenter: "EU-RO-1", name: "$NAME", size: "$SIZE" });
    expect(f.body?.changes.find((c) => c.field === "dataCenterId")).toMatchObject({ to: "/dataCenter", how: "rename" });
  });

  it("--data=… and --json forms; a dropped field says so", () => {
    const f = only(`curl -X POST https://rest.runpod.io/v1/pods --json '{"name": "p", "imageName": "a/b:1", "gpuTypeId": "NVIDIA L4", "gpuCount": 1}'\n`);
    expect(f.body?.v2).toMatchObject({ image: "a/b:1", name: "p" });
    expect(f.body?.changes.find((c) => c.field === "imageName")).toMatchObject({ to: "/image" });
    const g = only(`curl -X POST --data='{"name": "v", "size": 20, "dataCenterId": "US-KS-2"}' https://rest.runpod.io/v1/networkvolumes\n`);
    expect(g.body?.v2).toEqual({ dataCenter: "US-KS-2", name: "v", size: 20 });
  });

  it("a per-action pod route: the v2 body is the action", () => {
    const f = only(`curl -X POST https://rest.runpod.io/v1/pods/$ID/stop -d '{}'\n`);
    expect(f.body).toEqual({ v1: {}, v2: { action: "stop" }, changes: [] });
  });

  it("a body read from a file, or not JSON, is not migrated (and a note says why for the latter)", () => {
    expect(only(`curl -X POST https://rest.runpod.io/v1/pods -d @pod.json\n`).body).toBeUndefined();
    const f = only(`curl -X POST https://rest.runpod.io/v1/pods -d 'name=p'\n`);
    expect(f.body).toBeUndefined();
    expect(f.notes).toContainEqual({ level: "info", message: "the request body is not JSON: not migrated" });
  });

  it("a call without a body has none", () => {
    expect(only(`curl https://rest.runpod.io/v1/pods\n`).body).toBeUndefined();
  });
});
