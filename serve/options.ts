// Options of `v2kit serve` and `createServer()`.

import type { CpuRecord, GpuRecord, TemplateRecord } from "../engine/types.js";
import type { WindowLimit } from "./rate-limit.js";

export interface ServeOptions {
  /** Another OpenAPI document (compiled at start); default the bundled schema. */
  spec?: string;
  /** Another rules file; default the bundled rules. */
  rules?: string;
  /** GraphQL operations file (schema/graphql.yaml's format); default the bundled one, with or without `spec`. */
  graphql?: string;
  /**
   * Origins allowed to call from a browser (`*` for any): preflight `OPTIONS` is answered without a
   * key, and responses carry `Access-Control-Allow-Origin` and the headers a client may read. None:
   * no CORS headers, as without the option.
   */
  cors?: string[];
  /** GPU, CPU and data-center catalog records; a collection left out is the bundled snapshot. */
  catalog?: { gpus?: GpuRecord[]; cpus?: CpuRecord[]; dataCenters?: Record<string, unknown>[] };
  /** Templates the caller owns at start (listed by `GET /v2/templates`, used by template rules). */
  templates?: TemplateRecord[];
  /** The one API key accepted; without it any non-empty key is. */
  apiKey?: string;
  /** A JSON snapshot to start from (when it exists); every change is journaled beside it (journal.ts). */
  stateFile?: string;
  /** Makes ids repeatable run to run. */
  seed?: number;
  /** Delay before every response, in milliseconds. */
  latencyMs?: number;
  /** Per-key quotas; none: no limit and no RateLimit headers (a rate-limit-exempt caller). */
  rateLimits?: WindowLimit[];
  /** Larger request bodies get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** A request not received completely within this time is dropped (408). Default 30 s. */
  requestTimeoutMs?: number;
  /** `{request_base}` of endpoints' `requestUrls`; default the server's own origin. */
  requestBase?: string;
  /**
   * Reads of a new pod that find it still starting (the first `PROVISIONING`, the others
   * `STARTING`) before one finds it `RUNNING`: a simulation counted in reads, so answers repeat run
   * to run (pod-lifecycle.ts). Default 2; 0: the first read finds it running.
   */
  podStartupReads?: number;
  /** The clock for `createdAt`; default the system clock. */
  now?: () => Date;
  /**
   * Answer a request whose query names a parameter its operation does not take as if it were
   * absent (each reported to `onWarning`), instead of 400 with a problem body naming it.
   */
  allowUnknownQuery?: boolean;
  /** Told what was let through under a lenient option (`allowUnknownQuery`); `v2kit serve` prints it on stderr. */
  onWarning?: (message: string) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
