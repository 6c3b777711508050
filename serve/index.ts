// `import { createServer } from "v2kit/serve"`: a local, stateful contract server for tests.

export { createServer, type V2kitServer } from "./server.js";
export type { ServeOptions } from "./options.js";
export { parseRateLimit, type WindowLimit } from "./rate-limit.js";
export { readSnapshot, type Snapshot } from "./store.js";
