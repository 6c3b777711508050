// `v2kit serve` under load: requests per second for a valid and an invalid createEndpoint, beside
// a bare node:http server answering a constant (the floor), each server in its own process and
// the load from this one (keep-alive connections, a fixed number in flight, a fixed duration).
// Then what it costs a program to load `v2kit/serve`, beside loading the package entry `v2kit`.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { Agent, request } from "node:http";
import { type BenchConfig, cli, fromRoot, log } from "./context.js";
import type { Figure, Row, Section } from "./figures.js";
import { interleaved, median, ratio, round as roundTo, runNode } from "./stats.js";

const IN_FLIGHT = 16;

async function startServer(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.on("close", (code) => reject(new Error(`server exited ${code}`)));
  });
  return { child, url };
}

/** Requests per second of POST `path` with `body`, over `seconds`; every answer must be `status`. */
async function load(url: string, path: string, body: string, status: number, seconds: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const target = new URL(path, url);
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let wrong = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        target,
        { method: "POST", agent, headers: { authorization: "Bearer bench", "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          if (res.statusCode !== status) wrong++;
          res.resume();
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < deadline) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  if (wrong > 0) throw new Error(`${wrong} of ${done} answers to ${path} were not ${status}`);
  return done / ((Date.now() - started) / 1000);
}

/** A `serve --state` file holding `count` network volumes. */
function stateWith(count: number): string {
  const file = joinPath(mkdtempSync(joinPath(tmpdir(), "v2kit-bench-state-")), "state.json");
  const volumes = Array.from({ length: count }, (_, index) => ({
    id: `seeded${String(index).padStart(8, "0")}`,
    name: `v${index}`,
    size: 10,
    dataCenter: "EU-RO-1",
  }));
  writeFileSync(file, JSON.stringify({ version: 1, issued: count, collections: { "/v2/network-volumes": volumes } }));
  return file;
}

/** The median time of one create (one request at a time, the first ten discarded) on a `serve --state` holding `count` resources. */
async function createWithState(count: number, creates: number): Promise<number> {
  const server = await startServer([cli(), "serve", "--port", "0", "--seed", "1", "--state", stateWith(count)]);
  try {
    const times: number[] = [];
    for (let index = 0; index < creates + 10; index++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v2/network-volumes`, {
        method: "POST",
        headers: { authorization: "Bearer bench", "content-type": "application/json" },
        body: JSON.stringify({ name: `n${index}`, size: 10, dataCenter: "EU-RO-1" }),
      });
      if (response.status !== 201) throw new Error(`bench: POST /v2/network-volumes with --state answered ${response.status}`);
      await response.arrayBuffer();
      if (index >= 10) times.push(performance.now() - started);
    }
    return median(times);
  } finally {
    server.child.kill("SIGTERM");
  }
}

/** What a change costs `serve --state` with 20k resources stored, beside 2k: a journal append, not a whole-snapshot rewrite. */
async function stateScaling(config: BenchConfig): Promise<{ figure: Figure; rows: Row[] }> {
  const creates = config.quick ? 30 : 100;
  log(`serve: --state create at 2k and 20k resources, ${creates} creates each`);
  const small = await createWithState(2_000, creates);
  const large = await createWithState(20_000, creates);
  return {
    figure: {
      key: "serve_state_create_20k_vs_2k",
      label: "serve --state: one create at 20k stored resources ÷ at 2k (median)",
      value: ratio(large, small),
      unit: "×",
      target: { op: "<=", value: 3 },
      baseline: `one create ${roundTo(small, 2)} ms at 2k stored resources, ${roundTo(large, 2)} ms at 20k`,
    },
    rows: [
      { "stored resources": 2_000, "median ms per create": roundTo(small, 2) },
      { "stored resources": 20_000, "median ms per create": roundTo(large, 2) },
    ],
  };
}

/** Programs run as `node --input-type=module -e` in the package root, importing the package by its name as a consumer does. */
const IMPORTS = {
  lint: 'await import("v2kit");',
  serve: 'await import("v2kit/serve");',
  ready: `const server = await (await import("v2kit/serve")).createServer({ seed: 1 });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const answer = await fetch(server.url() + "/v2/openapi.json", { headers: { authorization: "Bearer bench" } });
if (answer.status !== 200) throw new Error("GET /v2/openapi.json: " + answer.status);
server.close();`,
};

/** Wall time of fresh processes importing `v2kit/serve` (and serving), beside ones importing `v2kit`, interleaved. */
async function importCost(config: BenchConfig): Promise<{ figure: Figure; rows: Row[] }> {
  log(`serve: import cost, ${config.coldRuns} runs each`);
  const timed = (code: string) => async () => {
    const run = await runNode("-e", [code], { cwd: fromRoot(), nodeFlags: ["--input-type=module"] });
    if (run.code !== 0) throw new Error(`bench: node -e ${JSON.stringify(code)} exited ${run.code}: ${run.stderr}`);
    return run.ms;
  };
  const samples = await interleaved({ node: timed("0"), lint: timed(IMPORTS.lint), serve: timed(IMPORTS.serve), ready: timed(IMPORTS.ready) }, config.coldRuns);
  const ms = { node: median(samples.node), lint: median(samples.lint), serve: median(samples.serve), ready: median(samples.ready) };
  const row = (program: string, key: keyof typeof ms) => ({ program, "median ms": roundTo(ms[key], 1), "÷ import v2kit": ratio(ms[key], ms.lint) });
  return {
    figure: {
      key: "serve_import_vs_lint_import",
      label: '`import "v2kit/serve"` ÷ `import "v2kit"` (whole process)',
      value: ratio(ms.serve, ms.lint),
      unit: "×",
      target: { op: "<=", value: 1 },
      baseline: `import "v2kit" ${roundTo(ms.lint, 1)} ms, import "v2kit/serve" ${roundTo(ms.serve, 1)} ms, and a server on the bundled schema answering one request ${roundTo(ms.ready, 1)} ms (node -e 0 ${roundTo(ms.node, 1)} ms)`,
    },
    rows: [
      row("node -e 0", "node"),
      row('import "v2kit"', "lint"),
      row('import "v2kit/serve"', "serve"),
      row('import "v2kit/serve", createServer(), one GET /v2/openapi.json', "ready"),
    ],
  };
}

export async function serve(config: BenchConfig): Promise<Section> {
  const seconds = config.quick ? 2 : 5;
  const valid = readFileSync(fromRoot("examples", "create-endpoint-gpu.json"), "utf8");
  const invalid = readFileSync(fromRoot("examples", "create-endpoint-invalid.json"), "utf8");
  const floor = await startServer([fromRoot("dist", "bench", "http-floor.js")]);
  const server = await startServer([cli(), "serve", "--port", "0", "--seed", "1"]);
  try {
    log("serve: floor");
    const floorRps = await load(floor.url, "/v2/serverless", valid, 201, seconds);
    log("serve: valid create");
    const validRps = await load(server.url, "/v2/serverless", valid, 201, seconds);
    log("serve: invalid create");
    const invalidRps = await load(server.url, "/v2/serverless", invalid, 422, seconds);
    const imports = await importCost(config);
    const state = await stateScaling(config);
    const round = (value: number) => Math.round(value);
    return {
      title: "Serve",
      method: `Each server runs in its own process on loopback; this process keeps ${IN_FLIGHT} keep-alive requests in flight for ${seconds} s per row and counts completed requests. The floor is a bare node:http server that reads the body and answers a constant JSON; v2kit serve reads the body, runs the engine (schema, stages, rules), stores the resource and checks the response against the document before sending it. Invalid bodies get the engine's problem body (422). Loading: fresh processes (${config.coldRuns} of each, interleaved ABBA, median wall time) run \`node --input-type=module -e\` in the package root and import the package by its name, as a consumer does (package.json exports, dist/); the last one also starts a server on the bundled schema and answers one request. State: a \`serve --state\` server is started on a state file seeded with 2,000 and then 20,000 network volumes; creates are sent one at a time, the first ten discarded, and the median of the rest compared (a change appends to the journal, so it should cost about the same; it was a whole-snapshot rewrite, 2.8 ms at 2k and 35 ms at 20k).`,
      rows: [
        { server: "node:http constant (floor)", body: "examples/create-endpoint-gpu.json", "requests/s": round(floorRps) },
        { server: "v2kit serve", body: "valid createEndpoint (201)", "requests/s": round(validRps) },
        { server: "v2kit serve", body: "invalid createEndpoint (422)", "requests/s": round(invalidRps) },
      ],
      figures: [
        {
          key: "serve_create_valid_vs_floor",
          label: "serve: valid create ÷ floor (requests/s)",
          value: Number((validRps / floorRps).toFixed(2)),
          unit: "×",
          baseline: `floor ${round(floorRps)} requests/s`,
        },
        {
          key: "serve_create_invalid_vs_floor",
          label: "serve: invalid create ÷ floor (requests/s)",
          value: Number((invalidRps / floorRps).toFixed(2)),
          unit: "×",
          baseline: `floor ${round(floorRps)} requests/s`,
        },
        imports.figure,
        state.figure,
      ],
      tables: [
        { title: "Loading `v2kit/serve` beside `v2kit` (whole process, median wall time)", rows: imports.rows },
        { title: "`serve --state`: one create, one request at a time, by resources stored", rows: state.rows },
      ],
      profiles: [],
    };
  } finally {
    floor.child.kill("SIGTERM");
    server.child.kill("SIGTERM");
  }
}
