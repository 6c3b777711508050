// v2kit serve: a local, stateful contract server that answers like the service (serve/).

import { parseArgs } from "node:util";
import { contextFrom } from "../../lint/context-files.js";
import { printable } from "../../lint/printable.js";
import { InputError } from "../../input/read-input.js";
import { CliError, type Command, contextReading, usageError } from "../command.js";

const HELP = `Usage: v2kit serve [--port N] [--host HOST] [--api-key KEY] [--spec FILE] [--rules FILE]
                   [--graphql FILE] [--catalog FILE]... [--templates FILE]... [--state FILE]
                   [--seed N] [--latency MS] [--rate-limit N/WINDOW]... [--max-body-bytes N]
                   [--cors ORIGIN]... [--allow-unknown-query] [--pod-startup-reads N]

Answer the v2 REST routes of the document in use as the service would: the same verdicts and
problem bodies as 'v2kit lint', resources kept in memory (and in --state), responses checked
against the document's response schemas. Prints 'listening on http://HOST:PORT' once ready,
then where load-balancing endpoints answer (http://HOST:PORT/lb/<endpoint id>, simulated).
With --spec, a GET the server keeps no state for (billing, workers, logs) answers a synthetic
body from the document's examples or schema, marked by a V2kit-Synthetic header.

  --port N              port to listen on; 0 picks a free one (default 8787)
                          v2kit serve --port 0
  --host HOST           address to bind (default 127.0.0.1, loopback only)
                          v2kit serve --port 0 --host localhost
  --api-key KEY         accept only this Bearer key (default: any non-empty key;
                          also V2KIT_SERVE_API_KEY)
                          v2kit serve --port 0 --api-key test-key
  --spec FILE           another OpenAPI document (default: the bundled schema)
                          v2kit serve --port 0 --spec openapi.json
  --rules FILE          another rules file (default: the bundled rules)
                          v2kit serve --port 0 --rules my.rules.yaml
  --graphql FILE        GraphQL operations (the format of schema/graphql.yaml) instead of the
                        bundled ones, which stay available with --spec otherwise
                          v2kit serve --port 0 --spec openapi.json --graphql my-graphql.yaml
  --catalog FILE        saved {"gpus": [...]}, {"cpus": [...]} or {"dataCenters": [...]} response;
                        repeatable
                          v2kit serve --port 0 --catalog gpus.json --catalog cpus.json
  --templates FILE      saved {"templates": [...]}: the caller's own templates at start
                          v2kit serve --port 0 --templates templates.json
  --state FILE          start from this JSON snapshot if it exists; journal every change beside
                        it (FILE.journal), flushed before the answer, folded into FILE on stop;
                        one server per FILE (FILE.lock: a second one is exit 2)
                          v2kit serve --port 0 --state .v2kit-serve.json
  --seed N              repeatable ids
                          v2kit serve --port 0 --seed 42
  --latency MS          wait this long before every response
                          v2kit serve --port 0 --latency 150
  --rate-limit N/WINDOW per-key quota, WINDOW: second, minute, hour, day or <seconds>s;
                        repeatable; adds RateLimit headers and 429 with Retry-After
                          v2kit serve --port 0 --rate-limit 60/minute --rate-limit 1000/hour
  --max-body-bytes N    larger request bodies get 413 (default 1048576)
                          v2kit serve --port 0 --max-body-bytes 65536
  --cors ORIGIN         let a browser app on ORIGIN call the server (* for any); repeatable:
                        preflight OPTIONS answered without a key, Access-Control-* headers added
                          v2kit serve --port 0 --cors http://localhost:5173
  --allow-unknown-query answer a query parameter the operation does not take as if it were
                        absent, with a warning on stderr (default: 400, a problem naming it)
                          v2kit serve --port 0 --allow-unknown-query
  --pod-startup-reads N reads of a new pod that find it starting (the first PROVISIONING, the
                        others STARTING) before one finds it RUNNING; a simulation counted in
                        reads, not time, so answers repeat (default 2; 0: running at first read)
                          v2kit serve --port 0 --pod-startup-reads 0

A request body whose Content-Type the document does not declare for the operation gets 415 with
a problem body (fetch with a string body and no headers sends text/plain).
`;

