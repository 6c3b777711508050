// migrate scan reads the body a shell call sends as a literal and reports it migrated: the v2
// body and what happens to each v1 field, with its reason (the part people get wrong: a PATCH
// sending `{"workersMin": 1}` must send `{"workers": {"min": 1}}`).

import { describe, expect, it } from "vitest";
import { scanSource } from "../../migrate/scan/index.js";

const only = (text: string, file = "deploy.sh") => {
  const findings = scanSource(text, file);
  expect(findings).toHaveLength(1);
  return findings[0] as (typeof findings)[number];
};

describe("bodies at the call site (shell)", () => {
  it("a single-quoted JSON body: nested, with each field's fate and reason", () => {
    const finding = only(
      `curl -X POST https://rest.runpod.io/v1/endpoints/$ID/update \\\n  -H 'Content-Type: application/json' \\\n  -d '{"workersMin": 1, "workersMax": 3}'\n`,
    );
    expect(finding.v2).toEqual({ method: "PATCH", path: "/v2/serverless/{id}" });
    expect(finding.body?.v1).toEqual({ workersMin: 1, workersMax: 3 });
    expect(finding.body?.v2).toEqual({ workers: { max: 3, min: 1 } });
    expect(finding.body?.changes).toEqual([
      { field: "workersMax", to: "/workers/max", how: "nest", reason: "nested under `workers`" },
      { field: "workersMin", to: "/workers/min", how: "nest", reason: "nested under `workers`" },
    ]);
  });

  it("a double-quoted body with shell variables: inside strings they stay, outside they become named placeholders", () => {
    const finding = only(
      `curl --request POST --url https://rest.runpod.io/v1/networkvolumes --data "{\\"name\\": \\"$NAME\\", \\"size\\": $SIZE, \\"dataCenterId\\": \\"EU-RO-1\\"}"\n`,
    );
    expect(finding.body?.v1).toEqual({ name: "$NAME", size: "$SIZE", dataCenterId: "EU-RO-1" });
    expect(finding.body?.v2).toEqual({ dataCenter: "EU-RO-1", name: "$NAME", size: "$SIZE" });
    expect(finding.body?.changes.find((change) => change.field === "dataCenterId")).toMatchObject({ to: "/dataCenter", how: "rename" });
  });

  it("--data=… and --json forms; a dropped field says so", () => {
    const finding = only(`curl -X POST https://rest.runpod.io/v1/pods --json '{"name": "p", "imageName": "a/b:1", "gpuTypeId": "NVIDIA L4", "gpuCount": 1}'\n`);
    expect(finding.body?.v2).toMatchObject({ image: "a/b:1", name: "p" });
    expect(finding.body?.changes.find((change) => change.field === "imageName")).toMatchObject({ to: "/image" });
    const volumeFinding = only(`curl -X POST --data='{"name": "v", "size": 20, "dataCenterId": "US-KS-2"}' https://rest.runpod.io/v1/networkvolumes\n`);
    expect(volumeFinding.body?.v2).toEqual({ dataCenter: "US-KS-2", name: "v", size: 20 });
  });

  it("a per-action pod route: the v2 body is the action", () => {
    const finding = only(`curl -X POST https://rest.runpod.io/v1/pods/$ID/stop -d '{}'\n`);
    expect(finding.body).toEqual({ v1: {}, v2: { action: "stop" }, changes: [] });
  });

  it("a body read from a file, or not JSON, is not migrated, and a note says why", () => {
    const file = only(`curl -X POST https://rest.runpod.io/v1/pods -d @pod.json\n`);
    expect(file.body).toBeUndefined();
    expect(file.notes.map((note) => note.message)).toContain(
      "the body is built elsewhere (`@pod.json`): it must take the shape of the v2 `createPod` request body (`v2kit migrate` on a saved v1 request shows it)",
    );
    const finding = only(`curl -X POST https://rest.runpod.io/v1/pods -d 'name=p'\n`);
    expect(finding.body).toBeUndefined();
    expect(finding.notes).toContainEqual({ level: "info", message: "the request body is not JSON: not migrated" });
  });

  it("a call without a body has none", () => {
    expect(only(`curl https://rest.runpod.io/v1/pods\n`).body).toBeUndefined();
  });
});

