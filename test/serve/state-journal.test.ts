// `serve --state` under load (hardening round three): every acknowledged change survives
// `kill -9` while 8 writers create at once on top of 20k stored resources. SIGTERM ends the
// process promptly and leaves the whole state in FILE. What a change costs at 20k resources beside
// 2k is a benchmark figure (bench/serve.ts, `serve_state_create_20k_vs_2k`), not a timed test.
// One server per state file (issue 45, item 16): a second one is refused, a killed one's lock is
// taken over.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StateFile } from "../../serve/journal.js";
import { spawnServe } from "./helpers.js";

const auth = { authorization: "Bearer k", "content-type": "application/json" };
const volume = (i: number) => ({ name: `v${i}`, size: 10, dataCenter: "EU-RO-1" });

const serve = spawnServe;

/** A state file holding `n` network volumes. */
function stateWith(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "v2kit-journal-"));
  const file = path.join(dir, "state.json");
  const volumes = Array.from({ length: count }, (_, i) => ({ id: `seeded${String(i).padStart(8, "0")}`, ...volume(i) }));
  writeFileSync(file, JSON.stringify({ version: 1, issued: count, collections: { "/v2/network-volumes": volumes } }));
  return file;
}

const ids = (state: ReturnType<StateFile["load"]>) => new Set((state?.collections["/v2/network-volumes"] ?? []).map((record) => String(record.id)));

describe("serve --state: an append-only journal", () => {
  it("kill -9 during 8 concurrent writers over 20k stored resources: no acknowledged change is lost", async () => {
    const file = stateWith(20_000);
    const running = await serve(["--state", file]);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (writerIndex: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const response = await fetch(`${running.url}/v2/network-volumes`, {
            method: "POST",
            headers: auth,
            body: JSON.stringify(volume(writerIndex * 100_000 + i)),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, writerIndex) => writer(writerIndex));
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    running.child.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await running.exited;
    const after = ids(new StateFile(file).load());
    expect(after.size).toBeGreaterThanOrEqual(20_000 + acknowledged.length);
    for (const id of acknowledged) expect(after.has(id), id).toBe(true);
    expect(after.has("seeded00019999")).toBe(true);
    // A restarted server answers from it.
    const again = await serve(["--state", file]);
    const listed = (await (await fetch(`${again.url}/v2/network-volumes`, { headers: auth })).json()) as { networkVolumes: unknown[] };
    expect(listed.networkVolumes.length).toBe(after.size);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("SIGTERM leaves the whole state in FILE (plain JSON) and an empty journal", async () => {
    const file = stateWith(3);
    const running = await serve(["--state", file]);
    const response = await fetch(`${running.url}/v2/network-volumes`, { method: "POST", headers: auth, body: JSON.stringify(volume(9)) });
    const { id } = (await response.json()) as { id: string };
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    const saved = JSON.parse(readFileSync(file, "utf8")) as { collections: Record<string, { id: string }[]> };
    expect(saved.collections["/v2/network-volumes"]?.map((record) => record.id)).toContain(id);
    expect(existsSync(`${file}.journal`)).toBe(true);
    expect(readFileSync(`${file}.journal`, "utf8").trim().split("\n")).toHaveLength(1); // the header only
  });

  it("SIGTERM while the largest body the default limit admits (200k violations) is judged: exit within 5 s, state intact", async () => {
    const file = stateWith(1_000);
    const running = await serve(["--state", file]);
    const body = JSON.stringify({ name: "t", image: "a/b:1", ports: Array.from({ length: 200_000 }, () => "x") });
    expect(body.length).toBeLessThan(1024 * 1024);
    const t0 = performance.now();
    const answer = fetch(`${running.url}/v2/templates`, { method: "POST", headers: auth, body }).then(
      (response) => response.status,
      () => "hung up",
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect([422, "hung up"]).toContain(await answer);
    expect(ids(new StateFile(file).load()).size).toBe(1_000);
  });

  it("a torn last journal line (a crash mid-write) is dropped; a broken line before the end is an error", () => {
    const file = stateWith(1);
    const journal = new StateFile(file);
    const state = journal.load();
    expect(state).toBeDefined();
    journal.open(state!);
    journal.record({ op: "put", c: "/v2/network-volumes", id: "new1", r: { id: "new1", ...volume(1) }, issued: 2 });
    journal.flush(() => state!);
    journal.close();
    writeFileSync(`${file}.journal`, `${readFileSync(`${file}.journal`, "utf8")}{"op":"put","c":"/v2/netw`);
    expect(ids(new StateFile(file).load()).has("new1")).toBe(true);
    writeFileSync(`${file}.journal`, `${readFileSync(`${file}.journal`, "utf8")}\n{"op":"del","c":"x","id":"y","issued":2}\n`);
    expect(() => new StateFile(file).load()).toThrow(/not a journal line/);
  });
});

// Issue 45, item 16.
describe("serve --state: one server per state file", () => {
  const create = async (url: string, i: number) => {
    const response = await fetch(`${url}/v2/network-volumes`, { method: "POST", headers: auth, body: JSON.stringify(volume(i)) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  it("a second server is refused at once (exit 2); every create the first acknowledged survives its kill -9 and a restart", async () => {
    const file = stateWith(0);
    const first = await serve(["--state", file]);
    const before = await create(first.url, 1);
    // Started as a user would: it must exit 2, never listen.
    const second = await serve(["--state", file]).then(
      async (running) => {
        running.child.kill("SIGKILL");
        await running.exited;
        return "listening";
      },
      (error: Error) => error.message,
    );
    expect(second).toMatch(/^serve exited 2: /);
    expect(second).toContain(`${file}.lock: the state file is in use by v2kit serve (pid ${first.child.pid} on `);
    const after = await create(first.url, 2);
    first.child.kill("SIGKILL");
    await first.exited;
    // The killed server's lock is stale: a restart takes it over.
    const again = await serve(["--state", file]);
    const listed = (await (await fetch(`${again.url}/v2/network-volumes`, { headers: auth })).json()) as { networkVolumes: { id: string }[] };
    expect(listed.networkVolumes.map((record) => record.id).sort()).toEqual([before, after].sort());
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    expect(existsSync(`${file}.lock`)).toBe(false); // released on a clean stop
  }, 60_000);
});
