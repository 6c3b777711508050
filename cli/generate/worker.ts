// The second thread of the bundled pipeline (generators/emit/types-in-parallel.ts), bundled by
// scripts/bundle-cli.mjs as dist/cli/generate-worker.cjs: it runs the same pipeline bundle as the
// main thread, through the same code cache (cli/code-cache.ts), and answers its requests.

import { fileURLToPath } from "node:url";
import { parentPort } from "node:worker_threads";
import { requireBundle } from "../code-cache.js";

const pipeline = requireBundle(fileURLToPath(new URL("./generate-pipeline.cjs", import.meta.url))) as typeof import("../../generators/pipeline-entry.js");
if (parentPort) pipeline.serveTypesRequests(parentPort);
