// A Node built-in loaded where it is first needed, synchronously, for the modules only some paths
// use (--ndjson's reader and worker threads, --jobs auto): an ES import of a built-in loads it and
// builds its module facade at start-up, which every one-file lint would pay (docs/cold-start.md).

import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

/** `require(name)` of a built-in module such as "node:os", typed by the caller. */
export const builtin = <T>(name: `node:${string}`): T => load(name) as T;
