// Issue 41, item 5: a program that polls a pod until RUNNING works against serve. A new pod moves
// through the published PodStatus states on a schedule counted in reads (PROVISIONING, STARTING,
// RUNNING); stop → EXITED and start → RUNNING at once. A body in a media type the operation does
// not declare is 415 with a problem body: fetch's default for a string body is text/plain.

import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { V2kitServer } from "../../serve/index.js";
import { call, start, stop } from "./helpers.js";

const PUBLISHED = fileURLToPath(new URL("../../../shared/reference/upstream-v2-openapi.json", import.meta.url));
const pod = { name: "p", image: "a/b:1", gpu: { id: "NVIDIA L4" } };

let server: V2kitServer | undefined;
afterEach(async () => {
  if (server) await stop(server);
  server = undefined;
});

const statusOf = async (running: V2kitServer, id: string): Promise<string> =>
  ((await call(running, "GET", `/v2/pods/${id}`)).body as { status: string }).status;

/** The states a program polling GET /v2/pods/{id} sees, `count` reads after the create. */
async function polled(running: V2kitServer, count: number): Promise<{ created: string; reads: string[]; id: string }> {
  const created = await call(running, "POST", "/v2/pods", pod);
  expect(created.status).toBe(201);
  const { id, status } = created.body as { id: string; status: string };
  const reads: string[] = [];
  for (let i = 0; i < count; i++) reads.push(await statusOf(running, id));
  return { created: status, reads, id };
}

describe("pod lifecycle in serve (issue 41, item 5)", () => {
  it("default schedule: created PROVISIONING, read 1 PROVISIONING, read 2 STARTING, then RUNNING and it stays", async () => {
    server = await start();
    const { created, reads } = await polled(server, 5);
    expect(created).toBe("PROVISIONING");
    expect(reads).toEqual(["PROVISIONING", "STARTING", "RUNNING", "RUNNING", "RUNNING"]);
  });

  it("podStartupReads sets the schedule; 0 is running at the first read; a list read counts as a read", async () => {
    server = await start({ podStartupReads: 0 });
    expect((await polled(server, 2)).reads).toEqual(["RUNNING", "RUNNING"]);
    await stop(server);
    server = await start({ podStartupReads: 3 });
    const { reads, id } = await polled(server, 2);
    expect(reads).toEqual(["PROVISIONING", "STARTING"]);
    const listed = (await call(server, "GET", "/v2/pods")).body as { pods: { id: string; status: string }[] };
    expect(listed.pods.find((listedPod) => listedPod.id === id)?.status).toBe("STARTING");
    expect(await statusOf(server, id)).toBe("RUNNING");
  });

  it("stop → EXITED, start → RUNNING, immediately and under the published document too; reset starts the schedule again", async () => {
    server = await start({ spec: PUBLISHED });
    const { id } = await polled(server, 0);
    const stopped = await call(server, "POST", `/v2/pods/${id}/action`, { action: "stop" });
    expect((stopped.body as { status: string }).status).toBe("EXITED");
    expect(await statusOf(server, id)).toBe("EXITED");
    expect(await statusOf(server, id)).toBe("EXITED");
    await call(server, "POST", `/v2/pods/${id}/action`, { action: "start" });
    expect(await statusOf(server, id)).toBe("RUNNING");
    server.reset();
    expect((await polled(server, 3)).reads).toEqual(["PROVISIONING", "STARTING", "RUNNING"]);
  });

  it("a pod's actions follow its status, and an action the status does not accept is 409 and changes nothing, under both documents", async () => {
    for (const options of [{}, { spec: PUBLISHED }]) {
      server = await start(options);
      const created = await call(server, "POST", "/v2/pods", pod);
      const { id } = created.body as { id: string };
      const actionsOf = async () => ((await call(server as V2kitServer, "GET", `/v2/pods/${id}`)).body as { status: string; actions: string[] }).actions;
      const act = (action: string) => call(server as V2kitServer, "POST", `/v2/pods/${id}/action`, { action });
      expect(created.body).toMatchObject({ status: "PROVISIONING", actions: ["stop", "terminate"] });
      // A starting pod cannot be started or restarted: a client that sends start right after create gets the live answer.
      const early = await act("start");
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ status: 409, title: "Conflict" });
      expect((early.body as { detail: string }).detail).toBe('action "start" is not valid for a pod in status PROVISIONING: it accepts `stop`, `terminate`');
      expect(await statusOf(server, id)).toBe("PROVISIONING");
      await statusOf(server, id);
      expect(await actionsOf()).toEqual(["stop", "restart", "terminate"]);
      expect((await act("start")).status).toBe(409);
      expect((await act("restart")).status).toBe(200);
      const stopped = await act("stop");
      expect(stopped.body).toMatchObject({ status: "EXITED", actions: ["start", "terminate"] });
      expect((await act("stop")).status).toBe(409);
      expect((await act("restart")).status).toBe(409);
      expect(await statusOf(server, id)).toBe("EXITED");
      expect((await act("start")).body).toMatchObject({ status: "RUNNING", actions: ["stop", "restart", "terminate"] });
      expect((await act("terminate")).status).toBe(204);
      await stop(server);
      server = undefined;
    }
  });

  it("ssh: no proxy before a machine, the direct connection only while RUNNING with 22/tcp published; unroutable simulated hosts; both documents", async () => {
    for (const options of [{}, { spec: PUBLISHED }]) {
      server = await start(options);
      const running = server;
      const sshOf = async (id: string) => {
        const answer = await call(running, "GET", `/v2/pods/${id}`);
        expect(answer.status).toBe(200);
        return (answer.body as { ssh: { proxy: { host: string; port: number; username: string; command: string } | null; direct: unknown } }).ssh;
      };
      const created = await call(server, "POST", "/v2/pods", { ...pod, ports: ["8888/http", "22/tcp"] });
      const { id } = created.body as { id: string };
      expect(created.body).toMatchObject({ ssh: { proxy: null, direct: null } });
      expect(await sshOf(id)).toEqual({ proxy: null, direct: null });
      const starting = await sshOf(id);
      expect(starting.proxy).toEqual({ host: "ssh.v2kit.invalid", port: 22, username: `${id}-v2kit`, command: `ssh ${id}-v2kit@ssh.v2kit.invalid` });
      expect(starting.direct).toBeNull();
      const up = await sshOf(id);
      expect(up.direct).toMatchObject({ host: "192.0.2.1", username: "root" });
      const { port, command } = up.direct as { port: number; command: string };
      expect(command).toBe(`ssh root@192.0.2.1 -p ${port}`);
      expect((await sshOf(id)).direct).toEqual(up.direct);
      await call(server, "POST", `/v2/pods/${id}/action`, { action: "stop" });
      expect(await sshOf(id)).toEqual({ proxy: starting.proxy, direct: null });
      // Without 22/tcp in its ports a running pod has the proxy only.
      const plain = (await call(server, "POST", "/v2/pods", pod)).body as { id: string };
      for (let i = 0; i < 3; i++) await sshOf(plain.id);
      expect(await sshOf(plain.id)).toMatchObject({ proxy: { host: "ssh.v2kit.invalid" }, direct: null });
      await stop(server);
      server = undefined;
    }
  });

  it("a negative or fractional podStartupReads is refused with its name", async () => {
    await expect(start({ podStartupReads: -1 })).rejects.toThrow(/podStartupReads must be a whole number/);
    await expect(start({ podStartupReads: 1.5 })).rejects.toThrow(/podStartupReads must be a whole number/);
    await expect(start({ podStartupReads: -1 })).rejects.toMatchObject({ name: "ServeError", code: "invalid-option" });
  });
});

