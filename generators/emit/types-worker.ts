// The generator's second thread (types-in-parallel.ts) when it runs from tsc's output: its
// modules load at once, while the main thread reads and bundles the document.

import { parentPort } from "node:worker_threads";
import { serveTypesRequests } from "./types-serve.js";

if (parentPort) serveTypesRequests(parentPort);
