// Per-key rate limiting as the service does it (spec, Limits): quotas kept per window, the
// `RateLimit` and `RateLimit-Policy` headers (RFC 8941 lists, the syntax `--live` parses) on
// every authenticated response, and 429 with `Retry-After` once a window is used up.

import { serializeList } from "structured-headers";
import { ServeError } from "./errors.js";

export interface WindowLimit {
  /** Window name as it appears in the headers: "minute", "hour", "day", or "<n>s". */
  name: string;
  quota: number;
  seconds: number;
}

const NAMED: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };

/** A rate limit that is not `N/WINDOW` (`60/minute`, `5/10s`). */
export class RateLimitSyntaxError extends ServeError {
  static override readonly errorName: string = "RateLimitSyntaxError";
  declare readonly code: "invalid-rate-limit";

  constructor(message: string) {
    super("invalid-rate-limit", message);
  }
}

/** `60/minute`, `1000/hour`, `5/10s`: a quota and a window. */
export function parseRateLimit(text: string): WindowLimit {
  const match = /^\s*(\d+)\s*\/\s*(?:(second|minute|hour|day)|(\d+)s)\s*$/.exec(text);
  const quota = Number(match?.[1]);
  const seconds = match?.[2] ? (NAMED[match[2]] as number) : Number(match?.[3]);
  if (!match || !Number.isSafeInteger(quota) || quota < 1 || !Number.isSafeInteger(seconds) || seconds < 1) {
    throw new RateLimitSyntaxError(
      `--rate-limit ${JSON.stringify(text)}: expected N/WINDOW with N ≥ 1 and WINDOW one of second, minute, hour, day or <seconds>s (e.g. 60/minute, 5/10s)`,
    );
  }
  return { name: match[2] ?? `${seconds}s`, quota, seconds };
}

interface Usage {
  used: number;
  resetAt: number;
}

export interface RateDecision {
  headers: Record<string, string>;
  /** Set when a window is used up: the window's name and the seconds to wait. */
  exceeded?: { window: string; retryAfter: number };
}

export class RateLimiter {
  private usage = new Map<string, Usage[]>();

  constructor(
    private readonly windows: readonly WindowLimit[],
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.windows.length > 0;
  }

  reset(): void {
    this.usage.clear();
  }

  /** Count one request of `key` and say whether it may proceed. */
  take(key: string): RateDecision {
    if (!this.enabled) return { headers: {} };
    const now = this.now();
    let usage = this.usage.get(key);
    if (!usage) {
      usage = this.windows.map((window) => ({ used: 0, resetAt: now + window.seconds * 1000 }));
      this.usage.set(key, usage);
    }
    for (const [i, window] of this.windows.entries()) {
      const windowUsage = usage[i] as Usage;
      if (now >= windowUsage.resetAt) {
        windowUsage.used = 0;
        windowUsage.resetAt = now + window.seconds * 1000;
      }
    }
    const full = this.windows.findIndex((_, i) => (usage[i] as Usage).used >= this.windows[i]!.quota);
    if (full === -1) for (const windowUsage of usage) windowUsage.used++;
    const secondsLeft = (windowUsage: Usage) => Math.max(0, Math.ceil((windowUsage.resetAt - now) / 1000));
    const headers = {
      RateLimit: serializeList(
        this.windows.map((window, i) => [
          window.name,
          new Map([
            ["r", window.quota - (usage[i] as Usage).used],
            ["t", secondsLeft(usage[i] as Usage)],
          ]),
        ]),
      ),
      "RateLimit-Policy": serializeList(
        this.windows.map((window) => [
          window.name,
          new Map([
            ["q", window.quota],
            ["w", window.seconds],
          ]),
        ]),
      ),
    };
    if (full === -1) return { headers };
    const window = this.windows[full] as WindowLimit;
    return { headers, exceeded: { window: window.name, retryAfter: Math.max(1, secondsLeft(usage[full] as Usage)) } };
  }
}
