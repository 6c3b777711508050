// `v2kit serve` under load: requests per second for a valid and an invalid createEndpoint, beside
// a bare node:http server answering a constant (the floor), each server in its own process and
// the load from this one (keep-alive connections, a fixed number in flight, a fixed duration).
// Then what it costs a program to load `v2kit/serve`, beside loading the package entry `v2kit`.

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
    const round = (value: number) => Math.round(value);
    return {
      title: "Serve",
      method: `Each server runs in its own process on loopback; this process keeps ${IN_FLIGHT} keep-alive requests in flight for ${seconds} s per row and counts completed requests. The floor is a bare node:http server that reads the body and answers a constant JSON; v2kit serve reads the body, runs the engine (schema, stages, rules), stores the resource and checks the response against the document before sending it. Invalid bodies get the engine's problem body (422). Loading: fresh processes (${config.coldRuns} of each, interleaved ABBA, median wall time) run \`node --input-type=module -e\` in the package root and import the package by its name, as a consumer does (package.json exports, dist/); the last one also starts a server on the bundled schema and answers one request.`,
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
      ],
      tables: [{ title: "Loading `v2kit/serve` beside `v2kit` (whole process, median wall time)", rows: imports.rows }],
      profiles: [],
    };
  } finally {
    floor.child.kill("SIGTERM");
    server.child.kill("SIGTERM");
  }
}
