// `v2kit serve` as a user starts it: a child process that prints its address, keeps its state in
// --state across restarts, and stops cleanly on SIGINT and SIGTERM.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, readJson, spawnServe } from "./helpers.js";

const auth = { authorization: "Bearer k", "content-type": "application/json" };

const serve = spawnServe;

describe("v2kit serve", () => {
  it("prints its address, answers, and exits 0 on SIGINT and on SIGTERM", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const running = await serve([]);
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${running.url}/v2/pods`, { headers: auth })).status).toBe(200);
      running.child.kill(signal);
      expect(await running.exited).toBe(0);
    }
  });

  it("--state: what was created survives a restart; a fixture is the starting state", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-serve-"));
    const state = path.join(dir, "state.json");
    const first = await serve(["--state", state, "--seed", "3"]);
    const created = await fetch(`${first.url}/v2/serverless`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(readJson("examples/create-endpoint-gpu.json")),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    first.child.kill("SIGTERM");
    await first.exited;
    const saved = JSON.parse(readFileSync(state, "utf8")) as { collections: Record<string, { id: string }[]> };
    expect(saved.collections["/v2/serverless"]?.map((record) => record.id)).toEqual([id]);

    const second = await serve(["--state", state, "--seed", "3"]);
    const listed = (await (await fetch(`${second.url}/v2/serverless`, { headers: auth })).json()) as { endpoints: { id: string }[] };
    expect(listed.endpoints.map((endpoint) => endpoint.id)).toEqual([id]);
    // The id sequence goes on where it stopped: no id is handed out twice.
    const next = (await (
      await fetch(`${second.url}/v2/serverless`, { method: "POST", headers: auth, body: JSON.stringify(readJson("examples/create-endpoint-gpu.json")) })
    ).json()) as { id: string };
    expect(next.id).not.toBe(id);
    second.child.kill("SIGINT");
    await second.exited;

    const fixture = path.join(dir, "fixture.json");
    writeFileSync(
      fixture,
      JSON.stringify({ version: 1, issued: 0, collections: { "/v2/network-volumes": [{ id: "nv-fixture", name: "data", size: 50, dataCenter: "EU-RO-1" }] } }),
    );
    const third = await serve(["--state", fixture]);
    const volumes = (await (await fetch(`${third.url}/v2/network-volumes`, { headers: auth })).json()) as { networkVolumes: { id: string }[] };
    expect(volumes.networkVolumes.map((volume) => volume.id)).toEqual(["nv-fixture"]);
    third.child.kill("SIGINT");
    await third.exited;
  });

  it("bad flags and a broken state file are usage/input errors, not crashes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "v2kit-serve-"));
    const broken = path.join(dir, "broken.json");
    writeFileSync(broken, "{ not json");
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, "serve", ...args], { stdio: ["ignore", "ignore", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += String(chunk)));
        child.on("close", (code) => resolve({ code, stderr }));
      });
    expect(await run(["--port", "99999"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--port takes a whole number") });
    expect(await run(["--rate-limit", "often"])).toMatchObject({ code: 2, stderr: expect.stringContaining("N/WINDOW") });
    expect(await run(["--state", broken, "--port", "0"])).toMatchObject({ code: 1, stderr: expect.stringContaining("not a v2kit serve state file") });
    expect(await run(["--pod-startup-reads", "soon"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--pod-startup-reads takes a whole number") });
  });

  it("--pod-startup-reads sets when a polled pod is RUNNING; a string body fetch sends without Content-Type is 415 (issue 41, item 5)", async () => {
    const pod = JSON.stringify({ name: "p", image: "a/b:1", gpu: { id: "NVIDIA L4" } });
    const running = await serve(["--pod-startup-reads", "1"]);
    try {
      const plain = await fetch(`${running.url}/v2/pods`, { method: "POST", headers: { authorization: "Bearer k" }, body: pod });
      expect(plain.status).toBe(415);
      expect(plain.headers.get("content-type")).toBe("application/problem+json");
      const created = await fetch(`${running.url}/v2/pods`, { method: "POST", headers: auth, body: pod });
      const { id, status } = (await created.json()) as { id: string; status: string };
      expect(status).toBe("PROVISIONING");
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) seen.push(((await (await fetch(`${running.url}/v2/pods/${id}`, { headers: auth })).json()) as { status: string }).status);
      expect(seen).toEqual(["PROVISIONING", "RUNNING", "RUNNING"]);
    } finally {
      running.child.kill("SIGTERM");
      await running.exited;
    }
  });
});
