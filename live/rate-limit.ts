// RateLimit and RateLimit-Policy response headers (spec: Limits, rate limiting), parsed as
// RFC 8941 structured-field lists: `"minute";r=49;t=30, "hour";r=990;t=1800` and
// `"minute";q=60;w=60, "hour";q=1000;w=3600`. A header that does not parse is ignored: the quota
// display is informational and must never fail a request.

import { type BareItem, type List, Token, parseList } from "structured-headers";

export interface RateLimitWindow {
  /** Window name: "minute", "hour", "day". */
  window: string;
  /** `r`: requests left in the window. */
  remaining: number | null;
  /** `t`: seconds until the window resets. */
  resetSeconds: number | null;
  /** `q`: the window's quota (from RateLimit-Policy). */
  quota: number | null;
  /** `w`: the window's length in seconds (from RateLimit-Policy). */
  windowSeconds: number | null;
}

interface Member {
  window: string;
  params: Map<string, BareItem>;
}

function members(header: string | null | undefined): Member[] {
  if (header === null || header === undefined || header.trim() === "") return [];
  let list: List;
  try {
    list = parseList(header);
  } catch {
    return [];
  }
  const out: Member[] = [];
  for (const [value, params] of list) {
    // Inner lists carry no window name; skip them rather than guess.
    if (Array.isArray(value)) continue;
    const window = typeof value === "string" ? value : value instanceof Token ? value.toString() : undefined;
    if (window === undefined || out.some((member) => member.window === window)) continue;
    out.push({ window, params });
  }
  return out;
}

/** A non-negative integer parameter, or null when missing or of another type. */
function count(params: Map<string, BareItem> | undefined, key: string): number | null {
  const value = params?.get(key);
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

export function parseRateLimit(rateLimit: string | null | undefined, policy: string | null | undefined): RateLimitWindow[] {
  const state = members(rateLimit);
  const policies = members(policy);
  const names = [
    ...state.map((member) => member.window),
    ...policies.map((member) => member.window).filter((name) => !state.some((member) => member.window === name)),
  ];
  return names.map((window) => {
    const stateParams = state.find((member) => member.window === window)?.params;
    const policyParams = policies.find((member) => member.window === window)?.params;
    return {
      window,
      remaining: count(stateParams, "r"),
      resetSeconds: count(stateParams, "t"),
      quota: count(policyParams, "q"),
      windowSeconds: count(policyParams, "w"),
    };
  });
}

/** "minute 49/60 left (resets in 30 s), hour 990/1000 left (resets in 1800 s)". */
export function formatRateLimit(windows: readonly RateLimitWindow[]): string {
  return windows
    .map((window) => {
      const left = window.remaining === null ? "?" : String(window.remaining);
      const quota = window.quota === null ? "" : `/${window.quota}`;
      const reset = window.resetSeconds === null ? "" : ` (resets in ${window.resetSeconds} s)`;
      return `${window.window} ${left}${quota} left${reset}`;
    })
    .join(", ");
}
