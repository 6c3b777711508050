// v2kit context pull: save the catalog and template responses for offline use with
// `lint --catalog` / `--templates`, so that CI can pin a snapshot of the service.

import { parseArgs } from "node:util";
import { liveOptionsFrom, liveParseOptions, pullContext } from "../../live/index.js";
import { CliError, type Command, usageError } from "../command.js";

const USAGE = `Usage: v2kit context pull --out DIR [--base-url URL] [--api-key-file FILE]
                          [--no-cache] [--cache-ttl SECONDS] [--timeout-ms MS]
                          [--max-response-bytes N] [--allow-insecure-http] [--verbose]

Fetch GET /v2/catalog/gpus, /v2/catalog/cpus, /v2/templates and /v2/catalog/templates and write
DIR/gpus.json, DIR/cpus.json and DIR/templates.json (own and public templates in one
{"templates": [...]}), ready for lint --catalog and --templates.
The API key is read from V2KIT_API_KEY, or from --api-key-file; it is never printed or cached,
and never sent over plain http except to loopback. The files are written 0600.
Exit status: 0 written, 2 usage, network or API error.

Options:
  --out DIR             directory to write (created if missing; files in it are replaced)
                          V2KIT_API_KEY=... v2kit context pull --out ci/context
  --base-url URL        service root (default $V2KIT_BASE_URL, else the bundled document's server, https://api.runpod.io)
                          v2kit context pull --out ci/context --base-url http://127.0.0.1:8787
  --api-key-file FILE   read the API key from FILE instead of V2KIT_API_KEY
                          v2kit context pull --out ci/context --api-key-file ~/.config/v2kit/key
  --no-cache            ask the service even when a cached response is fresh
                          v2kit context pull --out ci/context --no-cache
  --cache-ttl SECONDS   reuse cached responses younger than this (default 300; 0 disables reuse)
                          v2kit context pull --out ci/context --cache-ttl 60
  --timeout-ms MS       give up on a request after MS milliseconds, body included (default 15000)
                          v2kit context pull --out ci/context --timeout-ms 30000
  --max-response-bytes N  refuse a response body larger than N bytes (default 33554432, 32 MiB)
                          v2kit context pull --out ci/context --max-response-bytes 67108864
  --allow-insecure-http allow a plain http --base-url that is not loopback (the key is sent in clear)
                          v2kit context pull --out ci/context --base-url http://10.0.0.5:8080 --allow-insecure-http
  --verbose             show requests, cache use and the remaining rate-limit quota on stderr
                          v2kit context pull --out ci/context --verbose
  -h, --help            show this help

Then:
  v2kit lint --operation createEndpoint --catalog ci/context/gpus.json \\
    --catalog ci/context/cpus.json --templates ci/context/templates.json body.json
`;

const { live: _live, "current-id": _currentId, ...flags } = liveParseOptions;
const OPTIONS = { ...flags, out: { type: "string" }, help: { type: "boolean", short: "h" } } as const;

export const command: Command = { name: "context", run };

async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    process.stdout.write(USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== "pull") {
    throw new CliError(`context: unknown subcommand ${JSON.stringify(sub)}; the one subcommand is pull\nRun 'v2kit context --help' for usage.`);
  }
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>["values"];
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw usageError("context", error, OPTIONS);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (values.out === undefined || values.out === "") throw new CliError("context pull: --out DIR is required\nRun 'v2kit context --help' for usage.");
  const written = await pullContext(values.out, liveOptionsFrom(values, process.env));
  for (const file of written) process.stdout.write(`wrote ${file}\n`);
  return 0;
}