describe("415 for a media type the operation does not declare (issue 41, item 5)", () => {
  it("fetch with a JSON string body and no Content-Type (text/plain;charset=UTF-8) is 415 with a problem body, and nothing is created", async () => {
    server = await start();
    const response = await fetch(`${server.url()}/v2/pods`, { method: "POST", headers: { authorization: "Bearer k" }, body: JSON.stringify(pod) });
    expect(response.status).toBe(415);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = (await response.json()) as { status: number; title: string; detail: string };
    expect(body).toMatchObject({ status: 415, title: "Unsupported Media Type" });
    expect(body.detail).toContain("not text/plain");
    expect(body.detail).toContain("application/json");
    expect(((await call(server, "GET", "/v2/pods")).body as { pods: unknown[] }).pods).toEqual([]);
  });

  it("a body without Content-Type, and a PATCH in another type (with Accept-Patch), are 415; JSON with a charset is taken", async () => {
    server = await start();
    const url = `${server.url()}/v2/pods`;
    const bare = await fetch(url, { method: "POST", headers: { authorization: "Bearer k" }, body: new Uint8Array(Buffer.from(JSON.stringify(pod))) });
    expect(bare.status).toBe(415);
    expect(((await bare.json()) as { detail: string }).detail).toContain("no Content-Type");
    const ok = await fetch(url, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "Application/JSON; charset=utf-8" },
      body: JSON.stringify(pod),
    });
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: string };
    const patch = await fetch(`${url}/${id}`, {
      method: "PATCH",
      headers: { authorization: "Bearer k", "content-type": "application/x-www-form-urlencoded" },
      body: "name=q",
    });
    expect(patch.status).toBe(415);
    expect(patch.headers.get("accept-patch")).toBe("application/json");
  });
});
