// checkSource (code/index.ts) before the v2 reader and checks are wired: each v1 call migrate
// scan finds is a `v1-call` error at the call's URL; prose mentions only when asked; reads of a
// v1 response are left to `migrate scan`.

import { describe, expect, it } from "vitest";
import { checkSource } from "../../code/index.js";

const CLIENT = 'import requests\n\nBASE = "https://rest.runpod.io/v1"\n\n\ndef pods():\n    return requests.get(f"{BASE}/pods").json()\n';

describe("checkSource", () => {
  it("reports a v1 call as v1-call, error, at the URL, naming the v2 route", () => {
    expect(checkSource(CLIENT, "client.py")).toEqual([
      {
        rule: "v1-call",
        level: "error",
        file: "client.py",
        line: 7,
        column: 33,
        endLine: 7,
        endColumn: 38,
        message: "a call to the retired v1 API (GET /pods): use GET /v2/pods",
        confidence: "certain",
      },
    ]);
  });

  it("says what was inferred, and keeps migrate scan's notes as hints", () => {
    const [finding] = checkSource('fetch("https://rest.runpod.io/v1/endpoints", { method: "POST", body: JSON.stringify({ name: "x" }) });\n', "a.js");
    expect(finding).toMatchObject({ rule: "v1-call", level: "error", message: expect.stringContaining("use POST /v2/serverless") });
    const [guessed] = checkSource('const url = "https://rest.runpod.io/v1/pods/" + id;\n', "b.js");
    expect(guessed).toMatchObject({ confidence: "inferred", message: expect.stringContaining("(method inferred)") });
  });

  it("leaves prose that names a v1 route out unless mentions are asked for, then as a note", () => {
    const text = "# Pods\n\nCall GET https://rest.runpod.io/v1/pods to list pods.\n";
    expect(checkSource(text, "notes.md")).toEqual([]);
    expect(checkSource(text, "notes.md", [], { mentions: true })).toEqual([
      expect.objectContaining({ rule: "v1-call", level: "note", confidence: "mention", line: 3 }),
    ]);
  });

  it("finds nothing in a v2 client", () => {
    expect(checkSource('fetch("https://api.runpod.io/v2/pods", { method: "GET" });\n', "v2.ts")).toEqual([]);
  });
});