const OPTIONS = {
  port: { type: "string", default: "8787" },
  host: { type: "string", default: "127.0.0.1" },
  "api-key": { type: "string" },
  spec: { type: "string" },
  rules: { type: "string" },
  graphql: { type: "string" },
  cors: { type: "string", multiple: true },
  catalog: { type: "string", multiple: true },
  templates: { type: "string", multiple: true },
  state: { type: "string" },
  seed: { type: "string" },
  latency: { type: "string" },
  "rate-limit": { type: "string", multiple: true },
  "max-body-bytes": { type: "string" },
  "allow-unknown-query": { type: "boolean", default: false },
  "pod-startup-reads": { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`serve: ${flag} takes a whole number from ${min} to ${max}, not ${JSON.stringify(text)}\nRun 'v2kit serve --help' for usage.`);
  }
  return value;
}

async function run(args: string[]): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>["values"];
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError("serve", error, OPTIONS);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const { parseRateLimit, RateLimitSyntaxError } = await import("../../serve/rate-limit.js");
  let rateLimits;
  try {
    rateLimits = (values["rate-limit"] ?? []).map(parseRateLimit);
  } catch (error) {
    if (error instanceof RateLimitSyntaxError) throw new CliError(`serve: ${error.message}`);
    throw error;
  }
  const port = integer("--port", values.port, 0, 65535) as number;
  const seed = integer("--seed", values.seed, 0, 2 ** 32 - 1);
  const latencyMs = integer("--latency", values.latency, 0, 600_000);
  const maxBodyBytes = integer("--max-body-bytes", values["max-body-bytes"], 1, 2 ** 31);
  const podStartupReads = integer("--pod-startup-reads", values["pod-startup-reads"], 0, 1_000_000);
  const apiKey = values["api-key"] ?? process.env.V2KIT_SERVE_API_KEY;
  const context = await contextFrom({ catalog: values.catalog, templates: values.templates }, { ...contextReading("serve"), dataCenters: true });
  const { createServer } = await import("../../serve/index.js");
  const { SnapshotError } = await import("../../serve/store.js");
  const { StateLockedError } = await import("../../serve/state-lock.js");
  let server;
  try {
    server = await createServer({
      ...(values.spec ? { spec: values.spec } : {}),
      ...(values.rules ? { rules: values.rules } : {}),
      ...(values.graphql ? { graphql: values.graphql } : {}),
      ...(values.cors ? { cors: values.cors } : {}),
      ...(context.catalog || context.dataCenters
        ? { catalog: { ...context.catalog, ...(context.dataCenters ? { dataCenters: context.dataCenters } : {}) } }
        : {}),
      ...(context.templates ? { templates: context.templates } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(values.state ? { stateFile: values.state } : {}),
      ...(seed === undefined ? {} : { seed }),
      ...(latencyMs === undefined ? {} : { latencyMs }),
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
      ...(podStartupReads === undefined ? {} : { podStartupReads }),
      ...(values["allow-unknown-query"] ? { allowUnknownQuery: true } : {}),
      onWarning: (message) => process.stderr.write(`v2kit serve: warning: ${printable(message)}\n`),
      rateLimits,
    });
  } catch (error) {
    // A FIFO, a device or an oversized file as --spec, --rules, --graphql or --state (exit 2, as for lint).
    if (error instanceof InputError) throw new CliError(`serve: ${error.message}`, 2);
    if (error instanceof StateLockedError) throw new CliError(`serve: ${error.message}`, 2);
    if (error instanceof SnapshotError) throw new CliError(`serve: ${error.message}`, 1);
    const { SpecError } = await import("../../schema-model/errors.js");
    if (error instanceof SpecError) throw new CliError(error.message, 1);
    throw error;
  }
  const listening = server;
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(port, values.host, () => resolve());
  }).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`serve: cannot listen on ${values.host}:${port}: ${error.code ?? error.message}`);
  });
  // Stop handlers first: a caller may signal as soon as it reads the address.
  const stopped = new Promise<number>((resolve) => {
    const stop = () => {
      listening.close(() => resolve(0));
      listening.closeAllConnections();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  // Said once, before the address: operations whose success bodies the document makes impossible.
  for (const { operation, pointers } of listening.underivable()) {
    process.stderr.write(
      `v2kit serve: warning: ${operation} answers 500 when its response needs ${pointers.join(", ")}: the document requires them, no request sets them, and nothing derives them\n`,
    );
  }
  process.stdout.write(`listening on ${listening.url()}\n`);
  // Where load-balancing endpoints answer: a path on this address, not the spec's `<id>.<host>`, which no client here resolves.
  process.stdout.write(`load-balancing endpoints at ${listening.url()}/lb/<endpoint id> (simulated: no workers run; docs/serve.md)\n`);
  return stopped;
}

export const command: Command = { name: "serve", run };
