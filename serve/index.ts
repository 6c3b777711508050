// `import { createServer } from "v2kit/serve"`: a local, stateful contract server for tests.

export { createServer, type V2kitServer } from "./server.js";
export { ServeError, type ServeErrorCode } from "./errors.js";
export { StateLockedError } from "./state-lock.js";
export type { ServeOptions } from "./options.js";
export { parseRateLimit, RateLimitSyntaxError, type WindowLimit } from "./rate-limit.js";
export { readSnapshot, type Snapshot, SnapshotError } from "./store.js";