describe("bodies at the call site (Python and JavaScript/TypeScript)", () => {
  it("requests' json= dict: literals kept, a variable becomes a named placeholder, True/None read as JSON", () => {
    const finding = only(
      `def scale(eid, n):\n    requests.post(f"https://rest.runpod.io/v1/endpoints/{eid}/update", json={"workersMin": n, "workersMax": 3, "flashboot": True}, headers=h)\n`,
      "client.py",
    );
    expect(finding.body?.v1).toEqual({ workersMin: "<n>", workersMax: 3, flashboot: true });
    expect(finding.body?.v2).toEqual({ flashboot: "FLASHBOOT", workers: { max: 3, min: "<n>" } });
  });

  it("fetch with body: JSON.stringify({...}), shorthand properties as placeholders", () => {
    const finding = only(
      `await fetch("https://rest.runpod.io/v1/networkvolumes", { method: "POST", body: JSON.stringify({ name, size: 20, dataCenterId: "EU-RO-1" }) });\n`,
      "a.ts",
    );
    expect(finding.body?.v1).toEqual({ name: "<name>", size: 20, dataCenterId: "EU-RO-1" });
    expect(finding.body?.v2).toEqual({ dataCenter: "EU-RO-1", name: "<name>", size: 20 });
  });

  it("axios.post(url, {...}): the second argument", () => {
    const finding = only(
      `await axios.post("https://rest.runpod.io/v1/pods", { name: "p", imageName: img, gpuCount: 1, gpuTypeIds: ["NVIDIA L4"] });\n`,
      "a.js",
    );
    expect(finding.body?.v2).toEqual({ gpu: { count: 1, id: "NVIDIA L4" }, image: "<img>", name: "p" });
    expect(finding.body?.changes.map((change) => change.field)).toEqual(["gpuCount", "gpuTypeIds", "imageName", "name"]);
  });

  it.each([
    ["a.py", `requests.post("https://rest.runpod.io/v1/pods", json=payload)\n`, "payload"],
    ["a.ts", `await fetch("https://rest.runpod.io/v1/pods", { method: "POST", body: JSON.stringify(payload) });\n`, "payload"],
    ["a.ts", `await fetch("https://rest.runpod.io/v1/pods", { method: "POST", body });\n`, "body"],
    ["a.js", `await axios.post("https://rest.runpod.io/v1/pods", data);\n`, "data"],
    ["a.sh", `curl -X POST https://rest.runpod.io/v1/pods -d "$POD"\n`, "$POD"],
  ])("a body built elsewhere is not read; a note names the v2 shape it must take (%s: %s)", (file, text, source) => {
    const finding = only(text, file);
    expect(finding.body).toBeUndefined();
    expect(finding.notes.map((note) => note.message)).toContain(
      `the body is built elsewhere (\`${source}\`): it must take the shape of the v2 \`createPod\` request body (\`v2kit migrate\` on a saved v1 request shows it)`,
    );
  });
});

describe("a literal assigned once to a variable earlier in the same function", () => {
  it("is read (Python and TypeScript)", () => {
    const py = only(
      `def scale(eid, n):\n    payload = {"workersMin": n, "workersMax": 3}\n    return requests.post(f"https://rest.runpod.io/v1/endpoints/{eid}/update", json=payload)\n`,
      "a.py",
    );
    expect(py.body?.v2).toEqual({ workers: { max: 3, min: "<n>" } });
    const ts = only(
      `async function create(img: string) {\n  const pod = { name: "p", imageName: img };\n  await fetch("https://rest.runpod.io/v1/pods", { method: "POST", body: JSON.stringify(pod) });\n}\n`,
      "a.ts",
    );
    expect(ts.body?.v2).toEqual({ image: "<img>", name: "p" });
  });

  it("is not read when assigned twice, or outside the function: which value is sent is not known", () => {
    const twice = only(
      `def f(flag):\n    body = {"name": "a"}\n    if flag:\n        body = {"name": "b"}\n    requests.post("https://rest.runpod.io/v1/pods", json=body)\n`,
      "a.py",
    );
    expect(twice.body).toBeUndefined();
    const outside = only(`body = {"name": "a"}\ndef f():\n    requests.post("https://rest.runpod.io/v1/pods", json=body)\n`, "a.py");
    expect(outside.body).toBeUndefined();
  });
});

describe("bodies at the call site (PowerShell)", () => {
  it("a hashtable piped to ConvertTo-Json, inline or in a variable assigned once in the function; $true and variables read", () => {
    const inline = only(
      `Invoke-RestMethod -Uri "https://rest.runpod.io/v1/networkvolumes" -Method Post -Body (@{ name = "v"; size = 20; dataCenterId = "EU-RO-1" } | ConvertTo-Json)\n`,
      "a.ps1",
    );
    expect(inline.body?.v2).toEqual({ dataCenter: "EU-RO-1", name: "v", size: 20 });
    const assigned = only(
      `function Set-Workers($id, $n) {\n  $body = @{ workersMin = $n; flashboot = $true } | ConvertTo-Json\n  Invoke-RestMethod -Uri "https://rest.runpod.io/v1/endpoints/$id/update" -Method Post -Body $body\n}\n`,
      "a.ps1",
    );
    expect(assigned.body?.v1).toEqual({ workersMin: "<$n>", flashboot: true });
    expect(assigned.body?.v2).toEqual({ flashboot: "FLASHBOOT", workers: { min: "<$n>" } });
  });

  it("a JSON string body; a variable never assigned a hashtable is built elsewhere", () => {
    const json = only(`Invoke-RestMethod -Uri "https://rest.runpod.io/v1/pods/$id/stop" -Method Post -Body '{}'\n`, "a.ps1");
    expect(json.body?.v2).toEqual({ action: "stop" });
    const elsewhere = only(`Invoke-RestMethod -Uri "https://rest.runpod.io/v1/pods" -Method Post -Body $podJson\n`, "a.ps1");
    expect(elsewhere.body).toBeUndefined();
    expect(elsewhere.notes.some((note) => note.message.startsWith("the body is built elsewhere (`$podJson`)"))).toBe(true);
  });
});
